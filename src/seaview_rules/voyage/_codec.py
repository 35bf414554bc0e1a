"""Versioned JSON for Voyage states, views, game records and lists of moves.

The data of a state or a view is its fields, read and written by the shared mechanism
of `seaview_rules._json` with hooks for cards and sets of cards. `from_dict` (and
`loads`, which parses the text first) trusts nothing: it reads every field strictly,
every card must be one of the deck, and the built state or view must pass
`check_state` or `check_view` (every card of the deck accounted for exactly once, the
fields agreeing with each other and with the phase). Anything wrong raises
`InvalidDataError` naming the JSON path.

Sets of cards (hands, the draw pile) are written in index order; ``discard_under``, in
states and in views alike, is written in the order the cards were played (VOY-R9).
"""

from __future__ import annotations

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
from seaview_rules.voyage._checks import check_state, check_view
from seaview_rules.voyage._model import Rules, State
from seaview_rules.voyage._moves import Action, Deal, Move, Play, parse_move
from seaview_rules.voyage._pieces import Card, CardSet
from seaview_rules.voyage._views import View

GAME = "voyage"
VERSIONS = {"state": 1, "view": 1, "record": 1, "moves": MOVES_VERSION}
"""The format version written and read for each kind of document."""

Document = State | View | GameRecord[Rules, Move] | tuple[Move, ...]
"""What a Voyage document holds."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, tuple)


def to_dict(
    obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move],
) -> dict[str, Any]:
    """The JSON document of a state, a view, a game record or a tuple (or list) of
    moves, as a dict of JSON values: what `dumps` writes, for a web framework to
    serialise; `from_dict` reads it back.

    >>> from seaview_rules import voyage
    >>> voyage.to_dict((voyage.parse_move("R7"), voyage.parse_move("draw")))
    {'format': 'seaview_rules', 'game': 'voyage', 'kind': 'moves', 'version': 1, 'data': ['R7', 'draw']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            Voyage move).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], write(obj, _WRITERS))
    if isinstance(obj, View):
        return envelope(GAME, "view", VERSIONS["view"], write(obj, _WRITERS))
    if isinstance(obj, GameRecord):
        return envelope(GAME, "record", VERSIONS["record"], record_to_data(obj, rules_data))
    if isinstance(obj, (tuple, list)):
        return envelope(GAME, "moves", VERSIONS["moves"], _moves_data(obj))
    raise TypeError(f"cannot write {type(obj).__name__} as Voyage JSON")


def dumps(obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move]) -> str:
    """JSON text of a state, a view, a game record or a tuple (or list) of moves (the
    compact text of `to_dict`); `loads` reads it back.

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
        InvalidDataError: ``data`` is not a valid Voyage document, or holds a value
            that JSON cannot (a NaN, a set, a key that is not a string), or a document
            of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS:
        raise TypeError(f"kind must be State, View, GameRecord, tuple or None, not {kind!r}")
    from seaview_rules.voyage import GAME as VOYAGE

    document_kind, field = read_envelope(data, GAME, VERSIONS)
    obj: Document
    if document_kind == "state":
        obj = _read(State, field)
    elif document_kind == "view":
        obj = _read(View, field)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    else:
        obj = record_from_data(field, VOYAGE, read_rules)
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
        TypeError: ``kind`` is not `State`, `View`, `GameRecord`, ``tuple`` or ``None``.
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


def _read(cls: type[T], data: Field) -> T:
    """The state or view of ``data``, its rules read first: they say which cards there
    are. Whether it is consistent is for `check_state` and `check_view`."""
    data.keys({a.name for a in attrs.fields(cls)})
    rules = read_rules(data.get("rules"))

    def card(field: Field) -> Card:
        card = field.parse(Card.parse)
        if not rules.deck >> card.index & 1:
            field.fail(f"{card} is not in the deck of these rules (VOY-R1)")
        return card

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
