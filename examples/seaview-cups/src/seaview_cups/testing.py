"""Hypothesis strategies for Dice under Cups, the strategies of its test kit
(`seaview_cups.load_test_kit`); this module needs Hypothesis (the ``testing`` extra of
seaview_rules), which the game's package does not import.

Every state is reached by legal play from `~seaview_cups.new_game`, chance included, so
a test never sees a position the engine could not produce.

>>> from hypothesis import given, settings
>>> import seaview_cups as cups
>>> @settings(max_examples=20)
... @given(states())
... def test_only_seats_with_a_cup_have_a_die(state: cups.State) -> None:
...     assert all(bool(die) == cups.has_die(state, seat) for seat, die in enumerate(state.dice))
>>> test_only_seats_with_a_cup_have_a_die()
"""

from __future__ import annotations

from hypothesis import strategies as st

import seaview_cups as cups

__all__ = ["rules", "states", "views"]


def rules(*, min_players: int = 2, max_players: int = 4) -> st.SearchStrategy[cups.Rules]:
    """Valid `~seaview_cups.Rules`, with targets of 1 to 4 so that games end soon."""
    return st.builds(
        cups.Rules, players=st.integers(min_players, max_players), target=st.integers(1, 4)
    )


_rules = rules  # the default of `states`, whose argument has the same name


@st.composite
def _played(draw: st.DrawFn, rules: st.SearchStrategy[cups.Rules], max_moves: int) -> cups.State:
    state = cups.new_game(draw(rules))
    for _ in range(draw(st.integers(0, max_moves))):
        legal = cups.legal_moves(state)
        if not legal:
            break
        state = cups.apply_move(state, draw(st.sampled_from(legal)))
    return state


def states(
    *, rules: st.SearchStrategy[cups.Rules] | None = None, max_moves: int = 80
) -> st.SearchStrategy[cups.State]:
    """States reached by up to ``max_moves`` legal moves (rolls included) from a new game.

    Args:
        rules: the rules to play under (default: `rules()`).
        max_moves: the longest path from the start.
    """
    return _played(_rules() if rules is None else rules, max_moves)


_states = states  # the default of `views`, whose argument has the same name


@st.composite
def _views(draw: st.DrawFn, states: st.SearchStrategy[cups.State]) -> cups.View:
    state = draw(states)
    return cups.view(state, draw(st.none() | st.integers(0, state.rules.players - 1)))


def views(*, states: st.SearchStrategy[cups.State] | None = None) -> st.SearchStrategy[cups.View]:
    """The view of a seat, or of a spectator (``None``), of a reachable state.

    Args:
        states: the states to view (default: `states()`).
    """
    return _views(_states() if states is None else states)
