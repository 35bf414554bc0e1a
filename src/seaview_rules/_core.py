"""The vocabulary every game shares: the chance player, viewers, refusals and errors,
events, move notation, and outcomes."""

from __future__ import annotations

import enum
import random
import reprlib
from typing import ClassVar, Protocol, TypeVar

from attrs import frozen

from seaview_rules._words import subject
from seaview_rules.errors import IllegalMoveError, InvalidDataError, Violation

__all__ = [
    "CHANCE",
    "DEFAULT_MAX_MOVES",
    "OMNISCIENT",
    "QUOTE_LIMIT",
    "Bot",
    "Chance",
    "Event",
    "IllegalMoveError",
    "InvalidDataError",
    "Notation",
    "Omniscient",
    "Outcome",
    "Player",
    "Termination",
    "Trace",
    "Undone",
    "Viewer",
    "Violation",
    "check_seat",
    "quote",
    "seat_violation",
]


_M = TypeVar("_M")
_V_contra = TypeVar("_V_contra", contravariant=True)


class Bot(Protocol[_V_contra, _M]):
    """A player that decides from what its seat may see, and nothing else."""

    def choose(self, view: _V_contra, legal_moves: tuple[_M, ...], rng: random.Random) -> _M:
        """Pick one of ``legal_moves`` (never empty) given the seat's ``view``."""
        ...


DEFAULT_MAX_MOVES = 1_000_000
"""The default move cap of `play` and `simulate`, the number of moves of a game (chance
included) after which the driver stops and reports the game as unfinished.

The printed rules of a game need not end: in a tiny Voyage deck a round can go round in a
cycle for ever (VOY-R10). The cap is more than ten times the longest game seen in random
play (about 70,000 moves, Ship's Wheel with two players and a target of 100 points;
Voyage and leagues games stay under 1,500), so it does not cut a real game short, while
a game that loops stops after a few seconds (3.4 s for a looping Voyage game)."""


class Chance(enum.Enum):
    """The type of `CHANCE`, the player who deals, draws and spins."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE = Chance.CHANCE
"""`current_player` returns this when the next move is a chance outcome."""

Player = int | Chance
"""A seat number (0 is the first seat) or `CHANCE`."""


class Omniscient(enum.Enum):
    """The type of `OMNISCIENT`, the viewer of a log that shows everything."""

    OMNISCIENT = "omniscient"

    def __repr__(self) -> str:
        return "OMNISCIENT"


OMNISCIENT = Omniscient.OMNISCIENT
"""Passed as ``seat`` to ``events`` and ``narrate``: everything that happened, hidden
cards included, for the server's own log (never for a player)."""

Viewer = int | None | Omniscient
"""Who reads an event: a seat, ``None`` for a spectator, or `OMNISCIENT`."""


def seat_violation(to_move: Player | None, seat: object) -> Violation | None:
    """The API-SEAT refusal of a move submitted by ``seat`` when ``to_move`` is to move,
    or ``None`` when ``seat`` is ``None`` (no seat check) or is the seat to move.

    The reason says only who is to move, which every seat may know: nothing about the
    move or any hand.

    >>> seat_violation(1, 1) is None, seat_violation(1, None) is None
    (True, True)
    >>> seat_violation(1, 0)
    Violation(rule='API-SEAT', reason='seat 1 is to move, not seat 0')
    >>> seat_violation(CHANCE, 2).reason
    "the next move is a chance outcome, not seat 2's"
    >>> seat_violation(0, True).reason
    'a seat is a seat number, not bool'
    """
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool):
        return Violation("API-SEAT", f"a seat is a seat number, not {type(seat).__name__}")
    if seat == to_move:
        return None
    name = f"seat {seat}" if seat.bit_length() < 64 else "that seat"
    if to_move is None:
        return Violation("API-SEAT", f"the game is over: {name} is not to move")
    if to_move is CHANCE:
        return Violation("API-SEAT", f"the next move is a chance outcome, not {name}'s")
    return Violation("API-SEAT", f"seat {to_move} is to move, not {name}")


class Event:
    """Something that happened at the table, as one viewer saw it: a typed value (each
    game's event classes subclass this, with a ``seat`` field naming the seat the event
    is about, ``None`` for the whole table), with words from `text`.

    Parts a viewer may not see are ``None`` in the events that viewer is given.
    """

    __slots__ = ()

    reveals: ClassVar[bool] = False
    """Whether this event moves a card that was hidden from other seats into the open
    (`seaview_rules.Table` never takes back a move whose events reveal one)."""

    ends_round: ClassVar[bool] = False
    """Whether this event ends a round (or hand) of the match, so that a log sets the
    lines after it apart (``seaview serve``'s page draws a break). The game's words
    must say such a move for every viewer (`seaview_rules.testing.check_game` checks
    it): a log marks the end of a round on that move's line."""

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer`` ("you draw red 3" when the viewer is the
        seat the event is about)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(None)


class Trace:
    """What one transition did, recorded by the transition itself where each rule acts:
    the IDs of the rules and rulings it applied, in order, and its events as the
    omniscient log sees them (every card named).

    A game's successors take an optional trace and write to it only when one is given,
    so random play, ``playout`` and ``apply_move`` without a trace pay nothing for it.
    Each game's ``events`` is a redaction of `events` for one viewer, its ``narrate``
    the words of those, and its ``rules_applied`` the sorted `rules`: nothing works out
    a second time what the transition did.

    >>> trace = Trace()
    >>> trace.add("VOY-4", "VOY-R2")
    >>> trace.rules, trace.events
    (['VOY-4', 'VOY-R2'], [])
    """

    __slots__ = ("events", "rules")

    def __init__(self) -> None:
        self.rules: list[str] = []
        """The rule IDs applied, in the order the transition applied them."""
        self.events: list[Event] = []
        """The events, in order, as the omniscient log sees them."""

    def add(self, *rules: str, event: Event | None = None) -> None:
        """Record that ``rules`` acted, and ``event`` (if any) happened."""
        self.rules += rules
        if event is not None:
            self.events.append(event)


@frozen
class Undone(Event):
    """A seat took back its last move (`seaview_rules.Table.undo`): the one event every
    game's table may send besides the game's own."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer``."""
        whose = "your" if viewer == self.seat else "its"
        return f"{subject(self.seat, viewer)} took back {whose} last move"


class Notation:
    """The base class of every game's move classes: ``str(move)`` is the move's notation
    (each class defines it), and ``repr(move)`` the call that reads it back, such as
    ``parse_move('R7')``. An attrs move class sets ``repr=False`` to keep this one.

    >>> from seaview_rules.voyage import parse_move
    >>> parse_move("R7"), parse_move("draw")
    (parse_move('R7'), parse_move('draw'))
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


def check_seat(seat: object, players: int, where: str = "seat", *, spectator: bool = True) -> None:
    """Raise `InvalidDataError` about ``where`` unless ``seat`` is a seat number below
    ``players``, or ``None`` (a spectator) when ``spectator`` allows it: the one check
    of a seat, for the viewers the API takes and the seats a document names.

    >>> check_seat(None, 2), check_seat(1, 2)
    (None, None)
    >>> check_seat(2, 2)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: seat: must be None or a seat from 0 to 1, not 2
    >>> check_seat(5, 2, "data.player", spectator=False)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data.player: must be at most 1, not 5
    """
    if seat is None and spectator:
        return
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return
    if spectator:
        problem = f"must be None or a seat from 0 to {players - 1}, not {quote(seat)}"
    elif not isinstance(seat, int) or isinstance(seat, bool):
        problem = f"must be an integer, not {type(seat).__name__}"
    else:
        bound = "least 0" if seat < 0 else f"most {players - 1}"
        problem = f"must be at {bound}, not {quote(seat)}"
    raise InvalidDataError(where, problem)


@frozen(repr=False)
class Termination(Notation):
    """Why a game ended: ``value`` names the ending in JSON (``str`` gives it), ``text``
    says it in words. Each game declares its own endings (20,000 Leagues' is
    ``seaview_rules.leagues.TREASURE``); `TARGET_SCORE` is the one every game won on
    points may share.

    >>> ending = Termination("bust", "a player's hand went over 21")
    >>> str(ending), ending.text
    ('bust', "a player's hand went over 21")
    >>> Termination.TARGET_SCORE
    Termination('target_score', 'the match total reached the target')
    """

    value: str
    text: str

    TARGET_SCORE: ClassVar[Termination]
    """A player's match total reached the target score."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Termination({self.value!r}, {self.text!r})"


Termination.TARGET_SCORE = Termination("target_score", "the match total reached the target")


@frozen
class Outcome:
    """How a finished game ended."""

    winner: int | None
    """The winning seat, or ``None`` if nobody won."""
    scores: tuple[int, ...]
    """The final score of every seat (for a race, 1 for the winner and 0 otherwise); a
    game's scores may be negative (chips won and lost)."""
    termination: Termination
    """Why the game ended."""


QUOTE_LIMIT = 40
"""The most characters of untrusted text an error message quotes (`quote`)."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to a short prefix, for error messages that quote untrusted
    input: a reason must stay short however long the input (a move of a million
    characters is refused in a sentence).

    >>> quote("R7"), quote("x" * 10**6)
    ("'R7'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'")
    >>> quote(10**5000), quote(list(range(100)))
    ('a huge number', '[0, 1, 2, 3, 4, 5, ...]')
    """
    if isinstance(value, str):
        shown = repr(value[:limit])
        return shown if len(value) <= limit else f"{shown[:-1]}...{shown[-1]}"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() >= 64:
        return "a huge number"  # Python refuses to print an int of thousands of digits
    shown = _REPR.repr(value)
    return shown if len(shown) <= 2 * limit else f"{shown[: 2 * limit]}..."


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = QUOTE_LIMIT
_REPR.maxlong = 2 * QUOTE_LIMIT
