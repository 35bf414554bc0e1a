"""The tables a server process holds: each a `seaview_rules.Table` with its seats'
tokens, its bots and its listeners, kept in step with the store.

Everything here runs on the server's event loop, one change at a time: a change is made
on the table, committed to the store, and only then announced and answered. Bots think
in a worker thread (from their seat's view only) and hand their move back to the loop,
where it goes through the same path as a player's, version check included.

Over a `SharedStore` (several processes on one database) a process's copy of a table
may fall behind: before it serves a table it reads the table's `Head` (one query), and
if another process moved it on, it makes the changes it lacks (`Table.catch_up`), not
the whole match again. A change it makes on a copy that turns out stale is refused by
the store's compare-and-set; the process then reads the table again and makes the change
once more on the fresh copy, where the version the client acted on decides. The store's
notifications wake the live channels of a table another process changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Any, cast

from attrs import define, field

from seaview_rules import (
    CHANCE,
    GAMES,
    Bot,
    IllegalMoveError,
    InvalidDataError,
    RandomBot,
    Table,
)
from seaview_rules.bots import ISMCTSBot
from seaview_rules.server._store import (
    Head,
    SharedStore,
    StaleVersionError,
    Store,
    StoredChange,
    StoredTable,
)

__all__ = ["ADMIN", "SEAT_KINDS", "Hub", "HubError", "LiveTable"]

SEAT_KINDS = ("open", "bot:random", "bot:ismcts")
"""What a seat of a new table may be: open for a player to join, or played by a bot."""

LOG = logging.getLogger("seaview_rules.server")

ADMIN = "admin"
"""The role of the admin token: enters real chance outcomes, reads the full record."""

TOKEN_BYTES = 32
"""Every token carries 256 random bits (`secrets.token_urlsafe`)."""

BOT_TAKEOVER = 3.0
"""Seconds after another process's change gave the turn to a bot, after which this
process plays the bot if the table has not moved (that process may have died): the
store's compare-and-set keeps two processes from both applying its move."""


class HubError(Exception):
    """A request the hub refuses: an HTTP status, a short code and a reason safe to show
    the asker."""

    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason


def new_token() -> str:
    """A new secret token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> bytes:
    """What the store keeps of a token. A token has 256 random bits, so one SHA-256 is
    enough: no one can search for a token that has a given hash."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@define(eq=False)
class LiveTable:
    """A table in play in this process."""

    id: str
    table: Table[Any, Any, Any, Any]
    seats: tuple[str, ...]
    admin_hash: bytes
    created: float
    token_hashes: list[bytes | None]
    bots: dict[int, Bot[Any, Any]]
    bot_rng: random.Random
    changed: asyncio.Event = field(factory=asyncio.Event)
    """Set, and replaced by a fresh event, after every change."""
    bot_task: asyncio.Task[None] | None = None
    channels: int = 0
    """The live channels open on this table."""
    stale: bool = False
    """The copy may not be what the store holds (a write whose outcome is unknown):
    it is read again from the store before it is used."""

    @property
    def joined(self) -> int:
        """How many seats players have joined."""
        return sum(held is not None for held in self.token_hashes)

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

    def summary(self) -> dict[str, Any]:
        """The table's lobby entry."""
        table = self.table
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
            "chance": table.chance,
            "version": table.version,
            "to_move": _player(table.to_move),
            "over": table.to_move is None,
        }


def _player(player: object) -> object:
    return "chance" if player is CHANCE else player


class Hub:
    """The tables of one server process, over a `Store`.

    Args:
        store: where tables are kept.
        seed: ``None`` on a live server: chance comes from the operating system's
            generator. A number (``seaview serve --seeded``) gives each table a
            `random.Random` seeded from it and the table's id, for tests and replays.
        max_tables: a new table beyond this many is refused (429).
    """

    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        max_tables: int = 10_000,
        max_changes: int = 200_000,
    ) -> None:
        self.store = store
        self.seed = seed
        self.max_tables = max_tables
        self.max_changes = max_changes
        self.tables: dict[str, LiveTable] = {}
        self.unreadable: list[str] = []
        """The stored tables that could not be rebuilt (left in the store, not served)."""
        self.shared = isinstance(store, SharedStore)
        """Other processes write the same store: tables are checked before use."""
        self._listener: asyncio.Task[None] | None = None

    def load(self) -> None:
        """Rebuild every stored table. One that cannot be rebuilt is logged and left out,
        so that one bad table never keeps the server from starting."""
        for stored in self.store.tables():
            try:
                self.tables[stored.id] = self._rebuild(stored)
            except (InvalidDataError, ValueError, KeyError) as exc:
                LOG.error("table %s cannot be rebuilt and is not served: %s", stored.id, exc)
                self.unreadable.append(stored.id)

    def get(self, table: str) -> LiveTable:
        """The table ``table``, in step with the store.

        Raises:
            HubError: 404, no such table; 503, the store cannot be read.
        """
        live = self.tables.get(table)
        if self.shared or (live is not None and live.stale):
            self.sync(table)
            live = self.tables.get(table)
        if live is None:
            raise HubError(404, "not_found", "no such table")
        return live

    def create(
        self, game: str, rules: Any, seats: list[str], chance: str | None
    ) -> tuple[LiveTable, str]:
        """A new table and its admin token.

        Raises:
            HubError: 429, the server holds `max_tables` tables.
        """
        held = len(self._store_call(lambda store: store.heads())) if self.shared else None
        if (held if held is not None else len(self.tables)) >= self.max_tables:
            raise HubError(429, "too_many_tables", f"this server holds {self.max_tables} tables")
        table_id = secrets.token_urlsafe(9)
        rng = random.Random(f"{self.seed}:{table_id}") if self.seed is not None else None
        table: Table[Any, Any, Any, Any] = Table(
            game,
            rules,
            rng=rng,
            chance=chance,  # type: ignore[arg-type]
        )
        admin = new_token()
        live = self._live(
            table_id, table, tuple(seats), token_hash(admin), time.time(), [None] * len(seats)
        )
        self.store.create(
            StoredTable(
                id=table_id,
                game=game,
                rules=table.game.rules_to_data(table.rules),
                chance=table.chance,
                seats=live.seats,
                admin_hash=live.admin_hash,
                created=live.created,
                changes=tuple(_stored(c) for c in table.changes),
                rng=self._rng_state(table),
            )
        )
        self.tables[table_id] = live
        self._wake_bots(live)
        return live, admin

    def delete(self, live: LiveTable) -> None:
        """Remove ``live`` from the server and its store."""
        self.store.delete(live.id)
        self._forget(live)

    def join(self, live: LiveTable, seat: int) -> str:
        """A token for ``seat`` of ``live``.

        Raises:
            HubError: 404, no such seat; 409, the seat is a bot's or taken.
        """
        if not 0 <= seat < len(live.seats):
            raise HubError(404, "not_found", f"the table has seats 0 to {len(live.seats) - 1}")
        if live.seats[seat] != "open" or live.token_hashes[seat] is not None:
            raise HubError(409, "seat_taken", f"seat {seat} is taken")
        token = new_token()
        digest = token_hash(token)
        if not self.store.join(live.id, seat, digest):
            raise HubError(409, "seat_taken", f"seat {seat} is taken")
        live.token_hashes[seat] = digest
        return token

    def change(self, live: LiveTable, make: Callable[[Table[Any, Any, Any, Any]], int]) -> int:
        """Make a change with ``make(table)`` (a `Table` method), commit what it added to
        the store, then tell the listeners and wake the bots. A refusal changes nothing.

        If the store refuses the write because another process moved the table on,
        the table is read again and ``make`` tried once more on it (where the version
        the client acted on, if it gave one, refuses it as stale).

        Raises:
            IllegalMoveError: the table refused the change.
            HubError: 409, the table keeps moving under the change, or is at its
                length limit; 503, the store failed: the table is read again from the
                store, where the change may or may not be (a client retries with the
                version it acted on, so that the change is made at most once).
        """
        for attempt in range(2):
            table = live.table
            since = table.version
            if since >= self.max_changes:
                raise HubError(409, "too_long", f"a table takes at most {self.max_changes} changes")
            version = make(table)
            try:
                self.store.append(
                    live.id,
                    since,
                    [_stored(c) for c in table.changes_since(since)],
                    self._rng_state(table),
                )
            except StaleVersionError:
                self._reload(live)  # drops the change made here with the stale copy
                if live.stale:
                    raise HubError(503, "unavailable", "the table cannot be read") from None
                if attempt:
                    raise HubError(409, "stale", "the table has moved on; read it again") from None
                continue
            except Exception as exc:
                LOG.warning("table %s: a change could not be stored: %s", live.id, exc)
                self._reload(live)
                raise HubError(503, "unavailable", "the change could not be stored") from None
            self._announce(live)
            return version
        raise AssertionError("unreachable")

    def lobby(self) -> list[dict[str, Any]]:
        """Every table's lobby entry (over a shared store, every process's tables).

        Raises:
            HubError: 503, the store cannot be read.
        """
        if self.shared:
            heads = self._store_call(lambda store: store.heads())
            for table_id in [t for t in self.tables if t not in heads]:
                self._forget(self.tables[table_id])
            for table_id, head in heads.items():
                self._follow(table_id, head)
        return [live.summary() for live in self.tables.values()]

    def sync(self, table_id: str) -> None:
        """Bring this process's copy of ``table_id`` in step with the store: read it if
        it is new here or stale, make the changes it lacks, take the seats joined
        elsewhere, forget it if it was deleted.

        Raises:
            HubError: 503, the store cannot be read.
        """
        live = self.tables.get(table_id)
        if live is not None and live.stale:
            self._reload(live)
            if live.stale:
                raise HubError(503, "unavailable", "the table cannot be read from the store")
            return
        if self.shared:
            self._follow(table_id, self._store_call(lambda store: store.head(table_id)))

    def _follow(self, table_id: str, head: Head | None) -> None:
        """`sync` ``table_id``, whose stored `Head` is ``head`` (``None``: deleted)."""
        live = self.tables.get(table_id)
        if head is None:
            if live is not None:
                self._forget(live)
            return
        if live is None:
            stored = self._store_call(lambda store: store.table(table_id))
            if stored is not None:
                try:
                    self.tables[table_id] = self._rebuild(stored)
                except (InvalidDataError, ValueError, KeyError) as exc:
                    LOG.error("table %s cannot be rebuilt and is not served: %s", table_id, exc)
                    raise HubError(503, "unavailable", "the table cannot be read") from None
            return
        if head.version == live.table.version and head.joined == live.joined:
            return
        since = live.table.version
        stored = self._store_call(lambda store: store.table(table_id, since))
        if stored is None:
            self._forget(live)
            return
        live.token_hashes = list(stored.token_hashes)
        if stored.changes:
            try:
                live.table.catch_up(_changes_data(stored.changes), since=since, rng=stored.rng)
            except InvalidDataError as exc:
                LOG.error("table %s cannot catch up and is read again: %s", table_id, exc)
                self._reload(live)
            self._announce(live, here=False)

    def _store_call(self, read: Callable[[SharedStore], Any]) -> Any:
        try:
            return read(self.store)  # type: ignore[arg-type]
        except Exception as exc:
            LOG.warning("the store cannot be read: %s", exc)
            raise HubError(503, "unavailable", "the tables' store cannot be read") from None

    def _reload(self, live: LiveTable) -> None:
        """Read ``live``'s table again from the store, whole; if that fails too, mark it
        stale, to be read before its next use."""
        try:
            stored = self.store.table(live.id)
        except Exception as exc:
            LOG.warning("table %s cannot be read again: %s", live.id, exc)
            live.stale = True
            return
        if stored is None:
            self._forget(live)
            return
        fresh = self._rebuild(stored)
        live.table, live.token_hashes, live.stale = fresh.table, fresh.token_hashes, False
        self._announce(live, here=False)

    def _forget(self, live: LiveTable) -> None:
        """Drop ``live`` from this process (deleted, here or by another process)."""
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        if live.bot_task is not None:
            live.bot_task.cancel()
        self._announce(live, here=False)  # its live channels see that it is gone

    def _announce(self, live: LiveTable, *, here: bool = True) -> None:
        """Wake ``live``'s channels; and its bots if the change was made in this
        process (the process that moved a table plays the bots whose turn follows),
        else after `BOT_TAKEOVER` seconds if the table has not moved meanwhile."""
        changed, live.changed = live.changed, asyncio.Event()
        changed.set()
        if here:
            self._wake_bots(live)
        elif live.bots and _bot_turn(live) is not None:
            with contextlib.suppress(RuntimeError):  # no running loop: nothing to wake
                version = live.table.version
                asyncio.get_running_loop().call_later(BOT_TAKEOVER, self._take_over, live, version)

    def _take_over(self, live: LiveTable, version: int) -> None:
        if self.tables.get(live.id) is not live:
            return
        with contextlib.suppress(HubError):
            self.sync(live.id)
        if live.table.version == version:
            self._wake_bots(live)

    async def start(self) -> None:
        """Set every table's bots going, and over a shared store listen for the other
        processes' changes (once the event loop runs)."""
        for live in list(self.tables.values()):
            self._wake_bots(live)
        if self.shared:
            self._listener = asyncio.get_running_loop().create_task(self._listen())

    async def stop(self) -> None:
        """Stop listening, and every table's bots."""
        tasks = [t for t in (self._listener, *(v.bot_task for v in self.tables.values())) if t]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

    async def _listen(self) -> None:
        """Catch up each table another process changed, as the store tells of it."""
        store: SharedStore = self.store  # type: ignore[assignment]
        async for notice in store.notifications():
            if notice is None:  # (re)connected: what was missed meanwhile is unknown
                for table_id in list(self.tables):
                    with contextlib.suppress(HubError):
                        self.sync(table_id)
                continue
            table_id, head = notice
            live = self.tables.get(table_id)
            if live is None:
                continue  # not held here: read when first asked for
            if head is not None:
                if head.version <= live.table.version and head.joined <= live.joined:
                    continue  # a change made here, or one already caught up with
                if not live.channels and not live.bots:
                    continue  # nobody here waits for it: caught up when next asked for
            with contextlib.suppress(HubError):
                self._follow(table_id, head)

    def _rng_state(self, table: Table[Any, Any, Any, Any]) -> object:
        return table.rng_state() if self.seed is not None else None

    def _live(
        self,
        table_id: str,
        table: Table[Any, Any, Any, Any],
        seats: tuple[str, ...],
        admin_hash: bytes,
        created: float,
        token_hashes: list[bytes | None],
    ) -> LiveTable:
        bot_rng = (
            random.Random(f"{self.seed}:{table_id}:bots")
            if self.seed is not None
            else random.Random(secrets.randbits(128))
        )
        bots: dict[int, Bot[Any, Any]] = {}
        for seat, kind in enumerate(seats):
            if kind == "bot:ismcts" and table.game.search is not None:
                bots[seat] = ISMCTSBot(seed=bot_rng.randrange(2**32))
            elif kind.startswith("bot:"):
                bots[seat] = RandomBot()
        return LiveTable(table_id, table, seats, admin_hash, created, token_hashes, bots, bot_rng)

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        game = GAMES[stored.game]
        table: Table[Any, Any, Any, Any] = Table.from_changes(
            game,
            game.rules_from_data(stored.rules),
            [(c.seat, c.move) for c in stored.changes],
            chance=cast(Any, stored.chance),
            rng=None if stored.rng is not None else random.SystemRandom(),
            rng_state=stored.rng,
        )
        return self._live(
            stored.id,
            table,
            stored.seats,
            stored.admin_hash,
            stored.created,
            list(stored.token_hashes),
        )

    def _wake_bots(self, live: LiveTable) -> None:
        if live.bots and (live.bot_task is None or live.bot_task.done()) and _bot_turn(live):
            with contextlib.suppress(RuntimeError):  # no running loop: load() before serving
                live.bot_task = asyncio.get_running_loop().create_task(self._play_bots(live))

    async def _play_bots(self, live: LiveTable) -> None:
        """Play the bots' turns of ``live`` until a player (or the admin) is to act.
        A bot acts on the version it saw: if the table moved on meanwhile (an undo), its
        move is refused and it thinks again; if the store fails, the bots stop until the
        next change wakes them."""
        while (turn := _bot_turn(live)) is not None:
            seat, press = turn
            version = live.table.version
            if press:
                act: Callable[[Table[Any, Any, Any, Any]], int] = functools.partial(
                    _step, seat=seat, version=version
                )
            else:
                view = live.table.view(seat)
                bot = live.bots[seat]
                if isinstance(bot, ISMCTSBot):  # a search: off the event loop
                    move = await asyncio.to_thread(bot.choose, view, view.legal_moves, live.bot_rng)
                else:
                    move = bot.choose(view, view.legal_moves, live.bot_rng)
                act = functools.partial(_submit, seat=seat, move=move, version=version)
            try:
                self.change(live, act)
            except IllegalMoveError:
                pass
            except HubError:
                return
            await asyncio.sleep(0)  # let the replies and pushes of the other tables go out


def _step(table: Table[Any, Any, Any, Any], *, seat: int, version: int) -> int:
    return table.step(seat, version=version)


def _submit(table: Table[Any, Any, Any, Any], *, seat: int, move: Any, version: int) -> int:
    return table.submit(seat, move, version=version)


def _bot_turn(live: LiveTable) -> tuple[int, bool] | None:
    """The bot seat that is to act on ``live`` and whether it presses the chance button
    (``True``) or moves, or ``None``."""
    table = live.table
    to_move = table.to_move
    if isinstance(to_move, int):
        return (to_move, False) if to_move in live.bots else None
    if to_move is CHANCE and table.chance == "step":
        seat = table.game.chance_seat(table.state)
        if seat in live.bots:
            return seat, True
    return None


def _stored(change: Any) -> StoredChange:
    return StoredChange(
        change.version, change.seat, None if change.move is None else str(change.move)
    )


def _changes_data(changes: tuple[StoredChange, ...]) -> list[dict[str, object]]:
    """Stored changes as `Table.to_dict` writes them, for `Table.from_dict` and
    `Table.catch_up`."""
    return [
        {"seat": c.seat, "undo": True} if c.move is None else {"seat": c.seat, "move": c.move}
        for c in changes
    ]


def game_names() -> list[str]:
    """The registry names of the games a server offers."""
    return list(GAMES)
