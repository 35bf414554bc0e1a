"""Voyage moves and their notation.

=============  ==================================================  ================
move           meaning                                             notation
=============  ==================================================  ================
`Play`         play a card onto the discard pile                   ``R7``
`Deal`         chance: the card that comes off the draw pile       ``deal R7``
`Action.DRAW`  draw a card (VOY-4)                                 ``draw``
`Action.KEEP`  keep the card just drawn instead of playing it      ``keep``
`Action.PASS`  nothing to draw and no match: the turn passes       ``pass``
=============  ==================================================  ================
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from attrs import field, frozen

from seaview_rules._core import Notation, quote
from seaview_rules._forms import exactly
from seaview_rules.voyage._pieces import CARDS, Card

if TYPE_CHECKING:
    from seaview_rules.voyage._model import Rules


@frozen(repr=False)
class Play(Notation):
    """Play ``card`` from the hand onto the discard pile.

    >>> Play(Card.parse("R7"))
    parse_move('R7')
    """

    card: Card = field(validator=exactly(Card))

    def __str__(self) -> str:
        return str(self.card)


@frozen(repr=False)
class Deal(Notation):
    """Chance: ``card`` comes off the draw pile, dealt or drawn (VOY-1, VOY-4)."""

    card: Card = field(validator=exactly(Card))

    def __str__(self) -> str:
        return f"deal {self.card}"


class Action(Notation, enum.Enum):
    """The moves that name no card."""

    DRAW = "draw"
    """Draw a card from the draw pile (VOY-4)."""
    KEEP = "keep"
    """Keep the card just drawn; the only move when it does not match (VOY-R4)."""
    PASS = "pass"
    """With no match and nothing left to draw, the turn passes (VOY-R5)."""

    def __str__(self) -> str:
        return self.value


Move = Play | Deal | Action
"""Any Voyage move."""

PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
"""The `Play` of each card, by `Card.index`: the engine never builds a move twice."""
DEALS: tuple[Deal, ...] = tuple(Deal(c) for c in CARDS)
"""The `Deal` of each card, by `Card.index`."""


def every_move(rules: Rules) -> tuple[Move, ...]:
    """Every move of a match under ``rules``, legal or not, in a fixed order: the plays
    and the deals of the deck's cards, then draw, keep and pass.

    >>> from seaview_rules.voyage import Rules
    >>> len(every_move(Rules())), [str(m) for m in every_move(Rules(players=2, colours=1, numbers=2, hand_size=1))]
    (81, ['R1', 'R2', 'deal R1', 'deal R2', 'draw', 'keep', 'pass'])
    """
    cards = [card.index for card in rules.deck]
    return (*(PLAYS[i] for i in cards), *(DEALS[i] for i in cards), *Action)


def parse_move(text: str) -> Move:
    """Read a move written as ``str(move)`` writes it.

    >>> [parse_move(t) for t in ("B12", "deal g3", "draw")]
    [parse_move('B12'), parse_move('deal G3'), parse_move('draw')]

    Raises:
        ValueError: the text is not a Voyage move.
    """
    words = text.split()
    try:
        if len(words) == 1:
            word = words[0].lower()
            return _ACTIONS[word] if word in _ACTIONS else PLAYS[Card.parse(word).index]
        if len(words) == 2 and words[0].lower() == "deal":
            return DEALS[Card.parse(words[1]).index]
    except ValueError:
        pass
    raise ValueError(
        f"not a Voyage move: {quote(text)} (a card such as 'R7', 'draw', 'keep', 'pass' or 'deal R7')"
    )


_ACTIONS = {a.value: a for a in Action}
