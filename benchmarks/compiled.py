"""The compiled playouts (the ``fast`` extra), measured in one run (``nox -s bench``).

1. Decisions per second on one core, each game's compiled playout beside its reference
   engine (the loop of ``bench.py`` on the per-move API: ``sample_chance`` or a random
   legal move, then ``apply_move``) and, when they are installed, OpenSpiel's
   ``crazy_eights`` and RLCard's UNO with the same loop (``peers.py``). The compiled
   playout plays many games from the start in one call, each seeded as ``seaview
   simulate`` seeds it (``random.Random(f"{seed}/{i}")``), the seeding counted. A game
   whose every move is chance's (leagues) counts its spins.
2. ``simulate`` on two processes against one (the compiled engine, wall time).
3. IS-MCTS iterations per second, with the extra and without it (a process where numba
   does not import), and its strength at equal thinking time: with the extra the bot
   makes ``r`` times the iterations in the same time, and since the compiled playout is
   the reference bit for bit, a bot of ``r x I`` iterations plays exactly as the bot
   with the extra given the time of ``I`` iterations without it. Each plays ``--rounds``
   one-round matches against three random bots (``strength.py``'s rules), and the share
   of rounds won is printed with its 95 % interval.
4. The time to compile each game's kernels on first use, and to load them from numba's
   cache.

Not a test: the figures move with the load of the machine (each is a median of
repetitions, interleaved across the engines).

    python benchmarks/compiled.py [--games N] [--repeats R] [--players P] [--rounds N]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench import _source, ours
from peers import PEERS, Engine
from strength import ONE_ROUND

from seaview_rules import GAMES, Game, simulate
from seaview_rules._compiled import kernels
from seaview_rules.bots import match

HERE = Path(__file__).parent


def compiled_engine(game: Game[Any, Any, Any, Any], players: int, games: int) -> Engine:
    """The game's compiled playout as a benchmark `Engine`: each call plays ``games``
    games from the start and gives their decisions (spins, for leagues) and chance
    moves."""
    assert game.compiled is not None
    found = kernels(game.compiled)
    if found is None:
        raise ImportError("numba does not import: pip install 'seaview-rules[fast]'")
    rules = game.with_players(game.rules_type(), players)
    start = game.new_game(rules)
    many = found.many
    calls = iter(range(10**9))

    def playout(rng: random.Random) -> tuple[int, int]:
        call = next(calls)
        played = many(start, [f"{call}/{i}" for i in range(games)], None)
        return sum(p.decisions for p in played), sum(p.chance_moves for p in played)

    many(start, ["warm-up"], None)  # compiled, or read from the cache, before the clock
    return Engine(
        name=f"{game.name}-fast",
        description=f"seaview_rules {game.name} compiled playout, {games} games a call",
        playout=playout,
        mid_game_states=lambda count: [],
        legal_moves=lambda state: (),
        history_bytes=lambda seed: None,
        memory_note="-",
    )


def rate(engine: Engine, calls: int, rng: random.Random) -> float:
    """The seconds per decision (or, with none, per chance move) of ``calls`` calls."""
    start = time.perf_counter()
    counts = [engine.playout(rng) for _ in range(calls)]
    elapsed = time.perf_counter() - start
    return elapsed / (sum(d for d, _ in counts) or sum(c for _, c in counts))


def decisions_per_second(players: int, games: int, repeats: int) -> dict[str, float]:
    """Part 1: every engine's rate, printed."""
    engines: list[tuple[Engine, int]] = []
    for game in GAMES.values():
        if game.compiled is not None:
            engines.append((compiled_engine(game, players, games), 1))
        engines.append((ours(game, players), max(1, games // 20)))
    for name, build in PEERS.items():
        try:
            engines.append((build(players), max(1, games // 20)))
        except ImportError as exc:
            print(f"  {name:18}not measured: {type(exc).__name__}: {exc}")
    # The repetitions interleaved across the engines, so that a slow spell of a shared
    # machine touches them all; each engine's median.
    rng = random.Random(1)
    seconds: dict[str, list[float]] = {engine.name: [] for engine, _ in engines}
    for _ in range(repeats):
        for engine, calls in engines:
            seconds[engine.name].append(rate(engine, calls, rng))
    rates = {}
    print(f"{'engine':18}{'decisions/s':>14}{'ns/decision':>13}   what")
    for engine, _ in engines:
        per_second = 1 / statistics.median(seconds[engine.name])
        rates[engine.name] = per_second
        print(
            f"{engine.name:18}{per_second:>14,.0f}{1e9 / per_second:>13,.0f}   {engine.description}"
        )
    print()
    for name in [e.name for e, _ in engines if e.name.endswith("-fast")]:
        reference = rates[name.removesuffix("-fast")]
        line = f"{name:18}{rates[name] / reference:8.1f} x its reference engine"
        for peer in PEERS:
            if peer in rates:
                line += f", {rates[name] / rates[peer]:6.1f} x {peer}"
        print(line)
    return rates


def jobs(players: int, games: int) -> None:
    """Part 2: ``simulate`` on the compiled engine, two processes against one."""
    print()
    for game in GAMES.values():
        if game.compiled is None:
            continue
        rules = game.with_players(game.rules_type(), players)
        simulate(game, rules, 50, engine="fast")  # warm
        times = []
        for workers in (1, 2):
            start = time.perf_counter()
            if workers == 1:
                one = simulate(game, rules, games, seed=3, batch=games // 40, engine="fast")
            else:
                with ProcessPoolExecutor(workers) as pool:
                    two = simulate(
                        game, rules, games, seed=3, batch=games // 40, executor=pool, engine="fast"
                    )
            times.append(time.perf_counter() - start)
        assert one == two
        print(f"simulate {game.name:12} {games:,} games: --jobs 1 {times[0]:.2f} s, "
              f"--jobs 2 {times[1]:.2f} s: {times[0] / times[1]:.2f} x")  # fmt: skip


_ISMCTS = """
import json, random, sys, time
if sys.argv[1] == "without":
    sys.modules["numba"] = None  # as if the fast extra were not installed
from seaview_rules import CHANCE, GAMES
from seaview_rules.bots import ISMCTSBot
game = GAMES[sys.argv[2]]
rules = game.with_players(game.rules_type(), int(sys.argv[3]))
rng, state, views = random.Random(5), game.new_game(rules), []
while len(views) < int(sys.argv[4]) and not game.is_terminal(state):
    seat = game.current_player(state)
    if seat is CHANCE:
        state = game.apply_move(state, game.sample_chance(state, rng))
        continue
    if len(game.legal_moves(state)) > 1:
        views.append(game.view(state, seat))
    state = game.apply_move(state, rng.choice(game.legal_moves(state)))
bot = ISMCTSBot(seed=1, iterations=int(sys.argv[5]))
bot.choose(views[0], views[0].legal_moves, rng)  # the kernels loaded before the clock
start = time.process_time()
chosen = [str(bot.choose(v, v.legal_moves, rng)) for v in views]
print(json.dumps([len(views) * int(sys.argv[5]) / (time.process_time() - start), chosen]))
"""


def ismcts(players: int, rounds: int) -> None:
    """Part 3: IS-MCTS iterations per second, with the compiled playout and without, and
    its strength at equal thinking time."""
    print()
    for game in GAMES.values():
        if game.compiled is None or game.search is None:
            continue
        found = {}
        for how in ("with", "without"):
            run = subprocess.run(
                [sys.executable, "-c", _ISMCTS, how, game.name, str(players), "20", "100"],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            found[how] = json.loads(run.stdout)
        (fast, moves), (slow, again) = found["with"], found["without"]
        same = "the same moves" if moves == again else "DIFFERENT MOVES"
        print(f"ismcts {game.name:12} {fast:8,.0f} iterations/s with the extra, {slow:8,.0f} "
              f"without: {fast / slow:.1f} x ({same} for the same seed)")  # fmt: skip
        if rounds and game.name in ONE_ROUND:
            strength(game, fast / slow, rounds)


def strength(game: Game[Any, Any, Any, Any], ratio: float, rounds: int) -> None:
    """The share of one-round matches the search bot wins against three random bots,
    with the iterations it makes in a given time without the extra and with it."""
    assert game.search is not None
    alone = game.search.iterations
    with ProcessPoolExecutor(2) as pool:
        for label, iterations in (("without", alone), ("with", round(alone * ratio))):
            report = match(
                game, ["ismcts", "random", "random", "random"], rounds,
                rules=ONE_ROUND[game.name], iterations=iterations, executor=pool, batch=5,
            )  # fmt: skip
            seat = report.seats[0]
            low, high = seat.round_interval()
            print(f"  at equal time, {label + ' the extra':18} ({iterations:4} iterations): "
                  f"{seat.rounds_won}/{seat.rounds} rounds won, "
                  f"{100 * seat.rounds_won / seat.rounds:.1f} % [{100 * low:.1f}, {100 * high:.1f}]",
                  flush=True)  # fmt: skip


_COMPILE = """
import sys, time
start = time.perf_counter()
from seaview_rules import GAMES
from seaview_rules._compiled import kernels
game = GAMES[sys.argv[1]]
loading = time.perf_counter()
kernels(game.compiled).many(game.new_game(game.rules_type()), ["0"], 20)
end = time.perf_counter()
print(end - start, end - loading)
"""


def compile_times() -> None:
    """Part 4: each game's kernels compiled on first use, then read from the cache."""
    print()
    for game in GAMES.values():
        if game.compiled is None:
            continue
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "NUMBA_CACHE_DIR": cache}
            command = [sys.executable, "-c", _COMPILE, game.name]
            (first, _), (cached, kernels_alone) = (
                map(
                    float,
                    subprocess.run(
                        command, capture_output=True, text=True, check=True, env=env
                    ).stdout.split(),
                )
                for _ in range(2)
            )
        print(f"compile {game.name:12} first use {first:5.1f} s, from the cache {cached:4.1f} s "
              f"(a new process: import included; numba's import and the kernels read from the "
              f"cache alone {kernels_alone:4.2f} s)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games a compiled call plays")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--simulate", type=int, default=40_000, help="games of part 2")
    parser.add_argument("--rounds", type=int, default=200, help="one-round matches of part 3")
    args = parser.parse_args()
    print(f"{datetime.date.today()}, {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"{args.players} players, {_source()}\n")  # fmt: skip
    decisions_per_second(args.players, args.games, args.repeats)
    jobs(args.players, args.simulate)
    ismcts(args.players, args.rounds)
    compile_times()


if __name__ == "__main__":
    main()
