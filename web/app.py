"""The Python side of the web page: one game against bots, in the browser's Pyodide.

The page's JavaScript only shows what this module returns and sends back the moves a
person clicks. Everything else happens here, in the library: the rules, the bots' moves
and chance (a whole round of bots is one call, not one call per move), the seat's log,
and the game record. The same module runs in CPython, where the web test replays each
record that the page showed (``web/tests/check_results.py``).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from seaview_rules import (
    CHANCE,
    GAMES,
    IllegalMoveError,
    Outcome,
    RandomBot,
    Table,
    play,
    svg,
)

HUMAN = 0
"""The person plays seat 0; the bots play the other seats."""

SHORT: dict[str, dict[str, Any]] = {
    "voyage": {"target": 7},
    "ships_wheel": {"target": 1, "scoring": "hands"},
    "leagues": {},
}
"""Rules options of a short match, offered by the page: a card game to 7 points, or
to one hand won."""


def describe(outcome: Outcome | None) -> str:
    """The result line the page shows, and that the web test compares with a replay.

    >>> from seaview_rules import Termination
    >>> describe(Outcome(1, (3, 7), Termination.TARGET_SCORE))
    'seat 1 wins (scores 3, 7)'
    """
    if outcome is None:
        return ""
    who = "nobody wins" if outcome.winner is None else f"seat {outcome.winner} wins"
    return f"{who} (scores {', '.join(map(str, outcome.scores))})"


class Session:
    """One game: seat `HUMAN` is the person, every other seat a `RandomBot`."""

    def __init__(self, game: str, players: int, seed: int, short: bool) -> None:
        self.game = GAMES[game]
        options: dict[str, Any] = dict(SHORT[game]) if short else {}
        options["players"] = players
        self.rules = self.game.rules_type(**options)
        # Leagues has no move of a seat's own: each spin waits for a click ("step"), and
        # the bots' spins are made here. The card games resolve chance at once.
        self.spins = self.game.name == "leagues"
        self.table = Table(
            self.game, self.rules, seed=seed, chance="step" if self.spins else "auto"
        )
        self.bots = random.Random(seed)
        self.before: Any = None
        """The state before the last spin, for the path it took (leagues)."""
        self.error = ""
        self._advance()

    def _waits(self) -> bool:
        """Whether it is the person's turn: a move of seat `HUMAN`, or its diver's spin."""
        to_move = self.table.to_move
        if to_move is None:
            return True
        if to_move is CHANCE:
            return self.spins and self.table.state.player == HUMAN
        return to_move == HUMAN

    def _advance(self) -> None:
        """Play the bots and chance until the person is to move or the game is over."""
        bot = RandomBot()
        while not self._waits():
            to_move = self.table.to_move
            if isinstance(to_move, int):
                view = self.table.view(to_move)
                self.table.submit(to_move, bot.choose(view, view.legal_moves, self.bots))
            else:  # chance: a spin of a bot's diver
                self.before = self.table.state
                self.table.step()

    def move(self, text: str) -> None:
        """Play the move written ``text`` for the person; a refusal is kept in `error`,
        with the rule's words, and changes nothing."""
        self.error = ""
        try:
            self.table.submit(HUMAN, text)
        except IllegalMoveError as refusal:
            self.error = str(refusal)
            return
        self._advance()

    def spin(self) -> None:
        """Spin for the person's diver (leagues)."""
        self.error = ""
        state = self.table.state
        if not self.spins or self.table.to_move is not CHANCE or state.player != HUMAN:
            self.error = "there is nothing for you to spin now"
            return
        self.before = state
        self.table.step()
        self._advance()

    def log(self) -> list[str]:
        """The person's log, one line per change of the table, as `narrate` words it
        (the game's `words` of the change's events): no line for a change the game
        says nothing of, such as each card of a deal."""
        told: dict[int, list[Any]] = {}
        for entry in self.table.events_since(0, seat=HUMAN):
            told.setdefault(entry.version, []).append(entry.event)
        said = (self.game.words(events, HUMAN) for events in told.values())
        return [line for line in said if line]

    def screen(self) -> dict[str, Any]:
        """What the page shows now, as JSON-ready data."""
        view = self.table.view(HUMAN)
        if self.spins:
            before = None if self.before is None else self.game.view(self.before, HUMAN)
            picture = svg.render(view, before=before)
        else:
            picture = svg.render(view, moves=True)
        over = self.table.to_move is None
        return {
            "game": self.game.name,
            "svg": picture,
            "legal": [str(m) for m in view.legal_moves],
            "spin": self.spins and not over and self._waits(),
            "log": self.log(),
            "over": over,
            "result": describe(self.game.outcome(self.table.state)),
            "record": self.game.dumps(self.table.record) if over else "",
            "error": self.error,
        }


_sessions: list[Session] = []
"""The page's one game, once `new_game` has started it."""


def new_game(game: str, players: int, seed: int, short: bool = True) -> str:
    """Start a game and return its screen as JSON (the page's entry points all do)."""
    _sessions[:] = [Session(game, players, seed, short)]
    return json.dumps(_sessions[0].screen())


def move(text: str) -> str:
    """Play the person's move written ``text``."""
    _sessions[0].move(text)
    return json.dumps(_sessions[0].screen())


def spin() -> str:
    """Spin for the person's diver (leagues)."""
    _sessions[0].spin()
    return json.dumps(_sessions[0].screen())


def speed(game: str, seconds: float = 3.0) -> str:
    """Milliseconds per move of random play of ``game`` (default rules, chance moves
    included): the best of five stretches of random games, ``seconds`` in all, so that
    a busy machine counts less. The same measure in the browser and in CPython.

    >>> json.loads(speed("voyage", 0.05))["moves"] > 0
    True
    """
    rules = GAMES[game].rules_type()
    rng = random.Random(1)
    best, total = float("inf"), 0
    for _ in range(5):
        moves, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 5:
            moves += len(play(GAMES[game], rules, rng).record.moves)
        best = min(best, 1000 * (time.perf_counter() - start) / moves)
        total += moves
    return json.dumps({"game": game, "moves": total, "ms_per_move": best})
