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

import builtins
import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar, cast

import attrs

from seaview_rules._core import CHANCE, InvalidDataError, Notation, Player

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


def load_envelope(text: object, game: str, versions: Mapping[str, int]) -> tuple[str, Field]:
    """Parse ``text`` and check its envelope (see `read_envelope`).

    Raises:
        InvalidDataError: not JSON, or an envelope of another format, game, kind or version.
    """
    return read_envelope(parse_json(text), game, versions)


def read_envelope(document: object, game: str, versions: Mapping[str, int]) -> tuple[str, Field]:
    """Check the envelope of a parsed document.

    Args:
        document: the parsed JSON (from ``json.loads`` or a web framework), untrusted.
        game: the registry name the document must belong to.
        versions: the format version this library reads, for each kind it accepts.

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
    version = root.get("version").int(1, None)
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
                stack.append((member, f"{where}.{key}" if where else key, depth + 1))
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
    return tuple(item.parse(parse_move) for item in data.list())


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
            self.fail(f"missing key {missing[0]!r}")
        unknown = sorted(present - required - optional)
        if unknown:
            self.fail(f"unknown key {unknown[0]!r}")

    def get(self, key: str) -> Field:
        """The member ``key`` of this object (call `keys` first)."""
        members = self.value if isinstance(self.value, dict) else {}
        return Field(members.get(key), f"{self.path}.{key}" if self.path else key)

    def has(self, key: str) -> bool:
        """Whether this object has the member ``key``."""
        return isinstance(self.value, dict) and key in self.value

    def int(self, low: int | None = None, high: int | None = None) -> int:
        """An integer in ``[low, high]`` (either bound may be open)."""
        value = self.value
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"must be an integer, not {_kind(value)}")
        if low is not None and value < low:
            self.fail(f"must be at least {low}, not {_number(value)}")
        if high is not None and value > high:
            self.fail(f"must be at most {high}, not {_number(value)}")
        return value

    def bool(self) -> bool:
        """A boolean."""
        if not isinstance(self.value, bool):
            self.fail(f"must be true or false, not {_kind(self.value)}")
        return self.value

    def str(self) -> str:
        """A string."""
        if not isinstance(self.value, str):
            self.fail(f"must be a string, not {_kind(self.value)}")
        return self.value

    def choice(
        self, allowed: Mapping[builtins.str, object] | set[builtins.str] | frozenset[builtins.str]
    ) -> builtins.str:
        """A string that is one of ``allowed``."""
        value = self.str()
        if value not in allowed:
            self.fail(f"must be one of {sorted(allowed)}, not {value!r}")
        return value

    def enum(self, kind: type[E]) -> E:
        """A member of the string-valued enum ``kind``, given by value."""
        value = self.str()
        try:
            return kind(value)
        except ValueError:
            self.fail(f"must be one of {[m.value for m in kind]}, not {value!r}")

    def list(self, low: builtins.int = 0, high: builtins.int | None = None) -> builtins.list[Field]:
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

    def parse(self, parser: Callable[[builtins.str], T]) -> T:
        """A string converted by ``parser``, whose `ValueError` becomes this field's error."""
        text = self.str()
        try:
            return parser(text)
        except ValueError as exc:
            self.fail(str(exc))


def _number(value: builtins.int) -> builtins.str:
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
"""Writers of domain types, by exact type (a `CardSet` is an ``int`` but is written as
a list of cards)."""

Readers = Mapping[object, Callable[[Field], Any]]
"""Readers of domain types, by type or by annotation (such as ``Player | None``)."""


def write(value: object, hooks: Writers) -> object:
    """The JSON-ready data of ``value``: an attrs instance as an object of its fields in
    declaration order, a move as its notation, an enum member as its value, a tuple as
    a list, ``None``, booleans, integers and strings as they are; a type in ``hooks``
    as its hook writes it.

    >>> from seaview_rules import CHANCE
    >>> from seaview_rules.voyage import Rules
    >>> write(Rules(players=3), {})["players"], write((CHANCE, None, (1, 2)), {})
    (3, ['chance', None, [1, 2]])
    """
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
        return {name: write(getattr(value, name), hooks) for name, _ in _fields(type(value))}
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
        return field.int()
    if kind is bool:
        return field.bool()
    if kind is str:
        return field.str()
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        if field.value is None:
            return None
        rest = tuple(arg for arg in args if arg is not type(None))
        if len(rest) == 1:
            return read(rest[0], field, hooks)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple(read(args[0], item, hooks) for item in field.list())
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
        hints = typing.get_type_hints(cls)
        attributes: Any = attrs.fields(cls)
        fields = _FIELDS[cls] = tuple((a.name, hints[a.name]) for a in attributes if a.init)
    return fields


def read_player(field: Field) -> Player | None:
    """A view's `to_move`: a seat number, ``"chance"`` or ``null`` (the game's checks
    check the seat against the number of seats)."""
    if field.value is None:
        return None
    if field.value == CHANCE.value:
        return CHANCE
    if isinstance(field.value, str):
        field.fail(f"must be a seat, {CHANCE.value!r} or null, not {field.value!r}")
    return field.int()


def check_to_move(
    to_move: Player | None,
    should: Player | None,
    where: str,
    *,
    phase: str,
    player: int,
    seats: int,
) -> None:
    """Refuse a view's ``to_move`` (at ``where``) unless it is ``should``, what the
    view's phase and player make it."""
    if isinstance(to_move, int):
        Field(to_move, where).int(0, seats - 1)
    if to_move != should:
        shown = CHANCE.value if should is CHANCE else should
        raise InvalidDataError(
            where, f"must be {shown!r} in phase {phase} with seat {player} to act"
        )
