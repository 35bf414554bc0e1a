"""Hand evaluation for bots and interfaces: the winning-hand test and the distance
to a winning hand."""

from __future__ import annotations

from collections.abc import Iterable

from seaview_rules._core import InvalidDataError
from seaview_rules.ships_wheel._model import Card, DeckSpec, Kind, table_of
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
    holds more cards than the deck has shapes or colours.

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
    size can win (more cards than shapes or colours, SW-R4).

    The kept cards must be free of action cards and conflicts; the largest such set is
    the Lighthouses of distinct colours plus a maximum matching of plain cards between
    their shapes and colours. The rest can always be replaced by plain cards.

    >>> distance_to_win([Card.parse(t) for t in ("red-star", "red-circle", "anchor")])
    2
    >>> distance_to_win([Card.parse("red-star")] * 7) is None
    True

    Raises:
        InvalidDataError: a card is not a card of ``deck``.
    """
    hand = list(cards)
    _ids(hand, deck)
    if len(hand) > min(len(deck.shapes), len(deck.colours)):
        return None
    lighthouses = {c.colour for c in hand if c.kind is Kind.LIGHTHOUSE}
    edges: dict[str, set[str]] = {}
    for card in hand:
        if card.kind is Kind.PLAIN:
            assert card.shape is not None
            assert card.colour is not None
            edges.setdefault(card.shape, set()).add(card.colour)
    match: dict[str, str] = {}  # colour -> shape

    def augment(shape: str, visited: set[str]) -> bool:
        for colour in edges[shape]:
            if colour not in visited:
                visited.add(colour)
                if colour not in match or augment(match[colour], visited):
                    match[colour] = shape
                    return True
        return False

    matched = sum(augment(shape, set()) for shape in edges)
    return len(hand) - len(lighthouses) - matched
