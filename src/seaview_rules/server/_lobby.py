"""The lobby, a page at a time: open tables (a seat free, the game not over) first, then
the others, each group newest first, and a cursor to the next page.

The order is kept as tables come and go and seats are taken (a sorted list, changed
in place), each table's entry is written as JSON once per change of the table
(`LiveTable.entry_text`), and a page is written once per version of the lobby: however
many clients poll it, and however many tables the server holds, a request costs one
page of entries joined, not the whole lobby.
"""

from __future__ import annotations

import bisect
import hashlib
import json

from seaview_rules.server._live import HubError, LiveTable

__all__ = ["LOBBY_MAX", "LOBBY_PAGE", "Lobby", "Page"]

LOBBY_PAGE = 50
"""The entries of a page of the lobby unless the client asks otherwise (``limit``)."""
LOBBY_MAX = 200
"""The most entries of one page."""

Key = tuple[int, int, str]
"""Where a table stands in the lobby: 0 while open (1 else), minus its creation (in
microseconds: the newest first), its id."""

Page = tuple[str, str]
"""A page's JSON text and its strong ``ETag``."""


class Lobby:
    """The lobby of the tables a `Hub` holds, kept in order as they change
    (`touch`, `drop`)."""

    def __init__(self) -> None:
        self._order: list[Key] = []
        self._keys: dict[str, Key] = {}
        self._tables: dict[str, LiveTable] = {}
        self._pages: dict[tuple[str | None, int], Page] = {}
        """The pages written since the lobby last changed."""

    def touch(self, live: LiveTable) -> None:
        """``live`` was added or changed (its entry rebuilt): put it in its place."""
        group = 0 if live.entry["free_seats"] and not live.entry["over"] else 1
        key = (group, -round(live.created * 1_000_000), live.id)
        before = self._keys.get(live.id)
        if before != key:
            if before is not None:
                del self._order[bisect.bisect_left(self._order, before)]
            bisect.insort(self._order, key)
            self._keys[live.id] = key
        self._tables[live.id] = live
        self._pages = {}

    def drop(self, live: LiveTable) -> None:
        """``live`` is no longer held."""
        if self._tables.get(live.id) is not live:
            return
        key = self._keys.pop(live.id)
        del self._order[bisect.bisect_left(self._order, key)]
        del self._tables[live.id]
        self._pages = {}

    def page(self, cursor: str | None, limit: int) -> Page:
        """The page of at most ``limit`` entries after ``cursor`` (``None``: the first),
        as ``{"tables": [entry, ...], "next": cursor | null}``.

        Raises:
            HubError: 400, ``cursor`` is no cursor of this lobby.
        """
        written = self._pages.get((cursor, limit))
        if written is not None:
            return written
        start = 0 if cursor is None else bisect.bisect_right(self._order, _key(cursor))
        keys = self._order[start : start + limit]
        more = _cursor(keys[-1]) if keys and start + limit < len(self._order) else None
        text = (
            '{"tables":['
            + ",".join(self._tables[key[2]].entry_text for key in keys)
            + '],"next":'
            + json.dumps(more)
            + "}"
        )
        written = text, f'"{hashlib.sha256(text.encode()).hexdigest()[:32]}"'
        if len(self._pages) < 64:  # a few pages per version; no client can grow it more
            self._pages[(cursor, limit)] = written
        return written


def _cursor(key: Key) -> str:
    """The cursor of the page that starts after ``key``: opaque to clients.

    >>> _cursor((1, -1700000000250000, "AbC-d_e"))
    '1.1700000000250000.AbC-d_e'
    """
    group, newer, table = key
    return f"{group}.{-newer}.{table}"


def _key(cursor: str) -> Key:
    """The key a cursor of `_cursor` names.

    Raises:
        HubError: 400, not such a cursor.
    """
    group, _, rest = cursor.partition(".")
    micros, _, table = rest.partition(".")
    if (
        group not in ("0", "1")
        or not (micros.isascii() and micros.isdigit() and len(micros) <= 18)
        or not 0 < len(table) <= 64
    ):
        raise HubError(400, "bad_request", "cursor must be the next of a page of the lobby")
    return int(group), -int(micros), table
