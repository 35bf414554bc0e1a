"""What one client may take and hold: its rates (tables and seats a minute, moves a
second: token buckets) and its live channels (a cap per client, per table slots that
spectators share and slots reserved for each seat, so that spectators can never lock a
player out). What a client holds in the store (its tables, its seats, its tables'
changes) is counted by the `Hub` and the store. Also the two bounds that keep an
abandoned table from living for ever: the changes a table with no human seat may take,
and when a table expires.

A client is its address (`client_of`: an IPv6 address by its network, /56 unless told
otherwise), the address the connection came from, or the one a trusted proxy names in
``X-Forwarded-For``. Everything here runs on the event loop and no method awaits, so a
check and the count it guards are one step: a hundred channels opened at once cannot
all pass a cap of 32.
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
    "Rate",
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


class Rate:
    """A token bucket per client: ``burst`` tokens, refilled at ``per_second``. A
    client may take more than there is (a change that brought a deal along): it then
    waits for the debt to be refilled.

    Args:
        per_second: tokens refilled a second.
        burst: the most tokens a bucket holds (and a client that came once starts with).
        clock: seconds (`time.monotonic`).
    """

    def __init__(
        self, per_second: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        """client: (tokens, when counted)"""

    def _level(self, client: str, now: float) -> float:
        tokens, then = self._buckets.get(client, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.per_second)

    def wait(self, client: str) -> float:
        """Seconds until ``client`` has a token (0: it has one now)."""
        level = self._level(client, self._clock())
        return 0.0 if level >= 1.0 else (1.0 - level) / self.per_second

    def take(self, client: str, tokens: float = 1.0) -> None:
        """Take ``tokens`` of ``client``'s bucket, into debt if need be."""
        now = self._clock()
        self._buckets[client] = (self._level(client, now) - tokens, now)
        if len(self._buckets) > 4096:
            self._forget_full(now)

    def claim(self, client: str, what: str) -> None:
        """Take a token of ``client``'s, or refuse.

        Raises:
            QuotaError: 429 ``slow_down``, with when the next token comes; ``what`` says
                what a client does at most (``"creates 60 tables a minute"``).
        """
        wait = self.wait(client)
        if wait > 0:
            raise QuotaError(429, "slow_down", f"one client {what}", retry_after=wait)
        self.take(client)

    def _forget_full(self, now: float) -> None:
        """Forget the buckets that are full again (as good as none), so that many
        clients that came once cost no memory."""
        for client in [c for c in self._buckets if self._level(c, now) >= self.burst]:
            del self._buckets[client]


@frozen
class Channel:
    """A live channel being counted: `Quota.close_channel` gives its slots back."""

    number: int
    client: str


class Quota:
    """The rates and live channels of one server process, with the caps they are held
    to.

    Args:
        tables_per_minute: tables a client may create in a minute; also the burst (a
            token bucket of that size, refilled evenly over the minute).
        joins_per_minute: seats a client may join in a minute (the same kind of bucket).
        moves_per_second: moves, undos, steps and chance outcomes a client may send in
            a second (a burst of twice as many).
        live: live channels open in the process.
        live_per_client: live channels of one client, seats' channels included.
        spectators_per_table: live channels of spectators on one table.
        live_per_seat: live channels of one seat (a player's tabs and devices), not
            shared with anyone.
        clock: seconds, for the buckets (`time.monotonic`).
    """

    def __init__(
        self,
        *,
        tables_per_minute: int = 60,
        joins_per_minute: int = 30,
        moves_per_second: int = 10,
        live: int = 2_000,
        live_per_client: int = 64,
        spectators_per_table: int = 32,
        live_per_seat: int = 4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tables = Rate(tables_per_minute / 60.0, tables_per_minute, clock)
        self.joins = Rate(joins_per_minute / 60.0, joins_per_minute, clock)
        self.moves = Rate(moves_per_second, 2 * moves_per_second, clock)
        self.live = live
        self.live_per_client = live_per_client
        self.spectators_per_table = spectators_per_table
        self.live_per_seat = live_per_seat
        self._channels = 0
        self._by_client: Counter[str] = Counter()
        self._slots: Counter[tuple[str, int | None]] = Counter()
        """(table, seat or None for spectators): channels"""
        self._held: dict[int, tuple[str, tuple[str, int | None] | None]] = {}
        """channel: (the client it counts for; its table slot, or None)"""
        self._numbers = 0

    def take_table(self, client: str) -> None:
        """Count a table ``client`` is about to create (a refused attempt costs like a
        made one).

        Raises:
            QuotaError: 429, the client created its minute's worth (``retry_after``:
                when the next one may be).
        """
        self.tables.claim(client, f"creates at most {round(self.tables.burst)} tables a minute")

    def take_join(self, client: str) -> None:
        """Count a seat ``client`` is about to join.

        Raises:
            QuotaError: 429, the client joined its minute's worth.
        """
        self.joins.claim(client, f"joins at most {round(self.joins.burst)} seats a minute")

    def take_move(self, client: str) -> None:
        """Count a move (an undo, a step, a chance outcome) ``client`` sends.

        Raises:
            QuotaError: 429, the client sent its second's worth.
        """
        self.moves.claim(client, f"sends at most {round(self.moves.per_second)} moves a second")

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
        first message said whose it is; it still counts for its client.

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
        self._held[channel.number] = (client, key)

    def close_channel(self, channel: Channel) -> None:
        """Give back what ``channel`` holds (once: a second call does nothing)."""
        held = self._held.pop(channel.number, None)
        if held is None:
            return
        client, slot = held
        self._channels -= 1
        self._by_client[client] -= 1
        if self._by_client[client] <= 0:
            del self._by_client[client]
        if slot is not None:
            self._slots[slot] -= 1
            if self._slots[slot] <= 0:
                del self._slots[slot]

    def channels(self, table: str, seat: int | None) -> int:
        """The channels counted for ``seat`` (``None``: spectators) of ``table``."""
        return self._slots[(table, seat)]

    def channels_of(self, client: str) -> int:
        """The channels ``client`` has open."""
        return self._by_client[client]


def client_of(address: str | None, ipv6_prefix: int = 56) -> str:
    """The client an address stands for: an IPv4 address itself, an IPv6 address its
    network of ``ipv6_prefix`` bits (a home or a host is given a whole /56 or /64, and
    would otherwise be a client per address), an IPv4-mapped IPv6 address its IPv4.

    >>> client_of("192.0.2.7")
    '192.0.2.7'
    >>> client_of("2001:db8:0:1::1"), client_of("2001:db8:0:ff:ffff::2")
    ('2001:db8::/56', '2001:db8::/56')
    >>> client_of("2001:db8::1", 64)
    '2001:db8::/64'
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
        return str(ipaddress.IPv6Network((parsed, ipv6_prefix), strict=False))
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
