"""Language-neutral conformance vectors: a state, a move, whether it is legal (and which
rule forbids it), and the resulting state and views, for every rule and ruling.

Frontends written in another language (for example JavaScript code that highlights the
legal cards) check their own rules code against these files. ``seaview conformance
export DIR`` writes one file per game; the vectors are chosen deterministically from
seeded random games under several `Rules` variants of each game
(`seaview_rules.Game.conformance_rules`), so an export is the same on every
machine for the same library version.

A vector file is a JSON object (its JSON Schema is `SCHEMA`)::

    {"format": "seaview_rules-conformance", "version": 1, "game": "voyage",
     "library": "0.1.0", "vectors": [VECTOR, ...]}

and each vector::

    {"id": "voyage-0007",
     "rules": ["VOY-3"],              # the rule IDs this vector exercises
     "state": {...},                  # a state document, as dumps() writes it
     "legal_moves": ["R2", "B7"],     # every legal move in the state, in order
     "move": "G9",                    # the move, in the game's notation
     "legal": false,
     "violation": {"rule": "VOY-3", "reason": "..."},   # null when legal
     "result": null,                  # the next state document when legal
     "views": null}                   # when legal: {"spectator": view, "<seat>": view}
                                      #   of the next state, for the seat that moved

>>> from seaview_rules import GAMES
>>> vectors = build_vectors(GAMES["voyage"], per_rule=1)
>>> check_vectors(GAMES["voyage"], vectors)
>>> sorted({rule for v in vectors for rule in v["rules"]})[:4]
['API-OVER', 'API-TURN', 'VOY-1', 'VOY-2']
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any, TypeVar

from seaview_rules import __version__
from seaview_rules._core import CHANCE
from seaview_rules._game import Game
from seaview_rules._registry import GAMES

__all__ = ["FORMAT", "SCHEMA", "build_vectors", "check_vectors", "export", "variants"]

R = TypeVar("R")

FORMAT = "seaview_rules-conformance"
VERSION = 1

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "seaview_rules conformance vectors",
    "type": "object",
    "required": ["format", "version", "game", "library", "vectors"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "game": {"type": "string"},
        "library": {"type": "string"},
        "vectors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "id",
                    "rules",
                    "state",
                    "legal_moves",
                    "move",
                    "legal",
                    "violation",
                    "result",
                    "views",
                ],
                "properties": {
                    "id": {"type": "string"},
                    "rules": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                    "state": {"type": "object"},
                    "legal_moves": {"type": "array", "items": {"type": "string"}},
                    "move": {"type": "string"},
                    "legal": {"type": "boolean"},
                    "violation": {
                        "type": ["object", "null"],
                        "required": ["rule", "reason"],
                        "properties": {"rule": {"type": "string"}, "reason": {"type": "string"}},
                    },
                    "result": {"type": ["object", "null"]},
                    "views": {"type": ["object", "null"]},
                },
            },
        },
    },
}
"""The JSON Schema of a vector file."""


def variants(game: Game[R, Any, Any, Any]) -> tuple[R, ...]:
    """The rules of the seeded games the vectors of ``game`` are taken from: its
    `Game.conformance_rules`, or its default rules (``rules_type()``) for a game that
    declares none.

    >>> from seaview_rules import GAMES
    >>> [rules.players for rules in variants(GAMES["voyage"])]
    [4, 2, 3, 2]
    """
    declared = game.conformance_rules
    return (declared() if callable(declared) else declared) or (game.rules_type(),)


def _document(game: Game[Any, Any, Any, Any], obj: object) -> Any:
    return json.loads(game.dumps(obj))


def _vector(
    game: Game[Any, Any, Any, Any], state: Any, move: Any, rules: tuple[str, ...]
) -> dict[str, Any]:
    violation = game.check_move(state, move)
    result = views = None
    if violation is None:
        after = game.apply_move(state, move)
        result = _document(game, after)
        views = {"spectator": _document(game, game.view(after, None))}
        mover = game.current_player(state)
        if mover is not CHANCE:
            views[str(mover)] = _document(game, game.view(after, mover))
    return {
        "id": "",
        "rules": list(rules),
        "state": _document(game, state),
        "legal_moves": [str(m) for m in game.legal_moves(state)],
        "move": str(move),
        "legal": violation is None,
        "violation": None
        if violation is None
        else {"rule": violation.rule, "reason": violation.reason},
        "result": result,
        "views": views,
    }


def build_vectors(
    game: Game[Any, Any, Any, Any], *, per_rule: int = 2, games: int = 12, seed: int = 0
) -> list[dict[str, Any]]:
    """Vectors for ``game``: up to ``per_rule`` for each rule ID that a legal move
    exercises (`Game.rules_applied`) or an illegal one breaks, taken from ``games``
    seeded random games under each of the game's `variants`."""
    counts: Counter[str] = Counter()
    found: list[dict[str, Any]] = []
    for number, rules in enumerate(variants(game)):
        candidates = game.every_move(rules)
        for index in range(games):
            rng = random.Random(f"{seed}/{number}/{index}")
            state = game.new_game(rules)
            while True:
                for move in candidates:
                    violation = game.check_move(state, move)
                    if violation is not None:
                        tags: tuple[str, ...] = (violation.rule,)
                    else:
                        tags = game.rules_applied(state, move)
                    if any(counts[tag] < per_rule for tag in tags):
                        counts.update(tags)
                        found.append(_vector(game, state, move, tags))
                if game.is_terminal(state):
                    break
                if game.current_player(state) is CHANCE:
                    state = game.apply_move(state, game.sample_chance(state, rng))
                else:
                    moves = game.legal_moves(state)
                    state = game.apply_move(state, moves[rng.randrange(len(moves))])
    for number, vector in enumerate(found, 1):
        vector["id"] = f"{game.name}-{number:04d}"
    return found


def check_vectors(game: Game[Any, Any, Any, Any], vectors: list[dict[str, Any]]) -> None:
    """Check every vector against the engine.

    Raises:
        AssertionError: the first vector the engine disagrees with, and how.
    """
    for vector in vectors:
        state = game.loads(json.dumps(vector["state"]))
        move = game.parse_move(vector["move"])
        where = f"{vector['id']} ({vector['move']})"
        if [str(m) for m in game.legal_moves(state)] != vector["legal_moves"]:
            raise AssertionError(f"{where}: the legal moves differ")
        violation = game.check_move(state, move)
        expected = vector["violation"]
        if (violation is None) != vector["legal"]:
            raise AssertionError(
                f"{where}: legal is {violation is None}, the vector says {vector['legal']}"
            )
        if (
            violation is not None
            and {"rule": violation.rule, "reason": violation.reason} != expected
        ):
            raise AssertionError(f"{where}: refused with {violation}, the vector says {expected}")
        if violation is None and _vector(game, state, move, tuple(vector["rules"])) != {
            **vector,
            "id": "",
        }:
            raise AssertionError(f"{where}: the resulting state or views differ")


def export(directory: str | Path, names: list[str] | None = None) -> list[Path]:
    """Write the vectors of the games ``names`` (default: all) and ``schema.json`` into
    ``directory``; returns the files written."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "schema.json"]
    written[0].write_text(json.dumps(SCHEMA, indent=2) + "\n", encoding="utf-8")
    for name in names or sorted(GAMES):
        game = GAMES[name]
        document = {
            "format": FORMAT,
            "version": VERSION,
            "game": name,
            "library": __version__,
            "vectors": build_vectors(game),
        }
        path = folder / f"{name}.json"
        path.write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")
        written.append(path)
    return written
