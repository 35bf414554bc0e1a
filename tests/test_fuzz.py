"""A bounded, seeded fuzz test of ``loads`` for every game (issue 14): documents of
states, views and game records taken from seeded games, each changed once by a
structural mutation (a number changed, two values swapped, a list element dropped or
repeated, a value of another type, a key deleted or added, a card moved from one hand
to another). ``loads`` must refuse each with `InvalidDataError`, or return an object
that passes its game's consistency checks and on which everything works (a state:
`seaview_rules.testing.check_position`, every legal move applied, told and loaded
again; a view: its text, its picture and a determinization), and that dumps and loads
again to the same document; nothing else (no other exception) may happen.

The game's own checks are looked up as ``seaview_rules.<game>._checks`` when the game
has that module (all three do, or will); otherwise only the public contract and the
round trip are checked.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from collections.abc import Callable, Iterator
from functools import cache, partial
from typing import Any

import pytest

from seaview_rules import GAMES, InvalidDataError, play, replay
from seaview_rules._play import GameRecord
from seaview_rules.schema import schema
from seaview_rules.testing import check_position

Path = tuple[Any, ...]
"""Keys and indices from a document's data to one of its values."""

DOCUMENTS_PER_GAME = 250
"""Mutated documents tried per game in the suite (a few seconds each on CPython)."""


def sources(name: str, seed: int = 0) -> list[dict[str, Any]]:
    """The documents of seeded games of ``name``: a few states along the way, every
    seat's and the spectator's view of them, and the records."""
    game = GAMES[name]
    documents: list[dict[str, Any]] = []
    for number in range(2):
        rng = random.Random(f"{seed}/{number}")
        rules = game.with_players(game.rules_type(), 2 + number)
        seen: list[Any] = []
        result = play(game, rules, rng, max_moves=400, on_move=partial(_keep, seen))
        states = [game.new_game(rules), *seen[:: max(1, len(seen) // 6)], result.final]
        for state in states:
            documents.append(game.to_dict(state))
            for seat in (None, *range(game.players(rules))):
                documents.append(game.to_dict(game.view(state, seat)))
        documents.append(game.to_dict(result.record))
    return documents


def _keep(kept: list[Any], before: object, move: object, after: object) -> None:
    kept.append(after)


def _paths(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _get(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: Path, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


_MUTATIONS: tuple[str, ...] = ("number", "number", "swap", "swap values", "drop", "repeat")
_MUTATIONS += ("type", "delete key", "add key", "move card", "move card")
_OTHER_TYPES: tuple[Any, ...] = ("1", 1, -1, None, [], {}, True, 1.5, "x", [0])


def mutate(document: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """``document`` changed once, with the name of the mutation; ``None`` if the
    chosen mutation finds nothing to change."""
    changed = copy.deepcopy(document)
    data = changed["data"]
    everything = [(("data", *p), v) for p, v in _paths(data)]
    values = [(p, v) for p, v in everything if len(p) > 1]
    ints = [(p, v) for p, v in values if isinstance(v, int) and not isinstance(v, bool)]
    lists = [(p, v) for p, v in everything if isinstance(v, list) and v]
    dicts = [(p, v) for p, v in everything if isinstance(v, dict) and v]
    kind = rng.choice(_MUTATIONS)
    if kind == "number" and ints:
        path, value = rng.choice(ints)
        _set(changed, path, rng.choice([value + 1, value - 1, value + 2, rng.randrange(-2, 60)]))
    elif kind == "swap" and any(len(v) > 1 for _, v in lists):
        path, items = rng.choice([(p, v) for p, v in lists if len(v) > 1])
        i, j = rng.sample(range(len(items)), 2)
        items[i], items[j] = items[j], items[i]
    elif kind == "swap values" and len(values) > 1:
        (first, a), (second, b) = rng.sample(values, 2)
        if first[: len(second)] == second or second[: len(first)] == first:
            return None  # one holds the other
        _set(changed, first, copy.deepcopy(b))
        _set(changed, second, copy.deepcopy(a))
    elif kind == "drop" and lists:
        _, items = rng.choice(lists)
        del items[rng.randrange(len(items))]
    elif kind == "repeat" and lists:
        _, items = rng.choice(lists)
        k = rng.randrange(len(items))
        items.insert(k, copy.deepcopy(items[k]))
    elif kind == "type" and values:
        path, _ = rng.choice(values)
        _set(changed, path, copy.deepcopy(rng.choice(_OTHER_TYPES)))
    elif kind == "delete key" and dicts:
        _, members = rng.choice(dicts)
        del members[rng.choice(list(members))]
    elif kind == "add key" and dicts:
        _, members = rng.choice(dicts)
        members[rng.choice(["extra", "seat", "hand", "score"])] = rng.choice(_OTHER_TYPES)
    elif kind == "move card":
        # Between two lists of one list of lists: hands, piles, a record's deals...
        groups = [
            v
            for _, v in everything
            if isinstance(v, list) and len(v) > 1 and all(isinstance(x, list) for x in v)
        ]
        groups = [g for g in groups if any(g)]
        if not groups:
            return None
        group = rng.choice(groups)
        source = rng.choice([x for x in group if x])
        target = rng.choice([x for x in group if x is not source])
        target.insert(rng.randrange(len(target) + 1), source.pop(rng.randrange(len(source))))
    else:
        return None
    return kind, changed


def _checks(name: str) -> Any:
    """The game's own consistency checks, if it has a ``_checks`` module."""
    try:
        return importlib.import_module(f"seaview_rules.{name}._checks")
    except ImportError:  # pragma: no cover - every game has one once Voyage's is in
        return None


def verdict(name: str, document: dict[str, Any], *, schemas: bool = False) -> str:
    """``"refused"`` or ``"accepted"`` (the object checked and round-tripped; with
    ``schemas``, the document validated against its JSON Schema too).

    Raises:
        AssertionError: an accepted object fails a check or does not round-trip.
        Exception: whatever else ``loads`` raised, for the test to report.
    """
    game = GAMES[name]
    try:
        obj = game.loads(json.dumps(document))
    except InvalidDataError:
        return "refused"
    if schemas:  # every document loads accepts has the shape its JSON Schema gives
        errors = [e.message[:200] for e in _validator(name, document["kind"]).iter_errors(document)]
        assert errors == [], f"loads accepts what the schema refuses: {errors[0]}"
    checks = _checks(name)
    if isinstance(obj, game.state_type):
        if checks is not None:
            checks.check_state(obj)
        check_position(game, obj)  # everything works on a position loads accepts
    elif isinstance(obj, game.view_type):
        if checks is not None:
            checks.check_view(obj)
        view_works(game, obj)
    elif isinstance(obj, GameRecord):
        final = replay(game, obj)
        if checks is not None:
            checks.check_state(final)
    again = game.loads(game.dumps(obj))
    assert again == obj, "the object does not load back equal"
    assert game.to_dict(again) == game.to_dict(obj), "the document does not dump back equal"
    return "accepted"


def view_works(game: Any, view: Any) -> None:
    """Everything a frontend or a bot does with a view works on one ``loads`` accepts:
    its text, its picture, and a determinization that shows the same view."""
    game.render(view)
    if game.picture is not None:
        game.picture(view)
    if view.seat is not None and view.to_move is not None:
        assert game.view(game.determinize(view, random.Random(0)), view.seat) == view


@cache
def _validator(name: str, kind: str) -> Any:
    # Imported here: Pyodide, which runs the other tests of this module, has no jsonschema.
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name, kind))


def fuzz(
    name: str,
    count: int,
    seed: int = 0,
    on_document: Callable[[str, str], None] | None = None,
    *,
    schemas: bool = False,
) -> dict[str, int]:
    """Try ``count`` mutated documents of ``name``; the verdicts counted."""
    rng = random.Random(f"fuzz/{name}/{seed}")
    documents = sources(name, seed)
    counts = {"refused": 0, "accepted": 0}
    tried = 0
    while tried < count:
        mutated = mutate(rng.choice(documents), rng)
        if mutated is None:
            continue
        kind, document = mutated
        tried += 1
        try:
            result = verdict(name, document, schemas=schemas)
        except Exception as exc:
            raise AssertionError(
                f"{name}, mutation {kind!r}: {type(exc).__name__}: {exc}\n"
                f"  document: {json.dumps(document)[:2000]}"
            ) from exc
        counts[result] += 1
        if on_document is not None:
            on_document(kind, result)
    return counts


@pytest.mark.parametrize("name", sorted(GAMES))
def test_loads_refuses_a_mutated_document_or_returns_a_consistent_object(name: str) -> None:
    counts = fuzz(name, DOCUMENTS_PER_GAME)
    assert sum(counts.values()) == DOCUMENTS_PER_GAME
    assert counts["refused"] > 0  # the mutations do reach the checks


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_mutated_document_loads_accepts_validates_against_its_schema(name: str) -> None:
    counts = fuzz(name, DOCUMENTS_PER_GAME // 2, seed=1, schemas=True)
    assert counts["accepted"] > 0  # some mutations are documents loads accepts


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_mutation_the_schema_refuses_is_refused_by_loads(name: str) -> None:
    rng = random.Random(f"schema/{name}")
    documents = sources(name)
    refused_by_schema = 0
    for _ in range(150):
        mutated = mutate(rng.choice(documents), rng)
        if mutated is None:
            continue
        _, document = mutated
        if _validator(name, document["kind"]).is_valid(document):
            continue
        refused_by_schema += 1
        with pytest.raises(InvalidDataError):
            GAMES[name].loads(json.dumps(document))
    assert refused_by_schema > 0
