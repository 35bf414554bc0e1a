"""Seating as the card games share it: seats are numbered clockwise, so the seat on a
seat's left is the next number round the table, where the deal, the turns and the deal
from round to round go; and a match is won when a total reaches the target.

Each game's rulebook names its own rule where it asks (Voyage VOY-R7, VOY-7, VOY-8;
Ship's Wheel SW-4, SW-14, SW-R10).
"""

from __future__ import annotations

__all__ = ["left_of", "next_dealer", "reaches_target"]


def left_of(players: int, seat: int, seats: int = 1) -> int:
    """The seat on ``seat``'s left at a table of ``players``, or ``seats`` seats round
    to the left (clockwise; to the right for a negative number).

    >>> [left_of(3, seat) for seat in range(3)], left_of(3, 0, 5), left_of(3, 0, -1)
    ([1, 2, 0], 2, 2)
    """
    return (seat + seats) % players


def next_dealer(players: int, dealer: int) -> int:
    """The dealer after ``dealer``: the deal passes to the left.

    >>> next_dealer(4, 3)
    0
    """
    return (dealer + 1) % players


def reaches_target(total: int, target: int) -> bool:
    """Whether a match total ends the match: it reaches the target.

    >>> reaches_target(20, 21), reaches_target(23, 21)
    (False, True)
    """
    return total >= target
