"""Determinization for the Ship's Wheel card game, for search bots: it deals the cards
a seat cannot see and keeps the positions the engine's winning-hand test allows (random
playouts are the referee's, ``_rules.playout``).
"""

from __future__ import annotations

import random
from itertools import islice

from seaview_rules._seating import left_of
from seaview_rules.ships_wheel._model import Phase, State, View, build_state
from seaview_rules.ships_wheel._pieces import CardId, wins

__all__ = ["determinize"]


def determinize(view: View, rng: random.Random) -> State:
    """A state of the match whose view for ``view.seat`` (a seat, or ``None`` for a
    spectator) is ``view``, drawn at random from the positions the rules allow.

    The view fixes everything but where the unseen cards lie: the cards in no hand the
    view shows and on top of no pile are dealt anew to the other hands, in the sizes
    the view shows, to the deck, and under the pile tops, each pile keeping its size.
    The pending choices of the other seats that have chosen the card they pass
    (SW-R7) are chosen anew from their hands. Only positions that `loads` accepts are
    drawn: once the deal is done, no complete hand wins (SW-3, SW-R6); the discarder's
    in phase DISCARD holds one card more, the card he drew, and is not held to it.

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
        ValueError: the match is over; or 10,000 arrangements of the unseen cards all
            made a hidden hand win (a hand-made view of a tiny deck whose unseen cards
            win whichever way they lie).
    """
    if view.phase is Phase.OVER:
        raise ValueError("the match is over: there is nothing left to deal")
    for _ in range(TRIES):
        state = _deal(view, rng)
        if state is not None:
            return state
    raise ValueError(
        f"no arrangement of the unseen cards in {TRIES:,} tries leaves every hidden hand "
        "that the rules check losing (SW-R6)"
    )


TRIES = 10_000
"""How many arrangements of the unseen cards `determinize` tries before it gives up."""

_CHECKED = frozenset({Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS})
"""The phases in which every complete hand has been checked and does not win (SW-R6)."""


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
    if phase in _CHECKED and any(_won(view, s, hand) for s, hand in enumerate(hands)):
        return None
    piles = tuple(
        () if top is None else (*islice(rest, size - 1), top)
        for size, top in zip(view.pile_sizes, view.pile_tops, strict=True)
    )
    return build_state(
        rules=rules,
        phase=phase,
        player=view.player,
        dealer=view.dealer,
        hand_size=view.hand_size,
        hands=tuple(hands),
        deck=tuple(sorted(rest)),
        piles=piles,
        passing=_passing(view, hands, rng),
        scores=view.scores,
        results=view.results,
        reshuffles=view.reshuffles,
    )


def _passing(
    view: View, hands: list[tuple[CardId, ...]], rng: random.Random
) -> tuple[CardId | None, ...]:
    """The pending choices of a pass: the view's own, and for every other seat no
    longer choosing a card of its hand, drawn anew, from the discarder's left round
    (SW-R7: they chose in any order, and what they chose is unseen)."""
    n = view.rules.players
    passing = [view.passing if s == view.seat else None for s in range(n)]
    if view.phase is Phase.PASS:
        for s in (left_of(n, view.player, k) for k in range(1, n + 1)):
            if s != view.seat and s not in view.choosing:
                passing[s] = hands[s][rng.randrange(len(hands[s]))]
    return tuple(passing)


def _won(view: View, seat: int, hand: tuple[CardId, ...]) -> bool:
    """SW-R6: whether ``seat``'s hidden ``hand`` is complete and wins, which no hand
    checked since it last changed does (the seat's own hand is the view's, and the
    discarder's in phase DISCARD holds the card he drew)."""
    return seat != view.seat and len(hand) == view.hand_size and wins(hand, view.rules.table)
