"""Random playouts for 20,000 Leagues, and the state behind a view."""

from __future__ import annotations

import random

import attrs

import seaview_rules.leagues as leagues
from seaview_rules._play import DEFAULT_MAX_MOVES, random_playout
from seaview_rules.leagues import _rules

__all__ = ["determinize", "playout"]


def playout(
    state: leagues.State, rng: random.Random, *, max_moves: int | None = DEFAULT_MAX_MOVES
) -> leagues.State:
    """The state where random play from ``state`` ends: the end of the game, or where
    ``max_moves`` spins have been made, whichever comes first.

    Every move is a spin of the chance player, so it is exactly the state this
    reference loop reaches with the same ``rng``::

        while current_player(state) is not None:        # at most max_moves times
            state = apply_move(state, sample_chance(state, rng))

    >>> state = playout(leagues.new_game(leagues.Rules(players=2)), random.Random(1))
    >>> leagues.is_terminal(state), leagues.outcome(state).winner in (0, 1)
    (True, True)

    Raises:
        ValueError: ``max_moves`` is negative.
    """
    # Every spin comes from sample_chance, so it is legal by construction: _SUCCESSORS
    # skips the checks of apply_move (_violation).
    return random_playout(
        state,
        rng,
        max_moves,
        current_player=leagues.current_player,
        legal_moves=leagues.legal_moves,
        sample_chance=leagues.sample_chance,
        successors=_rules._SUCCESSORS,
    )


def determinize(view: leagues.View, rng: random.Random) -> leagues.State:
    """The state whose view ``view`` is: 20,000 Leagues hides nothing, so a view holds
    the whole state and there is only one (``rng`` is not used). It is there so that a
    search bot treats every game alike.

    >>> state = leagues.new_game(leagues.Rules(players=3))
    >>> determinize(leagues.view(state, 1), random.Random(0)) == state
    True
    """
    return leagues.State(**{a.name: getattr(view, a.name) for a in attrs.fields(leagues.State)})
