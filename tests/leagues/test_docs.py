"""The 20,000 Leagues docs: the format page's examples and the default board's picture.

That every rule ID is documented, implemented and tested is checked for all games by
``tests/test_rule_reference.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seaview_rules import InvalidDataError
from seaview_rules.leagues import Board, Rules, Spinner, load_board, load_spinner, new_game, render

ROOT = Path(__file__).resolve().parents[2]
FORMAT_PAGE = ROOT / "docs" / "leagues-board-format.rst"
RULES_PAGE = ROOT / "docs" / "rules" / "leagues.rst"


def code_blocks(page: Path, language: str) -> list[str]:
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(rf"^\.\. code-block:: {language}\n\n((?:   .*\n|\n)+)", text, re.MULTILINE)
    return [re.sub(r"^   ", "", block, flags=re.MULTILINE) for block in blocks]


@pytest.mark.rule("LEA-R1", "LEA-R2")
def test_the_format_page_examples_load_and_agree() -> None:
    toml, json = code_blocks(FORMAT_PAGE, "toml"), code_blocks(FORMAT_PAGE, "json")
    assert len(toml) == len(json) == 2
    board = load_board(toml[0])
    assert board == load_board(json[0])
    assert board == Board.from_rows(["S.*..v", ".v..@.", "...v..", ".X...."], name="example")
    spinner = load_spinner(toml[1])
    assert spinner == load_spinner(json[1])
    assert spinner == Spinner.parse("1R 1L 2R*2 3L", name="example")
    Rules(players=4, board=board, spinner=spinner)


@pytest.mark.rule("LEA-R1", "LEA-R2")
def test_the_format_page_error_examples_are_true() -> None:
    text = FORMAT_PAGE.read_text(encoding="utf-8")
    with pytest.raises(InvalidDataError) as err:
        Board.from_rows(["S.@.", ".v..", "..X."])
    assert f"``{err.value}``" in text
    segments = '[{number = 1, direction = "R"}, {number = 1, direction = "L"}, {number = 2, direction = "R", weight = 0}]'
    with pytest.raises(InvalidDataError) as err:
        load_spinner(f"segments = {segments}")
    assert f"``{err.value}``" in text


@pytest.mark.rule("LEA-R1")
def test_the_rule_reference_shows_the_default_board_as_rendered() -> None:
    picture = "\n".join(f"   {line}".rstrip() for line in render(new_game(Rules())).splitlines())
    assert picture in RULES_PAGE.read_text(encoding="utf-8")
