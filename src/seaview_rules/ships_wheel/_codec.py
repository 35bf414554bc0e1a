"""Versioned JSON for Ship's Wheel states, views, game records and lists of moves.

The data of a state or a view is its fields, read and written by the shared mechanism
of `seaview_rules._json` with hooks for cards and card ids. `from_dict` (and `loads`,
which parses the text first) trusts nothing: it reads every field strictly, every card
must be one of the deck(s), and the built state or view must pass `check_state` or
`check_view` (every card of the deck(s) accounted for exactly as often as the deck
holds it, the fields agreeing with each other and with the phase). Anything wrong
raises `InvalidDataError` naming the JSON path.
"""

from __future__ import annotations

import typing
from typing import Any, TypeVar, overload

import attrs

from seaview_rules._core import Player
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
    read_player,
    write,
)
from seaview_rules._play import GameRecord, record_from_data, record_to_data
from seaview_rules.ships_wheel._checks import check_state, check_view
from seaview_rules.ships_wheel._model import Rules, State
from seaview_rules.ships_wheel._moves import (
    Action,
    Deal,
    Discard,
    Move,
    Pass,
    Size,
    Take,
    parse_move,
)
from seaview_rules.ships_wheel._pieces import Card, CardId, DeckSpec
from seaview_rules.ships_wheel._views import View

GAME = "ships_wheel"
VERSIONS = {"state": 1, "view": 1, "record": 1, "moves": MOVES_VERSION}
"""The format version written and read for each kind of document."""

Document = State | View | GameRecord[Rules, Move] | tuple[Move, ...]
"""What a Ship's Wheel document holds."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, tuple)


def to_dict(
    obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move],
) -> dict[str, Any]:
    """The JSON document of a state, a view, a game record or a tuple (or list) of
    moves, as a dict of JSON values: what `dumps` writes, for a web framework to
    serialise; `from_dict` reads it back.

    >>> from seaview_rules import ships_wheel as sw
    >>> sw.to_dict((sw.parse_move("draw"), sw.parse_move("pass red-star")))
    {'format': 'seaview_rules', 'game': 'ships_wheel', 'kind': 'moves', 'version': 1, 'data': ['draw', 'pass red-star']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            Ship's Wheel move).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], _data(obj))
    if isinstance(obj, View):
        return envelope(GAME, "view", VERSIONS["view"], _data(obj))
    if isinstance(obj, GameRecord):
        return envelope(GAME, "record", VERSIONS["record"], record_to_data(obj, rules_data))
    if isinstance(obj, (tuple, list)):
        return envelope(GAME, "moves", VERSIONS["moves"], _moves_data(obj))
    raise TypeError(f"cannot write {type(obj).__name__} as Ship's Wheel JSON")


def dumps(obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move]) -> str:
    """JSON text of a state, a view, a game record or a tuple (or list) of moves (the
    compact text of `to_dict`); `loads` reads it back.

    >>> from seaview_rules import ships_wheel as sw
    >>> state = sw.new_game(sw.Rules(players=2))
    >>> sw.loads(sw.dumps(state)) == state
    True
    >>> sw.loads(sw.dumps(sw.legal_moves(state)[:2]), kind=tuple)
    (parse_move('size 3'), parse_move('size 4'))

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
        InvalidDataError: ``data`` is not a valid Ship's Wheel document, or holds a
            value that JSON cannot (a NaN, a set, a key that is not a string), or a
            document of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS:
        raise TypeError(f"kind must be State, View, GameRecord, tuple or None, not {kind!r}")
    from seaview_rules.ships_wheel import GAME as SHIPS_WHEEL

    document_kind, field = read_envelope(data, GAME, VERSIONS)
    obj: Document
    if document_kind == "state":
        obj = _read_state(field)
    elif document_kind == "view":
        obj = _read_view(field)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    else:
        obj = record_from_data(field, SHIPS_WHEEL, read_rules)
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

    >>> from seaview_rules import ships_wheel as sw
    >>> seen = sw.view(sw.new_game(sw.Rules(players=2)), 0)
    >>> sw.loads(sw.dumps(seen), kind=sw.View) == seen
    True
    >>> sw.loads(sw.dumps(seen), kind=sw.State)
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: kind: the document holds a View, not a State

    Raises:
        InvalidDataError: the text is not a valid Ship's Wheel document (of that kind);
            the message names the offending path and the problem.
        TypeError: ``kind`` is not `State`, `View`, `GameRecord`, ``tuple`` or ``None``.
    """
    return from_dict(parse_json(text), kind)


def _moves_data(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    for index, move in enumerate(moves):
        if not isinstance(move, (Size, Deal, Take, Discard, Pass, Action)):
            raise TypeError(f"item {index} is a {type(move).__name__}, not a Ship's Wheel move")
    return [str(m) for m in moves]


_WRITERS: Writers = {Card: str}


def rules_data(rules: Rules) -> object:
    """The JSON data of a `Rules` value."""
    return write(rules, _WRITERS)


def read_rules(data: Field) -> Rules:
    """A `Rules` value from JSON data; absent keys (of the deck too) take their
    defaults.

    Raises:
        InvalidDataError: not valid rules.
    """
    return read_fields(Rules, data, _RULES_READERS, defaults=True)


_RULES_READERS: Readers = {
    # SW-R1: a partial grid lists its plain cards; null is every shape in every colour.
    DeckSpec: lambda field: read_fields(DeckSpec, field, _RULES_READERS, defaults=True),
    Card: lambda field: field.parse(Card.parse),
}


def _hints(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in attrs.fields(cls))


_FIELDS = {State: _hints(State), View: _hints(View)}
"""The name and resolved type of each field of a state and a view."""


def _data(obj: State | View) -> dict[str, object]:
    """The data of a state or a view: its fields as `write` writes them, but a card id
    (an ``int`` at run time, so no hook of `write` can tell it) as the card's name."""
    names = [str(card) for card in obj.rules.table.cards]

    def put(kind: Any, value: Any) -> object:
        if kind is CardId:
            return names[value]
        if value is not None:
            args = [arg for arg in typing.get_args(kind) if arg is not type(None)]
            if typing.get_origin(kind) is tuple:
                return [put(args[0], item) for item in value]
            if len(args) == 1:  # X | None
                return put(args[0], value)
        return write(value, _WRITERS)

    return {name: put(kind, getattr(obj, name)) for name, kind in _FIELDS[type(obj)]}


T = TypeVar("T", State, View)


def _read(cls: type[T], data: Field) -> T:
    """The state or view of ``data``, its rules read first: they say which cards there
    are. Whether it is consistent is for `check_state` and `check_view`."""
    data.keys({name for name, _ in _FIELDS[cls]})
    rules = read_rules(data.get("rules"))
    table = rules.table

    def card(field: Field) -> CardId:
        card = field.parse(Card.parse)
        i = table.index.get(card)
        if i is None or not table.counts[i]:
            field.fail(f"{card} is not in the deck of these rules")
        return i

    readers: Readers = {
        Rules: lambda _: rules,
        CardId: card,
        Player | None: read_player,
        Move: lambda field: field.parse(parse_move),
    }
    return read_fields(cls, data, readers)


def _read_state(data: Field) -> State:
    state = _read(State, data)
    # Hands and the deck are multisets: kept sorted, in whatever order they come.
    state = attrs.evolve(
        state, hands=tuple(tuple(sorted(h)) for h in state.hands), deck=tuple(sorted(state.deck))
    )
    check_state(state)
    return state


def _read_view(data: Field) -> View:
    seen = _read(View, data)
    seen = attrs.evolve(seen, hand=None if seen.hand is None else tuple(sorted(seen.hand)))
    check_view(seen)
    return seen
