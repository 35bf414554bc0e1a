"""Seeded simulations of many games, on one core or on any `concurrent.futures.Executor`.

Game ``i`` of a run with seed ``s`` is always played with ``random.Random(f"{s}/{i}")``,
so a run gives the same results whatever executor and however many workers play it.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from typing import Any, Literal

from attrs import frozen

from seaview_rules._compiled import Many, kernels
from seaview_rules._game import Game
from seaview_rules._play import DEFAULT_MAX_MOVES, play

__all__ = ["Engine", "GameSummary", "SimulationReport", "many_games", "simulate"]


@frozen
class GameSummary:
    """One simulated game."""

    index: int
    winner: int | None
    """The winning seat; ``None`` if nobody won or the game is unfinished."""
    decisions: int
    """Moves chosen by players."""
    chance_moves: int
    statistics: Mapping[str, int]
    """The game's own counters (`Game.statistics`)."""
    finished: bool
    """Whether the game ended; ``False`` if the move cap cut it off."""


@frozen
class SimulationReport:
    """The games of a simulation, in index order, and figures over them."""

    game: str
    players: int
    seed: int
    games: tuple[GameSummary, ...]
    max_moves: int | None
    """The move cap each game was played with, or ``None`` for no cap."""

    def unfinished(self) -> int:
        """How many games the move cap cut off before they ended."""
        return sum(not g.finished for g in self.games)

    def wins_by_seat(self) -> tuple[int, ...]:
        """How many games each seat won."""
        wins = [0] * self.players
        for summary in self.games:
            if summary.winner is not None:
                wins[summary.winner] += 1
        return tuple(wins)

    def figures(self) -> dict[str, tuple[float, float, float]]:
        """Mean, median and 90th percentile of decisions, chance moves and every game
        counter over the finished games (and of decisions per round where the game has
        rounds); empty if no game finished.

        Unfinished games are left out: their counts stop at the cap, and would mix cut
        lengths with real ones (`unfinished` says how many there were). Decisions are
        left out when no game had any, as in leagues, where every move is a spin."""
        finished = [g for g in self.games if g.finished]
        if not finished:
            return {}
        columns: dict[str, list[float]] = {}
        if any(g.decisions for g in finished):
            columns["decisions"] = [g.decisions for g in finished]
        columns["chance moves"] = [g.chance_moves for g in finished]
        for summary in finished:
            for name, value in summary.statistics.items():
                columns.setdefault(name, []).append(value)
        if "rounds" in columns and "decisions" in columns:
            columns["decisions per round"] = [
                g.decisions / max(1, g.statistics["rounds"]) for g in finished
            ]
        return {name: _spread(values) for name, values in columns.items()}


def _spread(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, (9 * len(ordered)) // 10)]
    return statistics.fmean(ordered), statistics.median(ordered), p90


Engine = Literal["auto", "fast", "reference"]
"""How `simulate` plays: ``"fast"``, the game's compiled playout (`Game.compiled`);
``"reference"``, the reference engine with `play` and random bots; ``"auto"``, the
compiled playout where it is available (numba imports, the game has one and it covers
the rules), else the reference. Both give the same games for the same seed."""


def many_games(game: Game[Any, Any, Any, Any], rules: Any, engine: Engine) -> Many[Any] | None:
    """The compiled call that plays many games of ``game`` under ``rules``, or ``None``
    for the reference engine.

    Raises:
        ValueError: ``engine`` is ``"fast"`` and the game has no compiled playout, numba
            does not import (the ``fast`` extra) or the playout does not cover ``rules``;
            or ``engine`` is none of the three.
    """
    if engine not in ("auto", "fast", "reference"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'reference', not {engine!r}")
    if engine == "reference":
        return None
    compiled = game.compiled
    found = None if compiled is None else kernels(compiled)
    if compiled is None or found is None or not compiled.supports(rules):
        if engine == "fast":
            why = (
                "has no compiled playout" if compiled is None
                else "needs numba: pip install 'seaview-rules[fast]'" if found is None
                else "has no compiled playout for these rules"
            )  # fmt: skip
            raise ValueError(f"{game} {why}")
        return None
    return found.many


def play_games(
    game: Game[Any, Any, Any, Any],
    rules: Any,
    seed: int,
    indices: range,
    max_moves: int | None = DEFAULT_MAX_MOVES,
    engine: Engine = "auto",
) -> list[GameSummary]:
    """Play the games ``indices`` of a run between random bots, each cut off after
    ``max_moves`` moves if it has not ended, on ``engine``."""
    many = many_games(game, rules, engine)
    if many is not None:
        played = many(game.new_game(rules), [f"{seed}/{index}" for index in indices], max_moves)
        return [
            GameSummary(
                index, one.winner, one.decisions, one.chance_moves, dict(one.statistics),
                one.finished,
            )
            for index, one in zip(indices, played, strict=True)
        ]  # fmt: skip
    summaries = []
    for index in indices:
        result = play(game, rules, random.Random(f"{seed}/{index}"), max_moves=max_moves)
        summaries.append(
            GameSummary(
                index,
                None if result.outcome is None else result.outcome.winner,
                result.decisions,
                len(result.record.moves) - result.decisions,
                dict(game.statistics(result.final)),
                result.finished,
            )
        )
    return summaries


def simulate(
    game: Game[Any, Any, Any, Any],
    rules: Any,
    games: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    batch: int = 50,
    progress: Callable[[int, int], None] | None = None,
    max_moves: int | None = DEFAULT_MAX_MOVES,
    engine: Engine = "auto",
) -> SimulationReport:
    """Play ``games`` seeded games between random bots and summarise them.

    Args:
        game: the game, for example ``GAMES["voyage"]``.
        rules: its rules (they set the number of players).
        games: how many games to play.
        seed: the run's seed; game ``i`` uses ``random.Random(f"{seed}/{i}")``.
        executor: plays batches of games in parallel: a
            `~concurrent.futures.ProcessPoolExecutor`, a Dask client's
            ``get_executor()``, or any other `~concurrent.futures.Executor` (Ray needs
            a short adapter, shown in the performance guide). The report is the same
            without one.
        batch: games per task handed to the executor.
        progress: called with (games done, games) after each batch.
        max_moves: cut each game off after this many moves (chance included) if it has
            not ended (see `play`); `SimulationReport.unfinished` counts the games cut
            off. ``None``: no cap, a game that never ends never returns.
        engine: ``"auto"`` (the default), ``"fast"`` or ``"reference"`` (see `Engine`):
            the report is the same on every engine.

    Raises:
        ValueError: ``engine`` is ``"fast"`` where there is no compiled playout for the
            game and rules (see `many_games`).

    >>> from seaview_rules import GAMES, voyage
    >>> report = simulate(GAMES["voyage"], voyage.Rules(players=2), 3, seed=1)
    >>> len(report.games), sum(report.wins_by_seat()), report.unfinished()
    (3, 3, 0)
    >>> simulate(GAMES["voyage"], voyage.Rules(players=2), 3, seed=1, max_moves=50).unfinished()
    3
    """
    many_games(game, rules, engine)  # refuse a "fast" that cannot be, before any game
    batches = [range(start, min(start + batch, games)) for start in range(0, games, batch)]
    summaries: list[GameSummary] = []
    if executor is None:
        results: Any = (play_games(game, rules, seed, b, max_moves, engine) for b in batches)
    else:
        n = len(batches)
        results = executor.map(
            play_games, [game] * n, [rules] * n, [seed] * n, batches, [max_moves] * n,
            [engine] * n,
        )  # fmt: skip
    for done in results:
        summaries.extend(done)
        if progress is not None:
            progress(len(summaries), games)
    return SimulationReport(game.name, game.players(rules), seed, tuple(summaries), max_moves)
