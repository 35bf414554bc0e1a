"""Versioned JSON for Ship's Wheel states, views, game records, seat records, events and
lists of moves, and the JSON Schema of each kind of document: the game's `Codec`.

The data of a state or a view is its fields, read and written by the shared mechanism
of `seaview_rules._reader` with hooks for cards and card ids. `from_dict` (and `loads`,
which parses the text first) trusts nothing: it reads every field strictly, every card
must be one of the deck(s), and the built state or view must pass `check_state` or
`check_view` (every card of the deck(s) accounted for exactly as often as the deck
holds it, the fields agreeing with each other and with the phase). Anything wrong
raises `InvalidDataError` naming the JSON path.

A view document (version 2) ends with what a view derives from its fields:
``hand_number`` (`View.hand_number`) and ``outcome`` (what `outcome` gives for the
state the view came from, ``null`` until the match is over); the reader refuses values
that differ.

>>> from seaview_rules import ships_wheel as sw
>>> sw.to_dict(sw.Drew(seat=1, card=None))["data"]
{'type': 'Drew', 'seat': 1, 'card': None}
>>> sw.to_dict((sw.parse_move("draw"), sw.parse_move("pass red-star by 1")))
{'format': 'seaview_rules', 'game': 'ships_wheel', 'kind': 'moves', 'version': 1, 'data': ['draw', 'pass red-star by 1']}
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from seaview_rules._codec import Codec, Dumps, FromDict, Loads, ToDict
from seaview_rules._core import CHANCE, Event, Outcome, Player
from seaview_rules._reader import (
    Field,
    Readers,
    Writers,
    checked,
    event_classes,
    read_event,
    read_fields,
    read_player,
)
from seaview_rules._schemas import SchemaBuilder, SchemaHooks, alternatives, integer, max_seat
from seaview_rules.ships_wheel import _events
from seaview_rules.ships_wheel._checks import check_state, check_view
from seaview_rules.ships_wheel._model import Phase, Rules, State, View
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
from seaview_rules.ships_wheel._rulebook import (
    ENDING,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    SMALLEST_HAND_SIZE,
    match_outcome,
)
from seaview_rules.ships_wheel._rules import apply_move, new_game

EVENTS: dict[str, type[Event]] = event_classes(*(getattr(_events, n) for n in _events.__all__))
"""The classes of the events a Ship's Wheel table sends, by their ``"type"`` in JSON."""


def _writers(rules: Rules | None) -> Writers:
    """Cards by name; the card ids of a state or a view (ints at run time, `CardId` in
    the fields' annotations) as the name of the card of the table of ``rules``."""
    if rules is None:  # an event names its cards
        return {Card: str}
    names = [str(card) for card in rules.table.cards]
    return {Card: str, CardId: names.__getitem__}


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


T = TypeVar("T", State, View)


def _read(cls: type[T], data: Field) -> T:
    """The state or view of ``data``, its rules read first: they say which cards there
    are. Whether it is consistent is for `check_state` and `check_view`."""
    data.keys({a.name for a in attrs.fields(cls)})
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


def _sorted_state(state: State) -> State:
    """``state`` with its hands and deck sorted: they are multisets, kept sorted, in
    whatever order they come."""
    hands = tuple(tuple(sorted(h)) for h in state.hands)
    return attrs.evolve(state, hands=hands, deck=tuple(sorted(state.deck)))


def _sorted_view(seen: View) -> View:
    """``seen`` with its hand sorted, as a state's is (`_sorted_state`)."""
    return attrs.evolve(seen, hand=None if seen.hand is None else tuple(sorted(seen.hand)))


def view_outcome(seen: View) -> Outcome | None:
    """The outcome of the match a view shows, from the view's own fields: what
    `outcome` gives for the state the view came from (SW-14).

    >>> from seaview_rules import ships_wheel as sw
    >>> view_outcome(sw.view(sw.new_game(sw.Rules(players=2)), 0)) is None
    True
    """
    if seen.phase is not Phase.OVER:
        return None
    return match_outcome(seen.player, seen.scores)


def _read_event(data: Field, rules: Rules | None) -> Event:
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


_SEAT = f"[0-{MAX_PLAYERS - 1}]"
"""A seat in a move's notation (a single digit)."""


def _move_schema(b: SchemaBuilder) -> dict[str, Any]:
    numbered = alternatives([*SIZES[1:], *TAKES, Action.DRAW])
    return b.define(
        "Move",
        lambda: {
            "description": "A move in Ship's Wheel notation.",
            "type": "string",
            "pattern": f"^(?:{numbered}|(?:deal )?(?:{_CARD})|pass (?:{_CARD}) by {_SEAT})$",
        },
    )


def _names_schema(most: int | None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "array", "items": {"type": "string", "pattern": f"^{_NAME}$"}}
    if most is not None:
        schema["maxItems"] = most
    return schema


_SCHEMA_HOOKS: SchemaHooks = {
    DeckSpec: lambda b: b.define("DeckSpec", lambda: b.fields(DeckSpec, defaults=True)),
    (Rules, "min_hand_size"): integer(SMALLEST_HAND_SIZE, MAX_HAND_SIZE),  # SW-R2
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
}
"""The schemas of what `_writers` and the readers of `_read` and `_read_event` handle."""

CODEC: Codec[Rules, State, Move, View] = Codec(
    game="ships_wheel",
    title="Ship's Wheel",
    rules=Rules,
    state=State,
    view=View,
    move=Move,
    moves=(Size, Deal, Take, Discard, Pass, Action),
    events=EVENTS,
    parse_move=parse_move,
    new_game=new_game,
    apply_move=apply_move,
    writers=_writers,
    read_rules=read_rules,
    read_state=lambda data: checked(_sorted_state(_read(State, data)), check_state),
    read_view=lambda data: checked(_sorted_view(_read(View, data)), check_view),
    read_event=_read_event,
    view_outcome=view_outcome,
    termination=ENDING,
    view_derived={"hand_number": (int, lambda seen: seen.hand_number)},
    schema_hooks=_SCHEMA_HOOKS,
    view_derived_schemas=lambda b: {"hand_number": integer(1)},
    seat_fields=("player", "dealer", "winners", "giver", "pile", "anchor", "choosing", "seats"),
)
"""The JSON of Ship's Wheel documents, and their JSON Schemas (see
`seaview_rules.schema`)."""

to_dict: ToDict[Rules, State, Move, View] = CODEC.to_dict
dumps: Dumps[Rules, State, Move, View] = CODEC.dumps
from_dict: FromDict[Rules, State, Move, View] = CODEC.from_dict
loads: Loads[Rules, State, Move, View] = CODEC.loads
