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

from seaview_rules import CHANCE, InvalidDataError, voyage
from seaview_rules.voyage import Action, Card, CardSet, Phase, RoundResult, Rules, State, View
from seaview_rules.voyage._checks import check_state, check_view
from tests.helpers import reach

THREE = Rules(players=3, target=12)
SMALL = Rules(players=2, colours=2, numbers=5, hand_size=2, target=4)
"""Ten cards, R1-R5 and G1-G5: B13 is not in its deck."""
OUTSIDE = Card.parse("B13")


DEALING = reach(voyage.GAME, THREE, lambda s: s.phase is Phase.DEAL and sum(map(len, s.hands)) == 4)
LEADING = reach(voyage.GAME, THREE, lambda s: s.phase is Phase.LEAD)
TURN = reach(voyage.GAME, THREE, lambda s: s.phase is Phase.TURN and len(s.discard_under) >= 2)
DRAWING = reach(voyage.GAME, THREE, lambda s: s.phase is Phase.DRAW and len(s.draw_pile) >= 2)
DRAWN = reach(voyage.GAME, THREE, lambda s: s.phase is Phase.DRAWN)
LATER = reach(voyage.GAME, THREE, lambda s: len(s.results) >= 2 and s.phase is Phase.TURN)
OVER = reach(voyage.GAME, THREE, voyage.is_terminal)
# Right after the lead: nothing drawn, so the turn is the leader's left's (VOY-3).
JUST_LED = reach(
    voyage.GAME,
    THREE,
    lambda s: s.phase is Phase.TURN and not s.discard_under and len(s.draw_pile) == 39 - 18,
)
SMALL_TURN = reach(voyage.GAME, SMALL, lambda s: s.phase is Phase.TURN and bool(s.discard_under))


def play(rules: Rules, *moves: str) -> State:
    """The state after ``moves``, from a new match."""
    state = voyage.new_game(rules)
    for move in moves:
        state = voyage.apply_move(state, voyage.parse_move(move))
    return state


def given(state: State, **seats: int) -> State:
    """Each card named moved into the seat's hand (``R1=0``), from a hand or the draw
    pile."""
    for card, seat in seats.items():
        bit = 1 << Card.parse(card).index
        hands = [CardSet(hand & ~bit) for hand in state.hands]
        hands[seat] = CardSet(hands[seat] | bit)
        state = evolve(state, hands=tuple(hands), draw_pile=CardSet(state.draw_pile & ~bit))
    return state


# One colour: every card matches every other, so under must_play nobody ever draws.
ONE_COLOUR = play(Rules(players=2, colours=1, numbers=5, hand_size=2),
                  "deal R1", "deal R2", "deal R3", "deal R4", "R1")  # fmt: skip
# Seat 1 leads R3; seat 0, holding G1 and G2, draws G3 and keeps it (VOY-R3, VOY-R4).
KEPT = play(
    Rules(players=2, colours=2, numbers=3, hand_size=2),
    "deal R3",
    "deal G1",
    "deal R1",
    "deal G2",
    "R3",
    "draw",
    "deal G3",
    "keep",
)
# Seat 1 leads R3; every card is drawn and kept (must_play off); then seat 1, holding G1,
# G2 and B1, none a match, passes (VOY-R5).
PASSED = play(Rules(players=2, colours=3, numbers=3, hand_size=2, must_play=False),
              "deal R3", "deal R1", "deal G1", "deal R2", "R3",
              *(move for card in ("G3", "G2", "B3", "B1", "B2")
                for move in ("draw", f"deal {card}", "keep")), "pass")  # fmt: skip


def results(state: State, number: int, **changes: Any) -> tuple[RoundResult, ...]:
    """``state.results`` with result ``number`` changed."""
    changed = list(state.results)
    changed[number] = evolve(changed[number], **changes)
    return tuple(changed)


def hand_to_pile(state: State, seat: int) -> State:
    """``seat``'s whole hand put onto the draw pile."""
    hands = list(state.hands)
    pile, hands[seat] = CardSet(state.draw_pile | hands[seat]), CardSet(0)
    return evolve(state, hands=tuple(hands), draw_pile=pile)


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


def left(state: State, number: int, **counts: int) -> tuple[RoundResult, ...]:
    """``state.results`` with the cards left of seats ``s0``, ``s1``... in result
    ``number`` changed."""
    cards_left = list(state.results[number].cards_left)
    for seat, count in counts.items():
        cards_left[int(seat[1:])] = count
    return results(state, number, cards_left=tuple(cards_left))


def holding_a_match(state: State) -> State:
    """The drawer given a card of the draw pile that matches the top."""
    assert state.discard_top is not None
    match = next(c for c in state.draw_pile if c.matches(state.discard_top))
    bit = 1 << match.index
    moved = with_hand(state, state.player, CardSet(state.hands[state.player] | bit))
    return evolve(moved, draw_pile=CardSet(state.draw_pile ^ bit))


def with_hand(state: State, seat: int, hand: CardSet) -> State:
    hands = list(state.hands)
    hands[seat] = hand
    return evolve(state, hands=tuple(hands))


assert TURN.discard_top is not None
TOP = TURN.discard_top
FIRST = next(iter(TURN.draw_pile))
"""A card of the draw pile of `TURN`."""
OTHER = next(s for s in range(3) if s != OVER.player)
NEXT_SEAT = (TURN.player + 1) % 3


def misplayed(state: State, seat: int) -> State:
    """The second card under the top exchanged for a card of ``seat``'s hand that does
    not match the first."""
    under = state.discard_under
    card = next(c for c in state.hands[seat] if not c.matches(under[0]))
    hand = CardSet(state.hands[seat] ^ 1 << card.index | 1 << under[1].index)
    return evolve(with_hand(state, seat, hand), discard_under=(under[0], card, *under[2:]))


FINAL = next(iter(OVER.hands[OTHER]))
WON = LATER.results[0].winner
LOSERS = [s for s in range(3) if s != WON]
STATE_CASES: list[tuple[str, State | View, str, str | None]] = [
    # (example, the object, where, the rule named in the problem)
    ("player beyond the seats", evolve(TURN, player=3), "data.player", None),
    ("dealer below the seats", evolve(TURN, dealer=-1), "data.dealer", None),
    ("a hand missing", evolve(TURN, hands=TURN.hands[:2]), "data.hands", None),
    ("a card of no deck in a hand", with_hand(SMALL_TURN, 0, CardSet(
        SMALL_TURN.hands[0] | 1 << OUTSIDE.index)), "data.hands[0]", "VOY-R1"),
    ("a card of no deck in the pile", evolve(SMALL_TURN, draw_pile=CardSet(
        SMALL_TURN.draw_pile | 1 << OUTSIDE.index)), "data.draw_pile", "VOY-R1"),
    ("a top of no deck", evolve(SMALL_TURN, discard_top=OUTSIDE), "data.discard_top", "VOY-R1"),
    ("a discard of no deck", evolve(SMALL_TURN, discard_under=(OUTSIDE,)),
     "data.discard_under[0]", "VOY-R1"),
    ("a discard twice", evolve(TURN, discard_under=(*TURN.discard_under, TURN.discard_under[0])),
     f"data.discard_under[{len(TURN.discard_under)}]", "VOY-R1"),
    ("a drawn card of no deck", evolve(SMALL_TURN, drawn=OUTSIDE), "data.drawn", "VOY-R1"),
    ("a score missing", evolve(TURN, scores=(0, 0)), "data.scores", None),
    ("a negative score", evolve(TURN, scores=(-1, 0, 0)), "data.scores[0]", None),
    ("a result's dealer", evolve(LATER, results=results(LATER, 0, dealer=3)),
     "data.results[0].dealer", None),
    ("the deal passes left", evolve(LATER, results=results(LATER, 1, dealer=0)),
     "data.results[1].dealer", "VOY-7"),
    ("a result's winner", evolve(LATER, results=results(LATER, 0, winner=3)),
     "data.results[0].winner", None),
    ("a count missing", evolve(LATER, results=results(LATER, 0, cards_left=(0, 1))),
     "data.results[0].cards_left", None),
    ("more cards left than the deck", evolve(LATER, results=results(
        LATER, 0, cards_left=(40, 40, 40))), "data.results[0].cards_left[0]", None),
    ("the winner holds a card", evolve(LATER, results=results(
        LATER, 0, cards_left=(1, 1, 1))), "data.results[0].cards_left", "VOY-5"),
    ("negative points", evolve(LATER, results=results(LATER, 0, points=-1)),
     "data.results[0].points", None),
    ("points", evolve(LATER, results=results(LATER, 0, points=LATER.results[0].points + 1)),
     "data.results[0].points", "VOY-5"),
    ("a result's reshuffles", evolve(LATER, results=results(LATER, 0, reshuffles=-1)),
     "data.results[0].reshuffles", None),
    ("a match that went on", evolve(LATER, rules=evolve(THREE, target=1)), "data.results",
     "VOY-8"),
    ("scores that are not the sums", evolve(LATER, scores=(9, 9, 9)), "data.scores", "VOY-5"),
    ("reshuffles", evolve(TURN, reshuffles=-1), "data.reshuffles", None),
    ("over before a round", evolve(DEALING, phase=Phase.OVER), "data.phase", "VOY-8"),
    ("the dealer of the round", evolve(LATER, dealer=LATER.dealer + 1 if LATER.dealer < 2 else 0),
     "data.dealer", "VOY-7"),
    ("the winner of the match", evolve(OVER, player=OTHER), "data.player", "VOY-8"),
    ("a match past its target", evolve(OVER, phase=Phase.TURN, dealer=(OVER.dealer + 1) % 3),
     "data.phase", "VOY-8"),
    ("a card in two places", evolve(TURN, draw_pile=CardSet(TURN.draw_pile | TURN.hands[0])),
     "data.draw_pile", "VOY-R1"),
    ("a card lost", evolve(TURN, draw_pile=CardSet(TURN.draw_pile ^ 1 << FIRST.index)),
     "data", "VOY-R1"),
    ("a reshuffle during the deal", evolve(DEALING, reshuffles=1), "data", "VOY-1"),
    ("the deal is complete", evolve(LEADING, phase=Phase.DEAL), "data.phase", "VOY-1"),
    ("the lead from the wrong seat", evolve(LEADING, player=LEADING.dealer), "data", "VOY-2"),
    ("a turn that no play since the lead reaches", evolve(JUST_LED, player=JUST_LED.dealer),
     "data.player", "VOY-3"),
    ("a draw where every hand matches", evolve(given(ONE_COLOUR, R5=0), player=1),
     "data.draw_pile", "VOY-R3"),
    ("a rebuild where every hand matches", evolve(ONE_COLOUR, reshuffles=1), "data.reshuffles",
     "VOY-R3"),
    ("a round rebuilt where every hand matches", evolve(ONE_COLOUR, phase=Phase.OVER, results=(
        RoundResult(0, 1, 2, (2, 0), 1),)), "data.results[0].reshuffles", "VOY-R3"),
    ("a draw kept holding two matches", given(KEPT, R1=0, G1=1), "data.hands[0]", "VOY-R3"),
    ("a pass holding a match", given(PASSED, R1=1, G1=0), "data.player", "VOY-R5"),
    ("a drawn card after the match", evolve(OVER, drawn=next(iter(OVER.hands[OTHER]))),
     "data.drawn", "VOY-R4"),
    ("hands that are not the final round's", evolve(
        with_hand(OVER, OTHER, CardSet(OVER.hands[OTHER] ^ 1 << FINAL.index)),
        draw_pile=CardSet(OVER.draw_pile | 1 << FINAL.index)), "data", "VOY-5"),
    ("an empty hand in a turn", hand_to_pile(TURN, 1), "data", "VOY-5"),
    ("no top in a turn", evolve(TURN, discard_top=None, discard_under=(
        *TURN.discard_under, TOP)), "data", "VOY-2"),
    ("no drawn card", evolve(DRAWN, drawn=None), "data.drawn", "VOY-R4"),
    ("a drawn card in no hand", evolve(DRAWN, drawn=next(iter(DRAWN.draw_pile))), "data.drawn",
     "VOY-R4"),
    ("a drawn card in a turn", evolve(TURN, drawn=next(iter(TURN.hands[TURN.player]))),
     "data.drawn", "VOY-R4"),
    ("a draw from nothing", pile_to_hand(DRAWING, (DRAWING.player + 1) % 3), "data.draw_pile",
     "VOY-6"),
    ("a top that matches nothing under it", with_top(TURN, NEXT_SEAT), "data.discard_top",
     "VOY-3"),
    ("a card played on one it does not match", misplayed(TURN, NEXT_SEAT),
     "data.discard_under[1]", "VOY-3"),
    # What no play reaches, though every field agrees with the others:
    ("a winner below the target", evolve(OVER, rules=evolve(
        THREE, target=OVER.scores[OVER.player] + 1)), f"data.scores[{OVER.player}]", "VOY-8"),
    ("a loser with no card left", evolve(LATER, results=left(
        LATER, 0, **{f"s{LOSERS[0]}": 0})), "data.results[0].cards_left", "VOY-5"),
    ("more cards left than the deck", evolve(LATER, results=left(
        LATER, 0, **{f"s{LOSERS[0]}": 20, f"s{LOSERS[1]}": 19})),
     "data.results[0].cards_left", "VOY-R1"),
    ("a rebuilt pile before the lead", evolve(LEADING, reshuffles=7), "data", "VOY-2"),
    ("a forced draw holding a match", holding_a_match(DRAWING), "data.hands", "VOY-R3"),
    ("a forced draw that held a match", holding_a_match(DRAWN), "data.hands", "VOY-R3"),
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


SEEN = voyage.view(TURN, TURN.player)
"""The view of the seat to play: its hand, and moves to make."""
WATCHED = voyage.view(TURN, None)
LED = voyage.view(LEADING, None)
SMALL_SEEN = voyage.view(SMALL_TURN, SMALL_TURN.player)
DRAWER = voyage.view(DRAWN, DRAWN.player)
NEXT = (TURN.player + 1) % 3
DRAW_SEEN = voyage.view(DRAWING, None)
NEXT_DRAWER = (DRAWING.player + 1) % 3
assert SEEN.hand is not None
HELD = next(iter(SEEN.hand))
LAST_UNDER = f"data.discard_under[{len(SEEN.discard_under) - 1}]"


def sizes(view: View, seat: int, size: int) -> tuple[int, ...]:
    counts = list(view.hand_sizes)
    counts[seat] = size
    return tuple(counts)


VIEW_CASES: list[tuple[str, State | View, str, str | None]] = [
    ("a seat beyond the seats", evolve(SEEN, seat=3), "data.seat", None),
    ("player beyond the seats", evolve(SEEN, player=3), "data.player", None),
    ("dealer beyond the seats", evolve(SEEN, dealer=3), "data.dealer", None),
    ("a card of no deck in the hand", evolve(SMALL_SEEN, hand=CardSet(
        (SMALL_SEEN.hand or 0) | 1 << OUTSIDE.index)), "data.hand", "VOY-R1"),
    ("a seat without its hand", evolve(SEEN, hand=None), "data.hand", None),
    ("a hand size missing", evolve(SEEN, hand_sizes=(3, 3)), "data.hand_sizes", None),
    ("a negative hand size", evolve(SEEN, hand_sizes=sizes(SEEN, NEXT, -1)),
     f"data.hand_sizes[{NEXT}]", None),
    ("the seat's own hand size", evolve(SEEN, hand_sizes=sizes(SEEN, TURN.player, 0)),
     "data.hand_sizes", None),
    ("a draw pile too large", evolve(SEEN, draw_pile_size=40), "data.draw_pile_size", None),
    ("a top of no deck", evolve(SMALL_SEEN, discard_top=OUTSIDE), "data.discard_top", "VOY-R1"),
    ("a discard twice", evolve(SEEN, discard_under=(*SEEN.discard_under, SEEN.discard_under[0]),
                               draw_pile_size=SEEN.draw_pile_size - 1),
     f"data.discard_under[{len(SEEN.discard_under)}]", "VOY-R1"),
    ("counts that do not add up", evolve(SEEN, draw_pile_size=SEEN.draw_pile_size - 1), "data",
     "VOY-R1"),
    ("no top in a turn", evolve(SEEN, discard_top=None, draw_pile_size=SEEN.draw_pile_size + 1),
     "data.discard_top", "VOY-2"),
    ("a top before the lead", evolve(LED, discard_top=Card.parse("B13"),
                                     draw_pile_size=LED.draw_pile_size - 1),
     "data.discard_top", "VOY-2"),
    ("cards under no top", evolve(LED, discard_under=(Card.parse("B13"),),
                                  draw_pile_size=LED.draw_pile_size - 1),
     "data.discard_under", "VOY-2"),
    ("the top under itself", evolve(SEEN, discard_under=(*SEEN.discard_under[:-1], TOP)),
     LAST_UNDER, None),
    ("a card of the hand under the top", evolve(SEEN, discard_under=(
        *SEEN.discard_under[:-1], HELD)), LAST_UNDER, None),
    ("a drawn card of no deck", evolve(SMALL_SEEN, drawn=OUTSIDE), "data.drawn", "VOY-R1"),
    ("another seat's drawn card", evolve(WATCHED, drawn=TURN.discard_top), "data.drawn",
     "VOY-R4"),
    ("the drawer without its card", evolve(DRAWER, drawn=None, legal_moves=(Action.KEEP,)),
     "data.drawn", "VOY-R4"),
    ("scores that are not the sums", evolve(SEEN, scores=(1, 0, 0)), "data.scores", "VOY-5"),
    ("a seat to move beyond the seats", evolve(SEEN, to_move=3), "data.to_move", None),
    ("the seat to move", evolve(SEEN, to_move=CHANCE), "data.to_move", None),
    ("legal moves", evolve(SEEN, legal_moves=(Action.PASS,)), "data.legal_moves", None),
    ("moves out of turn", evolve(WATCHED, legal_moves=(Action.PASS,)), "data.legal_moves", None),
    # What no play reaches, though every field agrees with the others:
    ("a lead with every hand empty", evolve(LED, hand_sizes=(0, 0, 0), draw_pile_size=39),
     "data", "VOY-2"),
    ("a turn with an empty hand", evolve(WATCHED, hand_sizes=sizes(WATCHED, NEXT, 0),
                                         draw_pile_size=WATCHED.draw_pile_size
                                         + WATCHED.hand_sizes[NEXT]), "data", "VOY-5"),
    ("a reshuffle during the deal", evolve(voyage.view(DEALING, None), reshuffles=1), "data",
     "VOY-1"),
    ("a turn that no play since the lead reaches", evolve(
        voyage.view(JUST_LED, None), player=JUST_LED.dealer, to_move=JUST_LED.dealer),
     "data.player", "VOY-3"),
    ("a draw where every hand matches", voyage.view(evolve(given(ONE_COLOUR, R5=0), player=1),
                                                    None), "data.draw_pile_size", "VOY-R3"),
    ("a draw kept holding two matches", voyage.view(given(KEPT, R1=0, G1=1), 0), "data.hand",
     "VOY-R3"),
    ("a pass holding a match", voyage.view(given(PASSED, R1=1, G1=0), 1), "data.player", "VOY-R5"),
    ("a pass with too few misses unseen", voyage.view(given(PASSED, R1=1, G1=0), 0), "data.player",
     "VOY-R5"),
    ("a draw from nothing", evolve(DRAW_SEEN, draw_pile_size=0, hand_sizes=sizes(
        DRAW_SEEN, NEXT_DRAWER, DRAW_SEEN.hand_sizes[NEXT_DRAWER] + DRAW_SEEN.draw_pile_size)),
     "data.draw_pile_size", "VOY-6"),
    ("a forced draw holding a match", voyage.view(holding_a_match(DRAWING), DRAWING.player),
     "data.hand", "VOY-R3"),
]  # fmt: skip


@pytest.mark.parametrize(("example", "obj", "where", "rule"), cases(STATE_CASES + VIEW_CASES))
def test_an_inconsistent_state_or_view_is_refused_where_it_is_wrong(
    example: str, obj: State | View, where: str, rule: str | None
) -> None:
    refused = refusal(lambda: check_state(obj) if isinstance(obj, State) else check_view(obj))
    assert refused.where == where, refused
    if rule is not None:
        assert rule in refused.problem
    assert_loads_refuses(obj, refused)


@pytest.mark.parametrize(
    "obj",
    [
        DEALING,
        LEADING,
        JUST_LED,
        ONE_COLOUR,
        KEPT,
        PASSED,
        TURN,
        DRAWING,
        DRAWN,
        LATER,
        OVER,
        SMALL_TURN,
        SEEN,
        WATCHED,
        LED,
        DRAWER,
    ],
)
def test_the_examples_are_consistent_before_they_are_changed(obj: State | View) -> None:
    if isinstance(obj, State):
        check_state(obj)
    else:
        check_view(obj)
    assert voyage.loads(voyage.dumps(obj)) == obj


def document(obj: State | View, **changes: object) -> str:
    data = voyage.to_dict(obj)
    data["data"].update(changes)
    return json.dumps(data)


@pytest.mark.rule("VOY-R1")
@pytest.mark.parametrize(
    ("text", "where", "problem"),
    [
        (document(SMALL_TURN, draw_pile=["R1", "B13"]), "data.draw_pile[1]",
         "B13 is not in the deck of these rules (VOY-R1)"),
        (document(SMALL_TURN, hands=[["R1", "R1"], []]), "data.hands[0][1]",
         "R1 appears twice (VOY-R1)"),
        (document(SMALL_SEEN, to_move="nobody"), "data.to_move",
         "must be a seat, 'chance' or null, not 'nobody'"),
        (document(SMALL_SEEN, to_move=1.5), "data.to_move", "must be an integer, not a number"),
        (document(SMALL_SEEN, rules={"players": "2"}), "data.rules.players",
         "must be an integer, not a string"),
    ],
)  # fmt: skip
def test_the_reader_refuses_what_is_no_card_or_seat_of_the_document(
    text: str, where: str, problem: str
) -> None:
    refused = refusal(lambda: voyage.loads(text))
    assert (refused.where, refused.problem) == (where, problem)


@pytest.mark.rule("VOY-R3")
def test_a_view_of_a_draw_that_no_play_reaches_is_refused() -> None:
    """Under must_play, a seat that holds a card that matches the top plays, so a view
    that shows another seat drawing must leave that seat enough unseen cards that do
    not match: in a one-colour deck every card matches, and nobody ever draws."""
    rules = Rules(players=2, colours=1, numbers=13, hand_size=3)
    turn = reach(voyage.GAME, rules, lambda s: s.phase is Phase.TURN)
    seen = voyage.view(turn, 1 - turn.player)
    sizes = tuple(n + (seat == turn.player) for seat, n in enumerate(seen.hand_sizes))
    drawn = evolve(
        seen, phase=Phase.DRAWN, hand_sizes=sizes, draw_pile_size=seen.draw_pile_size - 1
    )
    refused = refusal(lambda: check_view(drawn))
    assert (refused.where, "(VOY-R3)" in refused.problem) == ("data.hand_sizes", True)
    assert_loads_refuses(drawn, refused)
    # with two colours, the same counts can come from play: the view is accepted
    two = Rules(players=2, colours=2, numbers=13, hand_size=3)
    drawing = reach(voyage.GAME, two, lambda s: s.phase is Phase.DRAWN)
    check_view(voyage.view(drawing, 1 - drawing.player))
