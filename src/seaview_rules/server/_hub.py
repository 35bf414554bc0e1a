"""The tables a server process holds, kept in step with the store: the lobby (create,
join, delete, list), each change made and committed, and, over a store several
processes share, catching up with the others' changes.

A change of a table is made under the table's `asyncio.Lock` (`LiveTable.lock`): the
`Table` method that makes it, then the store's commit, which runs on the store's worker
thread while the event loop serves everyone else; only then is it announced and
answered. Changes of different tables never wait for each other's commits, though they
share the store's one connection.

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
import logging
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar, cast

from seaview_rules import GAMES, InvalidDataError, Table
from seaview_rules.server._bots import bot_turn, make_bots, play_bots
from seaview_rules.server._live import (
    ADMIN,
    SEAT_KINDS,
    HubError,
    LiveTable,
    new_token,
    same_name,
    token_hash,
)
from seaview_rules.server._lobby import LOBBY_PAGE, Lobby, Page
from seaview_rules.server._quota import QuotaError, Rate, bots_only, change_limit
from seaview_rules.server._store import (
    CapError,
    Caps,
    Head,
    SharedStore,
    StaleVersionError,
    Store,
    StoredChange,
    StoredTable,
)
from seaview_rules.server._worker import Worker

__all__ = ["ADMIN", "SEAT_KINDS", "Hub", "HubError", "LiveTable"]

LOG = logging.getLogger("seaview_rules.server")

BOT_TAKEOVER = 3.0
"""Seconds after another process's change gave the turn to a bot, after which this
process plays the bot if the table has not moved (that process may have died): the
store's compare-and-set keeps two processes from both applying its move."""

REMATCHES_FOLLOWED = 100
"""How far `Hub.leave` follows a table's rematches (a bounded loop)."""

AnyTable = Table[Any, Any, Any, Any]
T = TypeVar("T")


class Hub:
    """The tables of one server process, over a `Store`.

    Args:
        store: where tables are kept. Every call to it runs on one worker thread.
        seed: ``None`` on a live server: chance comes from the operating system's
            generator. A number (``seaview serve --seeded``) gives each table a
            `random.Random` seeded from it and the table's id, for tests and replays.
        max_tables: a new table beyond this many is refused (429).
        max_changes: a change beyond this many on one table is refused (409).
        bot_table_max_changes: the same for a table with no open seat, whose bots play
            as fast as the server can and that no person can end (the lower of the
            two; see `change_limit`).
        max_held_changes: the process's budget: once the tables it holds have this
            many changes together (`held`; about 600 bytes of memory each), a new table
            and every change of a table with no open seat are refused (503
            ``server_full``), until tables are deleted or expire; the bots of such
            tables then play on. A table with players goes on, within its creator's
            share.
        tables_per_client: the tables one client (the creator, `LiveTable.owner`)
            holds at most (429 ``too_many_tables``); counted in the store.
        bot_tables_per_client: of those, the tables with no open seat.
        seats_per_client: the seats one client holds on tables whose game is not over
            (429 ``too_many_seats``); counted in the store.
        changes_per_client: the changes of one client's tables together (`held_by`):
            a change of its tables beyond it is refused (429 ``too_many_changes``),
            bots' and players' alike, so that no client holds more than its share of
            ``max_held_changes``.
        changes_per_second: the changes a second of one client's tables (a burst of a
            hundred times as many): bots wait for their turn, a player's move beyond it
            is refused (429 ``slow_down``).

    Every cap is exact: a change that would pass one (a move that brings a deal along)
    is made, found to pass it, and undone (the table read again from the store) before
    anything of it is stored or shown; the counts of tables and seats are checked in the
    store's own transaction.
    """

    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        max_tables: int = 10_000,
        max_changes: int = 200_000,
        bot_table_max_changes: int = 200_000,
        max_held_changes: int = 1_000_000,
        tables_per_client: int | None = None,
        bot_tables_per_client: int | None = None,
        seats_per_client: int | None = None,
        changes_per_client: int | None = None,
        changes_per_second: float | None = None,
    ) -> None:
        self.store = store
        self.seed = seed
        self.max_tables = max_tables
        self.max_changes = max_changes
        self.bot_table_max_changes = bot_table_max_changes
        self.max_held_changes = max_held_changes
        self.tables_per_client = tables_per_client
        self.bot_tables_per_client = bot_tables_per_client
        self.seats_per_client = seats_per_client
        self.changes_per_client = changes_per_client
        self.pace = (
            Rate(changes_per_second, 100 * changes_per_second) if changes_per_second else None
        )
        """The changes a second of each client's tables."""
        self.held = 0
        """The changes of every table this process holds, together (see `_count`)."""
        self.held_by: Counter[str] = Counter()
        """The changes of the tables each client created, of those this process holds."""
        self.tables: dict[str, LiveTable] = {}
        self.present: Counter[tuple[str, int]] = Counter()
        """The live channels open in this process of each (table, seat): its player is
        at the table (`arrive`, `depart`)."""
        self.lobby_pages = Lobby()
        """The lobby of `tables`, in order, a page at a time."""
        self.unreadable: list[str] = []
        """The stored tables that could not be rebuilt (left in the store, not served)."""
        self.shared = isinstance(store, SharedStore)
        """Other processes write the same store: tables are checked before use."""
        self.worker = Worker(1, "seaview-store")
        """The thread every store call runs on."""
        self._tasks: set[asyncio.Task[None]] = set()

    def load(self) -> None:
        """Rebuild every stored table (before serving: it blocks). One that cannot be
        rebuilt is logged and left out, so that one bad table never keeps the server
        from starting."""
        for stored in self.store.tables():
            try:
                self._hold(self._live(stored, _rebuilt(stored)))
            except (InvalidDataError, ValueError, KeyError) as exc:
                LOG.error("table %s cannot be rebuilt and is not served: %s", stored.id, exc)
                self.unreadable.append(stored.id)

    async def get(self, table: str) -> LiveTable:
        """The table ``table``, in step with the store.

        Raises:
            HubError: 404, no such table; 503, the store cannot be read.
        """
        live = self.tables.get(table)
        if self.shared or (live is not None and live.stale):
            await self.sync(table)
            live = self.tables.get(table)
        if live is None:
            raise HubError(404, "not_found", "no such table")
        return live

    async def create(
        self, game: str, rules: Any, seats: list[str], chance: str | None, owner: str = ""
    ) -> tuple[LiveTable, str]:
        """A new table of ``owner`` (a client) and its admin token.

        Raises:
            HubError: 429, the server holds `max_tables` tables, or ``owner`` its share;
                503, the budget is full or the store failed.
        """
        self._within_budget()
        admin = new_token()
        table, stored = self._new(
            game, rules, chance, seats=tuple(seats), admin_hash=token_hash(admin), owner=owner
        )
        self._within_budget(table.version)  # its deal, made already
        self._within_share(owner, table.version)
        await self._capped(lambda: self.store.create(stored, self._caps(owner)))
        live = self._hold(self._live(stored, table))
        self._wake_bots(live)
        return live, admin

    def _caps(self, owner: str) -> Caps:
        """What a new table of ``owner`` is held to in the store."""
        return Caps(
            tables=self.max_tables,
            client_tables=self.tables_per_client if owner else None,
            client_bot_tables=self.bot_tables_per_client if owner else None,
        )

    async def _capped(self, call: Callable[[], T]) -> T:
        """``call()``, a store call held to `Caps`, on the store's thread.

        Raises:
            HubError: 429, a cap would be passed; 503, the store failed.
        """
        try:
            return await self._read(call)
        except CapError as exc:
            raise self._capped_refusal(exc.cap) from None

    def _capped_refusal(self, cap: str) -> HubError:
        """The refusal (429) of a write that would pass ``cap`` (a field of `Caps`)."""
        reasons = {
            "tables": f"this server holds {self.max_tables} tables",
            "client_tables": f"one client holds at most {self.tables_per_client} tables; "
            "delete one first",
            "client_bot_tables": f"one client holds at most {self.bot_tables_per_client} "
            "tables with no open seat; delete one first",
            "client_seats": f"one client holds at most {self.seats_per_client} seats of "
            "games not over; leave one first",
        }
        code = "too_many_seats" if cap == "client_seats" else "too_many_tables"
        return HubError(429, code, reasons[cap])

    def _new(
        self,
        game: str,
        rules: Any,
        chance: str | None,
        *,
        seats: tuple[str, ...],
        admin_hash: bytes,
        token_hashes: tuple[bytes | None, ...] = (),
        names: tuple[str | None, ...] = (),
        clients: tuple[str, ...] = (),
        owner: str = "",
    ) -> tuple[AnyTable, StoredTable]:
        """A new table of ``game`` with a new id, and what the store keeps of it."""
        table_id = secrets.token_urlsafe(9)
        rng = random.Random(f"{self.seed}:{table_id}") if self.seed is not None else None
        table: AnyTable = Table(game, rules, rng=rng, chance=chance)  # type: ignore[arg-type]
        stored = StoredTable(
            id=table_id,
            game=game,
            rules=table.game.rules_to_data(table.rules),
            chance=table.chance,
            seats=seats,
            admin_hash=admin_hash,
            created=time.time(),
            token_hashes=token_hashes,
            names=names,
            changes=tuple(_stored(c) for c in table.changes),
            rng=self._rng_state(table),
            owner=owner,
            clients=clients,
        )
        return table, stored

    async def rematch(self, live: LiveTable, owner: str = "") -> tuple[LiveTable, bool]:
        """The rematch of ``live``, a table whose game is over: a new table of ``owner``
        of the same game, rules, chance and seats, each player's seat held by the same
        token and name, with the same admin token; and whether it was made now (not:
        made before, here or by another process).

        Raises:
            HubError: 404, the table or its rematch was deleted; 409, the game is not
                over; 429 or 503, as `create`.
        """
        async with live.lock:
            if self.tables.get(live.id) is not live:
                raise HubError(404, "not_found", "no such table")
            if live.table.to_move is not None:
                raise HubError(409, "not_over", "a rematch is made once the game is over")
            made = None
            rematch = live.rematch
            if rematch is None:
                self._within_budget()
                table, stored = self._new(
                    live.table.game.name,
                    live.table.rules,
                    live.table.chance,
                    seats=live.seats,
                    admin_hash=live.admin_hash,
                    token_hashes=tuple(live.token_hashes),
                    names=tuple(live.names),
                    clients=tuple(live.clients),
                    owner=owner,
                )
                self._within_budget(table.version)
                self._within_share(owner, table.version)
                caps = self._caps(owner)
                rematch = await self._capped(lambda: self.store.rematch(live.id, stored, caps))
                if rematch is None:  # deleted meanwhile, by another process
                    self._forget(live)
                    raise HubError(404, "not_found", "no such table")
                live.rematch = rematch
                self._announce(live)
                if rematch == stored.id:
                    made = self._hold(self._live(stored, table))
                    self._wake_bots(made)
        if made is not None:
            return made, True
        try:
            return await self.get(rematch), False
        except HubError as exc:
            if exc.status == 404:
                raise HubError(404, "not_found", "the rematch was deleted") from None
            raise

    async def delete(self, live: LiveTable) -> None:
        """Remove ``live`` from the server and its store."""
        async with live.lock:
            await self._read(lambda: self.store.delete(live.id))
            self._forget(live)

    async def expire(self, live: LiveTable, version: int, joined: int) -> bool:
        """Delete ``live`` if it is still at ``version`` with ``joined`` seats taken (an
        expired table, as the sweep saw it); over a shared store, once this process's
        copy is in step with the store, so that a table another process plays or a
        player joined there is not deleted here for a stale copy. Whether it was
        deleted (not: it changed, or is gone already).

        Raises:
            HubError: 503, the store failed (the table stays).
        """
        if self.shared:
            await self.sync(live.id)
        async with live.lock:
            if self.tables.get(live.id) is not live or live.stale:
                return False
            if (live.table.version, live.joined) != (version, joined):
                return False
            await self._read(lambda: self.store.delete(live.id))
            self._forget(live)
            return True

    async def join(
        self, live: LiveTable, seat: int, name: str | None = None, client: str = ""
    ) -> str:
        """A token for ``seat`` of ``live``, whose player is named ``name`` and comes
        from ``client``.

        Raises:
            HubError: 404, no such seat; 409, the seat is a bot's or taken, or another
                player of the table has that name (``name_taken``); 429, ``client``
                holds `seats_per_client` seats of games not over.
        """
        _seat_in(live, seat)
        if live.seats[seat] != "open" or live.token_hashes[seat] is not None:
            raise HubError(409, "seat_taken", f"seat {seat} is taken")
        if name is not None and any(
            held and other is not None and same_name(other, name)
            for other, held in zip(live.names, live.token_hashes, strict=True)
        ):
            raise HubError(409, "name_taken", "another player of this table has that name")
        token = new_token()
        digest = token_hash(token)
        caps = Caps(client_seats=self.seats_per_client if client else None)
        joined = await self._capped(
            lambda: self.store.join(live.id, seat, digest, name, client, caps)
        )
        if not joined:
            raise HubError(409, "seat_taken", f"seat {seat} is taken")
        live.token_hashes[seat], live.names[seat], live.seated = digest, name, True
        live.clients[seat] = client
        live.committed()
        return token

    async def leave(self, live: LiveTable, seat: int) -> None:
        """Free ``seat`` of ``live``: its token no longer works, its name is cleared,
        and the seat's live channels are closed (they find their token gone when
        woken). The same token's seat in the table's rematch, and in its rematch's, is
        freed too: a player freed from a table is not kept in the rematch made of it.

        Raises:
            HubError: 404, no such seat; 409, the seat is a bot's (``not_a_player_seat``)
                or open (``seat_open``).
        """
        _seat_in(live, seat)
        if live.seats[seat] != "open":
            raise HubError(409, "not_a_player_seat", f"seat {seat} is played by a bot")
        held = live.token_hashes[seat]
        if held is None or not await self._read(lambda: self.store.leave(live.id, seat, held)):
            raise HubError(409, "seat_open", f"no player holds seat {seat}")
        live.token_hashes[seat], live.names[seat], live.clients[seat] = None, None, ""
        self._announce(live)
        following = live.rematch
        for _ in range(REMATCHES_FOLLOWED):
            if following is None:
                break
            try:
                later = await self.get(following)
            except HubError:
                break  # deleted (or unreadable: its seat stays, as its owner's to free)
            if later.token_hashes[seat] == held:
                with contextlib.suppress(HubError):
                    await self._leave_one(later, seat, held)
            following = later.rematch

    async def _leave_one(self, live: LiveTable, seat: int, held: bytes) -> None:
        """Free ``seat`` of ``live`` if the token of hash ``held`` still holds it."""
        if await self._read(lambda: self.store.leave(live.id, seat, held)):
            live.token_hashes[seat], live.names[seat], live.clients[seat] = None, None, ""
            self._announce(live)

    async def change(self, live: LiveTable, make: Callable[[AnyTable], int]) -> int:
        """Make a change with ``make(table)`` (a `Table` method) under the table's lock,
        commit what it added to the store, then tell the listeners and wake the bots. A
        refusal changes nothing.

        If the store refuses the write because another process moved the table on,
        the table is read again and ``make`` tried once more on it (where the version
        the client acted on, if it gave one, refuses it as stale).

        Raises:
            IllegalMoveError: the table refused the change.
            HubError: 404, the table was deleted meanwhile; 409, the table keeps moving
                under the change, or is at its length limit; 503, the store failed: the
                table is read again from the store, where the change may or may not be
                (a client retries with the version it acted on, so that the change is
                made at most once).
        """
        async with live.lock:
            for attempt in range(2):
                if self.tables.get(live.id) is not live:
                    raise HubError(404, "not_found", "no such table")
                if live.stale:
                    raise HubError(503, "unavailable", "the table cannot be read")
                table = live.table
                since = table.version
                self._may_change(live, since)
                version = make(table)
                passed = self._passes(live, since, version - since)
                if passed is not None:  # undone: read again from the store
                    live.refused = (self._counts(live, since), passed)
                    await self._reload(live)
                    raise passed
                # counted before the commit is awaited, so that a change of another table
                # meanwhile is checked against it (given back if the commit fails)
                self._count(live)
                added = [_stored(c) for c in table.changes_since(since)]
                rng = self._rng_state(table)
                over = table.to_move is None
                try:
                    await self.worker.run(
                        functools.partial(self.store.append, live.id, since, added, rng, over)
                    )
                except StaleVersionError:
                    await self._reload(live)  # drops the change made here with the stale copy
                    self._count(live)
                    if attempt:
                        raise HubError(
                            409, "stale", "the table has moved on; read it again"
                        ) from None
                    continue
                except Exception as exc:
                    LOG.warning("table %s: a change could not be stored: %s", live.id, exc)
                    await self._reload(live)
                    self._count(live)
                    raise HubError(503, "unavailable", "the change could not be stored") from None
                if self.pace is not None and live.owner:
                    self.pace.take(live.owner, version - since)
                self._announce(live)
                return version
        raise AssertionError("unreachable")

    def wait_for(self, live: LiveTable) -> float:
        """Seconds until the bots of ``live`` may make a change, by the change rate of
        its creator's tables (0: now)."""
        return self.pace.wait(live.owner) if self.pace is not None and live.owner else 0.0

    def _may_change(self, live: LiveTable, since: int) -> None:
        """Refuse a change of ``live`` (at version ``since``) before it is made.

        Raises:
            HubError: 409, the table is at its length limit; 429, its creator's tables
                hold their share of changes, or change as fast as they may; 503, a table
                with no open seat while the budget is full; or the refusal of a change
                that was found to pass a cap at these very counts.
        """
        limit = self._limit(live)
        if since >= limit:
            raise HubError(409, "too_long", f"this table takes at most {limit} changes")
        if live.refused is not None and live.refused[0] == self._counts(live, since):
            raise live.refused[1]
        owner, share = live.owner, self.changes_per_client
        if owner and share is not None and self.held_by[owner] >= share:
            raise self._share_full()
        if bots_only(live.seats):
            self._within_budget()
        wait = self.wait_for(live)
        if wait > 0:
            raise QuotaError(
                429,
                "slow_down",
                "this table's creator's tables change as fast as they may",
                retry_after=wait,
            )

    def _passes(self, live: LiveTable, since: int, added: int) -> HubError | None:
        """The refusal of a change that took ``live`` from ``since`` on by ``added``
        changes, if that passes a cap (``None``: it does not)."""
        limit = self._limit(live)
        if since + added > limit:
            return HubError(409, "too_long", f"this table takes at most {limit} changes")
        owner, share = live.owner, self.changes_per_client
        if owner and share is not None and self.held_by[owner] + added > share:
            return self._share_full()
        if bots_only(live.seats) and self.held + added > self.max_held_changes:
            return self._full()
        return None

    def _limit(self, live: LiveTable) -> int:
        return change_limit(
            live.seats,
            max_changes=self.max_changes,
            bot_table_max_changes=self.bot_table_max_changes,
        )

    def _counts(self, live: LiveTable, since: int) -> tuple[int, int, int]:
        """What a refusal of a change of ``live`` at ``since`` depends on."""
        return since, self.held, self.held_by[live.owner]

    def _within_share(self, owner: str, adding: int) -> None:
        """Refuse a new table of ``adding`` changes (its deal) that would take
        ``owner``'s tables past their share.

        Raises:
            HubError: 429 ``too_many_changes``.
        """
        share = self.changes_per_client
        if owner and share is not None and self.held_by[owner] + adding > share:
            raise self._share_full()

    def _share_full(self) -> HubError:
        return HubError(
            429,
            "too_many_changes",
            f"the tables one client created hold at most {self.changes_per_client} changes "
            "together; delete one first",
        )

    async def lobby(self, cursor: str | None = None, limit: int = LOBBY_PAGE) -> Page:
        """A page of the lobby as last committed (over a shared store, of every
        process's tables): `Lobby.page`.

        Raises:
            HubError: 400, a bad cursor; 503, the store cannot be read.
        """
        if self.shared:
            heads = await self._read(cast(SharedStore, self.store).heads)
            for table_id in [t for t in self.tables if t not in heads]:
                self._forget(self.tables[table_id])
            for table_id, head in heads.items():
                await self._follow(table_id, head)
        return self.lobby_pages.page(cursor, limit)

    async def sync(self, table_id: str) -> None:
        """Bring this process's copy of ``table_id`` in step with the store: read it if
        it is new here or stale, make the changes it lacks, take the seats joined
        elsewhere, forget it if it was deleted.

        Raises:
            HubError: 503, the store cannot be read.
        """
        live = self.tables.get(table_id)
        if live is not None and live.stale:
            async with live.lock:
                if live.stale:
                    await self._reload(live)
            if live.stale:
                raise HubError(503, "unavailable", "the table cannot be read from the store")
            return
        if self.shared:
            store = cast(SharedStore, self.store)
            await self._follow(table_id, await self._read(lambda: store.head(table_id)))

    async def _follow(self, table_id: str, head: Head | None) -> None:
        """`sync` ``table_id``, whose stored `Head` is ``head`` (``None``: deleted)."""
        live = self.tables.get(table_id)
        if live is None:
            if head is not None:
                await self._adopt(table_id)
            return
        async with live.lock:
            if self.tables.get(table_id) is live:
                await self._catch_up(live, head)

    async def _adopt(self, table_id: str) -> None:
        """Start serving ``table_id``, which another process created."""
        stored = await self._read(lambda: self.store.table(table_id))
        if stored is None or table_id in self.tables:  # gone, or adopted meanwhile
            return
        try:
            table = await asyncio.to_thread(_rebuilt, stored)
        except (InvalidDataError, ValueError, KeyError) as exc:
            LOG.error("table %s cannot be rebuilt and is not served: %s", table_id, exc)
            raise HubError(503, "unavailable", "the table cannot be read") from None
        if table_id not in self.tables:
            self._hold(self._live(stored, table))

    async def _catch_up(self, live: LiveTable, head: Head | None) -> None:
        """Make the changes ``live`` lacks of ``head`` (its lock held)."""
        if head is None:
            self._forget(live)
            return
        if head.version == live.table.version and head.revision == live.revision:
            return
        since = live.table.version
        stored = await self._read(lambda: self.store.table(live.id, since))
        if stored is None:
            self._forget(live)
            return
        _seated(live, stored)
        if stored.changes:
            try:
                live.table.catch_up(_changes_data(stored.changes), since=since, rng=stored.rng)
            except InvalidDataError as exc:
                LOG.error("table %s cannot catch up and is read again: %s", live.id, exc)
                await self._reload(live)
                return
        self._announce(live, here=False)

    async def _read(self, call: Callable[[], T]) -> T:
        """``call()``, a store call, on the store's thread.

        Raises:
            HubError: 503, the store failed.
            CapError: the call would pass one of its `Caps`.
        """
        try:
            return await self.worker.run(call)
        except CapError:
            raise
        except Exception as exc:
            LOG.warning("the store cannot be read: %s", exc)
            raise HubError(503, "unavailable", "the tables' store cannot be read") from None

    async def _reload(self, live: LiveTable) -> None:
        """Read ``live``'s table again from the store, whole (its lock held); if that
        fails too, mark it stale, to be read before its next use."""
        try:
            stored = await self.worker.run(lambda: self.store.table(live.id))
            if stored is None:
                self._forget(live)
                return
            table = await asyncio.to_thread(_rebuilt, stored)
        except Exception as exc:
            LOG.warning("table %s cannot be read again: %s", live.id, exc)
            live.stale = True
            return
        live.table, live.stale = table, False
        _seated(live, stored)
        self._announce(live, here=False)

    def _forget(self, live: LiveTable) -> None:
        """Drop ``live`` from this process (deleted, here or by another process)."""
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
            live.listener = None
            self.lobby_pages.drop(live)
            full = self.held >= self.max_held_changes
            share = self.changes_per_client
            owner_full = share is not None and self.held_by[live.owner] >= share
            self.held -= live.counted
            self.held_by[live.owner] -= live.counted
            room = full and self.held < self.max_held_changes  # the budget has room again
            for other in self.tables.values():
                # and the tables stopped at a cap that this table's changes counted in
                if room or other.refused is not None or (owner_full and other.owner == live.owner):
                    self._wake_bots(other)
        if live.bot_task is not None:
            # cancelled, and let go: a cancelled task keeps its error, whose traceback
            # holds the table (a cycle the collector of a frozen table would never walk)
            live.bot_task.cancel()
            live.bot_task = None
        self._announce(live, here=False)  # its live channels see that it is gone

    def arrive(self, table_id: str, seat: int | None) -> None:
        """A live channel of ``seat`` (``None``: a spectator's, not counted) of the
        table ``table_id`` opened: its entry says the seat is here."""
        if seat is not None:
            self.present[(table_id, seat)] += 1
            self._show_presence(table_id)

    def depart(self, table_id: str, seat: int | None) -> None:
        """A live channel `arrive` counted closed."""
        if seat is not None:
            self.present[(table_id, seat)] -= 1
            if self.present[(table_id, seat)] <= 0:
                del self.present[(table_id, seat)]
            self._show_presence(table_id)

    def _show_presence(self, table_id: str) -> None:
        live = self.tables.get(table_id)
        if live is not None:
            live.show_presence([(table_id, s) in self.present for s in range(len(live.seats))])

    def _hold(self, live: LiveTable) -> LiveTable:
        """Serve ``live`` here, its changes counted in `held`, its entry in the
        lobby."""
        self.tables[live.id] = live
        self._count(live)
        self._show_presence(live.id)
        live.listener = self.lobby_pages.touch
        self.lobby_pages.touch(live)
        return live

    def _count(self, live: LiveTable) -> None:
        """Count ``live``'s changes in `held` as they are now (a held table, once its
        change is committed or caught up with)."""
        added = live.table.version - live.counted
        self.held += added
        self.held_by[live.owner] += added
        live.counted = live.table.version

    def _within_budget(self, adding: int = 0) -> None:
        """Refuse what would add to a full budget, or take it past (a new table of
        ``adding`` changes).

        Raises:
            HubError: 503, the tables held have `max_held_changes` changes together, or
                would have more.
        """
        if self.held >= self.max_held_changes or self.held + adding > self.max_held_changes:
            raise self._full()

    def _full(self) -> HubError:
        return HubError(
            503, "server_full", "the server holds all the changes it may; try again later"
        )

    def _announce(self, live: LiveTable, *, here: bool = True) -> None:
        """Take ``live`` as committed and wake its channels; and its bots if the change
        was made in this process (the process that moved a table plays the bots whose
        turn follows), else after `BOT_TAKEOVER` seconds if the table has not moved
        meanwhile."""
        live.committed()
        if self.tables.get(live.id) is live:
            self._count(live)
        changed, live.changed = live.changed, asyncio.Event()
        changed.set()
        if here:
            self._wake_bots(live)
        elif live.bots and bot_turn(live) is not None:
            with contextlib.suppress(RuntimeError):  # no running loop: nothing to wake
                version = live.table.version
                loop = asyncio.get_running_loop()
                loop.call_later(BOT_TAKEOVER, self._spawn, self._take_over(live, version))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _take_over(self, live: LiveTable, version: int) -> None:
        if self.tables.get(live.id) is not live:
            return
        with contextlib.suppress(HubError):
            await self.sync(live.id)
        if live.table.version == version:
            self._wake_bots(live)

    async def start(self) -> None:
        """Set every table's bots going, and over a shared store listen for the other
        processes' changes (once the event loop runs)."""
        for live in list(self.tables.values()):
            self._wake_bots(live)
        if self.shared:
            self._spawn(self._listen())

    async def stop(self) -> None:
        """Stop listening and every table's bots, and wait for the store calls under way
        (a cancelled bot's commit goes on): the store may be closed once this returns."""
        tasks = [*self._tasks, *(v.bot_task for v in self.tables.values() if v.bot_task)]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        await self.worker.close()

    async def _listen(self) -> None:
        """Catch up each table another process changed, as the store tells of it."""
        store = cast(SharedStore, self.store)
        async for notice in store.notifications():
            if notice is None:  # (re)connected: what was missed meanwhile is unknown
                for table_id in list(self.tables):
                    with contextlib.suppress(HubError):
                        await self.sync(table_id)
                continue
            table_id, head = notice
            live = self.tables.get(table_id)
            if live is None:
                continue  # not held here: read when first asked for
            if head is not None:
                if head.version <= live.table.version and head.revision <= live.revision:
                    continue  # a change made here, or one already caught up with
                if not live.channels and not live.bots:
                    continue  # nobody here waits for it: caught up when next asked for
            with contextlib.suppress(HubError):
                await self._follow(table_id, head)

    def _rng_state(self, table: AnyTable) -> object:
        return table.rng_state() if self.seed is not None else None

    def _live(self, stored: StoredTable, table: AnyTable) -> LiveTable:
        bot_rng = (
            random.Random(f"{self.seed}:{stored.id}:bots")
            if self.seed is not None
            else random.Random(secrets.randbits(128))
        )
        live = LiveTable(
            stored.id,
            table,
            stored.seats,
            stored.admin_hash,
            stored.created,
            [None] * len(stored.seats),
            make_bots(table, stored.seats, bot_rng),
            bot_rng,
            [None] * len(stored.seats),
            owner=stored.owner,
        )
        _seated(live, stored)
        return live

    def _wake_bots(self, live: LiveTable) -> None:
        if live.bots and (live.bot_task is None or live.bot_task.done()) and bot_turn(live):
            with contextlib.suppress(RuntimeError):  # no running loop: load() before serving
                loop = asyncio.get_running_loop()
                live.bot_task = loop.create_task(play_bots(live, self.change, self.wait_for))


def _seat_in(live: LiveTable, seat: int) -> None:
    if not 0 <= seat < len(live.seats):
        raise HubError(404, "not_found", f"the table has seats 0 to {len(live.seats) - 1}")


def _seated(live: LiveTable, stored: StoredTable) -> None:
    """Take the seats, names and rematch of ``live`` from ``stored``, read from the
    store (the lobby entry is rebuilt when the change is announced)."""
    seats = len(live.seats)
    live.token_hashes = list(stored.token_hashes or (None,) * seats)
    live.names = list(stored.names or (None,) * seats)
    live.clients = list(stored.clients or ("",) * seats)
    live.rematch, live.revision = stored.rematch, stored.revision
    # a store's revision counts joins: above 0, a player has held a seat
    live.seated = live.seated or stored.revision > 0 or any(live.token_hashes)
    live.committed()


def _rebuilt(stored: StoredTable) -> AnyTable:
    """The `Table` of ``stored``, every change made again (a worker thread's job for a
    long table)."""
    game = GAMES[stored.game]
    return Table.from_changes(
        game,
        game.rules_from_data(stored.rules),
        [(c.seat, c.move) for c in stored.changes],
        chance=cast(Any, stored.chance),
        rng=None if stored.rng is not None else random.SystemRandom(),
        rng_state=stored.rng,
    )


def _stored(change: Any) -> StoredChange:
    return StoredChange(
        change.version, change.seat, None if change.move is None else str(change.move)
    )


def _changes_data(changes: tuple[StoredChange, ...]) -> list[dict[str, object]]:
    """Stored changes as `Table.to_dict` writes them, for `Table.catch_up`."""
    return [
        {"seat": c.seat, "undo": True} if c.move is None else {"seat": c.seat, "move": c.move}
        for c in changes
    ]
