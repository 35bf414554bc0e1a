"""The complete frontends of the tutorial run to the end of a game, driven by a script."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from seaview_rules import GAMES

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Player:
    """Answers each prompt with the first move it offers (or a wrong one, once)."""

    def __init__(self) -> None:
        self.prompts: list[str] = []
        self.said: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) == 1 and "(" in prompt:
            return "Q99"  # not a move: the frontend must say so and ask again
        return prompt.split("(")[1].split()[0].rstrip("):") if "(" in prompt else ""


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLES.glob("*_terminal.py")])
def test_the_terminal_frontend_plays_a_whole_game(name: str) -> None:
    player = Player()
    final: Any = load(name).main(read=player.read, write=player.said.append, seed=3)
    game = GAMES[name.removesuffix("_terminal")]
    assert game.is_terminal(final)
    assert player.prompts
    assert "wins" in player.said[-1] or "treasure" in player.said[-1]


def test_every_game_has_a_terminal_frontend_of_under_100_lines() -> None:
    for name in GAMES:
        path = EXAMPLES / f"{name}_terminal.py"
        assert path.exists(), name
        assert len(path.read_text(encoding="utf-8").splitlines()) < 100
