"""The rulebook of 20,000 Leagues: every rule's numbers and small functions, stated once.

The tables of walks and effects (`seaview_rules.leagues._tables`), the transitions
(`seaview_rules.leagues._rules`), the check of a board under the rules, the pictures,
the encoding, the codec and the test kit read them here and state none of their own,
so that changing a rule is one edit here. It holds:

- `PLAYERS`: how many divers race (LEA-1).
- `Walk`, `walk_of` and `walk`: how a diver walks along his row from his square, and
  where he lands (LEA-3 to LEA-6, LEA-R4, LEA-R9, LEA-R11, LEA-R12).
- `SENDS`: how many rows an arrow, a starfish and an octopus send a diver (LEA-7,
  LEA-9, LEA-10); `LANDS_ON`: the squares they may send him to (LEA-R1, LEA-R5,
  LEA-R8); `effect_targets`: where each square of a board sends a diver, checked (LEA-R1).
- `spins_again`: who spins again after an effect (LEA-7, LEA-9, LEA-10, LEA-R6).
- `rise_stops` and `rises_from_target`: how a diver rises, and from where when the
  square an effect sends him to is taken (LEA-8, LEA-10, LEA-11, LEA-R7, LEA-R10).
- `STANDS_ON`: the squares a diver stands on between spins (LEA-1, LEA-R5).
- `POINTS`, `TREASURE` and `race_outcome`: how a race ends and what it scores (LEA-1).

Nothing here is on the hot path: the tables are worked out from it once per board,
spinner and options, and the transitions look them up.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from seaview_rules._core import InvalidDataError, Outcome, Termination
from seaview_rules.leagues._pieces import Board, Direction, Square, SquareKind

if TYPE_CHECKING:
    from collections.abc import Mapping

    from seaview_rules.leagues._moves import Spin

__all__ = [
    "LANDS_ON",
    "PLAYERS",
    "POINTS",
    "SENDS",
    "STANDS_ON",
    "TREASURE",
    "Walk",
    "effect_targets",
    "race_outcome",
    "rise_stops",
    "rises_from_target",
    "spins_again",
    "walk",
    "walk_of",
]

PLAYERS = (2, 4)
"""The fewest and the most divers in a race, one per player (LEA-1: four markers)."""


# --- walking along a row (LEA-3 to LEA-6) --------------------------------------------


class Walk(enum.Enum):
    """How a diver walks from his square."""

    RIGHT = "right"
    """To the right whatever the letter, never blocked (LEA-3, LEA-R4)."""
    LETTER = "letter"
    """By the letter; on an end square blocked until it leads back (LEA-4, LEA-6)."""
    FREE = "free"
    """By the letter; a letter that leads off the row reverses him at once (LEA-R9's option)."""


def walk_of(
    board: Board,
    square: int,
    placed: bool,
    *,
    blocked_when_placed: bool,
    start_always_right: bool,
) -> Walk:
    """How a diver on ``square`` walks at his next spin, ``placed`` there or walked there.

    LEA-3, LEA-R4, LEA-R12: a diver put on the start (wherever it is in row 1) moves
    right; LEA-R11: so does one who walked onto it, unless the option says he moves by
    the letter like anyone else. LEA-6, LEA-R9: a diver on an end square is blocked
    until the letter leads back, however he came there, unless the option frees a
    placed diver.
    """
    if square == board.start:
        return Walk.RIGHT if placed or start_always_right else Walk.LETTER
    return Walk.FREE if placed and not blocked_when_placed else Walk.LETTER


def walk(
    board: Board, square: int, spin: Spin, how: Walk
) -> tuple[Square | None, tuple[Square, ...]]:
    """Where a diver on ``square`` lands with ``spin`` when he walks as ``how`` says,
    and the row ends he bounces off on the way; ``None`` if he cannot move.

    LEA-3, LEA-4: the number of squares, right for ``R`` and left for ``L`` (or right
    whatever the letter); LEA-5: at the end of the row he reverses, the end square
    counting once; LEA-6, LEA-R9: on an end square, a letter that leads off the row
    blocks him, unless he walks freely.
    """
    width = board.columns
    row, column = divmod(square, width)
    step = 1 if how is Walk.RIGHT or spin.direction is Direction.RIGHT else -1
    if how is Walk.LETTER and not 0 <= column + step < width:
        return None, ()
    bounces: list[Square] = []
    for _ in range(spin.number):
        if not 0 <= column + step < width:
            step = -step
            bounces.append(Square(row * width + column))
        column += step
    return Square(row * width + column), tuple(bounces)


# --- the arrow, the starfish and the octopus (LEA-7 to LEA-10) -----------------------

SENDS: Mapping[SquareKind, int] = {
    SquareKind.ARROW: 1,  # LEA-7: down one row
    SquareKind.STARFISH: 2,  # LEA-9: down two rows
    SquareKind.OCTOPUS: -1,  # LEA-10: up one row
}
"""How many rows each effect square sends a diver down (up if negative), in the same
column (LEA-7, LEA-9, LEA-10)."""

LANDS_ON = (SquareKind.YELLOW, SquareKind.RED_ARROW)
"""The squares an effect may send a diver to: a yellow square, whose square does
nothing more (LEA-R5: no chains), or the red arrow, where he wins (LEA-R8)."""


def effect_targets(board: Board) -> tuple[Square | None, ...]:
    """For every square of ``board``, the square its arrow, starfish or octopus sends a
    diver to (`SENDS`), or ``None`` for a square with no effect.

    Raises:
        InvalidDataError: an effect sends divers off the board, or onto a square that
            is not in `LANDS_ON` (LEA-R1); ``where`` names the effect's square.

    >>> board = Board.from_rows(["S.v.", ".*..", "....", "..X."])
    >>> [board.coordinates(t) for t in effect_targets(board) if t is not None]
    [(2, 3), (4, 2)]
    >>> effect_targets(Board.from_rows(["S..v", "...@", "..X."]))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: square (1, 4): the arrow sends divers to (2, 4), which must be a yellow square, not an octopus
    """
    rows, columns, squares = board.rows, board.columns, board.squares
    targets: list[Square | None] = []
    for index, kind in enumerate(squares):
        if kind not in SENDS:
            targets.append(None)
            continue
        row, column = divmod(index, columns)
        where = f"square ({row + 1}, {column + 1})"
        name = kind.name.lower()
        to_row = row + SENDS[kind]
        if not 0 <= to_row < rows:
            side = "above row 1" if to_row < 0 else f"below the last row, {rows}"
            raise InvalidDataError(where, f"the {name} sends divers off the board ({side})")
        target = to_row * columns + column
        if squares[target] not in LANDS_ON:
            raise InvalidDataError(
                where,
                f"the {name} sends divers to ({to_row + 1}, {column + 1}), which must be a "
                f"yellow square, not {_NAMED[squares[target]]}",
            )
        targets.append(Square(target))
    return tuple(targets)


_NAMED = {
    SquareKind.YELLOW: "a yellow square",
    SquareKind.ARROW: "an arrow",
    SquareKind.STARFISH: "a starfish",
    SquareKind.OCTOPUS: "an octopus",
    SquareKind.RED_ARROW: "the red arrow",
    SquareKind.START: "the start",
}
"""Each kind of square as a message names it."""


def spins_again(kind: SquareKind, went_down: bool, *, extra_spin_after_rise: bool) -> bool:
    """Whether the diver spins again after the effect of a ``kind`` square that he
    landed on, having ended his move below its row (``went_down``) or not.

    LEA-7, LEA-9: an arrow or a starfish gives another spin; LEA-10: an octopus does
    not; LEA-R6: only after a real descent, unless the option grants it after a rise too.
    """
    return kind is not SquareKind.OCTOPUS and (went_down or extra_spin_after_rise)


# --- rising (LEA-8, LEA-10, LEA-11, LEA-12) ------------------------------------------


def rise_stops(board: Board, square: int) -> tuple[Square, ...]:
    """The squares where a rise from ``square`` may stop, nearest first: the yellow
    squares above it in its column (LEA-R7); a rise stops on the first with no diver,
    and finding none goes back to the start (LEA-12). A rise from row 1 has none: back
    to the start (LEA-11)."""
    columns = board.columns
    return tuple(
        Square(j)
        for j in range(square - columns, -1, -columns)
        if board.squares[j] is SquareKind.YELLOW
    )


def rises_from_target(kind: SquareKind, *, starfish_rise_above_taken: bool) -> bool:
    """Whether a diver whose ``kind`` square sends him to a taken square rises from
    that taken square (``True``) or from the effect square itself (``False``).

    LEA-8: above the arrow; LEA-10: higher than the taken square above the octopus;
    LEA-R10: above the starfish, or with the option above the taken square below it.
    """
    return kind is SquareKind.OCTOPUS or (kind is SquareKind.STARFISH and starfish_rise_above_taken)


# --- standing and winning (LEA-1) ----------------------------------------------------

STANDS_ON = (SquareKind.START, SquareKind.YELLOW)
"""The squares a diver stands on between spins: effects send him on at once (LEA-R5);
only the winner stands on the red arrow (LEA-1)."""

POINTS = 1
"""What the winner of a race scores; the others score 0 (LEA-1)."""

TREASURE = Termination("treasure", "the diver reached the red arrow and the treasure chest")
"""How every race ends: a diver reached the red arrow and the treasure chest (LEA-1)."""


def race_outcome(players: int, winner: int) -> Outcome:
    """The outcome of a race of ``players`` divers that ``winner``'s diver won (LEA-1).

    >>> race_outcome(3, 1).scores
    (0, 1, 0)
    """
    scores = tuple(POINTS if seat == winner else 0 for seat in range(players))
    return Outcome(winner, scores, TREASURE)
