"""Registers the strategies of every game's test kit with Hypothesis, so that
``st.from_type(voyage.State)`` and type-hinted ``@given`` arguments work for every game
of `seaview_rules.GAMES` that declares a test kit (`seaview_rules.Game.test_kit`).
Hypothesis calls this through the ``hypothesis`` entry point of the installed package,
once it has defined its own names; nothing here runs otherwise.

No kit is loaded here: each strategy loads its game's kit when it is first drawn from.
Hypothesis runs this hook when it is first imported, which may be from inside a game's
testing module, before that module has defined its kit. The kit's other types (a board,
a deck) are registered by the game's testing module itself when it is imported.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from seaview_rules._game import Game
from seaview_rules._registry import GAMES


def _register(game: Game[Any, Any, Any, Any]) -> None:
    load = game.test_kit
    if load is None:
        return
    st.register_type_strategy(game.rules_type, st.deferred(lambda: load().rules()))
    st.register_type_strategy(game.state_type, st.deferred(lambda: load().states()))
    st.register_type_strategy(game.view_type, st.deferred(lambda: load().views()))


def _hypothesis_setup_hook() -> None:
    for game in GAMES.values():
        _register(game)
