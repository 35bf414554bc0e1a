"""The checks of 20,000 Leagues positions (`_checks`) and the refusals of the codec.

A position is checked, not its history. Each refusal is fired by a small example: the
document of a position reached by play with one thing changed, refused by `loads` with
the path of that thing, the fault in words and the rule it breaks. Positions that no
game reaches but that are sound (a hand-made position for a test, a puzzle or a bug
report) load, and everything works on them."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import InvalidDataError, play
from seaview_rules.leagues import (
    GAME,
    Board,
    Phase,
    Rules,
    Spinner,
    State,
    View,
    apply_move,
    describe,
    dumps,
    legal_moves,
    loads,
    new_game,
    parse_move,
    render,
    view,
)
from seaview_rules.leagues._checks import check_state, check_view
from seaview_rules.leagues.testing import positions
from seaview_rules.testing import check_position
from tests.helpers import examples

# 1: S . * . . v    starfish (1,3) -> (3,3); arrow (1,6) -> (2,6)
# 2: . v . . . .    arrow (2,2) -> (3,2)
# 3: . . . v @ .    arrow (3,4) -> (4,4); octopus (3,5) -> (2,5)
# 4: . X . . . .    the red arrow (4,2)
BOARD = Board.from_rows(["S.*..v", ".v....", "...v@.", ".X...."])


@cache
def seated() -> Rules:
    """Two divers, in seat order."""
    return Rules(players=2, board=BOARD, spin_off=False)


@cache
def spun_off() -> Rules:
    """Two divers, the order of play spun for."""
    return Rules(players=2, board=BOARD)


def spin(state: State, *spins: str) -> State:
    for text in spins:
        state = apply_move(state, parse_move(text))
    return state


SITUATIONS: dict[str, Callable[[], State]] = {
    "spin-off": lambda: new_game(spun_off()),  # seats 0 and 1 spin for the order of play
    "spin-off, seat 1 next": lambda: spin(new_game(spun_off()), "3R"),
    "order settled": lambda: spin(new_game(spun_off()), "3R", "1R"),  # seat 0 first
    "seat order": lambda: new_game(seated()),  # no spin yet, seat 0 to spin
    "walked": lambda: spin(new_game(seated()), "1R"),  # seat 0 walked to (1,2); seat 1 next
    "extra spin": lambda: spin(new_game(seated()), "5R"),  # the arrow (1,6) to (2,6)
    "blocked": lambda: spin(new_game(seated()), "5R", "1R"),  # then blocked on (2,6)
    "over": lambda: play(GAME, seated(), random.Random(0)).final,
    "two turns": lambda: spin(new_game(seated()), "1R", "2R"),  # seat 1 took the starfish
}
"""States reached by play, one per situation the checks tell apart, each built when a
test asks for it (`situation`)."""


@cache
def situation(name: str) -> State:
    return SITUATIONS[name]()


def put(data: dict[str, Any], path: str, value: object) -> None:
    """Set the member of ``data`` at ``path`` (``"positions[0][1]"``) to ``value``."""
    keys: list[Any] = [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", path)]
    parent: Any = data
    for key in keys[:-1]:
        parent = parent[key]
    parent[keys[-1]] = value


def refusal(document: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(InvalidDataError) as err:
        loads(json.dumps(document))
    return err.value.where, err.value.problem


def changed(base: str, changes: dict[str, object], *, seat: int | None = None) -> dict[str, Any]:
    """The document of the situation ``base`` (or of ``seat``'s view of it, with
    ``seat`` given as -1 for a spectator's) with ``changes`` made to its data."""
    state = situation(base)
    obj: State | View = state if seat is None else view(state, None if seat < 0 else seat)
    document: dict[str, Any] = json.loads(dumps(obj))
    for path, value in changes.items():
        put(document["data"], path, value)
    return document


CASES: list[tuple[str, dict[str, object], str, str]] = [
    # The fields, checked against the rules.
    ("walked", {"player": 5}, "data.player", "must be at most 1, not 5"),
    ("walked", {"positions": [[1, 2]]}, "data.positions", "must have 2 to 2 items, not 1"),
    ("walked", {"placed": [False]}, "data.placed", "must have 2 to 2 items, not 1"),
    ("walked", {"order": [0, 1, 0]}, "data.order", "must have 0 to 2 items, not 3"),
    ("walked", {"order[1]": 2}, "data.order[1]", "must be at most 1, not 2"),
    ("spin-off", {"groups": [[0], [1], [0]]}, "data.groups", "must have 0 to 2 items, not 3"),
    ("spin-off", {"groups[0]": [0, 1, 1]}, "data.groups[0]", "must have 0 to 2 items, not 3"),
    ("spin-off", {"groups[0][1]": -1}, "data.groups[0][1]", "must be at least 0, not -1"),
    ("spin-off, seat 1 next", {"spun": [3, 3, 3]}, "data.spun", "must have 0 to 2 items, not 3"),
    ("spin-off, seat 1 next", {"spun[0]": 0}, "data.spun[0]", "must be at least 1, not 0"),
    ("spin-off, seat 1 next", {"spun": [7]}, "data.spun[0]", "the spinner shows no 7 (LEA-R2)"),
    ("walked", {"spins": -1}, "data.spins", "must be at least 0, not -1"),
    ("walked", {"turns": -1}, "data.turns", "must be at least 0, not -1"),
    ("walked", {"order_spins": -2}, "data.order_spins", "must be at least 0, not -2"),
    ("walked", {"last_spin": "9R"}, "data.last_spin", "the spinner has no 9R segment (LEA-R2)"),
    ("walked", {"extra_spin": 1}, "data.extra_spin", "must be true or false, not an integer"),
    # Where divers stand (LEA-1, LEA-11, LEA-R5).
    (
        "walked",
        {"positions[0]": [1, 3]},
        "data.positions[0]",
        "a diver cannot stand on the starfish at (1, 3): it sends him on at once (LEA-R5)",
    ),
    (
        "walked",
        {"positions[0]": [4, 2]},
        "data.positions[0]",
        "only the winner stands on the red arrow (4, 2) (LEA-1)",
    ),
    (
        "walked",
        {"positions[1]": [1, 2]},
        "data.positions[1]",
        "two divers on square (1, 2): only the start holds several (LEA-11)",
    ),
    # The spin-off for the order of play (LEA-2, LEA-3, LEA-R3).
    (
        "spin-off",
        {"rules.spin_off": False},
        "data.phase",
        "these rules play in seat order, without a spin-off (LEA-R3)",
    ),
    (
        "spin-off",
        {"order": [0]},
        "data.order",
        "must be empty until the spin-off settles it (LEA-2)",
    ),
    (
        "spin-off",
        {"groups": [[0]]},
        "data.groups",
        "must split the seats into ranked groups, each seat in one (LEA-R3)",
    ),
    (
        "spin-off",
        {"groups": [[1, 0]], "player": 1},
        "data.groups[0]",
        "a group lists its seats in seat order (LEA-R3)",
    ),
    (
        "spin-off",
        {"groups": [[0], [1]]},
        "data.groups",
        "some seats must still be tied while the spin-off goes on (LEA-R3)",
    ),
    (
        "spin-off",
        {"spun": [3, 1]},
        "data.spun",
        "the tied seats 0, 1 spin in turn: fewer than 2 of them have spun while one is still "
        "to spin (LEA-R3)",
    ),
    (
        "spin-off, seat 1 next",
        {"player": 0},
        "data.player",
        "seat 1 spins next in the spin-off (LEA-R3)",
    ),
    (
        "spin-off",
        {"positions[0]": [1, 2]},
        "data.positions",
        "no diver leaves the start before the first spin of the race (LEA-3)",
    ),
    (
        "spin-off",
        {"placed[1]": False},
        "data.placed",
        "every diver is put on the start until the race begins (LEA-3)",
    ),
    (
        "spin-off, seat 1 next",
        {"spins": 1, "turns": 1},
        "data.spins",
        "must be 0 until the order of play is settled: it counts the race's (LEA-2)",
    ),
    (
        "spin-off, seat 1 next",
        {"order_spins": 0},
        "data.order_spins",
        "counts every spin of the spin-off: at least the 1 in spun (LEA-2)",
    ),
    # The race, once the order is settled (LEA-2, LEA-3, LEA-R3).
    (
        "walked",
        {"spun": [3]},
        "data.spun",
        "must be empty once the order of play is settled (LEA-R3)",
    ),
    (
        "walked",
        {"groups": [[0, 1]]},
        "data.groups",
        "must be empty once the order of play is settled (LEA-R3)",
    ),
    ("walked", {"order": [0, 0]}, "data.order", "must list every seat once (LEA-2)"),
    (
        "walked",
        {"order": [1, 0]},
        "data.order",
        "without a spin-off the order is the seat order (LEA-R3)",
    ),
    (
        "walked",
        {"order_spins": 2},
        "data.order_spins",
        "must be 0: these rules have no spin-off (LEA-R3)",
    ),
    (
        "order settled",
        {"player": 1},
        "data.player",
        "seat 0 plays first, the first of the order of play (LEA-2)",
    ),
    (
        "seat order",
        {"positions[0]": [1, 2]},
        "data.positions",
        "no diver leaves the start before the first spin of the race (LEA-3)",
    ),
    (
        "seat order",
        {"placed[1]": False},
        "data.placed",
        "every diver is put on the start until the race begins (LEA-3)",
    ),
    # The counters, the last spin and the extra spin (LEA-7, LEA-9).
    (
        "walked",
        {"turns": 2},
        "data.turns",
        "must be at most spins (1): every turn begins with a spin",
    ),
    (
        "walked",
        {"turns": 0},
        "data.turns",
        "must be at least 1 once a spin was made: the first spin begins a turn",
    ),
    (
        "walked",
        {"last_spin": None},
        "data.last_spin",
        "must be the spin the spinner shows: 1 spin was made",
    ),
    (
        "seat order",
        {"last_spin": "1R"},
        "data.last_spin",
        "must be null: no spin was made (spins and order_spins are 0)",
    ),
    (
        "order settled",
        {"extra_spin": True},
        "data.extra_spin",
        "only a spin of the race earns an extra spin, and the game goes on (LEA-7, LEA-9)",
    ),
    (
        "over",
        {"extra_spin": True},
        "data.extra_spin",
        "only a spin of the race earns an extra spin, and the game goes on (LEA-7, LEA-9)",
    ),
    # The codec: the rules object (checked by `Rules`) and squares.
    ("walked", {"rules.colour": 1}, "data.rules", "unknown key 'colour'"),
    ("walked", {"rules.players": 5}, "data.rules.players", "must be 2 to 4, not 5"),
    (
        "walked",
        {"rules.board.squares[0]": "..*..v"},
        "data.rules.board: board",
        "has no start square ('S' in row 1)",
    ),
    (
        "walked",
        {"rules.board.squares[1]": ".v..."},
        "data.rules.board.squares[1]",
        "row 2 must have 6 squares, not 5",
    ),
    (
        "walked",
        {"rules.board.squares[0]": "S.*..@"},
        "data.rules: square (1, 6)",
        "the octopus sends divers off the board (above row 1)",
    ),
    (
        "walked",
        {"rules.spinner.segments": [{"number": 1, "direction": "R"}]},
        "data.rules: square (1, 1)",
        "a diver here can never reach the red arrow with this spinner",
    ),
    (
        "spin-off",
        {"rules.spinner.segments": [{"number": 1, "direction": "R"}]},
        "data.rules.spin_off",
        "settling the order by spinning needs a spinner with two different numbers",
    ),
    ("walked", {"positions[0]": [1]}, "data.positions[0]", "must have 2 to 2 items, not 1"),
    ("walked", {"positions[0]": [0, 2]}, "data.positions[0][0]", "must be at least 1, not 0"),
    ("walked", {"positions[0]": [1, 7]}, "data.positions[0][1]", "must be at most 6, not 7"),
]


@pytest.mark.rule(
    "LEA-1", "LEA-2", "LEA-3", "LEA-7", "LEA-9", "LEA-11", "LEA-R1", "LEA-R2", "LEA-R3",
    "LEA-R5",
)  # fmt: skip
@pytest.mark.parametrize(
    ("base", "changes", "where", "problem"), CASES, ids=[f"{c[2]}: {c[3]}" for c in CASES]
)
def test_a_document_that_breaks_a_rule_is_refused_naming_the_field_and_the_fault(
    base: str, changes: dict[str, object], where: str, problem: str
) -> None:
    state = situation(base)
    assert loads(dumps(state)) == state  # the document was valid before
    assert refusal(changed(base, changes)) == (where, problem)


@pytest.mark.rule("LEA-1")
def test_the_winner_stands_on_the_red_arrow() -> None:
    state = situation("over")
    board = state.rules.board
    free = next(
        i
        for i in range(board.rows * board.columns)
        if board.squares[i].value == "." and i not in state.positions
    )
    document = changed("over", {f"positions[{state.player}]": list(board.coordinates(free))})
    assert refusal(document) == (
        f"data.positions[{state.player}]",
        f"seat {state.player} won: his diver is on the red arrow (LEA-1)",
    )


ZERO_ORDER = (
    '{"format":"seaview_rules","game":"leagues","kind":"state","version":1,"data":'
    '{"rules":{"players":2},"phase":"order","player":0,"extra_spin":false,'
    '"positions":[[1,1],[1,1]],"placed":[true,true],"order":[],"groups":[[0,1]],'
    '"spun":[],"spins":1,"turns":1,"order_spins":0,"last_spin":"3R"}}'
)
"""A spin-off with spins of the race counted, which made `loads` divide by the empty
order of play (``ZeroDivisionError``) before positions were checked as positions."""


@pytest.mark.rule("LEA-2")
def test_a_spin_off_that_counts_spins_of_the_race_is_refused_not_a_crash() -> None:
    with pytest.raises(InvalidDataError) as err:
        loads(ZERO_ORDER)
    assert (err.value.where, err.value.problem) == (
        "data.spins",
        "must be 0 until the order of play is settled: it counts the race's (LEA-2)",
    )


ACCEPTED: list[tuple[str, dict[str, object], str]] = [
    ("walked", {"player": 0}, "seat 0 spins again though nothing gave him an extra spin"),
    ("walked", {"positions[1]": [1, 4]}, "seat 1 left the start before his first turn"),
    ("walked", {"placed[0]": True}, "seat 0 was put on (1, 2), where no square sends a diver"),
    ("two turns", {"positions[0]": [4, 6], "placed[0]": True}, "no play puts a diver on (4, 6)"),
    ("walked", {"last_spin": "2R"}, "the last spin is not the one that made the position"),
    ("over", {"turns": 19}, "the turns counted name another seat as the last to spin"),
    ("extra spin", {"player": 1}, "seat 1 is owed an extra spin that seat 0 earned"),
    ("blocked", {"turns": 2}, "the turns counted name seat 0 to spin next"),
    ("spin-off, seat 1 next", {"last_spin": "4R"}, "the spinner shows 4, seat 0 spun 3"),
    ("order settled", {"last_spin": "6R"}, "no spin of 6 settled this order"),
    (
        "walked",
        {"positions": [[2, 3], [3, 6]], "placed": [True, False], "spins": 30, "turns": 21},
        "a puzzle: two divers anywhere, thirty spins in",
    ),
]
"""Positions that no game reaches but that are sound: they load and work (each was
refused when `loads` checked histories)."""


@pytest.mark.rule("LEA-2", "LEA-3", "LEA-R9")
@pytest.mark.parametrize(
    ("base", "changes", "what"), ACCEPTED, ids=[what for _, _, what in ACCEPTED]
)
def test_a_sound_position_that_no_game_reaches_loads_and_works(
    base: str, changes: dict[str, object], what: str
) -> None:
    loaded = loads(json.dumps(changed(base, changes)))
    assert isinstance(loaded, State)
    assert loaded != situation(base)
    assert loads(dumps(loaded)) == loaded
    check_position(GAME, loaded, random.Random(0))
    assert render(loaded).splitlines()[-1].startswith("last: ")
    for move in legal_moves(loaded):
        check_state(apply_move(loaded, move))


@pytest.mark.rule("LEA-2", "LEA-R3")
def test_the_last_spinner_of_a_hand_made_position_is_what_its_fields_say() -> None:
    """Who spun last follows from the seat to spin, the order and the extra spin, never
    from the counters (which a hand-made position may set to anything)."""
    walked = loads(json.dumps(changed("walked", {"turns": 1, "spins": 7})))
    assert isinstance(walked, State)
    assert describe(walked) == "seat 0 spun 1 right"  # seat 1 to spin: seat 0 before him
    extra = loads(json.dumps(changed("extra spin", {"spins": 4, "turns": 2})))
    assert isinstance(extra, State)
    assert describe(extra) == "seat 0 spun 5 right"  # his own extra spin is next


@pytest.mark.rule("LEA-R1", "LEA-R2", "LEA-R3")
@examples(150)
@given(positions(), st.randoms(use_true_random=False))
def test_every_hand_made_position_loads_again_and_everything_works_on_it(
    position: State, rng: random.Random
) -> None:
    assert loads(dumps(position)) == position
    check_position(GAME, position, rng)


@pytest.mark.parametrize(
    ("changes", "where", "problem"),
    [
        ({"seat": 2}, "data.seat", "must be at most 1, not 2"),
        ({"seat": -1}, "data.seat", "must be at least 0, not -1"),
        ({"seat": "0"}, "data.seat", "must be an integer, not a string"),
        (
            {"to_move": None},
            "data.to_move",
            "must be 'chance': every move is a spin until the game is over",
        ),
        (
            {"legal_moves": ["3R"]},
            "data.legal_moves",
            "must be empty: every move is a spin of the chance player",
        ),
        ({"player": 3}, "data.player", "must be at most 1, not 3"),
    ],
)
def test_a_view_document_is_checked_as_a_state_then_for_its_seat_and_moves(
    changes: dict[str, object], where: str, problem: str
) -> None:
    assert refusal(changed("walked", changes, seat=0)) == (where, problem)


@pytest.mark.rule("LEA-1")
def test_a_finished_game_s_view_has_nobody_to_move() -> None:
    document = changed("over", {"to_move": "chance"}, seat=-1)
    assert refusal(document) == ("data.to_move", "must be null: the game is over")


def test_the_checks_pass_on_every_situation_and_refuse_a_changed_value() -> None:
    for name in SITUATIONS:
        state = situation(name)
        check_state(state)
        for seat in (None, 0, 1):
            check_view(view(state, seat))
    walked = situation("walked")
    with pytest.raises(InvalidDataError) as err:
        check_state(attrs.evolve(walked, turns=0))
    assert err.value.where == "data.turns"
    seen = view(walked, 1)
    with pytest.raises(InvalidDataError) as err:
        check_view(attrs.evolve(seen, legal_moves=(parse_move("3R"),)))
    assert err.value.where == "data.legal_moves"


@pytest.mark.rule("LEA-R2")
def test_a_spinner_with_one_number_cannot_settle_the_order() -> None:
    with pytest.raises(InvalidDataError) as err:
        Rules(players=2, board=BOARD, spinner=Spinner.parse("1R 1L"))
    assert err.value.where == "spin_off"


def refused(data: dict[str, Any]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as err:
        loads(json.dumps(data))
    return err.value


@pytest.mark.rule("LEA-R9", "LEA-R11")
def test_placed_is_any_flag_once_a_spin_was_made_and_the_next_walk_follows_it() -> None:
    start = changed("seat order", {"placed": [True, 1]})
    assert refused(start).problem == "must be true or false, not an integer"
    # Seat 1 on the end square (3,6): put there, he is blocked by an R (LEA-R9) unless
    # the option frees him; walked there, he is blocked either way (LEA-6).
    for flag, option, blocked in ((True, True, True), (True, False, False), (False, False, True)):
        document = changed(
            "walked",
            {
                "positions[1]": [3, 6],
                "placed[1]": flag,
                "rules.blocked_when_placed": option,
            },
        )
        state = loads(json.dumps(document))
        assert isinstance(state, State)
        after = apply_move(state, parse_move("2R"))
        assert (after.positions[1] == state.positions[1]) == blocked
        check_position(GAME, state)


@pytest.mark.rule("LEA-1")
@pytest.mark.parametrize(
    ("over", "to_move"),
    [(False, None), (False, 0), (False, "0"), (False, True), (True, "chance"), (True, 0)],
)
def test_a_view_must_say_chance_is_to_move_until_the_end(over: bool, to_move: object) -> None:
    data = changed("over" if over else "walked", {"to_move": to_move}, seat=1)
    assert refused(data).where == "data.to_move"
    assert refused(data).problem == (
        "must be null: the game is over"
        if over
        else "must be 'chance': every move is a spin until the game is over"
    )


@pytest.mark.parametrize("legal", [["3R"], ["9Z"], "3R", None])
def test_a_view_gives_no_seat_a_move_of_its_own(legal: object) -> None:
    error = refused(changed("walked", {"legal_moves": legal}, seat=1))
    assert error.where.startswith("data.legal_moves")
    if legal == ["3R"]:
        assert error.problem == "must be empty: every move is a spin of the chance player"


def _spinner(count: int, weight: int = 1) -> dict[str, Any]:
    segment = {"number": 1, "direction": "R", "weight": weight}
    return {"segments": [dict(segment, number=1 + k % 6) for k in range(count)]}


@pytest.mark.rule("LEA-R1", "LEA-R2")
@pytest.mark.parametrize(
    ("changes", "where", "problem"),
    [
        ({"rules.board.rows": 41}, "data.rules.board.rows", "must be at most 40, not 41"),
        ({"rules.board.columns": 41}, "data.rules.board.columns", "must be at most 40, not 41"),
        (
            {"rules.spinner": _spinner(49)},
            "data.rules.spinner.segments",
            "must have 0 to 48 items, not 49",
        ),
        (
            {"rules.spinner": _spinner(2, 2_000_000)},
            "data.rules.spinner.segments[0].weight",
            "must be at most 1000000, not 2000000",
        ),
        (
            {"rules.spinner": _spinner(2, 600_000)},
            "data.rules.spinner.segments[1].weight",
            "the weights add up to more than 1,000,000, the most a spinner may have",
        ),
    ],
)
def test_a_board_or_spinner_beyond_the_limits_is_refused_before_it_is_built(
    changes: dict[str, object], where: str, problem: str
) -> None:
    assert refusal(changed("walked", changes)) == (where, problem)


def test_a_board_and_a_spinner_at_the_limits_load() -> None:
    # An arrow in every row, in the first column or the second by turns.
    rows = [
        "S.v" + "." * 37,
        *(("v." if r % 2 else ".v") + "." * 38 for r in range(38)),
        "X" + "." * 39,
    ]
    board = Board.from_rows(rows)
    spinner = Spinner.parse(" ".join(f"{1 + k % 24}{'RL'[k % 2]}" for k in range(48)))
    state = new_game(Rules(players=2, board=board, spinner=spinner, spin_off=False))
    assert loads(dumps(state)) == state


def test_every_situation_is_of_the_phase_its_name_says() -> None:
    phases = {name: situation(name).phase for name in SITUATIONS}
    assert {name for name, phase in phases.items() if phase is Phase.ORDER} == {
        "spin-off",
        "spin-off, seat 1 next",
    }
    assert phases["over"] is Phase.OVER
