"""Reading untrusted JSON strictly, and writing it: `Field` knows its path in the
document, so that every `InvalidDataError` names the offending part, and quotes at
most a short prefix of what it was given.

The data of a state, a view, a rules value or an event is its attrs fields, in
declaration order, under their own names: `write` and `read` derive it from the
classes, and each game gives hooks only for its domain types (a card, a set of cards,
a board). What a document must mean beyond its shape (every card in one place, scores
that are the sums of the results, ...) is checked on the built object, by the game's
``_checks`` module."""

from __future__ import annotations

import enum
import importlib
import inspect
import json
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NoReturn, TypeVar, cast

import attrs

from seaview_rules._core import (
    CHANCE,
    QUOTE_LIMIT,
    Event,
    InvalidDataError,
    Notation,
    Player,
    Undone,
    quote,
)

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


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
            items, optional = _shape(kind)
            if items is not None:
                # One look-up for every item: a hook, or a plain value kept as it is.
                each = hooks.get(items)
                if each is not None:
                    return [each(item) for item in cast("tuple[Any, ...]", value)]
                if items in _PLAIN:
                    return list(cast("tuple[Any, ...]", value))
                return [write(item, hooks, items) for item in cast("tuple[Any, ...]", value)]
            if optional is not None:
                return write(value, hooks, optional)
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
            name: write(getattr(value, name), hooks, hint) for name, hint in fields_of(type(value))
        }
    raise TypeError(f"{type(value).__name__} has no JSON form: give it a hook")


_PLAIN = frozenset({int, bool, str})
"""The types `write` keeps as they are."""


@cache
def _shape(kind: Any) -> tuple[Any, Any]:
    """What `write` needs of the type hint ``kind``, worked out once per hint: the type
    of its items for ``tuple[X, ...]``, and ``X`` for ``X | None`` (else ``None``)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0], None
    rest = [arg for arg in args if arg is not type(None)]
    if origin in (typing.Union, types.UnionType) and len(rest) == 1:
        return None, rest[0]
    return None, None


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
    seaview_rules.errors.InvalidDataError: data.scores[1]: must be an integer, not a boolean
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
    fields = fields_of(cls)
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


def checked(obj: T, check: Callable[[T], object]) -> T:
    """``obj`` once ``check`` has passed it: a state or a view read field by field, and
    the game's ``check_state`` or ``check_view``, which raise `InvalidDataError`."""
    check(obj)
    return obj


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
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
                module = importlib.import_module(base.__module__)
                one = types.SimpleNamespace(__annotations__={name: annotation})
                annotation = typing.get_type_hints(one, vars(module))[name]
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
    fields = fields_of(cls)
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


def check_derived(field: Field, expected: object) -> None:
    """Refuse the derived key ``field`` unless it holds exactly the JSON of ``expected``
    (``true`` is not ``1``), what the object's own fields make it: tampered JSON."""
    shown = json.dumps(write(expected, {}), sort_keys=True)
    if json.dumps(field.value, sort_keys=True) != shown:
        field.fail(f"must be {json.dumps(write(expected, {}))}, what the other fields make it")
