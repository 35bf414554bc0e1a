"""Random playouts for 20,000 Leagues, and the state behind a view."""

from __future__ import annotations

import random

import attrs

from seaview_rules._shell import playout_function
from seaview_rules.leagues import _rules
from seaview_rules.leagues._model import State, build_state
from seaview_rules.leagues._views import View

__all__ = ["determinize", "playout"]


playout = playout_function(
    current_player=_rules.current_player,
    legal_moves=_rules.legal_moves,
    sample_chance=_rules.sample_chance,
    successors=_rules._SUCCESSORS,
    module=__name__,
    examples="""
    In 20,000 Leagues every move is a spin of the chance player.

    >>> from seaview_rules import leagues
    >>> state = playout(leagues.new_game(leagues.Rules(players=2)), random.Random(1))
    >>> leagues.is_terminal(state), leagues.outcome(state).winner in (0, 1)
    (True, True)
    """,
)
__test__ = {"playout": playout}  # its examples


def determinize(view: View, rng: random.Random) -> State:
    """The state whose view ``view`` is: 20,000 Leagues hides nothing, so a view holds
    the whole state and there is only one (``rng`` is not used). It is there so that a
    search bot treats every game alike.

    >>> from seaview_rules import leagues
    >>> state = leagues.new_game(leagues.Rules(players=3))
    >>> determinize(leagues.view(state, 1), random.Random(0)) == state
    True
    """
    return build_state(**{a.name: getattr(view, a.name) for a in attrs.fields(State)})
