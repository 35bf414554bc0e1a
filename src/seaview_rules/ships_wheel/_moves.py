"""Ship's Wheel moves and their notation.

=============  ==========================================================  ====================
move           meaning                                                     notation
=============  ==========================================================  ====================
`Size`         the dealer chooses the hand size (SW-2)                     ``size 5``
`Deal`         chance: the card that comes off the deck, dealt or drawn    ``deal red-star``
`Action.DRAW`  draw from the deck (SW-5)                                   ``draw``
`Take`         take the top card of a seat's discard pile (SW-5)           ``take 2``
`Discard`      discard a card onto one's own pile (SW-6)                   ``red-star``
`Pass`         a seat secretly chooses the card it passes left (SW-10)     ``pass red-star by 2``
=============  ==========================================================  ====================

Moves are compared by value; the engine keeps one object per card and seat, and
`parse_move` returns equal objects.
"""

from __future__ import annotations

import enum
from functools import cache
from typing import TYPE_CHECKING

from attrs import field, frozen

from seaview_rules._core import Notation, quote
from seaview_rules._forms import exactly
from seaview_rules.ships_wheel._pieces import Card, CardTable
from seaview_rules.ships_wheel._rulebook import MAX_HAND_SIZE, MAX_PLAYERS

if TYPE_CHECKING:
    from seaview_rules.ships_wheel._model import Rules


@frozen(repr=False, cache_hash=True)
class Size(Notation):
    """The dealer deals hands of ``cards`` cards (SW-2).

    >>> Size(5)
    parse_move('size 5')
    """

    cards: int = field(validator=exactly(int))

    def __str__(self) -> str:
        return f"size {self.cards}"


@frozen(repr=False, cache_hash=True)
class Deal(Notation):
    """Chance: ``card`` comes off the deck, dealt or drawn (SW-2, SW-5)."""

    card: Card = field(validator=exactly(Card))

    def __str__(self) -> str:
        return f"deal {self.card}"


@frozen(repr=False, cache_hash=True)
class Take(Notation):
    """Take the top card of ``seat``'s discard pile (SW-5, SW-7).

    >>> Take(2)
    parse_move('take 2')
    """

    seat: int = field(validator=exactly(int))

    def __str__(self) -> str:
        return f"take {self.seat}"


@frozen(repr=False, cache_hash=True)
class Discard(Notation):
    """Discard ``card`` from the hand onto one's own pile (SW-6).

    >>> Discard(Card.parse("red-star"))
    parse_move('red-star')
    """

    card: Card = field(validator=exactly(Card))

    def __str__(self) -> str:
        return str(self.card)


@frozen(repr=False, cache_hash=True)
class Pass(Notation):
    """``seat`` secretly chooses ``card`` as the one it passes to the left (SW-10,
    SW-R7). Every seat chooses at the same time, in any order, so the move names the
    seat whose choice it is: a record of the match replays whatever order the choices
    came in.

    >>> Pass(Card.parse("red-star"), 2)
    parse_move('pass red-star by 2')
    """

    card: Card = field(validator=exactly(Card))
    seat: int = field(validator=exactly(int))

    def __str__(self) -> str:
        return f"pass {self.card} by {self.seat}"


class Action(Notation, enum.Enum):
    """The moves that name no card, seat or number."""

    DRAW = "draw"
    """Draw the top card of the deck (SW-5)."""

    def __str__(self) -> str:
        return self.value


Move = Size | Deal | Take | Discard | Pass | Action
"""Any Ship's Wheel move."""

SIZES: tuple[Size, ...] = tuple(Size(n) for n in range(MAX_HAND_SIZE + 1))
"""The `Size` move of each hand size (SW-R2)."""
TAKES: tuple[Take, ...] = tuple(Take(s) for s in range(MAX_PLAYERS))
"""The `Take` move of each seat."""


@frozen(eq=False)
class MoveTable:
    """The card moves of one `CardTable`, by card id: the engine never builds a move."""

    deals: tuple[Deal, ...]
    discards: tuple[Discard, ...]
    passes: tuple[tuple[Pass, ...], ...]
    """The passes of each seat, by seat, then card id."""


@cache
def move_table(table: CardTable) -> MoveTable:
    """The interned card moves of ``table``'s cards."""
    return MoveTable(
        tuple(Deal(c) for c in table.cards),
        tuple(Discard(c) for c in table.cards),
        tuple(tuple(Pass(c, s) for c in table.cards) for s in range(MAX_PLAYERS)),
    )


def parse_move(text: str) -> Move:
    """Read a move written as ``str(move)`` writes it.

    >>> [parse_move(t) for t in ("size 4", "deal Red-Star", "draw", "take 1", "anchor")]
    [parse_move('size 4'), parse_move('deal red-star'), parse_move('draw'), parse_move('take 1'), parse_move('anchor')]
    >>> parse_move("pass Blue-Lighthouse by 2")
    parse_move('pass blue-lighthouse by 2')

    Raises:
        ValueError: the text is not a Ship's Wheel move.
    """
    words = text.split()
    if len(words) == 1:
        word = words[0].lower()
        if word == "draw":
            return Action.DRAW
        return Discard(Card.parse(word))
    if len(words) == 2:
        verb, what = words[0].lower(), words[1]
        if verb == "deal":
            return Deal(Card.parse(what))
        if verb in ("size", "take") and len(what) == 1 and what in "0123456789":
            number = int(what)
            if verb == "size" and 1 <= number <= MAX_HAND_SIZE:
                return SIZES[number]
            if verb == "take" and number < MAX_PLAYERS:
                return TAKES[number]
    if len(words) == 4 and words[0].lower() == "pass" and words[2].lower() == "by":
        seat = words[3]
        if len(seat) == 1 and seat in "0123456789" and int(seat) < MAX_PLAYERS:
            return Pass(Card.parse(words[1]), int(seat))
    raise ValueError(f"not a Ship's Wheel move: {quote(text)}")


def every_move(rules: Rules) -> tuple[Move, ...]:
    """Every move of a match under ``rules``, legal or not, in a fixed order: the hand
    sizes from 1 up, the deals of every card kind, ``draw``, the takes of every seat, the
    discards of every card kind, then the passes of every seat, seat by seat, of every
    card kind.

    >>> from seaview_rules.ships_wheel import Rules
    >>> len(every_move(Rules())), len(every_move(Rules(players=2)))
    (463, 311)
    """
    table = move_table(rules.table)
    return (
        *SIZES[1:],
        *table.deals,
        Action.DRAW,
        *TAKES[: rules.players],
        *table.discards,
        *[move for seat in table.passes[: rules.players] for move in seat],
    )
