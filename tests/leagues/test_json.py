"""20,000 Leagues JSON: the options of `Rules`, `State.placed` and a view's `to_move` and
`legal_moves` round-trip, documents that break them are refused with `InvalidDataError`
naming the path, and documents come as dicts (`to_dict`, `from_dict`), of a given kind,
and as lists of moves."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

from seaview_rules import CHANCE, GameRecord, InvalidDataError, play
from seaview_rules.leagues import (
    GAME,
    Board,
    Phase,
    Rules,
    State,
    View,
    apply_move,
    dumps,
    from_dict,
    is_terminal,
    legal_moves,
    loads,
    new_game,
    parse_move,
    sample_chance,
    to_dict,
    view,
)

BOARD = Board.from_rows(["S.*..v", ".v....", "...v@.", ".X...."])
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


def _played(rules: Rules, spins: int, seed: int = 1) -> list[State]:
    states = [new_game(rules)]
    rng = random.Random(seed)
    while len(states) <= spins and not is_terminal(states[-1]):
        states.append(apply_move(states[-1], sample_chance(states[-1], rng)))
    return states


@cache
def game_states() -> list[State]:
    """A whole game: the spin-off, turns and the end."""
    return _played(Rules(players=3), 10_000)


def turn() -> State:
    """A state of the game above a few spins into the race."""
    return next(s for s in game_states() if s.phase is Phase.SPIN and s.spins > 2)


def over() -> State:
    """The end of the game above."""
    return game_states()[-1]


def test_to_dict_is_the_document_dumps_writes_and_from_dict_reads_it_back() -> None:
    record = play(GAME, Rules(players=2), random.Random(2)).record
    moves = record.moves[:5]
    objects: list[Any] = [
        *game_states()[::40],
        over(),
        *(view(over(), s) for s in (None, 0)),
        view(game_states()[1], 2),
        view(turn(), 1),
        record,
        moves,
    ]
    for obj in objects:
        data = to_dict(obj)
        assert json.loads(dumps(obj)) == data
        assert from_dict(data) == loads(dumps(obj)) == obj
    assert from_dict(to_dict(list(moves))) == moves  # a list is written as a tuple of moves
    assert to_dict(moves)["kind"] == "moves"


def test_loads_of_a_kind_returns_that_kind_and_refuses_the_others() -> None:
    state = turn()
    documents: dict[type[Any], str] = {
        State: dumps(state),
        View: dumps(view(state, 1)),
        GameRecord: dumps(play(GAME, Rules(players=2), random.Random(3)).record),
        tuple: dumps(legal_moves(state)),
    }
    for kind, text in documents.items():
        assert isinstance(loads(text, kind=kind), kind)
        assert isinstance(from_dict(json.loads(text), kind=kind), kind)
        for other in documents:
            if other is not kind:
                with pytest.raises(InvalidDataError) as err:
                    loads(text, kind=other)
                assert err.value.where == "kind"
    seen: View = loads(documents[View], kind=View)  # typed: mypy knows it is a View
    assert seen.to_move is CHANCE
    with pytest.raises(TypeError):
        loads(documents[State], kind=dict)  # type: ignore[arg-type]  # no such kind, on purpose


def test_a_moves_document_holds_spins_only() -> None:
    with pytest.raises(TypeError, match="cannot write int"):
        to_dict(42)  # type: ignore[arg-type]  # not a document on purpose
    with pytest.raises(TypeError, match="item 1"):
        dumps([parse_move("3R"), "3L"])  # type: ignore[list-item]  # not a move on purpose
    data = to_dict((parse_move("3R"),))
    data["data"] = ["3R", "3X"]
    error = from_dict_refused(data)
    assert error.where == "data[1]"
    data["data"] = "3R"
    assert from_dict_refused(data).problem == "must be a list, not a string"


def from_dict_refused(data: dict[str, Any]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as err:
        from_dict(data)
    return err.value


def test_a_view_writes_whose_turn_it_is_and_the_seat_s_moves() -> None:
    assert over().phase is Phase.OVER
    playing, ended = view(turn(), 0), view(over(), 0)
    assert to_dict(playing)["data"]["to_move"] == "chance"
    assert to_dict(ended)["data"]["to_move"] is None
    assert to_dict(playing)["data"]["legal_moves"] == to_dict(ended)["data"]["legal_moves"] == []


def test_a_view_without_the_new_fields_is_refused() -> None:
    for key in ("to_move", "legal_moves"):
        data = to_dict(view(turn(), 1))
        del data["data"][key]
        assert from_dict_refused(data).problem == f"missing key {key!r}"


@pytest.mark.rule("LEA-2", "LEA-R3")
@pytest.mark.parametrize("spin_off", [False, True])
def test_a_state_whose_player_is_not_first_in_the_order_before_the_first_turn_is_refused(
    spin_off: bool,
) -> None:
    state = new_game(Rules(players=3, spin_off=spin_off))
    rng = random.Random(0)
    while state.phase is Phase.ORDER:
        state = apply_move(state, sample_chance(state, rng))
    assert state.spins == 0
    for seat in range(3):
        data = document(state)
        data["data"]["player"] = seat
        if seat == state.order[0]:
            assert loads(json.dumps(data)) == state
            continue
        err = refused(data)
        assert err.where == "data.player"
        assert f"seat {state.order[0]} plays first" in err.problem
