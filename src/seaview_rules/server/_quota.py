"""What one client may hold: tables it creates (a token bucket and a cap on those still
open) and live channels (a cap per client, and per table slots that spectators share
and slots reserved for each seat, so that spectators can never lock a player out).
Also the two bounds that keep an abandoned table from living for ever: the changes a
table with no human seat may take, and when a table expires.

A client is its address (an IPv6 address by its /64 prefix, which one host is usually
given whole); a live channel that turns out to be a seat's, by its token, is then
counted against the seat, not the address. Everything here runs on the event loop and
no method awaits, so a check and the count it guards are one step: a hundred channels
opened at once cannot all pass a cap of 32.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from attrs import frozen

__all__ = [
    "BOT_TABLE_MAX_CHANGES",
    "Activity",
    "Channel",
    "Expiry",
    "Quota",
    "QuotaError",
    "bots_only",
    "change_limit",
    "client_of",
    "expired",
    "retry_after",
]

BOT_TABLE_MAX_CHANGES = 20_000
"""The changes a table with no open seat takes by default: about three times the
longest random game seen with default rules (Ship's Wheel for six, 6,804 moves), ten
times below a human table's 200,000."""


class QuotaError(Exception):
    """A client asked for more than its share: ``status`` 429 (this client) or 503 (the
    server or the table is full), ``retry_after`` seconds when waiting will help."""

    def __init__(self, status: int, code: str, reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.retry_after = retry_after


@frozen
class Channel:
    """A live channel being counted: `Quota.close_channel` gives its slots back."""

    number: int
    client: str


class Quota:
    """The counts of one server process, with the caps they are held to.

    Args:
        tables_per_minute: tables a client may create in a minute; also the burst (a
            token bucket of that size, refilled evenly over the minute).
        tables_per_client: tables a client created that are still open (deleted or
            expired ones are given back; after a restart nobody owns the loaded ones).
        bot_tables_per_client: of those, tables with no open seat, whose bots play as
            fast as the server can, each up to its `change_limit`.
        live: live channels open in the process.
        live_per_client: live channels of one client, from the moment they connect
            until they say whose they are; a seat's channel then counts for its seat.
        spectators_per_table: live channels of spectators on one table.
        live_per_seat: live channels of one seat (a player's tabs and devices), not
            shared with anyone.
        clock: seconds, for the buckets (`time.monotonic`).
    """

    def __init__(
        self,
        *,
        tables_per_minute: int = 60,
        tables_per_client: int = 200,
        bot_tables_per_client: int = 4,
        live: int = 2_000,
        live_per_client: int = 64,
        spectators_per_table: int = 32,
        live_per_seat: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tables_per_minute = tables_per_minute
        self.tables_per_client = tables_per_client
        self.bot_tables_per_client = bot_tables_per_client
        self.live = live
        self.live_per_client = live_per_client
        self.spectators_per_table = spectators_per_table
        self.live_per_seat = live_per_seat
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        """client: (tokens, when counted)"""
        self._tables: Counter[str] = Counter()
        """client: tables it holds"""
        self._bot_tables: Counter[str] = Counter()
        """client: tables with no open seat it holds"""
        self._owners: dict[str, tuple[str, bool]] = {}
        """table: the client that created it, and whether only bots play it"""
        self._channels = 0
        self._by_client: Counter[str] = Counter()
        self._slots: Counter[tuple[str, int | None]] = Counter()
        """(table, seat or None for spectators): channels"""
        self._held: dict[int, tuple[str | None, tuple[str, int | None] | None]] = {}
        """channel: (the client it counts for, or None; its table slot, or None)"""
        self._numbers = 0

    # Tables

    def take_table(self, client: str, *, bots_only: bool = False) -> None:
        """Count a table ``client`` is about to create (``bots_only``: with no open
        seat); `table_made` or `table_failed` must follow, with the same ``bots_only``.

        Raises:
            QuotaError: 429, the client holds ``tables_per_client`` open tables (or
                ``bot_tables_per_client`` with no open seat, for such a table), or
                created its minute's worth (``retry_after``: when the next one may be).
        """
        if self._tables[client] >= self.tables_per_client:
            raise QuotaError(
                429,
                "too_many_tables",
                f"one client holds at most {self.tables_per_client} tables; delete one first",
            )
        if bots_only and self._bot_tables[client] >= self.bot_tables_per_client:
            raise QuotaError(
                429,
                "too_many_tables",
                f"one client holds at most {self.bot_tables_per_client} tables with no open "
                "seat; delete one first",
            )
        now = self._clock()
        rate = self.tables_per_minute / 60.0
        tokens, then = self._buckets.get(client, (float(self.tables_per_minute), now))
        tokens = min(float(self.tables_per_minute), tokens + (now - then) * rate)
        if tokens < 1.0:
            raise QuotaError(
                429,
                "slow_down",
                f"one client creates at most {self.tables_per_minute} tables a minute",
                retry_after=(1.0 - tokens) / rate,
            )
        self._buckets[client] = (tokens - 1.0, now)
        self._tables[client] += 1
        if bots_only:
            self._bot_tables[client] += 1
        if len(self._buckets) > 4 * self.tables_per_client + 1024:
            self._forget_full_buckets(now, rate)

    def table_made(self, client: str, table: str, *, bots_only: bool = False) -> None:
        """``table`` was created by ``client`` (after `take_table`)."""
        self._owners[table] = (client, bots_only)

    def table_failed(self, client: str, *, bots_only: bool = False) -> None:
        """The table counted by `take_table` was not created (the bucket's token stays
        spent: a refused attempt costs like a made one)."""
        self._drop(client, bots_only)

    def table_gone(self, table: str) -> None:
        """``table`` was deleted or expired: its creator may create another."""
        owner = self._owners.pop(table, None)
        if owner is not None:
            self._drop(*owner)

    def owned(self) -> list[str]:
        """The tables counted for their creators (`table_made`, not yet `table_gone`):
        a sweep gives back those the server no longer holds (deleted by another
        process of a shared store)."""
        return list(self._owners)

    def tables_of(self, client: str) -> int:
        """The tables ``client`` created that are still open."""
        return self._tables[client]

    def bot_tables_of(self, client: str) -> int:
        """The tables with no open seat ``client`` created that are still open."""
        return self._bot_tables[client]

    def _drop(self, client: str, bots_only: bool) -> None:
        for counts in (self._tables, self._bot_tables) if bots_only else (self._tables,):
            counts[client] -= 1
            if counts[client] <= 0:
                del counts[client]

    def _forget_full_buckets(self, now: float, rate: float) -> None:
        """Forget the buckets that are full again (as good as none), so that many
        clients that came once cost no memory."""
        full = float(self.tables_per_minute)
        for client, (tokens, then) in list(self._buckets.items()):
            if tokens + (now - then) * rate >= full:
                del self._buckets[client]

    # Live channels

    def open_channel(self, client: str) -> Channel:
        """Count a live channel that ``client`` opened, before its first message.

        Raises:
            QuotaError: 503, the process has ``live`` channels open; 429, this client
                has ``live_per_client``.
        """
        if self._channels >= self.live:
            raise QuotaError(503, "unavailable", "too many live channels; try again later")
        if self._by_client[client] >= self.live_per_client:
            raise QuotaError(
                429, "too_many_channels", f"one client opens at most {self.live_per_client}"
            )
        self._numbers += 1
        self._channels += 1
        self._by_client[client] += 1
        self._held[self._numbers] = (client, None)
        return Channel(self._numbers, client)

    def seat_channel(self, channel: Channel, table: str, seat: int | None) -> None:
        """Count ``channel`` on ``table``, for ``seat`` (``None``: a spectator), once its
        first message said whose it is; a seat's channel stops counting for its client.

        Raises:
            QuotaError: 503, the table has ``spectators_per_table`` spectators' channels,
                or the seat ``live_per_seat`` channels (the channel stays counted for its
                client until `close_channel`).
        """
        client, slot = self._held[channel.number]
        if slot is not None:
            raise ValueError("this channel is counted on a table already")
        key = (table, seat)
        cap = self.spectators_per_table if seat is None else self.live_per_seat
        if self._slots[key] >= cap:
            whose = "spectators" if seat is None else "this seat"
            raise QuotaError(503, "unavailable", f"{whose} have {cap} live channels open here")
        self._slots[key] += 1
        if seat is not None and client is not None:
            self._drop_channel_of(client)
            client = None
        self._held[channel.number] = (client, key)

    def close_channel(self, channel: Channel) -> None:
        """Give back what ``channel`` holds (once: a second call does nothing)."""
        held = self._held.pop(channel.number, None)
        if held is None:
            return
        client, slot = held
        self._channels -= 1
        if client is not None:
            self._drop_channel_of(client)
        if slot is not None:
            self._slots[slot] -= 1
            if self._slots[slot] <= 0:
                del self._slots[slot]

    def channels(self, table: str, seat: int | None) -> int:
        """The channels counted for ``seat`` (``None``: spectators) of ``table``."""
        return self._slots[(table, seat)]

    def _drop_channel_of(self, client: str) -> None:
        self._by_client[client] -= 1
        if self._by_client[client] <= 0:
            del self._by_client[client]


def client_of(address: str | None) -> str:
    """The client an address (the ASGI scope's ``client`` host) stands for: an IPv4
    address itself, an IPv6 address its /64 network (a host is given a whole /64, and
    would otherwise be a client per address), an IPv4-mapped IPv6 address its IPv4.

    >>> client_of("192.0.2.7")
    '192.0.2.7'
    >>> client_of("2001:db8::1"), client_of("2001:db8::ffff:2")
    ('2001:db8::/64', '2001:db8::/64')
    >>> client_of("::ffff:192.0.2.7")
    '192.0.2.7'
    """
    if not address:
        return "unknown"
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:  # a Unix socket's path, say
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


def bots_only(seats: Sequence[str]) -> bool:
    """Whether a table with ``seats`` (`SEAT_KINDS`) has no open seat: only bots play
    it, as fast as the server can, and no person can end it.

    >>> bots_only(["bot:random", "bot:ismcts"]), bots_only(["open", "bot:random"])
    (True, False)
    """
    return "open" not in seats


def change_limit(seats: Sequence[str], *, max_changes: int, bot_table_max_changes: int) -> int:
    """The changes a table with ``seats`` (`SEAT_KINDS`) takes: ``max_changes``, but
    ``bot_table_max_changes`` (when lower) for a table with no open seat, whose bots
    play as fast as the server can and that no person can end.

    A bot-only table is capped rather than refused: watching bots play, or testing a
    client against them, is a use of the server; a match of a game's default rules ends
    well within the cap.

    >>> change_limit(["open", "bot:random"], max_changes=200_000, bot_table_max_changes=20_000)
    200000
    >>> change_limit(["bot:random"] * 6, max_changes=200_000, bot_table_max_changes=20_000)
    20000
    """
    return min(max_changes, bot_table_max_changes) if bots_only(seats) else max_changes


@frozen(kw_only=True)
class Activity:
    """What expiry needs to know of a table."""

    table: str
    created: float
    """When it was created (`time.time`)."""
    last_change: float
    """When it last changed, or was created, or was loaded by this process."""
    joined: int
    """How many of its seats a player has joined."""


def expired(
    tables: Iterable[Activity], now: float, *, unjoined_seconds: float, idle_seconds: float
) -> list[str]:
    """The tables to delete at ``now``: those no player joined within
    ``unjoined_seconds`` of their creation (a bot-only table too: nobody can join it),
    and those that did not change for ``idle_seconds``. A bound of 0 never expires.

    >>> old = Activity(table="a", created=0.0, last_change=0.0, joined=0)
    >>> expired([old], 3_601.0, unjoined_seconds=3_600, idle_seconds=0)
    ['a']
    >>> expired([old], 3_599.0, unjoined_seconds=3_600, idle_seconds=0)
    []
    """
    gone = []
    for table in tables:
        unjoined = (
            unjoined_seconds > 0 and table.joined == 0 and now - table.created > unjoined_seconds
        )
        idle = idle_seconds > 0 and now - table.last_change > idle_seconds
        if unjoined or idle:
            gone.append(table.table)
    return gone


class Expiry:
    """The tables to expire, sweep after sweep: it notes when it first saw each table at
    its present version and joined seats, which is when the table last changed (to
    within a sweep), so that nothing in the table itself has to keep the time.

    Args:
        unjoined_seconds: a table no player joined expires this long after its
            creation (0: never).
        idle_seconds: a table expires after this long without a change (0: never).
    """

    def __init__(self, *, unjoined_seconds: float, idle_seconds: float) -> None:
        self.unjoined_seconds = unjoined_seconds
        self.idle_seconds = idle_seconds
        self._seen: dict[str, tuple[tuple[int, int], float]] = {}

    @property
    def period(self) -> float:
        """How often to sweep: a tenth of the shorter bound, from a second to a minute
        (0: there is no bound, never sweep)."""
        bounds = [b for b in (self.unjoined_seconds, self.idle_seconds) if b > 0]
        return min(60.0, max(1.0, min(bounds) / 10)) if bounds else 0.0

    def due(self, tables: Iterable[tuple[str, float, int, int]], now: float) -> list[str]:
        """The tables to delete now, of ``tables``: each ``(id, created, version,
        joined)``. A table first seen now counts as changed now (after a restart, every
        table is given its whole idle time again)."""
        seen: dict[str, tuple[tuple[int, int], float]] = {}
        activities = []
        for table, created, version, joined in tables:
            state = (version, joined)
            before = self._seen.get(table)
            since = before[1] if before is not None and before[0] == state else now
            seen[table] = (state, since)
            activities.append(
                Activity(table=table, created=created, last_change=since, joined=joined)
            )
        self._seen = seen
        return expired(
            activities,
            now,
            unjoined_seconds=self.unjoined_seconds,
            idle_seconds=self.idle_seconds,
        )


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` header's value: whole seconds, rounded up, at least 1."""
    return str(max(1, math.ceil(seconds)))
