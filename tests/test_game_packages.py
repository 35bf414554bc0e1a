"""A game is a package: outside the game packages, no module of the library imports a
game, names one in code or is named after one (the import-linter contracts in
``pyproject.toml`` keep the imports so in CI; this test keeps the names so)."""

from __future__ import annotations

import ast
from pathlib import Path

import seaview_rules
from seaview_rules import GAMES

SRC = Path(seaview_rules.__file__).parent
OURS = ("voyage", "leagues", "ships_wheel")
"""This distribution's games, whose packages are under ``SRC``."""


def _shared_modules() -> list[Path]:
    return sorted(path for path in SRC.rglob("*.py") if path.relative_to(SRC).parts[0] not in OURS)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (of the module, a class or a
    function, or the string right after an assignment, as Sphinx reads one)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                found.add(id(statement.value))
    return found


def _names_of_games(text: str, label: str) -> list[str]:
    """Where the module ``text`` (called ``label``) names one of our games in code: an
    import of a game package, or a string that is a game's name or a game module's
    path."""
    tree = ast.parse(text)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        where = f"{label}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            parts = node.module.split(".")
            imported = [*parts[1:2], *(alias.name for alias in node.names if len(parts) == 1)]
            if parts[0] == "seaview_rules" and any(name in OURS for name in imported):
                found.append(f"{where}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if any(alias.name.startswith(f"seaview_rules.{game}") for game in OURS):
                    found.append(f"{where}: import {alias.name}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and (node.value in OURS or any(f"seaview_rules.{g}" in node.value for g in OURS))
        ):
            found.append(f"{where}: {node.value!r}")
    return found


def test_the_shared_layers_name_no_game() -> None:
    assert _shared_modules(), "the library's modules were not found"
    named = [
        line
        for path in _shared_modules()
        for line in _names_of_games(path.read_text(encoding="utf-8"), str(path.relative_to(SRC)))
    ]
    assert named == []


def test_no_shared_module_is_named_after_a_game() -> None:
    named = [
        str(path.relative_to(SRC))
        for path in _shared_modules()
        if any(game in part for part in path.relative_to(SRC).parts for game in OURS)
    ]
    assert named == []


def test_the_check_finds_a_game_named_in_code_and_not_in_docstrings() -> None:
    text = (
        '"""A docstring may say voyage."""\n'
        "from seaview_rules import leagues\n"
        "import seaview_rules.ships_wheel._rules\n"
        "from seaview_rules.voyage import Card\n"
        "X = 'voyage'\n"
        "Y = 'seaview_rules.leagues._codec'\n"
        "def f():\n"
        '    """Neither does this: ships_wheel."""\n'
        "    return 'a voyage'\n"
    )
    assert [line.split(": ", 1)[0] for line in _names_of_games(text, "m")] == [
        "m:2", "m:3", "m:4", "m:5", "m:6"
    ]  # fmt: skip


def test_our_games_are_registered() -> None:
    assert set(OURS) <= set(GAMES)
