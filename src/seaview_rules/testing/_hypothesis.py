"""Registers the strategies of every game's test kit with Hypothesis, so that
``st.from_type(voyage.State)`` and type-hinted ``@given`` arguments work for every game
of `seaview_rules.GAMES` that declares a test kit (`seaview_rules.Game.test_kit`).
Hypothesis calls this through the ``hypothesis`` entry point of the installed package,
once it has defined its own names; nothing here runs otherwise.
"""

from __future__ import annotations

from hypothesis import strategies as st

from seaview_rules._registry import GAMES


def _hypothesis_setup_hook() -> None:
    for game in GAMES.values():
        if game.test_kit is None:
            continue
        kit = game.test_kit()
        kinds = {game.rules_type: kit.rules, game.state_type: kit.states, game.view_type: kit.views}
        for kind, strategy in {**kit.types, **kinds}.items():
            st.register_type_strategy(kind, st.deferred(strategy))
