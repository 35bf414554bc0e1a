"""`leagues.playout` is the reference loop of random spins, and `leagues.determinize`
gives back the one state a view shows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from seaview_rules import leagues
from seaview_rules.leagues import Rules, State


def reference(state: State, rng: random.Random, max_moves: int | None) -> State:
    """The loop of `leagues.playout`'s docstring, on the per-move API."""
    moves = 0
    while leagues.current_player(state) is not None and (max_moves is None or moves < max_moves):
        state = leagues.apply_move(state, leagues.sample_chance(state, rng))
        moves += 1
    return state


RULES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 3, "spin_off": False},
]
"""The rules of the games, as `Rules` keywords: built by each test."""


@pytest.mark.parametrize("options", RULES, ids=str)
def test_a_playout_reaches_the_state_and_rng_state_of_the_reference_loop(
    options: dict[str, Any],
) -> None:
    rules = Rules(**options)
    for seed in range(25):
        start = reference(leagues.new_game(rules), random.Random(-seed), seed * 3)
        ours, theirs = random.Random(seed), random.Random(seed)
        assert leagues.playout(start, ours) == reference(start, theirs, None)
        assert ours.getstate() == theirs.getstate()
        capped = random.Random(seed)
        assert leagues.playout(start, capped, max_moves=seed) == reference(
            start, random.Random(seed), seed
        )


def test_a_negative_move_cap_is_refused() -> None:
    with pytest.raises(ValueError, match="max_moves must be at least 0"):
        leagues.playout(leagues.new_game(), random.Random(1), max_moves=-1)


@pytest.mark.parametrize("options", RULES, ids=str)
def test_determinize_gives_back_the_state_the_view_shows(options: dict[str, Any]) -> None:
    rules = Rules(**options)
    rng = random.Random(repr(rules))
    for _ in range(20):
        state = reference(leagues.new_game(rules), rng, rng.randrange(80))
        for seat in (*range(rules.players), None):
            assert leagues.determinize(leagues.view(state, seat), rng) == state
