"""Dice under Cups in the shared layers of seaview_rules, installed next to it: the
command line (``seaview demo`` and ``seaview match``), the agents' adapters (which
refuse a game without an encoding), and a whole game through ``seaview serve`` over
HTTP. Each test skips itself when the extra it needs is not installed (``pip install
seaview-rules[server,rl]``)."""

from __future__ import annotations

import json
import os
import queue
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import warnings
from pathlib import Path
from typing import Any

import pytest
import seaview_cups as cups

from seaview_rules import GAMES, GameRecord

SEAVIEW = [sys.executable, "-m", "seaview_rules.cli"]


def test_seaview_demo_plays_the_game() -> None:
    shown = subprocess.run([*SEAVIEW, "demo", "cups"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert "the cups show" in shown.stdout
    assert "wins" in shown.stdout


def test_seaview_match_plays_random_bots_against_each_other() -> None:
    command = [*SEAVIEW, "match", "cups", "--bots", "random,random,random", "--games", "30"]
    shown = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "cups: 30 games" in shown.stdout


def test_the_agents_adapters_refuse_a_game_without_an_encoding() -> None:
    if GAMES["cups"].encoding is not None:
        pytest.skip("the game has an encoding: the adapters' own test suites run on it")
    pettingzoo = pytest.importorskip("seaview_rules.pettingzoo")
    openspiel = pytest.importorskip("seaview_rules.openspiel")
    with pytest.raises(ValueError, match="'cups' has no encoding"):
        pettingzoo.env("cups")
    with pytest.raises(ValueError, match="'cups' has no encoding"):
        openspiel.load_game("cups")


def test_the_agents_adapters_own_checks_pass_when_the_game_has_an_encoding() -> None:
    """PettingZoo's ``api_test`` and ``seed_test`` and OpenSpiel's ``random_sim_test``,
    as the library's own adapter suites run them on its games (not yet run on this
    game, which gives no encoding)."""
    if GAMES["cups"].encoding is None:
        pytest.skip("the game gives no encoding: the adapters refuse it (see above)")
    pettingzoo = pytest.importorskip("seaview_rules.pettingzoo")
    openspiel = pytest.importorskip("seaview_rules.openspiel")
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice on dict observations
        api_test(pettingzoo.env("cups"), num_cycles=200)
        seed_test(lambda: pettingzoo.env("cups"), num_cycles=200)
    import pyspiel

    pyspiel.random_sim_test(openspiel.load_game("cups"), num_sims=3, serialize=True, verbose=False)


class Served:
    """A ``seaview serve`` subprocess on 127.0.0.1, on a free port, and a client."""

    def __init__(self, db: Path, wait: float = 60.0) -> None:
        command = [*SEAVIEW, "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},  # its lines as it prints them
        )
        self.printed: list[str] = []
        lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, args=(lines,), daemon=True)
        self.reader.start()
        deadline = time.monotonic() + wait
        self.url = ""
        while not self.url:  # the server prints "listening on http://127.0.0.1:PORT/"
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.stop()
                raise TimeoutError(f"seaview serve did not listen within {wait} s") from None
            if not line:
                self.stop()
                raise RuntimeError(f"seaview serve stopped: {''.join(self.printed)}")
            self.printed.append(line)
            if "listening on " in line:
                self.url = line.split("listening on ")[1].strip().rstrip("/")

    def _read(self, lines: queue.Queue[str]) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            lines.put(line)
        lines.put("")  # the process ended

    def call(self, method: str, path: str, body: object = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.reader.join(10)  # the pipe ends with the process
        if self.process.stdout is not None:
            self.process.stdout.close()


def test_a_whole_game_through_seaview_serve_over_http() -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    with tempfile.TemporaryDirectory() as folder:
        server = Served(Path(folder, "tables.db"))
        try:
            games = server.call("GET", "/api/games")
            assert "cups" in json.dumps(games)
            made = server.call("POST", "/api/tables", {"game": "cups", "seats": ["open"] * 3})
            table = made["table"]
            tokens = [
                server.call("POST", f"/api/tables/{table}/seats/{seat}")["token"]
                for seat in range(3)
            ]
            rng = random.Random(7)
            for _ in range(500):
                views = [
                    server.call("GET", f"/api/tables/{table}/view", token=token)["view"]["data"]
                    for token in tokens
                ]
                seat = views[0]["to_move"]
                if seat is None:
                    break
                assert isinstance(seat, int), "a table of the game resolves chance at once"
                for other, seen in enumerate(views):  # CUP-1: only one's own die
                    assert seen["die"] is None or other == seen["seat"]
                move = rng.choice(views[seat]["legal_moves"])
                server.call("POST", f"/api/tables/{table}/moves", {"move": move}, tokens[seat])
            else:
                pytest.fail("the game did not end in 500 decisions")
            record = cups.from_dict(
                server.call("GET", f"/api/tables/{table}/record", token=made["admin_token"]),
                GameRecord,
            )
            final = cups.new_game(record.rules)
            for move in record.moves:
                final = cups.apply_move(final, move)
            assert cups.is_terminal(final)
            assert (
                cups.to_dict(cups.view(final, 0))
                == server.call("GET", f"/api/tables/{table}/view", token=tokens[0])["view"]
            )
        finally:
            server.stop()
