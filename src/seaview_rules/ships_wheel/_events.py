"""What each move of a Ship's Wheel match did: its events, and what each seat may see of
them.

Every move gives one or more events, recorded by its transition (`events` in
`seaview_rules.ships_wheel._rules`), the same ones for every viewer; only the cards a
viewer may not see are ``None`` (`redact`). A card that comes off the deck goes into a
hand face down, so `Dealt` and `Drew` name it only for the seat that receives it and
for the omniscient log. An Anchor pass is secret until every seat has chosen (SW-R7):
`PassChosen` names the card only for the seat that chose it, and `Received` only for
the seat that receives it. Everything else is in sight of the whole table: a card
taken from or discarded onto a pile, the hand size, the effect of an action card, and
the hands that win, which are shown to claim the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen

from seaview_rules._core import OMNISCIENT, Event, Viewer
from seaview_rules._words import listed, who
from seaview_rules.ships_wheel._pieces import Card

__all__ = [
    "CardsPassed",
    "DealDone",
    "Dealt",
    "DeckChosen",
    "DeckRanOut",
    "DeckRebuilt",
    "Discarded",
    "Drew",
    "GoesAgain",
    "HandTied",
    "HandWon",
    "PassBegins",
    "PassChosen",
    "Received",
    "SizeChosen",
    "Skipped",
    "Took",
    "redact",
    "words",
]


@frozen
class SizeChosen(Event):
    """The dealer, ``seat``, chose to deal hands of ``cards`` cards (SW-2)."""

    seat: int
    cards: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 deals hands of 4", "you deal hands of 4"."""
        return f"{who(self.seat, viewer, 'deals', 'deal')} hands of {self.cards}"


@frozen
class Dealt(Event):
    """A card of the deal went to ``seat`` (SW-2). Not worth a line in `narrate`, but a
    frontend may animate it."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 is dealt a card", "you are dealt red star"."""
        card = "a card" if self.card is None else self.card.words
        return f"{who(self.seat, viewer, 'is', 'are')} dealt {card}"


@frozen
class DealDone(Event):
    """The last card of the deal was dealt; every hand is checked (SW-R6)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the deal is done"


@frozen
class DeckChosen(Event):
    """``seat`` draws from the deck rather than from a pile (SW-5); the card follows in
    `Drew`, so `narrate` leaves this out."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 chooses to draw from the deck"."""
        return f"{who(self.seat, viewer, 'chooses', 'choose')} to draw from the deck"


@frozen
class Drew(Event):
    """``seat`` drew a card from the deck (SW-5)."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 draws from the deck", "you draw red star from the deck"."""
        card = "" if self.card is None else f" {self.card.words}"
        return f"{who(self.seat, viewer, 'draws', 'draw')}{card} from the deck"


@frozen
class DeckRebuilt(Event):
    """The deck ran out: the ``cards`` of every discard pile became the new deck, face
    down (SW-13, SW-R8)."""

    cards: int
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the deck ran out and the discards become the new deck"


@frozen
class Took(Event):
    """``seat`` took ``card``, the top of ``pile``'s discard pile (SW-5)."""

    seat: int
    pile: int
    """The seat whose pile it was (``seat`` itself for its own pile)."""
    card: Card

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 takes red star from seat 1's pile", "you take red star
        from your own pile", "seat 0 takes red star from your pile"."""
        if self.pile == self.seat:
            pile = "your own pile" if viewer == self.seat else "his own pile"
        else:
            pile = "your pile" if viewer == self.pile else f"seat {self.pile}'s pile"
        return f"{who(self.seat, viewer, 'takes', 'take')} {self.card.words} from {pile}"


@frozen
class Discarded(Event):
    """``seat`` discarded ``card`` face up onto its own pile (SW-6)."""

    reveals: ClassVar[bool] = True

    seat: int
    card: Card

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 discards red star", "you discard red star"."""
        return f"{who(self.seat, viewer, 'discards', 'discard')} {self.card.words}"


@frozen
class GoesAgain(Event):
    """The White Starfish: ``seat`` takes another whole turn (SW-8)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 takes another turn", "you take another turn"."""
        return f"{who(self.seat, viewer, 'takes', 'take')} another turn"


@frozen
class Skipped(Event):
    """The Black Starfish: the ``seats`` it passes over lose their turn, in the order the
    turn passes them (SW-9, SW-R11)."""

    seats: tuple[int, ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 is skipped", "you are skipped", "seat 1 and you are
        skipped"."""
        if len(self.seats) < 2:
            return (
                f"{who(self.seats[0], viewer, 'is', 'are')} skipped"
                if self.seats
                else "nobody is skipped"
            )
        names = ["you" if s == viewer else f"seat {s}" for s in self.seats]
        return f"{', '.join(names[:-1])} and {names[-1]} are skipped"


@frozen
class PassBegins(Event):
    """The Anchor: every seat secretly chooses a card to pass left (SW-10, SW-R7)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "every seat chooses a card to pass to the left"


@frozen
class PassChosen(Event):
    """``seat`` chose the card it passes to the left (SW-R7)."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 chooses a card to pass", "you choose red star to pass"."""
        card = "a card" if self.card is None else self.card.words
        return f"{who(self.seat, viewer, 'chooses', 'choose')} {card} to pass"


@frozen
class CardsPassed(Event):
    """Every seat has chosen: the chosen cards move one seat left at once (SW-10)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "every seat passes its chosen card to the left"


@frozen
class Received(Event):
    """``seat`` received ``card``, chosen by ``giver`` on its right (SW-10). The card is
    seen by ``seat``: `reveals` is set, so the pass cannot be taken back."""

    reveals: ClassVar[bool] = True

    seat: int
    giver: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log (the
    giver knows it from its own `PassChosen`)."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 2 receives a card from seat 1", "you receive blue moon from
        seat 1"."""
        card = "a card" if self.card is None else self.card.words
        giver = "you" if viewer == self.giver else f"seat {self.giver}"
        return f"{who(self.seat, viewer, 'receives', 'receive')} {card} from {giver}"


@frozen
class HandWon(Event):
    """``seat`` won the hand with ``hand``, shown to the table, scoring ``points``
    (SW-3, SW-14); ``wins_match`` if that took its total to the target (SW-R10)."""

    reveals: ClassVar[bool] = True
    ends_round: ClassVar[bool] = True

    seat: int
    hand: tuple[Card, ...]
    points: int
    wins_match: bool

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 2 wins the hand, scoring 4", "you win the hand, scoring 4;
        you win the match"."""
        won = who(self.seat, viewer, "wins", "win")
        text = f"{won} the hand, scoring {self.points}"
        return f"{text}; {won} the match" if self.wins_match else text


@frozen
class HandTied(Event):
    """Two or more seats, ``winners``, held a winning hand at once: nobody wins the hand
    (SW-12). Their ``hands`` are shown, in the same order."""

    reveals: ClassVar[bool] = True
    ends_round: ClassVar[bool] = True

    winners: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 and seat 2 all win: the hand is a tie", "you and seat 2
        all win: the hand is a tie"."""
        return f"{listed(self.winners, viewer)} all win: the hand is a tie"


@frozen
class DeckRanOut(Event):
    """The deck ran out once more than `Rules.max_reshuffles` allows: the hand is a
    tie (SW-13, SW-R8)."""

    ends_round: ClassVar[bool] = True

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the deck ran out again: the hand is a tie"


def redact(event: Event, viewer: Viewer) -> Event:
    """What ``viewer`` may see of ``event``, an event as the omniscient log records it.

    The card of a `Dealt`, `Drew` or `PassChosen` is named only to the seat the event is
    about, and the card of a `Received` only to its receiver (SW-R3, SW-R7): any other
    seat, and a spectator (``None``), gets ``None`` in its place. `~seaview_rules.OMNISCIENT`
    sees everything, and the rest of every event is in sight of the whole table.

    >>> card = Card.parse("red-star")
    >>> redact(Drew(2, card), 2), redact(Drew(2, card), 0), redact(Drew(2, card), None)
    (Drew(seat=2, card=Card.parse('red-star')), Drew(seat=2, card=None), Drew(seat=2, card=None))
    >>> redact(Received(1, 0, card), 0), redact(Received(1, 0, card), OMNISCIENT)
    (Received(seat=1, giver=0, card=None), Received(seat=1, giver=0, card=Card.parse('red-star')))
    """
    if viewer is OMNISCIENT:
        return event
    if isinstance(event, Dealt | Drew | PassChosen) and viewer != event.seat:
        return type(event)(event.seat, None)
    if isinstance(event, Received) and viewer != event.seat:
        return Received(event.seat, event.giver, None)
    return event


_EFFECTS = (GoesAgain, Skipped, PassBegins)
"""Events that say what the action card just discarded does: `words` joins them to
the discard with a colon."""


def words(told: Sequence[Event], viewer: Viewer) -> str:
    """A move's events as ``viewer`` was told them, in one line of words (``narrate``):
    their texts joined by "; " (and by ": " to the effect of an action card), leaving
    out each card of the deal (`Dealt`), the choice of the deck (`DeckChosen`, the card
    drawn follows) and the cards other seats receive in a pass (`Received`), none of
    which is worth a line.

    >>> from seaview_rules import OMNISCIENT
    >>> from seaview_rules.ships_wheel import Rules, apply_move, narrate, new_game, parse_move
    >>> state = new_game(Rules(players=2))
    >>> narrate(state, parse_move("size 4"))
    'seat 0 deals hands of 4'
    >>> state = apply_move(state, parse_move("size 3"))
    >>> for text in ("red-star", "anchor", "red-circle", "blue-moon", "blue-star", "green-moon"):
    ...     state = apply_move(state, parse_move(f"deal {text}"))
    >>> state = apply_move(apply_move(state, parse_move("draw")), parse_move("deal anchor"))
    >>> narrate(state, parse_move("anchor"), seat=1)
    'you discard anchor: every seat chooses a card to pass to the left'

    A pass choice is named for the seat that makes it, and for the omniscient log only:

    >>> state, choice = apply_move(state, parse_move("anchor")), parse_move("pass green-moon by 0")
    >>> [narrate(state, choice, seat=s) for s in (0, 1, None, OMNISCIENT)]
    ['you choose green moon to pass', 'seat 0 chooses a card to pass', 'seat 0 chooses a card to pass', 'seat 0 chooses green moon to pass']
    >>> chosen = apply_move(state, choice)
    >>> narrate(chosen, parse_move("pass red-star by 1"), seat=0)
    'seat 1 chooses a card to pass; every seat passes its chosen card to the left; you receive red star from seat 1; seat 1 wins the hand, scoring 3'
    """
    text = ""
    for event in told:
        kind = type(event)
        if (
            kind is Dealt
            or kind is DeckChosen
            or (isinstance(event, Received) and event.seat != viewer)
        ):
            continue
        joint = ": " if kind in _EFFECTS else "; "
        text = f"{text}{joint}{event.text(viewer)}" if text else event.text(viewer)
    return text
