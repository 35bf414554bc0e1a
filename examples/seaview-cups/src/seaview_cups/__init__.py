"""Dice under Cups: a tiny dice game for two to four players, written on
``seaview_rules`` as a game of its own distribution (the example of the docs page
"Adding a game").

The rules, each with its ID:

CUP-1
    Each round, every seat in turn from seat 0 rolls one die under its cup: a chance
    move, each face 1 to 6 equally likely. Only that seat sees its die.
CUP-2
    Then every seat in turn from seat 0 either keeps its die or rerolls it once (a new
    chance roll, again seen only by that seat).
CUP-3
    After the last seat's decision the cups are lifted: the one seat with the highest
    die scores a point; a tie for the highest scores nobody.
CUP-4
    The first seat to reach the target (3 points unless the rules say otherwise) wins;
    otherwise a new round begins (CUP-1).

>>> import random
>>> from seaview_rules import GAMES, play
>>> result = play(GAMES["cups"], Rules(players=3), random.Random(1))
>>> result.outcome.winner, result.outcome.scores
(0, (3, 2, 2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seaview_cups._codec import CODEC
from seaview_cups._encoding import ENCODING
from seaview_cups._model import (
    Decision,
    Move,
    Phase,
    Roll,
    Rules,
    State,
    View,
    every_move,
    parse_move,
)
from seaview_cups._rules import (
    Kept,
    Lifted,
    Rerolled,
    Rolled,
    apply_move,
    chance_outcomes,
    chance_seat,
    check_move,
    current_player,
    determinize,
    events,
    has_die,
    hidden_twin,
    is_terminal,
    legal_moves,
    narrate,
    new_game,
    outcome,
    playout,
    redact,
    render,
    rules_applied,
    sample_chance,
    statistics,
    view,
)
from seaview_rules import Game

if TYPE_CHECKING:
    from seaview_rules.testing import Kit

__all__ = [
    "GAME",
    "Decision",
    "Kept",
    "Lifted",
    "Move",
    "Phase",
    "Rerolled",
    "Roll",
    "Rolled",
    "Rules",
    "State",
    "View",
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
    "has_die",
    "hidden_twin",
    "is_terminal",
    "legal_moves",
    "load_test_kit",
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

to_dict = CODEC.to_dict
dumps = CODEC.dumps
from_dict = CODEC.from_dict
loads = CODEC.loads


def load_test_kit() -> Kit[Rules, State, View]:
    """The game's test kit, for `seaview_rules.testing`: the strategies of
    `seaview_cups.testing` and `hidden_twin`."""
    # Imported here, not above: the testing module needs Hypothesis, the game does not.
    from seaview_cups import testing
    from seaview_rules.testing import Kit

    return Kit(
        rules=testing.rules, states=testing.states, views=testing.views, hidden_twin=hidden_twin
    )


GAME: Game[Rules, State, Move, View] = Game(
    name="cups",
    title="Dice under Cups",
    min_players=2,
    max_players=4,
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
    chance_seat=chance_seat,
    playout=playout,
    determinize=determinize,
    encoding=ENCODING,
    test_kit=load_test_kit,
    schemas=CODEC.schemas,
)
"""The game's entry in `seaview_rules.GAMES`, under the entry point group
``seaview_rules.games`` of this distribution's ``pyproject.toml``."""
