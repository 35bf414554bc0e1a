"""What each spin of a 20,000 Leagues game did, in typed events and in words.

The engine records what a spin did in `State.events`, one compact record per
consequence (an `EventKind`, the diver, a square index). `events` turns them into one
typed event per consequence, with the square as ``(row, column)``, led by the spin
itself (`Spun`, or `SpunForOrder` in the spin-off), and holds the words of each.
Nothing in the game is hidden, so every viewer is told the same events; only the words
change, to "you" for the seat an event is about.
"""

from __future__ import annotations

from attrs import frozen

from seaview_rules._core import OMNISCIENT, Event, Viewer, check_seat
from seaview_rules._words import subject, verb
from seaview_rules.leagues._model import EventKind, State
from seaview_rules.leagues._moves import Move, Spin

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
    "describe",
    "events",
    "narrate",
]


@frozen
class Spun(Event):
    """``seat``'s diver spun ``spin`` on his turn (LEA-3, LEA-4); the events that follow
    say what it did."""

    seat: int
    spin: Spin

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 spun 3L", "you spun 3L"."""
        return f"{subject(self.seat, viewer)} spun {self.spin}"


@frozen
class SpunForOrder(Event):
    """``seat`` spun ``spin`` to settle the order of play (LEA-2, LEA-R3)."""

    seat: int
    spin: Spin

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 spun 5L for the order of play"."""
        return f"{subject(self.seat, viewer)} spun {self.spin} for the order of play"


@frozen
class Tied(Event):
    """``seats`` spun the same number in the spin-off, so they spin again (LEA-R3)."""

    seats: tuple[int, ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """For example "seats 0, 2 tied and spin again", "you and seat 2 tied and spin
        again"."""
        others = [str(s) for s in self.seats if s != viewer]
        who = f"seat{'s' if len(others) > 1 else ''} {', '.join(others)}"
        if len(others) < len(self.seats):
            who = f"you and {who}"
        return f"{who} tied and spin again"


@frozen
class OrderSettled(Event):
    """The spin-off settled the order of play: ``order``, ``order[0]`` first (LEA-2)."""

    order: tuple[int, ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer: "order of play: 1 0 2"."""
        return f"order of play: {' '.join(str(s) for s in self.order)}"


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

    def predicate(self, viewer: Viewer = None) -> str:
        """The words after the subject, for ``viewer``: "moved to (1, 4)"."""
        raise NotImplementedError


@frozen
class Moved(DiverEvent):
    """The diver moved along his row and ended on ``square`` (LEA-3, LEA-4)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "moved to (1, 4)"."""
        return f"moved to {self.square}"


@frozen
class Bounced(DiverEvent):
    """The diver reached the row's end square ``square`` and reversed (LEA-5)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "bounced at (1, 10)"."""
        return f"bounced at {self.square}"


@frozen
class Blocked(DiverEvent):
    """The diver is on the row's end square ``square`` and the letter did not lead back,
    so he stays (LEA-6, LEA-R9, LEA-R11)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "is blocked at the row's end on (1, 10)", "are blocked ..."."""
        return f"{verb(self.seat, viewer, 'is', 'are')} blocked at the row's end on {self.square}"


@frozen
class TookArrow(DiverEvent):
    """An arrow took the diver one row down, to ``square`` (LEA-7)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "took the arrow down to (2, 4)"."""
        return f"took the arrow down to {self.square}"


@frozen
class TookStarfish(DiverEvent):
    """A starfish took the diver two rows down, to ``square`` (LEA-9)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "took the starfish down to (3, 3)"."""
        return f"took the starfish down to {self.square}"


@frozen
class SentUp(DiverEvent):
    """An octopus sent the diver one row up, to ``square`` (LEA-10)."""

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

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "landed on another diver at (2, 3)"."""
        return f"landed on another diver at {self.square}"


@frozen
class Rose(DiverEvent):
    """The diver rose to ``square``, the first open yellow square above (LEA-8,
    LEA-11, LEA-R7, LEA-R10)."""

    def predicate(self, viewer: Viewer = None) -> str:
        """For example "rose to (1, 3)"."""
        return f"rose to {self.square}"


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


_DIVER_EVENTS: dict[EventKind, type[DiverEvent]] = {
    EventKind.MOVE: Moved,
    EventKind.BOUNCE: Bounced,
    EventKind.BLOCKED: Blocked,
    EventKind.ARROW: TookArrow,
    EventKind.STARFISH: TookStarfish,
    EventKind.OCTOPUS: SentUp,
    EventKind.TAKEN: FoundTaken,
    EventKind.COLLISION: Collided,
    EventKind.RISE: Rose,
    EventKind.START: SentBack,
    EventKind.EXTRA_SPIN: SpinsAgain,
    EventKind.WIN: Won,
}
"""The typed event of each kind of record a turn's spin leaves."""


def _told(state: State) -> tuple[Event, ...]:
    """The typed events of the last spin, read from ``state`` (the state after it)."""
    records, spin = state.events, state.last_spin
    assert spin is not None  # a state with events has a last spin
    head = records[0]
    if head.kind is EventKind.ORDER_SPIN:
        told: list[Event] = [SpunForOrder(head.seat, spin)]
        # A tie's records name its seats one by one; the groups say who tied with whom.
        tied = {r.seat for r in records if r.kind is EventKind.TIE}
        told += [Tied(g) for g in state.groups if len(g) > 1 and g[0] in tied]
        if records[-1].kind is EventKind.ORDER:
            told.append(OrderSettled(state.order))
        return tuple(told)
    coordinates = state.rules.board.coordinates
    told = [Spun(head.seat, spin)]
    for record in records:
        assert record.square is not None  # only the spin-off's records have no square
        told.append(_DIVER_EVENTS[record.kind](record.seat, coordinates(record.square)))
    return tuple(told)


def _words(told: tuple[Event, ...], viewer: Viewer) -> str:
    """A turn's spin, then what the board did, as one clause: "seat 0 spun 3L: moved
    to (1, 4), spins again"; the spin-off's events joined by "; "."""
    head = told[0]
    if isinstance(head, Spun):
        # Every event after the spin is a DiverEvent: what the board did to the diver.
        done = [e.predicate(viewer) for e in told[1:] if isinstance(e, DiverEvent)]
        return f"{head.text(viewer)}: {', '.join(done)}"
    return "; ".join(e.text(viewer) for e in told)


def _check_viewer(seat: Viewer, state: State) -> None:
    if seat is not OMNISCIENT:
        check_seat(seat, state.rules.players)


def events(before: State, move: Move, after: State, *, seat: Viewer = None) -> tuple[Event, ...]:
    """What the legal spin ``move`` from ``before`` to ``after`` did: `Spun` (or
    `SpunForOrder`), then one event per record of `State.events` of ``after``. Nothing
    is hidden, so every ``seat`` (a seat, ``None`` for a spectator, or
    `~seaview_rules.OMNISCIENT`) is told the same events, and none `reveals` anything.

    >>> from seaview_rules import leagues
    >>> rules = leagues.Rules(players=2, spin_off=False,
    ...                       board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> state = leagues.new_game(rules)
    >>> spin = leagues.parse_move("3L")
    >>> events(state, spin, leagues.apply_move(state, spin), seat=1)
    (Spun(seat=0, spin=parse_move('3L')), Moved(seat=0, square=(1, 4)), TookArrow(seat=0, square=(2, 4)), SpinsAgain(seat=0, square=(2, 4)))

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game, ``None`` or
            `~seaview_rules.OMNISCIENT`.
    """
    _check_viewer(seat, before)
    return _told(after)


def narrate(before: State, move: Move, after: State, *, seat: Viewer = None) -> str:
    """What the spin ``move`` did, in words for ``seat``: the spin and what the board
    did to the diver in one clause, or the spin-off's events joined by "; ". Every
    viewer hears the same but for "you".

    >>> from seaview_rules import OMNISCIENT, leagues
    >>> rules = leagues.Rules(players=2, spin_off=False,
    ...                       board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> state = leagues.new_game(rules)
    >>> spin = leagues.parse_move("3L")
    >>> after = leagues.apply_move(state, spin)
    >>> narrate(state, spin, after, seat=OMNISCIENT)
    'seat 0 spun 3L: moved to (1, 4), took the arrow down to (2, 4), spins again'
    >>> narrate(state, spin, after, seat=0)
    'you spun 3L: moved to (1, 4), took the arrow down to (2, 4), spin again'

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game, ``None`` or
            `~seaview_rules.OMNISCIENT`.
    """
    _check_viewer(seat, before)
    return _words(_told(after), seat)


def describe(state: State) -> str:
    """The last spin and everything it did, in one line of words (`narrate` of the
    spin that led to ``state``, for the omniscient log).

    >>> from seaview_rules import leagues
    >>> rules = leagues.Rules(players=3, board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> state = leagues.new_game(rules)
    >>> describe(state)
    'no spin yet'
    >>> for text in ("2R", "2L", "1R"):
    ...     state = leagues.apply_move(state, leagues.parse_move(text))
    >>> describe(state)
    'seat 2 spun 1R for the order of play; seats 0, 1 tied and spin again'
    """
    if state.last_spin is None:
        return "no spin yet"
    return _words(_told(state), OMNISCIENT)
