"""Golden replays: any change in what the engines do shows up here as a diff.

If a change is intended, regenerate the files with ``python tests/golden/regenerate.py``
and review the diff before committing it.
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from seaview_rules import GAMES, play

GOLDEN = Path(__file__).parent / "golden"


def load_cases() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_cases", GOLDEN / "regenerate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cases = load_cases()


def diff(expected: Any, actual: Any) -> str:
    def lines(value: Any) -> list[str]:
        return json.dumps(value, indent=1, sort_keys=True).splitlines()

    return "\n".join(
        difflib.unified_diff(lines(expected), lines(actual), "golden", "now", lineterm="")
    )


def test_every_case_has_its_file_and_every_file_its_case() -> None:
    assert {p.stem for p in GOLDEN.glob("*.json")} == set(cases.CASES)
    assert {game for game, _, _ in cases.CASES.values()} == set(GAMES), "a game has no golden case"


@pytest.mark.parametrize("case", sorted(cases.CASES))
def test_the_record_replays_through_every_golden_state(case: str) -> None:
    document = json.loads((GOLDEN / f"{case}.json").read_text(encoding="utf-8"))
    game = GAMES[document["game"]]
    record = game.loads(json.dumps(document["record"]))
    state = game.new_game(record.rules)
    expected_states = document["states"]
    assert len(expected_states) == len(record.moves) + 1
    for number, expected in enumerate(expected_states):
        if number:
            state = game.apply_move(state, record.moves[number - 1])
        actual = cases.state_data(document["game"], state)
        if actual != expected:
            move = record.moves[number - 1] if number else "(start)"
            pytest.fail(
                f"{case}: the state after move {number} ({move}) changed; if that is "
                f"intended, run `python tests/golden/regenerate.py` and review the diff\n"
                + diff(expected, actual),
                pytrace=False,
            )


@pytest.mark.parametrize("case", sorted(cases.CASES))
def test_the_seeded_driver_still_plays_the_golden_game(case: str) -> None:
    name, options, seed = cases.CASES[case]
    document = json.loads((GOLDEN / f"{case}.json").read_text(encoding="utf-8"))
    game = GAMES[name]
    record = play(game, game.rules_type(**options), random.Random(seed)).record
    now = json.loads(game.dumps(record))
    if now != document["record"]:
        pytest.fail(
            f"{case}: the seeded game changed\n" + diff(document["record"], now), pytrace=False
        )
