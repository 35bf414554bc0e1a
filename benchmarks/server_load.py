"""Load and fault figures of ``seaview serve`` (a benchmark, not a timed test; run by
``nox -s server``).

    python benchmarks/server_load.py [--tables 50] [--kill] [--example]

Starts a real server on 127.0.0.1 over a fresh SQLite file and plays ``--tables``
tables at once (Voyage, Ship's Wheel and 20,000 Leagues in turn), four client bots a
table, each with its own HTTP connection and live channel: a bot follows its seat's
live channel and, when its seat is to act, sends a random legal move (or, in leagues,
its diver's spin) over HTTP with the version it acted on. At the end every table's full
record must replay to the final state and hold every acknowledged move exactly once, at
the version it was acknowledged for: no move lost, none applied twice. It prints moves
per second, the p50/p99 time from sending a move to its reply, and the server's own CPU
time per move (the load generator, in Python too, takes a core of its own, so the
throughput is partly its own).

``--kill``: SIGKILL the server when a third of the expected moves are made, restart it
on the same database; the bots reconnect and resend what got no reply (with the same
version, so a move the server had already committed is refused as stale, never applied
twice). It prints how many requests were in flight at the kill and what became of each.

``--example``: ``--tables`` Voyage tables on ``seaview serve`` and the same on the
standard-library example server of the docs (docs/examples/table_server.py, one server
per table, polled: it has no push), for the ratio in the same run.

``--instructions``: instead, the server's CPU instructions per move, counted by
valgrind's callgrind from the first move of the load to the last (start-up and the
tables' creation left out): unlike the CPU time, a count a busy machine does not
change, to tell whether a change of the server's hot path helps. About fifty times
slower than a plain run: give it a few tables (``--tables 6``).

Exits non-zero if any check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "docs" / "examples")]

from tests.serving import ONE_CLIENT, Server  # noqa: E402

from seaview_rules import GAMES, GameRecord, replay  # noqa: E402

GAMES_PLAYED = ("voyage", "ships_wheel", "leagues")
RULES: dict[str, dict[str, Any]] = {"voyage": {}, "ships_wheel": {"target": 3}, "leagues": {}}
"""Whole games of the printed rules, but for a shorter Ship's Wheel match."""
PLAYERS = 4
DEADLINE = 900.0
"""Seconds after which a run gives up (a bounded loop): a stuck table fails it."""


class Gone(Exception):
    """The server went away under a request."""


class Connection:
    """One keep-alive HTTP/1.1 connection to a server on 127.0.0.1: a few lines of
    asyncio, so that the load generator costs less than the server it measures."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, body: object = None, token: str = ""
    ) -> tuple[int, Any]:
        """The status and the JSON reply.

        Raises:
            Gone: the server closed or refused the connection.
        """
        status, _, reply = await self.raw(method, path, body, token)
        return status, json.loads(reply)

    async def raw(
        self, method: str, path: str, body: object = None, token: str = ""
    ) -> tuple[int, dict[str, str], bytes]:
        """The status, the headers (names in lower case) and the undecoded reply.

        Raises:
            Gone: the server closed or refused the connection.
        """
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        for attempt in range(2):  # a keep-alive connection the server closed: once more
            try:
                if self.streams is None:
                    self.streams = await asyncio.open_connection("127.0.0.1", self.port)
                reader, writer = self.streams
                writer.write(head.encode() + b"\r\n" + data)
                status = await reader.readline()
                if not status:
                    raise ConnectionError("closed before it answered")
                headers = {}
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode().partition(":")
                    headers[name.strip().lower()] = value.strip()
                reply = await reader.readexactly(int(headers.get("content-length", "0")))
                if headers.get("connection") == "close" or status.startswith(b"HTTP/1.0"):
                    self.close()
                return int(status.split()[1]), headers, reply
            except (OSError, asyncio.IncompleteReadError) as exc:
                self.close()
                if attempt or not isinstance(exc, ConnectionError):
                    raise Gone(str(exc)) from None
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Cluster:
    """The server processes of a run, on one database. A table's seat ``s`` sends its
    HTTP requests to one process and follows its live channel on the next, so that
    with several processes every push it hears crosses from one process to another."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.dead: set[int] = set()
        """The processes killed for good (their clients moved to the others)."""
        self.up = asyncio.Event()
        """Clear while a fault is being made: clients wait for it before they retry."""
        self.up.set()

    def pick(self, n: int) -> Server:
        """The ``n``-th living process, round the circle."""
        alive = [s for i, s in enumerate(self.servers) if i not in self.dead]
        return alive[n % len(alive)]


class Run:
    """What every bot of a run saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.acked: dict[str, list[tuple[int, int, str]]] = {}
        """Per table: (version acted on, seat, move) of every move that got its reply."""
        self.in_flight: dict[tuple[str, int], tuple[int, str]] = {}
        self.killed_in_flight: list[tuple[str, int, int, str]] = []
        """(table, seat, version, move) of every request in flight at the fault."""
        self.moves = 0
        self.fates = {
            "in flight at the fault, committed before it (the resend refused as stale)": 0,
            "in flight at the fault, not committed (applied once when resent)": 0,
            "sent during the fault (applied once when resent)": 0,
        }
        self.unavailable = 0
        """Replies 503 (the database away), each retried with the same version."""


async def bot(
    cluster: Cluster,
    run: Run,
    place: int,
    table: str,
    seat: int,
    token: str,
    rng: random.Random,
) -> None:
    """One seat's client: follow the live channel, act when the seat is to act."""
    since = 0
    http = Connection(_port(cluster.pick(place).url))
    try:
        while True:
            try:
                url = cluster.pick(place + 1).url.replace("http", "ws")
                url += f"/api/tables/{table}/live"
                async with websockets.connect(url, max_size=2**22, open_timeout=30) as channel:
                    await channel.send(json.dumps({"token": token, "since": since}))
                    async for message in channel:
                        update = json.loads(message)
                        since = update["version"]
                        view = update["view"]["data"]
                        if view["to_move"] is None:
                            return
                        spins = update["view"]["game"] == "leagues"
                        await act(
                            cluster, http, run, place, table, seat, token, view, since, rng, spins
                        )
            except (
                OSError,
                websockets.ConnectionClosed,
                websockets.InvalidHandshake,
                asyncio.TimeoutError,
            ):
                await cluster.up.wait()  # the process is gone: wait, then reconnect
    finally:
        http.close()


async def act(
    cluster: Cluster,
    http: Connection,
    run: Run,
    place: int,
    table: str,
    seat: int,
    token: str,
    view: dict[str, Any],
    version: int,
    rng: random.Random,
    spins: bool,
) -> None:
    """Act if this seat is to: its move, or in leagues the spin of its diver."""
    if view["to_move"] == seat:
        move, path = rng.choice(view["legal_moves"]), "moves"
    elif spins and view["to_move"] == "chance" and view["player"] == seat:
        move, path = "spin", "step"
    else:
        return
    body = {"version": version} if path == "step" else {"move": move, "version": version}
    resent = False  # the request got no answer at least once
    while True:
        run.in_flight[table, seat] = (version, move)
        start = time.perf_counter()
        try:
            status, reply = await http.request("POST", f"/api/tables/{table}/{path}", body, token)
        except Gone:  # the process died under this request: send it again, to another
            resent = True
            await cluster.up.wait()
            http.port = _port(cluster.pick(place).url)  # a restarted one has a new port
            continue
        if status == 503:  # the database is away: the same request again, shortly
            run.unavailable += 1
            resent = True
            await asyncio.sleep(0.05)
            continue
        run.in_flight.pop((table, seat), None)
        stale = status == 409 and reply["rule"] == "API-VERSION"
        if resent:
            if not any(k[:3] == (table, seat, version) for k in run.killed_in_flight):
                fate = "sent during the fault (applied once when resent)"
            elif stale:
                fate = "in flight at the fault, committed before it (the resend refused as stale)"
            else:
                fate = "in flight at the fault, not committed (applied once when resent)"
            run.fates[fate] += 1
        if status == 200:
            run.latencies.append(time.perf_counter() - start)
            run.acked.setdefault(table, []).append((version, seat, move))
            run.moves += 1
        elif not stale:
            raise AssertionError(f"{table} seat {seat}: {status} {reply}")
        return


async def fault(
    cluster: Cluster,
    run: Run,
    expected: int,
    bots: asyncio.Future[Any],
    make: Callable[[], None],
) -> None:
    """Make the fault ``make()`` (in a thread) once a third of the moves are made."""
    while run.moves < expected // 3:
        if bots.done():
            raise AssertionError(f"the run ended after {run.moves} moves, before the fault")
        await asyncio.sleep(0.01)
    cluster.up.clear()
    run.killed_in_flight = [(t, s, v, m) for (t, s), (v, m) in run.in_flight.items()]
    await asyncio.to_thread(make)
    cluster.up.set()


def kill_one(cluster: Cluster) -> Callable[[], None]:
    """SIGKILL the first process; alone, it is restarted on the same database, else its
    clients move to the others."""

    def make() -> None:
        cluster.servers[0].kill()
        if len(cluster.servers) == 1:
            cluster.servers[0].start()
        else:
            cluster.dead.add(0)

    return make


async def load(
    cluster: Cluster,
    tables: int,
    games: tuple[str, ...] = GAMES_PLAYED,
    make_fault: Callable[[], None] | None = None,
    counted: Callable[[bool], None] | None = None,
) -> dict[str, Any]:
    """Play ``tables`` tables at once on ``cluster``; the figures and the checks."""
    run = Run()
    setup = Connection(_port(cluster.pick(0).url))
    made = []
    for index in range(tables):
        game = games[index % len(games)]
        status, reply = await setup.request(
            "POST", "/api/tables", {"game": game, "seats": ["open"] * PLAYERS, "rules": RULES[game]}
        )
        assert status == 201, reply
        tokens = [
            (await setup.request("POST", f"/api/tables/{reply['table']}/seats/{s}"))[1]["token"]
            for s in range(PLAYERS)
        ]
        made.append((reply["table"], reply["admin_token"], game, tokens))
    setup.close()
    pids = [server.process.pid for server in cluster.servers]  # type: ignore[union-attr]
    cpu = sum(map(_cpu_seconds, pids))
    if counted is not None:
        counted(True)
    start = time.perf_counter()
    bots = asyncio.gather(
        *(
            bot(
                cluster,
                run,
                index + seat,
                table,
                seat,
                tokens[seat],
                random.Random(f"{table}/{seat}"),
            )
            for index, (table, _, _, tokens) in enumerate(made)
            for seat in range(PLAYERS)
        )
    )
    jobs: list[asyncio.Future[Any]] = [bots]
    if make_fault is not None:  # about the moves of a whole run
        jobs.append(asyncio.ensure_future(fault(cluster, run, 120 * tables, bots, make_fault)))
    await asyncio.wait_for(asyncio.gather(*jobs), DEADLINE)
    if counted is not None:
        counted(False)
    elapsed = time.perf_counter() - start
    figures: dict[str, Any] = {
        "processes": len(cluster.servers),
        "tables": tables,
        "moves": run.moves,
        "seconds": round(elapsed, 2),
        "moves_per_second": round(run.moves / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(run.latencies), 2),
        "p99_ms": round(1000 * statistics.quantiles(run.latencies, n=100)[98], 2),
    }
    if make_fault is None:  # the servers' CPU per move (a killed server's time is lost)
        used = sum(map(_cpu_seconds, pids)) - cpu
        figures["server_cpu_ms_per_move"] = round(1000 * used / run.moves, 3)
    await check(cluster.pick(0), run, made, figures)
    if make_fault is not None:
        figures["in_flight_at_the_fault"] = len(run.killed_in_flight)
        figures["requests_without_a_reply_resent"] = run.fates
        figures["replies_503_retried"] = run.unavailable
    return figures


async def check(server: Server, run: Run, made: list[Any], figures: dict[str, Any]) -> None:
    """Every record replays to the final state and holds each acknowledged move once,
    and every request in flight at a kill, at the version it was sent for."""
    http = Connection(_port(server.url))
    checked = 0
    for table, admin, game, tokens in made:
        engine = GAMES[game]
        record = engine.from_dict(
            (await http.request("GET", f"/api/tables/{table}/record", token=admin))[1], GameRecord
        )
        final = replay(engine, record)
        assert engine.is_terminal(final), f"{table} did not finish"
        seen = (await http.request("GET", f"/api/tables/{table}/view", token=tokens[0]))[1]
        assert seen["view"] == engine.to_dict(engine.view(final, 0)), table
        acked = run.acked.get(table, [])
        for version, _, move in acked:
            assert move == "spin" or str(record.moves[version]) == move, (table, version, move)
        versions = [version for version, _, _ in acked]
        assert len(versions) == len(set(versions)), f"{table}: a move acknowledged twice"
        if game != "leagues":  # every player's move of the record was acknowledged once
            state, decided = engine.new_game(record.rules), []
            for index, move in enumerate(record.moves):
                if isinstance(engine.current_player(state), int):
                    decided.append(index)
                state = engine.apply_move(state, move)
            in_flight = {v for t, _, v, _ in run.killed_in_flight if t == table}
            assert set(decided) - in_flight <= set(versions) <= set(decided), (
                f"{table}: lost or extra moves"
            )
            checked += len(decided)
        for t, s, v, m in run.killed_in_flight:
            if t == table:
                missing = f"{table} seat {s}: the move in flight at the fault is not in the record"
                assert len(record.moves) > v, missing
                assert m == "spin" or str(record.moves[v]) == m, missing
    http.close()
    figures["records_replayed"] = len(made)
    figures["player_moves_checked"] = checked


def serve_examples(tables: int) -> None:
    """Start ``tables`` example servers in this process, print each one's port and seat
    tokens as a JSON line, and serve until standard input closes."""
    from table_server import make_server

    for index in range(tables):
        httpd, _, tokens = make_server("voyage", PLAYERS, seed=index)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        seats = {seat: token for token, seat in tokens.items()}
        line = {"port": httpd.server_address[1], "tokens": [seats[s] for s in range(PLAYERS)]}
        print(json.dumps(line), flush=True)
    sys.stdin.read()


def example_load(tables: int) -> dict[str, Any]:
    """Voyage tables on the docs' standard-library server, one server per table, polled
    (it has no push); the servers run in a process of their own, as seaview serve does."""
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve-examples", str(tables)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    servers = [json.loads(process.stdout.readline()) for _ in range(tables)]

    async def seat_bot(
        port: int, token: str, seat: int, rng: random.Random, latencies: list[float]
    ) -> None:
        http = Connection(port)
        while True:
            view = (await http.request("GET", "/view", token=token))[1]["data"]
            if view["to_move"] is None:
                return
            if view["to_move"] != seat:
                await asyncio.sleep(0.005)  # no push: poll
                continue
            start = time.perf_counter()
            status, reply = await http.request(
                "POST", "/move", {"move": rng.choice(view["legal_moves"])}, token
            )
            assert status == 200, reply
            latencies.append(time.perf_counter() - start)

    async def main() -> tuple[float, list[float]]:
        latencies: list[float] = []
        start = time.perf_counter()
        bots = (
            seat_bot(server["port"], server["tokens"][seat], seat, random.Random(seat), latencies)
            for server in servers
            for seat in range(PLAYERS)
        )
        await asyncio.wait_for(asyncio.gather(*bots), DEADLINE)
        return time.perf_counter() - start, latencies

    cpu = _cpu_seconds(process.pid)
    elapsed, latencies = asyncio.run(main())
    cpu = _cpu_seconds(process.pid) - cpu
    process.communicate("")  # its standard input closes: it stops
    return {
        "tables": len(servers),
        "moves": len(latencies),
        "moves_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2),
        "p99_ms": round(1000 * statistics.quantiles(latencies, n=100)[98], 2),
        "server_cpu_ms_per_move": round(1000 * cpu / len(latencies), 3),
    }


async def propagation(cluster: Cluster, moves: int = 300) -> dict[str, Any]:
    """How long a change takes to reach a client of another process: ``moves`` moves
    sent one at a time to the first process (Voyage matches, one after another), each
    timed to its reply and to its push on a live channel of the second process."""
    replies: list[float] = []
    pushes: list[float] = []
    http = Connection(_port(cluster.servers[0].url))
    while len(replies) < moves:
        await _match_heard_elsewhere(cluster.servers[1], http, moves, replies, pushes)
    http.close()

    def ms(values: list[float], q: int) -> float:
        return round(1000 * statistics.quantiles(values, n=100)[q - 1], 2)

    return {
        "moves": len(replies),
        "reply_p50_ms": ms(replies, 50),
        "reply_p99_ms": ms(replies, 99),
        "push_on_the_other_process_p50_ms": ms(pushes, 50),
        "push_on_the_other_process_p99_ms": ms(pushes, 99),
    }


async def _match_heard_elsewhere(
    other: Server, http: Connection, moves: int, replies: list[float], pushes: list[float]
) -> None:
    status, reply = await http.request(
        "POST", "/api/tables", {"game": "voyage", "seats": ["open"] * 2}
    )
    assert status == 201, reply
    table = reply["table"]
    tokens = [
        (await http.request("POST", f"/api/tables/{table}/seats/{s}"))[1]["token"] for s in (0, 1)
    ]
    url = other.url.replace("http", "ws") + f"/api/tables/{table}/live"
    async with websockets.connect(url, max_size=2**22) as channel:
        await channel.send(json.dumps({"since": 0}))
        heard = json.loads(await channel.recv())
        while len(replies) < moves and (seat := heard["view"]["data"]["to_move"]) is not None:
            mine = (await http.request("GET", f"/api/tables/{table}/view", token=tokens[seat]))[1]
            body = {"move": mine["view"]["data"]["legal_moves"][0], "version": mine["version"]}
            start = time.perf_counter()
            status, done = await http.request(
                "POST", f"/api/tables/{table}/moves", body, tokens[seat]
            )
            assert status == 200, done
            replies.append(time.perf_counter() - start)
            while heard["version"] < done["version"]:
                heard = json.loads(await channel.recv())
            pushes.append(time.perf_counter() - start)


def _sqlite(tables: int, kill: bool, games: tuple[str, ...]) -> dict[str, Any]:
    """A run on one process over a fresh SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        cluster = Cluster([Server(Path(folder, "tables.sqlite"), *ONE_CLIENT)])
        try:
            return asyncio.run(load(cluster, tables, games, kill_one(cluster) if kill else None))
        finally:
            cluster.servers[0].stop()


def instructions(tables: int) -> dict[str, Any]:
    """The server's instructions per move under callgrind (see ``--instructions``)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "callgrind.out")
        wrapper = (
            *("valgrind", "--tool=callgrind", "--instr-atstart=no"),
            f"--callgrind-out-file={out}",
        )
        server = Server(Path(folder, "tables.sqlite"), *ONE_CLIENT, wrapper=wrapper)
        assert server.process is not None
        pid = str(server.process.pid)

        def count(on: bool) -> None:
            subprocess.run(["callgrind_control", "-i", "on" if on else "off", pid], check=True)

        try:
            figures = asyncio.run(load(Cluster([server]), tables, GAMES_PLAYED, counted=count))
            subprocess.run(["callgrind_control", "-d", pid], check=True, capture_output=True)
        finally:
            server.stop()
        totals = [
            int(line.split()[1])
            for dump in Path(folder).glob("callgrind.out*")
            for line in dump.read_text().splitlines()
            if line.startswith(("summary:", "totals:"))
        ]
    return {
        "tables": tables,
        "moves": figures["moves"],
        "server_instructions_per_move": round(max(totals) / figures["moves"]),
    }


def _postgres(tables: int) -> None:
    """The runs on PostgreSQL (a server of its own), printed as they end."""
    from tests.postgres import running_postgres

    with running_postgres() as postgres:

        def run(name: str, processes: int, fault: str = "") -> None:
            url = postgres.new_database(name)
            cluster = Cluster([Server(url, *ONE_CLIENT) for _ in range(processes)])
            make = {"": None, "kill": kill_one(cluster), "restart": _restart(postgres)}[fault]
            try:
                figures = asyncio.run(load(cluster, tables, GAMES_PLAYED, make))
                label = {
                    "": "load",
                    "kill": "fault, one process killed",
                    "restart": "fault, PostgreSQL restarted",
                }[fault]
                print(f"postgres, {label}: " + json.dumps(figures), flush=True)
                if processes > 1 and not fault:
                    delay = asyncio.run(propagation(cluster))
                    shown = {k: v for k, v in delay.items() if not k.startswith("_")}
                    print(
                        f"postgres, {processes} processes, a change reaching another: {json.dumps(shown)}",
                        flush=True,
                    )
            finally:
                for server in cluster.servers:
                    if server.process is not None and server.process.poll() is None:
                        server.stop()

        behind = catching_up(postgres.new_database("catch_up"))
        print(f"postgres, a copy one change behind: {json.dumps(behind)}", flush=True)
        for processes in (1, 2, 3):
            run(f"load{processes}", processes)
        run("kill", 3, "kill")
        run("restart", 3, "restart")


def catching_up(url: str, changes: int = 5000, times: int = 20) -> dict[str, Any]:
    """What a process pays to bring its stale copy of a long match in step with the
    database, one change behind: the way the server does it (the table's head, the one
    change it lacks, `Table.catch_up`) against reading and replaying the whole table.
    Two hubs on one database stand for two processes; the median of ``times`` each."""
    return asyncio.run(_catching_up(url, changes, times))


async def _catching_up(url: str, changes: int, times: int) -> dict[str, Any]:
    from seaview_rules import voyage
    from seaview_rules.server import Hub, PostgresStore

    here, there = Hub(PostgresStore(url), seed=1), Hub(PostgresStore(url), seed=1)
    live, _ = await there.create(
        "voyage", voyage.Rules(players=2, target=10**6), ["open"] * 2, None
    )
    rng = random.Random(1)

    async def move() -> None:
        seat = live.table.to_move
        chosen = rng.choice(live.table.view(seat).legal_moves)
        await there.change(live, lambda table: table.submit(seat, chosen))

    while live.table.version < changes:
        await move()
    copy = await here.get(live.id)  # read whole, the first time
    caught_up, replayed = [], []
    for _ in range(times):
        await move()
        start = time.perf_counter()
        await here.get(live.id)
        caught_up.append(time.perf_counter() - start)
        assert copy.table.state == live.table.state
        start = time.perf_counter()
        await here._reload(copy)
        replayed.append(time.perf_counter() - start)
        assert copy.table.state == live.table.state
    for hub in (here, there):
        hub.worker.close()
        hub.store.close()
    return {
        "changes": live.table.version,
        "caught_up_ms": round(1000 * statistics.median(caught_up), 2),
        "read_and_replayed_whole_ms": round(1000 * statistics.median(replayed), 2),
    }


def _restart(postgres: Any) -> Callable[[], None]:
    """Restart PostgreSQL as after a crash (immediate shutdown, recovery on start)."""
    return lambda: postgres.restart(crash=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--kill", action="store_true", help="SIGKILL the server mid-load")
    parser.add_argument("--example", action="store_true", help="also load the docs' example server")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="also 1, 2 and 3 processes on PostgreSQL, a process killed, PostgreSQL restarted",
    )
    parser.add_argument(
        "--instructions", action="store_true", help="the server's instructions per move (valgrind)"
    )
    parser.add_argument("--serve-examples", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_examples:
        serve_examples(args.serve_examples)
        return 0
    if args.instructions:
        print("sqlite, instructions: " + json.dumps(instructions(args.tables)), flush=True)
        return 0
    figures = _sqlite(args.tables, args.kill, GAMES_PLAYED)
    print(
        ("sqlite, fault" if args.kill else "sqlite, load") + ": " + json.dumps(figures), flush=True
    )
    if args.postgres:
        _postgres(args.tables)
    if args.example:  # the same Voyage tables on both servers
        ours = _sqlite(args.tables, False, ("voyage",))
        print("voyage only, seaview serve: " + json.dumps(ours), flush=True)
        example = example_load(args.tables)
        print("voyage only, the docs' example: " + json.dumps(example))
        ratio = ours["moves_per_second"] / example["moves_per_second"]
        print(f"ratio (seaview serve / example), moves per second: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
