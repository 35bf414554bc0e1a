"""Hand evaluation for bots and interfaces: the winning-hand test and the distance
to a winning hand."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from seaview_rules._core import InvalidDataError
from seaview_rules.ships_wheel._model import Card, DeckSpec, Kind, max_matching, table_of
from seaview_rules.ships_wheel._rules import wins

_DEFAULT_DECK = DeckSpec()


def _ids(cards: Iterable[Card], deck: DeckSpec) -> tuple[int, ...]:
    table = table_of(deck)
    ids = []
    for card in cards:
        i = table.index.get(card) if isinstance(card, Card) else None
        if i is None:
            raise InvalidDataError("cards", f"{card!r} is not a card of this deck")
        ids.append(i)
    return tuple(ids)


def is_winning_hand(cards: Iterable[Card], deck: DeckSpec = _DEFAULT_DECK) -> bool:
    """Whether ``cards`` make a winning hand with ``deck`` (SW-3, SW-R4).

    A winning hand holds no Anchor or Starfish; no two of its plain cards share a shape
    or a colour; no two of its Lighthouses share a colour; and each Lighthouse can stand
    for its own shape and colour that no other card of the hand has, so a hand never
    holds more cards than the deck has shapes or colours. In a deck that lacks some
    combinations (``DeckSpec.plain``), a Lighthouse still stands for any shape and any
    colour of the deck: the pair need not be a card.

    >>> hand = [Card.parse(t) for t in ("red-star", "blue-circle", "green-lighthouse")]
    >>> is_winning_hand(hand)
    True
    >>> is_winning_hand([*hand, Card.parse("red-square")])
    False
    >>> is_winning_hand([Card.parse("red-lighthouse"), Card.parse("red-lighthouse")])
    False

    Raises:
        InvalidDataError: a card is not a card of ``deck``.
    """
    return wins(_ids(cards, deck), table_of(deck))


def distance_to_win(cards: Iterable[Card], deck: DeckSpec = _DEFAULT_DECK) -> int | None:
    """The fewest cards of ``cards`` to replace with other cards of ``deck`` to make a
    winning hand of the same size; 0 for a winning hand, ``None`` if no hand of this
    size can win (SW-R4).

    The kept cards must be free of action cards and conflicts, and keeping every
    Lighthouse of a colour of its own never hurts. Of the plain cards, the most that
    can be kept is found over the sets of distinct shapes and colours among them: a set
    can be kept if the deck's other plain cards, on the shapes and colours the set leaves
    free, together with the deck's other Lighthouse colours, can fill the hand. With
    every shape in every colour (the default) that is always so.

    >>> distance_to_win([Card.parse(t) for t in ("red-star", "red-circle", "anchor")])
    2
    >>> distance_to_win([Card.parse("red-star")] * 9) is None
    True
    >>> gappy = DeckSpec(shapes=["star", "moon"], colours=["red", "blue"],
    ...                  plain=["red-star", "red-moon", "blue-star"], lighthouses=[])
    >>> distance_to_win([Card.parse("red-star"), Card.parse("red-moon")], gappy)
    1

    Raises:
        InvalidDataError: a card is not a card of ``deck``.
    """
    hand = list(cards)
    _ids(hand, deck)
    size = len(hand)
    if size > table_of(deck).max_winning:
        return None
    lighthouses = {c.colour for c in hand if c.kind is Kind.LIGHTHOUSE}
    spare_lights = len(set(deck.lighthouses) - lighthouses)
    plain = list(dict.fromkeys(c for c in hand if c.kind is Kind.PLAIN))
    if deck.plain is None:
        return size - len(lighthouses) - max_matching(plain)
    best = -1
    for k in range(min(len(plain), size - len(lighthouses)), -1, -1):
        for kept in combinations(plain, k):
            shapes = {c.shape for c in kept}
            colours = {c.colour for c in kept}
            if len(shapes) < k or len(colours) < k:
                continue
            free = [c for c in deck.plain if c.shape not in shapes and c.colour not in colours]
            if k + max_matching(free) + spare_lights >= size - len(lighthouses):
                best = k
                break
        if best >= 0:
            break
    return size - len(lighthouses) - best
