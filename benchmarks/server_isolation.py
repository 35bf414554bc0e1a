"""Isolation figures of ``seaview serve``: whether a client of one table is slowed down
while others load the server (a benchmark, not a timed test).

    python benchmarks/server_isolation.py

Starts a real server on 127.0.0.1 over a fresh SQLite file (with bot-only tables
allowed `LONG_TABLE` changes), creates a Voyage table of two random bots with a target
no match reaches and lets the server's bots play it until it stops at its cap of
`LONG_TABLE` changes (it prints how long that took). Then one client sends
``GET /api/games`` (the cheapest route: a small, fresh JSON reply) back to back for
`PHASE_SECONDS` seconds in each of three phases:

- ``idle``: nothing else runs;
- ``readers``: `READERS` clients (in a process of their own, so that their work does not
  delay the measuring client's) each read the long table's whole log
  (``GET .../events?since=S&limit=10000``, page after page by the reply's ``next``) and
  whole record (``GET .../record?limit=10000``, page after page by the ``Link`` header),
  again and again: pages of several MB, each built on the server's page threads;
- ``bot_table``: a new bot-only table (the same as the long one) is created at the start
  of the phase and played by the server's bots as fast as they go.

It prints one JSON line per phase: the number of requests and their p50, p99 and
largest time in ms, the server's CPU seconds during the phase, what loaded it (pages
and MB read, changes the bots made), and for a loaded phase its p99 over the idle p99;
then a last line with the bound and the verdict. It exits 1 if the p99 of a loaded phase
is `P99_BOUND_MS` or more, or if a phase did not load the server at all.

    python benchmarks/server_isolation.py --lobby

measures the lobby at scale instead, on a server of its own: `LOBBY_TABLES` tables are
created (each with its seats open, so every one is in the lobby), then the same client
sends ``GET /api/games`` back to back while nothing else runs (``lobby_idle``) and while
`POLLERS` clients (in a process of their own) read the lobby back to back, every page of
it by its ``next`` cursor, again and again (``lobby_pollers``). It exits 1 if the p99 of
the polled phase is `LOBBY_BOUND_MS` or more, or if the pollers read nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from benchmarks.server_load import Connection, _cpu_seconds  # noqa: E402
from tests.serving import ONE_CLIENT, Server  # noqa: E402

LONG_TABLE = 200_000
"""The changes of the long table the readers read (the cap of a bot-only table here)."""
BOT_TABLE = {
    "game": "voyage",
    "seats": ["bot:random", "bot:random"],
    "rules": {"target": 1_000_000_000},
}
"""A table the server's bots play alone, with a target no match reaches: it grows until
its cap."""
READERS = 4
PAGE = 10_000
"""The ``limit`` of the readers' pages (the most the server gives)."""
PHASE_SECONDS = 10.0
"""How long the measuring client sends ``GET /api/games`` in each phase."""
BUILD_SECONDS = 300.0
"""The long table must reach `LONG_TABLE` changes within this (a bounded wait)."""
NEAR_THE_CAP = 100
"""The long table is taken as at its cap this many changes under it (a refused move
would have brought a deal of fewer along)."""
STALL_SECONDS = 15.0
"""The long table is taken as stopped short if its version stays put this long."""
REQUEST_SECONDS = 30.0
"""A single request that takes longer fails the run."""
P99_BOUND_MS = 150.0
"""The p99 of ``GET /api/games`` in a loaded phase must be below this: a pause a client
notices, not a figure of the idle server (whose p99 is about 1 ms). On a 2-core machine
the load generator and the server share the CPU, and in the server the threads that
build pages share the GIL with the event loop: while a page is built, every socket call
of the loop waits for the GIL (up to the 5 ms switch interval each). A full garbage
collection of a process holding a 200,000-change table (a million objects) takes about
300 ms and stops every thread: with Python's collector thresholds, reading the table a
page at a time set one off every few pages, and the readers' p99 was 287 to 315 ms; the
server's thresholds (`seaview_rules.server.COLLECTOR_THRESHOLDS`) make them rare."""
CHILD_SECONDS = 120.0
"""The readers' process ends after this even if nobody tells it to (a bounded loop)."""
LOBBY_TABLES = 10_000
"""The tables of the lobby phase (the default `Limits.max_tables`)."""
POLLERS = 4
LOBBY_BOUND_MS = 20.0
"""The p99 of ``GET /api/games`` while `POLLERS` read the lobby of `LOBBY_TABLES`
tables must be below this. Before the lobby was paged and written once per version,
every poll wrote 2.3 MB of JSON on the event loop, and the p99 was 393 ms."""
CREATORS = 4
"""Connections that create the lobby's tables at once."""


class PagedConnection(Connection):
    """A `Connection` whose pages are read undecoded (`Connection.raw`): the readers
    skip decoding pages of several MB, so that they cost the CPU the server shares with
    them as little as they can."""

    async def get(self, path: str) -> tuple[int, dict[str, str], bytes]:
        """The status, headers (names in lower case) and body of ``GET path``.

        Raises:
            Gone: the server closed or refused the connection.
        """
        return await self.raw("GET", path)


EVENTS_NEXT = re.compile(rb'"next":(\d+|null)\}\s*$')
"""The end of a page of the log: ``{"version", "events", "next"}``, ``next`` last."""
LINK_NEXT = re.compile(r'<([^>]+)>;\s*rel="next"')


class Reading:
    """What the readers read."""

    def __init__(self) -> None:
        self.pages = {"events": 0, "record": 0}
        self.bytes = 0
        self.page_times: list[float] = []
        """The time of each page, from its request to its last byte."""


async def read_whole(
    http: PagedConnection, table: str, kind: str, reading: Reading, first: asyncio.Event
) -> None:
    """Read ``table``'s whole log (``kind`` ``events``) or record (``record``), a page at
    a time; ``first`` is set once a page came."""
    path: str | None = f"/api/tables/{table}/{kind}?since=0&limit={PAGE}"
    for _ in range(2 * (LONG_TABLE // PAGE) + 10):  # the record has fewer moves than changes
        if path is None:
            return
        start = time.perf_counter()
        status, headers, body = await http.get(path)
        reading.page_times.append(time.perf_counter() - start)
        assert status == 200, (status, body[:200])
        reading.pages[kind] += 1
        reading.bytes += len(body)
        first.set()
        if kind == "events":  # the reply says where the next page starts
            found = EVENTS_NEXT.search(body[-64:])
            assert found is not None, body[-200:]
            more = found.group(1)
            path = (
                None
                if more == b"null"
                else f"/api/tables/{table}/{kind}?since={int(more)}&limit={PAGE}"
            )
        else:  # the Link header does
            link = LINK_NEXT.search(headers.get("link", ""))
            path = link.group(1) if link else None
    raise AssertionError(f"the {kind} of {table} did not end")


async def reader(port: int, table: str, index: int, reading: Reading, first: asyncio.Event) -> None:
    """Read ``table``'s whole log, then its whole record, again and again, until
    cancelled (reader ``index`` odd: the record first, so that both are read from the
    start of the phase)."""
    http = PagedConnection(port)
    kinds = ("events", "record") if index % 2 == 0 else ("record", "events")
    try:
        for turn in range(1_000_000):  # until cancelled: far more than a phase takes
            await read_whole(http, table, kinds[turn % 2], reading, first)
    finally:
        http.close()


async def read_until_told(port: int, table: str, readers: int) -> dict[str, Any]:
    """The readers' process: ``readers`` readers of ``table``; prints ``ready`` once each
    has had a page, and stops when its standard input closes (or after
    `CHILD_SECONDS`)."""
    reading = Reading()
    firsts = [asyncio.Event() for _ in range(readers)]
    tasks = [
        asyncio.ensure_future(reader(port, table, index, reading, first))
        for index, first in enumerate(firsts)
    ]
    told = asyncio.ensure_future(asyncio.to_thread(sys.stdin.readline))
    try:
        waiting = asyncio.gather(*(f.wait() for f in firsts))
        first_pages: list[asyncio.Future[Any]] = [waiting, *tasks]
        done, _ = await asyncio.wait(
            first_pages, timeout=REQUEST_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        if waiting not in done:
            waiting.cancel()
            for task in done:
                task.result()  # a reader failed: its error
            raise AssertionError("the readers had no page in time")
        print("ready", flush=True)
        start = time.perf_counter()
        events, records = reading.pages["events"], reading.pages["record"]
        size, times = reading.bytes, len(reading.page_times)
        ending: list[asyncio.Future[Any]] = [told, *tasks]
        done, _ = await asyncio.wait(
            ending, timeout=CHILD_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        for task in done:
            if task is not told:
                task.result()  # a reader failed: its error
        elapsed = time.perf_counter() - start
        pages = reading.page_times[times:]
        return {
            "readers": readers,
            "log_pages_read": reading.pages["events"] - events,
            "record_pages_read": reading.pages["record"] - records,
            "mb_read": round((reading.bytes - size) / 1e6, 1),
            "mb_per_second": round((reading.bytes - size) / 1e6 / elapsed, 1),
            "page_p50_ms": round(1000 * statistics.median(pages), 1) if pages else None,
        }
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def probe(port: int, seconds: float) -> list[float]:
    """The times of ``GET /api/games`` sent back to back for ``seconds`` seconds."""
    http = Connection(port)
    times: list[float] = []
    end = time.perf_counter() + seconds
    try:
        for _ in range(10_000_000):  # far more than fit in the time
            start = time.perf_counter()
            if start >= end:
                break
            status, reply = await asyncio.wait_for(
                http.request("GET", "/api/games"), REQUEST_SECONDS
            )
            times.append(time.perf_counter() - start)
            assert status == 200, (status, reply)
            assert reply["games"], reply
    finally:
        http.close()
    return times


def figures(name: str, times: list[float], cpu: float) -> dict[str, Any]:
    return {
        "phase": name,
        "requests": len(times),
        "p50_ms": round(1000 * statistics.median(times), 2),
        "p99_ms": round(1000 * statistics.quantiles(times, n=100)[98], 2),
        "max_ms": round(1000 * max(times), 2),
        "server_cpu_seconds": round(cpu, 2),
    }


async def version(http: Connection, table: str) -> dict[str, Any]:
    status, entry = await asyncio.wait_for(
        http.request("GET", f"/api/tables/{table}"), REQUEST_SECONDS
    )
    assert status == 200, (status, entry)
    return dict(entry)


async def long_table(server: Server, http: Connection) -> str:
    """A bot-only table played to its cap of `LONG_TABLE` changes; its id.

    Raises:
        AssertionError: it stopped short, or did not get there in `BUILD_SECONDS`.
    """
    start = time.perf_counter()
    status, made = await http.request("POST", "/api/tables", BOT_TABLE)
    assert status == 201, (status, made)
    table: str = made["table"]
    last, since = -1, time.perf_counter()
    for _ in range(int(BUILD_SECONDS / 0.25)):
        entry = await version(http, table)
        now = time.perf_counter()
        if entry["version"] >= LONG_TABLE - NEAR_THE_CAP:
            break
        if entry["version"] != last:
            last, since = entry["version"], now
        elif now - since > STALL_SECONDS:
            raise AssertionError(
                f"the long table stopped at {entry} ({now - start:.1f} s); the server said:\n"
                + server.printed[-3000:]
            )
        await asyncio.sleep(0.25)
    else:
        raise AssertionError(f"the long table is at {last} changes after {BUILD_SECONDS} s")
    elapsed = time.perf_counter() - start
    # It stops at its cap, or just under it: a move that would bring a deal past the cap
    # is refused.
    await asyncio.sleep(0.5)
    entry = await version(http, table)
    await asyncio.sleep(0.5)
    assert (await version(http, table))["version"] == entry["version"], "it still grows"
    line = {
        "long_table": {
            "changes": entry["version"],
            "seconds": round(elapsed, 1),
            "changes_per_second": round(entry["version"] / elapsed),
        }
    }
    print(json.dumps(line), flush=True)
    return table


async def measure(server: Server) -> list[str]:
    """Every phase, printed as it ends; the failed checks."""
    port = int(server.url.rsplit(":", 1)[1])
    pid = server.process.pid  # type: ignore[union-attr]
    http = Connection(port)
    failures: list[str] = []
    try:
        table = await long_table(server, http)

        cpu = _cpu_seconds(pid)
        idle = figures("idle", await probe(port, PHASE_SECONDS), _cpu_seconds(pid) - cpu)
        print(json.dumps(idle), flush=True)

        readers = subprocess.Popen(
            [sys.executable, __file__, "--read", str(port), table, str(READERS)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert readers.stdout is not None
            ready = await asyncio.wait_for(
                asyncio.to_thread(readers.stdout.readline), REQUEST_SECONDS + 5
            )
            assert ready == "ready\n", f"the readers did not start: {ready!r}"
            cpu = _cpu_seconds(pid)
            times = await probe(port, PHASE_SECONDS)
            cpu = _cpu_seconds(pid) - cpu
            out, _ = await asyncio.to_thread(readers.communicate, "", REQUEST_SECONDS)
        finally:
            if readers.poll() is None:
                readers.kill()
                readers.wait()
        assert readers.returncode == 0, f"the readers failed ({readers.returncode})"
        loaded = {**figures("readers", times, cpu), **json.loads(out)}
        report(loaded, idle, failures)
        if loaded["log_pages_read"] == 0 or loaded["record_pages_read"] == 0:
            failures.append("readers: the log or the record was not read during the phase")

        cpu = _cpu_seconds(pid)
        status, made = await http.request("POST", "/api/tables", BOT_TABLE)
        assert status == 201, (status, made)
        times = await probe(port, PHASE_SECONDS)
        cpu = _cpu_seconds(pid) - cpu
        changes = (await version(http, made["table"]))["version"]
        loaded = {
            **figures("bot_table", times, cpu),
            "bot_changes": changes,
            "bot_changes_per_second": round(changes / PHASE_SECONDS),
        }
        report(loaded, idle, failures)
        if changes < 1000:
            failures.append(f"bot_table: the bots made only {changes} changes")
    finally:
        http.close()
    return failures


async def poll_until_told(port: int, pollers: int) -> dict[str, Any]:
    """The pollers' process: ``pollers`` clients that read every page of the lobby, by
    its ``next`` cursor, back to back; prints ``ready`` once each has read a page, and
    stops when its standard input closes (or after `CHILD_SECONDS`)."""
    pages = [0] * pollers
    firsts = [asyncio.Event() for _ in range(pollers)]

    async def poller(index: int) -> None:
        http = PagedConnection(port)
        cursor: str | None = None
        try:
            for _ in range(100_000_000):  # until cancelled
                path = "/api/tables" + (f"?cursor={cursor}" if cursor else "")
                status, _, body = await asyncio.wait_for(http.get(path), REQUEST_SECONDS)
                assert status == 200, (status, body[:200])
                pages[index] += 1
                firsts[index].set()
                found = LOBBY_NEXT.search(body[-120:])
                assert found is not None, body[-200:]
                cursor = None if found.group(1) == b"null" else found.group(2).decode()
        finally:
            http.close()

    tasks = [asyncio.ensure_future(poller(index)) for index in range(pollers)]
    try:
        await asyncio.wait_for(asyncio.gather(*(f.wait() for f in firsts)), REQUEST_SECONDS)
        print("ready", flush=True)
        start, before = time.perf_counter(), sum(pages)
        told = asyncio.ensure_future(asyncio.to_thread(sys.stdin.readline))
        done, _ = await asyncio.wait(
            [told, *tasks], timeout=CHILD_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        for task in done:
            if task is not told:
                task.result()  # a poller failed: its error
        read = sum(pages) - before
        found = {
            "pollers": pollers,
            "lobby_pages_read": read,
            "lobby_pages_per_second": round(read / (time.perf_counter() - start)),
        }
        # Said before the pollers are stopped: the parent reads this line and does not
        # wait on how long stopping them takes.
        print(json.dumps(found), flush=True)
        return found
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


LOBBY_NEXT = re.compile(rb'"next":(null|"([^"]+)")\}\s*$')
"""The end of a page of the lobby: ``{"tables", "next"}``, ``next`` last."""


async def lobby(server: Server) -> list[str]:
    """The lobby phases, printed as they end; the failed checks."""
    port = int(server.url.rsplit(":", 1)[1])
    pid = server.process.pid  # type: ignore[union-attr]
    failures: list[str] = []
    start = time.perf_counter()

    async def create(count: int) -> None:
        http = Connection(port)
        try:
            for _ in range(count):
                body = {"game": "voyage", "seats": ["open", "open"]}
                status, made = await http.request("POST", "/api/tables", body)
                assert status == 201, (status, made)
        finally:
            http.close()

    await asyncio.gather(*(create(LOBBY_TABLES // CREATORS) for _ in range(CREATORS)))
    made = {"lobby_tables": LOBBY_TABLES, "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps(made), flush=True)
    cpu = _cpu_seconds(pid)
    idle = figures("lobby_idle", await probe(port, PHASE_SECONDS), _cpu_seconds(pid) - cpu)
    print(json.dumps(idle), flush=True)
    pollers = subprocess.Popen(
        [sys.executable, __file__, "--poll", str(port), str(POLLERS)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert pollers.stdout is not None
        ready = await asyncio.wait_for(
            asyncio.to_thread(pollers.stdout.readline), REQUEST_SECONDS + 5
        )
        assert ready == "ready\n", f"the pollers did not start: {ready!r}"
        cpu = _cpu_seconds(pid)
        times = await probe(port, PHASE_SECONDS)
        cpu = _cpu_seconds(pid) - cpu
        assert pollers.stdin is not None
        pollers.stdin.close()  # the pollers stop and say what they read
        out = await asyncio.wait_for(asyncio.to_thread(pollers.stdout.readline), REQUEST_SECONDS)
    finally:
        # A poller process that outlives its answer by seconds is stopped: its figures
        # are in, and the server's p99 was measured before.
        try:
            await asyncio.to_thread(pollers.wait, 10)
        except subprocess.TimeoutExpired:
            pollers.kill()
            pollers.wait()
    assert out, f"the pollers failed ({pollers.returncode})"
    loaded = {**figures("lobby_pollers", times, cpu), **json.loads(out)}
    loaded["p99_over_idle"] = round(loaded["p99_ms"] / idle["p99_ms"], 1)
    print(json.dumps(loaded), flush=True)
    if loaded["p99_ms"] >= LOBBY_BOUND_MS:
        failures.append(f"lobby_pollers: p99 {loaded['p99_ms']} ms >= {LOBBY_BOUND_MS} ms")
    if loaded["lobby_pages_read"] == 0:
        failures.append("lobby_pollers: the pollers read no page during the phase")
    return failures


def report(loaded: dict[str, Any], idle: dict[str, Any], failures: list[str]) -> None:
    """Print a loaded phase's figures, and check its p99."""
    loaded["p99_over_idle"] = round(loaded["p99_ms"] / idle["p99_ms"], 1)
    print(json.dumps(loaded), flush=True)
    if loaded["p99_ms"] >= P99_BOUND_MS:
        failures.append(f"{loaded['phase']}: p99 {loaded['p99_ms']} ms >= {P99_BOUND_MS} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--lobby", action="store_true", help=f"the lobby of {LOBBY_TABLES} tables, polled"
    )
    parser.add_argument(
        "--read", nargs=3, metavar=("PORT", "TABLE", "READERS"), help=argparse.SUPPRESS
    )
    parser.add_argument("--poll", nargs=2, metavar=("PORT", "POLLERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.read:
        port, table, readers = args.read
        print(json.dumps(asyncio.run(read_until_told(int(port), table, int(readers)))))
        return 0
    if args.poll:
        port, pollers = args.poll
        asyncio.run(poll_until_told(int(port), int(pollers)))
        return 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        options = (
            *ONE_CLIENT,
            *("--bot-table-max-changes", str(LONG_TABLE), "--max-tables", str(2 * LOBBY_TABLES)),
        )
        server = Server(Path(folder, "tables.sqlite"), *options)
        try:
            failures = asyncio.run(lobby(server) if args.lobby else measure(server))
        finally:
            with contextlib.suppress(Exception):
                server.stop()
    verdict = {
        "p99_bound_ms": LOBBY_BOUND_MS if args.lobby else P99_BOUND_MS,
        "ok": not failures,
        "failures": failures,
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(verdict), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
