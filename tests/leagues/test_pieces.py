"""Boards and spinners as data: formats, validation, and the shipped reconstruction."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import InvalidDataError
from seaview_rules.leagues import (
    Board,
    Direction,
    Rules,
    Segment,
    Spinner,
    SquareKind,
    board_to_data,
    default_board,
    default_spinner,
    load_board,
    load_spinner,
    spinner_to_data,
)
from seaview_rules.leagues._rulebook import LANDS_ON, SENDS, effect_targets
from seaview_rules.leagues.testing import boards, spinners

if TYPE_CHECKING:
    from pathlib import Path

TINY = ["S.v.", ".v..", "..X."]


def problem(rows: list[str]) -> tuple[str, str]:
    with pytest.raises(InvalidDataError) as err:
        Board.from_rows(rows)
    return err.value.where, err.value.problem


@pytest.mark.rule("LEA-R1")
@pytest.mark.parametrize(
    ("rows", "where", "words"),
    [
        (["..v.", ".v..", "..X."], "board", "no start square"),
        (["S.v.", ".v..", "...."], "board", "no red arrow"),
        (["S.v.", ".v..", "X.X."], "square (3, 3)", "a second red arrow"),
        (["SSv.", ".v..", "..X."], "square (1, 2)", "a second start square"),
        (["..v.", "Sv..", "..X."], "square (2, 1)", "start square must be in row 1"),
        (["S.v.", ".vX.", "...."], "square (2, 3)", "red arrow must be in the last row"),
        (["S.v.", ".v?.", "..X."], "square (2, 3)", "unknown square '?'"),
        (["S.v.", ".v.", "..X."], "board row 2", "has 3 squares"),
        (["S"], "board rows", "from 2 to 100"),
        (["S", "X"], "board columns", "from 2 to 100"),
    ],
)
def test_invalid_boards_are_refused_naming_the_square_and_the_problem(
    rows: list[str], where: str, words: str
) -> None:
    found_where, found_problem = problem(rows)
    assert found_where == where
    assert words in found_problem


def refused_by_the_rules(rows: list[str]) -> tuple[str, str]:
    """The refusal of `Rules` for the board of ``rows``, which `Board` accepts."""
    board = Board.from_rows(rows)
    with pytest.raises(InvalidDataError) as err:
        Rules(players=2, board=board)
    return err.value.where, err.value.problem


@pytest.mark.rule("LEA-R1", "LEA-R5")
@pytest.mark.parametrize(
    ("rows", "where", "words"),
    [
        (["S.v.", ".v..", "v.X."], "square (3, 1)", "arrow sends divers off the board (below"),
        (["S.v.", "v..*", "..X."], "square (2, 4)", "starfish sends divers off the board"),
        (
            ["S.@.", ".v..", "..X."],
            "square (1, 3)",
            "octopus sends divers off the board (above row 1)",
        ),
        (["S.v.", "..*.", "..X."], "square (1, 3)", "must be a yellow square, not a starfish"),
    ],
)
def test_a_board_whose_effects_the_rules_refuse_is_refused_when_rules_are_built(
    rows: list[str], where: str, words: str
) -> None:
    found_where, found_problem = refused_by_the_rules(rows)
    assert found_where == where
    assert words in found_problem


@pytest.mark.rule("LEA-R1", "LEA-R5", "LEA-7", "LEA-9")
@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        (["S.v.", "..v.", "..X."], "the arrow sends divers to (2, 3), which must be a yellow square, not an arrow"),
        (["S..v", "...@", "..X."], "the arrow sends divers to (2, 4), which must be a yellow square, not an octopus"),
        (["S.*.", "....", "..*.", "....", "X..."], "the starfish sends divers to (3, 3), which must be a yellow square, not a starfish"),
    ],
)  # fmt: skip
def test_the_refusal_names_the_square_an_effect_sends_a_diver_to(
    rows: list[str], problem: str
) -> None:
    assert refused_by_the_rules(rows)[1] == problem


@pytest.mark.rule("LEA-R1", "LEA-10")
def test_an_octopus_may_not_send_a_diver_onto_the_start() -> None:
    assert refused_by_the_rules(["S.v.", "@v..", "..X."]) == (
        "square (2, 1)",
        "the octopus sends divers to (1, 1), which must be a yellow square, not the start",
    )


@pytest.mark.rule("LEA-R1", "LEA-R8")
def test_an_effect_may_send_a_diver_onto_the_red_arrow() -> None:
    board = Board.from_rows(["S.v.", "..X."])
    assert board.red_arrow == board.index(2, 3)


@pytest.mark.rule("LEA-R2")
@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ('{"segments": []}', "segments", "at least one segment"),
        (
            '{"segments": [{"number": 1, "direction": "R", "weight": 0}]}',
            "segments[0].weight",
            "at least 1",
        ),
        ('{"segments": [{"number": 0, "direction": "R"}]}', "segments[0].number", "at least 1"),
        (
            '{"segments": [{"number": 2, "direction": "U"}]}',
            "segments[0].direction",
            "must be one of",
        ),
        (
            '{"segments": [{"number": 2, "direction": "R", "colour": "red"}]}',
            "segments[0]",
            "unknown key",
        ),
        ("segments = 3", "segments", "must be a list"),
        ("segments = [", "", "not valid TOML"),
        ('{"segments": ', "", "not valid JSON"),
    ],
)
def test_invalid_spinners_are_refused_naming_the_segment(text: str, where: str, words: str) -> None:
    with pytest.raises(InvalidDataError) as err:
        load_spinner(text)
    assert err.value.where == where
    assert words in err.value.problem


@pytest.mark.rule("LEA-R2")
def test_spinner_values_are_validated_when_built() -> None:
    with pytest.raises(InvalidDataError, match="has no segment"):
        Spinner(())
    with pytest.raises(InvalidDataError, match="weight"):
        Segment(2, Direction.LEFT, 0)
    with pytest.raises(InvalidDataError, match="spinner segment 2"):
        Spinner.parse("1R 7Q")
    assert Spinner.parse("3R*2 1L") == Spinner(
        (Segment(3, Direction.RIGHT, 2), Segment(1, Direction.LEFT))
    )


@pytest.mark.rule("LEA-R1")
def test_a_board_and_spinner_on_which_a_diver_could_never_win_are_refused() -> None:
    # With only right moves, a diver on a row's right end is blocked for ever (LEA-6).
    with pytest.raises(InvalidDataError) as err:
        Rules(players=2, board=Board.from_rows(TINY), spinner=Spinner.parse("1R 2R"))
    assert err.value.where.startswith("square (")
    assert "never reach the red arrow" in err.value.problem


@pytest.mark.rule("LEA-R1", "LEA-R2")
def test_boards_and_spinners_load_from_toml_and_json_text_and_files(tmp_path: Path) -> None:
    toml = 'name = "tiny"\nrows = 3\ncolumns = 4\nsquares = ["S . v .", ". v . .", ". . X ."]\n'
    board = load_board(toml)
    assert board == Board.from_rows(TINY, name="tiny")
    as_json = json.dumps(board_to_data(board))
    assert load_board(as_json) == board
    (tmp_path / "board.toml").write_text(toml, encoding="utf-8")
    (tmp_path / "board.json").write_text(as_json, encoding="utf-8")
    (tmp_path / "board.txt").write_text(as_json, encoding="utf-8")
    for name in ("board.toml", "board.json", "board.txt"):
        assert load_board(tmp_path / name) == board
    spinner = Spinner.parse("1R 2L*3", name="mine")
    (tmp_path / "spinner.json").write_text(json.dumps(spinner_to_data(spinner)), encoding="utf-8")
    assert load_spinner(tmp_path / "spinner.json") == spinner
    toml_spinner = (
        'segments = [{number = 1, direction = "R"}, {number = 2, direction = "L", weight = 3}]'
    )
    assert load_spinner(toml_spinner) == Spinner.parse("1R 2L*3")


@pytest.mark.rule("LEA-R1")
def test_board_files_are_checked_for_shape_and_type() -> None:
    for text, where in (
        ('{"rows": 3, "columns": 4}', "document"),
        ('{"rows": 3, "columns": 4, "squares": ["S.v.", ".v..", "..X.", "...."]}', "squares"),
        ('{"rows": 3, "columns": 5, "squares": ["S.v.", ".v..", "..X."]}', "squares[0]"),
        ('{"rows": "3", "columns": 4, "squares": []}', "rows"),
        ("[1, 2]", ""),  # no opening brace, so read as TOML, which it is not
    ):
        with pytest.raises(InvalidDataError) as err:
            load_board(text)
        assert err.value.where == where
    with pytest.raises(InvalidDataError):
        load_board(42)  # type: ignore[arg-type]  # neither text nor a path


@pytest.mark.rule("LEA-R1")
def test_the_default_board_is_the_documented_reconstruction() -> None:
    board = default_board()
    assert (board.rows, board.columns) == (20, 10)
    assert "reconstruction" in board.name
    assert board.coordinates(board.start) == (1, 1)
    assert board.coordinates(board.red_arrow)[0] == 20
    for row in range(1, 20):
        assert any(board.kind(row, c) is SquareKind.ARROW for c in range(1, 11)), row
    kinds = board.squares
    assert kinds.count(SquareKind.STARFISH) >= 10
    assert kinds.count(SquareKind.OCTOPUS) >= 10
    for target in effect_targets(board):
        # No special square, the red arrow included, where an effect sends a diver.
        assert target is None or kinds[target] is SquareKind.YELLOW
    assert Rules().board is board


@pytest.mark.rule("LEA-R2")
def test_the_default_spinner_has_twelve_equal_segments() -> None:
    assert str(default_spinner()) == "1R 1L 2R 2L 3R 3L 4R 4L 5R 5L 6R 6L"
    assert Rules().spinner is default_spinner()


def valid(rows: int, columns: int, squares: tuple[SquareKind, ...]) -> bool:
    """The board rules of LEA-R1 that `Board` checks, written out independently."""
    if not (2 <= rows <= 100 and 2 <= columns <= 100):
        return False
    starts = [i for i, k in enumerate(squares) if k is SquareKind.START]
    reds = [i for i, k in enumerate(squares) if k is SquareKind.RED_ARROW]
    return (
        len(starts) == 1
        and starts[0] < columns
        and len(reds) == 1
        and reds[0] >= (rows - 1) * columns
    )


def playable(board: Board) -> bool:
    """Whether every effect of ``board`` sends a diver to a square of the board where
    the rules let it send him (LEA-R1), written out from the rulebook's numbers."""
    for index, kind in enumerate(board.squares):
        if kind in SENDS:
            target = index + SENDS[kind] * board.columns
            if not 0 <= target < len(board.squares) or board.squares[target] not in LANDS_ON:
                return False
    return True


@pytest.mark.rule("LEA-R1")
@given(boards(), st.data())
def test_a_changed_board_is_accepted_iff_it_is_valid_and_played_iff_the_rules_allow_it(
    board: Board, data: st.DataObject
) -> None:
    assert load_board(json.dumps(board_to_data(board))) == board
    squares = list(board.squares)
    for _ in range(data.draw(st.integers(1, 3))):
        squares[data.draw(st.integers(0, len(squares) - 1))] = data.draw(
            st.sampled_from(list(SquareKind))
        )
    if not valid(board.rows, board.columns, tuple(squares)):
        with pytest.raises(InvalidDataError) as err:
            Board(board.rows, board.columns, tuple(squares))
        assert err.value.where.startswith(("square (", "board"))
        return
    changed = Board(board.rows, board.columns, tuple(squares))
    assert changed.squares == tuple(squares)
    if playable(changed):
        assert len(effect_targets(changed)) == len(squares)
    else:
        with pytest.raises(InvalidDataError) as err:
            effect_targets(changed)
        assert err.value.where.startswith("square (")


@pytest.mark.rule("LEA-R2")
@given(spinners())
def test_generated_spinners_round_trip_through_both_formats(spinner: Spinner) -> None:
    data = spinner_to_data(spinner)
    assert load_spinner(json.dumps(data)) == spinner
    toml = (
        "segments = ["
        + ", ".join(
            f'{{number = {s["number"]}, direction = "{s["direction"]}", weight = {s["weight"]}}}'
            for s in data["segments"]
        )
        + "]"
    )
    assert load_spinner(toml) == spinner
