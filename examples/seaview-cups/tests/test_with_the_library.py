"""Dice under Cups in the shared layers of seaview_rules, installed next to it: the
command line (``seaview demo`` and ``seaview match``), PettingZoo's and OpenSpiel's own
checks through the agents' adapters (on the game's encoding), and a whole game through
``seaview serve`` over HTTP. Each test skips itself when the extra it needs is not
installed (``pip install seaview-rules[server,rl]``)."""

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import seaview_cups as cups

from seaview_rules import GameRecord

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


DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""What PettingZoo's ``api_test`` says of any environment whose observation is a dict of
``observation`` and ``action_mask``, as its classic games' are; anything else it warns of
fails the test."""


def checked(check: Callable[[], None]) -> None:
    """Run a PettingZoo check; fail on any warning it gives but those of a dict
    observation."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    said = {str(w.message) for w in caught}
    assert said <= DICT_OBSERVATION_WARNINGS, said - DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test_and_seed_test_pass_through_the_adapter(players: int) -> None:
    """PettingZoo's own checks of an environment, on the game's encoding."""
    pettingzoo = pytest.importorskip("seaview_rules.pettingzoo")
    from pettingzoo.test import api_test, seed_test

    rules = cups.Rules(players=players)
    checked(lambda: api_test(pettingzoo.env("cups", rules=rules), num_cycles=400))
    checked(lambda: seed_test(lambda: pettingzoo.env("cups", rules=rules), num_cycles=300))
    checked(lambda: api_test(pettingzoo.env("cups", max_game_length=5), num_cycles=50))


@pytest.mark.parametrize(
    "params", [{}, {"players": 4, "target": 2}, {"players": 3, "reward": "score"}]
)
def test_openspiel_random_sim_test_passes_through_the_adapter(params: dict[str, Any]) -> None:
    """OpenSpiel's own random simulation test (serialization included), on the game
    registered by importing `seaview_rules.openspiel` under ``seaview_cups``."""
    openspiel = pytest.importorskip("seaview_rules.openspiel")
    import pyspiel

    assert openspiel.NAMES["cups"] == "seaview_cups"
    game = pyspiel.load_game("seaview_cups", params)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    game = openspiel.load_game("cups", cups.Rules(players=2, target=5))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


class Served:
    """A ``seaview serve`` subprocess on 127.0.0.1, on a free port, and a client."""

    def __init__(self, db: Path, wait: float = 60.0) -> None:
        command = [*SEAVIEW, "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]
        # One client plays every seat here: its moves a second are all three players'.
        command += ["--moves-per-second", "1000"]
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
