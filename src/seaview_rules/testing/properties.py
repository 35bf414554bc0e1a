"""The shared properties every game with a test kit meets, on the states its kit draws
(needs Hypothesis, the ``testing`` extra).

`check_properties` runs them on any game of `seaview_rules.GAMES`, or on a game of your
own that declares a test kit (`seaview_rules.Game.test_kit`):

>>> from seaview_rules import GAMES
>>> check_properties(GAMES["voyage"], max_examples=5)
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seaview_rules._game import Game
from seaview_rules._testkit import ContractError
from seaview_rules.testing._contract import check_position, check_state, kit_of, twin_of

__all__ = ["check_properties", "rules", "states", "views"]

R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


def rules(game: Game[R, Any, Any, Any]) -> st.SearchStrategy[R]:
    """The valid rules of ``game`` its test kit draws.

    Raises:
        LookupError: the game declares no test kit.
    """
    return kit_of(game).rules()


def states(game: Game[Any, S, Any, Any]) -> st.SearchStrategy[S]:
    """States of ``game`` reached by legal play, as its test kit draws them.

    Raises:
        LookupError: the game declares no test kit.
    """
    return kit_of(game).states()


def views(game: Game[Any, Any, Any, V]) -> st.SearchStrategy[V]:
    """Views of a seat or of a spectator of reachable states of ``game``, as its test
    kit draws them.

    Raises:
        LookupError: the game declares no test kit.
    """
    return kit_of(game).views()


def check_properties(game: Game[Any, Any, Any, Any], *, max_examples: int = 100) -> None:
    """Check the shared properties of ``game`` on ``max_examples`` states and views its
    test kit draws: the API contract in every state (`seaview_rules.testing.check_state`,
    every move of `Game.every_move` a candidate); noninterference, each seat's view
    the same in the state and in a hidden twin (`seaview_rules.testing.twin_of`); and
    every drawn view the same after a round trip through JSON; and, for a kit with
    `~seaview_rules.testing.Kit.positions`, everything working on the hand-made
    positions it draws (`seaview_rules.testing.check_position`).

    Raises:
        ContractError: the first broken property, with the state as JSON (Hypothesis
            shrinks it first).
        LookupError: the game declares no test kit (`check_game` needs none), or hides
            part of its state and its kit has no hidden twin.
    """
    twin = twin_of(game)
    every = settings(
        max_examples=max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )

    @every
    @given(states(game), st.randoms(use_true_random=False))
    def in_every_state(state: Any, rng: random.Random) -> None:
        candidates = game.every_move(state.rules)
        check_state(game, state, candidates, rng, twin)

    @every
    @given(views(game))
    def of_every_view(view: Any) -> None:
        if game.loads(game.dumps(view)) != view:
            raise ContractError(f"{game.name}: a view does not round-trip through JSON")

    in_every_state()
    of_every_view()
    positions = kit_of(game).positions
    if positions is not None:

        @every
        @given(positions(), st.randoms(use_true_random=False))
        def on_every_position(state: Any, rng: random.Random) -> None:
            if game.loads(game.dumps(state)) != state:
                raise ContractError(f"{game.name}: a position does not round-trip through JSON")
            check_position(game, state, rng)

        on_every_position()
