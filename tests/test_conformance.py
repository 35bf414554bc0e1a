"""The conformance vectors: they agree with the engine and cover every rule ID."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from seaview_rules import GAMES, voyage
from seaview_rules.cli import main
from seaview_rules.conformance import FORMAT, SCHEMA, build_vectors, check_vectors, variants

PREFIXES = {"voyage": "VOY", "leagues": "LEA", "ships_wheel": "SW"}
DOCUMENTED = {
    match
    for page in (Path(__file__).resolve().parents[1] / "docs").rglob("*.rst")
    for match in re.findall(r"^\.\. rule:: (\S+)", page.read_text("utf-8"), re.MULTILINE)
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game_vectors(request: pytest.FixtureRequest) -> tuple[str, list[dict[str, Any]]]:
    name: str = request.param
    return name, build_vectors(GAMES[name])


def test_every_vector_agrees_with_the_engine(
    game_vectors: tuple[str, list[dict[str, Any]]],
) -> None:
    name, vectors = game_vectors
    check_vectors(GAMES[name], vectors)


def test_the_vectors_cover_every_rule_of_the_game(
    game_vectors: tuple[str, list[dict[str, Any]]],
) -> None:
    name, vectors = game_vectors
    covered = {rule for vector in vectors for rule in vector["rules"]}
    game_rules = {r for r in DOCUMENTED if r.startswith(PREFIXES[name] + "-")}
    assert game_rules
    assert game_rules - covered == set()
    assert "API-OVER" in covered


def test_every_document_of_the_export_validates_against_its_json_schema(
    game_vectors: tuple[str, list[dict[str, Any]]],
) -> None:
    from tests.test_schema import invalid  # jsonschema: not where Pyodide runs the others

    name, vectors = game_vectors
    documents = 0
    for vector in vectors:
        views = vector["views"] or {}
        for document in (vector["state"], vector["result"], *views.values()):
            if document is not None:
                assert invalid(name, document) == [], vector["id"]
                documents += 1
    assert documents > 0


def test_every_vector_has_the_schema_keys(
    game_vectors: tuple[str, list[dict[str, Any]]],
) -> None:
    _, vectors = game_vectors
    required = set(SCHEMA["properties"]["vectors"]["items"]["required"])
    for vector in vectors:
        assert set(vector) == required
        assert vector["legal"] == (vector["violation"] is None) == (vector["result"] is not None)


def test_a_vector_the_engine_disagrees_with_is_reported() -> None:
    vectors = build_vectors(GAMES["voyage"], per_rule=1)
    illegal = next(v for v in vectors if not v["legal"])
    wrong = copy.deepcopy(illegal)
    wrong["violation"]["rule"] = "VOY-0"
    with pytest.raises(AssertionError, match="refused with"):
        check_vectors(GAMES["voyage"], [wrong])
    legal = copy.deepcopy(next(v for v in vectors if v["legal"]))
    legal["legal_moves"] = legal["legal_moves"][1:]
    with pytest.raises(AssertionError, match="legal moves differ"):
        check_vectors(GAMES["voyage"], [legal])


def test_the_command_exports_the_same_vectors_every_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conformance", "export", str(tmp_path / "a"), "voyage"]) == 0
    assert main(["conformance", "export", str(tmp_path / "b"), "voyage"]) == 0
    assert "wrote" in capsys.readouterr().out
    first = (tmp_path / "a" / "voyage.json").read_text()
    assert first == (tmp_path / "b" / "voyage.json").read_text()
    document = json.loads(first)
    assert document["format"] == FORMAT
    assert json.loads((tmp_path / "a" / "schema.json").read_text()) == SCHEMA
    with pytest.raises(SystemExit):
        main(["conformance", "export", str(tmp_path / "c"), "chess"])


def test_a_game_without_conformance_rules_takes_its_vectors_from_its_default_rules() -> None:
    plain = attrs.evolve(GAMES["voyage"], conformance_rules=())
    assert variants(plain) == (voyage.Rules(),)
    check_vectors(plain, build_vectors(plain, per_rule=1, games=1))
