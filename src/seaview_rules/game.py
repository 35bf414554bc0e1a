"""What a game's package builds its `Game` with: the `Game` itself, the names of the
functions every game gives (`API`) and the types of those that take keywords
(`CheckMove`, `ApplyMove`, `Events`, `Narrate`, `Playout`, `FromDict`, `RulesFromData`);
the `Referee` that writes ``check_move``, ``apply_move``, ``events``, ``narrate``,
``rules_applied`` and ``playout`` once from a game's own pieces (its `Successor` of each
type of move, the rules a move breaks, the redaction of its events and their words);
and `exactly`, the attrs validator of a move's fields, which refuses a field of the
wrong type with `~seaview_rules.IllegalMoveError` under API-MOVE.

The library's three games build theirs with these; a game of another distribution
does the same (docs page "Adding a game").
"""

from __future__ import annotations

from seaview_rules._calls import (
    ApplyMove,
    CheckMove,
    Events,
    FromDict,
    Narrate,
    Playout,
    RulesFromData,
)
from seaview_rules._forms import exactly
from seaview_rules._game import API, Game
from seaview_rules._shell import Referee, Successor

__all__ = [
    "API",
    "ApplyMove",
    "CheckMove",
    "Events",
    "FromDict",
    "Game",
    "Narrate",
    "Playout",
    "Referee",
    "RulesFromData",
    "Successor",
    "exactly",
]
