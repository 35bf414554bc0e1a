"""The public test kit: strategies registered for ``st.from_type`` through the
Hypothesis entry point."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seaview_rules import leagues, ships_wheel, voyage

REGISTERED: list[type[Any]] = [
    voyage.Rules, voyage.State, voyage.View,
    leagues.Board, leagues.Spinner, leagues.Rules, leagues.State, leagues.View,
    ships_wheel.DeckSpec, ships_wheel.Rules, ships_wheel.State, ships_wheel.View,
]  # fmt: skip


@pytest.mark.parametrize("kind", REGISTERED, ids=lambda k: f"{k.__module__}.{k.__name__}")
def test_from_type_draws_values_of_every_registered_type(kind: type[Any]) -> None:
    @settings(max_examples=5)
    @given(st.from_type(kind))
    def draws(value: object) -> None:
        assert isinstance(value, kind)

    draws()
