"""Versioned JSON for 20,000 Leagues states, views, game records and lists of moves.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

import attrs

from seaview_rules._core import CHANCE, InvalidDataError, Player
from seaview_rules._json import (
    MOVES_VERSION,
    Field,
    Readers,
    Writers,
    dump_document,
    envelope,
    expect_kind,
    parse_json,
    read_envelope,
    read_fields,
    read_moves,
    write,
)
from seaview_rules._play import GameRecord, record_from_data, record_to_data
from seaview_rules.leagues._checks import check_state, check_view
from seaview_rules.leagues._model import Rules, State
from seaview_rules.leagues._moves import Move, Spin, parse_move
from seaview_rules.leagues._pieces import (
    Board,
    Spinner,
    Square,
    board_from_data,
    board_to_data,
    spinner_from_data,
    spinner_to_data,
)
from seaview_rules.leagues._views import View

if TYPE_CHECKING:
    from collections.abc import Callable

GAME = "leagues"
VERSIONS = {"state": 1, "view": 1, "record": 1, "moves": MOVES_VERSION}
"""The format version written and read for each kind of document."""

Document = State | View | GameRecord[Rules, Move] | tuple[Move, ...]
"""What a 20,000 Leagues document holds."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, tuple)

T = TypeVar("T")


def to_dict(
    obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move],
) -> dict[str, Any]:
    """The JSON document of a state, a view, a game record or a tuple (or list) of
    moves, as a dict of JSON values: what `dumps` writes, for a web framework to
    serialise; `from_dict` reads it back.

    >>> from seaview_rules import leagues
    >>> leagues.to_dict([leagues.parse_move("3R"), leagues.parse_move("6L")])
    {'format': 'seaview_rules', 'game': 'leagues', 'kind': 'moves', 'version': 1, 'data': ['3R', '6L']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            20,000 Leagues move).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], _data(obj))
    if isinstance(obj, View):
        return envelope(GAME, "view", VERSIONS["view"], _view_data(obj))
    if isinstance(obj, GameRecord):
        return envelope(GAME, "record", VERSIONS["record"], record_to_data(obj, rules_data))
    if isinstance(obj, (tuple, list)):
        return envelope(GAME, "moves", VERSIONS["moves"], _moves_data(obj))
    raise TypeError(f"cannot write {type(obj).__name__} as 20,000 Leagues JSON")


def dumps(obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move]) -> str:
    """JSON text of a state, a view, a game record or a tuple (or list) of moves (the
    compact text of `to_dict`); `loads` reads it back.

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
def from_dict(data: object, kind: type[tuple[Any, ...]]) -> tuple[Move, ...]: ...
def from_dict(data: object, kind: type[Any] | None = None) -> Document:
    """The state, view, game record or tuple of moves of a parsed document (what
    `to_dict` made, or ``json.loads`` of what `dumps` wrote), validated as `loads`
    validates text.

    Args:
        data: the parsed JSON, untrusted.
        kind: `State`, `View`, `GameRecord` or ``tuple`` (of moves) to accept that
            kind of document only, and be typed as such; ``None`` accepts any.

    Raises:
        InvalidDataError: ``data`` is not a valid 20,000 Leagues document, or holds a
            value that JSON cannot (a NaN, a set, a key that is not a string), or a
            document of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS:
        raise TypeError(f"kind must be State, View, GameRecord, tuple or None, not {kind!r}")
    from seaview_rules.leagues import GAME as LEAGUES

    document_kind, field = read_envelope(data, GAME, VERSIONS)
    obj: Document
    if document_kind == "state":
        state = _read(State, field)
        check_state(state)
        obj = state
    elif document_kind == "view":
        seen = _read(View, field)
        check_view(seen)
        obj = seen
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    else:
        obj = record_from_data(field, LEAGUES, read_rules)
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
def loads(text: str | bytes, kind: type[tuple[Any, ...]]) -> tuple[Move, ...]: ...
def loads(text: str | bytes, kind: type[Any] | None = None) -> Document:
    """The state, view, game record or tuple of moves that `dumps` wrote; with
    ``kind``, only a document of that kind (and typed as such: ``loads(text,
    kind=View)`` is a `View`).

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
        TypeError: ``kind`` is not `State`, `View`, `GameRecord`, ``tuple`` or ``None``.
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
    return {"seat": data.pop("seat"), **data}  # the seat comes first in a view document


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
