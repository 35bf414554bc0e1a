"""The one explicit registry of games: adding a game means adding a line here."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from seaview_rules import leagues, ships_wheel, voyage
from seaview_rules._game import Game

GAMES: Mapping[str, Game[Any, Any, Any, Any]] = MappingProxyType(
    {game.name: game for game in (voyage.GAME, leagues.GAME, ships_wheel.GAME)}
)
"""Every game of the library by registry name, with its static facts and its API."""
