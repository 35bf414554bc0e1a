"""Bots that play from their seat's view only: an information-set Monte Carlo tree
search for every game, a heuristic baseline per card game, and seeded tournaments.

See the page "Writing a bot" of the docs for how they are built from each game's
``determinize`` and ``playout``.
"""

from __future__ import annotations

from seaview_rules.bots._heuristic import ShipsWheelHeuristicBot, VoyageHeuristicBot
from seaview_rules.bots._ismcts import ISMCTSBot
from seaview_rules.bots._match import (
    BOTS,
    MatchReport,
    Seat,
    make_bot,
    match,
    wilson_interval,
)

__all__ = [
    "BOTS",
    "ISMCTSBot",
    "MatchReport",
    "Seat",
    "ShipsWheelHeuristicBot",
    "VoyageHeuristicBot",
    "make_bot",
    "match",
    "wilson_interval",
]
