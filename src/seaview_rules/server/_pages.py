"""Reading a table's log and record a page at a time, so that no answer is larger, and
no read longer, than a page, however long the table.

A page of the log (``GET .../events``, and each message of the live channel's catch-up)
covers at most `PAGE_MAX` changes of the table (`EVENTS_PAGE` unless the client asks for
fewer or more); a page of the record (``GET .../record``) at most `PAGE_MAX` moves. A
page of more than `OFF_LOOP` changes or moves is read and written as JSON on a worker
thread, under the table's lock, so the event loop goes on serving everyone else.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import groupby
from operator import attrgetter
from typing import Any, TypeVar

from seaview_rules import GameRecord, Table
from seaview_rules.server._live import ADMIN, HubError, LiveTable
from seaview_rules.server._worker import Worker

__all__ = [
    "EVENTS_PAGE",
    "MESSAGES_KEPT",
    "OFF_LOOP",
    "PAGE_MAX",
    "RECORD_PAGE",
    "catch_up_pages",
    "events_page",
    "record_page",
]

EVENTS_PAGE = 1_000
"""The changes of a page of the log unless the client asks otherwise (``limit``)."""
RECORD_PAGE = 10_000
"""The moves of a page of the record unless the client asks otherwise (``limit``)."""
PAGE_MAX = 10_000
"""The most changes (log) or moves (record) of one page: a larger ``limit`` is refused."""
OFF_LOOP = 200
"""A page of more changes or moves than this is built on a worker thread."""
MESSAGES_KEPT = 64
"""The live messages of one version a table keeps to share (`catch_up_pages`): one a
seat and the spectators' for channels that are up to date, and a few more for
channels that reconnect with an older ``since``."""

AnyTable = Table[Any, Any, Any, Any]
T = TypeVar("T")


def dumps(data: object) -> str:
    """JSON text as Starlette's `JSONResponse` writes it."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


async def _read(live: LiveTable, worker: Worker, size: int, build: Callable[[], T]) -> T:
    """``build()`` under ``live``'s lock, on ``worker`` if the page may have more than
    `OFF_LOOP` changes or moves (``size``, read before the lock; the `Table` is safe to
    read from a thread).

    Raises:
        HubError: 503, ``live``'s copy is stale (`LiveTable.reading`).
    """
    async with live.reading():
        return await worker.run(build) if size > OFF_LOOP else build()


def _entries(
    table: AnyTable, seat: int | None, since: int, until: int
) -> tuple[Any, list[Any], list[Any]]:
    """The table's update for ``seat``, and its log from ``since`` to ``until`` as data:
    the events, and the lines (`Game.words` of each change's events; a change the game
    says nothing of has none)."""
    update = table.update(seat, since, until=until)
    game = table.game
    events = [
        {
            "version": entry.version,
            "event": game.to_dict(entry.event),
            "text": entry.event.text(seat),
        }
        for entry in update.events
    ]
    lines = []
    for version, entries in groupby(update.events, key=attrgetter("version")):
        told = [entry.event for entry in entries]
        said = game.words(told, seat)
        if said:
            ends = any(event.ends_round for event in told)
            lines.append({"version": version, "text": said, "ends_round": ends})
    return update, events, lines


async def events_page(
    live: LiveTable, worker: Worker, seat: int | None, since: int, limit: int
) -> str:
    """``GET .../events``: ``{"version", "events", "lines", "next"}`` as JSON text: the
    table's version, ``seat``'s log of the ``limit`` changes after ``since``, and the
    ``since`` of the next page (``null``: this page reaches the table's version)."""

    def build() -> str:
        until = min(live.table.version, since + limit)
        update, events, lines = _entries(live.table, seat, since, until)
        more = until if until < update.version else None
        return dumps({"version": update.version, "events": events, "lines": lines, "next": more})

    return await _read(live, worker, min(live.table.version - since, limit), build)


async def catch_up_pages(
    live: LiveTable, worker: Worker, seat: int | None, since: int
) -> tuple[int, str]:
    """The next message of a live channel that has seen version ``since``, and the
    version it brings the channel to: ``{"version", "events", "lines", "view",
    "chance_seat"}``, or while the channel is more than `EVENTS_PAGE` changes behind,
    ``{"version", "events", "lines"}``, a page of the log up to ``version`` (the view
    is sent with the page that reaches the table's version). A message is built once
    per version for each seat (and once for the spectators, the admin among them) and
    ``since``, however many channels it goes to: a table's spectators and a player's
    tabs share it."""

    def build() -> tuple[int, str]:
        version = live.table.version
        if live.messages_at != version:
            live.messages, live.messages_at = {}, version
        built = live.messages.get((seat, since))
        if built is not None:
            return built
        until = min(version, since + EVENTS_PAGE)
        update, events, lines = _entries(live.table, seat, since, until)
        if until < update.version:
            built = until, dumps({"version": until, "events": events, "lines": lines})
        else:
            view = live.table.game.to_dict(update.view)
            message = {
                "version": until,
                "events": events,
                "lines": lines,
                "view": view,
                "chance_seat": update.chance_seat,
            }
            built = until, dumps(message)
        if len(live.messages) < MESSAGES_KEPT:
            live.messages[(seat, since)] = built
        return built

    return await _read(live, worker, min(live.table.version - since, EVENTS_PAGE), build)


async def record_page(
    live: LiveTable, worker: Worker, role: int | str | None, since: int, limit: int
) -> tuple[str, int | None]:
    """``GET .../record``: the record document of the ``limit`` moves after move
    ``since`` as JSON text (for the admin the record, for a seat or a spectator what it
    saw), and the ``since`` of the next page (``None``: this page ends the record). The
    pages' moves, joined, are the record's.

    Raises:
        HubError: 400, ``since`` is past the record's last move.
    """

    def build() -> tuple[str, int | None]:
        table = live.table
        whole = table.record
        moves = len(whole.moves)
        if since > moves:
            raise HubError(400, "bad_request", f"since must be a move of the record, 0 to {moves}")
        until = min(moves, since + limit)
        more = until if until < moves else None
        if role == ADMIN:
            page = (
                whole
                if (since, until) == (0, moves)
                else GameRecord(whole.rules, whole.moves[since:until])
            )
            return dumps(table.game.to_dict(page)), more
        seat = role if isinstance(role, int) else None
        return dumps(table.game.to_dict(table.seat_record(seat, since=since, until=until))), more

    return await _read(live, worker, min(live.table.version - since, limit), build)
