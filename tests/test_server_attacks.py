"""The attacks on `seaview serve` kept as tests: each sends what an attacker sent to a
real server process on 127.0.0.1 and checks that it is refused or harmless; the
quotas (`seaview_rules.server._quota`) are also checked directly, with a fake clock.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from seaview_rules.server._guard import same_origin, strict_utf8
from seaview_rules.server._quota import (
    Activity,
    Expiry,
    Quota,
    QuotaError,
    change_limit,
    client_of,
    expired,
)
from tests.serving import Server, running_server, wait_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BODY = {"game": "voyage", "seats": ["open", "open"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("attacks") / "tables.sqlite"
    with running_server(db, "--seeded", "7") as running:
        yield running


def _address(server: Server) -> tuple[str, int]:
    parts = urlsplit(server.url)
    assert parts.hostname is not None
    assert parts.port is not None
    return parts.hostname, parts.port


def _exchange(server: Server, data: bytes, seconds: float = 3.0) -> tuple[bytes, bool]:
    """Send ``data`` on a fresh connection; what came back within ``seconds``, and
    whether the server closed the connection by then (uvicorn's keep-alive timeout is 5
    seconds, so a connection kept open is still open at 3)."""
    received = b""
    deadline = time.monotonic() + seconds
    with socket.create_connection(_address(server), timeout=seconds) as sock:
        sock.sendall(data)
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                chunk = sock.recv(65_536)
            except TimeoutError:
                break
            if not chunk:
                return received, True
            received += chunk
    return received, False


def _tables(server: Server) -> int:
    return len(server.ok("GET", "/api/tables")["tables"])


# Request smuggling


def test_a_request_with_both_content_length_and_transfer_encoding_gets_400_and_a_close(
    server: Server,
) -> None:
    """RFC 9112 section 6.1: such a request is refused and the connection closed, so a
    request hidden in its body (the pipelined one here) is never answered."""
    body = json.dumps(BODY).encode()
    first = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n\r\n" % len(body)
        + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    )
    hidden = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    before = _tables(server)
    received, closed = _exchange(server, first + hidden)
    head, _, rest = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), received[:200]
    assert b"connection: close" in head.lower()
    assert json.loads(rest)["error"] == "bad_request"
    assert closed
    assert received.count(b"HTTP/1.1 ") == 1  # the hidden request got no answer
    assert _tables(server) == before


def test_a_plain_pipelined_pair_is_still_answered_twice(server: Server) -> None:
    """The guard refuses only the ambiguous framing: two requests in one send, each
    framed one way, both get their answers on the kept connection."""
    body = json.dumps(BODY).encode()
    first = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
    )
    second = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    received, closed = _exchange(server, first + second)
    assert received.startswith(b"HTTP/1.1 201 ")
    assert received.count(b"HTTP/1.1 200 ") == 1
    assert closed


# Bounded path parameters


def test_a_path_segment_too_long_for_any_route_is_404_with_no_traceback(tmp_path: Path) -> None:
    """A 4,301-digit seat number once gave a 500 and a traceback per request (Python's
    limit on converting digits to int); now the segment is refused before any route."""
    with running_server(tmp_path / "long.sqlite") as small:
        table = small.ok("POST", "/api/tables", BODY)["table"]
        for path in (
            f"/api/tables/{table}/seats/{'1' * 4301}",
            f"/api/tables/{table}/seats/{'0' * 100_000}",
        ):
            status, reply = small.request("POST", path)
            assert status == 404, (status, reply)
            assert reply["error"] == "not_found"
        status, reply = small.request("GET", f"/api/tables/{'x' * 5000}/view")
        assert (status, reply["error"]) == (404, "not_found")
        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws{small.url[4:]}/api/tables/{'x' * 5000}/live", open_timeout=10)
        assert refused.value.response.status_code == 404
        # a seat number of sane length still reaches its route
        assert small.ok("POST", f"/api/tables/{table}/seats/{'0' * 60}")["seat"] == 0
    assert "Traceback" not in small.printed, small.printed[-3000:]


# Strict UTF-8 bodies

WRONG_ENCODINGS = ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-8-sig"]


def _posts(table: str) -> list[tuple[str, dict[str, Any]]]:
    at = f"/api/tables/{table}"
    return [
        ("/api/tables", BODY),
        (f"{at}/seats/1", {}),
        (f"{at}/moves", {"move": "R8"}),
        (f"{at}/step", {}),
        (f"{at}/undo", {}),
        (f"{at}/chance", {"move": "R8"}),
    ]


@pytest.mark.parametrize("encoding", WRONG_ENCODINGS)
def test_a_json_body_in_utf16_or_utf32_or_with_a_bom_is_400_on_every_json_route(
    server: Server, encoding: str
) -> None:
    """RFC 8259 section 8.1: JSON text between systems is UTF-8, with no byte order
    mark; Python's `json.loads` would read the others."""
    made = server.ok("POST", "/api/tables", BODY)
    table, admin, version = made["table"], made["admin_token"], made["version"]
    token = server.ok("POST", f"/api/tables/{table}/seats/0")["token"]
    before = _tables(server)
    for path, body in _posts(table):
        raw = json.dumps(body).encode(encoding)
        for sent_token in (None, token, admin):
            status, reply = server.request("POST", path, raw=raw, token=sent_token)
            assert status == 400, (path, encoding, status, reply)
            assert reply["error"] == "bad_request"
            assert "UTF-8" in reply["reason"]
    assert _tables(server) == before
    assert server.ok("GET", f"/api/tables/{table}")["version"] == version


def test_invalid_utf8_is_400_and_a_large_chunked_body_413_while_good_bodies_pass(
    server: Server,
) -> None:
    status, reply = server.request("POST", "/api/tables", raw=b'{"game": "voy\xc3age"}')
    assert (status, reply["error"]) == (400, "bad_request")
    # UTF-8 beyond ASCII is fine: the route itself answers (no such game)
    status, reply = server.request("POST", "/api/tables", {"game": "voyagé", "seats": ["open"]})
    assert (status, reply["error"]) == (400, "bad_request")
    assert "game must be one of" in reply["reason"]
    # The whole chunked request in one write: the server may answer and close as soon as
    # the body passes its limit, and a client still writing then would break its pipe.
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in (b" " * 40_000, b" " * 40_000, b"{}"))
    host, port = _address(server)
    request = (
        (
            f"POST /api/tables HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        ).encode()
        + chunks
        + b"0\r\n\r\n"
    )
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(request)
        response = http.client.HTTPResponse(sock)
        response.begin()
        assert response.status == 413
        assert json.loads(response.read())["error"] == "too_large"
    assert server.ok("POST", "/api/tables", BODY)["table"]


# The live channel's Origin


def _live_url(server: Server, table: str) -> str:
    return f"ws{server.url[4:]}/api/tables/{table}/live"


def test_a_live_channel_from_a_page_of_another_site_is_refused(tmp_path: Path) -> None:
    """A page of another site may not open a live channel (a browser sends its Origin,
    and a WebSocket is not held to CORS); the server's own pages, a configured CORS
    origin and clients that are not browsers (no Origin) may."""
    with running_server(tmp_path / "origin.sqlite", "--cors-origin", "https://app.example") as s:
        made = s.ok("POST", "/api/tables", BODY)
        url = _live_url(s, made["table"])
        for origin in ("http://evil.example", "null", f"http://localhost:{_address(s)[1]}"):
            with pytest.raises(InvalidStatus) as refused:
                connect(url, origin=Origin(origin), open_timeout=10)
            assert refused.value.response.status_code == 403, origin
        for allowed in (None, Origin(s.url), Origin("https://app.example")):
            with connect(url, origin=allowed, open_timeout=10) as channel:
                channel.send(json.dumps({"since": 0}))
                assert json.loads(channel.recv(timeout=10))["version"] == made["version"], allowed


def test_same_origin_compares_host_and_port() -> None:
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin("http://[::1]:8000", "[::1]:8000")
    assert same_origin("HTTP://Example.org", "example.org:80")
    assert not same_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not same_origin("https://example.org", "example.org:80")
    assert not same_origin("http://example.org:x", "example.org")
    assert not same_origin("file://", "example.org")
    assert not same_origin("http://a.example", "")


def test_strict_utf8_refuses_every_other_encoding() -> None:
    text = '{"move": "R8", "name": "Ægir"}'
    assert strict_utf8(text.encode())
    for encoding in WRONG_ENCODINGS:
        assert not strict_utf8(text.encode(encoding)), encoding
    assert not strict_utf8(b'{"a": "\xed\xa0\x80"}')  # an encoded surrogate


# Quotas, over the wire (they need the quota options of seaview serve)


def test_a_client_creates_tables_at_its_rate_and_holds_at_most_its_share(tmp_path: Path) -> None:
    options = ("--tables-per-minute", "5", "--tables-per-client", "1000")
    with running_server(tmp_path / "rate.sqlite", *options) as s:
        for _ in range(5):
            s.ok("POST", "/api/tables", BODY)
        status, reply = s.request("POST", "/api/tables", BODY)
        assert (status, reply["error"]) == (429, "slow_down")
    with running_server(tmp_path / "share.sqlite", "--tables-per-client", "2") as s:
        made = [s.ok("POST", "/api/tables", BODY) for _ in range(2)]
        status, reply = s.request("POST", "/api/tables", BODY)
        assert (status, reply["error"]) == (429, "too_many_tables")
        first = made[0]
        s.ok("DELETE", f"/api/tables/{first['table']}", token=first["admin_token"])
        s.ok("POST", "/api/tables", BODY)


async def _spectate(url: str) -> tuple[Any, dict[str, Any]] | None:
    """A spectator's channel and its first message; ``None`` if refused."""
    try:
        channel = await connect_async(url, open_timeout=20)
    except (OSError, InvalidStatus, TimeoutError):
        return None
    try:
        await channel.send(json.dumps({"since": 0}))
        first = json.loads(await asyncio.wait_for(channel.recv(), 20))
    except (ConnectionClosed, TimeoutError):
        await channel.close()
        return None
    if "error" in first:
        await channel.close()
        return None
    return channel, first


async def _flood_then_sit(url: str, token: str) -> tuple[int, dict[str, Any]]:
    opened = await asyncio.gather(*(_spectate(url) for _ in range(100)))
    served = [o for o in opened if o is not None]
    try:
        async with connect_async(url, open_timeout=20) as seat:
            await seat.send(json.dumps({"token": token, "since": 0}))
            first = json.loads(await asyncio.wait_for(seat.recv(), 20))
    finally:
        await asyncio.gather(*(channel.close() for channel, _ in served))
    return len(served), first


def test_a_hundred_spectators_at_once_get_at_most_32_channels_and_never_lock_a_seat_out(
    server: Server,
) -> None:
    made = server.ok("POST", "/api/tables", BODY)
    table = made["table"]
    token = server.ok("POST", f"/api/tables/{table}/seats/0")["token"]
    served, first = asyncio.run(_flood_then_sit(_live_url(server, table), token))
    assert 0 < served <= 32
    assert "error" not in first, first
    assert first["view"]["data"]["seat"] == 0


def test_a_client_opens_at_most_its_share_of_live_channels(tmp_path: Path) -> None:
    with running_server(tmp_path / "live.sqlite", "--live-per-client", "3") as s:
        table = s.ok("POST", "/api/tables", BODY)["table"]
        url = _live_url(s, table)
        held = [connect(url, open_timeout=10) for _ in range(3)]
        try:
            with connect(url, open_timeout=10) as fourth:
                refused = json.loads(fourth.recv(timeout=10))
                assert (refused["status"], refused["error"]) == (429, "too_many_channels")
        finally:
            for channel in held:
                channel.close()


def test_a_table_of_bots_only_stops_far_below_a_human_tables_limit(tmp_path: Path) -> None:
    options = ("--bot-table-max-changes", "150", "--max-changes", "100000")
    with running_server(tmp_path / "bots.sqlite", *options) as s:
        body = {"game": "voyage", "seats": ["bot:random"] * 2, "rules": {"target": 10**9}}
        table = s.ok("POST", "/api/tables", body)["table"]
        wait_until(lambda: s.ok("GET", f"/api/tables/{table}")["version"] >= 150, 60)
        stopped = s.ok("GET", f"/api/tables/{table}")["version"]
        assert stopped < 200  # the change that crossed it may bring a deal along
        time.sleep(0.5)
        assert s.ok("GET", f"/api/tables/{table}")["version"] == stopped


def test_one_client_holds_few_bot_tables_and_the_process_a_budget_of_changes(
    tmp_path: Path,
) -> None:
    """Two bot-only tables per client here; once the tables held have 400 changes
    together, a new table is refused (503 ``server_full``) and the bot-only tables stop,
    while a table with players goes on; a deleted table gives the budget back."""
    options = ("--bot-tables-per-client", "2", "--max-held-changes", "400")
    with running_server(tmp_path / "budget.sqlite", *options) as s:
        players = s.ok("POST", "/api/tables", BODY)["table"]
        tokens = [s.ok("POST", f"/api/tables/{players}/seats/{n}")["token"] for n in (0, 1)]
        bots = {"game": "voyage", "seats": ["bot:random"] * 2, "rules": {"target": 10**9}}
        first = s.ok("POST", "/api/tables", bots)
        second = s.ok("POST", "/api/tables", bots)["table"]
        status, refused = s.request("POST", "/api/tables", bots)
        assert (status, refused["error"]) == (429, "too_many_tables")

        def held() -> int:
            return sum(e["version"] for e in s.ok("GET", "/api/tables")["tables"])

        wait_until(lambda: held() >= 400, 60)
        stopped = held()
        time.sleep(0.5)
        assert held() == stopped  # the bots stopped at the budget
        assert stopped < 400 + 200  # (a change may bring a deal along)
        status, refused = s.request("POST", "/api/tables", BODY)
        assert (status, refused["error"]) == (503, "server_full")
        mine = s.ok("GET", f"/api/tables/{players}/view", token=tokens[0])
        seat = mine["view"]["data"]["to_move"]
        mine = s.ok("GET", f"/api/tables/{players}/view", token=tokens[seat])
        move = {"move": mine["view"]["data"]["legal_moves"][0], "version": mine["version"]}
        s.ok("POST", f"/api/tables/{players}/moves", move, token=tokens[seat])  # players go on
        paused = s.ok("GET", f"/api/tables/{second}")["version"]
        s.ok("DELETE", f"/api/tables/{first['table']}", token=first["admin_token"])
        wait_until(lambda: s.ok("GET", f"/api/tables/{second}")["version"] > paused, 30)


def test_a_table_nobody_joins_expires(tmp_path: Path) -> None:
    with running_server(tmp_path / "ttl.sqlite", "--unjoined-table-ttl", "1") as s:
        lonely = s.ok("POST", "/api/tables", BODY)["table"]
        joined = s.ok("POST", "/api/tables", BODY)["table"]
        s.ok("POST", f"/api/tables/{joined}/seats/0")
        wait_until(lambda: s.request("GET", f"/api/tables/{lonely}")[0] == 404, 20)
        assert s.request("GET", f"/api/tables/{joined}")[0] == 200


def test_a_sweep_deletes_a_table_only_as_it_saw_it_and_gives_back_what_is_gone(
    tmp_path: Path,
) -> None:
    """`Hub.expire` deletes a table only at the version and joined seats the sweep saw
    (a table that moved meanwhile lives on), and a second delete is harmless; `sweep`
    gives a creator back a table the server no longer holds (deleted by another
    process of a shared store)."""
    from seaview_rules import GAMES
    from seaview_rules.server import SQLiteStore
    from seaview_rules.server._app import sweep
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
            quota = Quota()
            quota.take_table("client")
            quota.table_made("client", "deleted-elsewhere")
            expiry = Expiry(unjoined_seconds=10.0, idle_seconds=0.0)  # a sweep a second
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(sweep(hub, quota, expiry), 1.5)
            assert quota.tables_of("client") == 0
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


def test_the_table_bucket_allows_a_burst_then_its_rate() -> None:
    clock = Clock()
    quota = Quota(tables_per_minute=6, tables_per_client=100, clock=clock)
    for number in range(6):
        quota.take_table("a")
        quota.table_made("a", f"t{number}")
    with pytest.raises(QuotaError) as refused:
        quota.take_table("a")
    assert (refused.value.status, refused.value.code) == (429, "slow_down")
    assert refused.value.retry_after == pytest.approx(10.0)
    quota.take_table("b")  # another client has its own bucket
    clock.now += 10.0
    quota.take_table("a")
    with pytest.raises(QuotaError):
        quota.take_table("a")


def test_a_client_holds_at_most_its_share_of_tables_and_gets_them_back() -> None:
    quota = Quota(tables_per_minute=100, tables_per_client=2, clock=Clock())
    quota.take_table("a")
    quota.table_made("a", "t1")
    quota.take_table("a")
    quota.table_failed("a")  # not made: given back
    quota.take_table("a")
    quota.table_made("a", "t2")
    with pytest.raises(QuotaError) as refused:
        quota.take_table("a")
    assert refused.value.code == "too_many_tables"
    quota.table_gone("t1")
    quota.table_gone("t1")  # twice (two processes, or delete then expiry): once counted
    quota.table_gone("loaded-at-start")  # nobody's
    assert quota.tables_of("a") == 1
    quota.take_table("a")


def test_a_client_holds_at_most_its_share_of_bot_tables_and_gets_them_back() -> None:
    quota = Quota(tables_per_minute=100, tables_per_client=10, bot_tables_per_client=1)
    quota.take_table("a", bots_only=True)
    quota.table_made("a", "bots", bots_only=True)
    with pytest.raises(QuotaError) as refused:
        quota.take_table("a", bots_only=True)
    assert (refused.value.status, refused.value.code) == (429, "too_many_tables")
    quota.take_table("a")  # a table with an open seat is still the client's to make
    quota.table_made("a", "people")
    quota.take_table("b", bots_only=True)  # another client's share
    quota.table_failed("b", bots_only=True)
    assert (quota.tables_of("a"), quota.bot_tables_of("a"), quota.bot_tables_of("b")) == (2, 1, 0)
    quota.table_gone("bots")
    assert (quota.tables_of("a"), quota.bot_tables_of("a")) == (1, 0)
    quota.take_table("a", bots_only=True)


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


def test_a_client_opens_at_most_its_channels_and_a_seat_channel_stops_counting_for_it() -> None:
    quota = Quota(live=5, live_per_client=2)
    first, second = quota.open_channel("a"), quota.open_channel("a")
    with pytest.raises(QuotaError) as refused:
        quota.open_channel("a")
    assert (refused.value.status, refused.value.code) == (429, "too_many_channels")
    quota.seat_channel(first, "t", 0)  # now the seat's, not the address's
    third = quota.open_channel("a")
    quota.open_channel("b")
    quota.open_channel("b")
    with pytest.raises(QuotaError) as full:
        quota.open_channel("c")
    assert full.value.status == 503
    quota.close_channel(second)
    quota.close_channel(third)
    quota.open_channel("c")


def test_clients_are_addresses_and_ipv6_hosts_their_64() -> None:
    assert client_of("203.0.113.9") == "203.0.113.9"
    assert client_of("2001:db8:1:2:3::9") == client_of("2001:db8:1:2:ffff::1")
    assert client_of("2001:db8:1:3::9") != client_of("2001:db8:1:2::9")
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
