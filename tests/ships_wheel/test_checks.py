"""What `check_state`, `check_view` and the JSON reader accept and refuse.

Each refusal is fired by one small example, a position written by hand with one field
changed, and is refused alike by the check itself and by `loads` of the object's
document. Positions that no game reaches but that are positions (what a person writes
for a test, a puzzle or a bug report) are accepted, and everything works on them
(`seaview_rules.testing.check_position`).

Every example is built inside its test, from positions written by hand, so that a
broken example fails its own test and no other.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import CHANCE, InvalidDataError
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Ending, HandResult, Phase, Rules, State, View
from seaview_rules.ships_wheel import testing as sst
from seaview_rules.ships_wheel._checks import check_state, check_view
from seaview_rules.ships_wheel._pieces import CardId
from seaview_rules.testing import check_position
from tests.helpers import examples
from tests.ships_wheel.test_rules import THREE, A, B, C, make

TINY = Rules(
    players=2,
    deck=sw.DeckSpec(shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=["x"]),
    min_hand_size=2,
    scoring=sw.Scoring.HANDS,
    target=3,
)
"""A small deck and hands of 2 or 3, a point a hand won and 3 to win the match."""
EARLIER = (
    HandResult(dealer=0, hand_size=2, ending=Ending.DEAL, winners=(0, 1), points=0, reshuffles=0),
    HandResult(dealer=1, hand_size=2, ending=Ending.DISCARD, winners=(1,), points=1, reshuffles=1),
    HandResult(dealer=0, hand_size=3, ending=Ending.PASS, winners=(0,), points=1, reshuffles=0),
)
"""A tie at the deal, then a hand won by each seat."""


@cache
def size() -> State:
    """Seat 0, the dealer, chooses the size of the first hand."""
    return sw.new_game(THREE)


@cache
def dealing() -> State:
    """Dealer 0's deal of 3-card hands, 4 cards in: seat 2 receives the next."""
    return make(THREE, Phase.DEAL, 2, ["red-circle", f"{A.split()[1]} yellow-star", "blue-star"],
                size=3)  # fmt: skip


@cache
def drawing() -> State:
    """Seat 0 to draw, a card on seat 0's pile and two on seat 2's."""
    return make(THREE, Phase.DRAW, 0, [A, B, C], ["green-star", "", "pink-moon green-moon"])


@cache
def discarding() -> State:
    """Seat 1 to discard, holding the card it drew."""
    return make(THREE, Phase.DISCARD, 1, [A, f"{B} green-star", C], size=3)


@cache
def passing() -> State:
    """An Anchor pass: seat 0 discarded it; seat 1 has chosen yellow-star."""
    return make(THREE, Phase.PASS, 0, [A, B, C], ["anchor", "", ""],
                passing=[None, "yellow-star", None])  # fmt: skip


@cache
def later() -> State:
    """Seat 1 to draw in the fourth hand of a match of `TINY`, 1 point each."""
    return make(TINY, Phase.DRAW, 1, ["x-a y-a", "x-b y-b"], ["z-c", ""], dealer=1,
                scores=[1, 1], results=EARLIER)  # fmt: skip


@cache
def over() -> State:
    """Seat 1 won a match of `TINY` at the discard, its third hand won, with a winning
    hand of two."""
    won = HandResult(dealer=1, hand_size=2, ending=Ending.DISCARD, winners=(1,), points=1,
                     reshuffles=0)  # fmt: skip
    return make(TINY, Phase.OVER, 1, ["x-a y-a", "x-b y-c"], ["z-c", "black-starfish"],
                dealer=1, scores=[0, 3], results=(*EARLIER[:2], EARLIER[1], won))  # fmt: skip


def results(state: State, number: int, **changes: Any) -> tuple[HandResult, ...]:
    """``state.results`` with result ``number`` changed."""
    changed = list(state.results)
    changed[number] = evolve(changed[number], **changes)
    return tuple(changed)


def ids(rules: Rules, text: str) -> tuple[CardId, ...]:
    return tuple(sorted(rules.table.index[sw.Card.parse(t)] for t in text.split()))


def hands(state: State, seat: int, text: str) -> tuple[tuple[CardId, ...], ...]:
    """``state.hands`` with ``seat``'s hand ``text`` (the deck does not follow)."""
    changed = list(state.hands)
    changed[seat] = ids(state.rules, text)
    return tuple(changed)


def exchanged(state: State, seat: int, text: str) -> State:
    """``state`` with ``seat``'s hand exchanged for the cards of ``text`` from the deck."""
    deck = list(state.deck)
    for i in ids(state.rules, text):
        deck.remove(i)
    deck += state.hands[seat]
    return evolve(state, hands=hands(state, seat, text), deck=tuple(sorted(deck)))


def hand_to_deck(state: State, seat: int) -> State:
    """The first card of ``seat``'s hand moved onto the deck."""
    changed = list(state.hands)
    changed[seat], card = changed[seat][1:], changed[seat][0]
    return evolve(state, hands=tuple(changed), deck=tuple(sorted((*state.deck, card))))


def deck_on_a_pile(state: State) -> State:
    piles = list(state.piles)
    piles[0] = (*piles[0], *state.deck)
    return evolve(state, deck=(), piles=tuple(piles))


def choices(state: State, **chosen: CardId | None) -> tuple[CardId | None, ...]:
    """``state.passing`` with the choices of seats ``s0``, ``s1``... changed."""
    pending = list(state.passing)
    for seat, card in chosen.items():
        pending[int(seat[1:])] = card
    return tuple(pending)


Case = tuple[str, Callable[[], Any], str, "str | None"]
"""An example: its name, the object refused, where, and the rule the problem names."""

STATE_CASES: list[Case] = [
    ("player beyond the seats", lambda: evolve(drawing(), player=3), "data.player", None),
    ("dealer below the seats", lambda: evolve(drawing(), dealer=-1), "data.dealer", None),
    ("hand size above 8", lambda: evolve(drawing(), hand_size=9), "data.hand_size", None),
    ("a hand missing", lambda: evolve(drawing(), hands=drawing().hands[:2]), "data.hands", None),
    ("a pile missing", lambda: evolve(drawing(), piles=drawing().piles[:2]), "data.piles", None),
    ("a choice missing", lambda: evolve(drawing(), passing=(None,) * 2), "data.passing", None),
    ("a score missing", lambda: evolve(drawing(), scores=(0, 0)), "data.scores", None),
    ("a negative score", lambda: evolve(drawing(), scores=(-1, 0, 0)), "data.scores[0]", None),
    ("reshuffles beyond the option", lambda: evolve(drawing(), reshuffles=2), "data.reshuffles",
     None),
    ("a result's dealer", lambda: evolve(later(), results=results(later(), 0, dealer=2)),
     "data.results[0].dealer", None),
    ("a result's size", lambda: evolve(later(), results=results(later(), 0, hand_size=9)),
     "data.results[0].hand_size", None),
    ("a size not allowed", lambda: evolve(later(), results=results(later(), 0, hand_size=4)),
     "data.results[0].hand_size", "SW-R2"),
    ("too many winners", lambda: evolve(later(), results=results(later(), 0, winners=(0, 1, 0))),
     "data.results[0].winners", None),
    ("a winner beyond the seats", lambda: evolve(later(), results=results(
        later(), 0, winners=(5,))), "data.results[0].winners[0]", None),
    ("winners out of order", lambda: evolve(later(), results=results(later(), 0, winners=(1, 0))),
     "data.results[0].winners", None),
    ("winners of an exhaustion", lambda: evolve(later(), results=results(
        later(), 0, ending=Ending.EXHAUSTION)), "data.results[0].winners", "SW-13"),
    ("two winners at the discard", lambda: evolve(later(), results=results(
        later(), 0, ending=Ending.DISCARD)), "data.results[0].winners", "SW-R6"),
    ("negative points", lambda: evolve(later(), results=results(later(), 0, points=-1)),
     "data.results[0].points", None),
    ("points", lambda: evolve(later(), results=results(later(), 1, points=2)),
     "data.results[1].points", "SW-14"),
    ("a result's reshuffles", lambda: evolve(later(), results=results(later(), 1, reshuffles=2)),
     "data.results[1].reshuffles", None),
    ("a reshuffle in a hand won at the deal", lambda: evolve(later(), results=results(
        later(), 0, reshuffles=1)), "data.results[0].reshuffles", "SW-13"),
    ("an exhaustion before the last reshuffle", lambda: evolve(later(), results=results(
        later(), 0, ending=Ending.EXHAUSTION, winners=())), "data.results[0].reshuffles",
     "SW-13"),
    ("a hand after the match was won", lambda: evolve(later(), rules=evolve(TINY, target=1)),
     "data.results[2]", "SW-R10"),
    ("scores that are not the sums", lambda: evolve(later(), scores=(2, 1)), "data.scores",
     "SW-14"),
    ("a match past its target", lambda: evolve(later(), rules=evolve(TINY, target=1),
                                               results=EARLIER[:2], scores=(0, 1)), "data.phase",
     "SW-R10"),
    ("over before a hand", lambda: evolve(size(), phase=Phase.OVER), "data.phase", "SW-R10"),
    ("over below the target", lambda: evolve(over(), rules=evolve(TINY, target=4)),
     "data.phase", "SW-R10"),
    ("the winner of the match", lambda: evolve(over(), player=0), "data.player", "SW-R10"),
    ("the dealer of the last hand", lambda: evolve(over(), dealer=0), "data.dealer", "SW-R10"),
    ("the winner's losing hand", lambda: exchanged(over(), 1, "y-b z-b"), "data.hands",
     "SW-R10"),
    ("a pass after the match", lambda: evolve(over(), passing=(over().hands[0][0], None)),
     "data.passing", "SW-R7"),
    ("a size before it is chosen", lambda: evolve(size(), hand_size=3), "data.hand_size", "SW-2"),
    ("the dealer chooses", lambda: evolve(size(), player=1), "data.player", "SW-2"),
    ("cards before the size", lambda: evolve(dealing(), phase=Phase.SIZE, hand_size=0,
                                             player=dealing().dealer), "data.hands", "SW-2"),
    ("a pile during the deal", lambda: evolve(dealing(), piles=((dealing().hands[0][0],), (), ()),
                                              hands=((), *dealing().hands[1:])), "data.piles",
     "SW-2"),
    ("a reshuffle during the deal", lambda: evolve(dealing(), reshuffles=1), "data.reshuffles",
     "SW-13"),
    ("a size the deal may not deal", lambda: evolve(dealing(), hand_size=2), "data.hand_size",
     "SW-R2"),
    ("the next card of the deal", lambda: evolve(dealing(), player=0), "data.hands", "SW-R3"),
    ("a deal past the size", lambda: evolve(make(THREE, Phase.DRAW, 0, [A, B, C]),
                                            phase=Phase.DEAL), "data.hands", "SW-R3"),
    ("a hand size not allowed", lambda: evolve(drawing(), hand_size=2), "data.hand_size",
     "SW-R2"),
    ("a card lost", lambda: evolve(drawing(), deck=drawing().deck[1:]), "data", "SW-R1"),
    ("a card that is none", lambda: evolve(drawing(), hands=((*drawing().hands[0], CardId(99)),
                                                             *drawing().hands[1:])), "data",
     "SW-1"),
    ("an empty deck", lambda: deck_on_a_pile(drawing()), "data.deck", "SW-13"),
    ("a card short", lambda: hand_to_deck(drawing(), 1), "data.hands", "SW-5"),
    ("a winning hand in play", lambda: exchanged(drawing(), 1, "red-star orange-moon pink-wave"),
     "data.hands", "SW-R6"),
    ("a winning hand beside the discarder", lambda: exchanged(
        discarding(), 2, "red-star orange-moon pink-wave"), "data.hands", "SW-R6"),
    ("a choice outside a pass", lambda: evolve(drawing(), passing=choices(
        drawing(), s0=drawing().hands[0][0])), "data.passing", "SW-R7"),
    ("every choice made", lambda: evolve(passing(), passing=tuple(h[0] for h in passing().hands)),
     "data.passing", "SW-10"),
    ("a pass without an Anchor", lambda: evolve(
        passing(), piles=((), (), ()), deck=tuple(sorted((*passing().deck, passing().piles[0][0])))),
     "data.piles", "SW-10"),
    ("a choice not held", lambda: evolve(passing(), passing=choices(passing(), s1=passing().deck[0])),
     "data.passing", "SW-10"),
]  # fmt: skip


def refusal(check: Callable[[], object]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as err:
        check()
    return err.value


def cases(examples: list[Case]) -> list[Any]:
    """The examples as parameters, each marked with the rule it names."""
    return [
        pytest.param(*case, id=case[0], marks=[pytest.mark.rule(case[3])] if case[3] else [])
        for case in examples
    ]


@pytest.mark.parametrize(("example", "made", "where", "rule"), cases(STATE_CASES))
def test_an_inconsistent_state_is_refused_where_it_is_wrong(
    example: str, made: Callable[[], State], where: str, rule: str | None
) -> None:
    state = made()
    refused = refusal(lambda: check_state(state))
    assert refused.where == where, refused
    if rule is not None:
        assert rule in refused.problem
    if state.hands[0][-1:] != (CardId(99),):  # a card that is none has no name to write
        assert str(refusal(lambda: sw.loads(sw.dumps(state)))) == str(refused)


def seen() -> View:
    """The view of the seat to draw: its hand, and moves to make."""
    return sw.view(drawing(), drawing().player)


def chosen() -> View:
    """The view of seat 1, whose pass choice is pending."""
    return sw.view(passing(), 1)


def anchored() -> View:
    """A spectator's view of the pass."""
    return sw.view(passing(), None)


def sizes(view: View, **changes: int) -> tuple[int, ...]:
    """``view.hand_sizes`` with those of seats ``s0``, ``s1``... changed."""
    counts = list(view.hand_sizes)
    for seat, count in changes.items():
        counts[int(seat[1:])] = count
    return tuple(counts)


def twice(view: View) -> View:
    """The seat's first card shown twice, the deck one card smaller."""
    assert view.hand is not None
    assert view.seat is not None
    return evolve(
        view,
        hand=(view.hand[0], *view.hand),
        hand_sizes=sizes(view, **{f"s{view.seat}": len(view.hand) + 1}),
        deck_size=view.deck_size - 1,
    )


def deck_seen_on_a_pile(view: View) -> View:
    """The deck counted on the first pile that shows a top card."""
    counts = list(view.pile_sizes)
    counts[next(s for s, top in enumerate(view.pile_tops) if top is not None)] += view.deck_size
    return evolve(view, deck_size=0, pile_sizes=tuple(counts))


def no_anchor(view: View) -> View:
    """The Anchor on top of the discarder's pile shown as another card."""
    return evolve(view, pile_tops=(CardId(0), *view.pile_tops[1:]))


VIEW_CASES: list[Case] = [
    ("a seat beyond the seats", lambda: evolve(seen(), seat=3), "data.seat", None),
    ("player beyond the seats", lambda: evolve(seen(), player=3), "data.player", None),
    ("dealer beyond the seats", lambda: evolve(seen(), dealer=3), "data.dealer", None),
    ("hand size above 8", lambda: evolve(seen(), hand_size=9), "data.hand_size", None),
    ("a seat without its hand", lambda: evolve(seen(), hand=None), "data.hand", None),
    ("a hand size missing", lambda: evolve(seen(), hand_sizes=(3, 3)), "data.hand_sizes", None),
    ("a hand too large", lambda: evolve(seen(), hand_sizes=sizes(seen(), s1=10)),
     "data.hand_sizes[1]", None),
    ("the seat's own hand size", lambda: evolve(seen(), hand_sizes=sizes(seen(), s0=2)),
     "data.hand_sizes", None),
    ("a deck too large", lambda: evolve(seen(), deck_size=77), "data.deck_size", None),
    ("a pile top missing", lambda: evolve(seen(), pile_tops=seen().pile_tops[:2]),
     "data.pile_tops", None),
    ("a pile size missing", lambda: evolve(seen(), pile_sizes=seen().pile_sizes[:2]),
     "data.pile_sizes", None),
    ("a pile too large", lambda: evolve(seen(), pile_sizes=(77, *seen().pile_sizes[1:])),
     "data.pile_sizes[0]", None),
    ("a top on an empty pile", lambda: evolve(seen(), pile_tops=(CardId(0),) * 3,
                                              pile_sizes=(0, 0, 0)), "data.pile_tops", None),
    ("counts that do not add up", lambda: evolve(seen(), deck_size=seen().deck_size - 1), "data",
     "SW-R1"),
    ("a card shown too often", lambda: twice(seen()), "data", "SW-R1"),
    ("an Anchor's seat beyond the seats", lambda: evolve(anchored(), anchor=3), "data.anchor",
     None),
    ("an Anchor outside a pass", lambda: evolve(seen(), anchor=0), "data.anchor", "SW-10"),
    ("a pass without an Anchor", lambda: no_anchor(anchored()), "data.pile_tops", "SW-10"),
    ("the seats still choosing", lambda: evolve(anchored(), choosing=(0, 2)), "data.choosing",
     "SW-R7"),
    ("nobody choosing", lambda: evolve(anchored(), choosing=()), "data.choosing", "SW-R7"),
    ("another seat's choice", lambda: evolve(anchored(), passing=CardId(0)), "data.passing",
     "SW-R7"),
    ("scores that are not the sums", lambda: evolve(seen(), scores=(1, 0, 0)), "data.scores",
     "SW-14"),
    ("a seat to move beyond the seats", lambda: evolve(seen(), to_move=3), "data.to_move", None),
    ("the seat to move", lambda: evolve(seen(), to_move=CHANCE), "data.to_move", None),
    ("legal moves", lambda: evolve(seen(), legal_moves=(sw.Action.DRAW,) * 2),
     "data.legal_moves", None),
    ("moves out of turn", lambda: evolve(chosen(), legal_moves=(sw.Action.DRAW,)),
     "data.legal_moves", None),
    ("hand sizes that do not fit a draw", lambda: evolve(
        sw.view(drawing(), None), hand_sizes=sizes(seen(), s0=4, s1=2)), "data.hand_sizes",
     "SW-5"),
    ("cards before the size", lambda: evolve(sw.view(dealing(), None), phase=Phase.SIZE,
                                             hand_size=0, player=0, to_move=0),
     "data.hand_sizes", "SW-2"),
    ("the next card of the deal", lambda: evolve(sw.view(dealing(), None), player=0),
     "data.hand_sizes", "SW-R3"),
    ("a reshuffle during the deal", lambda: evolve(sw.view(dealing(), None), reshuffles=1),
     "data.reshuffles", "SW-13"),
    ("an empty deck", lambda: deck_seen_on_a_pile(sw.view(drawing(), None)), "data.deck_size",
     "SW-13"),
    ("a winning hand in play", lambda: sw.view(
        exchanged(drawing(), 1, "red-star orange-moon pink-wave"), 1), "data.hand", "SW-R6"),
    ("the winner's losing hand", lambda: sw.view(exchanged(over(), 1, "y-b z-b"), 1),
     "data.hand", "SW-R10"),
]  # fmt: skip


@pytest.mark.parametrize(("example", "made", "where", "rule"), cases(VIEW_CASES))
def test_an_inconsistent_view_is_refused_where_it_is_wrong(
    example: str, made: Callable[[], View], where: str, rule: str | None
) -> None:
    view = made()
    refused = refusal(lambda: check_view(view))
    assert refused.where == where, refused
    if rule is not None:
        assert rule in refused.problem
    assert str(refusal(lambda: sw.loads(sw.dumps(view)))) == str(refused)


def test_the_examples_start_from_positions_that_work() -> None:
    for state in (size(), dealing(), drawing(), discarding(), passing(), later(), over()):
        check_state(state)
        assert sw.loads(sw.dumps(state)) == state
        check_position(sw.GAME, state, random.Random(0))
    for view in (seen(), chosen(), anchored()):
        check_view(view)


ACCEPTED: list[tuple[str, Callable[[], State], str]] = [
    # (example, the position, the rule that no history checks any more)
    ("a turn that no discard gives", lambda: evolve(drawing(), player=2), "SW-4"),
    ("a first turn not at the dealer's left", lambda: evolve(
        drawing(), piles=((), (), ()), deck=tuple(sorted(
            (*drawing().deck, *(c for pile in drawing().piles for c in pile))))), "SW-4"),
    ("another seat's turn after a White Starfish", lambda: make(
        THREE, Phase.DRAW, 2, [A, B, C], ["white-starfish", "", ""]), "SW-8"),
    ("a hand that won before the draw", lambda: make(
        THREE, Phase.DISCARD, 1, [A, "red-star orange-moon pink-wave green-circle", C]), "SW-R6"),
    ("a deal begun at the dealer's right", lambda: make(
        THREE, Phase.DEAL, 0, ["red-circle", "yellow-star", "blue-star blue-heart"], size=3),
     "SW-R3"),
    ("a dealer that is not the seat after the last hand's", lambda: evolve(later(), dealer=0),
     "SW-14"),
    ("results dealt by any seat", lambda: evolve(later(), results=results(
        later(), 1, dealer=1 - later().results[1].dealer)), "SW-14"),
    ("a size after a tie that is not the tie's", lambda: evolve(later(), results=results(
        later(), 1, hand_size=3, points=1)), "SW-R9"),
    ("the dealer choosing after a tie", lambda: evolve(size(), results=(HandResult(
        dealer=0, hand_size=3, ending=Ending.PASS, winners=(0, 2), points=0, reshuffles=1),),
        dealer=1, player=1), "SW-R9"),
]  # fmt: skip


@pytest.mark.parametrize(("example", "made", "rule"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_a_position_that_no_game_reaches_is_accepted_and_works(
    example: str, made: Callable[[], State], rule: str
) -> None:
    """A position is checked, not its history: these were refused while `loads` worked
    out what happened before them."""
    state = made()
    check_state(state)
    assert sw.loads(sw.dumps(state)) == state
    check_position(sw.GAME, state, random.Random(0))
    for seat in (None, *range(state.rules.players)):
        view = sw.view(state, seat)
        assert sw.loads(sw.dumps(view)) == view


@examples(300)
@given(sst.positions(), st.randoms(use_true_random=False))
def test_every_position_loads_accepts_works(state: State, rng: random.Random) -> None:
    """Positions written by hand (`seaview_rules.ships_wheel.testing.positions`): each
    loads again, and everything works on it: its legal moves, their events and words for
    every viewer, the positions after them, its views, pictures and determinizations."""
    assert sw.loads(sw.dumps(state)) == state
    check_position(sw.GAME, state, rng)


def document(obj: State | View, **changes: object) -> str:
    doc = sw.to_dict(obj)
    doc["data"].update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (lambda: document(drawing(), deck=["gold-star"]),
         r"^data\.deck\[0\]: gold-star is not in the deck"),
        (lambda: document(drawing(), deck=["pink-lighthouse"]),
         r"^data\.deck\[0\]: pink-lighthouse is not"),
        (lambda: document(seen(), to_move="nobody"),
         r"^data\.to_move: must be a seat, 'chance' or null"),
        (lambda: document(seen(), to_move=True),
         r"^data\.to_move: must be an integer, not a boolean"),
    ],
)  # fmt: skip
def test_the_reader_refuses_what_is_no_card_or_player(
    text: Callable[[], str], message: str
) -> None:
    with pytest.raises(InvalidDataError, match=message):
        sw.loads(text())
