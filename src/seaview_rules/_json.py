"""The JSON envelope shared by every game, and a reader that validates untrusted JSON.

Every document is ``{"format": "seaview_rules", "game": ..., "kind": ..., "version": ...,
"data": ...}``. Reading goes through `Field`, which knows its path in the document so
that every `InvalidDataError` names the offending part.

The data of a state, a view or a rules value is its attrs fields, in declaration order,
under their own names: `write` and `read` derive it from the classes, and each game
gives hooks only for its domain types (a card, a set of cards, a board). What a
document must mean beyond its shape (every card in one place, scores that are the sums
of the results, ...) is checked on the built object, by the game's ``_checks`` module.
"""

from __future__ import annotations

import enum
import inspect
import json
import re
import sys
import types
import typing
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, NoReturn, TypeVar, cast

import attrs

from seaview_rules._core import (
    CHANCE,
    DEFAULT_MAX_MOVES,
    QUOTE_LIMIT,
    Event,
    InvalidDataError,
    Notation,
    Player,
    Undone,
    quote,
)
from seaview_rules._options import InRange

FORMAT = "seaview_rules"

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


def envelope(game: str, kind: str, version: int, data: object) -> dict[str, Any]:
    """The document of ``data``: the envelope as a JSON-ready dict."""
    return {"format": FORMAT, "game": game, "kind": kind, "version": version, "data": data}


def dump_envelope(game: str, kind: str, version: int, data: object) -> str:
    """Wrap ``data`` in the envelope and serialise it compactly."""
    return dump_document(envelope(game, kind, version, data))


def dump_document(document: Mapping[str, Any]) -> str:
    """A document as compact JSON text (what every ``dumps`` writes)."""
    return json.dumps(document, separators=(",", ":"))


MAX_DOCUMENT_SIZE = 32_000_000
"""The longest JSON text ``loads`` reads, in characters (or bytes): a record of
`~seaview_rules.DEFAULT_MAX_MOVES` moves fits, with room to spare. Longer text is
refused before it is parsed."""

MAX_VALUES = 4_000_000
"""The most JSON values (objects, lists, strings, numbers, ...) a document may hold;
``from_dict`` refuses more before it reads any."""


def parse_json(text: object) -> object:
    """The parsed JSON ``text``.

    Raises:
        InvalidDataError: not JSON text, or longer than `MAX_DOCUMENT_SIZE`.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidDataError("", f"expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_SIZE:
        raise InvalidDataError(
            "", f"a document is at most {MAX_DOCUMENT_SIZE:,} characters, not {len(text):,}"
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, bad UTF-8, huge ints
        raise InvalidDataError("", f"not valid JSON ({exc})") from None


def read_envelope(
    document: object,
    game: str,
    versions: Mapping[str, int],
) -> tuple[str, Field]:
    """Check the envelope of a parsed document.

    Args:
        document: the parsed JSON (from ``json.loads`` or a web framework), untrusted.
        game: the registry name the document must belong to.
        versions: the format version of each kind it accepts: the one this library
            writes, and the only one it reads.

    Returns:
        The document's kind and its ``data`` field.

    Raises:
        InvalidDataError: not an envelope of this format and game, of a kind and version
            this library reads, or holding a value that JSON cannot hold.
    """
    _check_json_values(document, "")
    root = Field(document, "")
    root.keys({"format", "game", "kind", "version", "data"})
    if root.get("format").value != FORMAT:
        root.get("format").fail(f"must be {FORMAT!r}")
    if root.get("game").value != game:
        root.get("game").fail(f"must be {game!r}: this is the {game} reader")
    kind = root.get("kind").choice(versions)
    version = root.get("version").integer(1, None)
    if version != versions[kind]:
        root.get("version").fail(f"{kind} format version {versions[kind]} is the one supported")
    return kind, root.get("data")


def _check_json_values(value: object, path: str) -> None:
    """Refuse what ``json.loads`` never gives: other types, non-string keys, NaN and
    infinities, and nesting too deep to walk."""
    stack = [(value, path, 0)]
    seen = 0
    while stack:
        item, where, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise InvalidDataError("document", f"a document holds at most {MAX_VALUES:,} values")
        if depth > 100:
            raise InvalidDataError(where or "document", "nested too deeply")
        if isinstance(item, dict):
            for key, member in item.items():
                if not isinstance(key, str):
                    raise InvalidDataError(where or "document", "object keys must be strings")
                name = key if len(key) <= QUOTE_LIMIT else f"{key[:QUOTE_LIMIT]}..."
                stack.append((member, f"{where}.{name}" if where else name, depth + 1))
        elif isinstance(item, list):
            stack.extend((m, f"{where}[{i}]", depth + 1) for i, m in enumerate(item))
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                raise InvalidDataError(where or "document", "must be a finite number")
        elif item is not None and not isinstance(item, (str, int, bool)):
            raise InvalidDataError(where or "document", f"{type(item).__name__} is not JSON")


MOVES_VERSION = 1
"""The format version of a document of kind ``"moves"`` (a list of moves in notation)."""


def read_moves(data: Field, parse_move: Callable[[str], T]) -> tuple[T, ...]:
    """The moves of a ``"moves"`` document, each read with ``parse_move``."""
    return tuple(item.parse(parse_move) for item in data.items())


def expect_kind(obj: T, kind: type[Any] | None) -> T:
    """``obj`` if ``kind`` is ``None`` or ``obj`` is a ``kind``, for typed loading.

    Raises:
        InvalidDataError: the document holds another kind of object.
    """
    if kind is not None and not isinstance(obj, kind):
        raise InvalidDataError(
            "kind", f"the document holds a {type(obj).__name__}, not a {kind.__name__}"
        )
    return obj


class Field:
    """A value read from untrusted JSON, with its path for error messages."""

    __slots__ = ("path", "value")

    def __init__(self, value: object, path: str) -> None:
        self.value = value
        self.path = path

    def fail(self, problem: str) -> NoReturn:
        """Raise `InvalidDataError` about this field."""
        raise InvalidDataError(self.path or "document", problem)

    def keys(self, required: set[str], optional: frozenset[str] = frozenset()) -> None:
        """Check that this is an object with exactly the given keys."""
        if not isinstance(self.value, dict):
            self.fail(f"must be an object, not {_kind(self.value)}")
        present = set(self.value)
        missing = sorted(required - present)
        if missing:
            self.fail(f"missing key {quote(missing[0])}")
        unknown = sorted(present - required - optional)
        if unknown:
            self.fail(f"unknown key {quote(unknown[0])}")

    def get(self, key: str) -> Field:
        """The member ``key`` of this object (call `keys` first)."""
        members = self.value if isinstance(self.value, dict) else {}
        return Field(members.get(key), f"{self.path}.{key}" if self.path else key)

    def has(self, key: str) -> bool:
        """Whether this object has the member ``key``."""
        return isinstance(self.value, dict) and key in self.value

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        """An integer in ``[low, high]`` (either bound may be open)."""
        value = self.value
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"must be an integer, not {_kind(value)}")
        if low is not None and value < low:
            self.fail(f"must be at least {low}, not {_number(value)}")
        if high is not None and value > high:
            self.fail(f"must be at most {high}, not {_number(value)}")
        return value

    def boolean(self) -> bool:
        """A boolean."""
        if not isinstance(self.value, bool):
            self.fail(f"must be true or false, not {_kind(self.value)}")
        return self.value

    def string(self) -> str:
        """A string."""
        if not isinstance(self.value, str):
            self.fail(f"must be a string, not {_kind(self.value)}")
        return self.value

    def choice(self, allowed: Mapping[str, object] | set[str] | frozenset[str]) -> str:
        """A string that is one of ``allowed``."""
        value = self.string()
        if value not in allowed:
            self.fail(f"must be one of {sorted(allowed)}, not {quote(value)}")
        return value

    def enum(self, kind: type[E]) -> E:
        """A member of the string-valued enum ``kind``, given by value."""
        value = self.string()
        try:
            return kind(value)
        except ValueError:
            self.fail(f"must be one of {[m.value for m in kind]}, not {quote(value)}")

    def items(self, low: int = 0, high: int | None = None) -> list[Field]:
        """A list of ``low`` to ``high`` items."""
        if not isinstance(self.value, list):
            self.fail(f"must be a list, not {_kind(self.value)}")
        if len(self.value) < low or (high is not None and len(self.value) > high):
            size = f"{low} to {high}" if high is not None else f"at least {low}"
            self.fail(f"must have {size} items, not {len(self.value)}")
        return [Field(v, f"{self.path}[{i}]") for i, v in enumerate(self.value)]

    def optional(self) -> Field | None:
        """``None`` if this is JSON ``null``, else this field."""
        return None if self.value is None else self

    def parse(self, parser: Callable[[str], T]) -> T:
        """A string converted by ``parser``, whose `ValueError` becomes this field's error
        (cut short should the parser quote all of a long text)."""
        text = self.string()
        try:
            return parser(text)
        except ValueError as exc:
            problem = str(exc)
            self.fail(problem if len(problem) <= 4 * QUOTE_LIMIT else f"{quote(text)} is not valid")


def _number(value: int) -> str:
    # Python refuses to print integers of thousands of digits; tampered JSON may hold one.
    return str(value) if value.bit_length() < 64 else "a huge number"


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


Writers = Mapping[Any, Callable[[Any], object]]
"""Writers of domain types, by type or by annotation: by exact type (a `CardSet` is an
``int`` but is written as a list of cards), or by the type a field declares (a card id or
a square is an ``int`` at run time, a `typing.NewType` in the annotations)."""

Readers = Mapping[object, Callable[[Field], Any]]
"""Readers of domain types, by type or by annotation (such as ``Player | None``)."""


def write(value: object, hooks: Writers, kind: Any = None) -> object:
    """The JSON-ready data of ``value``: an attrs instance as an object of its fields in
    declaration order, a move as its notation, an enum member as its value, a tuple as
    a list, ``None``, booleans, integers and strings as they are; a type in ``hooks``
    as its hook writes it. ``kind`` is the type ``value`` is declared as (an attrs
    field's annotation, which the fields of an instance are written by): its hook, if
    it has one, writes the value, so that a domain type which is an ``int`` at run time
    is written as such.

    >>> from seaview_rules import CHANCE
    >>> from seaview_rules.voyage import Rules
    >>> write(Rules(players=3), {})["players"], write((CHANCE, None, (1, 2)), {})
    (3, ['chance', None, [1, 2]])
    """
    if kind is not None:
        hook = hooks.get(kind)
        if hook is not None:
            return hook(value)
        if value is not None:
            origin, args = typing.get_origin(kind), typing.get_args(kind)
            if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
                return [write(item, hooks, args[0]) for item in cast("tuple[Any, ...]", value)]
            rest = [arg for arg in args if arg is not type(None)]
            if origin in (typing.Union, types.UnionType) and len(rest) == 1:
                return write(value, hooks, rest[0])
    hook = hooks.get(type(value))
    if hook is not None:
        return hook(value)
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, Notation):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [write(item, hooks) for item in value]
    if attrs.has(type(value)):
        return {
            name: write(getattr(value, name), hooks, hint) for name, hint in _fields(type(value))
        }
    raise TypeError(f"{type(value).__name__} has no JSON form: give it a hook")


def read(kind: Any, field: Field, hooks: Readers) -> Any:
    """The value of type ``kind`` that ``field`` holds, read strictly: an integer is
    not a boolean or a string of digits, an enum member is given by its value, an attrs
    class by an object with exactly its fields (see `read_fields`), ``X | None`` by
    ``null`` or an ``X``, ``tuple[X, ...]`` by a list; a type or annotation in
    ``hooks`` by its hook.

    Raises:
        InvalidDataError: the field does not hold such a value.
        TypeError: ``kind`` is a type this reader cannot read without a hook.

    >>> read(tuple[int, ...], Field([1, True], "data.scores"), {})
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: data.scores[1]: must be an integer, not a boolean
    """
    hook = hooks.get(kind)
    if hook is not None:
        return hook(field)
    if kind is int:
        return field.integer()
    if kind is bool:
        return field.boolean()
    if kind is str:
        return field.string()
    if kind is type(None):  # a field that is always None, such as an event's seat
        if field.value is not None:
            field.fail(f"must be null, not {_kind(field.value)}")
        return None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        if field.value is None:
            return None
        rest = tuple(arg for arg in args if arg is not type(None))
        if len(rest) == 1:
            return read(rest[0], field, hooks)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple(read(args[0], item, hooks) for item in field.items())
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        return field.enum(kind)
    elif isinstance(kind, type) and attrs.has(kind):
        return read_fields(kind, field, hooks)
    raise TypeError(f"no reader for {kind}: give it a hook")


def read_fields(cls: type[T], field: Field, hooks: Readers, *, defaults: bool = False) -> T:
    """An instance of the attrs class ``cls`` from an object with exactly its fields,
    each read with `read`, built by ``cls`` itself (so its validators run; an
    `InvalidDataError` they raise is placed under ``field``).

    Args:
        defaults: whether a field that has a default may be left out (a `Rules` value
            names only what differs from the printed rules).

    Raises:
        InvalidDataError: a key is missing or unknown, or a field is invalid.
    """
    fields = _fields(cls)
    names = {name for name, _ in fields}
    if defaults:
        attributes: Any = attrs.fields(cast(Any, cls))
        required = {a.name for a in attributes if a.init and a.default is attrs.NOTHING}
        field.keys(required, frozenset(names - required))
    else:
        field.keys(names)
    values = {name: read(kind, field.get(name), hooks) for name, kind in fields if field.has(name)}
    try:
        return cls(**values)
    except InvalidDataError as exc:
        where = f"{field.path}.{exc.where}" if field.path else exc.where
        raise InvalidDataError(where, exc.problem) from None


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The name and resolved type of each field of ``cls`` that its ``__init__`` takes."""
    fields = _FIELDS.get(cls)
    if fields is None:
        attributes: Any = attrs.fields(cls)
        fields = _FIELDS[cls] = tuple(
            (a.name, _field_type(cls, a.name)) for a in attributes if a.init
        )
    return fields


def _field_type(cls: type, name: str) -> Any:
    """The annotation of ``cls``'s field ``name``, resolved in the module of the class
    that declares it. Only that one annotation is read: `typing.get_type_hints` would
    evaluate every annotation of the class, which Sphinx's autodoc on CPython 3.10
    copies from the bases into the class's own (a ``ClassVar`` its module never
    imports)."""
    for base in cls.__mro__:
        annotation = inspect.get_annotations(base).get(name)
        if annotation is not None:
            if isinstance(annotation, str):  # postponed (``from __future__ import annotations``)
                annotation = eval(annotation, vars(sys.modules[base.__module__]))
            return type(None) if annotation is None else annotation
    raise TypeError(f"{cls.__name__}.{name} has no annotation")


def read_player(field: Field) -> Player | None:
    """A view's `to_move`: a seat number, ``"chance"`` or ``null`` (the game's checks
    check the seat against the number of seats)."""
    if field.value is None:
        return None
    if field.value == CHANCE.value:
        return CHANCE
    if isinstance(field.value, str):
        field.fail(f"must be a seat, {CHANCE.value!r} or null, not {quote(field.value)}")
    return field.integer()


def fail(where: str, problem: str) -> NoReturn:
    """Raise `InvalidDataError` about the part ``where`` of a document (a game's checks
    of a state or view, which hold no `Field`)."""
    raise InvalidDataError(where, problem)


def check_per_seat(where: str, items: tuple[object, ...], seats: int) -> None:
    """One item per seat, as `Field.items` words it."""
    Field(list(items), where).items(seats, seats)


def check_turn(
    view: Any, to_move: Player | None, legal_moves: Callable[[], tuple[Any, ...]]
) -> None:
    """Refuse a view (of a card game) unless its ``to_move`` is ``to_move``, what
    ``current_player`` makes of its phase and player, and its ``legal_moves`` are
    ``legal_moves()`` if its seat is to move (then it sees its hand), else none.

    Raises:
        InvalidDataError: at ``data.to_move`` or ``data.legal_moves``.
    """
    given = view.to_move
    if isinstance(given, int):
        Field(given, "data.to_move").integer(0, view.rules.players - 1)
    if given != to_move:
        shown = CHANCE.value if to_move is CHANCE else to_move
        raise InvalidDataError(
            "data.to_move",
            f"must be {shown!r} in phase {view.phase.value} with seat {view.player} to act",
        )
    expected: tuple[Any, ...] = ()
    if view.seat is not None and given == view.seat and view.hand is not None:
        expected = legal_moves()
    if view.legal_moves != expected:
        raise InvalidDataError(
            "data.legal_moves",
            f"must be the moves the view allows: {[str(m) for m in expected]}"
            if expected
            else "must be empty: this seat is not to move",
        )


EVENT_VERSION = 1
"""The format version of a document of kind ``"event"`` (one event, as a seat saw it)."""
SEAT_RECORD_VERSION = 1
"""The format version of a document of kind ``"seat_record"`` (`SeatRecord`)."""


def event_classes(*modules_all: Any) -> dict[str, type]:
    """The event classes of a game by class name: the `Event` subclasses among the
    given values (a game's ``_events`` names), and ``Undone``, which every table sends."""
    classes = [v for v in modules_all if isinstance(v, type) and issubclass(v, Event)]
    return {cls.__name__: cls for cls in (*classes, Undone)}


def write_event(event: object, hooks: Writers) -> dict[str, Any]:
    """The data of an event: ``{"type": <class name>, <its fields in order>}``; the
    parts its viewer may not see are ``null``, as in the event.

    >>> from seaview_rules import Undone
    >>> write_event(Undone(seat=1), {})
    {'type': 'Undone', 'seat': 1}
    """
    data = write(event, hooks)
    assert isinstance(data, dict)  # an event is an attrs instance
    return {"type": type(event).__name__, **data}


def read_event(field: Field, classes: Mapping[str, type[T]], hooks: Readers) -> T:
    """The event of ``field``, of one of ``classes`` (by name), read strictly as
    `read_fields` reads an attrs value, its ``"type"`` first.

    Raises:
        InvalidDataError: an unknown type, a missing or extra key, a bad field.
    """
    if not isinstance(field.value, dict):
        field.fail(f"must be an object, not {_kind(field.value)}")
    if "type" not in field.value:
        field.fail("missing key 'type'")
    cls = classes[field.get("type").choice(classes)]
    fields = _fields(cls)
    field.keys({"type"} | {name for name, _ in fields})
    values = {name: read(kind, field.get(name), hooks) for name, kind in fields}
    try:
        return cls(**values)
    except InvalidDataError as exc:
        where = f"{field.path}.{exc.where}" if field.path else exc.where
        raise InvalidDataError(where, exc.problem) from None


def without_derived(data: Field, names: tuple[str, ...]) -> tuple[Field, dict[str, Field]]:
    """``data`` without the derived keys ``names`` (each required), for the fields'
    reader, and the fields of those keys, to check once the object is built."""
    if not isinstance(data.value, dict):
        data.fail(f"must be an object, not {_kind(data.value)}")
    for name in names:
        if name not in data.value:
            data.fail(f"missing key {name!r}")
    rest = Field({k: v for k, v in data.value.items() if k not in names}, data.path)
    return rest, {name: data.get(name) for name in names}


def check_derived(field: Field, kind: Any, expected: object) -> None:
    """Refuse the derived key ``field`` unless it holds ``expected`` (read strictly as
    a ``kind``), what the object's own fields make it: tampered JSON."""
    found = read(kind, field, {})
    if found != expected:
        shown = json.dumps(write(expected, {}))
        field.fail(f"must be {shown}, what the other fields make it")


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
    counts something or names a seat), and is bounded as the field's `InRange`
    validator or the builder's ``bounds`` (by field name) say.

    >>> builder = SchemaBuilder({})
    >>> from seaview_rules.voyage import Rules
    >>> builder.of(Rules, defaults=True)
    {'$ref': '#/$defs/Rules'}
    >>> builder.defs["Rules"]["properties"]["players"]
    {'type': 'integer', 'minimum': 2, 'maximum': 6}
    """

    def __init__(
        self, hooks: SchemaHooks, bounds: Mapping[str, tuple[int, int | None]] | None = None
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
        for name, kind in _fields(cls):
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


def _integer(low: int, high: int | None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": low}
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

    def schema(self, kind: str) -> dict[str, Any]:
        """The JSON Schema of documents of ``kind``.

        Raises:
            ValueError: not a kind of document of this game.
        """
        if kind not in self.versions:
            raise ValueError(f"no {kind!r} documents; the kinds are {list(self.versions)}")
        seats = max_seat(self.rules)
        bounds: dict[str, tuple[int, int | None]] = dict.fromkeys(_SEAT_FIELDS, (0, seats))
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


_SEAT_FIELDS: tuple[str, ...] = (
    *("seat", "seats", "player", "dealer", "winner", "winners", "giver", "pile"),
    *("anchor", "order", "groups", "first_dealer"),
)
"""Fields whose integers are seats (a pile is a seat's pile), bounded by the number of
seats the game allows."""

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
