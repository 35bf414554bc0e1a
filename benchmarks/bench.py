"""Speed and memory of random playouts, for every game (run with ``nox -s bench``).

The driver loop is the one a search bot or a simulation uses: sample the chance outcome,
or pick a random legal move. "Decisions" are moves chosen by players; games whose every
move is chance (leagues) count their spins instead. Figures are medians of several
repetitions, and the repetitions of the engines are interleaved so that the machine's
drift touches them alike; this is not a test, and the machine's noise is a few per cent.

``--peers`` also measures OpenSpiel's ``crazy_eights`` and RLCard's UNO engine with the
same loop (see ``peers.py``; ``nox -s bench -- --peers`` installs them) and prints how
Voyage compares.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from seaview_rules import CHANCE, GAMES, Game

sys.path.insert(0, str(Path(__file__).parent))
from peers import PEERS, Engine  # the sibling module, found through the path


def playout(game: Game[Any, Any, Any, Any], rules: Any, rng: random.Random) -> tuple[int, int]:
    """One random game: (player decisions, chance moves)."""
    new_game, current_player, legal_moves = game.new_game, game.current_player, game.legal_moves
    apply_move, sample_chance, is_terminal = game.apply_move, game.sample_chance, game.is_terminal
    state = new_game(rules)
    decisions = chance = 0
    while not is_terminal(state):
        if current_player(state) is CHANCE:
            state = apply_move(state, sample_chance(state, rng))
            chance += 1
        else:
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])
            decisions += 1
    return decisions, chance


def history_bytes(game: Game[Any, Any, Any, Any], rules: Any, seed: int) -> float:
    """Bytes per state when every state of a game is kept (structure shared between
    successive states is counted once, as it is in memory)."""
    rng = random.Random(seed)
    state = game.new_game(rules)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    history = [state]
    while not game.is_terminal(state):
        if game.current_player(state) is CHANCE:
            state = game.apply_move(state, game.sample_chance(state, rng))
        else:
            moves = game.legal_moves(state)
            state = game.apply_move(state, moves[rng.randrange(len(moves))])
        history.append(state)
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / len(history)


def mid_game_states(game: Game[Any, Any, Any, Any], rules: Any, count: int) -> list[Any]:
    """States from random games where a player is to move (chance nodes for a game that
    has no player moves)."""
    rng = random.Random(99)
    found: dict[bool, list[Any]] = {True: [], False: []}
    for _ in range(1000):
        state = game.new_game(rules)
        while not game.is_terminal(state):
            at_chance = game.current_player(state) is CHANCE
            if rng.random() < 0.2:
                found[at_chance].append(state)
            if at_chance:
                state = game.apply_move(state, game.sample_chance(state, rng))
            else:
                moves = game.legal_moves(state)
                state = game.apply_move(state, moves[rng.randrange(len(moves))])
        if len(found[False]) >= count:
            break
    return (found[False] or found[True])[:count]


def ours(game: Game[Any, Any, Any, Any], players: int) -> Engine:
    """One of our games as a benchmark `Engine`."""
    rules = game.with_players(game.rules_type(), players)
    return Engine(
        name=game.name,
        description=f"seaview_rules {game.name}, players={game.players(rules)}"
        + ("" if playout(game, rules, random.Random(0))[0] else " (all chance: spins counted)"),
        playout=lambda rng: playout(game, rules, rng),
        mid_game_states=lambda count: mid_game_states(game, rules, count),
        legal_moves=game.legal_moves,
        history_bytes=lambda seed: history_bytes(game, rules, seed),
        memory_note="every immutable state kept (tracemalloc)",
    )


class Figures:
    """What is measured of one engine."""

    def __init__(self, engine: Engine, games: int, legal_states: int) -> None:
        self.engine = engine
        self.games = games
        self.rng = random.Random(1)
        self.counts: list[tuple[int, int]] = []
        self.states = engine.mid_game_states(legal_states)
        self.seconds_per_decision: list[float] = []
        self.seconds_per_legal_call: list[float] = []
        self.bytes_per_state: float | None = None

    def play(self) -> None:
        """One repetition of the playouts."""
        playout, rng = self.engine.playout, self.rng
        start = time.perf_counter()
        counts = [playout(rng) for _ in range(self.games)]
        elapsed = time.perf_counter() - start
        decisions = sum(d for d, _ in counts) or sum(c for _, c in counts)
        self.counts = counts
        self.seconds_per_decision.append(elapsed / max(1, decisions))

    def legal(self) -> None:
        """One repetition of the legal-move calls."""
        legal_moves, states = self.engine.legal_moves, self.states
        start = time.perf_counter()
        for state in states:
            legal_moves(state)
        elapsed = time.perf_counter() - start
        self.seconds_per_legal_call.append(elapsed / max(1, len(states)))

    def memory(self) -> None:
        """Bytes per kept state, the median over three games."""
        values = [self.engine.history_bytes(seed) for seed in range(3)]
        known = [v for v in values if v is not None]
        self.bytes_per_state = statistics.median(known) if known else None

    @property
    def decisions_per_second(self) -> float:
        return 1 / statistics.median(self.seconds_per_decision)

    @property
    def legal_calls_per_second(self) -> float:
        return 1 / statistics.median(self.seconds_per_legal_call)

    @property
    def moves_per_game(self) -> float:
        return sum(d + c for d, c in self.counts) / max(1, len(self.counts))

    @property
    def decisions_per_game(self) -> float:
        return sum(d for d, _ in self.counts) / max(1, len(self.counts))


def measure(engines: list[Engine], games: int, repeats: int) -> list[Figures]:
    """Every figure of every engine, repetitions interleaved across the engines."""
    figures = [Figures(engine, games, 2000) for engine in engines]
    for _ in range(repeats):
        for f in figures:
            f.play()
        for f in figures:
            f.legal()
    for f in figures:
        f.memory()
    return figures


def report(figures: list[Figures]) -> None:
    print(f"{'engine':12}{'decisions/s':>14}{'us/decision':>13}{'decisions/game':>16}"
          f"{'moves/game':>12}{'legal_moves/s':>15}{'B/state':>9}")  # fmt: skip
    for f in figures:
        memory = "n/a" if f.bytes_per_state is None else f"{f.bytes_per_state:.0f}"
        print(f"{f.engine.name:12}{f.decisions_per_second:>14,.0f}"
              f"{1e6 / f.decisions_per_second:>13.2f}{f.decisions_per_game:>16.1f}"
              f"{f.moves_per_game:>12.1f}{f.legal_calls_per_second:>15,.0f}{memory:>9}")  # fmt: skip


def _source() -> str:
    """The commit measured, and whether the work tree differs from it."""
    git = ["git", "-C", str(Path(__file__).parent.parent)]
    try:
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        )
        dirty = subprocess.run([*git, "status", "--porcelain", "--", "src"], capture_output=True)
    except OSError:
        return "source: unknown"
    if head.returncode:
        return "source: unknown"
    return f"source: {head.stdout.strip()}" + (
        " + uncommitted changes in src/" if dirty.stdout else ""
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per repetition")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--peers", action="store_true", help="also measure OpenSpiel and RLCard (installed)"
    )
    args = parser.parse_args()

    engines = [ours(game, args.players) for game in GAMES.values()]
    missing: dict[str, str] = {}
    if args.peers:
        for name, build in PEERS.items():
            try:
                engines.append(build(args.players))
            except ImportError as exc:
                missing[name] = f"{type(exc).__name__}: {exc}"
    print(f"{datetime.date.today()}, {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {args.games} games x "
          f"{args.repeats} repetitions (median), {args.players} players, {_source()}")  # fmt: skip
    for engine in engines:
        print(f"  {engine.name:12}{engine.description}; memory: {engine.memory_note}")
    for name, reason in missing.items():
        print(f"  {name:12}NOT MEASURED: cannot be imported ({reason})")
    print()
    figures = measure(engines, args.games, args.repeats)
    report(figures)

    by_name = {f.engine.name: f for f in figures}
    voyage = by_name["voyage"]
    print()
    for f in figures:
        if f.engine.name in PEERS:
            ratio = voyage.decisions_per_second / f.decisions_per_second
            print(f"voyage / {f.engine.name:12} decisions per second: {ratio:5.2f}"
                  f"   (Voyage takes {1 / ratio:.2f} x the time per decision)")  # fmt: skip


if __name__ == "__main__":
    main()
