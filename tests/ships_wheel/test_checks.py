"""Every refusal of `check_state`, `check_view` and the JSON reader, each fired by one
small example: a reachable state or view with one field changed. The reader checks a
document's shape; what it must mean is checked on the built object, so every example
is refused alike by the check itself and by `loads` of the object's document."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from attrs import evolve

from seaview_rules import CHANCE, InvalidDataError
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Card, Ending, HandResult, Phase, Rules, State, View
from seaview_rules.ships_wheel._checks import check_state, check_view
from seaview_rules.ships_wheel._pieces import CardId
from tests.helpers import reach

THREE = Rules(players=3)
TINY = Rules(
    players=2,
    deck=sw.DeckSpec(shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=["x"]),
    min_hand_size=2,
    scoring=sw.Scoring.HANDS,
    target=3,
)
"""A small deck and two-card hands: hands are often won at the deal, and tied."""


SIZE = sw.new_game(THREE)
DEALING = reach(sw.GAME, THREE, lambda s: s.phase is Phase.DEAL and sum(map(len, s.hands)) == 4)
DRAWING = reach(sw.GAME, THREE, lambda s: s.phase is Phase.DRAW and sum(map(len, s.piles)) >= 3)
DISCARDING = reach(
    sw.GAME, THREE, lambda s: s.phase is Phase.DISCARD and any(s.piles) and s.hand_size < 8
)
PASSING = reach(sw.GAME, THREE, lambda s: s.phase is Phase.PASS and s.passing.count(None) == 1)
LATER = reach(sw.GAME, TINY, lambda s: len(s.results) >= 2 and s.phase is Phase.DRAW)
# After the first discard of a hand, a plain card: the turn is the discarder's left's (SW-4).
FIRST_DISCARD = reach(
    sw.GAME,
    THREE,
    lambda s: (
        s.phase is Phase.DRAW
        and [len(pile) for pile in s.piles] == [int(k == (s.player - 1) % 3) for k in range(3)]
        and s.rules.table.cards[s.piles[(s.player - 1) % 3][0]].kind is sw.Kind.PLAIN
    ),
)
AFTER_TIE = reach(
    sw.GAME,
    TINY,
    lambda s: s.phase is Phase.DRAW and bool(s.results) and s.results[-1].winner is None,
)
OVER = reach(sw.GAME, TINY, sw.is_terminal)


def ids(rules: Rules, text: str) -> tuple[CardId, ...]:
    return tuple(rules.table.index[Card.parse(t)] for t in text.split())


def results(state: State, number: int, **changes: Any) -> tuple[HandResult, ...]:
    """``state.results`` with result ``number`` changed."""
    changed = list(state.results)
    changed[number] = evolve(changed[number], **changes)
    return tuple(changed)


def hand_to_deck(state: State, seat: int) -> State:
    """The first card of ``seat``'s hand moved onto the deck."""
    hands = list(state.hands)
    hands[seat], card = hands[seat][1:], hands[seat][0]
    return evolve(state, hands=tuple(hands), deck=tuple(sorted((*state.deck, card))))


def with_winning_hand(state: State, seat: int) -> State:
    """``seat``'s hand exchanged for a winning hand from the deck (of as many cards as
    it holds: in phase discard, a hand that won before the draw, whatever was drawn)."""
    table = state.rules.table
    size = len(state.hands[seat])
    new: list[CardId] = []
    for i in dict.fromkeys(state.deck):
        if len(new) < size and sw._pieces.wins((*new, i), table):
            new.append(i)
    assert len(new) == size
    deck = list(state.deck)
    for i in new:
        deck.remove(i)
    hands = list(state.hands)
    deck += hands[seat]
    hands[seat] = tuple(sorted(new))
    return evolve(state, hands=tuple(hands), deck=tuple(sorted(deck)))


def swap_hands(state: State, seat: int, other: int) -> State:
    hands = list(state.hands)
    hands[seat], hands[other] = hands[other], hands[seat]
    return evolve(state, hands=tuple(hands))


def deck_on_a_pile(state: State) -> State:
    piles = list(state.piles)
    piles[0] = (*piles[0], *state.deck)
    return evolve(state, deck=(), piles=tuple(piles))


def passing(state: State, **chosen: CardId | None) -> tuple[CardId | None, ...]:
    """``state.passing`` with the choices of seats ``s0``, ``s1``... changed."""
    choices = list(state.passing)
    for seat, card in chosen.items():
        choices[int(seat[1:])] = card
    return tuple(choices)


STATE_CASES: list[tuple[str, State, str, str | None]] = [
    # (example, the object, where, the rule named in the problem)
    ("player beyond the seats", evolve(DRAWING, player=3), "data.player", None),
    ("dealer below the seats", evolve(DRAWING, dealer=-1), "data.dealer", None),
    ("hand size above 8", evolve(DRAWING, hand_size=9), "data.hand_size", None),
    ("a hand missing", evolve(DRAWING, hands=DRAWING.hands[:2]), "data.hands", None),
    ("a pile missing", evolve(DRAWING, piles=DRAWING.piles[:2]), "data.piles", None),
    ("a choice missing", evolve(DRAWING, passing=(None,) * 2), "data.passing", None),
    ("a score missing", evolve(DRAWING, scores=(0, 0)), "data.scores", None),
    ("a negative score", evolve(DRAWING, scores=(-1, 0, 0)), "data.scores[0]", None),
    ("a result's dealer", evolve(LATER, results=results(LATER, 0, dealer=2)),
     "data.results[0].dealer", None),
    ("the deal passes left", evolve(LATER, results=results(LATER, 1, dealer=0)),
     "data.results[1].dealer", "SW-14"),
    ("a result's size", evolve(LATER, results=results(LATER, 0, hand_size=9)),
     "data.results[0].hand_size", None),
    ("a size not allowed", evolve(LATER, results=results(LATER, 0, hand_size=4)),
     "data.results[0].hand_size", "SW-R2"),
    ("a tie redeals the size", evolve(LATER, results=results(LATER, 1, hand_size=2)),
     "data.results[1].hand_size", "SW-R9"),
    ("too many winners", evolve(LATER, results=results(LATER, 0, winners=(0, 1, 0))),
     "data.results[0].winners", None),
    ("a winner beyond the seats", evolve(LATER, results=results(LATER, 0, winners=(5,))),
     "data.results[0].winners[0]", None),
    ("winners out of order", evolve(LATER, results=results(LATER, 0, winners=(1, 0))),
     "data.results[0].winners", None),
    ("winners of an exhaustion", evolve(LATER, results=results(
        LATER, 0, ending=Ending.EXHAUSTION, winners=(0,))), "data.results[0].winners", "SW-13"),
    ("negative points", evolve(LATER, results=results(LATER, 0, points=-1)),
     "data.results[0].points", None),
    ("points", evolve(LATER, results=results(LATER, 0, points=7)),
     "data.results[0].points", "SW-14"),
    ("a result's reshuffles", evolve(LATER, results=results(LATER, 0, reshuffles=2)),
     "data.results[0].reshuffles", None),
    ("a reshuffle before the deal ended", evolve(LATER, results=results(LATER, 2, reshuffles=1)),
     "data.results[2].reshuffles", "SW-13"),
    ("a match that went on", evolve(LATER, rules=evolve(TINY, target=1)), "data.results",
     "SW-R10"),
    ("scores that are not the sums", evolve(LATER, scores=(9, 9)), "data.scores", "SW-14"),
    ("reshuffles", evolve(DRAWING, reshuffles=2), "data.reshuffles", None),
    ("over before a hand", evolve(SIZE, phase=Phase.OVER), "data.phase", "SW-R10"),
    ("the dealer of the hand", evolve(DRAWING, dealer=2), "data.dealer", "SW-14"),
    ("the winner of the match", evolve(OVER, player=1 - OVER.player), "data.player", "SW-R10"),
    ("a match past its target", evolve(OVER, phase=Phase.DRAW, dealer=1), "data.phase", "SW-R10"),
    ("a size before it is chosen", evolve(SIZE, hand_size=3), "data.hand_size", "SW-R9"),
    ("the dealer chooses", evolve(SIZE, player=1), "data.player", "SW-2"),
    ("a hand size not allowed", evolve(DRAWING, hand_size=2), "data.hand_size", "SW-R2"),
    ("a tie keeps the size", evolve(AFTER_TIE, hand_size=2), "data.hand_size", "SW-R9"),
    ("a card lost", evolve(DRAWING, deck=DRAWING.deck[1:]), "data", "SW-R1"),
    ("a card that is none", evolve(DRAWING, hands=((*DRAWING.hands[0], CardId(99)),
                                                     *DRAWING.hands[1:])), "data", "SW-1"),
    ("a pile during the deal", evolve(DEALING, piles=((DEALING.hands[0][0],), (), ()),
                                      hands=((), *DEALING.hands[1:])), "data", "SW-2"),
    ("cards before the size", evolve(DEALING, phase=Phase.SIZE, hand_size=0,
                                     player=DEALING.dealer), "data.hands", "SW-2"),
    ("the next card of the deal", evolve(DEALING, player=DEALING.dealer), "data", "SW-2"),
    ("a turn that no discard gives", evolve(FIRST_DISCARD, player=(FIRST_DISCARD.player + 1) % 3),
     "data.player", "SW-4"),
    ("a first turn not at the dealer's left", evolve(
        FIRST_DISCARD, player=FIRST_DISCARD.dealer, piles=((), (), ()),
        deck=tuple(sorted((*FIRST_DISCARD.deck, *(c for p in FIRST_DISCARD.piles for c in p))))),
     "data.player", "SW-4"),
    ("an empty deck", deck_on_a_pile(DRAWING), "data.deck", "SW-13"),
    ("a card short", hand_to_deck(DRAWING, 1), "data.hands", "SW-5"),
    ("a pass after the match", evolve(OVER, passing=(OVER.hands[0][0], None)), "data", "SW-R10"),
    ("a winning hand in play", with_winning_hand(DRAWING, 1),
     "data.hands", "SW-R6"),
    ("a hand that won before the draw", with_winning_hand(DISCARDING, DISCARDING.player),
     "data.hands", "SW-R6"),
    ("a winner below the target", evolve(OVER, rules=evolve(
        TINY, target=OVER.scores[OVER.player] + 1)), f"data.scores[{OVER.player}]", "SW-R10"),
    ("an empty deck at the end", deck_on_a_pile(OVER), "data.deck", "SW-13"),
    ("a choice outside a pass", evolve(DRAWING, passing=(DRAWING.hands[0][0], None, None)),
     "data.passing", "SW-R7"),
    ("every choice made", evolve(PASSING, passing=tuple(h[0] for h in PASSING.hands)),
     "data.passing", "SW-10"),
    ("a pass without an Anchor", evolve(PASSING, piles=tuple(p[:-1] for p in PASSING.piles),
                                        deck=tuple(sorted(
                                            (*PASSING.deck, *(p[-1] for p in PASSING.piles if p))))),
     "data.piles", "SW-10"),
    ("a choice not held", evolve(PASSING, passing=tuple(
        None if p is None else PASSING.deck[0] for p in PASSING.passing)), "data.passing",
     "SW-10"),
]  # fmt: skip


def refusal(check: Callable[[], object]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as err:
        check()
    return err.value


def cases(examples: list[tuple[str, Any, str, str | None]]) -> list[Any]:
    """The examples as parameters, each marked with the rule it names."""
    return [
        pytest.param(*case, id=case[0], marks=[pytest.mark.rule(case[3])] if case[3] else [])
        for case in examples
    ]


@pytest.mark.parametrize(("example", "state", "where", "rule"), cases(STATE_CASES))
def test_an_inconsistent_state_is_refused_where_it_is_wrong(
    example: str, state: State, where: str, rule: str | None
) -> None:
    refused = refusal(lambda: check_state(state))
    assert refused.where == where, refused
    if rule is not None:
        assert rule in refused.problem
    if state.hands[0][-1:] != (CardId(99),):  # a card that is none has no name to write
        assert str(refusal(lambda: sw.loads(sw.dumps(state)))) == str(refused)


SEEN = sw.view(DRAWING, DRAWING.player)
"""The view of the seat to draw: its hand, and moves to make."""
CHOSEN = sw.view(PASSING, next(s for s, p in enumerate(PASSING.passing) if p is not None))
"""The view of a seat whose pass choice is pending."""
ANCHORED = sw.view(PASSING, None)


def sizes(view: View, **changes: int) -> tuple[int, ...]:
    """``view.hand_sizes`` with those of seats ``s0``, ``s1``... changed."""
    counts = list(view.hand_sizes)
    for seat, size in changes.items():
        counts[int(seat[1:])] = size
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


DEALT = sw.view(DEALING, None)
"""A spectator's view of the deal."""
WATCHED = sw.view(DRAWING, None)
"""A spectator's view of a draw."""


def deck_seen_on_a_pile(view: View) -> View:
    """The deck counted on the first pile that shows a top card."""
    sizes = list(view.pile_sizes)
    sizes[next(s for s, top in enumerate(view.pile_tops) if top is not None)] += view.deck_size
    return evolve(view, deck_size=0, pile_sizes=tuple(sizes))


NO_ANCHOR = evolve(
    ANCHORED,
    pile_tops=tuple(None if t is None else CardId(k) for k, t in enumerate(ANCHORED.pile_tops)),
)
VIEW_CASES: list[tuple[str, View, str, str | None]] = [
    ("a seat beyond the seats", evolve(SEEN, seat=3), "data.seat", None),
    ("player beyond the seats", evolve(SEEN, player=3), "data.player", None),
    ("dealer beyond the seats", evolve(SEEN, dealer=3), "data.dealer", None),
    ("hand size above 8", evolve(SEEN, hand_size=9), "data.hand_size", None),
    ("a seat without its hand", evolve(SEEN, hand=None), "data.hand", None),
    ("a hand size missing", evolve(SEEN, hand_sizes=(3, 3)), "data.hand_sizes", None),
    ("a hand too large", evolve(SEEN, hand_sizes=sizes(SEEN, s0=10)), "data.hand_sizes[0]", None),
    ("the seat's own hand size", evolve(SEEN, hand_sizes=sizes(SEEN, **{f"s{SEEN.seat}": 2})),
     "data.hand_sizes", None),
    ("a deck too large", evolve(SEEN, deck_size=77), "data.deck_size", None),
    ("a pile top missing", evolve(SEEN, pile_tops=SEEN.pile_tops[:2]), "data.pile_tops", None),
    ("a pile size missing", evolve(SEEN, pile_sizes=SEEN.pile_sizes[:2]), "data.pile_sizes",
     None),
    ("a pile too large", evolve(SEEN, pile_sizes=(77, *SEEN.pile_sizes[1:])),
     "data.pile_sizes[0]", None),
    ("a top on an empty pile", evolve(SEEN, pile_tops=(CardId(0),) * 3, pile_sizes=(0, 0, 0)),
     "data.pile_tops", None),
    ("counts that do not add up", evolve(SEEN, deck_size=SEEN.deck_size - 1), "data", "SW-R1"),
    ("a card shown too often", twice(SEEN), "data", "SW-R1"),
    ("an Anchor's seat beyond the seats", evolve(ANCHORED, anchor=3), "data.anchor", None),
    ("an Anchor outside a pass", evolve(SEEN, anchor=0), "data.anchor", "SW-10"),
    ("a pass without an Anchor", NO_ANCHOR, "data.pile_tops", "SW-10"),
    ("another seat's choice", evolve(ANCHORED, passing=CardId(0)), "data.passing", "SW-R7"),
    ("scores that are not the sums", evolve(SEEN, scores=(1, 0, 0)), "data.scores", "SW-14"),
    ("a seat to move beyond the seats", evolve(SEEN, to_move=3), "data.to_move", None),
    ("the seat to move", evolve(SEEN, to_move=CHANCE), "data.to_move", None),
    ("legal moves", evolve(SEEN, legal_moves=SEEN.legal_moves[:0] + (sw.Action.DRAW,) * 2),
     "data.legal_moves", None),
    ("moves out of turn", evolve(CHOSEN, legal_moves=(sw.Action.DRAW,)), "data.legal_moves",
     None),
    ("hand sizes that do not fit a draw", evolve(WATCHED, hand_sizes=sizes(
        WATCHED, s0=WATCHED.hand_size + 1, s1=WATCHED.hand_size - 1)), "data.hand_sizes", "SW-5"),
    ("cards before the size", evolve(DEALT, phase=Phase.SIZE, hand_size=0,
                                     player=DEALT.dealer, to_move=DEALT.dealer),
     "data.hand_sizes", "SW-2"),
    ("the next card of the deal", evolve(DEALT, player=DEALT.dealer), "data", "SW-2"),
    ("a turn that no discard gives", evolve(
        sw.view(FIRST_DISCARD, None), player=(FIRST_DISCARD.player + 1) % 3,
        to_move=(FIRST_DISCARD.player + 1) % 3), "data.player", "SW-4"),
    ("a reshuffle during the deal", evolve(DEALT, reshuffles=1), "data", "SW-2"),
    ("an empty deck", deck_seen_on_a_pile(WATCHED), "data.deck_size", "SW-13"),
    ("a winning hand in play", sw.view(with_winning_hand(DRAWING, 1), 1), "data.hand", "SW-R6"),
    ("a hand that won before the draw", sw.view(
        with_winning_hand(DISCARDING, DISCARDING.player), DISCARDING.player), "data.hand",
     "SW-R6"),
    ("the winner's losing hand", sw.view(swap_hands(OVER, OVER.player, 1 - OVER.player),
                                         OVER.player), "data.hand", "SW-R10"),
]  # fmt: skip


@pytest.mark.parametrize(("example", "seen", "where", "rule"), cases(VIEW_CASES))
def test_an_inconsistent_view_is_refused_where_it_is_wrong(
    example: str, seen: View, where: str, rule: str | None
) -> None:
    refused = refusal(lambda: check_view(seen))
    assert refused.where == where, refused
    if rule is not None:
        assert rule in refused.problem
    assert str(refusal(lambda: sw.loads(sw.dumps(seen)))) == str(refused)


def test_the_examples_start_from_consistent_states_and_views() -> None:
    for state in (
        SIZE,
        DEALING,
        DRAWING,
        FIRST_DISCARD,
        DISCARDING,
        PASSING,
        LATER,
        AFTER_TIE,
        OVER,
    ):
        check_state(state)
        assert sw.loads(sw.dumps(state)) == state
    for seen in (SEEN, CHOSEN, ANCHORED):
        check_view(seen)


def document(obj: State | View, **changes: object) -> str:
    doc = sw.to_dict(obj)
    doc["data"].update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (document(DRAWING, deck=["gold-star"]), r"^data\.deck\[0\]: gold-star is not in the deck"),
        (document(DRAWING, deck=["pink-lighthouse"]), r"^data\.deck\[0\]: pink-lighthouse is not"),
        (document(SEEN, to_move="nobody"), r"^data\.to_move: must be a seat, 'chance' or null"),
        (document(SEEN, to_move=True), r"^data\.to_move: must be an integer, not a boolean"),
    ],
)
def test_the_reader_refuses_what_is_no_card_or_player(text: str, message: str) -> None:
    with pytest.raises(InvalidDataError, match=message):
        sw.loads(text)
