"""The 20,000 Leagues docs: the format page's examples (the rule page shows the default
board from its data file, ``literalinclude``, so it cannot go stale).

That every rule ID is documented, implemented and tested is checked for all games by
``tests/test_rule_reference.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seaview_rules import InvalidDataError
from seaview_rules.leagues import Board, Rules, Spinner, load_board, load_spinner

ROOT = Path(__file__).resolve().parents[2]
FORMAT_PAGE = ROOT / "docs" / "leagues-board-format.rst"


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
    assert board == Board.from_rows(["S.*..v", ".v....", "...v@.", ".X...."], name="example")
    spinner = load_spinner(toml[1])
    assert spinner == load_spinner(json[1])
    assert spinner == Spinner.parse("1R 1L 2R*2 3L", name="example")
    Rules(players=4, board=board, spinner=spinner)


@pytest.mark.rule("LEA-R1", "LEA-R2")
def test_the_format_page_error_examples_are_true() -> None:
    text = FORMAT_PAGE.read_text(encoding="utf-8")
    board = Board.from_rows(["S.@.", ".v..", "..X."])  # a board of the right shape
    with pytest.raises(InvalidDataError) as err:
        Rules(players=2, board=board)  # whose octopus the rules refuse
    assert f"``{err.value}``" in text
    segments = '[{number = 1, direction = "R"}, {number = 1, direction = "L"}, {number = 2, direction = "R", weight = 0}]'
    with pytest.raises(InvalidDataError) as err:
        load_spinner(f"segments = {segments}")
    assert f"``{err.value}``" in text
