"""`Kit`: what a game gives the shared test kit (`seaview_rules.testing`), and the
`ContractError` its checks raise. Nothing here imports Hypothesis: a game's package
names its kit without needing the ``testing`` extra."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from attrs import field, frozen

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["ContractError", "Kit", "Twin"]

R = TypeVar("R")
S = TypeVar("S")
V = TypeVar("V")


class ContractError(AssertionError):
    """A game broke the API contract; the message says where and how."""


Twin = Callable[[S, int, random.Random], S]
"""Given a state, a seat and a random source, a state that differs only in what that
seat cannot see (for example ``seaview_rules.voyage.testing.hidden_twin``)."""


@frozen(kw_only=True)
class Kit(Generic[R, S, V]):
    """A game's test kit: the Hypothesis strategies and the hidden-twin generator that
    the shared properties of `seaview_rules.testing` need, as the game's own testing
    module (for example ``seaview_rules.voyage.testing``) defines them.

    A game declares a function that returns its kit as `seaview_rules.Game.test_kit`:
    the testing module imports Hypothesis (the ``testing`` extra), so the game's package
    imports it only when the kit is asked for.
    """

    rules: Callable[[], SearchStrategy[R]]
    """Valid `Rules` values, small enough that random games end."""
    states: Callable[[], SearchStrategy[S]]
    """States reached by legal play from ``new_game`` (never assembled by hand)."""
    views: Callable[[], SearchStrategy[V]]
    """The view of a seat, or of a spectator, of a drawn state."""
    positions: Callable[[], SearchStrategy[S]] | None = field(default=None, repr=False)
    """Positions as a person writes them by hand, for a test, a puzzle or a bug report:
    structurally sound (what ``loads`` accepts), reachable by play or not, every card
    placed anywhere it may lie. `seaview_rules.testing.properties.check_properties`
    checks that everything works on them (`seaview_rules.testing.check_position`).
    ``None`` (the default): the properties check the states of `states` only."""
    hidden_twin: Twin[S] | None = field(default=None, repr=False)
    """A state that differs from a state only in what a seat cannot see (the hidden
    cards dealt anew), for the noninterference properties. ``None`` for a game without
    hidden information: every seat sees everything, and the properties that need a twin
    hold trivially (`seaview_rules.testing.twin_of` says so)."""
    types: Mapping[type, Callable[[], SearchStrategy[Any]]] = field(factory=dict, repr=False)
    """Strategies for more of the game's types, registered for ``st.from_type`` beside
    those of its `Rules`, `State` and `View` (a board, a deck)."""
