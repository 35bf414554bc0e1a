"""20,000 Leagues events and narration: what each spin did, told alike to every viewer
(nothing in the game is hidden) but for "you"."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import OMNISCIENT, Event, InvalidDataError, Viewer, leagues, play
from seaview_rules.leagues import (
    Blocked,
    Board,
    Bounced,
    Collided,
    Direction,
    DiverEvent,
    FoundTaken,
    Moved,
    OrderSettled,
    Rose,
    Rules,
    SentBack,
    SentUp,
    SpinsAgain,
    Spun,
    SpunForOrder,
    SquareKind,
    State,
    Tied,
    TookArrow,
    TookStarfish,
    View,
    Won,
    parse_move,
)
from seaview_rules.leagues._rules import REFEREE, last_spinner
from seaview_rules.leagues.testing import states

SMALL = Board.from_rows(["S.*..v", ".v....", "...v@.", ".X...."])
GAMES: list[tuple[dict[str, Any], int]] = [
    ({"players": 4}, 1),
    ({"players": 3}, 2),
    ({"players": 2, "spin_off": False}, 3),
    ({"players": 4, "board": SMALL, "extra_spin_after_rise": True}, 4),
    (
        {
            "players": 3,
            "board": SMALL,
            "starfish_rise_above_taken": True,
            "blocked_when_placed": False,
        },
        7,  # a seed whose game meets every rare rule with the rest
    ),
]
"""The rules (as `Rules` keywords) and seeds of the games whose spins the tests check."""

_WORDS_BEFORE_ISSUE_12: dict[type[Event], str] = {
    Moved: "moved to {square}",
    Bounced: "bounced at {square}",
    Blocked: "is blocked at the row's end on {square}",
    TookArrow: "took the arrow down to {square}",
    TookStarfish: "took the starfish down to {square}",
    SentUp: "was sent up by the octopus to {square}",
    FoundTaken: "found {square} taken",
    Collided: "landed on another diver at {square}",
    Rose: "rose to {square}",
    SentBack: "went back to the start",
    SpinsAgain: "spins again",
    Won: "reached the red arrow and wins",
}


def described_before_issue_12(told: tuple[Event, ...], after: State) -> str:
    """``leagues.describe`` (and so ``narrate``) as it was before events existed, made
    of the kinds of event ``told`` and their squares: the omniscient log keeps these
    words, which ``seaview demo`` prints, but for the spin in words ("3 left") and the
    seats one by one ("seat 0 and seat 1", "seat 1, seat 0": issue 47)."""
    head = told[0]
    spin = after.last_spin
    assert spin is not None
    if isinstance(head, SpunForOrder):
        text = f"seat {head.seat} spun {spin.words} for the order of play"
        for tie in (e for e in told if isinstance(e, Tied)):
            *others, last = (f"seat {s}" for s in tie.seats)
            text += f"; {', '.join(others)} and {last} tied and spin again"
        if isinstance(told[-1], OrderSettled):
            text += f"; order of play: {', '.join(f'seat {s}' for s in after.order)}"
        return text
    assert isinstance(head, Spun)
    done = [
        _WORDS_BEFORE_ISSUE_12[type(e)].format(square=e.square)
        for e in told[1:]
        if isinstance(e, DiverEvent)
    ]
    return f"seat {head.seat} spun {spin.words}: " + ", ".join(done)


@cache
def steps() -> list[tuple[State, leagues.Move, State]]:
    """Every spin of the seeded `GAMES`: the state before, the spin, the state after."""
    found: list[tuple[State, leagues.Move, State]] = []
    for options, seed in GAMES:
        play(
            leagues.GAME,
            Rules(**options),
            random.Random(seed),
            on_move=lambda b, m, a: found.append((b, m, a)),
        )
    return found


def viewers(state: State) -> list[Viewer]:
    return [None, OMNISCIENT, *range(state.rules.players)]


def test_the_games_show_every_kind_of_event() -> None:
    kinds = Counter(type(e) for b, m, a in steps() for e in leagues.events(b, m, seat=OMNISCIENT))
    assert set(kinds) == {Spun, SpunForOrder, Tied, OrderSettled, Moved, Bounced, Blocked,
                          TookArrow, TookStarfish, SentUp, FoundTaken, Collided, Rose, SentBack,
                          SpinsAgain, Won}  # fmt: skip


def test_a_spin_is_told_first_then_the_events_its_transition_recorded() -> None:
    for before, move, _ in steps():
        told = leagues.events(before, move, seat=OMNISCIENT)
        start = before.rules.board.coordinates(before.positions[before.player])
        assert told[0] in (Spun(before.player, move, start), SpunForOrder(before.player, move))
        assert list(told) == REFEREE.trace(before, move).events
        if before.phase is leagues.Phase.SPIN:
            assert all(isinstance(e, DiverEvent) and e.seat == before.player for e in told[1:])


def test_the_omniscient_log_keeps_the_words_of_before() -> None:
    """Word for word, but for a spin-off spin after which two groups tie (these games
    have none): those are now told group by group (see the next test)."""
    for before, move, after in steps():
        text = leagues.narrate(before, move, seat=OMNISCIENT)
        told = leagues.events(before, move, seat=OMNISCIENT)
        assert text == leagues.describe(after, before) == described_before_issue_12(told, after)


def test_each_group_that_ties_in_the_spin_off_is_told_apart() -> None:
    state = leagues.new_game(Rules(players=4))
    for text in ("6R", "6L", "3R"):
        state = leagues.apply_move(state, parse_move(text))
    move = parse_move("3L")
    after = leagues.apply_move(state, move)
    assert after.groups == ((0, 1), (2, 3))
    assert leagues.events(state, move) == (
        SpunForOrder(3, move), Tied((0, 1)), Tied((2, 3)),
    )  # fmt: skip
    assert leagues.narrate(state, move, seat=OMNISCIENT) == (
        "seat 3 spun 3 left for the order of play; seat 0 and seat 1 tied and spin again; "
        "seat 2 and seat 3 tied and spin again"
    )
    assert leagues.narrate(state, move, seat=3) == (
        "you spun 3 left for the order of play; seat 0 and seat 1 tied and spin again; "
        "you and seat 2 tied and spin again"
    )


@pytest.mark.rule("LEA-2", "LEA-R3")
def test_the_spin_off_reads_as_it_went() -> None:
    state = leagues.new_game(Rules(players=3, spin_off=True))
    for text in ("2R", "5L"):
        state = leagues.apply_move(state, parse_move(text))
    move = parse_move("2L")
    tied = leagues.apply_move(state, move)
    assert leagues.events(state, move, seat=1) == (SpunForOrder(2, move), Tied((0, 2)))
    assert leagues.narrate(state, move, seat=2) == (
        "you spun 2 left for the order of play; you and seat 0 tied and spin again"
    )
    again = leagues.apply_move(tied, parse_move("1R"))
    assert leagues.events(again, parse_move("3R"))[-1] == OrderSettled((1, 2, 0))
    assert leagues.narrate(again, parse_move("3R")) == (
        "seat 2 spun 3 right for the order of play; order of play: seat 1, seat 2, seat 0"
    )


@pytest.mark.rule("LEA-7")
def test_a_turn_reads_as_one_clause_for_every_viewer() -> None:
    rules = Rules(players=2, spin_off=False, board=Board.from_rows(["S..v", "..v.", ".X.."]))
    state = leagues.new_game(rules)
    move = parse_move("3L")
    after = leagues.apply_move(state, move)
    told = (Spun(0, move, (1, 1)), Moved(0, (1, 4)), TookArrow(0, (2, 4)), SpinsAgain(0, (2, 4)))
    assert all(leagues.events(state, move, seat=v) == told for v in viewers(state))
    said = "spun 3 left: moved to (1, 4), took the arrow down to (2, 4)"
    assert leagues.narrate(state, move, seat=0) == f"you {said}, spin again"
    for viewer in (1, None, OMNISCIENT):
        assert leagues.narrate(state, move, seat=viewer) == f"seat 0 {said}, spins again"
    assert leagues.narrate(state, move) == leagues.describe(after, state)
    assert leagues.describe(after) == "seat 0 spun 3 left"  # all that the position says


@pytest.mark.rule("LEA-2", "LEA-R3")
def test_the_position_after_a_spin_names_who_spun_it_where_it_can() -> None:
    """`last_spinner` of the position after each spin of the seeded games is the seat
    whose spin it was (`chance_seat` before it), of a state and of its views alike,
    except after a spin-off round that ended (LEA-R3), whose groups do not say who spun
    last; `describe` says that seat (or "a seat"), the spin, and whether it was for
    the order of play, and with the state before it is the omniscient `narrate`."""
    assert last_spinner(leagues.new_game(Rules())) is None
    assert leagues.describe(leagues.new_game(Rules())) == "no spin yet"
    unnamed = 0
    for before, move, after in steps():
        seat = last_spinner(after)
        if after.spins == 0 and not after.spun:  # a spin-off round ended
            assert seat is None
            unnamed += 1
        else:
            assert seat == leagues.chance_seat(before)
        views = [leagues.view(after, v) for v in (None, *range(after.rules.players))]
        assert all(last_spinner(v) == seat for v in views)
        text = leagues.describe(after)
        assert text.startswith(
            ("a seat" if seat is None else f"seat {seat}") + f" spun {move.words}"
        )
        assert text.endswith(" for the order of play") == (after.spins == 0)
        said = leagues.narrate(before, move, seat=OMNISCIENT)
        assert leagues.describe(after, before) == said
    assert unnamed  # the seeded games have spin-offs
    # A tie below a seat that goes first: the tied group spins in seat order (LEA-R3).
    state = leagues.new_game(Rules(players=3))
    for text in ("3R", "2L", "2R", "1L"):
        state = leagues.apply_move(state, parse_move(text))
    assert (state.groups, state.spun) == (((0,), (1, 2)), (1,))
    assert last_spinner(state) == 1
    assert leagues.describe(state) == "seat 1 spun 1 left for the order of play"


@pytest.mark.parametrize(
    ("event", "own", "other"),
    [
        (Spun(1, parse_move("3L"), (4, 2)), "you spun 3 left", "seat 1 spun 3 left"),
        (
            SpunForOrder(1, parse_move("6R")),
            "you spun 6 right for the order of play",
            "seat 1 spun 6 right for the order of play",
        ),
        (
            Tied((1, 3)),
            "you and seat 3 tied and spin again",
            "seat 1 and seat 3 tied and spin again",
        ),
        (
            Tied((1, 2, 3)),
            "you, seat 2 and seat 3 tied and spin again",
            "seat 1, seat 2 and seat 3 tied and spin again",
        ),
        (
            OrderSettled((1, 0, 2)),
            "order of play: you, seat 0, seat 2",
            "order of play: seat 1, seat 0, seat 2",
        ),
        (Moved(1, (1, 4)), "you moved to (1, 4)", "seat 1 moved to (1, 4)"),
        (Bounced(1, (1, 10)), "you bounced at (1, 10)", "seat 1 bounced at (1, 10)"),
        (
            Blocked(1, (1, 10)),
            "you are blocked at the row's end on (1, 10)",
            "seat 1 is blocked at the row's end on (1, 10)",
        ),
        (
            TookArrow(1, (2, 4)),
            "you took the arrow down to (2, 4)",
            "seat 1 took the arrow down to (2, 4)",
        ),
        (
            TookStarfish(1, (3, 3)),
            "you took the starfish down to (3, 3)",
            "seat 1 took the starfish down to (3, 3)",
        ),
        (
            SentUp(1, (1, 5)),
            "you were sent up by the octopus to (1, 5)",
            "seat 1 was sent up by the octopus to (1, 5)",
        ),
        (FoundTaken(1, (2, 6)), "you found (2, 6) taken", "seat 1 found (2, 6) taken"),
        (
            Collided(1, (2, 3)),
            "you landed on another diver at (2, 3)",
            "seat 1 landed on another diver at (2, 3)",
        ),
        (Rose(1, (1, 3)), "you rose to (1, 3)", "seat 1 rose to (1, 3)"),
        (SentBack(1, (1, 1)), "you went back to the start", "seat 1 went back to the start"),
        (SpinsAgain(1, (2, 4)), "you spin again", "seat 1 spins again"),
        (
            Won(1, (4, 2)),
            "you reached the red arrow and win",
            "seat 1 reached the red arrow and wins",
        ),
    ],
)
def test_each_event_has_words_for_its_seat_and_for_the_others(
    event: Event, own: str, other: str
) -> None:
    assert isinstance(event, Event)
    assert event.text(1) == own
    assert event.text(None) == event.text(OMNISCIENT) == str(event) == other
    if not isinstance(event, OrderSettled):  # names every seat: seat 0 is "you" too
        assert event.text(0) == other
    if isinstance(event, DiverEvent):
        assert event.text(1) == f"you {event.predicate(1)}"


def test_no_event_reveals_anything_and_a_spin_is_no_move_of_a_seat() -> None:
    """A spin is chance's: ``seaview_rules.Table.undo`` never takes one back, and with
    nothing hidden no event shows what was hidden."""
    assert not any(e.reveals for b, m, a in steps() for e in leagues.events(b, m))
    assert Tied((0, 1)).seat is None
    assert OrderSettled((0, 1)).seat is None


@pytest.mark.parametrize("seat", [2, -1, True, "0", 1.0])
def test_a_viewer_that_is_no_seat_is_refused(seat: object) -> None:
    start = leagues.new_game(Rules(players=2))
    move = parse_move("3R")
    with pytest.raises(InvalidDataError, match="seat"):
        leagues.events(start, move, seat=seat)  # type: ignore[arg-type]  # a bad seat on purpose
    with pytest.raises(InvalidDataError, match="seat"):
        leagues.narrate(start, move, seat=seat)  # type: ignore[arg-type]  # a bad seat on purpose


def test_what_a_seat_is_told_depends_only_on_what_it_sees() -> None:
    """Noninterference of views, events and narration. Nothing is hidden: a view holds
    the whole state (`View` is `State` with the seat, `to_move` and `legal_moves`), so
    no two different states give a seat the same view, and a seat's hidden twin is the
    state itself. So what a seat is told of a spin depends on its views before and
    after only; it is told the events of the omniscient log, and the same words as a
    spectator unless an event is about it ("you")."""
    state_fields = [f.name for f in attrs.fields(State)]
    states: dict[View, State] = {}
    views = leaks = 0
    for before, move, _ in steps():
        everything = leagues.events(before, move, seat=OMNISCIENT)
        spectator = leagues.narrate(before, move)
        named = {getattr(e, "seat", None) for e in everything}  # the seats told "you"
        named |= {s for e in everything if isinstance(e, Tied) for s in e.seats}
        named |= {s for e in everything if isinstance(e, OrderSettled) for s in e.order}
        for seat in (None, *range(before.rules.players)):
            seen = leagues.view(before, seat)
            assert State(*(getattr(seen, name) for name in state_fields)) == before
            views += 1
            leaks += states.setdefault(seen, before) != before  # two states, one view
            assert leagues.events(before, move, seat=seat) == everything
            told = leagues.narrate(before, move, seat=seat)
            assert (told == spectator) == (seat is None or seat not in named)
    print(f"leagues noninterference: {views} views of {len(steps())} states, {leaks} leaks")
    assert views > 1_500
    assert leaks == 0


_PLACING = (TookArrow, TookStarfish, SentUp, Rose, SentBack)
"""The events that put the diver on a square he did not walk to."""


@pytest.mark.rule(
    "LEA-1", "LEA-2", "LEA-3", "LEA-4", "LEA-5", "LEA-6", "LEA-7", "LEA-8", "LEA-9", "LEA-10",
    "LEA-11", "LEA-12", "LEA-R1", "LEA-R2", "LEA-R3", "LEA-R4", "LEA-R5", "LEA-R6", "LEA-R7",
    "LEA-R8", "LEA-R9", "LEA-R10", "LEA-R11", "LEA-R12",
)  # fmt: skip
@given(states(), st.randoms(use_true_random=False))
def test_events_agree_with_the_transition(state: State, rng: random.Random) -> None:
    """For every spin from a state reached by legal play, then for every spin of random
    play from there to the end, the events, the narration and the rules applied agree
    with what the spin did, as the states before and after it show it: who spun, whose
    diver moved and where he ends, whether the game is over, whether the same seat spins
    again, how the spin-off went on."""
    for move in leagues.legal_moves(state):
        agree(state, move, leagues.apply_move(state, move))
    while not leagues.is_terminal(state):
        move = leagues.sample_chance(state, rng)
        after = leagues.apply_move(state, move)
        agree(state, move, after)
        state = after


_EVENT_RULES: dict[type[Event], set[str]] = {
    Bounced: {"LEA-5"},
    Blocked: {"LEA-6"},
    Collided: {"LEA-11"},
    Rose: {"LEA-R7"},
    Won: {"LEA-1", "LEA-R8"},
    SpinsAgain: {"LEA-R6"},
}
_EFFECT_RULES = {TookArrow: "LEA-7", TookStarfish: "LEA-9", SentUp: "LEA-10"}
_TAKEN_RULES = {
    SquareKind.ARROW: {"LEA-8"},
    SquareKind.STARFISH: {"LEA-9", "LEA-R10"},  # LEA-R10: where the rise starts
    SquareKind.OCTOPUS: {"LEA-10"},
}


def expected_rules(state: State, move: leagues.Move, told: tuple[Event, ...]) -> set[str]:
    """The rules that the spin ``move`` from ``state`` applied, by ID, as the rule
    reference states them: the rulings on how a diver walks from where he stands, from
    the state; then the rule of each thing that happened to him, from the events (which
    `agree` checks against the states)."""
    rules = {"LEA-R1", "LEA-R2"}  # a board every diver can still win on; a spinner's segment
    if state.phase is leagues.Phase.ORDER:
        tied = any(isinstance(e, Tied) for e in told)
        return rules | {"LEA-2"} | ({"LEA-R3"} if tied else set())
    board, mover = state.rules.board, state.player
    here, was_placed = state.positions[mover], state.placed[mover]
    others = {p for s, p in enumerate(state.positions) if s != mover}
    if here == board.start:  # put there (LEA-3, LEA-R4) or walked there (LEA-R11)
        rules |= {"LEA-3", "LEA-R4"} if was_placed else {"LEA-R11"}
        if here % board.columns:
            rules.add("LEA-R12")  # a start that is not its row's left end
    elif was_placed and here % board.columns == (
        board.columns - 1 if move.direction is Direction.RIGHT else 0
    ):
        rules.add("LEA-R9")  # put on an end square, and the letter leads off the row
    sent_back_by, kind = "LEA-11", None
    for e in told[1:]:
        if isinstance(e, Moved):
            rules.add("LEA-4")
            landing, kind = board.index(*e.square), board.kind(*e.square)
            if landing == board.start and landing in others:
                rules.add("LEA-R4")
            if landing == board.start and landing % board.columns:
                rules.add("LEA-R12")
        elif isinstance(e, FoundTaken):
            assert kind is not None
            rules |= _TAKEN_RULES[kind]
            sent_back_by = "LEA-12"  # no free square above: back to the start
        elif isinstance(e, TookArrow | TookStarfish | SentUp):
            rules |= {_EFFECT_RULES[type(e)], "LEA-R5"}
        elif isinstance(e, SentBack):
            rules.add(sent_back_by)
        else:
            rules |= _EVENT_RULES[type(e)]
    return rules


@pytest.mark.rule("LEA-6", "LEA-8", "LEA-10", "LEA-11", "LEA-12", "LEA-R3", "LEA-R7", "LEA-R9",
                  "LEA-R10", "LEA-R11")  # fmt: skip
def test_every_spin_of_the_seeded_games_agrees_with_its_events_and_rules() -> None:
    """The check of `test_events_agree_with_the_transition` over the seeded games,
    which meet every kind of event: fixed and quick, where that test plays at random."""
    applied: Counter[str] = Counter()
    for before, move, after in steps():
        agree(before, move, after)
        applied.update(leagues.rules_applied(before, move))
    rare = {"LEA-6", "LEA-8", "LEA-10", "LEA-11", "LEA-12", "LEA-R3", "LEA-R7", "LEA-R9",
            "LEA-R10", "LEA-R11"}  # fmt: skip
    assert rare <= set(applied), applied  # the rare ones met


def agree(state: State, move: leagues.Move, after: State) -> None:
    """Check that what the spin ``move`` from ``state`` to ``after`` is told to have
    done agrees with the two states."""
    board = state.rules.board
    told = leagues.events(state, move, seat=OMNISCIENT)
    applied = leagues.rules_applied(state, move)
    said = leagues.narrate(state, move, seat=OMNISCIENT)
    assert set(applied) == expected_rules(state, move, told)
    mover = state.player
    if state.phase is leagues.Phase.ORDER:
        assert told[0] == SpunForOrder(mover, move)
        assert after.positions == state.positions
        assert "LEA-2" in applied
        round_over = not after.spun
        group = next(g for g in state.groups if len(g) > 1)  # the group now spinning
        ties = [g for g in after.groups if len(g) > 1 and set(g) <= set(group)]
        assert list(told[1:]) == (
            [Tied(g) for g in ties if round_over]
            + [OrderSettled(after.order)] * (after.phase is leagues.Phase.SPIN)
        )
        assert ("LEA-R3" in applied) == any(isinstance(e, Tied) for e in told)
        assert said == "; ".join(e.text() for e in told)
        return
    assert told[0] == Spun(mover, move, board.coordinates(state.positions[mover]))
    happened = told[1:]
    assert all(isinstance(e, DiverEvent) and e.seat == mover for e in happened)
    diver_events = [e for e in happened if isinstance(e, DiverEvent)]
    kinds = [type(e) for e in diver_events]
    assert said == f"{told[0]}: {', '.join(e.predicate() for e in diver_events)}"
    # Only the mover's diver moves, and his last event leaves him where he stands.
    assert after.positions[:mover] + after.positions[mover + 1 :] == (
        state.positions[:mover] + state.positions[mover + 1 :]
    )
    assert diver_events[-1].square == board.coordinates(after.positions[mover])
    # The game is over exactly when he won; he spins again exactly when told so.
    assert (Won in kinds) == (after.phase is leagues.Phase.OVER) == ("LEA-1" in applied)
    assert (SpinsAgain in kinds) == after.extra_spin == ("LEA-R6" in applied)
    assert after.extra_spin == (after.player == mover and after.phase is leagues.Phase.SPIN)
    assert after.turns == state.turns + (not state.extra_spin)
    others = {board.coordinates(p) for s, p in enumerate(state.positions) if s != mover}
    if Blocked in kinds:
        # Blocked: he stays where he was, as he came there, and the turn passes on.
        assert kinds == [Blocked]
        assert (after.positions, after.placed) == (state.positions, state.placed)
        assert "LEA-6" in applied
        return
    # Else he walked: bounces at the row's ends, then one move along his row, then
    # perhaps a square that put him elsewhere; he was put there iff one did.
    walked = kinds.index(Moved)
    assert kinds[:walked] == [Bounced] * walked
    assert ("LEA-5" in applied) == (walked > 0)
    row = board.coordinates(state.positions[mover])[0]
    assert all(e.square[0] == row for e in diver_events[: walked + 1])
    assert all(e.square[1] in (1, board.columns) for e in diver_events[:walked])
    assert after.placed[mover] == any(isinstance(e, _PLACING) for e in happened)
    # The last square he walked or was put to is where he stands.
    put = [e for e in diver_events if isinstance(e, (Moved, *_PLACING))]
    assert put[-1].square == board.coordinates(after.positions[mover])
    assert after.placed[:mover] + after.placed[mover + 1 :] == (
        state.placed[:mover] + state.placed[mover + 1 :]
    )
    # A collision, or a square found taken, names a square another diver stood on.
    for e in happened:
        if isinstance(e, (Collided, FoundTaken)):
            assert e.square in others
    assert (Collided in kinds) == ("LEA-11" in applied)
    assert (TookArrow in kinds) == ("LEA-7" in applied)
