"""Versioned JSON for Ship's Wheel states, views, game records, seat records, events and
lists of moves, and the JSON Schema of each kind of document.

The data of a state or a view is its fields, read and written by the shared mechanism
of `seaview_rules._json` with hooks for cards and card ids. `from_dict` (and `loads`,
which parses the text first) trusts nothing: it reads every field strictly, every card
must be one of the deck(s), and the built state or view must pass `check_state` or
`check_view` (every card of the deck(s) accounted for exactly as often as the deck
holds it, the fields agreeing with each other and with the phase). Anything wrong
raises `InvalidDataError` naming the JSON path.

A view document (version 2) ends with what a view derives from its fields:
``hand_number`` (`View.hand_number`) and ``outcome`` (what `outcome` gives for the
state the view came from, ``null`` until the match is over); the reader refuses values
that differ. Version 1 view documents, without those keys, are still read.

The JSON Schema of each kind (`schema`) is generated from the same fields, with a
schema hook for each domain type next to its reader and writer hooks here.
"""

from __future__ import annotations

import typing
from typing import Any, TypeVar, overload

import attrs

from seaview_rules._core import CHANCE, Event, Outcome, Player, Termination
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
    read_player,
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
from seaview_rules.ships_wheel import _events
from seaview_rules.ships_wheel._checks import check_state, check_view
from seaview_rules.ships_wheel._model import Phase, Rules, State
from seaview_rules.ships_wheel._moves import (
    SIZES,
    TAKES,
    Action,
    Deal,
    Discard,
    Move,
    Pass,
    Size,
    Take,
    parse_move,
)
from seaview_rules.ships_wheel._pieces import MAX_NAMES, Card, CardId, DeckSpec, Kind
from seaview_rules.ships_wheel._views import View

GAME = "ships_wheel"
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
"""What a Ship's Wheel document holds."""

EVENTS: dict[str, type[Event]] = event_classes(*(getattr(_events, n) for n in _events.__all__))
"""The classes of the events a Ship's Wheel table sends, by their ``"type"`` in JSON."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, SeatRecord, tuple, Event)
_VIEW_DERIVED = ("hand_number", "outcome")

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

    >>> from seaview_rules import ships_wheel as sw
    >>> sw.to_dict(sw.Drew(seat=1, card=None))["data"]
    {'type': 'Drew', 'seat': 1, 'card': None}

    >>> from seaview_rules import ships_wheel as sw
    >>> sw.to_dict((sw.parse_move("draw"), sw.parse_move("pass red-star")))
    {'format': 'seaview_rules', 'game': 'ships_wheel', 'kind': 'moves', 'version': 1, 'data': ['draw', 'pass red-star']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            Ship's Wheel move, or an event is another game's).
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
    raise TypeError(f"cannot write {type(obj).__name__} as Ship's Wheel JSON")


def dumps(obj: Writable) -> str:
    """JSON text of a state, a view, a game record, a seat record, an event or a tuple
    (or list) of moves (the compact text of `to_dict`); `loads` reads it back.

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
        InvalidDataError: ``data`` is not a valid Ship's Wheel document, or holds a
            value that JSON cannot (a NaN, a set, a key that is not a string), or a
            document of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS and kind not in EVENTS.values():
        raise TypeError(
            "kind must be State, View, GameRecord, SeatRecord, tuple, Event, an event "
            f"class or None, not {kind!r}"
        )
    from seaview_rules.ships_wheel import GAME as SHIPS_WHEEL

    document_kind, version, field = read_document(data, GAME, VERSIONS, OLDER_VERSIONS)
    obj: Document
    if document_kind == "state":
        obj = _read_state(field)
    elif document_kind == "view":
        obj = _read_view(field, version)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    elif document_kind == "record":
        obj = record_from_data(field, SHIPS_WHEEL, read_rules)
    elif document_kind == "seat_record":
        obj = seat_record_from_data(field, SHIPS_WHEEL, read_rules, _read_event)
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
        TypeError: ``kind`` is none of those `from_dict` takes.
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


def _read_view(data: Field, version: int) -> View:
    rest, derived = (data, {}) if version == 1 else without_derived(data, _VIEW_DERIVED)
    seen = _read(View, rest)
    seen = attrs.evolve(seen, hand=None if seen.hand is None else tuple(sorted(seen.hand)))
    check_view(seen)
    if derived:  # version 2
        check_derived(derived["hand_number"], int, seen.hand_number)
        check_derived(derived["outcome"], Outcome | None, view_outcome(seen))
    return seen


def view_outcome(seen: View) -> Outcome | None:
    """The outcome of the match a view shows, from the view's own fields: what
    `outcome` gives for the state the view came from (SW-14).

    >>> from seaview_rules import ships_wheel as sw
    >>> view_outcome(sw.view(sw.new_game(sw.Rules(players=2)), 0)) is None
    True
    """
    if seen.phase is not Phase.OVER:
        return None
    return Outcome(seen.player, seen.scores, Termination.TARGET_SCORE)


def _view_data(seen: View) -> dict[str, object]:
    derived = {"hand_number": seen.hand_number, "outcome": write(view_outcome(seen), {})}
    return _data(seen) | derived


def event_data(event: Event) -> dict[str, Any]:
    """The data of an event of `EVENTS` (``{"type": ..., <its fields>}``).

    Raises:
        TypeError: not an event a Ship's Wheel table sends.
    """
    if EVENTS.get(type(event).__name__) is not type(event):
        raise TypeError(f"cannot write {type(event).__name__} as Ship's Wheel JSON")
    return write_event(event, _WRITERS)


def _read_event(data: Field, rules: Rules | None = None) -> Event:
    """An event; with the ``rules`` of a seat record, each card must be of their deck(s)."""

    def card(field: Field) -> Card:
        card = field.parse(Card.parse)
        if rules is not None and card not in rules.table.index:
            field.fail(f"{card} is not in the deck of these rules")
        return card

    return read_event(data, EVENTS, {Card: card})


_NAME = "[a-z][a-z0-9]*"
"""A shape or colour name (as DeckSpec reads them)."""
_PLAIN = f"{_NAME}-(?!(?:lighthouse|starfish)$){_NAME}"
_CARD = "|".join(
    [
        *(k.value for k in Kind if k not in (Kind.PLAIN, Kind.LIGHTHOUSE)),
        f"{_NAME}-lighthouse",
        _PLAIN,
    ]
)
"""Every card's notation (Card.parse): an action card, a Lighthouse of a colour, or a
colour then a shape that is not a card kind."""


def _card_schema(b: SchemaBuilder) -> dict[str, Any]:
    return b.define(
        "Card",
        lambda: {
            "description": "A card: colour-shape, colour-lighthouse, white-starfish, "
            "black-starfish or anchor (SW-1).",
            "type": "string",
            "pattern": f"^(?:{_CARD})$",
        },
    )


def _move_schema(b: SchemaBuilder) -> dict[str, Any]:
    numbered = alternatives([*SIZES[1:], *TAKES, Action.DRAW])
    return b.define(
        "Move",
        lambda: {
            "description": "A move in Ship's Wheel notation.",
            "type": "string",
            "pattern": f"^(?:{numbered}|(?:deal |pass )?(?:{_CARD}))$",
        },
    )


def _names_schema(most: int | None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "array", "items": {"type": "string", "pattern": f"^{_NAME}$"}}
    if most is not None:
        schema["maxItems"] = most
    return schema


def _view_derived(b: SchemaBuilder) -> dict[str, dict[str, Any]]:
    return {"hand_number": integer(1), "outcome": {"anyOf": [b.of(Outcome), {"type": "null"}]}}


_SCHEMA_HOOKS: SchemaHooks = {
    Rules: lambda b: b.define("Rules", lambda: b.fields(Rules, defaults=True)),
    DeckSpec: lambda b: b.define("DeckSpec", lambda: b.fields(DeckSpec, defaults=True)),
    (Rules, "min_hand_size"): integer(2, 8),  # SW-R2, as _min_hand_size checks
    (DeckSpec, "shapes"): _names_schema(MAX_NAMES),
    (DeckSpec, "colours"): _names_schema(MAX_NAMES),
    (DeckSpec, "lighthouses"): _names_schema(None),
    (DeckSpec, "plain"): {
        "anyOf": [
            {"type": "array", "items": {"type": "string", "pattern": f"^{_PLAIN}$"}},
            {"type": "null"},
        ]
    },
    Card: _card_schema,
    CardId: _card_schema,
    Player | None: {
        "anyOf": [integer(0, max_seat(Rules)), {"const": CHANCE.value}, {"type": "null"}]
    },
    Move: _move_schema,
    (Outcome, "termination"): {"const": Termination.TARGET_SCORE.value},
}
"""The schemas of what `_WRITERS`, `_data` and the readers of `_read` and `_read_event`
handle."""

SCHEMAS = GameSchemas(
    game=GAME,
    title="Ship's Wheel",
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
"""The JSON Schemas of Ship's Wheel documents (see `seaview_rules.schema`)."""
