"""The *Voyage to the Bottom of the Sea* card game (Milton Bradley, 1965), 2-6 players.

Play a card that matches the colour or the number of the top of the discard pile; the
first to empty his hand scores a point per card left in the other hands; the first to
21 points wins the match. See the rule reference for every rule and ruling; the
package's rulebook, ``_rulebook.py``, states each rule's numbers and small functions
once.

>>> import random
>>> from seaview_rules import CHANCE, voyage
>>> state = voyage.new_game(voyage.Rules(players=2))
>>> rng = random.Random(7)
>>> while voyage.current_player(state) is CHANCE:
...     state = voyage.apply_move(state, voyage.sample_chance(state, rng))
>>> state.phase, len(voyage.legal_moves(state))
(<Phase.LEAD: 'lead'>, 6)
"""

from __future__ import annotations

from seaview_rules._game import Game
from seaview_rules.voyage import svg
from seaview_rules.voyage._bots import PERIODS, SEARCH, VoyageHeuristicBot
from seaview_rules.voyage._codec import CODEC, dumps, from_dict, loads, to_dict
from seaview_rules.voyage._encoding import ENCODING
from seaview_rules.voyage._events import (
    DealDone,
    Dealt,
    Drew,
    Kept,
    MustDraw,
    Passed,
    PileRebuilt,
    Played,
    WentOut,
    redact,
)
from seaview_rules.voyage._kit import CONFORMANCE_RULES, load_test_kit
from seaview_rules.voyage._model import Phase, RoundResult, Rules, State, View
from seaview_rules.voyage._moves import (
    DEALS,
    PLAYS,
    Action,
    Deal,
    Move,
    Play,
    every_move,
    parse_move,
)
from seaview_rules.voyage._pieces import CARDS, Card, CardSet, Colour
from seaview_rules.voyage._playout import determinize
from seaview_rules.voyage._render import render, statistics
from seaview_rules.voyage._rulebook import MAX_PLAYERS, MIN_PLAYERS
from seaview_rules.voyage._rules import (
    COMPILED,
    REFEREE,
    apply_move,
    chance_outcomes,
    chance_seat,
    check_move,
    current_player,
    events,
    is_terminal,
    legal_moves,
    narrate,
    new_game,
    outcome,
    playout,
    rules_applied,
    sample_chance,
)
from seaview_rules.voyage._views import view

__all__ = [
    "CARDS",
    "DEALS",
    "GAME",
    "PLAYS",
    "Action",
    "Card",
    "CardSet",
    "Colour",
    "Deal",
    "DealDone",
    "Dealt",
    "Drew",
    "Kept",
    "Move",
    "MustDraw",
    "Passed",
    "Phase",
    "PileRebuilt",
    "Play",
    "Played",
    "RoundResult",
    "Rules",
    "State",
    "View",
    "VoyageHeuristicBot",
    "WentOut",
    "apply_move",
    "chance_outcomes",
    "chance_seat",
    "check_move",
    "current_player",
    "determinize",
    "dumps",
    "events",
    "every_move",
    "from_dict",
    "is_terminal",
    "legal_moves",
    "loads",
    "narrate",
    "new_game",
    "outcome",
    "parse_move",
    "playout",
    "redact",
    "render",
    "rules_applied",
    "sample_chance",
    "statistics",
    "to_dict",
    "view",
]


GAME: Game[Rules, State, Move, View] = Game(
    name="voyage",
    title="Voyage to the Bottom of the Sea card game",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    chance=True,
    hidden_information=True,
    rules_type=Rules,
    state_type=State,
    view_type=View,
    new_game=new_game,
    current_player=current_player,
    legal_moves=legal_moves,
    chance_outcomes=chance_outcomes,
    sample_chance=sample_chance,
    check_move=check_move,
    apply_move=apply_move,
    is_terminal=is_terminal,
    outcome=outcome,
    view=view,
    parse_move=parse_move,
    dumps=dumps,
    loads=loads,
    to_dict=to_dict,
    from_dict=from_dict,
    rules_to_data=CODEC.rules_data,
    rules_from_data=CODEC.rules_from_data,
    statistics=statistics,
    render=render,
    every_move=every_move,
    rules_applied=rules_applied,
    events=events,
    redact=redact,
    narrate=narrate,
    words=REFEREE.words,
    chance_seat=chance_seat,
    playout=playout,
    determinize=determinize,
    picture=svg.picture,
    picture_options=("moves", "width", "names", "last"),
    encoding=ENCODING,
    heuristic_bot=VoyageHeuristicBot,
    search=SEARCH,
    periods=PERIODS,
    test_kit=load_test_kit,
    conformance_rules=CONFORMANCE_RULES,
    schemas=CODEC.schemas,
    compiled=COMPILED,
)
"""The Voyage card game's entry in `seaview_rules.GAMES`."""
