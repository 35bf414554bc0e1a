"""A table as one server process holds it: the `seaview_rules.Table`, its seats and
their tokens, its bots, and what its listeners wait on.

Tokens are random (256 bits), kept only as their SHA-256 hash, and compared in constant
time; a token is never logged and never stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import random
import secrets
import unicodedata
from collections.abc import AsyncIterator, Callable
from typing import Any

from attrs import define, field

from seaview_rules import CHANCE, Bot, Table

__all__ = [
    "ADMIN",
    "SEAT_KINDS",
    "TOKEN_BYTES",
    "HubError",
    "LiveTable",
    "new_token",
    "same_name",
    "token_hash",
]

SEAT_KINDS = ("open", "bot:random", "bot:ismcts")
"""What a seat of a new table may be: open for a player to join, or played by a bot."""

ADMIN = "admin"
"""The role of the admin token: enters real chance outcomes, reads the full record."""

TOKEN_BYTES = 32
"""Every token carries 256 random bits (`secrets.token_urlsafe`)."""


class HubError(Exception):
    """A request the server refuses: an HTTP status, a short code and a reason safe to
    show the asker."""

    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason


def new_token() -> str:
    """A new secret token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_name(one: str, other: str) -> bool:
    """Whether two players' names would be read as one (compared in NFKC, without
    case or inner white space).

    >>> same_name("Ann", "ANN"), same_name("A nn", "Ann"), same_name("Ann", "Anne")
    (True, True, False)
    """
    return _folded(one) == _folded(other)


def _folded(name: str) -> str:
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def token_hash(token: str) -> bytes:
    """What the store keeps of a token. A token has 256 random bits, so one SHA-256 is
    enough: no one can search for a token that has a given hash."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@define(eq=False)
class LiveTable:
    """A table in play in this process.

    Its changes are made one at a time under `lock`, which a change holds from the
    table method that makes it until the store has committed it; a reader of the
    table's log, views or record holds it too (`reading`), so that no one sees a change
    the store may still refuse, and refuses a `stale` copy, which may hold a change the
    store never committed. `entry` is the lobby entry of the last committed version.
    """

    id: str
    table: Table[Any, Any, Any, Any]
    seats: tuple[str, ...]
    admin_hash: bytes
    created: float
    token_hashes: list[bytes | None]
    bots: dict[int, Bot[Any, Any]]
    bot_rng: random.Random
    names: list[str | None]
    """The name each joined seat's player gave, else ``None``."""
    rematch: str | None = None
    """The id of the table's rematch, once made."""
    seated: bool = False
    """Whether a player has ever held a seat (joined here, or as the store tells)."""
    revision: int = 0
    """The `StoredTable.revision` this copy's seats and rematch were read at (a change
    made here leaves it behind the store's, so that the next `Hub.sync` reads them)."""
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    """Held by every change of the table and every read of its content."""
    changed: asyncio.Event = field(factory=asyncio.Event)
    """Set, and replaced by a fresh event, after every change."""
    bot_task: asyncio.Task[None] | None = None
    channels: int = 0
    """The live channels open on this table."""
    stale: bool = False
    """The copy may not be what the store holds (a write whose outcome is unknown):
    it is read again from the store before it is used."""
    counted: int = 0
    """The changes of the table counted in its hub's `Hub.held`."""
    entry: dict[str, Any] = field(factory=dict)
    """The lobby entry (`summary`) as of the last committed change (see `committed`)."""
    entry_text: str = ""
    """`entry` as JSON text, written once per change (and once its presence changes)."""
    connected: list[bool] = field(factory=list)
    """Whether each seat has a live channel open in this process (`show_presence`);
    empty: none has."""
    listener: Callable[[LiveTable], None] | None = None
    """Told of every change of `entry` (the hub's `seaview_rules.server._lobby.Lobby`)."""
    owner: str = ""
    """The client that created the table, whose share its changes count in (``""``: a
    table of an older store, nobody's)."""
    clients: list[str] = field(factory=list)
    """The client that joined each seat (``""``: nobody holds it)."""
    messages: dict[tuple[int | None, int], tuple[int, str]] = field(factory=dict)
    """The live messages built at version `messages_at`, by (seat or ``None`` for a
    spectator, the version the channel had seen): every channel of one seat, and every
    spectator, is sent the message built once."""
    messages_at: int = -1
    refused: tuple[tuple[int, int, int], HubError] | None = None
    """The counts (the table's version, the changes of the process, the changes of the
    owner's tables) at which a change was found to pass a cap, and its refusal: a
    change is refused at once while they stay so, rather than made and undone again."""

    def __attrs_post_init__(self) -> None:
        self.committed()

    @property
    def version(self) -> int:
        """The table's version as last committed (a change being made is not in it)."""
        return int(self.entry["version"])

    @property
    def joined(self) -> int:
        """How many seats players hold; at least 1 once a player has held one, so that a
        table whose players all left is not taken for a table no player joined (which
        `Expiry` deletes early)."""
        held = sum(token is not None for token in self.token_hashes)
        return max(held, int(self.seated))

    def role(self, token: str | None) -> int | str | None:
        """The seat of ``token``, `ADMIN`, or ``None`` (no token: a spectator).

        Every stored hash is compared, in constant time, whatever matches.

        Raises:
            HubError: 403, a token that is not one of this table's.
        """
        if token is None:
            return None
        digest = token_hash(token)
        found: int | str | None = None
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                found = seat
        if hmac.compare_digest(self.admin_hash, digest):
            found = ADMIN
        if found is None:
            raise HubError(403, "forbidden", "the token is not one of this table's")
        return found

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[Table[Any, Any, Any, Any]]:
        """The table, to read under `lock`: what the store has committed, never a change
        whose commit failed (the copy is then `stale` until it is read again).

        Raises:
            HubError: 503, the copy is stale.
        """
        async with self.lock:
            if self.stale:
                raise HubError(503, "unavailable", "the table cannot be read")
            yield self.table

    def committed(self) -> None:
        """Take the table as it is now as committed: its lobby entry is rebuilt, and
        the `listener` told."""
        self.entry = self.summary()
        self.entry_text = json.dumps(self.entry, ensure_ascii=False, separators=(",", ":"))
        if self.listener is not None:
            self.listener(self)

    def show_presence(self, connected: list[bool]) -> None:
        """Say in `entry` which seats have a live channel open (``connected``), the rest
        of the entry as it was, and tell the `listener` if that changed it."""
        if connected == self.entry.get("connected"):
            return
        self.connected = connected
        self.entry = {**self.entry, "connected": connected}
        self.entry_text = json.dumps(self.entry, ensure_ascii=False, separators=(",", ":"))
        if self.listener is not None:
            self.listener(self)

    def summary(self) -> dict[str, Any]:
        """The table's lobby entry as it is now."""
        table = self.table
        outcome = table.game.outcome(table.state) if table.to_move is None else None
        return {
            "table": self.id,
            "game": table.game.name,
            "players": len(self.seats),
            "seats": [
                kind if kind != "open" else ("taken" if held else "open")
                for kind, held in zip(self.seats, self.token_hashes, strict=True)
            ],
            "free_seats": [
                seat
                for seat, (kind, held) in enumerate(zip(self.seats, self.token_hashes, strict=True))
                if kind == "open" and held is None
            ],
            "names": [
                name if held else None
                for name, held in zip(self.names, self.token_hashes, strict=True)
            ],
            "chance": table.chance,
            "version": table.version,
            "to_move": "chance" if table.to_move is CHANCE else table.to_move,
            "over": table.to_move is None,
            "outcome": None
            if outcome is None
            else {"winner": outcome.winner, "scores": list(outcome.scores)},
            "rematch": self.rematch,
            "connected": self.connected or [False] * len(self.seats),
        }
