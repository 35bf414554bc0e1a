"""Information-set Monte Carlo tree search over the states a seat's view allows."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import attrs
from attrs import frozen

from seaview_rules import ships_wheel, voyage
from seaview_rules._core import CHANCE

__all__ = ["ISMCTSBot"]


@frozen(kw_only=True)
class _Search:
    """What the search needs of one game: its API, how the round (or hand) in play ends
    and who won it, and the bot's defaults for it."""

    determinize: Callable[[Any, random.Random], Any]
    playout: Callable[..., Any]
    current_player: Callable[[Any], Any]
    legal_moves: Callable[[Any], tuple[Any, ...]]
    apply_move: Callable[[Any, Any], Any]
    sample_chance: Callable[[Any, random.Random], Any]
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


_SEARCHES: dict[type, _Search] = {
    voyage.View: _Search(
        determinize=voyage.determinize, playout=voyage.playout,
        current_player=voyage.current_player, legal_moves=voyage.legal_moves,
        apply_move=voyage.apply_move, sample_chance=voyage.sample_chance,
        iterations=300, horizon=20_000,
    ),
    ships_wheel.View: _Search(
        determinize=ships_wheel.determinize, playout=ships_wheel.playout,
        current_player=ships_wheel.current_player, legal_moves=ships_wheel.legal_moves,
        apply_move=ships_wheel.apply_move, sample_chance=ships_wheel.sample_chance,
        iterations=200, horizon=40,
    ),
}  # fmt: skip
"""The games in which a seat chooses (in leagues every move is a spin)."""


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

    >>> from seaview_rules import GAMES, RandomBot, play
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
        search = _SEARCHES[type(view)]
        root = _Node()
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self._iterate(search, view, root)
        else:
            for _ in range(self.iterations or search.iterations):
                self._iterate(search, view, root)
        tried = root.children
        return max(legal_moves, key=lambda m: tried[m].visits if m in tried else -1)

    def _iterate(self, search: _Search, view: Any, root: _Node) -> None:
        rng = self._rng
        start = _last_round(search.determinize(view, rng))
        state = start
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            player = search.current_player(state)
            if player is None:
                break
            if player is CHANCE:
                state = search.apply_move(state, search.sample_chance(state, rng))
                continue
            moves = search.legal_moves(state)
            children = node.children
            new = [m for m in moves if m not in children]
            if new:
                for m in moves:
                    if m in children:
                        children[m].available += 1
                move = new[rng.randrange(len(new))]
                node = children[move] = _Node()
                path.append((node, player))
                state = search.apply_move(state, move)
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
            state = search.apply_move(state, best)
        cap = search.horizon if self.max_moves is None else self.max_moves
        winner = _round_winner(start, search.playout(state, rng, max_moves=cap))
        for visited, player in path:
            visited.visits += 1
            visited.wins += winner == player
