"""The JSON envelope shared by every game: ``{"format": "seaview_rules", "game": ...,
"kind": ..., "version": ..., "data": ...}``, one current version of each kind of
document, and the limits on untrusted text (its size, its number of values) that keep
reading it bounded."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from seaview_rules._core import (
    QUOTE_LIMIT,
    InvalidDataError,
)
from seaview_rules._reader import Field

FORMAT = "seaview_rules"

T = TypeVar("T")


def envelope(game: str, kind: str, version: int, data: object) -> dict[str, Any]:
    """The document of ``data``: the envelope as a JSON-ready dict."""
    return {"format": FORMAT, "game": game, "kind": kind, "version": version, "data": data}


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


EVENT_VERSION = 1
"""The format version of a document of kind ``"event"`` (one event, as a seat saw it)."""
SEAT_RECORD_VERSION = 1
"""The format version of a document of kind ``"seat_record"`` (`SeatRecord`)."""
