"""The consistency checks of 20,000 Leagues states and views (`_checks`) and the refusals
of the codec: each refusal fired by a small example, a document of a state reached by
play with one thing changed, and refused by `loads` with the path of that thing and the
rule it breaks."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import attrs
import pytest

from seaview_rules import InvalidDataError, play
from seaview_rules.leagues import (
    GAME,
    Board,
    Rules,
    Spinner,
    State,
    View,
    apply_move,
    dumps,
    loads,
    new_game,
    parse_move,
    view,
)
from seaview_rules.leagues._checks import check_state, check_view

# 1: S . * . . v    starfish (1,3) -> (3,3); arrow (1,6) -> (2,6)
# 2: . v . . @ .    arrow (2,2) -> (3,2); octopus (2,5) -> (1,5)
# 3: . . . v . .    arrow (3,4) -> (4,4)
# 4: . X . . . .    the red arrow (4,2)
BOARD = Board.from_rows(["S.*..v", ".v..@.", "...v..", ".X...."])
SEATED = Rules(players=2, board=BOARD, spin_off=False)
SPUN_OFF = Rules(players=2, board=BOARD)


def spin(state: State, *spins: str) -> State:
    for text in spins:
        state = apply_move(state, parse_move(text))
    return state


STATES: dict[str, State] = {
    "spin-off": new_game(SPUN_OFF),  # seats 0 and 1 are to spin for the order of play
    "spin-off, seat 1 next": spin(new_game(SPUN_OFF), "3R"),
    "order settled": spin(new_game(SPUN_OFF), "3R", "1R"),  # seat 0 first, then seat 1
    "seat order": new_game(SEATED),  # no spin yet, seat 0 to spin
    "walked": spin(new_game(SEATED), "1R"),  # seat 0 walked to (1, 2); seat 1 to spin
    "extra spin": spin(new_game(SEATED), "5R"),  # seat 0 took the arrow (1,6) to (2,6)
    "blocked": spin(new_game(SEATED), "5R", "1R"),  # then blocked on the end square (2,6)
    "over": play(GAME, SEATED, random.Random(0)).final,
    "two turns": spin(new_game(SEATED), "1R", "2R"),  # seat 1 took the starfish (1,3)
    "order settled, seat 1 first": spin(new_game(SPUN_OFF), "1R", "3R"),
}
"""States reached by play, one per situation the checks tell apart."""


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
    """The document of ``STATES[base]`` (or of ``seat``'s view of it, with ``seat``
    given as -1 for a spectator's) with ``changes`` made to its data."""
    state = STATES[base]
    obj: State | View = state if seat is None else view(state, None if seat < 0 else seat)
    document: dict[str, Any] = json.loads(dumps(obj))
    for path, value in changes.items():
        put(document["data"], path, value)
    return document


CASES: list[tuple[str, dict[str, object], str, str]] = [
    # The fields, checked against the rules.
    ("walked", {"player": 5}, "data.player", "must be at most 1, not 5"),
    ("walked", {"positions": [[1, 2]]}, "data.positions", "must have 2 to 2 items, not 1"),
    (
        "walked",
        {"positions[0]": [1, 3]},
        "data.positions[0]",
        "a diver cannot stand on starfish square (1, 3)",
    ),
    (
        "walked",
        {"positions[1]": [1, 2]},
        "data.positions[1]",
        "two divers on square (1, 2): only the start holds several (LEA-11)",
    ),
    ("walked", {"placed": [False]}, "data.placed", "must have 2 to 2 items, not 1"),
    ("walked", {"order": [0, 1, 0]}, "data.order", "must have 0 to 2 items, not 3"),
    ("walked", {"order[1]": 2}, "data.order[1]", "must be at most 1, not 2"),
    ("spin-off", {"groups": [[0], [1], [0]]}, "data.groups", "must have 0 to 2 items, not 3"),
    ("spin-off", {"groups[0]": [0, 1, 1]}, "data.groups[0]", "must have 0 to 2 items, not 3"),
    ("spin-off", {"groups[0][1]": -1}, "data.groups[0][1]", "must be at least 0, not -1"),
    ("spin-off, seat 1 next", {"spun": [3, 3, 3]}, "data.spun", "must have 0 to 2 items, not 3"),
    ("spin-off, seat 1 next", {"spun[0]": 0}, "data.spun[0]", "must be at least 1, not 0"),
    ("walked", {"spins": -1}, "data.spins", "must be at least 0, not -1"),
    ("walked", {"turns": -1}, "data.turns", "must be at least 0, not -1"),
    ("walked", {"order_spins": -2}, "data.order_spins", "must be at least 0, not -2"),
    (
        "walked",
        {"last_spin": "9R"},
        "data.last_spin",
        "the spinner has no 9R segment (LEA-R2)",
    ),
    ("walked", {"extra_spin": 1}, "data.extra_spin", "must be true or false, not an integer"),
    # The spin-off for the order of play (LEA-2, LEA-R3).
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
        "must split every seat into ranked groups (LEA-R3)",
    ),
    (
        "spin-off",
        {"groups": [[0], [1]]},
        "data.groups",
        "some seats must still be tied while the spin-off goes on (LEA-R3)",
    ),
    (
        "spin-off, seat 1 next",
        {"spun": [7]},
        "data.spun",
        "must be the numbers spun so far by the tied group (LEA-R3)",
    ),
    (
        "spin-off",
        {"spun": [3, 1]},
        "data.spun",
        "must be the numbers spun so far by the tied group (LEA-R3)",
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
        "every diver is on the start until the order is settled (LEA-3)",
    ),
    (
        "walked",
        {"spun": [3]},
        "data",
        "groups and spun are empty once the order of play is settled (LEA-R3)",
    ),
    ("walked", {"order": [0, 0]}, "data.order", "must list every seat once (LEA-2)"),
    (
        "walked",
        {"order": [1, 0], "player": 0},
        "data.order",
        "without a spin-off the order is the seat order (LEA-R3)",
    ),
    # What the last spin did, and the counters (LEA-1, LEA-2, LEA-3, LEA-7, LEA-9).
    ("walked", {"order_spins": 2}, "data.order_spins", "these rules have no spin-off (LEA-R3)"),
    (
        "order settled",
        {"order_spins": 1},
        "data.order_spins",
        "every seat spins at least once in the spin-off (LEA-2)",
    ),
    (
        "walked",
        {"turns": 2},
        "data.turns",
        "every turn begins with a spin, and the first spin begins one",
    ),
    (
        "walked",
        {"last_spin": None},
        "data.last_spin",
        "a spin is recorded exactly when one was made",
    ),
    (
        "seat order",
        {"positions[0]": [1, 2]},
        "data.positions",
        "no diver leaves the start before the first spin (LEA-3)",
    ),
    (
        "order settled",
        {"extra_spin": True},
        "data.extra_spin",
        "only a turn's spin earns an extra spin, and the game goes on (LEA-7, LEA-9)",
    ),
    (
        "over",
        {"extra_spin": True},
        "data.extra_spin",
        "only a turn's spin earns an extra spin, and the game goes on (LEA-7, LEA-9)",
    ),
    ("order settled", {"spins": 1, "turns": 1}, "data.player", "seat 1 plays after seat 0 (LEA-2)"),
    ("extra spin", {"extra_spin": False}, "data.player", "seat 1 plays after seat 0 (LEA-2)"),
    (
        "extra spin",
        {"player": 1},
        "data.player",
        "after an extra spin the same diver spins again (LEA-7, LEA-9)",
    ),
    ("walked", {"player": 0}, "data.player", "seat 1 plays after seat 0 (LEA-2)"),
    # Seat 1 won with a spin of turn 20 (seat 1's); turn 19 was seat 0's.
    ("over", {"turns": 19}, "data.player", "seat 0 spun last: no other diver can have won (LEA-1)"),
    # Whether each diver walked to his square or was put there (LEA-3, LEA-R4, LEA-R9).
    (
        "seat order",
        {"placed[1]": False},
        "data.placed",
        "every diver is put on the start before the first spin (LEA-3)",
    ),
    (
        "walked",
        {"placed[0]": True},
        "data.last_spin",
        "no square seat 0's diver could spin 1R from leads to this position (LEA-3 to LEA-12)",
    ),
    (
        "extra spin",
        {"placed[0]": False},
        "data.last_spin",
        "no square seat 0's diver could spin 5R from leads to this position (LEA-3 to LEA-12)",
    ),
    (
        "blocked",
        {"rules.blocked_when_placed": False},
        "data.last_spin",
        "no square seat 0's diver could spin 1R from leads to this position (LEA-3 to LEA-12)",
    ),
    (
        "seat order",
        {"last_spin": "1L", "spins": 1, "turns": 1, "placed": [True, True], "player": 1},
        "data.last_spin",
        "no square seat 0's diver could spin 1L from leads to this position (LEA-3 to LEA-12)",
    ),
    # Who has had a turn, where play can put a diver, and what the last spin made of
    # the position before it (LEA-2 to LEA-12, LEA-R3).
    ("blocked", {"turns": 2}, "data.player", "seat 0 plays after seat 1 (LEA-2)"),
    (
        "walked",
        {"positions[1]": [1, 4]},
        "data.positions[1]",
        "seat 1 has had no turn yet: his diver is on the start (LEA-2, LEA-3)",
    ),
    (
        "two turns",
        {"positions[0]": [4, 6], "placed[0]": True},
        "data.positions[0]",
        "no play can put a diver on square (4, 6) (LEA-3 to LEA-12)",
    ),
    (
        "walked",
        {"last_spin": "2R"},
        "data.last_spin",
        "no square seat 0's diver could spin 2R from leads to this position (LEA-3 to LEA-12)",
    ),
    (
        "walked",
        {"positions[0]": [1, 4]},
        "data.last_spin",
        "no square seat 0's diver could spin 1R from leads to this position (LEA-3 to LEA-12)",
    ),
    (
        "spin-off, seat 1 next",
        {"last_spin": "4R"},
        "data.last_spin",
        "no spin-off position that seat 0 spins 4R in leads to these groups and this order "
        "(LEA-2, LEA-R3)",
    ),
    (
        "order settled",
        {"last_spin": "6R"},
        "data.last_spin",
        "no spin-off position that a seat spins 6R in leads to these groups and this order "
        "(LEA-2, LEA-R3)",
    ),
    (
        "order settled, seat 1 first",
        {"last_spin": "1L"},
        "data.last_spin",
        "no spin-off position that a seat spins 1L in leads to these groups and this order "
        "(LEA-2, LEA-R3)",
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
        {"rules.board.squares[1]": ".v..@"},
        "data.rules.board.squares[1]",
        "row 2 must have 6 squares, not 5",
    ),
    (
        "walked",
        {"rules.board.squares[0]": "S.*..@"},
        "data.rules.board: square (1, 6)",
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
    "LEA-R4", "LEA-R9", "LEA-R11",
)  # fmt: skip
@pytest.mark.parametrize(
    ("base", "changes", "where", "problem"), CASES, ids=[f"{c[2]}: {c[3]}" for c in CASES]
)
def test_a_document_that_breaks_a_rule_is_refused_naming_the_field_and_the_rule(
    base: str, changes: dict[str, object], where: str, problem: str
) -> None:
    document = changed(base, changes)
    assert loads(dumps(STATES[base])) == STATES[base]  # the document was valid before
    assert refusal(document) == (where, problem)
    rule = re.search(r"\((LEA-[R0-9]+)[,)]", problem)
    if rule is not None:
        assert rule.group(1) in problem


@pytest.mark.rule("LEA-1")
def test_the_winner_stands_on_the_red_arrow() -> None:
    state = STATES["over"]
    board = state.rules.board
    free = next(
        i
        for i in range(board.rows * board.columns)
        if board.squares[i].value == "." and i not in state.positions
    )
    document = json.loads(dumps(state))
    document["data"]["positions"][state.player] = list(board.coordinates(free))
    assert refusal(document) == ("data.positions", "the winner's diver is on the red arrow (LEA-1)")


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
    for state in STATES.values():
        check_state(state)
        for seat in (None, 0, 1):
            check_view(view(state, seat))
    walked = STATES["walked"]
    with pytest.raises(InvalidDataError) as err:
        check_state(attrs.evolve(walked, player=0))
    assert (err.value.where, err.value.problem) == (
        "data.player",
        "seat 1 plays after seat 0 (LEA-2)",
    )
    seen = view(walked, 1)
    with pytest.raises(InvalidDataError) as err:
        check_view(attrs.evolve(seen, legal_moves=(parse_move("3R"),)))
    assert err.value.where == "data.legal_moves"


@pytest.mark.rule("LEA-R2")
def test_a_spinner_with_one_number_cannot_settle_the_order() -> None:
    with pytest.raises(InvalidDataError) as err:
        Rules(players=2, board=BOARD, spinner=Spinner.parse("1R 1L"))
    assert err.value.where == "spin_off"


def document(state: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(state))
    return data


def refused(data: dict[str, Any]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as err:
        loads(json.dumps(data))
    return err.value


@pytest.mark.rule("LEA-R9", "LEA-R11")
def test_placed_must_agree_with_the_start_and_with_the_last_spin() -> None:
    rules = SEATED
    start = document(new_game(rules))
    start["data"]["placed"] = [True, False]
    assert refused(start).where == "data.placed"
    start["data"]["placed"] = [True, 1]
    assert refused(start).problem == "must be true or false, not an integer"
    walked = apply_move(new_game(rules), parse_move("1R"))  # seat 0 walks to (1,2)
    assert walked.placed == (False, True)
    data = document(walked)
    data["data"]["placed"] = [True, True]
    assert refused(data).where == "data.last_spin"  # 1R puts nobody on (1,2)
    arrow = apply_move(new_game(rules), parse_move("5R"))  # to the arrow (1,6), then (2,6)
    assert arrow.placed == (True, True)
    data = document(arrow)
    data["data"]["placed"] = [False, True]
    assert refused(data).where == "data.last_spin"  # 5R walks nobody to (2,6)


@pytest.mark.rule("LEA-R9", "LEA-R11")
def test_a_blocked_spin_must_be_one_the_rules_block() -> None:
    spinner = Spinner.parse("1R 1L 2R 2L")
    free = Rules(players=2, board=BOARD, spinner=spinner, spin_off=False, blocked_when_placed=False)
    state = apply_move(new_game(free), parse_move("1R"))  # seat 0 walks to (1,2)
    state = apply_move(state, parse_move("1R"))  # seat 1 too: collision, back to the start
    assert loads(dumps(state)) == state
    data = document(state)
    data["data"]["placed"] = [False, False]  # as if seat 1 had walked there and stayed
    # He was put on the start (LEA-R4), or walked onto it (the ruling LEA-R11): either
    # way he moves right, never blocked, and (1,2) is taken: no spin leaves him there.
    assert refused(data).where == "data.last_spin"
    data["data"]["last_spin"] = "1L"
    assert refused(data).where == "data.last_spin"
    data["data"]["rules"]["start_always_right"] = False
    loaded = loads(json.dumps(data))  # with the option, an L blocks him there
    assert isinstance(loaded, State)
    data["data"]["last_spin"] = "1R"
    assert refused(data).where == "data.last_spin"  # an R walks him right, onto seat 0
    assert isinstance(loaded, State)


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
