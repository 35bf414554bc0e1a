"""Seeded tournaments between bots, with win rates and their confidence intervals."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from attrs import field, frozen

from seaview_rules._game import Game
from seaview_rules._play import DEFAULT_MAX_MOVES, Bot, RandomBot, play
from seaview_rules._registry import GAMES
from seaview_rules.bots._ismcts import ISMCTSBot

__all__ = ["BOTS", "MatchReport", "Seat", "make_bot", "match", "wilson_interval"]

BOTS = ("random", "heuristic", "ismcts")
"""The bot names `make_bot` knows."""


def make_bot(
    name: str,
    game: Game[Any, Any, Any, Any] | str,
    *,
    seed: int = 0,
    iterations: int | None = None,
) -> Bot[Any, Any]:
    """A new bot by name: ``"random"`` (`RandomBot`), ``"heuristic"`` (the game's
    `~seaview_rules.Game.heuristic_bot`) or ``"ismcts"`` (`ISMCTSBot` with this seed and
    iterations, by default those of the game's `~seaview_rules.Game.search`), for
    ``game``, a `~seaview_rules.Game` or the name of one in `seaview_rules.GAMES`.

    >>> from seaview_rules import GAMES
    >>> type(make_bot("heuristic", "voyage")).__name__, type(make_bot("random", GAMES["voyage"])).__name__
    ('VoyageHeuristicBot', 'RandomBot')

    Raises:
        ValueError: an unknown name, or ``"heuristic"`` for a game that has none
            (leagues, where no seat ever chooses).
        KeyError: ``game`` names no game of `seaview_rules.GAMES`.
    """
    if name == "random":
        return RandomBot()
    if name == "ismcts":
        return ISMCTSBot(seed=seed, iterations=iterations)
    if name == "heuristic":
        heuristic = _game(game).heuristic_bot
        if heuristic is None:
            raise ValueError(f"{game} has no heuristic bot")
        return heuristic()
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")


def _game(game: Game[Any, Any, Any, Any] | str) -> Game[Any, Any, Any, Any]:
    """The game itself, or the one `seaview_rules.GAMES` names."""
    return GAMES[game] if isinstance(game, str) else game


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate, 95 % by default; ``(0, 1)`` for no
    games.

    >>> [round(x, 3) for x in wilson_interval(30, 100)]
    [0.219, 0.396]
    """
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


@frozen
class Seat:
    """What one entry of the line-up did over a tournament."""

    bot: str
    """The bot's name, as given."""
    games: int
    wins: int
    """Games (matches) won."""
    rounds: int
    """Rounds (Voyage) or hands (Ship's Wheel), the game's `~seaview_rules.Game.periods`,
    played while this entry sat at the table; 0 in a game without them (leagues)."""
    rounds_won: int
    decisions: int
    """Moves this entry chose."""
    forced: int
    """Of those, the ones with a single legal move."""
    score: int
    """The sum of this entry's final scores (`seaview_rules.Outcome.scores`) over the
    finished games."""
    finished: int
    """The games that finished (the move cap cut none of them short)."""
    seconds: float = field(eq=False)
    """Processor time spent choosing, over all decisions, which the load of a shared
    machine changes less than the time on the clock (reports that differ only in it
    are equal)."""

    @property
    def mean_score(self) -> float | None:
        """The mean final score of this entry over the finished games (``None`` if
        none finished): what a game of chips won and lost is played for, beside wins."""
        return self.score / self.finished if self.finished else None

    def win_interval(self) -> tuple[float, float]:
        """The 95 % interval of the share of games won."""
        return wilson_interval(self.wins, self.games)

    def round_interval(self) -> tuple[float, float]:
        """The 95 % interval of the share of rounds (hands) won."""
        return wilson_interval(self.rounds_won, self.rounds)


@frozen
class MatchReport:
    """A tournament: one `Seat` per entry of the line-up, in its order."""

    game: str
    """The game's name in `seaview_rules.GAMES`."""
    seed: int
    games: int
    unfinished: int
    """Games the move cap cut off (won by nobody)."""
    seats: tuple[Seat, ...]

    def table(self) -> str:
        """The win rates as a text table, with 95 % intervals, and the mean final
        scores; a bot that the line-up
        names more than once is labelled with its entry's number, from 1. A game without
        rounds or hands (`~seaview_rules.Game.periods`, as in leagues) has no columns for
        them.

        >>> from seaview_rules import GAMES
        >>> report = match(GAMES["voyage"], ["heuristic", "random"], 10, seed=1)
        >>> print(report.table())  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
        bot  games won  95 % interval  rounds won  95 % interval  mean score  s/decision  one move
        heuristic  4 (40.0 %)  16.8-68.7 %  69 (46.9 %)  39.1-55.0 %  17.90  ...
        random     6 (60.0 %)  31.3-83.2 %  78 (53.1 %)  45.0-60.9 %  17.80  ...
        """
        periods = GAMES[self.game].periods
        period = None if periods is None else periods.name  # None: the game has no rounds
        header = f"{'bot':12}{'games won':>13}{'95 % interval':>16}"
        if period is not None:
            header += f"{period + ' won':>16}{'95 % interval':>16}"
        lines = [f"{header}{'mean score':>12}{'s/decision':>12}{'one move':>10}"]
        names = [seat.bot for seat in self.seats]
        for k, seat in enumerate(self.seats):
            # A bot named twice in the line-up is told apart by its entry, from 1.
            label = seat.bot if names.count(seat.bot) == 1 else f"{seat.bot} {k + 1}"
            low, high = seat.win_interval()
            won = f"{seat.wins} ({100 * seat.wins / max(1, seat.games):.1f} %)"
            row = f"{label:12}{won:>13}{f'{100 * low:.1f}-{100 * high:.1f} %':>16}"
            if period is not None:
                rounds = interval = "-"  # no round ended: the move cap cut every game short
                if seat.rounds:
                    rounds = f"{seat.rounds_won} ({100 * seat.rounds_won / seat.rounds:.1f} %)"
                    r_low, r_high = seat.round_interval()
                    interval = f"{100 * r_low:.1f}-{100 * r_high:.1f} %"
                row += f"{rounds:>16}{interval:>16}"
            mean = "-" if seat.mean_score is None else f"{seat.mean_score:.2f}"
            per = f"{seat.seconds / seat.decisions:.4f}" if seat.decisions else "-"
            forced = f"{100 * seat.forced / seat.decisions:.0f} %" if seat.decisions else "-"
            lines.append(f"{row}{mean:>12}{per:>12}{forced:>10}")
        return "\n".join(lines)


# Processor time of the calling thread, so that workers sharing a process do not count
# each other's work; Pyodide (one thread) has only the process's.
_clock = getattr(time, "thread_time", time.process_time)


class _Timed:
    """A bot whose decisions are counted and timed (in processor time of the thread)."""

    def __init__(self, bot: Bot[Any, Any]) -> None:
        self.bot = bot
        self.decisions = self.forced = 0
        self.seconds = 0.0

    def choose(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        start = _clock()
        move = self.bot.choose(view, legal_moves, rng)
        self.seconds += _clock() - start
        self.decisions += 1
        self.forced += len(legal_moves) == 1
        return move


@frozen
class _Part:
    """What one entry of the line-up did in one game."""

    won: bool
    rounds: int
    rounds_won: int
    decisions: int
    forced: int
    score: int | None
    """The final score, ``None`` in a game the move cap cut short."""
    seconds: float


def _play_games(
    game: Game[Any, Any, Any, Any],
    rules: Any,
    bots: tuple[str, ...],
    seed: int,
    iterations: int | None,
    max_moves: int | None,
    indices: range,
) -> list[tuple[bool, list[_Part]]]:
    """Play the games ``indices`` of a tournament: for each, whether it finished, and
    each entry's part in it."""
    n = len(bots)
    played = []
    for index in indices:
        # Entry k sits at seat (k + index) % n: every entry plays every seat in turn.
        entries = [
            _Timed(make_bot(b, game, seed=_seed(seed, index, k), iterations=iterations))
            for k, b in enumerate(bots)
        ]
        at = [entries[(s - index) % n] for s in range(n)]
        result = play(game, rules, random.Random(f"{seed}/{index}"), at, max_moves=max_moves)
        outcome = result.outcome
        winner = None if outcome is None else outcome.winner
        rounds = () if game.periods is None else game.periods.winners(result.final)
        parts = []
        for k, entry in enumerate(entries):
            s = (k + index) % n
            parts.append(
                _Part(winner == s, len(rounds), rounds.count(s), entry.decisions, entry.forced,
                      None if outcome is None else outcome.scores[s], entry.seconds)
            )  # fmt: skip
        played.append((result.finished, parts))
    return played


def _seed(seed: int, index: int, entry: int) -> int:
    return random.Random(f"{seed}/{index}/{entry}").getrandbits(64)


def match(
    game: Game[Any, Any, Any, Any] | str,
    bots: Sequence[str],
    games: int,
    *,
    rules: Any = None,
    seed: int = 0,
    iterations: int | None = None,
    executor: Executor | None = None,
    batch: int = 10,
    progress: Callable[[int, int], None] | None = None,
    max_moves: int | None = DEFAULT_MAX_MOVES,
) -> MatchReport:
    """Play ``games`` seeded games between the bots named in ``bots`` (see
    `make_bot`), one per seat: their wins and their mean final score.

    Game ``i`` is played with ``random.Random(f"{seed}/{i}")`` and new bots seeded from
    ``seed``, ``i`` and their place in the line-up; entry ``k`` sits at seat
    ``(k + i) % len(bots)``, so that every entry plays every seat in turn. The report is
    the same with any executor and number of workers.

    Args:
        game: the game, for example ``GAMES["voyage"]``, or its name (``"voyage"``).
        bots: the line-up, for example ``["ismcts", "random", "random", "random"]``.
        games: how many games (matches) to play.
        rules: the rules (default: the game's, for ``len(bots)`` players).
        seed: the tournament's seed.
        iterations: the iterations of each ``"ismcts"`` bot per decision (by default
            the bot's own for the game).
        executor: plays batches of games in parallel, as in `seaview_rules.simulate`.
        batch: games per task handed to the executor.
        progress: called with (games done, games) after each batch.
        max_moves: cut a game off after this many moves, unfinished (won by nobody).

    >>> from seaview_rules import GAMES, voyage
    >>> report = match(GAMES["voyage"], ["heuristic", "random"], 4, seed=1)
    >>> [seat.games for seat in report.seats], sum(seat.wins for seat in report.seats)
    ([4, 4], 4)

    Raises:
        ValueError: an unknown bot, or a line-up of the wrong size for the game.
    """
    game = _game(game)
    line_up = tuple(bots)
    for name in set(line_up):
        make_bot(name, game)  # refuse a bad name before any game is played
    if rules is None:
        rules = game.with_players(game.rules_type(), len(line_up))
    if game.players(rules) != len(line_up):
        raise ValueError(f"{game.players(rules)} bots are needed, not {len(line_up)}")
    batches = [range(start, min(start + batch, games)) for start in range(0, games, batch)]
    args = (game, rules, line_up, seed, iterations, max_moves)
    if executor is None:
        results: Any = (_play_games(*args, b) for b in batches)
    else:
        results = executor.map(_play_games, *([a] * len(batches) for a in args), batches)
    parts: list[list[_Part]] = [[] for _ in line_up]
    done = unfinished = 0
    for played in results:
        for finished, row in played:
            unfinished += not finished
            for entry, part in zip(parts, row, strict=True):
                entry.append(part)
        done += len(played)
        if progress is not None:
            progress(done, games)
    seats = [
        Seat(
            name, games, sum(p.won for p in entry), sum(p.rounds for p in entry),
            sum(p.rounds_won for p in entry), sum(p.decisions for p in entry),
            sum(p.forced for p in entry), sum(p.score or 0 for p in entry),
            sum(p.score is not None for p in entry), sum(p.seconds for p in entry),
        )
        for name, entry in zip(line_up, parts, strict=True)
    ]  # fmt: skip
    return MatchReport(game.name, seed, games, unfinished, tuple(seats))
