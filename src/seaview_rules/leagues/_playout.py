"""Random playouts for 20,000 Leagues, and the state behind a view."""

from __future__ import annotations

import random

from seaview_rules._play import DEFAULT_MAX_MOVES
from seaview_rules._shell import play_out
from seaview_rules.leagues import _rules
from seaview_rules.leagues._model import State
from seaview_rules.leagues._views import View, state_of

__all__ = ["determinize", "playout"]


def playout(
    state: State, rng: random.Random, *, max_moves: int | None = DEFAULT_MAX_MOVES
) -> State:
    """The state where random play from ``state`` ends: the end of the game, or where
    ``max_moves`` moves (chance included) have been made, whichever comes first; the
    state the reference loop of `seaview_rules._shell.play_out` reaches with the same
    ``rng``, built without the checks of `apply_move` (every move is legal by
    construction).

    In 20,000 Leagues every move is a spin of the chance player.

    >>> from seaview_rules import leagues
    >>> state = playout(leagues.new_game(leagues.Rules(players=2)), random.Random(1))
    >>> leagues.is_terminal(state), leagues.outcome(state).winner in (0, 1)
    (True, True)

    Raises:
        ValueError: ``max_moves`` is negative.
    """
    return play_out(
        state,
        rng,
        max_moves,
        _rules.current_player,
        _rules.legal_moves,
        _rules.sample_chance,
        _rules._SUCCESSORS,
    )


def determinize(view: View, rng: random.Random) -> State:
    """The state whose view ``view`` is: 20,000 Leagues hides nothing, so a view holds
    the whole state and there is only one (``rng`` is not used). It is there so that a
    search bot treats every game alike.

    >>> from seaview_rules import leagues
    >>> state = leagues.new_game(leagues.Rules(players=3))
    >>> determinize(leagues.view(state, 1), random.Random(0)) == state
    True
    """
    return state_of(view)
