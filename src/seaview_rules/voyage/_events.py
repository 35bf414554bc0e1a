"""What each move of a Voyage match did: its events, and what each seat may see of them.

Every move gives one or two events (recorded by its transition: `events` in
`seaview_rules.voyage._rules`). A card that comes off the draw pile goes
into a hand face down, so `Dealt` and `Drew` name it only for the seat that receives
it and for the omniscient log; everything else an event says is in sight of the whole
table: a card played face up (VOY-R9), the points of a round (counted in the open,
VOY-5), who draws, keeps or passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen

from seaview_rules._core import OMNISCIENT, Event, Viewer
from seaview_rules._words import subject, verb, who
from seaview_rules.voyage._pieces import Card

__all__ = [
    "DealDone",
    "Dealt",
    "Drew",
    "Kept",
    "MustDraw",
    "Passed",
    "PileRebuilt",
    "Played",
    "WentOut",
    "redact",
    "words",
]


def _card(card: Card | None) -> str:
    return "a card" if card is None else card.words


@frozen
class Dealt(Event):
    """A card of the deal went to ``seat`` (VOY-1). Not worth a line in `narrate`, but
    a frontend may animate it."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 is dealt a card", "you are dealt red 3"."""
        return f"{who(self.seat, viewer, 'is', 'are')} dealt {_card(self.card)}"


@frozen
class DealDone(Event):
    """The last card of the deal was dealt; ``seat``, on the dealer's left, leads
    (VOY-2)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "the deal is done; seat 1 leads", "the deal is done; you lead"."""
        return f"the deal is done; {who(self.seat, viewer, 'leads', 'lead')}"


@frozen
class Played(Event):
    """``seat`` played ``card`` face up onto the discard pile: a lead (VOY-2), a match
    (VOY-3) or the card just drawn (VOY-4)."""

    reveals: ClassVar[bool] = True

    seat: int
    card: Card

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 plays red 7", "you play red 7"."""
        return f"{who(self.seat, viewer, 'plays', 'play')} {self.card.words}"


@frozen
class WentOut(Event):
    """``seat`` played its last card, ``card``, and won the round with ``points``
    (VOY-5); ``wins_match`` if that took its total to the target (VOY-8)."""

    reveals: ClassVar[bool] = True
    ends_round: ClassVar[bool] = True

    seat: int
    card: Card
    points: int
    wins_match: bool

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 plays red 1 and goes out, scoring 4: seat 1 wins the
        match", "you play red 1 and go out, scoring 4"."""
        seat = self.seat
        text = (
            f"{who(seat, viewer, 'plays', 'play')} {self.card.words} and "
            f"{verb(seat, viewer, 'goes', 'go')} out, scoring {self.points}"
        )
        if self.wins_match:
            text += f": {who(seat, viewer, 'wins', 'win')} the match"
        return text


@frozen
class MustDraw(Event):
    """``seat`` draws instead of playing: it holds no match (VOY-4), or, under
    ``Rules(must_play=False)``, chose to (VOY-R3). The card follows in `Drew`, so
    `narrate` leaves this out."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 must draw", "you must draw"."""
        return f"{subject(self.seat, viewer)} must draw"


@frozen
class PileRebuilt(Event):
    """The draw pile was empty: the ``cards`` under the top of the discard pile became
    the new draw pile, face down (VOY-6)."""

    cards: int
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the discard pile but its top becomes the draw pile"


@frozen
class Drew(Event):
    """``seat`` drew a card from the draw pile (VOY-4)."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 2 draws a card", "seat 2 draws red 3", "you draw red 3"."""
        return f"{who(self.seat, viewer, 'draws', 'draw')} {_card(self.card)}"


@frozen
class Kept(Event):
    """``seat`` kept the card it drew, and its turn ended (VOY-R4)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 keeps it", "you keep it"."""
        return f"{who(self.seat, viewer, 'keeps', 'keep')} it"


@frozen
class Passed(Event):
    """``seat`` had no match and nothing was left to draw: its turn passed (VOY-R5)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 passes: nothing left to draw"."""
        return f"{who(self.seat, viewer, 'passes', 'pass')}: nothing left to draw"


def redact(event: Event, viewer: Viewer) -> Event:
    """What ``viewer`` may see of ``event``, an event as the omniscient log records it: a
    card dealt or drawn goes into a hand face down, so only that seat (and the
    omniscient log) is told which card it is; everything else is in sight of the table.

    >>> card = Card.parse("R3")
    >>> redact(Drew(2, card), 2), redact(Drew(2, card), 0), redact(Drew(2, card), None)
    (Drew(seat=2, card=Card.parse('R3')), Drew(seat=2, card=None), Drew(seat=2, card=None))
    """
    if isinstance(event, (Dealt, Drew)) and viewer is not OMNISCIENT and viewer != event.seat:
        return type(event)(event.seat, None)
    return event


_UNSAID = (Dealt, MustDraw)
"""The events `words` leaves out."""


def words(told: Sequence[Event], viewer: Viewer) -> str:
    """A move's events as ``viewer`` was told them, in one line of words (``narrate``):
    their texts joined by "; ", leaving out each card of the deal (`Dealt`), which is
    not worth a line, and the choice to draw (`MustDraw`), which the card drawn says.

    >>> from seaview_rules import OMNISCIENT
    >>> from seaview_rules.voyage import Rules, apply_move, narrate, new_game, parse_move
    >>> state = new_game(Rules(players=2, colours=1, numbers=2, hand_size=1))
    >>> state = apply_move(state, parse_move("deal R1"))
    >>> narrate(state, parse_move("deal R2")), narrate(state, parse_move("deal R2"), seat=1)
    ('the deal is done; seat 1 leads', 'the deal is done; you lead')
    >>> lead = apply_move(state, parse_move("deal R2"))
    >>> narrate(lead, parse_move("R1")), narrate(lead, parse_move("R1"), seat=1)
    ('seat 1 plays red 1 and goes out, scoring 1', 'you play red 1 and go out, scoring 1')

    A card drawn is named for the seat that draws it, and for the omniscient log only:

    >>> state = new_game(Rules(players=2, colours=2, numbers=3, hand_size=2))
    >>> for text in ("deal R1", "deal G2", "deal R2", "deal G3", "R1"):
    ...     state = apply_move(state, parse_move(text))
    >>> narrate(state, parse_move("draw"))  # "seat 0 must draw": the card drawn says it
    ''
    >>> state = apply_move(state, parse_move("draw"))
    >>> [narrate(state, parse_move("deal R3"), seat=s) for s in (0, 1, None, OMNISCIENT)]
    ['you draw red 3', 'seat 0 draws a card', 'seat 0 draws a card', 'seat 0 draws red 3']
    """
    return "; ".join(event.text(viewer) for event in told if not isinstance(event, _UNSAID))
