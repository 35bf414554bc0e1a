"""The *Ship's Wheel Card Game* (Ship's Wheel Card Game Company, 2013), 2-6 players.

Draw a card, discard a card, and be the first to hold a hand in which no two cards
share a shape or a colour; Lighthouses are wild, Starfish and Anchors shake up the turn
order and the hands. See the rule reference for every rule and ruling; the module
``_rulebook.py`` is the rulebook, where each rule's numbers and small functions are
stated once for the rest of the package to read.

>>> import random
>>> from seaview_rules import CHANCE
>>> from seaview_rules import ships_wheel as sw
>>> state = sw.apply_move(sw.new_game(sw.Rules(players=2)), sw.parse_move("size 4"))
>>> rng = random.Random(7)
>>> while sw.current_player(state) is CHANCE:
...     state = sw.apply_move(state, sw.sample_chance(state, rng))
>>> state.phase, [str(m) for m in sw.legal_moves(state)]
(<Phase.DRAW: 'draw'>, ['draw'])
"""

from __future__ import annotations

from seaview_rules._game import Game
from seaview_rules.ships_wheel import svg
from seaview_rules.ships_wheel._bots import PERIODS, SEARCH, ShipsWheelHeuristicBot
from seaview_rules.ships_wheel._codec import CODEC, dumps, from_dict, loads, to_dict
from seaview_rules.ships_wheel._encoding import ENCODING
from seaview_rules.ships_wheel._events import (
    CardsPassed,
    DealDone,
    Dealt,
    DeckChosen,
    DeckRanOut,
    DeckRebuilt,
    Discarded,
    Drew,
    GoesAgain,
    HandTied,
    HandWon,
    PassBegins,
    PassChosen,
    Received,
    SizeChosen,
    Skipped,
    Took,
    redact,
)
from seaview_rules.ships_wheel._kit import CONFORMANCE_RULES, load_test_kit
from seaview_rules.ships_wheel._model import Ending, HandResult, Phase, Rules, State, View
from seaview_rules.ships_wheel._moves import (
    Action,
    Deal,
    Discard,
    Move,
    Pass,
    Size,
    Take,
    every_move,
    parse_move,
)
from seaview_rules.ships_wheel._pieces import (
    Card,
    CardId,
    CardTable,
    DeckSpec,
    Kind,
    distance_to_win,
    is_winning_hand,
    table_of,
)
from seaview_rules.ships_wheel._playout import determinize
from seaview_rules.ships_wheel._render import render, statistics
from seaview_rules.ships_wheel._rulebook import Scoring
from seaview_rules.ships_wheel._rules import (
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
from seaview_rules.ships_wheel._views import view

__all__ = [
    "GAME",
    "Action",
    "Card",
    "CardId",
    "CardTable",
    "CardsPassed",
    "Deal",
    "DealDone",
    "Dealt",
    "DeckChosen",
    "DeckRanOut",
    "DeckRebuilt",
    "DeckSpec",
    "Discard",
    "Discarded",
    "Drew",
    "Ending",
    "GoesAgain",
    "HandResult",
    "HandTied",
    "HandWon",
    "Kind",
    "Move",
    "Pass",
    "PassBegins",
    "PassChosen",
    "Phase",
    "Received",
    "Rules",
    "Scoring",
    "ShipsWheelHeuristicBot",
    "Size",
    "SizeChosen",
    "Skipped",
    "State",
    "Take",
    "Took",
    "View",
    "apply_move",
    "chance_outcomes",
    "chance_seat",
    "check_move",
    "current_player",
    "determinize",
    "distance_to_win",
    "dumps",
    "events",
    "every_move",
    "from_dict",
    "is_terminal",
    "is_winning_hand",
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
    "table_of",
    "to_dict",
    "view",
]


GAME: Game[Rules, State, Move, View] = Game(
    name="ships_wheel",
    title="Ship's Wheel Card Game",
    min_players=2,
    max_players=6,
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
    heuristic_bot=ShipsWheelHeuristicBot,
    search=SEARCH,
    periods=PERIODS,
    test_kit=load_test_kit,
    conformance_rules=CONFORMANCE_RULES,
    schemas=CODEC.schemas,
    compiled=COMPILED,
)
"""The Ship's Wheel card game's entry in `seaview_rules.GAMES`."""
