"""Information-set Monte Carlo tree search over the states a seat's view allows."""

from __future__ import annotations

import math
import random
import time
from typing import Any

from seaview_rules._core import CHANCE
from seaview_rules._game import Game
from seaview_rules._registry import GAMES
from seaview_rules.search import Search

__all__ = ["ISMCTSBot"]


def _searched(view: object) -> tuple[Game[Any, Any, Any, Any], Search[Any]]:
    """The game of `seaview_rules.GAMES` whose views are of the type of ``view``, and its
    search.

    Raises:
        ValueError: no game has such views, or the game has no search.
    """
    for game in GAMES.values():
        if type(view) is game.view_type:
            if game.search is None:
                raise ValueError(f"{game.name} has no search for ISMCTSBot (Game.search)")
            return game, game.search
    raise ValueError(f"no game in GAMES has views of type {type(view).__name__}")


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
    Whitehouse, 2012) for every game with a `~seaview_rules.Game.search`.

    Each iteration deals the cards the seat cannot see with the game's
    ``determinize``, walks down one tree of moves shared by all those deals, picking at
    each node the move with the best upper confidence bound among the moves legal in
    this deal, adds one move, plays on at random with the game's ``playout``, and
    counts a win for the seat the game's `~seaview_rules.search.Search` names: the
    winner of the round (Voyage) or hand (Ship's Wheel) in play. Every seat's moves are
    in the tree, each chosen for its own wins; chance is sampled afresh in every
    iteration. The bot then plays the root move tried most.

    In Voyage and Ship's Wheel it searches for the winner of the round or hand in play,
    not of the match: each imagined game ends with it (`Search.start
    <seaview_rules.search.Search.start>`), which makes an iteration several times
    cheaper and the signal much less noisy. In leagues every move is a spin, so the bot
    is never asked, and the game needs no search. The bot finds the game of a view in
    `seaview_rules.GAMES` by the type of the view.

    Args:
        seed: seeds the bot's own generator; the bot never draws from the ``rng`` that
            `choose` is given, so it makes the same choices for the same views, and a
            driver's chance draws do not depend on the bot.
        iterations: iterations per decision; by default the game's
            (`Search.iterations <seaview_rules.search.Search.iterations>`: 300 in Voyage
            and 200 in Ship's Wheel, a few hundredths of a second of processor time a
            decision on this project's 2-core machines, benchmarks/strength.py).
        seconds: instead of a number of iterations, search for this long per decision
            (the choices then depend on the machine's speed).
        exploration: the constant of the upper confidence bound.
        max_moves: the longest playout, in moves; one cut off counts as won by nobody.
            By default the game's (`Search.horizon
            <seaview_rules.search.Search.horizon>`): the whole round in Voyage (up to
            20,000 moves: a tiny deck can loop for ever, VOY-R10), and 40 moves in
            Ship's Wheel, whose random hands last long and say little about the hand the
            seat holds now.

    >>> from seaview_rules import GAMES, RandomBot, play, voyage
    >>> bots = [ISMCTSBot(seed=1, iterations=50), RandomBot()]
    >>> result = play(GAMES["voyage"], voyage.Rules(players=2, target=5), random.Random(3), bots)
    >>> result.finished
    True

    Raises:
        ValueError: both ``iterations`` and ``seconds``, or one that is not positive;
            from `choose`, a view of a game without a search, or of no game of
            `seaview_rules.GAMES`.
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
        there is one).

        Raises:
            ValueError: the view is of a game without a search (`seaview_rules.Game.search`),
                or of no game of `seaview_rules.GAMES`.
        """
        if len(legal_moves) == 1:
            return legal_moves[0]
        game, search = _searched(view)
        root = _Node()
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self._iterate(game, search, view, root)
        else:
            for _ in range(self.iterations or search.iterations):
                self._iterate(game, search, view, root)
        tried = root.children
        return max(legal_moves, key=lambda m: tried[m].visits if m in tried else -1)

    def _iterate(
        self, game: Game[Any, Any, Any, Any], search: Search[Any], view: Any, root: _Node
    ) -> None:
        rng = self._rng
        start = search.start(game.determinize(view, rng))
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
        cap = search.horizon if self.max_moves is None else self.max_moves
        end = game.playout(state, rng, max_moves=cap)
        if search.winner is not None:
            winner = search.winner(start, end)
        else:
            outcome = game.outcome(end)
            winner = None if outcome is None else outcome.winner
        for visited, player in path:
            visited.visits += 1
            visited.wins += winner == player
