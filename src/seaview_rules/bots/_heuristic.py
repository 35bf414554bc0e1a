"""Simple rule-of-thumb bots for the card games, baselines for the search bot."""

from __future__ import annotations

import random

from seaview_rules import ships_wheel, voyage

__all__ = ["ShipsWheelHeuristicBot", "VoyageHeuristicBot"]


class VoyageHeuristicBot:
    """Plays the card after which most of its other cards still match the top, so that
    it keeps playing the colour (or number) it holds most of; plays a drawn card that
    matches; draws, keeps or passes only when it must.

    >>> from seaview_rules import GAMES, RandomBot, play
    >>> result = play(GAMES["voyage"], voyage.Rules(players=2), random.Random(1),
    ...               [VoyageHeuristicBot(), RandomBot()])
    >>> result.outcome.winner in (0, 1)
    True
    """

    def choose(
        self, view: voyage.View, legal_moves: tuple[voyage.Move, ...], rng: random.Random
    ) -> voyage.Move:
        """The play that leaves most cards in hand matching the new top; the first
        legal move when there is no play."""
        plays = [m for m in legal_moves if isinstance(m, voyage.Play)]
        if not plays or view.hand is None:
            return legal_moves[0]
        hand = view.hand
        return max(plays, key=lambda m: sum(c != m.card and c.matches(m.card) for c in hand))


class ShipsWheelHeuristicBot:
    """Keeps its hand as close to winning as it can (`ships_wheel.distance_to_win`):
    deals the smallest hands; takes a pile's top card when that brings the hand closer
    to winning than it is, and draws from the deck otherwise; discards, and passes
    after an Anchor, the card without which the hand is closest to winning, an action
    card first among equals (a White Starfish, then a Black Starfish, then an Anchor).

    >>> from seaview_rules import GAMES, RandomBot, play
    >>> rules = ships_wheel.Rules(players=2, scoring=ships_wheel.Scoring.HANDS, target=1)
    >>> result = play(GAMES["ships_wheel"], rules, random.Random(1),
    ...               [ShipsWheelHeuristicBot(), RandomBot()])
    >>> result.outcome.winner in (0, 1)
    True
    """

    def choose(
        self,
        view: ships_wheel.View,
        legal_moves: tuple[ships_wheel.Move, ...],
        rng: random.Random,
    ) -> ships_wheel.Move:
        """The move described above."""
        hand = view.hand or ()
        first = legal_moves[0]
        if isinstance(first, ships_wheel.Size):
            return min(legal_moves, key=lambda m: m.cards if isinstance(m, ships_wheel.Size) else 0)
        if first is ships_wheel.Action.DRAW:
            best: ships_wheel.Move = first
            closest = self._distance(view, hand)
            for move in legal_moves[1:]:
                assert isinstance(move, ships_wheel.Take)
                top = view.pile_tops[move.seat]
                assert top is not None
                after = self._distance(view, self._best_without(view, (*hand, top))[1])
                if after < closest:
                    best, closest = move, after
            return best
        card, _ = self._best_without(view, hand)
        for move in legal_moves:
            if isinstance(move, (ships_wheel.Discard, ships_wheel.Pass)) and move.card == card:
                return move
        return first

    @staticmethod
    def _distance(view: ships_wheel.View, ids: tuple[int, ...]) -> int:
        cards = view.rules.table.cards
        distance = ships_wheel.distance_to_win([cards[i] for i in ids], view.rules.deck)
        return len(ids) if distance is None else distance

    def _best_without(
        self, view: ships_wheel.View, ids: tuple[int, ...]
    ) -> tuple[ships_wheel.Card, tuple[int, ...]]:
        """The card to give up from ``ids``, and the cards left."""
        cards = view.rules.table.cards
        best: tuple[tuple[int, int], ships_wheel.Card, tuple[int, ...]] | None = None
        for k, i in enumerate(ids):
            rest = ids[:k] + ids[k + 1 :]
            key = (self._distance(view, rest), _GIVE_UP_FIRST.get(cards[i].kind, 3))
            if best is None or key < best[0]:
                best = (key, cards[i], rest)
        assert best is not None
        return best[1], best[2]


_GIVE_UP_FIRST = {
    ships_wheel.Kind.WHITE_STARFISH: 0,
    ships_wheel.Kind.BLACK_STARFISH: 1,
    ships_wheel.Kind.ANCHOR: 2,
}
"""Among cards whose loss leaves the hand equally close to winning, which to give up
first: a White Starfish gives another turn, a Black Starfish skips the next seat."""
