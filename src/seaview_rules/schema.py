"""JSON Schemas (draft 2020-12) of every kind of document of every game.

A server publishes them for its clients (a browser client written in JavaScript can
validate what it receives, or generate types from them); ``seaview schema GAME KIND``
prints one. Each schema is generated from the same attrs fields and type hints that the
game's reader and writer walk, with a schema hook for each domain type next to the
game's reader and writer hooks, so the two cannot drift apart. A game gives what its
schemas are made of as `seaview_rules.Game.schemas` (a game without it has none, and
`schema` says so).

A schema says what a document must look like, not what it must mean: the consistency
of a document (every card in exactly one place, a phase that agrees with the fields, a
legal sequence of moves, a card of this deck) is checked by ``loads`` with the game's
``_checks`` module, so a document a schema accepts may still be refused by ``loads``;
every document ``loads`` accepts in the notation the library writes validates.

>>> from seaview_rules.schema import KINDS, schema
>>> document = schema("voyage", "view")
>>> document["$id"], document["properties"]["version"]
('https://seaview-rules.example/schemas/voyage/view.json', {'const': 2})
>>> KINDS
('state', 'view', 'moves', 'record', 'seat_record', 'event')
"""

from __future__ import annotations

from typing import Any

from seaview_rules._envelope import FORMAT
from seaview_rules._registry import GAMES
from seaview_rules._schemas import SCHEMA_BASE, SCHEMA_DIALECT, GameSchemas

__all__ = ["KINDS", "envelope_schema", "schema"]

KINDS = ("state", "view", "moves", "record", "seat_record", "event")
"""The kinds of document every game writes and reads."""


def _schemas(game: str) -> GameSchemas:
    if game not in GAMES:
        raise ValueError(f"no game {game!r}; the games are {sorted(GAMES)}")
    schemas = GAMES[game].schemas
    if schemas is None:
        raise ValueError(f"the game {game!r} publishes no JSON Schemas (Game.schemas)")
    return schemas


def schema(game: str, kind: str) -> dict[str, Any]:
    """The JSON Schema of the documents of ``kind`` of ``game``: self-contained (every
    ``$ref`` points into its own ``$defs``), with an ``$id`` of its own, so a larger
    document (an OpenAPI description) can embed every one of them side by side.

    >>> from jsonschema import Draft202012Validator
    >>> from seaview_rules import leagues
    >>> validator = Draft202012Validator(schema("leagues", "moves"))
    >>> validator.is_valid(leagues.to_dict([leagues.parse_move("3R")]))
    True
    >>> validator.is_valid({**leagues.to_dict([]), "data": ["3X"]})
    False

    Raises:
        ValueError: ``game`` is not a registered game, publishes no schemas (its
            `seaview_rules.Game.schemas` is ``None``), or ``kind`` is not one of `KINDS`.
    """
    if kind not in KINDS:
        raise ValueError(f"no {kind!r} documents; the kinds are {list(KINDS)}")
    return _schemas(game).schema(kind)


def envelope_schema() -> dict[str, Any]:
    """The JSON Schema every document of every game matches: the envelope alone, its
    ``data`` anything (the schema of a game and kind says what).

    >>> sorted(envelope_schema()["properties"])
    ['data', 'format', 'game', 'kind', 'version']
    """
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"{SCHEMA_BASE}/envelope.json",
        "title": "seaview_rules document envelope",
        "description": "What every document of every game is: its format, game, kind "
        "and format version, and its data, which the schema of that game and kind "
        "describes.",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "game": {"enum": sorted(GAMES)},
            "kind": {"enum": list(KINDS)},
            "version": {"type": "integer", "minimum": 1},
            "data": True,
        },
        "required": ["format", "game", "kind", "version", "data"],
        "additionalProperties": False,
    }
