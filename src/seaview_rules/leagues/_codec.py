"""Versioned JSON for 20,000 Leagues states, views, game records, seat records, events
and lists of moves, and the JSON Schema of each kind of document: the game's `Codec`.

A state or a view is written field by field, as the shared mechanism of
``seaview_rules._reader`` writes any attrs value; squares are written as ``[row,
column]`` pairs counted from 1, and the rules carry the whole board and spinner in the
format of `load_board` and `load_spinner`. `from_dict` (and `loads`, which parses the
text first) trusts nothing: it reads every field strictly (the board and spinner are
validated as they are built), then checks the value it built with `check_state` or
`check_view`: that divers stand where divers can stand and never share a square but
the start, that the spin-off, the order, the player, the counters and
`State.extra_spin` agree with the phase and with each other, and that a view's
`View.to_move` and `View.legal_moves` are what its phase makes them. It checks a
position, not its history: a position written by hand loads, reachable or not, and
works (a `GameRecord`, which `replay` plays again, is what proves a position reachable).
A state keeps the position only: what the last spin did is not in it (`events` says it).

A view document (version 2) starts with the seat and ends with what a view derives from
its fields: ``winner`` (`View.winner`) and ``outcome`` (what `outcome` gives for the
state the view came from, ``null`` until a diver wins); the reader refuses values that
differ. An event's square is written as ``[row, column]`` from 1, as in states.

>>> from seaview_rules import leagues
>>> leagues.to_dict(leagues.Moved(seat=0, square=(1, 4)))["data"]
{'type': 'Moved', 'seat': 0, 'square': [1, 4]}
>>> leagues.to_dict([leagues.parse_move("3R"), leagues.parse_move("6L")])
{'format': 'seaview_rules', 'game': 'leagues', 'kind': 'moves', 'version': 1, 'data': ['3R', '6L']}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from seaview_rules._codec import Codec, Dumps, FromDict, Loads, ToDict
from seaview_rules._core import CHANCE, Event, InvalidDataError, Player
from seaview_rules._reader import (
    Field,
    Readers,
    Writers,
    checked,
    event_classes,
    read_event,
    read_fields,
)
from seaview_rules._schemas import (
    SchemaBuilder,
    SchemaHooks,
    alternatives,
    integer,
    max_seat,
    regex_escape,
    seat_schema,
)
from seaview_rules.leagues import _events
from seaview_rules.leagues._checks import check_state, check_view
from seaview_rules.leagues._model import Rules, State
from seaview_rules.leagues._moves import SPINS, Move, Spin, parse_move
from seaview_rules.leagues._pieces import (
    MAX_LOADED_COLUMNS,
    MAX_LOADED_ROWS,
    MAX_LOADED_SEGMENTS,
    MAX_NUMBER,
    MAX_TOTAL_WEIGHT,
    Board,
    Direction,
    Spinner,
    Square,
    SquareKind,
    board_from_data,
    board_to_data,
    spinner_from_data,
    spinner_to_data,
)
from seaview_rules.leagues._rulebook import TREASURE
from seaview_rules.leagues._rules import apply_move, new_game, outcome
from seaview_rules.leagues._views import View

if TYPE_CHECKING:
    from collections.abc import Callable

# DiverEvent is the base of the diver's events, with no words of its own: never sent.
EVENTS: dict[str, type[Event]] = event_classes(
    *(getattr(_events, n) for n in _events.__all__ if n != "DiverEvent")
)
"""The classes of the events a 20,000 Leagues table sends, by their ``"type"`` in JSON."""

T = TypeVar("T")


def _writers(rules: Rules | None) -> Writers:
    """The board and the spinner in the format of `load_board` and `load_spinner`, and
    squares as ``[row, column]`` pairs on the board of ``rules``."""
    if rules is None:  # an event: its squares are [row, column] pairs already
        return {}
    board = rules.board
    return {
        Board: board_to_data,
        Spinner: spinner_to_data,
        Square: lambda square: list(board.coordinates(square)),
    }


_RULES_FIELDS = tuple(a.name for a in attrs.fields(Rules) if a.init)
_RULES_READERS: dict[str, Callable[[Field], object]] = {
    "board": lambda data: _prefixed(data, board_from_data),
    "spinner": lambda data: _prefixed(data, spinner_from_data),
}


def read_rules(data: Field) -> Rules:
    """Read the rules object; a missing option takes its default. `Rules` itself checks
    the options, and an error it raises is placed under the option it names."""
    data.keys(set(), frozenset(_RULES_FIELDS))
    options: dict[str, Any] = {
        name: _RULES_READERS[name](data.get(name))
        if name in _RULES_READERS
        else data.get(name).value
        for name in _RULES_FIELDS
        if data.has(name)
    }
    try:
        return Rules(**options)
    except InvalidDataError as exc:
        where = f"{data.path}.{exc.where}" if exc.where in options else f"{data.path}: {exc.where}"
        raise InvalidDataError(where, exc.problem) from None


def _prefixed(data: Field, reader: Callable[[Field], T]) -> T:
    try:
        return reader(data)
    except InvalidDataError as exc:
        if exc.where.startswith(data.path):
            raise
        raise InvalidDataError(f"{data.path}: {exc.where}", exc.problem) from None


_Match = TypeVar("_Match", State, View)


def _read(cls: type[_Match], data: Field) -> _Match:
    """A state or a view, field by field; its consistency is checked by the caller."""
    found: list[Rules] = []

    def rules(field: Field) -> Rules:
        found.append(read_rules(field))
        return found[0]

    def square(field: Field) -> Square:
        # The rules are the first field of a document: their board is known here.
        board = found[0].board
        items = field.items(2, 2)
        return board.index(items[0].integer(1, board.rows), items[1].integer(1, board.columns))

    readers: Readers = {
        Rules: rules,
        Square: square,
        Spin: lambda field: field.parse(parse_move),
        Player | None: _read_to_move,
    }
    return read_fields(cls, data, readers)


def _read_to_move(field: Field) -> object:
    """A view's `View.to_move`: ``null``, ``"chance"``, or else the value as it is, for
    `check_view` to say what the phase makes it."""
    return CHANCE if field.value == CHANCE.value else field.value


def _read_event(data: Field, rules: Rules | None) -> Event:
    """An event; with the ``rules`` of a seat record, each square must be on their board."""
    rows = MAX_LOADED_ROWS if rules is None else rules.board.rows
    columns = MAX_LOADED_COLUMNS if rules is None else rules.board.columns

    def square(field: Field) -> tuple[int, int]:
        row, column = field.items(2, 2)
        return row.integer(1, rows), column.integer(1, columns)

    readers: Readers = {
        tuple[int, int]: square,
        Spin: lambda field: field.parse(parse_move),
        Move: lambda field: field.parse(parse_move),
    }
    return read_event(data, EVENTS, readers)


def _square_schema(b: SchemaBuilder) -> dict[str, Any]:
    return b.define(
        "Square",
        lambda: {
            "description": "A square of the board as [row, column], counted from 1.",
            "type": "array",
            "prefixItems": [integer(1, MAX_LOADED_ROWS), integer(1, MAX_LOADED_COLUMNS)],
            "items": False,
            "minItems": 2,
        },
    )


def _move_schema(b: SchemaBuilder) -> dict[str, Any]:
    return b.define(
        "Move",
        lambda: {
            "description": "A spin in 20,000 Leagues notation: its number, then R or L.",
            "type": "string",
            "pattern": f"^{alternatives(SPINS.values())}$",
        },
    )


def _board_schema(b: SchemaBuilder) -> dict[str, Any]:
    squares = regex_escape("".join(kind.value for kind in SquareKind))
    row = {"type": "string", "pattern": f"^[\\s{squares}]*$"}
    return b.define(
        "Board",
        lambda: {
            "description": "The board in the format of load_board (LEA-R1): a row of "
            "squares per string, spaces ignored.",
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "rows": integer(2, MAX_LOADED_ROWS),
                "columns": integer(2, MAX_LOADED_COLUMNS),
                "squares": {"type": "array", "items": row, "minItems": 2},
            },
            "required": ["rows", "columns", "squares"],
            "additionalProperties": False,
        },
    )


def _spinner_schema(b: SchemaBuilder) -> dict[str, Any]:
    segment = {
        "type": "object",
        "properties": {
            "number": integer(1, MAX_NUMBER),
            "direction": {"enum": [d.value for d in Direction]},
            "weight": integer(1, MAX_TOTAL_WEIGHT),
        },
        "required": ["number", "direction"],
        "additionalProperties": False,
    }
    return b.define(
        "Spinner",
        lambda: {
            "description": "The spinner in the format of load_spinner (LEA-R2).",
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "segments": {
                    "type": "array",
                    "items": segment,
                    "minItems": 1,
                    "maxItems": MAX_LOADED_SEGMENTS,
                },
            },
            "required": ["segments"],
            "additionalProperties": False,
        },
    )


_SCHEMA_HOOKS: SchemaHooks = {
    (Rules, "board"): _board_schema,
    (Rules, "spinner"): _spinner_schema,
    Square: _square_schema,
    tuple[int, int]: _square_schema,
    Spin: _move_schema,
    # Every move is chance's: a view's to_move is chance, or null once the game is over.
    Player | None: {"anyOf": [{"const": CHANCE.value}, {"type": "null"}]},
    (View, "legal_moves"): lambda b: {"type": "array", "items": _move_schema(b), "maxItems": 0},
}
"""The schemas of what `_WRITERS` and the readers of `_read` and `_read_event` handle."""

CODEC: Codec[Rules, State, Move, View] = Codec(
    game="leagues",
    title="20,000 Leagues",
    rules=Rules,
    state=State,
    view=View,
    move=Move,
    moves=(Spin,),
    events=EVENTS,
    parse_move=parse_move,
    new_game=new_game,
    apply_move=apply_move,
    writers=_writers,
    read_rules=read_rules,
    read_state=lambda data: checked(_read(State, data), check_state),
    read_view=lambda data: checked(_read(View, data), check_view),
    read_event=_read_event,
    view_outcome=outcome,
    termination=TREASURE,
    view_derived={"winner": (int | None, lambda seen: seen.winner)},
    view_first=("seat",),
    schema_hooks=_SCHEMA_HOOKS,
    view_derived_schemas=lambda b: {"winner": seat_schema(max_seat(Rules))},
    seat_fields=("seats", "player", "order", "groups"),
)
"""The JSON of 20,000 Leagues documents, and their JSON Schemas (see
`seaview_rules.schema`)."""

to_dict: ToDict[Rules, State, Move, View] = CODEC.to_dict
dumps: Dumps[Rules, State, Move, View] = CODEC.dumps
from_dict: FromDict[Rules, State, Move, View] = CODEC.from_dict
loads: Loads[Rules, State, Move, View] = CODEC.loads
