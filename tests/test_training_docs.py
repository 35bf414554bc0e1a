"""The page "Training agents": its examples run, and its tables are the code's (nox -s rl)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from seaview_rules._agents import AgentGame
from seaview_rules.pettingzoo import RENDER_MODES

pytestmark = pytest.mark.rl

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGE = (DOCS / "training.rst").read_text(encoding="utf-8")


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, DOCS / "examples" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pages_examples_are_the_example_files() -> None:
    for name in ("pettingzoo_loop", "openspiel_ismcts"):
        assert f".. literalinclude:: examples/{name}.py" in PAGE


def test_the_pettingzoo_loop_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    returns = load("pettingzoo_loop").main()
    assert sorted(returns) == [f"player_{s}" for s in range(4)]
    assert sum(returns.values()) == pytest.approx(0)
    assert sorted(returns.values())[-1] in (0.0, 1.0)  # a winner, or a game cut off
    assert "seat 0:" in capsys.readouterr().out  # the whole table, printed at the end


def test_the_openspiel_example_plays_ismcts_through_a_whole_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert sorted(load("openspiel_ismcts").main()) == [-1.0, 1.0]
    assert "you" in capsys.readouterr().out  # seat 0's own record


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("name", ["voyage", "ships_wheel", "leagues"])
def test_the_encoding_tables_are_the_codes(name: str) -> None:
    game = AgentGame(name)
    page = squash(PAGE)
    size = f"{game.observation_size:,}"
    assert f"{size} numbers" in page, size
    for segment in game.segments:
        shape = " x ".join(map(str, segment.shape))
        row = f"* - ``{segment.name}`` - {shape} - {segment.meaning}"
        assert squash(row) in page, row


@pytest.mark.parametrize("name", ["voyage", "ships_wheel", "leagues"])
def test_the_stated_sizes_and_bounds_are_the_codes(name: str) -> None:
    game = AgentGame(name)
    page = squash(PAGE)
    actions = len(game.actions)
    assert f"{actions} player action{'s' * (actions != 1)}" in page
    assert f"{len(game.outcomes)} chance outcomes" in page
    assert f"{game.encoding.max_game_length(game.rules):,} decisions" in page


def test_the_render_modes_are_documented() -> None:
    for mode in RENDER_MODES:
        assert f'``"{mode}"``' in PAGE
