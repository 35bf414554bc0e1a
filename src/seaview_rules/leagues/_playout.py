"""The state behind a 20,000 Leagues view, for search bots (random playouts are the
referee's, ``_rules.playout``)."""

from __future__ import annotations

import random

from seaview_rules.leagues._model import State
from seaview_rules.leagues._views import View, state_of

__all__ = ["determinize"]


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
