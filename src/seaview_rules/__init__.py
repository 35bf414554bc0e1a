"""Rules engines for three old nautical games, with one API for all of them.

>>> from seaview_rules import GAMES
>>> GAMES["voyage"].title
'Voyage to the Bottom of the Sea card game'
>>> GAMES["voyage"].min_players, GAMES["voyage"].max_players
(2, 6)
"""

from __future__ import annotations

from seaview_rules._core import (
    CHANCE,
    Chance,
    Game,
    IllegalMoveError,
    InvalidDataError,
    Outcome,
    Player,
    Termination,
    Violation,
)
from seaview_rules._play import (
    DEFAULT_MAX_MOVES,
    Bot,
    GameRecord,
    PlayedGame,
    RandomBot,
    play,
    replay,
)
from seaview_rules._registry import GAMES
from seaview_rules._simulate import GameSummary, SimulationReport, simulate

__all__ = [
    "CHANCE",
    "DEFAULT_MAX_MOVES",
    "GAMES",
    "Bot",
    "Chance",
    "Game",
    "GameRecord",
    "GameSummary",
    "IllegalMoveError",
    "InvalidDataError",
    "Outcome",
    "PlayedGame",
    "Player",
    "RandomBot",
    "SimulationReport",
    "Termination",
    "Violation",
    "play",
    "replay",
    "simulate",
]

__version__ = "0.1.0"
