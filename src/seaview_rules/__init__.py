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
    OMNISCIENT,
    Chance,
    Event,
    Omniscient,
    Outcome,
    Player,
    Termination,
    Trace,
    Viewer,
)
from seaview_rules._game import Game
from seaview_rules._play import (
    DEFAULT_MAX_MOVES,
    Bot,
    GameRecord,
    PlayedGame,
    RandomBot,
    SeatRecord,
    play,
    replay,
    seat_record,
)
from seaview_rules._registry import GAMES, GameEntryError
from seaview_rules._simulate import GameSummary, SimulationReport, simulate
from seaview_rules._table import Change, LogEntry, Table, TableUpdate, Undone
from seaview_rules.errors import IllegalMoveError, InvalidDataError, Violation

__all__ = [
    "CHANCE",
    "DEFAULT_MAX_MOVES",
    "GAMES",
    "OMNISCIENT",
    "Bot",
    "Chance",
    "Change",
    "Event",
    "Game",
    "GameEntryError",
    "GameRecord",
    "GameSummary",
    "IllegalMoveError",
    "InvalidDataError",
    "LogEntry",
    "Omniscient",
    "Outcome",
    "PlayedGame",
    "Player",
    "RandomBot",
    "SeatRecord",
    "SimulationReport",
    "Table",
    "TableUpdate",
    "Termination",
    "Trace",
    "Undone",
    "Viewer",
    "Violation",
    "play",
    "replay",
    "seat_record",
    "simulate",
]

__version__ = "0.1.0"
