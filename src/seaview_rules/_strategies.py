"""Strategies that work for every game: states reached by legal play, their moves and
their views. Each game's testing module (for example ``seaview_rules.voyage.testing``)
wraps them with its own rules strategy. This module imports Hypothesis (the
``testing`` extra)."""

from __future__ import annotations

from typing import Any, TypeVar

from hypothesis import strategies as st

from seaview_rules._game import Game
from seaview_rules._testkit import Kit

__all__ = ["legal_moves", "played_states", "register_types", "seat_views"]

R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


def played_states(
    game: Game[R, S, M, Any], rules: st.SearchStrategy[R], max_moves: int
) -> st.SearchStrategy[S]:
    """States reached by up to ``max_moves`` legal moves (chance included) from
    ``game.new_game``; each move is drawn from the legal ones, so shrinking shortens
    the path and prefers the first legal moves."""

    @st.composite
    def build(draw: st.DrawFn) -> S:
        state = game.new_game(draw(rules))
        for _ in range(draw(st.integers(0, max_moves))):
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.apply_move(state, legal[draw(st.integers(0, len(legal) - 1))])
        return state

    return build()


def legal_moves(game: Game[Any, S, M, Any], state: S) -> st.SearchStrategy[M]:
    """One of the legal moves of ``state`` (which must not be over)."""
    return st.sampled_from(game.legal_moves(state))


def seat_views(game: Game[Any, S, Any, V], states: st.SearchStrategy[S]) -> st.SearchStrategy[V]:
    """The view of a seat, or of a spectator (``None``), of a drawn state."""

    @st.composite
    def build(draw: st.DrawFn) -> V:
        state = draw(states)
        seats = game.players(state.rules)  # type: ignore[attr-defined]  # every state has rules
        return game.view(state, draw(st.none() | st.integers(0, seats - 1)))

    return build()


def register_types(kit: Kit[Any, Any, Any]) -> None:
    """Registers the strategies of ``kit.types`` (a board, a deck: the game's types
    beyond its `Rules`, `State` and `View`) for ``st.from_type``. A game's testing module
    calls it when it is imported, that is when its kit is loaded; the Hypothesis entry
    point registers the three main types of every game without loading any kit."""
    for kind, strategy in kit.types.items():
        st.register_type_strategy(kind, st.deferred(strategy))
