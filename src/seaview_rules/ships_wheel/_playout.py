"""Determinization for the Ship's Wheel card game, for search bots: it deals the cards
a seat cannot see and keeps the positions the engine's winning-hand test allows (random
playouts are the referee's, ``_rules.playout``).
"""

from __future__ import annotations

import random
from itertools import islice

from seaview_rules.ships_wheel._model import Phase, Rules, State, View, build_state
from seaview_rules.ships_wheel._pieces import is_winning_hand

__all__ = ["determinize"]


def determinize(view: View, rng: random.Random) -> State:
    """A state of the match whose view for ``view.seat`` (a seat, or ``None`` for a
    spectator) is ``view``, drawn at random from the positions the rules allow.

    The view fixes everything but where the unseen cards lie: the cards in no hand the
    view shows and on top of no pile are dealt anew to the other hands, in the sizes
    the view shows, to the deck, and under the pile tops, each pile keeping its size.
    The pending choices of the other seats that have chosen the card they pass
    (SW-R7) are chosen anew from their hands. Only positions the rules allow are
    drawn: no hand that was checked since it last changed may win (SW-3, SW-R6), so
    once the deal is done no other hand wins, but for the discarder's in phase DISCARD,
    which holds a card without which it does not win.

    Every arrangement of the unseen cards that gives such a position is equally likely,
    copies of a card told apart as a shuffled deck tells them apart: with cards that
    are all different (one deck without repeated action cards) every such state is
    equally likely; with copies, a state is as likely as the number of ways to lay out
    its copies.

    Only the view counts. A seat that remembers the hand knows more, and
    ``determinize`` does not use it: the cards under each pile top, which it saw
    discarded; the card it passed in an Anchor pass and the card it received; the
    cards other seats took from the piles; that every hand checked earlier did not win.

    >>> from seaview_rules import ships_wheel as sw
    >>> state = sw.apply_move(sw.new_game(sw.Rules(players=3)), sw.parse_move("size 4"))
    >>> state = sw.playout(state, random.Random(2), max_moves=30)
    >>> seen = sw.view(state, 1)
    >>> imagined = determinize(seen, random.Random(1))
    >>> sw.view(imagined, 1) == seen, imagined.hands[1] == state.hands[1]
    (True, True)

    Raises:
        ValueError: the match is over.
    """
    if view.phase is Phase.OVER:
        raise ValueError("the match is over: there is nothing left to deal")
    while True:
        state = _deal(view, rng)
        if state is not None:
            return state


def _deal(view: View, rng: random.Random) -> State | None:
    """One try of `determinize`: a uniform arrangement of the unseen cards, or ``None``
    if it is not a position the rules allow."""
    rules, seat, phase = view.rules, view.seat, view.phase
    unseen = list(rules.table.full)
    for i in (*(view.hand or ()), *(top for top in view.pile_tops if top is not None)):
        unseen.remove(i)
    rng.shuffle(unseen)
    rest = iter(unseen)
    hands = [
        view.hand or () if s == seat else tuple(sorted(islice(rest, view.hand_sizes[s])))
        for s in range(rules.players)
    ]
    # SW-R6: a hand checked since it last changed does not win; in phase DISCARD the
    # discarder's hand did not win before his draw.
    if phase in (Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS):
        for s, hand in enumerate(hands):
            if s == seat:
                continue
            if phase is Phase.DISCARD and s == view.player:
                if all(_wins(rules, _without(hand, i)) for i in set(hand)):
                    return None
            elif _wins(rules, hand):
                return None
    piles = tuple(
        () if top is None else (*islice(rest, size - 1), top)
        for size, top in zip(view.pile_sizes, view.pile_tops, strict=True)
    )
    passing = [view.passing if s == seat else None for s in range(rules.players)]
    if phase is Phase.PASS:
        # SW-R7: the seats no longer choosing have chosen, in any order; what is unseen.
        n = rules.players
        for s in ((view.player + k) % n for k in range(1, n + 1)):
            if s != seat and s not in view.choosing:
                passing[s] = hands[s][rng.randrange(len(hands[s]))]
    return build_state(
        rules=rules,
        phase=phase,
        player=view.player,
        dealer=view.dealer,
        hand_size=view.hand_size,
        hands=tuple(hands),
        deck=tuple(sorted(rest)),
        piles=piles,
        passing=tuple(passing),
        scores=view.scores,
        results=view.results,
        reshuffles=view.reshuffles,
    )


def _wins(rules: Rules, hand: tuple[int, ...]) -> bool:
    cards = rules.table.cards
    return is_winning_hand([cards[i] for i in hand], rules.deck)


def _without(hand: tuple[int, ...], i: int) -> tuple[int, ...]:
    k = hand.index(i)
    return hand[:k] + hand[k + 1 :]
