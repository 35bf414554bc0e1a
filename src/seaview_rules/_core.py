"""The vocabulary every game shares: the chance player, viewers, refusals and errors,
events, move notation, and outcomes."""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import frozen

__all__ = [
    "CHANCE",
    "OMNISCIENT",
    "Chance",
    "Event",
    "IllegalMoveError",
    "InvalidDataError",
    "Notation",
    "Omniscient",
    "Outcome",
    "Player",
    "Termination",
    "Viewer",
    "Violation",
    "check_seat",
    "seat_violation",
]


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


@frozen
class Violation:
    """Why a move is illegal: the rule it breaks and a sentence a person understands.

    Returned by each game's ``check_move`` and carried by `IllegalMoveError`.
    """

    rule: str
    """The rule ID, as in the rule reference (for example ``"VOY-3"``)."""
    reason: str
    """What is wrong with the move, in plain words."""


class IllegalMoveError(ValueError):
    """A move that is not legal in the state it was applied to; the state is unchanged.

    >>> err = IllegalMoveError(Violation("VOY-3", "B7 matches neither colour nor number of R2"))
    >>> err.rule, str(err)
    ('VOY-3', 'VOY-3: B7 matches neither colour nor number of R2')
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.rule}: {violation.reason}")
        self.violation = violation

    @property
    def rule(self) -> str:
        """The ID of the rule the move breaks."""
        return self.violation.rule

    @property
    def reason(self) -> str:
        """Why the move breaks it."""
        return self.violation.reason


class InvalidDataError(ValueError):
    """Data that does not describe a valid object: malformed or tampered JSON, a bad
    board, deck or rules option.

    ``where`` names the offending part (a JSON path such as ``data.hands[2]``, or a board
    square), ``problem`` says what is wrong with it.

    >>> str(InvalidDataError("data.scores[1]", "must be an integer"))
    'data.scores[1]: must be an integer'
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


# Errors are caught by users as seaview_rules.X: show them under that name in tracebacks.
IllegalMoveError.__module__ = InvalidDataError.__module__ = "seaview_rules"


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

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer`` ("you draw R3" when the viewer is the
        seat the event is about)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(None)


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


def check_seat(seat: object, players: int) -> None:
    """Raise `InvalidDataError` unless ``seat`` is ``None`` (a spectator) or a seat number
    below ``players``."""
    if seat is not None and not (
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
    ):
        raise InvalidDataError(
            "seat", f"must be None or a seat from 0 to {players - 1}, not {seat!r}"
        )


class Termination(enum.Enum):
    """Why a game ended."""

    TARGET_SCORE = "target_score"
    """A player's match total reached the target score."""
    TREASURE = "treasure"
    """A diver reached the red arrow and the treasure chest."""


@frozen
class Outcome:
    """How a finished game ended."""

    winner: int | None
    """The winning seat, or ``None`` if nobody won."""
    scores: tuple[int, ...]
    """The final score of every seat (for a race, 1 for the winner and 0 otherwise)."""
    termination: Termination
    """Why the game ended."""
