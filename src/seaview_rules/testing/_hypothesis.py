"""Registers our strategies with Hypothesis, so that ``st.from_type(voyage.State)`` and
type-hinted ``@given`` arguments work. Hypothesis calls this through the ``hypothesis``
entry point of the installed package; nothing here runs otherwise.

Only the game packages are imported here: the strategy modules import Hypothesis, which
may be importing itself when it calls this hook, so they are imported when a value is
first drawn.
"""

from __future__ import annotations

import importlib
from typing import Any


def _strategy(module: str, name: str) -> Any:
    from hypothesis import strategies as st

    return st.deferred(lambda: getattr(importlib.import_module(module), name)())


def _hypothesis_setup_hook() -> None:
    from hypothesis import strategies as st

    from seaview_rules import leagues, ships_wheel, voyage

    registered: dict[str, list[tuple[type[Any], str]]] = {
        "seaview_rules.testing.voyage": [
            (voyage.Rules, "rules"), (voyage.State, "states"), (voyage.View, "views"),
        ],
        "seaview_rules.testing.leagues": [
            (leagues.Board, "boards"), (leagues.Spinner, "spinners"), (leagues.Rules, "rules"),
            (leagues.State, "states"), (leagues.View, "views"),
        ],
        "seaview_rules.testing.ships_wheel": [
            (ships_wheel.DeckSpec, "decks"), (ships_wheel.Rules, "rules"),
            (ships_wheel.State, "states"), (ships_wheel.View, "views"),
        ],
    }  # fmt: skip
    for module, kinds in registered.items():
        for kind, name in kinds:
            st.register_type_strategy(kind, _strategy(module, name))
