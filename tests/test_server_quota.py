"""The quotas of `seaview serve` checked directly (`seaview_rules.server._quota`, the
`Hub`'s caps and the stores' counts), with a fake clock where time matters; the same
attacks over the wire are in tests/test_server_attacks.py."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from seaview_rules import GAMES, Table
from seaview_rules.server import SQLiteStore
from seaview_rules.server._app import sweep
from seaview_rules.server._hub import Hub
from seaview_rules.server._live import HubError
from seaview_rules.server._quota import (
    Activity,
    Expiry,
    Quota,
    QuotaError,
    Rate,
    change_limit,
    client_of,
    expired,
)
from seaview_rules.server._store import CapError, Caps, StoredTable


def test_a_sweep_deletes_a_table_only_as_it_saw_it(
    tmp_path: Path,
) -> None:
    """`Hub.expire` deletes a table only at the version and joined seats the sweep saw
    (a table that moved meanwhile lives on), and a second delete is harmless; `sweep`
    deletes a table that expired."""
    from seaview_rules import GAMES
    from seaview_rules.server import SQLiteStore
    from seaview_rules.server._hub import Hub

    async def scenario() -> None:
        store = SQLiteStore(str(tmp_path / "sweep.sqlite"))
        hub = Hub(store)
        await hub.start()
        try:
            game = GAMES["voyage"]
            rules = game.with_players(game.rules_type(), 2)
            live, _ = await hub.create("voyage", rules, ["open", "open"], None)
            version = live.table.version
            assert not await hub.expire(live, version + 1, 0)  # it moved since it was seen
            assert not await hub.expire(live, version, 1)  # a player joined meanwhile
            assert live.id in hub.tables
            assert await hub.expire(live, version, 0)
            assert live.id not in hub.tables
            assert store.table(live.id) is None
            assert not await hub.expire(live, version, 0)  # deleted already: nothing to do
            lonely, _ = await hub.create("voyage", rules, ["open", "open"], None)
            expiry = Expiry(unjoined_seconds=0.5, idle_seconds=0.0)  # a sweep a second
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(sweep(hub, expiry), 2.5)
            assert lonely.id not in hub.tables
        finally:
            await hub.stop()
            store.close()

    asyncio.run(scenario())


# Quotas, directly


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_rate_allows_a_burst_then_its_pace_and_a_debt_is_waited_for() -> None:
    clock = Clock()
    quota = Quota(tables_per_minute=6, clock=clock)
    for _ in range(6):
        quota.take_table("a")
    with pytest.raises(QuotaError) as refused:
        quota.take_table("a")
    assert (refused.value.status, refused.value.code) == (429, "slow_down")
    assert refused.value.retry_after == pytest.approx(10.0)
    quota.take_table("b")  # another client has its own bucket
    clock.now += 10.0
    quota.take_table("a")
    with pytest.raises(QuotaError):
        quota.take_table("a")
    pace = Rate(10.0, 20.0, clock)
    pace.take("a", 40.0)  # a deal brought along: 20 in debt
    assert pace.wait("a") == pytest.approx(2.1)
    clock.now += 2.1
    assert pace.wait("a") == 0.0


def test_the_store_counts_each_clients_tables_and_seats_and_the_server_tables(
    tmp_path: Path,
) -> None:
    """`Caps` are counted in the store's transaction: tables of the server, of one
    client, of one client with no open seat, and seats of games not over."""
    store = SQLiteStore(str(tmp_path / "counts.sqlite"))

    def table(name: str, owner: str, seats: tuple[str, ...] = ("open", "open")) -> StoredTable:
        return StoredTable(
            id=name, game="voyage", rules={}, chance="auto", seats=seats, admin_hash=b"a",
            created=1.0, owner=owner,
        )  # fmt: skip

    caps = Caps(tables=4, client_tables=2, client_bot_tables=1, client_seats=2)
    store.create(table("a1", "a"), caps)
    store.create(table("a2", "a", ("bot:random",) * 2), caps)
    with pytest.raises(CapError) as refused:
        store.create(table("a3", "a"), caps)
    assert refused.value.cap == "client_tables"
    with pytest.raises(CapError) as refused:
        store.create(table("b1", "b", ("bot:random",) * 2), Caps(client_bot_tables=0))
    assert refused.value.cap == "client_bot_tables"
    store.create(table("b1", "b"), caps)
    store.create(table("c1", "c"), caps)
    with pytest.raises(CapError) as refused:
        store.create(table("d1", "d"), caps)
    assert refused.value.cap == "tables"
    assert store.join("a1", 0, b"x", None, "z", caps)
    assert store.join("b1", 0, b"y", None, "z", caps)
    with pytest.raises(CapError) as refused:
        store.join("c1", 0, b"w", None, "z", caps)
    assert refused.value.cap == "client_seats"
    store.append("a1", 0, [], None, over=True)  # a seat of a game over counts no more
    assert store.join("c1", 0, b"w", None, "z", caps)
    assert store.table("c1") is not None
    assert store.table("c1").clients == ("z", "")  # type: ignore[union-attr]
    store.close()


def _first_move(table: Table[Any, Any, Any, Any]) -> int:
    """Play the first legal move of the seat to move (a player's: the deals are auto)."""
    seat = table.to_move
    assert isinstance(seat, int)
    return table.submit(seat, table.view(seat).legal_moves[0])


def test_a_change_that_would_pass_a_cap_is_undone_and_refused_at_once_after(
    tmp_path: Path,
) -> None:
    """Caps are exact: a change that takes a table, or its creator's tables, past a cap
    is undone (the table read again from the store) and refused; the same change is then
    refused before it is made, while the counts stay."""

    async def scenario() -> None:
        store = SQLiteStore(str(tmp_path / "caps.sqlite"))
        hub = Hub(store, seed=3, changes_per_client=1_000)
        await hub.start()
        try:
            game = GAMES["voyage"]
            rules = game.with_players(game.rules_type(), 2)
            live, _ = await hub.create("voyage", rules, ["open", "open"], None, owner="a")
            # The same table beside it (a seeded server's generator) finds the first move
            # that brings a deal along, playing each seat's first legal move.
            copy = Table(game, rules, rng=random.Random(f"3:{live.id}"))
            while True:
                before = copy.version
                _first_move(copy)
                if copy.version > before + 1:
                    break
            hub.max_changes = before + 1  # that move would pass the table's limit
            while live.table.version < before:
                await hub.change(live, _first_move)
            for _ in range(2):  # undone; then refused before it is made
                with pytest.raises(HubError) as refused:
                    await hub.change(live, _first_move)
                assert refused.value.code == "too_long"
                assert live.table.version == before
                assert store.table(live.id).version == before  # type: ignore[union-attr]
            assert hub.held_by["a"] == before
        finally:
            await hub.stop()
            store.close()

    asyncio.run(scenario())


def test_spectators_share_their_slots_and_each_seat_keeps_its_own() -> None:
    quota = Quota(live=1000, live_per_client=1000, spectators_per_table=32, live_per_seat=2)
    channels = [quota.open_channel("crowd") for _ in range(100)]
    for channel in channels[:32]:
        quota.seat_channel(channel, "t", None)
    for channel in channels[32:]:
        with pytest.raises(QuotaError) as refused:
            quota.seat_channel(channel, "t", None)
        assert refused.value.status == 503
        quota.close_channel(channel)
    accepted = 32
    assert accepted == 32 == quota.channels("t", None)
    player = quota.open_channel("crowd")
    quota.seat_channel(player, "t", 0)
    second = quota.open_channel("elsewhere")
    quota.seat_channel(second, "t", 0)
    with pytest.raises(QuotaError):
        quota.seat_channel(quota.open_channel("x"), "t", 0)
    quota.seat_channel(quota.open_channel("x"), "t", 1)
    quota.seat_channel(quota.open_channel("x"), "other", None)
    quota.close_channel(player)
    quota.close_channel(player)  # twice: once counted
    assert quota.channels("t", 0) == 1


def test_a_client_opens_at_most_its_channels_its_seats_included() -> None:
    quota = Quota(live=5, live_per_client=2)
    first, second = quota.open_channel("a"), quota.open_channel("a")
    with pytest.raises(QuotaError) as refused:
        quota.open_channel("a")
    assert (refused.value.status, refused.value.code) == (429, "too_many_channels")
    quota.seat_channel(first, "t", 0)  # a seat's channel still counts for its client
    with pytest.raises(QuotaError):
        quota.open_channel("a")
    assert quota.channels_of("a") == 2
    quota.open_channel("b")
    quota.open_channel("b")
    quota.close_channel(second)
    third = quota.open_channel("a")
    quota.open_channel("d")
    with pytest.raises(QuotaError) as full:
        quota.open_channel("c")
    assert full.value.status == 503
    quota.close_channel(third)
    quota.open_channel("c")


def test_clients_are_addresses_and_ipv6_networks_of_the_prefix() -> None:
    assert client_of("203.0.113.9") == "203.0.113.9"
    assert client_of("2001:db8:1:2:3::9") == client_of("2001:db8:1:2:ffff::1")
    assert client_of("2001:db8:1:3::9") == client_of("2001:db8:1:2::9")  # one /56
    assert client_of("2001:db8:1:103::9") != client_of("2001:db8:1:2::9")
    assert client_of("2001:db8:1:3::9", 64) != client_of("2001:db8:1:2::9", 64)
    assert client_of(None) == "unknown"


def test_bot_only_tables_are_capped_and_expiry_follows_its_bounds() -> None:
    limits = {"max_changes": 200_000, "bot_table_max_changes": 20_000}
    assert change_limit(["bot:random", "bot:ismcts"], **limits) == 20_000
    assert change_limit(["bot:random", "open"], **limits) == 200_000
    tables = [
        Activity(table="never", created=0.0, last_change=0.0, joined=0),
        Activity(table="played", created=0.0, last_change=90.0, joined=2),
        Activity(table="idle", created=0.0, last_change=10.0, joined=1),
    ]
    assert expired(tables, 100.0, unjoined_seconds=50, idle_seconds=80) == ["never", "idle"]
    assert expired(tables, 100.0, unjoined_seconds=0, idle_seconds=0) == []


def test_expiry_sees_a_change_as_a_new_version_or_a_new_player() -> None:
    expiry = Expiry(unjoined_seconds=0, idle_seconds=100)
    assert expiry.period == 10.0
    assert expiry.due([("t", 0.0, 5, 1)], 1000.0) == []  # first seen: changed now
    assert expiry.due([("t", 0.0, 5, 1)], 1099.0) == []
    assert expiry.due([("t", 0.0, 6, 1)], 1150.0) == []  # a move
    assert expiry.due([("t", 0.0, 6, 2)], 1240.0) == []  # a join
    assert expiry.due([("t", 0.0, 6, 2)], 1341.0) == ["t"]
    assert Expiry(unjoined_seconds=0, idle_seconds=0).period == 0.0
