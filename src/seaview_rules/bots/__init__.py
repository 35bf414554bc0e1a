"""Bots that play from their seat's view only: an information-set Monte Carlo tree
search for every game that describes one (`seaview_rules.Game.search`), each game's own
heuristic baseline (`seaview_rules.Game.heuristic_bot`), and seeded tournaments.

See the page "Writing a bot" of the docs for how they are built from each game's
``determinize`` and ``playout``.
"""

from __future__ import annotations

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
    "make_bot",
    "match",
    "wilson_interval",
]
