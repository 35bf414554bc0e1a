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
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "docs" / "examples")]

from tests.serving import Server  # noqa: E402

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
                return int(status.split()[1]), json.loads(reply)
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


class Run:
    """What every bot of a run saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.acked: dict[str, list[tuple[int, int, str]]] = {}
        """Per table: (version acted on, seat, move) of every move that got its reply."""
        self.in_flight: dict[tuple[str, int], tuple[int, str]] = {}
        self.restarted = asyncio.Event()
        self.restarted.set()
        self.killed_in_flight: list[tuple[str, int, int, str]] = []
        """(table, seat, version, move) of every request in flight at the kill."""
        self.moves = 0
        self.fates = {
            "in flight at the kill, committed before it (the resend refused as stale)": 0,
            "in flight at the kill, not committed (applied once when resent)": 0,
            "sent while the server was down (applied once when resent)": 0,
        }


async def bot(
    server: Server, run: Run, table: str, seat: int, token: str, rng: random.Random
) -> None:
    """One seat's client: follow the live channel, act when the seat is to act."""
    since = 0
    http = Connection(_port(server.url))
    try:
        while True:
            try:
                url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"
                async with websockets.connect(url, max_size=2**22, open_timeout=30) as channel:
                    await channel.send(json.dumps({"token": token, "since": since}))
                    async for message in channel:
                        update = json.loads(message)
                        since = update["version"]
                        view = update["view"]["data"]
                        if view["to_move"] is None:
                            return
                        spins = update["view"]["game"] == "leagues"
                        await act(server, http, run, table, seat, token, view, since, rng, spins)
            except (
                OSError,
                websockets.ConnectionClosed,
                websockets.InvalidHandshake,
                asyncio.TimeoutError,
            ):
                await run.restarted.wait()  # the server is gone: wait for it, then reconnect
    finally:
        http.close()


async def act(
    server: Server,
    http: Connection,
    run: Run,
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
    resent = False  # the server died under this request at least once
    while True:
        run.in_flight[table, seat] = (version, move)
        start = time.perf_counter()
        try:
            status, reply = await http.request("POST", f"/api/tables/{table}/{path}", body, token)
        except Gone:  # the server died under this request: send it again to the new one
            resent = True
            await run.restarted.wait()
            http.port = _port(server.url)  # the new server listens on a port of its own
            continue
        run.in_flight.pop((table, seat), None)
        stale = status == 409 and reply["rule"] == "API-VERSION"
        if resent:
            if not any(k[:3] == (table, seat, version) for k in run.killed_in_flight):
                fate = "sent while the server was down (applied once when resent)"
            elif stale:
                fate = "in flight at the kill, committed before it (the resend refused as stale)"
            else:
                fate = "in flight at the kill, not committed (applied once when resent)"
            run.fates[fate] += 1
        if status == 200:
            run.latencies.append(time.perf_counter() - start)
            run.acked.setdefault(table, []).append((version, seat, move))
            run.moves += 1
        elif not stale:
            raise AssertionError(f"{table} seat {seat}: {status} {reply}")
        return


async def killer(server: Server, run: Run, expected: int, bots: asyncio.Future[Any]) -> None:
    """SIGKILL the server once a third of the moves are made, and restart it."""
    while run.moves < expected // 3:
        if bots.done():
            raise AssertionError(f"the run ended after {run.moves} moves, before the kill")
        await asyncio.sleep(0.01)
    run.restarted.clear()
    run.killed_in_flight = [(t, s, v, m) for (t, s), (v, m) in run.in_flight.items()]
    server.kill()
    await asyncio.to_thread(server.start)
    run.restarted.set()


async def load(
    server: Server, tables: int, kill: bool, games: tuple[str, ...] = GAMES_PLAYED
) -> dict[str, Any]:
    """Play ``tables`` tables at once on ``server``; the figures and the checks."""
    run = Run()
    setup = Connection(_port(server.url))
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
    cpu = _cpu_seconds(server.process.pid)  # type: ignore[union-attr]
    start = time.perf_counter()
    bots = asyncio.gather(
        *(
            bot(server, run, table, seat, tokens[seat], random.Random(f"{table}/{seat}"))
            for table, _, _, tokens in made
            for seat in range(PLAYERS)
        )
    )
    jobs: list[asyncio.Future[Any]] = [bots]
    if kill:  # about the moves of a whole run
        jobs.append(asyncio.ensure_future(killer(server, run, 120 * tables, bots)))
    await asyncio.wait_for(asyncio.gather(*jobs), DEADLINE)
    elapsed = time.perf_counter() - start
    figures: dict[str, Any] = {
        "tables": tables,
        "moves": run.moves,
        "seconds": round(elapsed, 2),
        "moves_per_second": round(run.moves / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(run.latencies), 2),
        "p99_ms": round(1000 * statistics.quantiles(run.latencies, n=100)[98], 2),
    }
    if not kill:  # the server's CPU per move (a killed server's time is lost with it)
        figures["server_cpu_ms_per_move"] = round(
            1000 * (_cpu_seconds(server.process.pid) - cpu) / run.moves, 3
        )  # type: ignore[union-attr]
    await check(server, run, made, figures)
    if kill:
        figures["in_flight_at_kill"] = len(run.killed_in_flight)
        figures["requests_without_a_reply_resent"] = run.fates
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
                missing = f"{table} seat {s}: the move in flight at the kill is not in the record"
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


def _served(tables: int, kill: bool, games: tuple[str, ...]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder, "tables.sqlite"))
        try:
            return asyncio.run(load(server, tables, kill, games))
        finally:
            server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--kill", action="store_true", help="SIGKILL the server mid-load")
    parser.add_argument("--example", action="store_true", help="also load the docs' example server")
    parser.add_argument("--serve-examples", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_examples:
        serve_examples(args.serve_examples)
        return 0
    figures = _served(args.tables, args.kill, GAMES_PLAYED)
    print(("fault" if args.kill else "load") + ": " + json.dumps(figures), flush=True)
    if args.example:  # the same Voyage tables on both servers
        ours = _served(args.tables, False, ("voyage",))
        print("voyage only, seaview serve: " + json.dumps(ours), flush=True)
        example = example_load(args.tables)
        print("voyage only, the docs' example: " + json.dumps(example))
        ratio = ours["moves_per_second"] / example["moves_per_second"]
        print(f"ratio (seaview serve / example), moves per second: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
