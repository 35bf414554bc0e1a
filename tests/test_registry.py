"""The registry: `seaview_rules.GAMES` is read from the entry points of the group
``seaview_rules.games``, in a stable order, and refuses entries it cannot hold with an
error that names the distribution and the entry."""

from __future__ import annotations

import pickle
from importlib.metadata import EntryPoint

import attrs
import pytest

from seaview_rules import GAMES, Game
from seaview_rules._registry import (
    DISTRIBUTION,
    GROUP,
    GameEntryError,
    games_of,
    installed_entries,
)

OWN = ("leagues", "ships_wheel", "voyage")
"""This distribution's games, by name."""
OURS = [(DISTRIBUTION, EntryPoint(name, f"seaview_rules.{name}:GAME", GROUP)) for name in OWN]


def test_the_installed_entry_points_are_this_librarys_three_games_by_name() -> None:
    ours = [entry for dist, entry in installed_entries() if dist == DISTRIBUTION]
    assert sorted(entry.name for entry in ours) == list(OWN)
    assert list(GAMES)[:3] == list(OWN)
    assert dict(GAMES) == games_of(installed_entries())


def test_games_is_a_read_only_mapping_of_games_by_their_own_names() -> None:
    for name, game in GAMES.items():
        assert isinstance(game, Game)
        assert game.name == name
    with pytest.raises(TypeError):
        GAMES["voyage"] = GAMES["leagues"]  # type: ignore[index]
    assert repr(GAMES).startswith("<seaview_rules.GAMES: leagues, ships_wheel, voyage")


def test_a_game_pickles_as_its_registry_name() -> None:
    for game in GAMES.values():
        assert pickle.loads(pickle.dumps(game)) is game


def test_other_distributions_games_come_after_ours_by_name() -> None:
    zebra = EntryPoint("zebra", "tests.test_registry:ZEBRA", GROUP)
    aardvark = EntryPoint("aardvark", "tests.test_registry:AARDVARK", GROUP)
    found = games_of([("seaview-zebra", zebra), *reversed(OURS), ("aardvark", aardvark)])
    assert list(found) == [*OWN, "aardvark", "zebra"]
    assert found["zebra"] is ZEBRA


def test_an_entry_that_fails_to_load_names_its_distribution() -> None:
    entry = EntryPoint("missing", "seaview_no_such_module:GAME", GROUP)
    with pytest.raises(GameEntryError, match=r"'missing' .* of distribution 'seaview-x' fails"):
        games_of([("seaview-x", entry)])


def test_an_entry_that_is_not_a_game_names_its_distribution() -> None:
    entry = EntryPoint("rules", "seaview_rules.voyage:Rules", GROUP)
    with pytest.raises(
        GameEntryError, match=r"'rules' .* of distribution 'seaview-x' is a type, not a"
    ):
        games_of([("seaview-x", entry)])


def test_an_entry_named_otherwise_than_its_game_names_its_distribution() -> None:
    entry = EntryPoint("sailing", "seaview_rules.voyage:GAME", GROUP)
    with pytest.raises(GameEntryError, match=r"'sailing' .* 'seaview-x' is the game 'voyage'"):
        games_of([("seaview-x", entry)])


def test_two_games_under_one_name_name_both_distributions() -> None:
    entry = EntryPoint("voyage", "tests.test_registry:VOYAGE_AGAIN", GROUP)
    with pytest.raises(
        GameEntryError,
        match=r"two games named 'voyage': .* 'seaview-rules' and .* 'seaview-house-rules'",
    ):
        games_of([*OURS, ("seaview-house-rules", entry)])


ZEBRA = attrs.evolve(GAMES["voyage"], name="zebra")
AARDVARK = attrs.evolve(GAMES["voyage"], name="aardvark")
VOYAGE_AGAIN = attrs.evolve(GAMES["voyage"], title="Voyage, house rules")
