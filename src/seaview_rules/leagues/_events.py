"""What each spin of a 20,000 Leagues game did: its typed events, and their words.

A spin's transition records its events where each rule acts (`events` in
`seaview_rules.leagues._rules`): the spin itself first (`Spun`, or `SpunForOrder` in
the spin-off), then one event per consequence, with the square as ``(row, column)``.
Nothing in the game is hidden, so every viewer is told the same events (`redact` gives
each one back unchanged); only the words change, to "you" for the seat an event is
about.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen

from seaview_rules._core import Event, Viewer
from seaview_rules._words import listed, subject, verb
from seaview_rules.leagues._moves import Spin

__all__ = [
    "Blocked",
    "Bounced",
    "Collided",
    "DiverEvent",
    "FoundTaken",
    "Moved",
    "OrderSettled",
    "Rose",
    "SentBack",
    "SentUp",
    "SpinsAgain",
    "Spun",
    "SpunForOrder",
    "Tied",
    "TookArrow",
    "TookStarfish",
    "Won",
    "redact",
    "words",
]


@frozen
class Spun(Event):
    """``seat``'s diver spun ``spin`` on his turn (LEA-3, LEA-4), standing on ``start``;
    the events that follow say what it did."""

    seat: int
    spin: Spin
    start: tuple[int, int]
    """The square he spun from, as ``(row, column)`` counted from 1: a frontend draws his
    path from it."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 spun 3 left", "you spun 3 left"."""
        return f"{subject(self.seat, viewer)} spun {self.spin.words}"


@frozen
class SpunForOrder(Event):
    """``seat`` spun ``spin`` to settle the order of play (LEA-2, LEA-R3)."""

    seat: int
    spin: Spin

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 spun 5 left for the order of play"."""
        return f"{subject(self.seat, viewer)} spun {self.spin.words} for the order of play"


@frozen
class Tied(Event):
    """``seats`` spun the same number in the spin-off, so they spin again (LEA-R3)."""

    seats: tuple[int, ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 and seat 2 tied and spin again", "you and seat 2 tied and
        spin again"."""
        return f"{listed(self.seats, viewer)} tied and spin again"


@frozen
class OrderSettled(Event):
    """The spin-off settled the order of play: ``order``, ``order[0]`` first (LEA-2)."""

    order: tuple[int, ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """For example "order of play: seat 1, seat 0, seat 2", "order of play: seat 1,
        you, seat 2"."""
        return f"order of play: {', '.join(subject(s, viewer) for s in self.order)}"


@frozen
class DiverEvent(Event):
    """Something the board did to ``seat``'s diver after his spin; every class below
    adds only its words. A frontend may move the diver to ``square``."""

    seat: int
    square: tuple[int, int]
    """The square, as ``(row, column)`` counted from 1: where the diver is after the
    event, but for `FoundTaken` and `Collided`, which name the square taken."""

    def text(self, viewer: Viewer = None) -> str:
        """The subject and its `predicate`: "seat 0 moved to (1, 4)"."""
        return f"{subject(self.seat, viewer)} {self.predicate(viewer)}"

    words: ClassVar[str] = ""
    """What the board did, said before ``square`` by the default `predicate`."""

    def predicate(self, viewer: Viewer = None) -> str:
        """The words after the subject, for ``viewer``: "moved to (1, 4)"; by default
        the class's ``words``, then ``square``, the same for every viewer (a class
        with neither has no words)."""
        if not self.words:
            raise NotImplementedError
        return f"{self.words} {self.square}"


@frozen
class Moved(DiverEvent):
    """The diver moved along his row and ended on ``square`` (LEA-3, LEA-4)."""

    words: ClassVar[str] = "moved to"


@frozen
class Bounced(DiverEvent):
    """The diver reached the row's end square ``square`` and reversed (LEA-5)."""

    words: ClassVar[str] = "bounced at"


@frozen
class Blocked(DiverEvent):
    """The diver is on the row's end square ``square`` and the letter did not lead back,
    so he stays (LEA-6, LEA-R9, LEA-R11)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "is blocked at the row's end on (1, 10)", "are blocked ..."."""
        return f"{verb(self.seat, viewer, 'is', 'are')} blocked at the row's end on {self.square}"


@frozen
class TookArrow(DiverEvent):
    """An arrow took the diver down, to ``square`` (LEA-7)."""

    words: ClassVar[str] = "took the arrow down to"


@frozen
class TookStarfish(DiverEvent):
    """A starfish took the diver down, to ``square`` (LEA-9)."""

    words: ClassVar[str] = "took the starfish down to"


@frozen
class SentUp(DiverEvent):
    """An octopus sent the diver up, to ``square`` (LEA-10)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "was sent up by the octopus to (1, 5)", "were sent up ..."."""
        return f"{verb(self.seat, viewer, 'was', 'were')} sent up by the octopus to {self.square}"


@frozen
class FoundTaken(DiverEvent):
    """The square an arrow, starfish or octopus sends the diver to, ``square``, is
    taken by another diver (LEA-8, LEA-9, LEA-10); a rise follows."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "found (2, 6) taken"."""
        return f"found {self.square} taken"


@frozen
class Collided(DiverEvent):
    """The diver landed on ``square``, where another diver stands (LEA-11)."""

    words: ClassVar[str] = "landed on another diver at"


@frozen
class Rose(DiverEvent):
    """The diver rose to ``square``, the first open yellow square above (LEA-8,
    LEA-11, LEA-R7, LEA-R10)."""

    words: ClassVar[str] = "rose to"


@frozen
class SentBack(DiverEvent):
    """The diver went back to the start square, ``square`` (LEA-11, LEA-12)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """The same words for every viewer: "went back to the start"."""
        return "went back to the start"


@frozen
class SpinsAgain(DiverEvent):
    """The diver went down, so he spins again from ``square`` (LEA-7, LEA-9, LEA-R6)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "spins again", "spin again"."""
        return f"{verb(self.seat, viewer, 'spins', 'spin')} again"


@frozen
class Won(DiverEvent):
    """The diver reached the red arrow, ``square``, and won (LEA-1, LEA-R8)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "reached the red arrow and wins", "... and win"."""
        return f"reached the red arrow and {verb(self.seat, viewer, 'wins', 'win')}"


def redact(event: Event, viewer: Viewer) -> Event:
    """What ``viewer`` may see of ``event``, an event as the omniscient log records it:
    all of it, since nothing in 20,000 Leagues is hidden. Every game has this function;
    here it gives the event back unchanged.

    >>> from seaview_rules import OMNISCIENT
    >>> event = Moved(0, (1, 4))
    >>> redact(event, 1) is redact(event, None) is redact(event, OMNISCIENT) is event
    True
    """
    return event


def words(told: Sequence[Event], viewer: Viewer) -> str:
    """A move's events as ``viewer`` was told them, in one line of words (``narrate``):
    a turn's spin, then what the board did to the diver, as one clause; the spin-off's
    events joined by "; ". Every viewer hears the same but for "you".

    >>> from seaview_rules import OMNISCIENT, leagues
    >>> rules = leagues.Rules(players=2, spin_off=False,
    ...                       board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> state, spin = leagues.new_game(rules), leagues.parse_move("3L")
    >>> leagues.events(state, spin, seat=1)
    (Spun(seat=0, spin=parse_move('3L'), start=(1, 1)), Moved(seat=0, square=(1, 4)), TookArrow(seat=0, square=(2, 4)), SpinsAgain(seat=0, square=(2, 4)))
    >>> leagues.narrate(state, spin, seat=OMNISCIENT)
    'seat 0 spun 3 left: moved to (1, 4), took the arrow down to (2, 4), spins again'
    >>> leagues.narrate(state, spin, seat=0)
    'you spun 3 left: moved to (1, 4), took the arrow down to (2, 4), spin again'
    """
    head = told[0]
    if isinstance(head, Spun):
        # Every event after the spin is a DiverEvent: what the board did to the diver.
        done = [e.predicate(viewer) for e in told[1:] if isinstance(e, DiverEvent)]
        return f"{head.text(viewer)}: {', '.join(done)}"
    return "; ".join(e.text(viewer) for e in told)
