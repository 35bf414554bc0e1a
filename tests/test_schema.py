"""The JSON Schemas of every kind of document of every game (`seaview_rules.schema`):
valid draft 2020-12 schemas, self-contained, and every document the library writes
(golden records, the conformance export, documents of random games) validates."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator

from seaview_rules import GAMES, OMNISCIENT, InvalidDataError, play, seat_record
from seaview_rules import schema as schema_module
from seaview_rules.cli import main
from seaview_rules.schema import KINDS, envelope_schema, schema
from tests.helpers import json_references

ALL_GAMES = sorted(GAMES)
GOLDEN = Path(__file__).parent / "golden"


@cache
def validator(game: str, kind: str) -> Draft202012Validator:
    return Draft202012Validator(schema(game, kind))


def invalid(game: str, document: dict[str, Any]) -> list[str]:
    """What the schema of the document's kind finds wrong with it."""
    found = validator(game, document["kind"]).iter_errors(document)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in found]


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_schema_is_a_self_contained_2020_12_schema(game: str, kind: str) -> None:
    document = schema(game, kind)
    Draft202012Validator.check_schema(document)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert document["$id"].endswith(f"/{game}/{kind}.json")
    assert document["title"]
    assert "_checks" in document["description"]
    assert document["properties"]["kind"] == {"const": kind}
    assert document["properties"]["game"] == {"const": game}
    defined = set(document.get("$defs", {}))
    for ref in json_references(document):
        assert ref.startswith("#/$defs/"), ref
        assert ref.removeprefix("#/$defs/") in defined, ref
    assert json.loads(json.dumps(document)) == document


def test_every_schema_has_its_own_id() -> None:
    ids = [schema(game, kind)["$id"] for game in ALL_GAMES for kind in KINDS]
    assert len(set(ids)) == len(ids) == len(ALL_GAMES) * len(KINDS)
    Draft202012Validator.check_schema(envelope_schema())


def test_an_unknown_game_or_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="no game 'chess'"):
        schema("chess", "state")
    with pytest.raises(ValueError, match="no 'board' documents"):
        schema("voyage", "board")


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_every_golden_record_validates(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert invalid(case["game"], case["record"]) == []
    assert Draft202012Validator(envelope_schema()).is_valid(case["record"])


def _documents(game: str, seed: int) -> Iterator[dict[str, Any]]:
    g = GAMES[game]
    rules = g.with_players(g.rules_type(), 2 + seed % 3)
    seats = g.players(rules)
    moves: list[tuple[Any, Any, Any]] = []
    played = play(g, rules, random.Random(seed), max_moves=300, on_move=lambda *m: moves.append(m))
    yield g.to_dict(played.record)
    yield g.to_dict(played.record.moves)
    for before, move, after in moves[:: max(1, len(moves) // 8)] + moves[-1:]:
        yield g.to_dict(after)
        for viewer in (None, OMNISCIENT, *range(seats)):
            if viewer is not OMNISCIENT:
                yield g.to_dict(g.view(after, viewer))
            yield from (g.to_dict(e) for e in g.events(before, move, seat=viewer))
    for viewer in (None, *range(seats)):
        yield g.to_dict(seat_record(g, played.record, viewer))


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_every_kind_of_document_of_random_games_validates(game: str, seed: int) -> None:
    kinds = set()
    for document in _documents(game, seed):
        assert invalid(game, document) == [], document["kind"]
        kinds.add(document["kind"])
    assert kinds == set(KINDS)


@pytest.mark.parametrize(
    ("game", "kind", "change"),
    [
        ("voyage", "moves", {"data": ["R14"]}),
        ("voyage", "moves", {"data": ["deal R0"]}),
        ("leagues", "moves", {"data": ["0R"]}),
        ("ships_wheel", "moves", {"data": ["red-starfish"]}),
        ("ships_wheel", "moves", {"data": ["take 6"]}),
        ("voyage", "moves", {"version": 2}),
        ("voyage", "moves", {"game": "leagues"}),
        ("voyage", "moves", {"extra": 1}),
    ],
)
def test_a_schema_refuses_what_loads_refuses(game: str, kind: str, change: dict[str, Any]) -> None:
    document = GAMES[game].to_dict([]) | change
    assert invalid(game, document)
    with pytest.raises(InvalidDataError):
        GAMES[game].loads(json.dumps(document))


def test_a_view_schema_bounds_the_seats_and_requires_the_derived_keys() -> None:
    g = GAMES["voyage"]
    document = g.to_dict(g.view(g.new_game(g.rules_type(players=2)), 1))
    assert invalid("voyage", document) == []
    for key, value in (("seat", 6), ("round", 0), ("phase", "dance")):
        assert invalid("voyage", document | {"data": document["data"] | {key: value}})
    del document["data"]["outcome"]
    assert invalid("voyage", document)


def test_the_command_prints_a_schema_or_lists_the_kinds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["schema", "ships_wheel", "event"]) == 0
    assert json.loads(capsys.readouterr().out) == schema("ships_wheel", "event")
    assert main(["schema", "leagues"]) == 0
    assert capsys.readouterr().out.split() == list(KINDS)
    with pytest.raises(SystemExit):
        main(["schema", "leagues", "board"])
    assert "unknown kind 'board'" in capsys.readouterr().err


def test_a_game_without_schemas_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = attrs.evolve(GAMES["voyage"], name="plain", schemas=None)
    monkeypatch.setattr(schema_module, "GAMES", {**GAMES, "plain": plain})
    with pytest.raises(ValueError, match="'plain' publishes no JSON Schemas"):
        schema("plain", "state")


def test_a_game_of_chips_won_and_lost_declares_its_scores_signed() -> None:
    """Every integer of a document is never negative, but a game's ``signed_fields``:
    a zero-sum game's scores, and so its outcome's."""
    voyage = GAMES["voyage"].schemas
    assert voyage is not None
    signed = attrs.evolve(voyage, signed_fields=("scores",))

    def scores(schemas: Any, where: str) -> dict[str, Any]:
        defs = schemas.schema("view")["$defs"]
        return dict(defs[where]["properties"]["scores"]["items"])

    assert scores(voyage, "View") == {"type": "integer", "minimum": 0}
    assert scores(voyage, "Outcome") == {"type": "integer", "minimum": 0}
    assert scores(signed, "View") == scores(signed, "Outcome") == {"type": "integer"}
