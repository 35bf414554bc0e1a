"""*20,000 Leagues Under the Sea - A Deep Sea Treasure Hunt* (Jaymar, 1954), 2-4 players.

Divers start at the top left of the board and move along their row by the number and
direction the spinner shows; arrows and starfish take them down (and give another
spin), octopuses send them up, and landing on another diver costs a rise. The first
diver to land on the red arrow in the deepest row wins. Boards and spinners are data
(`load_board`, `load_spinner`); the default ones are a documented reconstruction,
read the first time they are used. Every rule's numbers and small functions are stated
once, in the rulebook, ``_rulebook.py``, which the rest of the package reads.

Every move is a spin of the chance player: the rules give a diver no choice, so no seat
is ever to move. `events` and `narrate` say what each spin did.

>>> import random
>>> from seaview_rules import leagues
>>> state = leagues.new_game(leagues.Rules(players=2))
>>> rng = random.Random(3)
>>> while not leagues.is_terminal(state):
...     state = leagues.apply_move(state, leagues.sample_chance(state, rng))
>>> leagues.outcome(state).winner in (0, 1), state.positions[state.player] == state.rules.board.red_arrow
(True, True)
"""

from __future__ import annotations

from seaview_rules._game import Game
from seaview_rules.leagues import svg
from seaview_rules.leagues._codec import CODEC, dumps, from_dict, loads, to_dict
from seaview_rules.leagues._encoding import ENCODING
from seaview_rules.leagues._events import (
    Blocked,
    Bounced,
    Collided,
    DiverEvent,
    FoundTaken,
    Moved,
    OrderSettled,
    Rose,
    SentBack,
    SentUp,
    SpinsAgain,
    Spun,
    SpunForOrder,
    Tied,
    TookArrow,
    TookStarfish,
    Won,
    redact,
)
from seaview_rules.leagues._kit import conformance_rules, load_test_kit
from seaview_rules.leagues._model import Phase, Rules, State
from seaview_rules.leagues._moves import SPINS, Move, Spin, every_move, parse_move
from seaview_rules.leagues._pieces import (
    Board,
    Direction,
    Segment,
    Spinner,
    Square,
    SquareKind,
    board_from_data,
    board_to_data,
    default_board,
    default_spinner,
    load_board,
    load_spinner,
    spinner_from_data,
    spinner_to_data,
)
from seaview_rules.leagues._playout import determinize
from seaview_rules.leagues._render import render, statistics
from seaview_rules.leagues._rulebook import TREASURE
from seaview_rules.leagues._rules import (
    COMPILED,
    REFEREE,
    apply_move,
    chance_outcomes,
    chance_seat,
    check_move,
    current_player,
    describe,
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
from seaview_rules.leagues._views import View, view

__all__ = [
    "GAME",
    "SPINS",
    "TREASURE",
    "Blocked",
    "Board",
    "Bounced",
    "Collided",
    "Direction",
    "DiverEvent",
    "FoundTaken",
    "Move",
    "Moved",
    "OrderSettled",
    "Phase",
    "Rose",
    "Rules",
    "Segment",
    "SentBack",
    "SentUp",
    "Spin",
    "Spinner",
    "SpinsAgain",
    "Spun",
    "SpunForOrder",
    "Square",
    "SquareKind",
    "State",
    "Tied",
    "TookArrow",
    "TookStarfish",
    "View",
    "Won",
    "apply_move",
    "board_from_data",
    "board_to_data",
    "chance_outcomes",
    "chance_seat",
    "check_move",
    "current_player",
    "default_board",
    "default_spinner",
    "describe",
    "determinize",
    "dumps",
    "events",
    "every_move",
    "from_dict",
    "is_terminal",
    "legal_moves",
    "load_board",
    "load_spinner",
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
    "spinner_from_data",
    "spinner_to_data",
    "statistics",
    "to_dict",
    "view",
]


GAME: Game[Rules, State, Move, View] = Game(
    name="leagues",
    title="20,000 Leagues Under the Sea board game",
    min_players=2,
    max_players=4,
    chance=True,
    hidden_information=False,
    table_chance="step",
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
    picture_options=("before", "effects", "legend", "width", "names", "last"),
    encoding=ENCODING,
    # no heuristic_bot, search or periods: no seat ever chooses, and a match has no rounds
    test_kit=load_test_kit,
    conformance_rules=conformance_rules,
    schemas=CODEC.schemas,
    compiled=COMPILED,
)
"""The 20,000 Leagues board game's entry in `seaview_rules.GAMES`."""
