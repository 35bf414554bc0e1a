"""Versioned JSON for 20,000 Leagues states, views, game records, seat records, events
and lists of moves, and the JSON Schema of each kind of document.

A state or a view is written field by field, as the shared mechanism of
``seaview_rules._json`` writes any attrs value; squares are written as ``[row,
column]`` pairs counted from 1, and the rules carry the whole board and spinner in the
format of `load_board` and `load_spinner`. `from_dict` (and `loads`, which parses the
text first) trusts nothing: it reads every field strictly (the board and spinner are
validated as they are built), then checks the value it built with `check_state` or
`check_view`: that divers stand where divers can stand and never share a square but
the start, that the spin-off, the counters and the last spin's events agree with the
phase, that `State.placed` agrees with the start of the game and with the last spin,
and that a view's `View.to_move` and `View.legal_moves` are what its phase makes them.

A view document (version 2) ends with what a view derives from its fields: ``winner``
(`View.winner`) and ``outcome`` (what `outcome` gives for the state the view came from,
``null`` until a diver wins); the reader refuses values that differ. Version 1 view
documents, without those keys, are still read. An event's square is written as
``[row, column]`` from 1, as in states.

The JSON Schema of each kind (`schema`) is generated from the same fields, with a
schema hook for each domain type next to its reader and writer hooks here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

import attrs

from seaview_rules._core import CHANCE, Event, InvalidDataError, Outcome, Player, Termination
from seaview_rules._json import (
    EVENT_VERSION,
    MOVES_VERSION,
    SEAT_RECORD_VERSION,
    Field,
    GameSchemas,
    Readers,
    SchemaBuilder,
    SchemaHooks,
    Writers,
    alternatives,
    check_derived,
    dump_document,
    envelope,
    event_classes,
    expect_kind,
    integer,
    max_seat,
    parse_json,
    read_document,
    read_event,
    read_fields,
    read_moves,
    regex_escape,
    seat_schema,
    without_derived,
    write,
    write_event,
)
from seaview_rules._play import (
    GameRecord,
    SeatRecord,
    record_from_data,
    record_to_data,
    seat_record_from_data,
    seat_record_to_data,
)
from seaview_rules.leagues import _events
from seaview_rules.leagues._checks import check_state, check_view
from seaview_rules.leagues._model import Phase, Rules, State
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
from seaview_rules.leagues._views import View

if TYPE_CHECKING:
    from collections.abc import Callable

GAME = "leagues"
VERSIONS = {
    "state": 1,
    "view": 2,
    "moves": MOVES_VERSION,
    "record": 1,
    "seat_record": SEAT_RECORD_VERSION,
    "event": EVENT_VERSION,
}
"""The format version written for each kind of document."""
OLDER_VERSIONS = {"view": frozenset({1})}
"""The older versions still read: version 1 views lack the derived keys."""

Document = State | View | GameRecord[Rules, Move] | SeatRecord[Rules] | Event | tuple[Move, ...]
"""What a 20,000 Leagues document holds."""

# DiverEvent is the base of the diver's events, with no words of its own: never sent.
EVENTS: dict[str, type[Event]] = event_classes(
    *(getattr(_events, n) for n in _events.__all__ if n != "DiverEvent")
)
"""The classes of the events a 20,000 Leagues table sends, by their ``"type"`` in JSON."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, SeatRecord, tuple, Event)
_VIEW_DERIVED = ("winner", "outcome")

T = TypeVar("T")
E = TypeVar("E", bound=Event)

Writable = (
    State
    | View
    | GameRecord[Rules, Move]
    | SeatRecord[Rules]
    | Event
    | tuple[Move, ...]
    | list[Move]
)
"""What `to_dict` and `dumps` write."""


def to_dict(obj: Writable) -> dict[str, Any]:
    """The JSON document of a state, a view, a game record, a seat record, an event
    (of `EVENTS`) or a tuple (or list) of moves, as a dict of JSON values: what `dumps`
    writes, for a web framework to serialise; `from_dict` reads it back.

    >>> from seaview_rules import leagues
    >>> leagues.to_dict(leagues.Moved(seat=0, square=(1, 4)))["data"]
    {'type': 'Moved', 'seat': 0, 'square': [1, 4]}

    >>> from seaview_rules import leagues
    >>> leagues.to_dict([leagues.parse_move("3R"), leagues.parse_move("6L")])
    {'format': 'seaview_rules', 'game': 'leagues', 'kind': 'moves', 'version': 1, 'data': ['3R', '6L']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            20,000 Leagues move, or an event is another game's).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], _data(obj))
    if isinstance(obj, View):
        return envelope(GAME, "view", VERSIONS["view"], _view_data(obj))
    if isinstance(obj, GameRecord):
        return envelope(GAME, "record", VERSIONS["record"], record_to_data(obj, rules_data))
    if isinstance(obj, SeatRecord):
        data = seat_record_to_data(obj, rules_data, event_data)
        return envelope(GAME, "seat_record", VERSIONS["seat_record"], data)
    if isinstance(obj, Event):
        return envelope(GAME, "event", VERSIONS["event"], event_data(obj))
    if isinstance(obj, (tuple, list)):
        return envelope(GAME, "moves", VERSIONS["moves"], _moves_data(obj))
    raise TypeError(f"cannot write {type(obj).__name__} as 20,000 Leagues JSON")


def dumps(obj: Writable) -> str:
    """JSON text of a state, a view, a game record, a seat record, an event or a tuple
    (or list) of moves (the compact text of `to_dict`); `loads` reads it back.

    >>> from seaview_rules import leagues
    >>> state = leagues.new_game(leagues.Rules(players=2))
    >>> leagues.loads(leagues.dumps(state)) == state
    True
    >>> leagues.loads(leagues.dumps(leagues.legal_moves(state)[:2]), kind=tuple)
    (parse_move('1R'), parse_move('1L'))

    Raises:
        TypeError: ``obj`` is none of these.
    """
    return dump_document(to_dict(obj))


@overload
def from_dict(data: object, kind: None = None) -> Document: ...
@overload
def from_dict(data: object, kind: type[State]) -> State: ...
@overload
def from_dict(data: object, kind: type[View]) -> View: ...
@overload
def from_dict(data: object, kind: type[GameRecord[Any, Any]]) -> GameRecord[Rules, Move]: ...
@overload
def from_dict(data: object, kind: type[SeatRecord[Any]]) -> SeatRecord[Rules]: ...
@overload
def from_dict(data: object, kind: type[tuple[Any, ...]]) -> tuple[Move, ...]: ...
@overload
def from_dict(data: object, kind: type[E]) -> E: ...
def from_dict(data: object, kind: type[Any] | None = None) -> Document:
    """The state, view, game record, seat record, event or tuple of moves of a parsed
    document (what `to_dict` made, or ``json.loads`` of what `dumps` wrote), validated
    as `loads` validates text.

    Args:
        data: the parsed JSON, untrusted.
        kind: `State`, `View`, `GameRecord`, `~seaview_rules.SeatRecord`, ``tuple``
            (of moves), `~seaview_rules.Event` (any event) or one event class, to
            accept that kind of document only, and be typed as such; ``None`` accepts
            any.

    Raises:
        InvalidDataError: ``data`` is not a valid 20,000 Leagues document, or holds a
            value that JSON cannot (a NaN, a set, a key that is not a string), or a
            document of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS and kind not in EVENTS.values():
        raise TypeError(
            "kind must be State, View, GameRecord, SeatRecord, tuple, Event, an event "
            f"class or None, not {kind!r}"
        )
    from seaview_rules.leagues import GAME as LEAGUES

    document_kind, version, field = read_document(data, GAME, VERSIONS, OLDER_VERSIONS)
    obj: Document
    if document_kind == "state":
        state = _read(State, field)
        check_state(state)
        obj = state
    elif document_kind == "view":
        obj = _read_view(field, version)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    elif document_kind == "record":
        obj = record_from_data(field, LEAGUES, read_rules)
    elif document_kind == "seat_record":
        obj = seat_record_from_data(field, LEAGUES, read_rules, _read_event)
    else:
        obj = _read_event(field)
    return expect_kind(obj, kind)


@overload
def loads(text: str | bytes, kind: None = None) -> Document: ...
@overload
def loads(text: str | bytes, kind: type[State]) -> State: ...
@overload
def loads(text: str | bytes, kind: type[View]) -> View: ...
@overload
def loads(text: str | bytes, kind: type[GameRecord[Any, Any]]) -> GameRecord[Rules, Move]: ...
@overload
def loads(text: str | bytes, kind: type[SeatRecord[Any]]) -> SeatRecord[Rules]: ...
@overload
def loads(text: str | bytes, kind: type[tuple[Any, ...]]) -> tuple[Move, ...]: ...
@overload
def loads(text: str | bytes, kind: type[E]) -> E: ...
def loads(text: str | bytes, kind: type[Any] | None = None) -> Document:
    """The state, view, game record, seat record, event or tuple of moves that `dumps`
    wrote; with ``kind``, only a document of that kind (and typed as such:
    ``loads(text, kind=View)`` is a `View`, ``loads(text, kind=Event)`` any event).

    >>> from seaview_rules import leagues
    >>> seen = leagues.view(leagues.new_game(leagues.Rules(players=2)), 0)
    >>> leagues.loads(leagues.dumps(seen), kind=leagues.View) == seen
    True
    >>> leagues.loads(leagues.dumps(seen), kind=leagues.State)
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: kind: the document holds a View, not a State

    Raises:
        InvalidDataError: the text is not a valid 20,000 Leagues document (of that
            kind); the message names the offending path and the problem.
        TypeError: ``kind`` is none of those `from_dict` takes.
    """
    return from_dict(parse_json(text), kind)


def _moves_data(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    for index, move in enumerate(moves):
        if not isinstance(move, Spin):
            raise TypeError(f"item {index} is a {type(move).__name__}, not a 20,000 Leagues move")
    return [str(m) for m in moves]


_WRITERS: Writers = {Board: board_to_data, Spinner: spinner_to_data}
"""The board and the spinner in the format of `load_board` and `load_spinner`."""


def rules_data(rules: Rules) -> dict[str, Any]:
    """The JSON object of ``rules``, board and spinner included."""
    return cast("dict[str, Any]", write(rules, _WRITERS))


def _data(match: State | View) -> dict[str, Any]:
    """The fields of a state or a view, squares as ``[row, column]`` pairs."""
    data = cast("dict[str, Any]", write(match, _WRITERS))
    # A Square is an int when written: write each as the board's coordinates.
    board = match.rules.board
    data["positions"] = [_square_data(board, p) for p in match.positions]
    for event, written in zip(match.events, data["events"], strict=True):
        written["square"] = _square_data(board, event.square)
    return data


def _view_data(view: View) -> dict[str, Any]:
    data = _data(view)
    derived = {"winner": view.winner, "outcome": write(view_outcome(view), {})}
    return {"seat": data.pop("seat"), **data, **derived}  # the seat comes first in a view


def _square_data(board: Board, square: Square | None) -> list[int] | None:
    return None if square is None else list(board.coordinates(square))


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
        items = field.list(2, 2)
        return board.index(items[0].int(1, board.rows), items[1].int(1, board.columns))

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


def view_outcome(seen: View) -> Outcome | None:
    """The outcome of the game a view shows, from the view's own fields: what
    `outcome` gives for the state the view came from (LEA-1).

    >>> from seaview_rules import leagues
    >>> view_outcome(leagues.view(leagues.new_game(leagues.Rules(players=2)), 0)) is None
    True
    """
    if seen.phase is not Phase.OVER:
        return None
    scores = tuple(int(seat == seen.player) for seat in range(seen.rules.players))
    return Outcome(seen.player, scores, Termination.TREASURE)


def _read_view(data: Field, version: int) -> View:
    if version == 1:  # no derived keys
        seen = _read(View, data)
        check_view(seen)
        return seen
    rest, derived = without_derived(data, _VIEW_DERIVED)
    seen = _read(View, rest)
    check_view(seen)
    check_derived(derived["winner"], int | None, seen.winner)
    check_derived(derived["outcome"], Outcome | None, view_outcome(seen))
    return seen


def event_data(event: Event) -> dict[str, Any]:
    """The data of an event of `EVENTS` (``{"type": ..., <its fields>}``), a square as
    ``[row, column]`` from 1.

    Raises:
        TypeError: not an event a 20,000 Leagues table sends.
    """
    if EVENTS.get(type(event).__name__) is not type(event):
        raise TypeError(f"cannot write {type(event).__name__} as 20,000 Leagues JSON")
    return write_event(event, {})


def _read_event(data: Field, rules: Rules | None = None) -> Event:
    """An event; with the ``rules`` of a seat record, each square must be on their board."""
    rows = MAX_LOADED_ROWS if rules is None else rules.board.rows
    columns = MAX_LOADED_COLUMNS if rules is None else rules.board.columns

    def square(field: Field) -> tuple[int, int]:
        row, column = field.list(2, 2)
        return row.int(1, rows), column.int(1, columns)

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


def _view_derived(b: SchemaBuilder) -> dict[str, dict[str, Any]]:
    return {
        "winner": seat_schema(max_seat(Rules)),
        "outcome": {"anyOf": [b.of(Outcome), {"type": "null"}]},
    }


_SCHEMA_HOOKS: SchemaHooks = {
    Rules: lambda b: b.define("Rules", lambda: b.fields(Rules, defaults=True)),
    (Rules, "board"): _board_schema,
    (Rules, "spinner"): _spinner_schema,
    Square: _square_schema,
    tuple[int, int]: _square_schema,
    Spin: _move_schema,
    # Every move is chance's: a view's to_move is chance, or null once the game is over.
    Player | None: {"anyOf": [{"const": CHANCE.value}, {"type": "null"}]},
    (View, "legal_moves"): lambda b: {"type": "array", "items": _move_schema(b), "maxItems": 0},
    (Outcome, "termination"): {"const": Termination.TREASURE.value},
}
"""The schemas of what `_WRITERS` and the readers of `_read` and `_read_event` handle."""

SCHEMAS = GameSchemas(
    game=GAME,
    title="20,000 Leagues",
    versions=VERSIONS,
    older=OLDER_VERSIONS,
    hooks=_SCHEMA_HOOKS,
    rules=Rules,
    state=State,
    view=View,
    move=Move,
    events=EVENTS,
    view_derived=_view_derived,
)
"""The JSON Schemas of 20,000 Leagues documents (see `seaview_rules.schema`)."""
