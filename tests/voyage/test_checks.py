"""What `check_state`, `check_view` and the JSON reader refuse, each refusal fired by one
small example (a reachable state or view with one field changed, or a position written
by hand), and what they accept: any position whose structure is sound, reachable by play
or not, on which everything then works. The reader checks a document's shape; what it
must mean is checked on the built object, so every example is refused alike by the
check itself and by `loads` of the object's document.

The examples are built when their test runs, never at import: a change of the rules
that breaks one fails that example's test only."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import CHANCE, InvalidDataError, voyage
from seaview_rules.testing import check_position
from seaview_rules.voyage import Action, Card, CardSet, Phase, RoundResult, Rules, State, View
from seaview_rules.voyage import testing as vst
from seaview_rules.voyage._checks import check_state, check_view
from seaview_rules.voyage._rulebook import round_points
from tests.helpers import examples, reach

THREE = Rules(players=3, target=12)
SMALL = Rules(players=2, colours=2, numbers=5, hand_size=2, target=4)
"""Ten cards, R1-R5 and G1-G5: B13 is not in its deck."""
OUTSIDE = Card.parse("B13")

WANTED: dict[str, tuple[Rules, Callable[[State], bool]]] = {
    "dealing": (THREE, lambda s: s.phase is Phase.DEAL and sum(map(len, s.hands)) == 4),
    "leading": (THREE, lambda s: s.phase is Phase.LEAD),
    "turn": (THREE, lambda s: s.phase is Phase.TURN and len(s.discard_under) >= 2),
    "drawing": (THREE, lambda s: s.phase is Phase.DRAW and len(s.draw_pile) >= 2),
    "drawn": (THREE, lambda s: s.phase is Phase.DRAWN),
    "later": (THREE, lambda s: len(s.results) >= 2 and s.phase is Phase.TURN),
    "over": (THREE, voyage.is_terminal),
    "small turn": (SMALL, lambda s: s.phase is Phase.TURN and bool(s.discard_under)),
}
"""The reachable examples: the first state of seeded play under the rules that is wanted."""


@cache
def reached(name: str) -> State:
    rules, wanted = WANTED[name]
    return reach(voyage.GAME, rules, wanted)


def cards(text: str) -> CardSet:
    return CardSet.of(Card.parse(t) for t in text.split())


def position(
    rules: Rules, hands: list[str], top: str | None, under: str = "", **fields: Any
) -> State:
    """A position written by hand: the hands, the discard pile (``under`` in play order)
    and the draw pile of every card not placed elsewhere; a turn of seat 0 by default."""
    held = [cards(h) for h in hands]
    placed = sum(held, cards(under)) | cards(top or "")
    values: dict[str, Any] = {
        "rules": rules, "phase": Phase.TURN, "player": 0, "dealer": 0, "hands": tuple(held),
        "draw_pile": CardSet(rules.deck & ~placed),
        "discard_top": None if top is None else Card.parse(top),
        "discard_under": tuple(Card.parse(t) for t in under.split()), "drawn": None,
        "scores": (0,) * rules.players, "results": (), "reshuffles": 0,
    }  # fmt: skip
    return State(**{**values, **fields})


def top_of(obj: State | View) -> Card:
    assert obj.discard_top is not None
    return obj.discard_top


def with_hand(state: State, seat: int, hand: CardSet) -> State:
    hands = list(state.hands)
    hands[seat] = hand
    return evolve(state, hands=tuple(hands))


def hand_to_pile(state: State, seat: int) -> State:
    """``seat``'s whole hand put onto the draw pile."""
    moved = with_hand(state, seat, CardSet(0))
    return evolve(moved, draw_pile=CardSet(state.draw_pile | state.hands[seat]))


def pile_to_hand(state: State, seat: int) -> State:
    """The draw pile put into ``seat``'s hand."""
    moved = with_hand(state, seat, CardSet(state.hands[seat] | state.draw_pile))
    return evolve(moved, draw_pile=CardSet(0))


def with_top(state: State, seat: int) -> State:
    """The top of the discard pile exchanged for a card of ``seat``'s hand that does not
    match the card under the top."""
    assert state.discard_top is not None
    below = state.discard_under[-1]
    card = next(c for c in state.hands[seat] if not c.matches(below))
    hand = CardSet(state.hands[seat] ^ 1 << card.index | 1 << state.discard_top.index)
    return evolve(with_hand(state, seat, hand), discard_top=card)


def misplayed(state: State, seat: int) -> State:
    """The second card under the top exchanged for a card of ``seat``'s hand that does
    not match the first."""
    under = state.discard_under
    card = next(c for c in state.hands[seat] if not c.matches(under[0]))
    hand = CardSet(state.hands[seat] ^ 1 << card.index | 1 << under[1].index)
    return evolve(with_hand(state, seat, hand), discard_under=(under[0], card, *under[2:]))


def results(state: State, number: int, **changes: Any) -> tuple[RoundResult, ...]:
    """``state.results`` with result ``number`` changed."""
    changed = list(state.results)
    changed[number] = evolve(changed[number], **changes)
    return tuple(changed)


def left(state: State, number: int, seat: int, count: int) -> tuple[RoundResult, ...]:
    """``state.results`` with ``seat``'s cards left in result ``number`` changed."""
    cards_left = list(state.results[number].cards_left)
    cards_left[seat] = count
    return results(state, number, cards_left=tuple(cards_left))


def loser(state: State, number: int = 0) -> int:
    """A seat that did not win result ``number``."""
    return next(s for s in range(state.rules.players) if s != state.results[number].winner)


def other(state: State) -> int:
    """A seat other than ``state.player``."""
    return (state.player + 1) % state.rules.players


def final_card_back(over: State) -> State:
    """A finished match with a card of a loser's final hand put back on the draw pile."""
    seat = other(over)
    card = next(iter(over.hands[seat]))
    moved = with_hand(over, seat, CardSet(over.hands[seat] ^ 1 << card.index))
    return evolve(moved, draw_pile=CardSet(over.draw_pile | 1 << card.index))


def deal(sizes: list[int], player: int) -> State:
    """A deal of `THREE` in progress, seat ``player`` to receive: the lowest cards."""
    deck, hands = list(THREE.deck), []
    for size in sizes:
        hands.append(" ".join(str(c) for c in deck[:size]))
        del deck[:size]
    return position(THREE, hands, None, phase=Phase.DEAL, player=player)


def small(state: State, card: Card = OUTSIDE) -> CardSet:
    return CardSet(state.hands[0] | 1 << card.index)


STATE_CASES: list[tuple[str, Callable[[], State | View], str, str | None]] = [
    # (example, the object, where, the rule named in the problem)
    ("player beyond the seats", lambda: evolve(reached("turn"), player=3), "data.player", None),
    ("dealer below the seats", lambda: evolve(reached("turn"), dealer=-1), "data.dealer", None),
    ("a hand missing", lambda: evolve(reached("turn"), hands=reached("turn").hands[:2]),
     "data.hands", None),
    ("a card of no deck in a hand", lambda: with_hand(reached("small turn"), 0, small(
        reached("small turn"))), "data.hands[0]", "VOY-R1"),
    ("a card of no deck in the pile", lambda: evolve(reached("small turn"), draw_pile=CardSet(
        reached("small turn").draw_pile | 1 << OUTSIDE.index)), "data.draw_pile", "VOY-R1"),
    ("a top of no deck", lambda: evolve(reached("small turn"), discard_top=OUTSIDE),
     "data.discard_top", "VOY-R1"),
    ("a discard of no deck", lambda: evolve(reached("small turn"), discard_under=(OUTSIDE,)),
     "data.discard_under[0]", "VOY-R1"),
    ("a discard twice", lambda: evolve(reached("turn"), discard_under=(
        *reached("turn").discard_under, reached("turn").discard_under[0])),
     f"data.discard_under[{len(reached('turn').discard_under)}]", "VOY-R1"),
    ("a drawn card of no deck", lambda: evolve(reached("small turn"), drawn=OUTSIDE),
     "data.drawn", "VOY-R1"),
    ("a score missing", lambda: evolve(reached("turn"), scores=(0, 0)), "data.scores", None),
    ("a negative score", lambda: evolve(reached("turn"), scores=(-1, 0, 0)), "data.scores[0]",
     None),
    ("a result's dealer", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, dealer=3)), "data.results[0].dealer", None),
    ("a result's winner", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, winner=3)), "data.results[0].winner", None),
    ("a count missing", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, cards_left=(0, 1))), "data.results[0].cards_left", None),
    ("more cards left than a deck", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, cards_left=(40, 40, 40))), "data.results[0].cards_left[0]", None),
    ("the winner holds a card", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, cards_left=(1, 1, 1))), "data.results[0].cards_left", "VOY-5"),
    ("a loser with no card left", lambda: evolve(reached("later"), results=left(
        reached("later"), 0, loser(reached("later")), 0)), "data.results[0].cards_left", "VOY-5"),
    ("more cards left than the deck", lambda: evolve(reached("later"), results=left(
        reached("later"), 0, loser(reached("later")), 39)), "data.results[0].cards_left",
     "VOY-R1"),
    ("negative points", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, points=-1)), "data.results[0].points", None),
    ("points", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, points=reached("later").results[0].points + 1)),
     "data.results[0].points", "VOY-5"),
    ("a result's reshuffles", lambda: evolve(reached("later"), results=results(
        reached("later"), 0, reshuffles=-1)), "data.results[0].reshuffles", None),
    ("a match that went on", lambda: evolve(reached("later"), rules=evolve(THREE, target=1)),
     "data.results[1]", "VOY-8"),
    ("scores that are not the sums", lambda: evolve(reached("later"), scores=(9, 9, 9)),
     "data.scores", "VOY-5"),
    ("reshuffles", lambda: evolve(reached("turn"), reshuffles=-1), "data.reshuffles", None),
    ("over before a round", lambda: evolve(reached("dealing"), phase=Phase.OVER), "data.phase",
     "VOY-8"),
    ("a match past its target", lambda: evolve(reached("over"), phase=Phase.TURN), "data.phase",
     "VOY-8"),
    ("a winner below the target", lambda: evolve(reached("over"), rules=evolve(
        THREE, target=max(reached("over").scores) + 1)), "data.phase", "VOY-8"),
    ("the winner of the match", lambda: evolve(reached("over"), player=other(reached("over"))),
     "data.player", "VOY-8"),
    ("the dealer of the last round", lambda: evolve(reached("over"), dealer=(
        reached("over").dealer + 1) % 3), "data.dealer", "VOY-8"),
    ("hands that are not the last round's", lambda: final_card_back(reached("over")),
     "data.hands", "VOY-5"),
    ("a drawn card after the match", lambda: evolve(reached("over"), drawn=next(iter(
        reached("over").hands[other(reached("over"))]))), "data.drawn", "VOY-R4"),
    ("a card in two places", lambda: evolve(reached("turn"), draw_pile=CardSet(
        reached("turn").draw_pile | reached("turn").hands[0])), "data.draw_pile", "VOY-R1"),
    ("a card lost", lambda: evolve(reached("turn"), draw_pile=CardSet(  # its lowest card
        reached("turn").draw_pile & (reached("turn").draw_pile - 1))), "data", "VOY-R1"),
    ("a reshuffle during the deal", lambda: evolve(reached("dealing"), reshuffles=1),
     "data.reshuffles", "VOY-6"),
    ("a rebuilt pile before the lead", lambda: evolve(reached("leading"), reshuffles=7),
     "data.reshuffles", "VOY-6"),
    ("a card played before the lead", lambda: position(THREE, ["R1", "R2", "R3"], "R4",
                                                       phase=Phase.LEAD),
     "data.discard_top", "VOY-2"),
    ("a hand above the hand size in the deal", lambda: deal([7, 0, 0], 1), "data.hands[0]",
     "VOY-1"),
    ("a full hand to receive the next card", lambda: evolve(reached("leading"), phase=Phase.DEAL),
     f"data.hands[{reached('leading').player}]", "VOY-1"),
    ("a hand the deal stops before", lambda: deal([6, 0, 3], 2), "data.hands[1]", "VOY-1"),
    ("an empty hand at the lead", lambda: position(THREE, ["R1", "", "R3"], None,
                                                   phase=Phase.LEAD), "data.hands[1]", "VOY-5"),
    ("an empty hand in a turn", lambda: hand_to_pile(reached("turn"), 1), "data.hands[1]",
     "VOY-5"),
    ("no top in a turn", lambda: evolve(reached("turn"), discard_top=None, discard_under=(
        *reached("turn").discard_under, top_of(reached("turn")))), "data.discard_top",
     "VOY-2"),
    ("no drawn card", lambda: evolve(reached("drawn"), drawn=None), "data.drawn", "VOY-R4"),
    ("a drawn card in no hand", lambda: evolve(reached("drawn"), drawn=next(iter(
        reached("drawn").draw_pile))), "data.drawn", "VOY-R4"),
    ("a drawn card in a turn", lambda: evolve(reached("turn"), drawn=next(iter(
        reached("turn").hands[reached("turn").player]))), "data.drawn", "VOY-R4"),
    ("a draw from nothing", lambda: pile_to_hand(reached("drawing"), other(reached("drawing"))),
     "data.draw_pile", "VOY-6"),
    ("a top that matches nothing under it", lambda: with_top(reached("turn"), other(
        reached("turn"))), "data.discard_top", "VOY-3"),
    ("a card played on one it does not match", lambda: misplayed(reached("turn"), other(
        reached("turn"))), "data.discard_under[1]", "VOY-3"),
]  # fmt: skip


def seen(name: str, seat: str = "player") -> View:
    """The view of a reached example: of the seat to move, of the next seat or of a
    spectator (``"none"``)."""
    state = reached(name)
    at = {"player": state.player, "next": other(state), "none": None}[seat]
    return voyage.view(state, at)


def sizes(view: View, seat: int, size: int) -> tuple[int, ...]:
    counts = list(view.hand_sizes)
    counts[seat] = size
    return tuple(counts)


def resized(view: View, seat: int, size: int) -> View:
    """``view`` with ``seat``'s hand of ``size`` cards, the draw pile making up the rest."""
    more = size - view.hand_sizes[seat]
    return evolve(
        view, hand_sizes=sizes(view, seat, size), draw_pile_size=view.draw_pile_size - more
    )


def next_seat(view: View) -> int:
    return (view.player + 1) % view.rules.players


VIEW_CASES: list[tuple[str, Callable[[], State | View], str, str | None]] = [
    ("a seat beyond the seats", lambda: evolve(seen("turn"), seat=3), "data.seat", None),
    ("player beyond the seats", lambda: evolve(seen("turn"), player=3), "data.player", None),
    ("dealer beyond the seats", lambda: evolve(seen("turn"), dealer=3), "data.dealer", None),
    ("a card of no deck in the hand", lambda: evolve(seen("small turn"), hand=CardSet(
        (seen("small turn").hand or 0) | 1 << OUTSIDE.index)), "data.hand", "VOY-R1"),
    ("a seat without its hand", lambda: evolve(seen("turn"), hand=None), "data.hand", None),
    ("a hand size missing", lambda: evolve(seen("turn"), hand_sizes=(3, 3)), "data.hand_sizes",
     None),
    ("a negative hand size", lambda: evolve(seen("turn"), hand_sizes=sizes(
        seen("turn"), next_seat(seen("turn")), -1)),
     f"data.hand_sizes[{next_seat(seen('turn'))}]", None),
    ("the seat's own hand size", lambda: evolve(seen("turn"), hand_sizes=sizes(
        seen("turn"), seen("turn").player, 0)), "data.hand_sizes", None),
    ("a draw pile too large", lambda: evolve(seen("turn"), draw_pile_size=40),
     "data.draw_pile_size", None),
    ("a top of no deck", lambda: evolve(seen("small turn"), discard_top=OUTSIDE),
     "data.discard_top", "VOY-R1"),
    ("a discard twice", lambda: evolve(seen("turn"), discard_under=(
        *seen("turn").discard_under, seen("turn").discard_under[0]),
        draw_pile_size=seen("turn").draw_pile_size - 1),
     f"data.discard_under[{len(seen('turn').discard_under)}]", "VOY-R1"),
    ("counts that do not add up", lambda: evolve(seen("turn"), draw_pile_size=seen(
        "turn").draw_pile_size - 1), "data", "VOY-R1"),
    ("no top in a turn", lambda: evolve(seen("turn"), discard_top=None, draw_pile_size=seen(
        "turn").draw_pile_size + 1), "data.discard_top", "VOY-2"),
    ("a top before the lead", lambda: evolve(seen("leading", "none"), discard_top=OUTSIDE,
                                             draw_pile_size=seen("leading").draw_pile_size - 1),
     "data.discard_top", "VOY-2"),
    ("cards under no top", lambda: evolve(seen("leading", "none"), discard_under=(OUTSIDE,),
                                          draw_pile_size=seen("leading").draw_pile_size - 1),
     "data.discard_under", "VOY-2"),
    ("the top under itself", lambda: evolve(seen("turn"), discard_under=(
        *seen("turn").discard_under[:-1], top_of(seen("turn")))),
     f"data.discard_under[{len(seen('turn').discard_under) - 1}]", None),
    ("a card of the hand under the top", lambda: evolve(seen("turn"), discard_under=(
        *seen("turn").discard_under[:-1], next(iter(seen("turn").hand or ())))),
     f"data.discard_under[{len(seen('turn').discard_under) - 1}]", None),
    ("a drawn card of no deck", lambda: evolve(seen("small turn"), drawn=OUTSIDE), "data.drawn",
     "VOY-R1"),
    ("another seat's drawn card", lambda: evolve(seen("turn", "none"), drawn=seen(
        "turn").discard_top), "data.drawn", "VOY-R4"),
    ("the drawer without its card", lambda: evolve(seen("drawn"), drawn=None, legal_moves=(
        Action.KEEP,)), "data.drawn", "VOY-R4"),
    ("scores that are not the sums", lambda: evolve(seen("turn"), scores=(1, 0, 0)),
     "data.scores", "VOY-5"),
    ("a seat to move beyond the seats", lambda: evolve(seen("turn"), to_move=3), "data.to_move",
     None),
    ("the seat to move", lambda: evolve(seen("turn"), to_move=CHANCE), "data.to_move", None),
    ("legal moves", lambda: evolve(seen("turn"), legal_moves=(Action.PASS,)),
     "data.legal_moves", None),
    ("moves out of turn", lambda: evolve(seen("turn", "none"), legal_moves=(Action.PASS,)),
     "data.legal_moves", None),
    ("a lead with every hand empty", lambda: evolve(seen("leading", "none"), hand_sizes=(0, 0, 0),
                                                    draw_pile_size=39),
     "data.hand_sizes[0]", "VOY-5"),
    ("a turn with an empty hand", lambda: resized(seen("turn", "none"), 2, 0),
     "data.hand_sizes[2]", "VOY-5"),
    ("a reshuffle during the deal", lambda: evolve(seen("dealing", "none"), reshuffles=1),
     "data.reshuffles", "VOY-6"),
    ("a hand the deal stops before", lambda: voyage.view(deal([6, 0, 3], 2), None),
     "data.hand_sizes[1]", "VOY-1"),
    ("a draw from nothing", lambda: resized(seen("drawing", "none"), next_seat(
        seen("drawing")), seen("drawing").hand_sizes[next_seat(seen("drawing"))]
        + seen("drawing").draw_pile_size), "data.draw_pile_size", "VOY-6"),
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


def assert_loads_refuses(obj: State | View, refused: InvalidDataError) -> None:
    """``loads`` of the object's document refuses it alike (a card of a set that is not
    in the deck, at the card's own path in the set)."""
    loaded = refusal(lambda: voyage.loads(voyage.dumps(obj)))
    assert loaded.problem == refused.problem
    assert loaded.where == refused.where or loaded.where.startswith(f"{refused.where}[")


@pytest.mark.parametrize(("example", "build", "where", "rule"), cases(STATE_CASES + VIEW_CASES))
def test_an_inconsistent_state_or_view_is_refused_where_it_is_wrong(
    example: str, build: Callable[[], State | View], where: str, rule: str | None
) -> None:
    obj = build()
    refused = refusal(lambda: check_state(obj) if isinstance(obj, State) else check_view(obj))
    assert refused.where == where, refused
    if rule is not None:  # a fault of the position, in words: never a negative count
        assert rule in refused.problem
        assert not re.search(r"(?<![A-Z])-\d", refused.problem)
    assert_loads_refuses(obj, refused)


@pytest.mark.parametrize("name", sorted(WANTED))
def test_the_examples_are_consistent_before_they_are_changed(name: str) -> None:
    state = reached(name)
    check_state(state)
    assert voyage.loads(voyage.dumps(state)) == state
    for seat in ("player", "next", "none"):
        check_view(seen(name, seat))
        assert voyage.loads(voyage.dumps(seen(name, seat))) == seen(name, seat)


def document(obj: State | View, **changes: object) -> str:
    data = voyage.to_dict(obj)
    data["data"].update(changes)
    return json.dumps(data)


@pytest.mark.rule("VOY-R1")
@pytest.mark.parametrize(
    ("change", "view", "where", "problem"),
    [
        ({"draw_pile": ["R1", "B13"]}, False, "data.draw_pile[1]",
         "B13 is not in the deck of these rules (VOY-R1)"),
        ({"hands": [["R1", "R1"], []]}, False, "data.hands[0][1]", "R1 appears twice (VOY-R1)"),
        ({"to_move": "nobody"}, True, "data.to_move",
         "must be a seat, 'chance' or null, not 'nobody'"),
        ({"to_move": 1.5}, True, "data.to_move", "must be an integer, not a number"),
        ({"rules": {"players": "2"}}, True, "data.rules.players",
         "must be an integer, not a string"),
    ],
)  # fmt: skip
def test_the_reader_refuses_what_is_no_card_or_seat_of_the_document(
    change: dict[str, object], view: bool, where: str, problem: str
) -> None:
    obj = seen("small turn") if view else reached("small turn")
    refused = refusal(lambda: voyage.loads(document(obj, **change)))
    assert (refused.where, refused.problem) == (where, problem)


ONE_COLOUR = Rules(players=2, colours=1, numbers=6, hand_size=2)
"""Every card matches every other: under VOY-R3 nobody who plays by the rules ever draws."""


def dealt_by_any_seat() -> State:
    """Two rounds dealt by seat 1, and seat 2 dealing the third (below the target)."""
    first, second = (3, 4, 0), (0, 1, 1)
    points = round_points(first), round_points(second)
    results = (RoundResult(1, 2, points[0], first, 0), RoundResult(1, 0, points[1], second, 0))
    rules = evolve(THREE, target=sum(points) + 1)
    return position(rules, ["R1", "R2", "R3"], "R4", dealer=2, results=results,
                    scores=(points[1], 0, points[0]))  # fmt: skip


ACCEPTED: list[tuple[str, Callable[[], State], str]] = [
    # (example, the position, the rule that play would have kept it to)
    ("a drawer who holds a match", lambda: position(
        ONE_COLOUR, ["R1 R2", "R3 R4"], "R5", phase=Phase.DRAW, player=1), "VOY-R3"),
    ("a drawer who held a match before his draw", lambda: position(
        Rules(players=2), ["R1 B2 R9", "G4 G5"], "R5", phase=Phase.DRAWN,
        drawn=Card.parse("B2")), "VOY-R3"),
    ("a pile rebuilt where every card matches", lambda: position(
        ONE_COLOUR, ["R1", "R2 R3"], "R4", phase=Phase.TURN, reshuffles=3), "VOY-R3"),
    ("a round rebuilt where every card matches", lambda: position(
        ONE_COLOUR, ["R1", "R2 R3"], "R4", dealer=1, results=(RoundResult(0, 0, round_points(
            (0, 2)), (0, 2), 4),), scores=(round_points((0, 2)), 0)), "VOY-R3"),
    ("a seat that kept a card holding two matches", lambda: position(
        Rules(players=2, colours=2, numbers=3, hand_size=2), ["R1 G1 G3", "R2"], "R3"),
     "VOY-R3"),
    ("a dealer who does not follow first_dealer", lambda: position(
        Rules(players=3, first_dealer=2), ["R1", "R2", "R3"], "R4", dealer=0), "VOY-R8"),
    ("results dealt by any seat", lambda: dealt_by_any_seat(), "VOY-7"),
    ("a lead from a seat that is not on the dealer's left", lambda: position(
        THREE, ["R1 R2", "G1 G2", "B1 B2"], None, phase=Phase.LEAD, player=0, dealer=0),
     "VOY-2"),
    ("a deal to any seat", lambda: deal([2, 0, 1], 1), "VOY-R7"),
    ("a turn that no count of plays and draws reaches", lambda: position(
        THREE, ["R1 R2 G7", "G1 G2", "B1 B2"], "R5", under="G6 G5", player=0, dealer=0),
     "VOY-3"),
    ("a turn after a pass holding a match", lambda: position(
        Rules(players=2, colours=3, numbers=3, hand_size=2, must_play=False),
        ["R1 G1 G3 B3 B1 B2", "G2 R2"], "R3", draw_pile=CardSet(0), player=0), "VOY-R5"),
    ("seat 0 to move after the lead of seat 1 and a play, two cards more to draw",
     lambda: position(Rules(players=2), ["R1 R2 R3 R4", "B1 B2 B3 B4"], "R5", under="G5"),
     "VOY-3"),
]  # fmt: skip
"""Positions that the checks used to refuse, inferring from their counts a history that
no play gives; `replay` of a record decides reachability now."""


@pytest.mark.parametrize(
    ("example", "build"),
    [pytest.param(e, b, id=e, marks=pytest.mark.rule(r)) for e, b, r in ACCEPTED],
)
def test_a_sound_position_that_no_play_reaches_is_accepted_and_everything_works_on_it(
    example: str, build: Callable[[], State]
) -> None:
    state = build()
    assert voyage.loads(voyage.dumps(state)) == state
    for seat in (None, *range(state.rules.players)):
        assert voyage.loads(voyage.dumps(voyage.view(state, seat))) == voyage.view(state, seat)
    check_position(voyage.GAME, state, random.Random(example))


@pytest.mark.rule("VOY-R3")
def test_a_drawer_who_holds_a_match_is_dealt_like_any_other_hidden_hand() -> None:
    """Under must_play a seat that draws held no match, but a view of a draw does not say
    what the drawer held: in a one-colour deck, where every card matches, a view of a
    draw is accepted and determinized like any other."""
    drawing = position(ONE_COLOUR, ["R1 R2", "R3 R4"], "R5", phase=Phase.DRAW, player=1)
    seen_by_0 = voyage.view(drawing, 0)
    assert voyage.loads(voyage.dumps(seen_by_0)) == seen_by_0
    for seed in range(5):
        imagined = voyage.determinize(seen_by_0, random.Random(seed))
        assert imagined.hands[1] <= cards("R3 R4 R6")  # every card of it matches R5
        assert voyage.view(imagined, 0) == seen_by_0


@examples(300)
@given(vst.positions(), st.randoms(use_true_random=False))
def test_every_hand_made_position_loads_and_everything_works_on_it(
    position: State, rng: random.Random
) -> None:
    assert voyage.loads(voyage.dumps(position)) == position
    check_position(voyage.GAME, position, rng)
