"""The JSON Schemas of every game's documents, built from the same attrs classes and
hooks as the reader and the writer (`SchemaBuilder`), in the envelope of
`seaview_rules._envelope`."""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, TypeVar, cast

import attrs

from seaview_rules._core import (
    DEFAULT_MAX_MOVES,
)
from seaview_rules._envelope import FORMAT
from seaview_rules._options import InRange
from seaview_rules._reader import fields_of

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

SchemaHook = dict[str, Any] | Callable[["SchemaBuilder"], dict[str, Any]]
"""A JSON Schema, or a function of the builder that makes one (and may define more)."""
SchemaHooks = Mapping[object, SchemaHook]
"""The schemas of domain types, by type or annotation as `Readers` has them, and of
single fields, by ``(class, field name)``."""


class SchemaBuilder:
    """The JSON Schema of the data `write` writes and `read` reads, by the same walk
    of the same type hints: an attrs class is an object with exactly its fields
    (``additionalProperties: false``), defined once under ``$defs``; ``X | None`` is an
    ``X`` or ``null``; ``tuple[X, ...]`` a list; an enum its values; a type in the
    hooks as its hook says, as in `read`. An integer is never negative (every one
    counts something or names a seat) unless the builder's ``bounds`` say so (a game's
    signed scores), and is bounded as the field's `InRange` validator or the builder's
    ``bounds`` (by field name) say.

    >>> builder = SchemaBuilder({})
    >>> from seaview_rules.voyage import Rules
    >>> builder.of(Rules, defaults=True)
    {'$ref': '#/$defs/Rules'}
    >>> builder.defs["Rules"]["properties"]["players"]
    {'type': 'integer', 'minimum': 2, 'maximum': 6}
    """

    def __init__(
        self, hooks: SchemaHooks, bounds: Mapping[str, tuple[int | None, int | None]] | None = None
    ) -> None:
        self.hooks = hooks
        self.bounds = bounds or {}
        self.defs: dict[str, dict[str, Any]] = {}

    def define(self, name: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """A ``$ref`` to the definition ``name``, built by ``build`` the first time."""
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder, in case the type refers to itself
            self.defs[name] = build()
        return {"$ref": f"#/$defs/{name}"}

    def of(self, kind: Any, name: str | None = None, *, defaults: bool = False) -> dict[str, Any]:
        """The schema of a value of type ``kind`` (of the field ``name``, for bounds)."""
        hook = self.hooks.get(kind)
        if hook is not None:
            return hook(self) if callable(hook) else dict(hook)
        if kind is int:
            low, high = self.bounds.get(name or "", (0, None))
            return _integer(low, high)
        if kind is bool:
            return {"type": "boolean"}
        if kind is str:
            return {"type": "string"}
        if kind is type(None):
            return {"type": "null"}
        origin, args = typing.get_origin(kind), typing.get_args(kind)
        if origin in (typing.Union, types.UnionType) and type(None) in args:
            rest = tuple(arg for arg in args if arg is not type(None))
            if len(rest) == 1:
                return {"anyOf": [self.of(rest[0], name), {"type": "null"}]}
        elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.of(args[0], name)}
        elif origin is tuple and Ellipsis not in args:
            items = [self.of(arg, name) for arg in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": len(args)}
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            return {"enum": [member.value for member in kind]}
        elif isinstance(kind, type) and attrs.has(kind):
            return self.define(kind.__name__, lambda: self.fields(kind, defaults=defaults))
        raise TypeError(f"no schema for {kind}: give it a hook")

    def fields(
        self,
        cls: type,
        *,
        defaults: bool = False,
        first: Mapping[str, dict[str, Any]] | None = None,
        last: Mapping[str, dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The object schema of the attrs class ``cls``: its fields (each required,
        unless ``defaults`` and it has one), after the keys ``first`` and before the
        keys ``last`` (which are required)."""
        attributes: Any = {a.name: a for a in attrs.fields(cast(Any, cls))}
        properties: dict[str, Any] = dict(first or {})
        required = list(properties)
        for name, kind in fields_of(cls):
            attribute = attributes[name]
            hook = self.hooks.get((cls, name))
            if hook is not None:
                properties[name] = hook(self) if callable(hook) else dict(hook)
            elif kind is int and isinstance(attribute.validator, InRange):
                properties[name] = _integer(attribute.validator.low, attribute.validator.high)
            else:
                properties[name] = self.of(kind, name)
            if not (defaults and attribute.default is not attrs.NOTHING):
                required.append(name)
        properties.update(last or {})
        required += list(last or {})
        schema: dict[str, Any] = {"type": "object"}
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        if doc:
            schema["description"] = " ".join(doc.split())
        return schema | {
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }


def _integer(low: int | None, high: int | None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer"}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


def integer(low: int = 0, high: int | None = None) -> dict[str, Any]:
    """The schema of an integer from ``low`` to ``high`` (``None``: unbounded)."""
    return _integer(low, high)


def alternatives(values: Any) -> str:
    """A regular expression (without anchors) that matches exactly one of ``values``,
    as text.

    >>> alternatives(range(1, 4))
    '(?:1|2|3)'
    """
    return "(?:" + "|".join(regex_escape(str(v)) for v in values) + ")"


def regex_escape(text: str) -> str:
    """``text`` as a regular expression that matches it, with only the syntax
    characters escaped, so that the pattern is valid in Python and in JavaScript's
    Unicode mode (which refuses ``re.escape``'s escaped spaces and hyphens)."""
    return re.sub(r"([\\^$.|?*+()\[\]{}/])", r"\\\1", text)


SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_BASE = "https://seaview-rules.example/schemas"
"""Where the schemas' ``$id`` lives: ``<base>/<game>/<kind>.json``, one per game and
kind (a name, not an address anything is served from)."""

SEMANTICS = (
    "A schema says what a document must look like: its envelope, every key, the type "
    "and range of every value, the notation of cards and moves. What a document must "
    "mean (every card in exactly one place, a phase that agrees with the fields, a "
    "legal move sequence, a card of this deck) is checked by the library's readers "
    "(the game's _checks module), so a document the schema accepts may still be "
    "refused by loads."
)


def document_schema(
    game: str,
    title: str,
    kind: str,
    versions: tuple[int, ...],
    data: Callable[[SchemaBuilder], dict[str, Any]],
    builder: SchemaBuilder,
    about: str,
) -> dict[str, Any]:
    """A self-contained JSON Schema (draft 2020-12) of the documents of ``kind`` of
    ``game``: the envelope, with ``data`` as ``data`` builds it with ``builder``, and
    every definition it refers to under ``$defs``."""
    data_schema = data(builder)
    version: dict[str, Any] = (
        {"const": versions[0]} if len(versions) == 1 else {"enum": list(versions)}
    )
    schema: dict[str, Any] = {
        "$schema": SCHEMA_DIALECT,
        "$id": f"{SCHEMA_BASE}/{game}/{kind}.json",
        "title": f"{title} {kind.replace('_', ' ')} document",
        "description": f"{about} {SEMANTICS}",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "game": {"const": game},
            "kind": {"const": kind},
            "version": version,
            "data": data_schema,
        },
        "required": ["format", "game", "kind", "version", "data"],
        "additionalProperties": False,
    }
    if builder.defs:
        schema["$defs"] = dict(sorted(builder.defs.items()))
    return schema


def max_seat(rules_cls: type) -> int:
    """The highest seat number under a game's `Rules` class: one below the bound of
    its ``players`` validator (an `InRange`)."""
    validator = attrs.fields_dict(rules_cls)["players"].validator
    assert isinstance(validator, InRange)  # every game's Rules have one
    assert validator.high is not None
    return validator.high - 1


def seat_schema(seats: int) -> dict[str, Any]:
    """A seat number of a game of at most ``seats + 1`` seats, or ``null``."""
    return {"anyOf": [integer(0, seats), {"type": "null"}]}


@attrs.frozen(kw_only=True)
class GameSchemas:
    """What the JSON Schemas of one game's documents are made of: its classes, the
    hooks of its domain types (next to its readers and writers), and the keys that
    only its views derive."""

    game: str
    title: str
    versions: Mapping[str, int]
    hooks: SchemaHooks
    rules: type
    state: type
    view: type
    move: Any
    events: Mapping[str, type]
    view_derived: Callable[[SchemaBuilder], dict[str, dict[str, Any]]]
    """The schemas of the keys a view document ends with, by key."""
    view_first: tuple[str, ...] = ()
    """Fields that a view document writes first (the leagues view's seat)."""
    seat_fields: tuple[str, ...] = ()
    """The game's fields whose integers are seats, besides `SEAT_FIELDS`."""
    signed_fields: tuple[str, ...] = ()
    """The game's fields whose integers may be negative (chips won and lost: its
    ``scores``, and so `~seaview_rules.Outcome.scores`)."""

    def schema(self, kind: str) -> dict[str, Any]:
        """The JSON Schema of documents of ``kind``.

        Raises:
            ValueError: not a kind of document of this game.
        """
        if kind not in self.versions:
            raise ValueError(f"no {kind!r} documents; the kinds are {list(self.versions)}")
        seats = max_seat(self.rules)
        bounds: dict[str, tuple[int | None, int | None]] = {
            **dict.fromkeys((*SEAT_FIELDS, *self.seat_fields), (0, seats)),
            **dict.fromkeys(self.signed_fields, (None, None)),
        }
        builder = SchemaBuilder(self.hooks, bounds)
        events = self.events

        def event(b: SchemaBuilder) -> dict[str, Any]:
            return {
                "oneOf": [
                    b.define(name, partial(b.fields, cls, first={"type": {"const": name}}))
                    for name, cls in events.items()
                ]
            }

        def data(b: SchemaBuilder) -> dict[str, Any]:
            if kind == "state":
                return b.of(self.state)
            if kind == "view":
                return b.define(
                    self.view.__name__, lambda: b.fields(self.view, last=self.view_derived(b))
                )
            if kind == "moves":
                return {"type": "array", "items": b.of(self.move)}
            rules = b.of(self.rules, defaults=True)
            if kind == "record":
                moves: dict[str, Any] = {"type": "array", "items": b.of(self.move)}
                properties = {"rules": rules, "moves": moves}
            elif kind == "seat_record":
                told = {"type": "array", "items": event(b)}
                moves = {"type": "array", "items": told}
                properties = {"rules": rules, "seat": seat_schema(seats), "moves": moves}
            else:
                return event(b)
            moves["maxItems"] = DEFAULT_MAX_MOVES
            return {
                "type": "object",
                "properties": properties,
                "required": list(properties),
                "additionalProperties": False,
            }

        about = _ABOUT[kind].format(title=self.title)
        versions = (self.versions[kind],)
        return document_schema(self.game, self.title, kind, versions, data, builder, about)


SEAT_FIELDS: tuple[str, ...] = ("seat", "winner")
"""The fields of the shared classes whose integers are seats (every event's ``seat``,
`Outcome.winner`), bounded by the number of seats the game allows; each game adds its
own (`GameSchemas.seat_fields`)."""

_ABOUT = {
    "state": "A whole {title} game state, hidden cards included: for the server, never "
    "for a player.",
    "view": "What one seat (or a spectator) may see of a {title} game, ending with the "
    "keys a view derives from its fields (the outcome once the game is over), which "
    "the reader checks against them.",
    "moves": "A list of {title} moves in the game's notation.",
    "record": "A {title} game record: the rules and every move, chance included, in "
    "order; it holds every hidden card, so it is for the server.",
    "seat_record": "A {title} game as one seat (or a spectator, seat null) saw it: for "
    "each move the events that seat was told, hidden parts null, so a client may have "
    "it.",
    "event": "One {title} event as one viewer saw it: its type (the event class) and "
    "its fields; what the viewer may not see is null.",
}
