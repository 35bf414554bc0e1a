"""A real `seaview serve` for the tests and the server benchmarks: a subprocess on
127.0.0.1, on a free port, over an SQLite file or a PostgreSQL URL, and a small HTTP
client for it."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from seaview_rules import GAMES, GameRecord, Table

LISTENING = re.compile(r"listening on (http://127\.0\.0\.1:\d+)/")

ONE_CLIENT = (
    *("--tables-per-minute", "1000000", "--tables-per-client", "1000000"),
    *("--bot-tables-per-client", "1000000", "--live-per-client", "1000000"),
    *("--moves-per-second", "1000000", "--changes-per-second", "1000000"),
    *("--seats-per-client", "1000000", "--joins-per-minute", "1000000"),
    *("--connections-per-client", "1000000", "--changes-per-client", "1000000000"),
)
"""Options of a server whose clients all come from 127.0.0.1 and are many players (the
protocol tests, the load benchmarks): the per-client shares, tested in
tests/test_server_attacks.py, would otherwise refuse most of their tables, seats, moves
and channels."""


class Server:
    """A running ``seaview serve`` process."""

    def __init__(self, db: Path | str, *options: str, wrapper: tuple[str, ...] = ()) -> None:
        self.db = db
        self.options = options
        self.wrapper = wrapper
        """A command the server runs under (a benchmark's valgrind), if any."""
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.printed = ""
        """What the server printed, every start (after it listened, as it is read)."""
        self._reader: threading.Thread | None = None
        self.start()

    def start(self) -> None:
        """Start the server (again) on the same database, and wait until it listens.

        Raises:
            RuntimeError: it stopped before it listened.
        """
        command = [*self.wrapper, sys.executable, "-m", "seaview_rules.cli", "serve", "--port", "0"]
        command += ["--db", str(self.db), *self.options]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        for _ in range(1000):  # the server prints a line once it listens (logs before it)
            line = self.process.stdout.readline()
            self.printed += line
            found = LISTENING.search(line)
            if found or not line:
                break
        if not found:
            self.process.kill()
            raise RuntimeError(
                f"the server did not start: {self.printed}{self.process.stdout.read()}"
            )
        self.url = found.group(1)
        # Keep reading what it prints: a full pipe would block the server's next log line.
        self._reader = threading.Thread(target=self._read_output, daemon=True)
        self._reader.start()

    def _read_output(self) -> None:
        assert self.process is not None
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.printed += line

    def kill(self) -> None:
        """SIGKILL the server: no shutdown, no flush, nothing of its own."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._finish_reading()

    def _finish_reading(self) -> None:
        assert self.process is not None
        assert self.process.stdout is not None
        if self._reader is not None:
            self._reader.join(10)  # the pipe ends with the process
            self._reader = None
        if not self.process.stdout.closed:
            self.process.stdout.close()

    def stop(self) -> str:
        """Stop the server; what it printed (since its first start)."""
        assert self.process is not None
        assert self.process.stdout is not None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self._reader is None and not self.process.stdout.closed:  # it never listened
            self.printed += self.process.stdout.read()
        self._finish_reading()
        return self.printed

    def request(
        self,
        method: str,
        path: str,
        body: object = None,
        *,
        token: str | None = None,
        raw: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        source: str | None = None,
    ) -> tuple[int, Any]:
        """The status and the decoded reply (JSON, else text) of one request; from the
        loopback address ``source`` (such as 127.0.0.2: another client) if given."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        if source is not None:
            return self._request_from(source, method, path, data, token, headers or {})
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, _decode(response.read(), response.headers)
        except urllib.error.HTTPError as error:
            return error.code, _decode(error.read(), error.headers)

    def _request_from(
        self,
        source: str,
        method: str,
        path: str,
        data: bytes | None,
        token: str | None,
        headers: Mapping[str, str],
    ) -> tuple[int, Any]:
        host, port = self.address
        connection = http.client.HTTPConnection(host, port, timeout=30, source_address=(source, 0))
        sent = {"Content-Type": "application/json", **headers}
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            return response.status, _decode(response.read(), response.headers)
        finally:
            connection.close()

    @property
    def address(self) -> tuple[str, int]:
        """The host and port the server listens on."""
        host, port = self.url.removeprefix("http://").split(":")
        return host, int(port)

    def ok(self, method: str, path: str, body: object = None, **options: Any) -> Any:
        """The reply of a request that must succeed."""
        status, reply = self.request(method, path, body, **options)
        assert status in (200, 201), (status, reply)
        return reply


def stored_record(server: Server, table: str) -> GameRecord[Any, Any]:
    """The full record of ``table`` as the SQLite file of ``server`` holds it, read
    beside the running server (the admin token gives it only once the game is over): the
    oracle of a test that checks what seats were shown mid-game."""
    uri = f"file:{server.db}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
        row = db.execute("SELECT game, rules, chance FROM tables WHERE id = ?", (table,)).fetchone()
        changes = db.execute(
            "SELECT seat, move FROM changes WHERE table_id = ? ORDER BY version", (table,)
        ).fetchall()
    game = GAMES[row[0]]
    rules = game.rules_from_data(json.loads(row[1]))
    return Table.from_changes(game, rules, changes, chance=row[2]).record


def _decode(data: bytes, headers: Any) -> Any:
    if "json" in headers.get("Content-Type", ""):
        return json.loads(data)
    return data.decode()


@contextmanager
def running_server(db: Path, *options: str) -> Iterator[Server]:
    """A ``seaview serve`` over ``db`` for the length of the ``with`` block."""
    server = Server(db, *options)
    try:
        yield server
    finally:
        server.stop()


def wait_until(condition: Any, seconds: float = 30.0) -> None:
    """Poll ``condition()`` until it is true, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the condition did not become true in time")
        time.sleep(0.02)
