"""Several `seaview serve` processes on one real PostgreSQL (``nox -s postgres``): the
store's compare-and-set and catch-up, tables served by any process, live channels fed
across processes by LISTEN/NOTIFY, races for one version, and a database restart. The
tests start PostgreSQL themselves (tests/postgres.py); nothing is mocked."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest
from websockets.sync.client import connect

from seaview_rules import GAMES, GameRecord, Table, replay
from seaview_rules.server import (
    Head,
    PostgresStore,
    StaleVersionError,
    StoredChange,
    StoredTable,
)
from seaview_rules.server._postgres import _LOCK, MIGRATIONS
from tests.postgres import Postgres, running_postgres
from tests.serving import ONE_CLIENT, Server, wait_until

pytestmark = pytest.mark.postgres

_names = itertools.count()


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with running_postgres() as server:
        yield server


@pytest.fixture
def database(postgres: Postgres) -> str:
    """The URL of a new, empty database of the test's own."""
    return postgres.new_database(f"test{next(_names)}")


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Iterator[list[Server]]:
    """Three server processes on one database."""
    started = [Server(database, "--seeded", str(n), *ONE_CLIENT) for n in range(3)]
    try:
        yield started
    finally:
        for server in started:
            server.stop()


def _stored_table(table_id: str) -> StoredTable:
    return StoredTable(
        id=table_id,
        game="voyage",
        rules={"players": 2},
        chance="auto",
        seats=("open", "open"),
        admin_hash=b"\0" * 32,
        created=1.0,
    )


def test_the_store_creates_its_schema_once_and_refuses_a_newer_one(database: str) -> None:
    first, second = PostgresStore(database), PostgresStore(database)
    assert first.schema_version == second.schema_version == len(MIGRATIONS)
    first.create(_stored_table("t1"))
    third = PostgresStore(database)
    assert [t.id for t in third.tables()] == ["t1"]  # the schema was not made anew
    third.close()
    with psycopg.connect(database, autocommit=True) as db:
        db.execute("UPDATE seaview_schema SET version = 99")
    with pytest.raises(ValueError, match="schema version 99"):
        PostgresStore(database)
    first.close()
    second.close()


def test_append_is_a_compare_and_set_and_a_copy_reads_only_what_it_lacks(database: str) -> None:
    one, other = PostgresStore(database), PostgresStore(database)  # two processes' stores
    one.create(_stored_table("t"))
    moves = [StoredChange(v, None, f"deal G{v}") for v in range(1, 6)]
    one.append("t", 0, moves[:3], None)
    with pytest.raises(StaleVersionError):
        other.append("t", 2, [StoredChange(3, 0, "draw")], None)  # the version moved on
    other.append("t", 3, moves[3:], None)
    head = one.head("t")
    assert head == other.head("t")
    assert head == Head(5, 0)
    tail = one.table("t", since=3)
    assert tail is not None
    assert (tail.since, tail.version, tail.changes) == (3, 5, tuple(moves[3:]))
    whole = one.table("t")
    assert whole is not None
    assert whole.changes == tuple(moves)
    assert one.join("t", 1, b"h" * 32)
    assert not other.join("t", 1, b"i" * 32)  # taken
    assert one.heads() == {"t": Head(5, 1, 1)}  # joined once: revision 1
    other.delete("t")
    assert one.head("t") is None
    assert one.table("t") is None
    assert one.heads() == {}
    one.close()
    other.close()


def test_a_statement_stuck_on_a_lock_is_cancelled_at_the_timeout_and_the_store_goes_on(
    database: str,
) -> None:
    store = PostgresStore(database, statement_timeout=0.5)
    store.create(_stored_table("t"))
    # Another client's open transaction holds the tables locked (released on leaving).
    with ThreadPoolExecutor(1) as pool, psycopg.connect(database) as holder:
        holder.execute("LOCK TABLE seaview_tables IN ACCESS EXCLUSIVE MODE")
        write = pool.submit(store.join, "t", 0, b"h" * 32, "Ann")
        with pytest.raises(psycopg.errors.QueryCanceled):
            write.result(timeout=30)  # without a timeout it would wait for the holder
        read = pool.submit(store.head, "t")
        with pytest.raises(psycopg.errors.QueryCanceled):
            read.result(timeout=30)
    # The lock released, the same store goes on, and the cancelled write left nothing.
    assert store.head("t") == Head(0, 0, 0)
    assert store.join("t", 0, b"h" * 32, "Ann")
    assert store.head("t") == Head(0, 1, 1)
    store.close()
    with pytest.raises(ValueError, match="statement_timeout must be positive"):
        PostgresStore(database, statement_timeout=0)


def test_the_migration_at_start_up_waits_past_the_timeout_for_another_process(
    database: str,
) -> None:
    with ThreadPoolExecutor(1) as pool, psycopg.connect(database, autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(%s)", (_LOCK,))  # another process migrating
        opening = pool.submit(PostgresStore, database, statement_timeout=0.2)
        time.sleep(1.0)  # five timeouts
        assert not opening.done()
        other.execute("SELECT pg_advisory_unlock(%s)", (_LOCK,))
        store = opening.result(timeout=30)
    assert store.schema_version == len(MIGRATIONS)
    store.close()


def _create(server: Server, game: str = "voyage", players: int = 2) -> tuple[str, str]:
    reply = server.ok("POST", "/api/tables", {"game": game, "seats": ["open"] * players})
    return reply["table"], reply["admin_token"]


def _full_record(url: str, table: str) -> GameRecord[Any, Any]:
    """The full record of ``table`` as the database holds it: the oracle of a test that
    checks a game not over (the admin token gives the full record only at its end)."""
    store = PostgresStore(url)
    try:
        stored = store.table(table)
    finally:
        store.close()
    assert stored is not None
    game = GAMES[stored.game]
    changes = [(change.seat, change.move) for change in stored.changes]
    rules = game.rules_from_data(stored.rules)
    return Table.from_changes(game, rules, changes, chance=stored.chance).record  # type: ignore[arg-type]


def test_any_process_serves_any_table_and_its_live_channels_hear_the_others(
    servers: list[Server], database: str
) -> None:
    a, b, c = servers
    table, admin = _create(a)
    tokens = [b.ok("POST", f"/api/tables/{table}/seats/0")["token"]]
    tokens.append(c.ok("POST", f"/api/tables/{table}/seats/1")["token"])
    assert a.request("POST", f"/api/tables/{table}/seats/1")[0] == 409  # taken, elsewhere
    assert {t["table"] for t in c.ok("GET", "/api/tables")["tables"]} == {table}
    url = b.url.replace("http", "ws") + f"/api/tables/{table}/live"
    with connect(url) as channel:
        channel.send(json.dumps({"token": tokens[1]}))
        pushed = json.loads(channel.recv(timeout=10))
        for turn in range(40):  # moves through the three processes in turn
            view = pushed["view"]["data"]
            if view["to_move"] is None:
                break
            seat = view["to_move"]
            mine = servers[turn % 3].ok("GET", f"/api/tables/{table}/view", token=tokens[seat])
            assert mine["version"] == pushed["version"]
            move = {"move": mine["view"]["data"]["legal_moves"][0], "version": mine["version"]}
            done = servers[(turn + 1) % 3].ok(
                "POST", f"/api/tables/{table}/moves", move, token=tokens[seat]
            )
            while pushed["version"] < done["version"]:  # b's channel hears a's and c's moves
                pushed = json.loads(channel.recv(timeout=10))
            assert pushed["version"] == done["version"]
            seen = servers[(turn + 2) % 3].ok("GET", f"/api/tables/{table}/view", token=tokens[1])
            assert seen == {
                "version": pushed["version"],
                "view": pushed["view"],
                "chance_seat": pushed["chance_seat"],
            }
    engine = GAMES["voyage"]
    final = replay(engine, _full_record(database, table))
    spectator = c.ok("GET", f"/api/tables/{table}/view")
    assert spectator["view"] == engine.to_dict(engine.view(final, None))
    assert c.ok("DELETE", f"/api/tables/{table}", token=admin) == {"deleted": table}
    assert a.request("GET", f"/api/tables/{table}/view")[0] == 404
    assert b.ok("GET", "/api/tables") == {"tables": [], "next": None}


def test_many_submits_of_one_move_through_three_processes_apply_once(
    servers: list[Server], database: str
) -> None:
    table, _ = _create(servers[0])
    tokens = [servers[s].ok("POST", f"/api/tables/{table}/seats/{s}")["token"] for s in (0, 1)]
    for _ in range(5):  # five rounds of 24 racing requests
        seen = servers[0].ok("GET", f"/api/tables/{table}/view", token=tokens[0])
        seat = seen["view"]["data"]["to_move"]
        if not isinstance(seat, int):
            break
        mine = servers[0].ok("GET", f"/api/tables/{table}/view", token=tokens[seat])
        body = {"move": mine["view"]["data"]["legal_moves"][0], "version": mine["version"]}

        def send(n: int, body: dict[str, Any] = body, seat: int = seat) -> tuple[int, Any]:
            return servers[n % 3].request(
                "POST", f"/api/tables/{table}/moves", body, token=tokens[seat]
            )

        with ThreadPoolExecutor(24) as pool:
            replies = list(pool.map(send, range(24)))
        applied = [reply for status, reply in replies if status == 200]
        assert len(applied) == 1, replies
        refused = [reply for status, reply in replies if status != 200]
        assert all(status == 409 for status, _ in replies if status != 200), replies
        assert all(r.get("rule") == "API-VERSION" or r.get("error") == "stale" for r in refused)
        record = _full_record(database, table)
        assert str(record.moves[mine["version"]]) == body["move"]
        assert len(record.moves) == applied[0]["version"]


def test_the_servers_come_back_after_the_database_restarts_and_lose_nothing(
    postgres: Postgres, database: str
) -> None:
    a, b = Server(database), Server(database)
    try:
        table, _ = _create(a)
        tokens = [a.ok("POST", f"/api/tables/{table}/seats/{s}")["token"] for s in (0, 1)]
        acknowledged: list[tuple[int, str]] = []
        for crash in (False, True):
            for turn in range(6):
                server = (a, b)[turn % 2]
                seen = server.request("GET", f"/api/tables/{table}/view", token=tokens[0])
                if seen[0] != 200:
                    continue
                seat = seen[1]["view"]["data"]["to_move"]
                if not isinstance(seat, int):
                    break
                mine = server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])
                move = mine["view"]["data"]["legal_moves"][0]
                status, _ = server.request(
                    "POST",
                    f"/api/tables/{table}/moves",
                    {"move": move, "version": mine["version"]},
                    token=tokens[seat],
                )
                if status == 200:
                    acknowledged.append((mine["version"], move))
            postgres.restart(crash=crash)

            def answers(server: Server) -> bool:
                return server.request("GET", f"/api/tables/{table}/view")[0] == 200

            for server in (a, b):  # each reconnects on its own, at its next request
                wait_until(lambda server=server: answers(server), 30)
        record = _full_record(database, table)
        for version, move in acknowledged:
            assert str(record.moves[version]) == move
        assert len(acknowledged) >= 6
    finally:
        a.stop()
        b.stop()


def test_the_database_password_is_never_printed(postgres: Postgres, database: str) -> None:
    with_password = database.replace("seaview@", "seaview:s3cret-word@")  # trust: accepted
    server = Server(with_password)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not server.printed:
            time.sleep(0.05)
    finally:
        printed = server.stop()
    assert "s3cret-word" not in printed
    assert "seaview:***@127.0.0.1" in printed


def test_names_a_seat_left_and_one_rematch_asked_through_every_process_at_once(
    servers: list[Server],
) -> None:
    a, b, c = servers
    made = a.ok(
        "POST", "/api/tables", {"game": "voyage", "seats": ["open"] * 2, "rules": {"target": 1}}
    )
    table, admin = made["table"], made["admin_token"]
    seats, view = f"/api/tables/{table}/seats", f"/api/tables/{table}/view"
    ann = b.ok("POST", f"{seats}/0", {"name": "Ann"})["token"]
    tokens = [ann, c.ok("POST", f"{seats}/1", {"name": "Mary"})["token"]]
    assert a.ok("GET", f"/api/tables/{table}")["names"] == ["Ann", "Mary"]
    assert a.ok("GET", view, token=ann)["view"]["data"]["seat"] == 0
    assert b.ok("DELETE", f"{seats}/0", token=ann) == {"left": 0}
    tokens[0] = c.ok("POST", f"{seats}/0", {"name": "Grace"})["token"]  # as many seats joined
    assert a.request("GET", view, token=ann)[0] == 403  # left through another process
    assert a.ok("GET", f"/api/tables/{table}")["names"] == ["Grace", "Mary"]
    for turn in range(400):  # random moves through the three processes in turn
        seen = servers[turn % 3].ok("GET", view, token=tokens[0])
        seat = seen["view"]["data"]["to_move"]
        if seat is None:
            break
        mine = servers[turn % 3].ok("GET", view, token=tokens[seat])["view"]["data"]
        move = {"move": mine["legal_moves"][turn % len(mine["legal_moves"])]}
        servers[(turn + 1) % 3].ok("POST", f"/api/tables/{table}/moves", move, token=tokens[seat])
    else:
        pytest.fail("the game did not end")
    askers = [*tokens, admin]

    def ask(n: int) -> tuple[int, Any]:
        return servers[n % 3].request(
            "POST", f"/api/tables/{table}/rematch", {}, token=askers[n % 3]
        )

    with ThreadPoolExecutor(12) as pool:
        replies = list(pool.map(ask, range(12)))
    assert sorted(status for status, _ in replies) == [200] * 11 + [201], replies
    rematch = {reply["table"] for _, reply in replies}
    assert len(rematch) == 1
    new = rematch.pop()
    for server in servers:
        assert server.ok("GET", f"/api/tables/{table}")["rematch"] == new
        assert server.ok("GET", f"/api/tables/{new}")["names"] == ["Grace", "Mary"]
    assert b.ok("GET", f"/api/tables/{new}/view", token=tokens[1])["view"]["data"]["seat"] == 1
    assert c.ok("GET", f"/api/tables/{new}/record", token=admin)["kind"] == "seat_record"
    assert len(a.ok("GET", "/api/tables")["tables"]) == 2


def test_a_database_of_schema_version_1_is_migrated_and_its_tables_kept(database: str) -> None:
    with psycopg.connect(database, autocommit=True) as db:
        db.execute(MIGRATIONS[0])
        db.execute("CREATE TABLE seaview_schema (version integer NOT NULL)")
        db.execute("INSERT INTO seaview_schema VALUES (1)")
        db.execute(
            "INSERT INTO seaview_tables VALUES ('t', 'voyage', '{\"players\": 2}', 'auto', "
            '\'["open", "open"]\', %s, 1.0, 0, NULL)',
            (b"\0" * 32,),
        )
        db.execute("INSERT INTO seaview_seats VALUES ('t', 1, %s)", (b"h" * 32,))
    store = PostgresStore(database)
    assert store.schema_version == len(MIGRATIONS) == 3
    stored = store.table("t")
    assert stored is not None
    assert (stored.token_hashes, stored.names, stored.rematch) == (
        (None, b"h" * 32),
        (None, None),
        None,
    )
    assert store.join("t", 0, b"i" * 32, "Ann")
    assert store.head("t") == Head(0, 2, 1)
    store.close()


def test_a_clients_tables_and_seats_are_counted_across_processes_and_restarts(
    database: str,
) -> None:
    """The shares a client holds are the database's: tables created through three
    processes at once never pass --tables-per-client, seats joined through them never
    pass --seats-per-client, and a restarted process gives no fresh share."""
    options = (
        *("--tables-per-client", "4", "--seats-per-client", "3"),
        *("--tables-per-minute", "1000", "--joins-per-minute", "1000"),
    )
    started = [Server(database, *options) for _ in range(3)]
    try:
        body = {"game": "voyage", "seats": ["open", "open"]}

        def create(n: int) -> int:
            return started[n % 3].request("POST", "/api/tables", body)[0]

        with ThreadPoolExecutor(12) as pool:
            statuses = list(pool.map(create, range(12)))
        assert statuses.count(201) == 4, statuses
        tables = [e["table"] for e in started[0].ok("GET", "/api/tables")["tables"]]
        seats = [(table, seat) for table in tables for seat in (0, 1)]

        def join(n: int) -> int:
            table, seat = seats[n]
            return started[n % 3].request("POST", f"/api/tables/{table}/seats/{seat}")[0]

        with ThreadPoolExecutor(8) as pool:
            joined = list(pool.map(join, range(len(seats))))
        assert joined.count(200) == 3, joined
        started[1].stop()
        started[1].start()
        status, reply = started[1].request("POST", "/api/tables", body)
        assert (status, reply["error"]) == (429, "too_many_tables")
    finally:
        for server in started:
            server.stop()
