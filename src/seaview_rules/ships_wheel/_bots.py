"""What the bots of `seaview_rules.bots` know of Ship's Wheel: a rule-of-thumb bot, how
the search bot plays a hand, and the hands of a match."""

from __future__ import annotations

import random

import attrs

from seaview_rules.search import Periods, Search
from seaview_rules.ships_wheel._model import State, View
from seaview_rules.ships_wheel._moves import Action, Discard, Move, Pass, Size, Take
from seaview_rules.ships_wheel._pieces import Card, Kind, distance_to_win

__all__ = ["PERIODS", "SEARCH", "ShipsWheelHeuristicBot"]


class ShipsWheelHeuristicBot:
    """Keeps its hand as close to winning as it can (`distance_to_win`): deals the
    smallest hands; takes a pile's top card when that brings the hand closer to winning
    than it is, and draws from the deck otherwise; discards, and passes after an
    Anchor, the card without which the hand is closest to winning, an action card first
    among equals (a White Starfish, then a Black Starfish, then an Anchor).

    >>> from seaview_rules import GAMES, RandomBot, play, ships_wheel
    >>> rules = ships_wheel.Rules(players=2, scoring=ships_wheel.Scoring.HANDS, target=1)
    >>> result = play(GAMES["ships_wheel"], rules, random.Random(1),
    ...               [ShipsWheelHeuristicBot(), RandomBot()])
    >>> result.outcome.winner in (0, 1)
    True
    """

    def choose(self, view: View, legal_moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The move described above."""
        hand = view.hand or ()
        first = legal_moves[0]
        if isinstance(first, Size):
            return min(legal_moves, key=lambda m: m.cards if isinstance(m, Size) else 0)
        if first is Action.DRAW:
            best: Move = first
            closest = self._distance(view, hand)
            for move in legal_moves[1:]:
                assert isinstance(move, Take)
                top = view.pile_tops[move.seat]
                assert top is not None
                after = self._distance(view, self._best_without(view, (*hand, top))[1])
                if after < closest:
                    best, closest = move, after
            return best
        card, _ = self._best_without(view, hand)
        for move in legal_moves:
            if isinstance(move, (Discard, Pass)) and move.card == card:
                return move
        return first

    @staticmethod
    def _distance(view: View, ids: tuple[int, ...]) -> int:
        cards = view.rules.table.cards
        distance = distance_to_win([cards[i] for i in ids], view.rules.deck)
        return len(ids) if distance is None else distance

    def _best_without(self, view: View, ids: tuple[int, ...]) -> tuple[Card, tuple[int, ...]]:
        """The card to give up from ``ids``, and the cards left."""
        cards = view.rules.table.cards
        best: tuple[tuple[int, int], Card, tuple[int, ...]] | None = None
        for k, i in enumerate(ids):
            rest = ids[:k] + ids[k + 1 :]
            key = (self._distance(view, rest), _GIVE_UP_FIRST.get(cards[i].kind, 3))
            if best is None or key < best[0]:
                best = (key, cards[i], rest)
        assert best is not None
        return best[1], best[2]


_GIVE_UP_FIRST = {Kind.WHITE_STARFISH: 0, Kind.BLACK_STARFISH: 1, Kind.ANCHOR: 2}
"""Among cards whose loss leaves the hand equally close to winning, which to give up
first: a White Starfish gives another turn, a Black Starfish skips the next seat."""


def _last_hand(state: State) -> State:
    """The same state in a match that ends with the hand in play: its winner scores at
    least a point (SW-14), so any winner reaches this target."""
    rules = attrs.evolve(state.rules, target=min(state.scores) + 1)
    return attrs.evolve(state, rules=rules)


def _hand_winner(start: State, end: State) -> int | None:
    """Who won, in ``end``, the hand in play in ``start``: ``None`` if nobody did (a
    tie) or it has not ended."""
    played = len(start.results)
    return end.results[played].winner if len(end.results) > played else None


def _hand_winners(state: State) -> tuple[int | None, ...]:
    return tuple(result.winner for result in state.results)


SEARCH: Search[State] = Search(iterations=200, horizon=40, start=_last_hand, winner=_hand_winner)
"""The search bot plays for the hand in play: 200 iterations a decision, a few
hundredths of a second of processor time on this project's 2-core machines
(benchmarks/strength.py), and playouts of 40 moves at most: random hands last long and
say little about the hand the seat holds now."""

PERIODS: Periods[State] = Periods(name="hands", winners=_hand_winners)
"""A match is played in hands, each won by one seat or tied (SW-14)."""
