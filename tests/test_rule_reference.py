"""Traceability: every rule in the rule reference has code that names it and a test that
carries it, and every rule ID used in code or tests is documented."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_ruleref() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ruleref", ROOT / "docs" / "_ext" / "ruleref.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ruleref", module)
    spec.loader.exec_module(module)
    return module


ruleref = load_ruleref()
DOCUMENTED: dict[str, Path] = ruleref.documented_rules(ROOT)
TESTS: dict[str, list[tuple[str, int]]] = ruleref.marked_tests(ROOT)
CODE: dict[str, list[tuple[str, int]]] = ruleref.code_references(list(DOCUMENTED), ROOT)


def test_the_reference_documents_the_rules_of_every_game() -> None:
    prefixes = {rule.split("-")[0] for rule in DOCUMENTED}
    assert {"API", "VOY"} <= prefixes
    pages = [p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.rst")]
    declared = [m for page in pages for m in re.findall(r"^\.\. rule:: (\S+)", page, re.MULTILINE)]
    assert sorted(declared) == sorted(set(declared)), "a rule is declared twice"


@pytest.mark.parametrize("rule", sorted(DOCUMENTED))
def test_every_documented_rule_has_a_test(rule: str) -> None:
    assert TESTS.get(rule), f"{rule} ({DOCUMENTED[rule].name}) has no test marked with it"


@pytest.mark.parametrize("rule", sorted(DOCUMENTED))
def test_every_documented_rule_is_named_in_the_code(rule: str) -> None:
    assert CODE.get(rule), f"{rule} ({DOCUMENTED[rule].name}) is not named anywhere in src/"


def test_every_rule_the_code_or_the_tests_name_is_documented() -> None:
    pattern = re.compile(r"Violation\(\s*\"([A-Z]+-[A-Z0-9-]+)\"")
    used = set(TESTS)
    for path in (ROOT / "src").rglob("*.py"):
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert used - set(DOCUMENTED) == set()


def test_the_index_finds_a_marked_test() -> None:
    lines = dict(TESTS["API-OVER"])
    line = lines["tests/test_api.py::test_no_move_is_legal_once_the_game_is_over"]
    source = (ROOT / "tests" / "test_api.py").read_text(encoding="utf-8").splitlines()
    assert '"API-OVER"' in source[line - 1]  # the line shown starts at the rule's mark
