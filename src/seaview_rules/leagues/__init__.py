"""*20,000 Leagues Under the Sea - A Deep Sea Treasure Hunt* (Jaymar, 1954), 2-4 players.

Divers start at the top left of the board and move along their row by the number and
direction the spinner shows; arrows and starfish take them down (and give another
spin), octopuses send them up, and landing on another diver costs a rise. The first
diver to land on the red arrow in the deepest row wins. Boards and spinners are data
(`load_board`, `load_spinner`); the default ones are a documented reconstruction.

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

import sys
from typing import TYPE_CHECKING

from seaview_rules._core import Game
from seaview_rules.leagues._board import (
    Board,
    Direction,
    Segment,
    Spinner,
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
from seaview_rules.leagues._codec import dumps, from_dict, loads, to_dict
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
    describe,
    events,
    narrate,
)
from seaview_rules.leagues._model import Event, EventKind, Phase, Rules, State
from seaview_rules.leagues._moves import SPINS, Move, Spin, parse_move
from seaview_rules.leagues._render import render
from seaview_rules.leagues._rules import (
    apply_move,
    chance_outcomes,
    check_move,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
    sample_chance,
)
from seaview_rules.leagues._views import View, view

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "GAME",
    "SPINS",
    "Blocked",
    "Board",
    "Bounced",
    "Collided",
    "Direction",
    "DiverEvent",
    "Event",
    "EventKind",
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
    "check_move",
    "current_player",
    "default_board",
    "default_spinner",
    "describe",
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
    "render",
    "rules_applied",
    "sample_chance",
    "spinner_from_data",
    "spinner_to_data",
    "statistics",
    "to_dict",
    "view",
]


def statistics(state: State) -> Mapping[str, int]:
    """Counters of a game so far: spins and turns in play, extra spins, and the spins
    of the spin-off for the order of play (LEA-2).

    >>> statistics(new_game(Rules(players=2)))
    {'spins': 0, 'turns': 0, 'extra_spins': 0, 'order_spins': 0}
    """
    return {
        "spins": state.spins,
        "turns": state.turns,
        "extra_spins": state.spins - state.turns,
        "order_spins": state.order_spins,
    }


_EVENT_RULES: dict[EventKind, tuple[str, ...]] = {
    EventKind.ORDER_SPIN: ("LEA-2",),
    EventKind.TIE: ("LEA-R3",),
    EventKind.ORDER: ("LEA-2",),
    EventKind.MOVE: ("LEA-4",),
    EventKind.BOUNCE: ("LEA-5",),
    EventKind.BLOCKED: ("LEA-6",),
    EventKind.ARROW: ("LEA-7", "LEA-R5"),
    EventKind.STARFISH: ("LEA-9", "LEA-R5"),
    EventKind.OCTOPUS: ("LEA-10", "LEA-R5"),
    EventKind.COLLISION: ("LEA-11",),
    EventKind.RISE: ("LEA-R7",),
    EventKind.EXTRA_SPIN: ("LEA-R6",),
    EventKind.WIN: ("LEA-1", "LEA-R8"),
}


_TAKEN_RULES = {
    SquareKind.ARROW: "LEA-8",
    SquareKind.STARFISH: "LEA-9",
    SquareKind.OCTOPUS: "LEA-10",
}


def every_move(rules: Rules) -> tuple[Spin, ...]:
    """Every spin from 1 to one more than the spinner's highest number, right then
    left: the spinner's own spins and some it cannot show (LEA-R2).

    >>> [str(m) for m in every_move(Rules())][:3], len(every_move(Rules()))
    (['1R', '1L', '2R'], 14)
    """
    highest = max(segment.number for segment in rules.spinner.segments)
    return tuple(SPINS[n, d] for n in range(1, highest + 2) for d in Direction)


def rules_applied(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The rules and rulings that the spin from ``before`` to ``after`` exercised, by ID,
    read from the events it left (`State.events`) and from where the diver spun."""
    applied = {"LEA-R1", "LEA-R2"}
    kinds = {event.kind for event in after.events}
    for kind in kinds:
        applied.update(_EVENT_RULES.get(kind, ()))
    if EventKind.START in kinds:  # back to start: a first-row collision, or a failed rise
        applied.add("LEA-12" if EventKind.RISE in kinds or EventKind.TAKEN in kinds else "LEA-11")
    if before.phase is not Phase.SPIN:
        return tuple(sorted(applied))
    board = before.rules.board
    start, columns = board.start, board.columns
    mover = before.player
    here = before.positions[mover]
    others = before.positions[:mover] + before.positions[mover + 1 :]
    for event in after.events:
        if event.kind is not EventKind.MOVE or event.square is None:
            continue
        landed_on = board.squares[event.square]
        if EventKind.TAKEN in kinds:  # the effect's target was taken
            applied.add(_TAKEN_RULES[landed_on])
            if landed_on is SquareKind.STARFISH:
                applied.add("LEA-R10")  # where the rise starts
        if event.square == start:
            if start in others:
                applied.add("LEA-R4")  # onto the start, where another diver stands
            if start % columns:
                applied.add("LEA-R12")  # onto a start that is not the row's left end
    if here == start:
        # LEA-3, LEA-R4: put on the start, he moves right; LEA-R11: so he does (or, with
        # the option, by the letter) after walking onto it.
        applied.update(("LEA-3", "LEA-R4") if before.placed[mover] else ("LEA-R11",))
        if start % columns:
            applied.add("LEA-R12")  # from a start that is not the row's left end
    elif before.placed[mover] and here % columns == (
        columns - 1 if move.direction is Direction.RIGHT else 0
    ):
        applied.add("LEA-R9")  # put on an end square, and the letter leads off the row
    return tuple(sorted(applied))


GAME: Game[Rules, State, Move, View] = Game.from_package(
    sys.modules[__name__],
    name="leagues",
    title="20,000 Leagues Under the Sea board game",
    min_players=2,
    max_players=4,
    chance=True,
    hidden_information=False,
)
"""The 20,000 Leagues board game's entry in `seaview_rules.GAMES`."""
