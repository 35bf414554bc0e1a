"""The JSON of Dice under Cups: states, views, records, seat records, events and lists
of moves in the library's versioned envelope, read strictly, and their JSON Schemas.
"""

from __future__ import annotations

from typing import Any

from seaview_cups._model import Decision, Move, Roll, Rules, State, View, parse_move
from seaview_cups._rules import (
    EVENT_TYPES,
    apply_move,
    check_state,
    check_view,
    new_game,
    outcome,
)
from seaview_rules import CHANCE, Player, Termination
from seaview_rules.codec import (
    Codec,
    Field,
    SchemaBuilder,
    SchemaHooks,
    event_classes,
    read_event,
    read_fields,
    read_player,
)

EVENTS = event_classes(*EVENT_TYPES)
"""The event classes a table of the game sends, by their ``"type"``."""

_READERS = {Player | None: read_player, Move: lambda field: field.parse(parse_move)}


def read_rules(data: Field) -> Rules:
    """A `Rules` value; absent keys take their defaults."""
    return read_fields(Rules, data, {}, defaults=True)


def _read_state(data: Field) -> State:
    state = read_fields(State, data, _READERS)
    check_state(state)
    return state


def _read_view(data: Field) -> View:
    seen = read_fields(View, data, _READERS)
    check_view(seen)
    return seen


_MOVE_SCHEMA = {"type": "string", "pattern": "^(roll [1-6]|keep|reroll)$"}

_SCHEMA_HOOKS: SchemaHooks = {
    Player | None: lambda b: {
        "anyOf": [
            {"type": "integer", "minimum": 0, "maximum": 3},
            {"const": CHANCE.value},
            {"type": "null"},
        ]
    },
    Move: lambda b: b.define("Move", lambda: dict(_MOVE_SCHEMA)),
}


def _no_derived(b: SchemaBuilder) -> dict[str, dict[str, Any]]:
    return {}


CODEC: Codec[Rules, State, Move, View] = Codec(
    game="cups",
    title="Dice under Cups",
    rules=Rules,
    state=State,
    view=View,
    move=Move,
    moves=(Roll, Decision),
    events=EVENTS,
    parse_move=parse_move,
    new_game=new_game,
    apply_move=apply_move,
    writers=lambda rules: {Roll: str, Decision: str},
    read_rules=read_rules,
    read_state=_read_state,
    read_view=_read_view,
    read_event=lambda data, rules: read_event(data, EVENTS, {}),
    view_outcome=outcome,
    termination=Termination.TARGET_SCORE,
    view_derived={},
    schema_hooks=_SCHEMA_HOOKS,
    view_derived_schemas=_no_derived,
)
"""The game's JSON and JSON Schemas."""

__all__ = ["CODEC", "EVENTS", "read_rules"]
