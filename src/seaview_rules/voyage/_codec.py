"""Versioned JSON for Voyage states, views, game records, seat records, events and
lists of moves, and the JSON Schema of each kind of document: the game's `Codec`.

The data of a state or a view is its fields, read and written by the shared mechanism
of `seaview_rules._reader` with hooks for cards and sets of cards. `from_dict` (and
`loads`, which parses the text first) trusts nothing: it reads every field strictly,
every card must be one of the deck, and the built state or view must pass
`check_state` or `check_view` (every card of the deck accounted for exactly once, the
fields agreeing with each other and with the phase). Anything wrong raises
`InvalidDataError` naming the JSON path.

Sets of cards (hands, the draw pile) are written in index order; ``discard_under``, in
states and in views alike, is written in the order the cards were played (VOY-R9).

A view document (version 2) ends with what a view derives from its fields: ``round``
(`View.round`) and ``outcome`` (what `outcome` gives for the state the view came from,
``null`` until the match is over); the reader refuses values that differ.

>>> from seaview_rules import voyage
>>> voyage.to_dict(voyage.Dealt(seat=1, card=None))["data"]
{'type': 'Dealt', 'seat': 1, 'card': None}
>>> voyage.to_dict((voyage.parse_move("R7"), voyage.parse_move("draw")))
{'format': 'seaview_rules', 'game': 'voyage', 'kind': 'moves', 'version': 1, 'data': ['R7', 'draw']}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from seaview_rules._codec import Codec, Dumps, FromDict, Loads, ToDict
from seaview_rules._core import CHANCE, Event, Player
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
from seaview_rules.voyage import _events
from seaview_rules.voyage._checks import check_state, check_view
from seaview_rules.voyage._model import Rules, State, View
from seaview_rules.voyage._moves import Action, Deal, Move, Play, every_move, parse_move
from seaview_rules.voyage._pieces import CARDS, Card, CardSet
from seaview_rules.voyage._rulebook import ENDING
from seaview_rules.voyage._rules import apply_move, new_game, outcome

EVENTS: dict[str, type[Event]] = event_classes(*(getattr(_events, n) for n in _events.__all__))
"""The classes of the events a Voyage table sends, by their ``"type"`` in JSON."""


def _cards(cards: CardSet) -> list[str]:
    return [str(card) for card in cards]


_WRITERS: Writers = {Card: str, CardSet: _cards}


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
        for item in field.items(0, rules.deck_size):
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
    return read_fields(cls, data, readers)


def _read_event(data: Field, rules: Rules | None) -> Event:
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


_SCHEMA_HOOKS: SchemaHooks = {
    Card: _card_schema,
    CardSet: _cards_schema,
    tuple[Card, ...]: _cards_schema,
    Player | None: lambda b: {
        "anyOf": [integer(0, max_seat(Rules)), {"const": CHANCE.value}, {"type": "null"}]
    },
    Move: _move_schema,
}
"""The schemas of what `_WRITERS` and the readers of `_read` and `_read_event` handle."""

CODEC: Codec[Rules, State, Move, View] = Codec(
    game="voyage",
    title="Voyage",
    rules=Rules,
    state=State,
    view=View,
    move=Move,
    moves=(Deal, Play, Action),
    events=EVENTS,
    parse_move=parse_move,
    new_game=new_game,
    apply_move=apply_move,
    writers=lambda rules: _WRITERS,
    read_rules=read_rules,
    read_state=lambda data: checked(_read(State, data), check_state),
    read_view=lambda data: checked(_read(View, data), check_view),
    read_event=_read_event,
    view_outcome=outcome,
    termination=ENDING,
    view_derived={"round": (int, lambda seen: seen.round)},
    schema_hooks=_SCHEMA_HOOKS,
    view_derived_schemas=lambda b: {"round": integer(1)},
    seat_fields=("player", "dealer"),
)
"""The JSON of Voyage documents, and their JSON Schemas (see `seaview_rules.schema`)."""

to_dict: ToDict[Rules, State, Move, View] = CODEC.to_dict
dumps: Dumps[Rules, State, Move, View] = CODEC.dumps
from_dict: FromDict[Rules, State, Move, View] = CODEC.from_dict
loads: Loads[Rules, State, Move, View] = CODEC.loads
