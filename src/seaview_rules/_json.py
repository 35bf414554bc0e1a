"""The JSON envelope shared by every game, and a reader that validates untrusted JSON.

Every document is ``{"format": "seaview_rules", "game": ..., "kind": ..., "version": ...,
"data": ...}``. Reading goes through `Field`, which knows its path in the document so
that every `InvalidDataError` names the offending part.
"""

from __future__ import annotations

import builtins
import enum
import json
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

from seaview_rules._core import InvalidDataError

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


def parse_json(text: object) -> object:
    """The parsed JSON ``text``.

    Raises:
        InvalidDataError: not JSON text.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidDataError("", f"expected JSON text, not {type(text).__name__}")
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
    while stack:
        item, where, depth = stack.pop()
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
