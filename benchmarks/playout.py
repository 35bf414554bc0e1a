"""Decisions per second of every game's ``playout``, against the per-move loop of
``bench.py`` and the peers of ``peers.py`` (OpenSpiel's ``crazy_eights``, RLCard's UNO
engine) in the same run (``nox -s playouts`` installs them).

    python benchmarks/playout.py [--games N] [--repeats R] [--players P]
                                 [--instructions [--warm-up W] [--counted C]]

Each repetition plays the same N seeded games (4 players) with each of our games'
``playout`` and with its per-move loop, and N games of each peer, interleaved so that
the machine's drift touches them alike; the figures are medians over the repetitions.
A playout returns only its final state, so its decisions are counted once, untimed, by
the per-move loop on the same seeds, which also checks that both end in the same
state. ``--instructions`` then counts instructions per decision of each ``playout`` with
valgrind's callgrind, and those of the per-move loop on the same games, as
``instructions.py`` does (W games, then W + C, the difference over the decisions of the
last C games). Leagues is left out: it has no decisions.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import _source
from bench import playout as per_move_loop
from peers import PEERS, Engine

from seaview_rules import CHANCE, GAMES, Game


def reference(game: Game[Any, Any, Any, Any], rules: Any, seed: int) -> tuple[Any, int]:
    """The final state and the decisions of a seeded game, by the per-move API."""
    rng = random.Random(seed)
    state, decisions = game.new_game(rules), 0
    while game.current_player(state) is not None:
        if game.current_player(state) is CHANCE:
            state = game.apply_move(state, game.sample_chance(state, rng))
        else:
            state = game.apply_move(state, rng.choice(game.legal_moves(state)))
            decisions += 1
    return state, decisions


def _playout(name: str) -> Any:
    return importlib.import_module(f"seaview_rules.{name}").playout


def seconds_per_decision(
    game: Game[Any, Any, Any, Any], rules: Any, seeds: range, decisions: int, fast: bool
) -> float:
    """One repetition: the seeded games by ``playout`` (``fast``) or the per-move loop."""
    new_game, play = game.new_game, _playout(game.name)
    start = time.perf_counter()
    if fast:
        for seed in seeds:
            play(new_game(rules), random.Random(seed))
    else:
        for seed in seeds:
            per_move_loop(game, rules, random.Random(seed))
    return (time.perf_counter() - start) / decisions


def peer_seconds_per_decision(engine: Engine, games: int, rng: random.Random) -> float:
    start = time.perf_counter()
    counts = [engine.playout(rng) for _ in range(games)]
    return (time.perf_counter() - start) / max(1, sum(d for d, _ in counts))


def _child(name: str, players: int, games: int, fast: bool) -> None:
    """Play seeded games with ``playout`` or the per-move loop (the process that
    callgrind counts)."""
    game = GAMES[name]
    rules = game.with_players(game.rules_type(), players)
    play = _playout(name)
    for seed in range(games):
        if fast:
            play(game.new_game(rules), random.Random(seed))
        else:
            per_move_loop(game, rules, random.Random(seed))


def instructions(name: str, players: int, warm_up: int, games: int, fast: bool) -> float:
    """Instructions per decision of ``playout`` (``fast``) or of the per-move loop,
    start-up and warm-up left out."""
    counts = []
    for total in (warm_up, warm_up + games):
        with tempfile.TemporaryDirectory() as tmp:
            run = subprocess.run(
                [
                    "valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(tmp, 'out')}",
                    sys.executable, __file__, "--child", name, str(players), str(total),
                    "fast" if fast else "loop",
                ],
                capture_output=True, text=True, check=True,
                env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict layouts every run
            )  # fmt: skip
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count in callgrind's output:\n{run.stderr}")
        counts.append(int(found.group(1)))
    game = GAMES[name]
    rules = game.with_players(game.rules_type(), players)
    decisions = sum(reference(game, rules, s)[1] for s in range(warm_up, warm_up + games))
    return (counts[1] - counts[0]) / decisions


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "fast")
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per repetition")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--instructions", action="store_true", help="also count instructions")
    parser.add_argument("--counted", type=int, default=20, help="games counted by callgrind")
    parser.add_argument("--warm-up", type=int, default=20, help="games before the count")
    args = parser.parse_args()

    ours = [g for g in GAMES.values() if g.name != "leagues"]  # leagues: no decisions
    seeds = range(args.games)
    decisions = {}
    for game in ours:
        rules = game.with_players(game.rules_type(), args.players)
        total = 0
        for seed in seeds:
            final, made = reference(game, rules, seed)
            if _playout(game.name)(game.new_game(rules), random.Random(seed)) != final:
                raise AssertionError(f"{game.name}: playout and the per-move loop differ")
            total += made
        decisions[game.name] = (rules, total)
    peers, missing = {}, {}
    for name, build in PEERS.items():
        try:
            peers[name] = build(args.players)
        except ImportError as exc:
            missing[name] = f"{type(exc).__name__}: {exc}"

    print(f"{datetime.date.today()}, {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {args.games} games x "
          f"{args.repeats} repetitions (median), {args.players} players, {_source()}")  # fmt: skip
    for name, engine in peers.items():
        print(f"  {name:12}{engine.description}")
    for name, reason in missing.items():
        print(f"  {name:12}NOT MEASURED: cannot be imported ({reason})")
    times: dict[str, list[float]] = {}
    peer_rng = random.Random(1)
    for _ in range(args.repeats):
        for game in ours:
            rules, total = decisions[game.name]
            for fast in (True, False):
                label = f"{game.name}.playout" if fast else f"{game.name} per move"
                times.setdefault(label, []).append(
                    seconds_per_decision(game, rules, seeds, total, fast)
                )
        for name, engine in peers.items():
            times.setdefault(name, []).append(
                peer_seconds_per_decision(engine, args.games, peer_rng)
            )
    median = {label: statistics.median(values) for label, values in times.items()}
    print(f"\n{'':24}{'decisions/s':>14}{'us/decision':>13}")
    for label, seconds in median.items():
        print(f"{label:24}{1 / seconds:>14,.0f}{1e6 * seconds:>13.2f}")
    print()
    for name in peers:
        for label in ("voyage.playout", "voyage per move"):
            ratio = median[name] / median[label]
            print(f"{label} / {name}: {ratio:.2f} x the decisions per second")
    if args.instructions:
        print()
        for game in ours:
            for fast in (True, False):
                count = instructions(game.name, args.players, args.warm_up, args.counted, fast)
                label = f"{game.name}.playout" if fast else f"{game.name} per move"
                print(f"{label:24}{count:>10,.0f} instructions per decision", flush=True)


if __name__ == "__main__":
    main()
