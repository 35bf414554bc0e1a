"""Versioned JSON for Voyage states, views, game records, seat records, events and
lists of moves, and the JSON Schema of each kind of document.

The data of a state or a view is its fields, read and written by the shared mechanism
of `seaview_rules._json` with hooks for cards and sets of cards. `from_dict` (and
`loads`, which parses the text first) trusts nothing: it reads every field strictly,
every card must be one of the deck, and the built state or view must pass
`check_state` or `check_view` (every card of the deck accounted for exactly once, the
fields agreeing with each other and with the phase). Anything wrong raises
`InvalidDataError` naming the JSON path.

Sets of cards (hands, the draw pile) are written in index order; ``discard_under``, in
states and in views alike, is written in the order the cards were played (VOY-R9).

A view document (version 2) ends with what a view derives from its fields: ``round``
(`View.round`) and ``outcome`` (what `outcome` gives for the state the view came from,
``null`` until the match is over); the reader refuses values that differ. Version 1
view documents, without those keys, are still read.

The JSON Schema of each kind (`schema`) is generated from the same fields, with a
schema hook for each domain type next to its reader and writer hooks here.
"""

from __future__ import annotations

from collections.abc import Callable
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
from seaview_rules.voyage import _events
from seaview_rules.voyage._checks import check_state, check_view
from seaview_rules.voyage._model import Phase, Rules, State
from seaview_rules.voyage._moves import Action, Deal, Move, Play, every_move, parse_move
from seaview_rules.voyage._pieces import CARDS, Card, CardSet
from seaview_rules.voyage._views import View

GAME = "voyage"
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
"""What a Voyage document holds."""

EVENTS: dict[str, type[Event]] = event_classes(*(getattr(_events, n) for n in _events.__all__))
"""The classes of the events a Voyage table sends, by their ``"type"`` in JSON."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, SeatRecord, tuple, Event)
_VIEW_DERIVED = ("round", "outcome")

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

    >>> from seaview_rules import voyage
    >>> voyage.to_dict(voyage.Dealt(seat=1, card=None))["data"]
    {'type': 'Dealt', 'seat': 1, 'card': None}

    >>> from seaview_rules import voyage
    >>> voyage.to_dict((voyage.parse_move("R7"), voyage.parse_move("draw")))
    {'format': 'seaview_rules', 'game': 'voyage', 'kind': 'moves', 'version': 1, 'data': ['R7', 'draw']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            Voyage move, or an event is another game's).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], write(obj, _WRITERS))
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
    raise TypeError(f"cannot write {type(obj).__name__} as Voyage JSON")


def dumps(obj: Writable) -> str:
    """JSON text of a state, a view, a game record, a seat record, an event or a tuple
    (or list) of moves (the compact text of `to_dict`); `loads` reads it back.

    >>> from seaview_rules import voyage
    >>> state = voyage.new_game(voyage.Rules(players=2))
    >>> voyage.loads(voyage.dumps(state)) == state
    True
    >>> voyage.loads(voyage.dumps(voyage.legal_moves(state)[:2]), kind=tuple)
    (parse_move('deal R1'), parse_move('deal R2'))

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
        InvalidDataError: ``data`` is not a valid Voyage document, or holds a value
            that JSON cannot (a NaN, a set, a key that is not a string), or a document
            of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS and kind not in EVENTS.values():
        raise TypeError(
            "kind must be State, View, GameRecord, SeatRecord, tuple, Event, an event "
            f"class or None, not {kind!r}"
        )
    from seaview_rules.voyage import GAME as VOYAGE

    document_kind, version, field = read_document(data, GAME, VERSIONS, OLDER_VERSIONS)
    obj: Document
    if document_kind == "state":
        obj = _read(State, field)
    elif document_kind == "view":
        obj = _read_view(field, version)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    elif document_kind == "record":
        obj = record_from_data(field, VOYAGE, read_rules)
    elif document_kind == "seat_record":
        obj = seat_record_from_data(field, VOYAGE, read_rules, _read_event)
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

    >>> from seaview_rules import voyage
    >>> seen = voyage.view(voyage.new_game(voyage.Rules(players=2)), 0)
    >>> voyage.loads(voyage.dumps(seen), kind=voyage.View) == seen
    True
    >>> voyage.loads(voyage.dumps(seen), kind=voyage.State)
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: kind: the document holds a View, not a State

    Raises:
        InvalidDataError: the text is not a valid Voyage document (of that kind); the
            message names the offending path and the problem.
        TypeError: ``kind`` is none of those `from_dict` takes.
    """
    return from_dict(parse_json(text), kind)


def _moves_data(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    for index, move in enumerate(moves):
        if not isinstance(move, (Play, Deal, Action)):
            raise TypeError(f"item {index} is a {type(move).__name__}, not a Voyage move")
    return [str(m) for m in moves]


def _cards(cards: CardSet) -> list[str]:
    return [str(card) for card in cards]


_WRITERS: Writers = {Card: str, CardSet: _cards}


def rules_data(rules: Rules) -> object:
    """The JSON data of a `Rules` value."""
    return write(rules, _WRITERS)


def read_rules(data: Field) -> Rules:
    """A `Rules` value from JSON data; absent keys take their defaults.

    Raises:
        InvalidDataError: not valid rules.
    """
    return read_fields(Rules, data, {}, defaults=True)


T = TypeVar("T", State, View)


def _deck_card(rules: Rules) -> Callable[[Field], Card]:
    """The reader of a card that must be one of the deck of ``rules``."""

    def card(field: Field) -> Card:
        card = field.parse(Card.parse)
        if not rules.deck >> card.index & 1:
            field.fail(f"{card} is not in the deck of these rules (VOY-R1)")
        return card

    return card


def _read(cls: type[T], data: Field) -> T:
    """The state or view of ``data``, its rules read first: they say which cards there
    are. Whether it is consistent is for `check_state` and `check_view`."""
    data.keys({a.name for a in attrs.fields(cls)})
    rules = read_rules(data.get("rules"))
    card = _deck_card(rules)

    def pile(field: Field) -> tuple[Card, ...]:
        """The cards of a list in their order, each a card of the deck, none twice."""
        mask = 0
        cards = []
        for item in field.list(0, rules.deck_size):
            found = card(item)
            if mask >> found.index & 1:
                item.fail(f"{found} appears twice (VOY-R1)")
            mask |= 1 << found.index
            cards.append(found)
        return tuple(cards)

    readers: Readers = {
        Rules: lambda _: rules,
        Card: card,
        CardSet: lambda field: CardSet.of(pile(field)),
        tuple[Card, ...]: pile,
        Player | None: read_player,
        Move: lambda field: field.parse(parse_move),
    }
    obj = read_fields(cls, data, readers)
    if isinstance(obj, State):
        check_state(obj)
    else:
        check_view(obj)
    return obj


def view_outcome(seen: View) -> Outcome | None:
    """The outcome of the match a view shows, from the view's own fields: what
    `outcome` gives for the state the view came from (VOY-8).

    >>> from seaview_rules import voyage
    >>> view_outcome(voyage.view(voyage.new_game(voyage.Rules(players=2)), 0)) is None
    True
    """
    if seen.phase is not Phase.OVER or not seen.results:
        return None
    return Outcome(seen.results[-1].winner, seen.scores, Termination.TARGET_SCORE)


def _view_data(seen: View) -> dict[str, Any]:
    data = write(seen, _WRITERS)
    assert isinstance(data, dict)  # a view is an attrs instance
    return data | {"round": seen.round, "outcome": write(view_outcome(seen), {})}


def _read_view(data: Field, version: int) -> View:
    if version == 1:  # no derived keys
        return _read(View, data)
    rest, derived = without_derived(data, _VIEW_DERIVED)
    seen = _read(View, rest)
    check_derived(derived["round"], int, seen.round)
    check_derived(derived["outcome"], Outcome | None, view_outcome(seen))
    return seen


def event_data(event: Event) -> dict[str, Any]:
    """The data of an event of `EVENTS` (``{"type": ..., <its fields>}``).

    Raises:
        TypeError: not an event a Voyage table sends.
    """
    if EVENTS.get(type(event).__name__) is not type(event):
        raise TypeError(f"cannot write {type(event).__name__} as Voyage JSON")
    return write_event(event, _WRITERS)


def _read_event(data: Field, rules: Rules | None = None) -> Event:
    """An event; with the ``rules`` of a seat record, each card must be of their deck."""
    card = _deck_card(rules) if rules is not None else (lambda f: f.parse(Card.parse))
    return read_event(data, EVENTS, {Card: card})


def _card_schema(b: SchemaBuilder) -> dict[str, Any]:
    return b.define(
        "Card",
        lambda: {
            "description": "A card: its colour letter and number (VOY-R1).",
            "type": "string",
            "pattern": f"^{alternatives(CARDS)}$",
        },
    )


def _cards_schema(b: SchemaBuilder) -> dict[str, Any]:
    return {"type": "array", "items": _card_schema(b), "uniqueItems": True, "maxItems": len(CARDS)}


def _move_schema(b: SchemaBuilder) -> dict[str, Any]:
    moves = every_move(Rules(players=2, colours=3, numbers=len(CARDS) // 3, hand_size=1))
    return b.define(
        "Move",
        lambda: {
            "description": "A move in Voyage notation.",
            "type": "string",
            "pattern": f"^{alternatives(moves)}$",
        },
    )


def _view_derived(b: SchemaBuilder) -> dict[str, dict[str, Any]]:
    return {"round": integer(1), "outcome": {"anyOf": [b.of(Outcome), {"type": "null"}]}}


_SCHEMA_HOOKS: SchemaHooks = {
    Rules: lambda b: b.define("Rules", lambda: b.fields(Rules, defaults=True)),
    Card: _card_schema,
    CardSet: _cards_schema,
    tuple[Card, ...]: _cards_schema,
    Player | None: lambda b: {
        "anyOf": [integer(0, max_seat(Rules)), {"const": CHANCE.value}, {"type": "null"}]
    },
    Move: _move_schema,
    (Outcome, "termination"): {"const": Termination.TARGET_SCORE.value},
}
"""The schemas of what `_WRITERS` and the readers of `_read` and `_read_event` handle."""

SCHEMAS = GameSchemas(
    game=GAME,
    title="Voyage",
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
"""The JSON Schemas of Voyage documents (see `seaview_rules.schema`)."""
