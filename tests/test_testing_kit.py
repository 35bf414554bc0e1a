"""The public test kit: strategies registered for ``st.from_type`` through the
Hypothesis entry point, each game's kit declared on its `Game`, and the shared checks,
which refuse by name a game without the kit they need."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seaview_rules import GAMES, leagues, ships_wheel, voyage
from seaview_rules.testing import check_game, kit_of, twin_of
from seaview_rules.testing.properties import check_properties

REGISTERED: list[type[Any]] = [
    voyage.Rules, voyage.State, voyage.View,
    leagues.Board, leagues.Spinner, leagues.Rules, leagues.State, leagues.View,
    ships_wheel.DeckSpec, ships_wheel.Rules, ships_wheel.State, ships_wheel.View,
]  # fmt: skip


@pytest.mark.parametrize("kind", REGISTERED, ids=lambda k: f"{k.__module__}.{k.__name__}")
def test_from_type_draws_values_of_every_registered_type(kind: type[Any]) -> None:
    for game in GAMES.values():  # a kit's other types are registered when it is loaded
        kit_of(game)

    @settings(max_examples=5)
    @given(st.from_type(kind))
    def draws(value: object) -> None:
        assert isinstance(value, kind)

    draws()


def test_every_game_of_this_library_declares_its_test_kit_in_its_own_package() -> None:
    for game in GAMES.values():
        kit = kit_of(game)
        assert kit.rules.__module__ == f"seaview_rules.{game.name}.testing"
        assert (kit.hidden_twin is not None) == game.hidden_information


@pytest.mark.parametrize("name", ["voyage", "leagues", "ships_wheel"])
def test_the_shared_properties_hold_for_every_game(name: str) -> None:
    check_properties(GAMES[name], max_examples=10)


def test_a_game_without_a_test_kit_is_refused_by_name_by_the_checks_that_need_one() -> None:
    plain = attrs.evolve(GAMES["voyage"], name="plain", test_kit=None)
    with pytest.raises(LookupError, match="'plain' declares no test kit"):
        kit_of(plain)
    with pytest.raises(LookupError, match="'plain' declares no test kit"):
        twin_of(plain)
    with pytest.raises(LookupError, match="'plain' declares no test kit"):
        check_properties(plain)
    assert check_game(plain, voyage.Rules(players=2), games=1) > 0  # needs no kit


def test_a_game_without_hidden_information_is_its_own_twin() -> None:
    game = attrs.evolve(GAMES["leagues"], test_kit=None)
    state = game.new_game(leagues.Rules())
    assert twin_of(game)(state, 0, random.Random(0)) is state


def test_a_kit_without_a_hidden_twin_is_refused_for_a_game_that_hides_something() -> None:
    kit = attrs.evolve(kit_of(GAMES["voyage"]), hidden_twin=None)
    game = attrs.evolve(GAMES["voyage"], name="plain", test_kit=lambda: kit)
    with pytest.raises(LookupError, match="'plain' hides part of its state"):
        twin_of(game)


@pytest.mark.parametrize("name", ["voyage", "leagues", "ships_wheel"])
def test_a_games_testing_module_imports_first_in_a_fresh_process(name: str) -> None:
    # Hypothesis's entry point runs when Hypothesis is first imported, here from inside
    # the game's testing module: it must not load that half-imported module's kit.
    code = (
        f"import seaview_rules.{name}.testing as kit\n"
        "from hypothesis import given, settings, strategies as st\n"
        f"from seaview_rules import {name} as game\n"
        "@settings(max_examples=3)\n"
        "@given(st.from_type(game.State))\n"
        "def draws(state):\n"
        "    assert isinstance(state, game.State)\n"
        "draws()\n"
        "print(kit.KIT.states.__module__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"seaview_rules.{name}.testing"
