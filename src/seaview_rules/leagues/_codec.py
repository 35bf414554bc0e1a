"""Versioned JSON for 20,000 Leagues states, views, game records and lists of moves.

Squares are written as ``[row, column]`` pairs counted from 1; the rules carry the
whole board and spinner in the format of `load_board` and `load_spinner`. `from_dict`
(and `loads`, which parses the text first) trusts nothing: it checks types and ranges,
that the board and spinner are valid, that divers stand where divers can stand and
never share a square but the start, that the spin-off, the counters and the last
spin's events agree with the phase, that `State.placed` agrees with the start of the
game and with the last spin, and that a view's `View.to_move` and `View.legal_moves`
are what its phase makes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, overload

from seaview_rules._core import CHANCE, InvalidDataError
from seaview_rules._json import (
    MOVES_VERSION,
    Field,
    dump_document,
    envelope,
    expect_kind,
    parse_json,
    read_envelope,
    read_moves,
)
from seaview_rules._play import GameRecord, record_from_data, record_to_data
from seaview_rules.leagues._board import (
    Board,
    SquareKind,
    board_from_data,
    board_to_data,
    spinner_from_data,
    spinner_to_data,
)
from seaview_rules.leagues._model import Event, EventKind, Phase, Rules, State
from seaview_rules.leagues._moves import Move, Spin, parse_move
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

_ORDER_EVENTS = frozenset({EventKind.ORDER_SPIN, EventKind.TIE, EventKind.ORDER})
_PLACING = frozenset(
    {EventKind.ARROW, EventKind.STARFISH, EventKind.OCTOPUS, EventKind.RISE, EventKind.START}
)
"""The events that put a diver on a square he did not walk to."""
_STANDING = (SquareKind.START, SquareKind.YELLOW)


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
        return envelope(GAME, "state", VERSIONS["state"], _state_data(obj))
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
        obj = State(*_read_fields(field, set()))
    elif document_kind == "view":
        obj = _read_view(field)
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


_FLAGS = (
    "spin_off",
    "extra_spin_after_rise",
    "starfish_rise_above_taken",
    "blocked_when_placed",
    "start_always_right",
)
"""The yes-or-no options of `Rules`, written after the board and the spinner; `Rules`
itself checks their types when they are read."""


def rules_data(rules: Rules) -> dict[str, Any]:
    """The JSON object of ``rules``, board and spinner included."""
    return {
        "players": rules.players,
        "board": board_to_data(rules.board),
        "spinner": spinner_to_data(rules.spinner),
        **{name: getattr(rules, name) for name in _FLAGS},
    }


def read_rules(data: Field) -> Rules:
    """Read the rules object; a missing option takes its default."""
    data.keys(set(), frozenset({"players", "board", "spinner", *_FLAGS}))
    options: dict[str, Any] = {}
    for name in ("players", *_FLAGS):
        if data.has(name):
            options[name] = data.get(name).value
    if data.has("board"):
        options["board"] = _prefixed(data.get("board"), board_from_data)
    if data.has("spinner"):
        options["spinner"] = _prefixed(data.get("spinner"), spinner_from_data)
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
        raise InvalidDataError(
            f"{data.path}: {exc.where}" if exc.where else data.path, exc.problem
        ) from None


def _square_data(board: Board, square: int | None) -> list[int] | None:
    return None if square is None else list(board.coordinates(square))


def _state_data(state: State | View) -> dict[str, Any]:
    board = state.rules.board
    return {
        "rules": rules_data(state.rules),
        "phase": state.phase.value,
        "player": state.player,
        "positions": [_square_data(board, p) for p in state.positions],
        "placed": list(state.placed),
        "order": list(state.order),
        "groups": [list(g) for g in state.groups],
        "spun": list(state.spun),
        "spins": state.spins,
        "turns": state.turns,
        "order_spins": state.order_spins,
        "last_spin": None if state.last_spin is None else str(state.last_spin),
        "events": [
            {"kind": e.kind.value, "seat": e.seat, "square": _square_data(board, e.square)}
            for e in state.events
        ],
    }


def _view_data(view: View) -> dict[str, Any]:
    return {
        "seat": view.seat,
        **_state_data(view),
        "to_move": None if view.to_move is None else CHANCE.value,
        "legal_moves": [str(m) for m in view.legal_moves],
    }


def _read_view(data: Field) -> View:
    seat_field = data.get("seat").optional()
    rules, phase, *fields = _read_fields(data, {"seat", "to_move", "legal_moves"})
    seat = None if seat_field is None else seat_field.int(0, rules.players - 1)
    # Every move is a spin of the chance player: chance is to move until the end, and
    # no seat ever has a move of its own.
    to_move = None if phase is Phase.OVER else CHANCE
    if data.get("to_move").value != (None if to_move is None else CHANCE.value):
        data.get("to_move").fail(
            "must be null: the game is over"
            if to_move is None
            else f"must be {CHANCE.value!r}: every move is a spin until the game is over"
        )
    legal_field = data.get("legal_moves")
    if read_moves(legal_field, parse_move):
        legal_field.fail("must be empty: every move is a spin of the chance player")
    values = (phase, *fields, to_move, ())  # the state's fields but its rules, then the view's
    return View(rules, seat, *values)


def _read_square(field: Field, board: Board) -> int:
    items = field.list(2, 2)
    row = items[0].int(1, board.rows)
    column = items[1].int(1, board.columns)
    return board.index(row, column)


def _read_fields(data: Field, extra: set[str]) -> tuple[Any, ...]:
    keys = {"rules", "phase", "player", "positions", "placed", "order", "groups", "spun",
            "spins", "turns", "order_spins", "last_spin", "events"}  # fmt: skip
    data.keys(keys | extra)
    rules = read_rules(data.get("rules"))
    board, seats = rules.board, rules.players
    tables = rules.tables
    phase = data.get("phase").enum(Phase)
    player = data.get("player").int(0, seats - 1)

    positions = []
    for item in data.get("positions").list(seats, seats):
        square = _read_square(item, board)
        kind = board.squares[square]
        if kind not in _STANDING and not (kind is SquareKind.RED_ARROW and phase is Phase.OVER):
            item.fail(
                f"a diver cannot stand on {kind.name.lower()} square {board.coordinates(square)}"
            )
        if square != board.start and square in positions:
            item.fail(
                f"two divers on square {board.coordinates(square)}: only the start holds several (LEA-11)"
            )
        positions.append(square)

    placed = tuple(item.bool() for item in data.get("placed").list(seats, seats))

    def seat_list(field: Field) -> tuple[int, ...]:
        return tuple(item.int(0, seats - 1) for item in field.list(0, seats))

    order = seat_list(data.get("order"))
    groups = tuple(seat_list(item) for item in data.get("groups").list(0, seats))
    spun = tuple(item.int(1) for item in data.get("spun").list(0, seats))
    spins, turns, order_spins = (data.get(k).int(0) for k in ("spins", "turns", "order_spins"))
    spin_field = data.get("last_spin").optional()
    last_spin = None if spin_field is None else spin_field.parse(parse_move)
    if last_spin is not None and last_spin not in tables.index:
        data.get("last_spin").fail(f"the spinner has no {last_spin} segment (LEA-R2)")

    events = []
    for item in data.get("events").list():
        item.keys({"kind", "seat", "square"})
        event_kind = item.get("kind").enum(EventKind)
        seat = item.get("seat").int(0, seats - 1)
        square_field = item.get("square").optional()
        if (square_field is None) != (event_kind in _ORDER_EVENTS):
            item.get("square").fail("the spin-off's events have no square, the others have one")
        at = None if square_field is None else _read_square(square_field, board)
        events.append(Event(event_kind, seat, at))

    _check_phase(data, rules, phase, player, tuple(positions), order, groups, spun)
    counters = (spins, turns, order_spins)
    _check_history(data, rules, phase, player, tuple(positions), order, counters, last_spin, events)
    _check_placed(data, rules, tuple(positions), placed, spins, events)
    return (rules, phase, player, tuple(positions), placed, order, groups, spun, spins, turns,
            order_spins, last_spin, tuple(events))  # fmt: skip


def _check_phase(
    data: Field,
    rules: Rules,
    phase: Phase,
    player: int,
    positions: tuple[int, ...],
    order: tuple[int, ...],
    groups: tuple[tuple[int, ...], ...],
    spun: tuple[int, ...],
) -> None:
    seats = tuple(range(rules.players))
    if phase is Phase.ORDER:
        if not rules.spin_off:
            data.get("phase").fail("these rules play in seat order, without a spin-off (LEA-R3)")
        if order:
            data.get("order").fail("must be empty until the spin-off settles it (LEA-2)")
        if tuple(sorted(s for g in groups for s in g)) != seats or not all(groups):
            data.get("groups").fail("must split every seat into ranked groups (LEA-R3)")
        tied = next((g for g in groups if len(g) > 1), None)
        if tied is None:
            data.get("groups").fail(
                "some seats must still be tied while the spin-off goes on (LEA-R3)"
            )
        numbers = {s.number for s in rules.spinner.segments}
        if len(spun) >= len(tied) or any(n not in numbers for n in spun):
            data.get("spun").fail("must be the numbers spun so far by the tied group (LEA-R3)")
        if player != tied[len(spun)]:
            data.get("player").fail(f"seat {tied[len(spun)]} spins next in the spin-off (LEA-R3)")
        if any(p != rules.board.start for p in positions):
            data.get("positions").fail(
                "every diver is on the start until the order is settled (LEA-3)"
            )
        return
    if groups or spun:
        data.fail("groups and spun are empty once the order of play is settled (LEA-R3)")
    if tuple(sorted(order)) != seats:
        data.get("order").fail("must list every seat once (LEA-2)")
    if not rules.spin_off and order != seats:
        data.get("order").fail("without a spin-off the order is the seat order (LEA-R3)")
    red = rules.board.red_arrow
    if phase is Phase.OVER and positions[player] != red:
        data.get("positions").fail("the winner's diver is on the red arrow (LEA-1)")


def _check_history(
    data: Field,
    rules: Rules,
    phase: Phase,
    player: int,
    positions: tuple[int, ...],
    order: tuple[int, ...],
    counters: tuple[int, int, int],
    last_spin: Spin | None,
    events: list[Event],
) -> None:
    spins, turns, order_spins = counters
    field = data.get("events")
    if not rules.spin_off and order_spins:
        data.get("order_spins").fail("these rules have no spin-off (LEA-R3)")
    if rules.spin_off and phase is not Phase.ORDER and order_spins < rules.players:
        data.get("order_spins").fail("every seat spins at least once in the spin-off (LEA-2)")
    if turns > spins or (spins > 0) != (turns > 0):
        data.get("turns").fail("every turn begins with a spin, and the first spin begins one")
    if (last_spin is None) != (spins + order_spins == 0) or bool(events) != (last_spin is not None):
        data.get("last_spin").fail("a spin is recorded, with its events, exactly when one was made")
    if spins == 0 and any(p != rules.board.start for p in positions):
        data.get("positions").fail("no diver leaves the start before the first spin (LEA-3)")
    if not events:
        return
    first, last = events[0], events[-1]
    if first.kind is EventKind.ORDER_SPIN:
        if any(e.kind not in _ORDER_EVENTS for e in events) or spins:
            field.fail("a spin-off spin has only spin-off events, before the first turn (LEA-2)")
        if (last.kind is EventKind.ORDER) != (phase is not Phase.ORDER) or (
            last.kind is EventKind.ORDER and last.seat != player
        ):
            field.fail("the spin-off ends with the order event naming the first player (LEA-2)")
        return
    if spins == 0 or any(e.kind in _ORDER_EVENTS or e.seat != first.seat for e in events):
        field.fail("the events of a turn's spin are about the diver who spun")
    if last.square != positions[last.seat]:
        field.fail("the last event leaves the diver on the square where he stands")
    if (last.kind is EventKind.WIN) != (phase is Phase.OVER) or (
        phase is Phase.OVER and last.seat != player
    ):
        field.fail("the game ends exactly when the diver who spun reaches the red arrow (LEA-1)")
    if last.kind is EventKind.EXTRA_SPIN and player != last.seat:
        data.get("player").fail("after an extra spin the same diver spins again (LEA-7, LEA-9)")
    if phase is Phase.SPIN and last.kind is not EventKind.EXTRA_SPIN:
        following = order[(order.index(last.seat) + 1) % len(order)]
        if player != following:
            data.get("player").fail(f"seat {following} plays after seat {last.seat} (LEA-2)")


def _check_placed(
    data: Field,
    rules: Rules,
    positions: tuple[int, ...],
    placed: tuple[bool, ...],
    spins: int,
    events: list[Event],
) -> None:
    field = data.get("placed")
    if spins == 0:
        if not all(placed):
            field.fail("every diver is put on the start before the first spin (LEA-3)")
        return
    if not events or events[0].kind is EventKind.ORDER_SPIN:
        return
    seat = events[0].seat
    kinds = {e.kind for e in events}
    if EventKind.BLOCKED not in kinds:
        if placed[seat] != bool(kinds & _PLACING):
            field.fail(
                f"seat {seat} walked to his square or was put there, as the last spin's events say"
            )
        return
    if positions[seat] == rules.board.start:
        if placed[seat]:
            field.fail("a diver put on the start square moves right, never blocked (LEA-R4)")
        if rules.start_always_right:
            field.fail("a diver who walked onto the start moves right, never blocked (LEA-R11)")
    elif placed[seat] and not rules.blocked_when_placed:
        field.fail("these rules never block a diver put on an end square (LEA-R9)")
