"""Speed and memory of random playouts, for every game (run with ``nox -s bench``).

The driver loop is the one a search bot or a simulation uses: sample the chance outcome,
or pick a random legal move. "Decisions" are moves chosen by players; games whose every
move is chance (leagues) count their spins instead. Figures are medians of several
repetitions; this is not a test, and the machine's noise is a few per cent.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from seaview_rules import CHANCE, GAMES, Game


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


def timed(run: Callable[[], int], repeats: int) -> tuple[float, int]:
    """Median seconds per unit of work over ``repeats`` runs, and the units of one run."""
    per_unit = []
    units = 0
    for _ in range(repeats):
        start = time.perf_counter()
        units = run()
        per_unit.append((time.perf_counter() - start) / max(1, units))
    return statistics.median(per_unit), units


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per repetition")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()

    print(f"{'game':12}{'decisions/s':>14}{'us/decision':>13}{'moves/game':>12}"
          f"{'legal_moves/s':>15}{'B/state':>9}")  # fmt: skip
    baseline = None
    for name, game in GAMES.items():
        rules = game.with_players(game.rules_type(), args.players)
        rng = random.Random(1)
        counts: list[tuple[int, int]] = []

        def run(game: Game[Any, Any, Any, Any] = game, rules: Any = rules) -> int:
            counts.clear()
            counts.extend(playout(game, rules, rng) for _ in range(args.games))
            decisions = sum(d for d, _ in counts)
            return decisions if decisions else sum(c for _, c in counts)

        seconds, _ = timed(run, args.repeats)
        moves_per_game = sum(d + c for d, c in counts) / len(counts)
        states = mid_game_states(game, rules, 2000)

        def legal(states: list[Any] = states, game: Game[Any, Any, Any, Any] = game) -> int:
            for state in states:
                game.legal_moves(state)
            return len(states)

        legal_seconds, _ = timed(legal, args.repeats)
        memory = statistics.median(history_bytes(game, rules, seed) for seed in range(3))
        baseline = baseline or seconds
        print(f"{name:12}{1 / seconds:>14,.0f}{seconds * 1e6:>13.2f}{moves_per_game:>12.1f}"
              f"{1 / legal_seconds:>15,.0f}{memory:>9.0f}"
              f"   ({seconds / baseline:.2f} x voyage's cost per decision)")  # fmt: skip


if __name__ == "__main__":
    main()
