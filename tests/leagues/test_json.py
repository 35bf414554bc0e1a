"""20,000 Leagues JSON: the options of `Rules` and `State.placed` round-trip, and
documents that break them are refused with `InvalidDataError` naming the path."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seaview_rules import InvalidDataError
from seaview_rules.leagues import (
    Board,
    Rules,
    Spinner,
    State,
    apply_move,
    dumps,
    loads,
    new_game,
    parse_move,
    view,
)

BOARD = Board.from_rows(["S.*..v", ".v..@.", "...v..", ".X...."])
OPTIONS: dict[str, Any] = {
    "spin_off": False,
    "extra_spin_after_rise": True,
    "starfish_rise_above_taken": True,
    "blocked_when_placed": False,
    "start_always_right": False,
}
"""Every option of `Rules` but the board, the spinner and the players, set against its
default."""


def document(state: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(state))
    return data


def refused(data: dict[str, Any]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as err:
        loads(json.dumps(data))
    return err.value


@pytest.mark.rule("LEA-R6", "LEA-R9", "LEA-R10", "LEA-R11")
@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_every_option_round_trips_and_is_written_in_the_rules(option: str) -> None:
    rules = Rules(players=2, board=BOARD, **{option: OPTIONS[option]})
    state = apply_move(new_game(rules), parse_move("1L"))
    data = document(state)
    assert data["data"]["rules"][option] == OPTIONS[option]
    assert loads(dumps(state)) == state
    assert loads(dumps(view(state, 1))) == view(state, 1)


@pytest.mark.rule("LEA-R9", "LEA-R10", "LEA-R11")
def test_a_missing_option_takes_its_default() -> None:
    data = document(new_game(Rules(players=2)))
    for option in ("starfish_rise_above_taken", "blocked_when_placed", "start_always_right"):
        del data["data"]["rules"][option]
    loaded = loads(json.dumps(data))
    assert isinstance(loaded, State)
    assert loaded.rules == Rules(players=2)


@pytest.mark.rule("LEA-R9", "LEA-R10", "LEA-R11")
@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        ("players", True, "must be an integer, not True"),
        ("players", 5, "must be 2 to 4, not 5"),
        ("blocked_when_placed", 1, "must be a bool, not 1"),
        ("start_always_right", "yes", "must be a bool, not 'yes'"),
        ("starfish_rise_above_taken", None, "must be a bool, not None"),
        ("extra_spin_after_rise", 0, "must be a bool, not 0"),
    ],
)
def test_an_option_of_the_wrong_type_is_refused_naming_it(
    option: str, value: object, problem: str
) -> None:
    data = document(new_game(Rules(players=2)))
    data["data"]["rules"][option] = value
    error = refused(data)
    assert (error.where, error.problem) == (f"data.rules.{option}", problem)


@pytest.mark.rule("LEA-R9", "LEA-R11")
def test_placed_must_agree_with_the_start_and_with_the_last_spin() -> None:
    rules = Rules(players=2, board=BOARD, spin_off=False)
    start = document(new_game(rules))
    start["data"]["placed"] = [True, False]
    assert refused(start).where == "data.placed"
    start["data"]["placed"] = [True, 1]
    assert refused(start).problem == "must be true or false, not an integer"
    walked = apply_move(new_game(rules), parse_move("1R"))  # seat 0 walks to (1,2)
    assert walked.placed == (False, True)
    data = document(walked)
    data["data"]["placed"] = [True, True]
    assert "as the last spin's events say" in refused(data).problem
    arrow = apply_move(new_game(rules), parse_move("5R"))  # to the arrow (1,6), then (2,6)
    assert arrow.placed == (True, True)
    data = document(arrow)
    data["data"]["placed"] = [False, True]
    assert refused(data).where == "data.placed"


@pytest.mark.rule("LEA-R9", "LEA-R11")
def test_a_blocked_spin_must_be_one_the_rules_block() -> None:
    spinner = Spinner.parse("1R 1L 2R 2L")
    free = Rules(players=2, board=BOARD, spinner=spinner, spin_off=False, blocked_when_placed=False)
    state = apply_move(new_game(free), parse_move("1R"))  # seat 0 walks to (1,2)
    state = apply_move(state, parse_move("1R"))  # seat 1 too: collision, back to the start
    data = document(state)
    events = [{"kind": "blocked", "seat": 1, "square": [1, 1]}]
    data["data"]["events"] = events
    assert "never blocked" in refused(data).problem  # put on the start: he moves right
    data["data"]["placed"] = [False, False]
    assert "walked onto the start" in refused(data).problem  # the ruling LEA-R11
    data["data"]["rules"]["start_always_right"] = False
    loaded = loads(json.dumps(data))  # with the option, he is blocked there
    assert isinstance(loaded, State)
