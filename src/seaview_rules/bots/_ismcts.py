"""Information-set Monte Carlo tree search over the states a seat's view allows."""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs
from attrs import frozen

from seaview_rules._core import CHANCE
from seaview_rules._game import Game
from seaview_rules._registry import GAMES

__all__ = ["ISMCTSBot"]


@frozen
class _Defaults:
    """The bot's defaults for one game."""

    iterations: int
    """The iterations of a decision, unless the bot is given a number or a time."""
    horizon: int
    """The longest playout, unless the bot is given one."""


def _last_round(state: Any) -> Any:
    """The same state in a match that ends with the round in play: its winner scores at
    least a point, so any winner reaches this target."""
    rules = attrs.evolve(state.rules, target=min(state.scores) + 1)
    return attrs.evolve(state, rules=rules)


def _round_winner(start: Any, end: Any) -> int | None:
    """Who won, in ``end``, the round (hand) in play in ``start``: ``None`` if nobody
    did or it has not ended."""
    played = len(start.results)
    return end.results[played].winner if len(end.results) > played else None


_DEFAULTS = {"voyage": _Defaults(300, 20_000), "ships_wheel": _Defaults(200, 40)}
"""The games in which a seat chooses (in leagues every move is a spin), by name."""
_GAMES: dict[type, Game[Any, Any, Any, Any]] = {
    game.view_type: game for game in GAMES.values() if game.name in _DEFAULTS
}
"""Those games, by the type of their views."""


class _Node:
    """The statistics of a move in the tree: how often it was tried, how often the
    seat that made it won, and how often it was legal when its parent was visited."""

    __slots__ = ("available", "children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.wins = 0
        self.available = 1


class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and
    Whitehouse, 2012) for the card games.

    Each iteration deals the cards the seat cannot see with the game's
    ``determinize``, walks down one tree of moves shared by all those deals, picking at
    each node the move with the best upper confidence bound among the moves legal in
    this deal, adds one move, plays on at random with the game's ``playout``, and
    counts a win for the seat that won the round (Voyage) or hand (Ship's Wheel) in
    play. Every seat's moves are in the tree, each chosen for its own wins; chance is
    sampled afresh in every iteration. The bot then plays the root move tried most.

    It searches for the winner of the round or hand in play, not of the match: each
    imagined game ends with it, which makes an iteration several times cheaper and the
    signal much less noisy. In leagues every move is a spin, so the bot is never asked.

    Args:
        seed: seeds the bot's own generator; the bot never draws from the ``rng`` that
            `choose` is given, so it makes the same choices for the same views, and a
            driver's chance draws do not depend on the bot.
        iterations: iterations per decision; by default 300 in Voyage and 200 in Ship's
            Wheel, a few hundredths of a second of processor time a decision on this
            project's 2-core machines (benchmarks/strength.py).
        seconds: instead of a number of iterations, search for this long per decision
            (the choices then depend on the machine's speed).
        exploration: the constant of the upper confidence bound.
        max_moves: the longest playout, in moves; one cut off counts as won by nobody.
            By default, the whole round in Voyage (up to 20,000 moves: a tiny deck can
            loop for ever, VOY-R10), and 40 moves in Ship's Wheel, whose random hands
            last long and say little about the hand the seat holds now.

    >>> from seaview_rules import GAMES, RandomBot, play, voyage
    >>> bots = [ISMCTSBot(seed=1, iterations=50), RandomBot()]
    >>> result = play(GAMES["voyage"], voyage.Rules(players=2, target=5), random.Random(3), bots)
    >>> result.finished
    True

    Raises:
        ValueError: both ``iterations`` and ``seconds``, or one that is not positive.
    """

    def __init__(
        self,
        *,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        max_moves: int | None = None,
    ) -> None:
        if iterations is not None and seconds is not None:
            raise ValueError("give iterations or seconds, not both")
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise ValueError("iterations and seconds must be positive")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.max_moves = max_moves
        self._rng = random.Random(seed)

    def choose(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        """The root move tried most after the search (the only move, at once, when
        there is one)."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = _GAMES[type(view)]
        defaults = _DEFAULTS[game.name]
        root = _Node()
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self._iterate(game, defaults, view, root)
        else:
            for _ in range(self.iterations or defaults.iterations):
                self._iterate(game, defaults, view, root)
        tried = root.children
        return max(legal_moves, key=lambda m: tried[m].visits if m in tried else -1)

    def _iterate(
        self, game: Game[Any, Any, Any, Any], defaults: _Defaults, view: Any, root: _Node
    ) -> None:
        rng = self._rng
        start = _last_round(game.determinize(view, rng))
        state = start
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            player = game.current_player(state)
            if player is None:
                break
            if player is CHANCE:
                state = game.apply_move(state, game.sample_chance(state, rng))
                continue
            moves = game.legal_moves(state)
            children = node.children
            new = [m for m in moves if m not in children]
            if new:
                for m in moves:
                    if m in children:
                        children[m].available += 1
                move = new[rng.randrange(len(new))]
                node = children[move] = _Node()
                path.append((node, player))
                state = game.apply_move(state, move)
                break
            best, best_score = moves[0], -1.0
            for m in moves:
                child = children[m]
                child.available += 1
                score = child.wins / child.visits + self.exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best, best_score = m, score
            node = children[best]
            path.append((node, player))
            state = game.apply_move(state, best)
        cap = defaults.horizon if self.max_moves is None else self.max_moves
        winner = _round_winner(start, game.playout(state, rng, max_moves=cap))
        for visited, player in path:
            visited.visits += 1
            visited.wins += winner == player
