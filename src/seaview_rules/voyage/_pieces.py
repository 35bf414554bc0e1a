"""The cards of the Voyage card game: colours, cards, sets of cards as bit masks, and
the deck a `Rules` value plays with (VOY-R1)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from functools import cache

from attrs import field, frozen

from seaview_rules._core import InvalidDataError, quote
from seaview_rules._forms import exactly

MAX_NUMBER = 13


class Colour(enum.Enum):
    """The three card colours (VOY-R1). The value is the letter used in notation."""

    RED = "R"
    GREEN = "G"
    BLUE = "B"


_COLOURS = tuple(Colour)


@frozen(repr=False)
class Card:
    """One card: a colour and a number from 1 to 13.

    >>> Card(Colour.BLUE, 2)
    Card.parse('B2')
    >>> str(Card.parse("g13"))
    'G13'
    """

    colour: Colour = field(validator=exactly(Colour))
    number: int = field(validator=exactly(int))
    index: int = field(init=False, eq=False, hash=False, repr=False)
    """The card's position in the full 39-card deck, its bit in a `CardSet`."""

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.number <= MAX_NUMBER:
            raise InvalidDataError("number", f"must be 1 to {MAX_NUMBER}, not {self.number}")
        index = _COLOURS.index(self.colour) * MAX_NUMBER + self.number - 1
        object.__setattr__(self, "index", index)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in notation: colour letter (R, G, B) then number, e.g. ``"R7"``.

        Raises:
            ValueError: not a card.
        """
        text = text.strip().upper()
        try:
            return cls(Colour(text[:1]), int(text[1:]))
        except ValueError:
            raise ValueError(f"not a Voyage card: {quote(text)} (expected e.g. 'R7')") from None

    def matches(self, other: Card) -> bool:
        """Whether this card may be played on ``other``: same colour or number (VOY-3)."""
        return self.colour is other.colour or self.number == other.number

    @property
    def words(self) -> str:
        """The card in words, as a log says it (its colour's name, then its number).

        >>> Card.parse("B11").words
        'blue 11'
        """
        return f"{self.colour.name.lower()} {self.number}"

    def __str__(self) -> str:
        return f"{self.colour.value}{self.number}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(c, n) for c in Colour for n in range(1, MAX_NUMBER + 1))
"""Every card of the full deck, by `Card.index`."""

MATCHES: tuple[int, ...] = tuple(
    sum(1 << other.index for other in CARDS if other != card and other.matches(card))
    for card in CARDS
)
"""For each card index, the bit mask of the cards that may be played on it (VOY-3)."""


class CardSet(int):
    """An unordered set of cards, stored as a bit mask over `Card.index`.

    Iteration yields cards in index order (red, green, blue; by number), so
    everything built from a set is deterministic.

    >>> hand = CardSet.of([Card.parse("B2"), Card.parse("R7")])
    >>> [str(c) for c in hand], len(hand), Card.parse("R7") in hand
    (['R7', 'B2'], 2, True)
    """

    __slots__ = ()

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        """The set of ``cards``."""
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        mask = int(self)
        while mask:
            low = mask & -mask
            yield CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self >> card.index & 1)

    def __repr__(self) -> str:
        return f"CardSet.of([{', '.join(repr(c) for c in self)}])"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)


EMPTY = CardSet(0)


@cache
def deck_of(colours: int, numbers: int) -> CardSet:
    """The deck of the first ``colours`` colours (red, green, blue), each numbered 1 to
    ``numbers`` (VOY-R1).

    >>> str(deck_of(2, 3))
    'R1 R2 R3 G1 G2 G3'
    """
    return CardSet.of(
        c for c in CARDS if _COLOURS.index(c.colour) < colours and c.number <= numbers
    )


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices
