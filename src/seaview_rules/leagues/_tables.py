"""The movement rules of 20,000 Leagues as tables: where a diver lands for every square
and spin (LEA-3 to LEA-6, LEA-R4, LEA-R9, LEA-R11), where an arrow, starfish or octopus
sends him and where a rise stops (LEA-7 to LEA-10, LEA-R7, LEA-R10), and the check that
every game on a board can end (LEA-R1), worked out once per board, spinner and options
(`Rules.tables`), so that a spin looks its walk up instead of walking it.
"""

from __future__ import annotations

import enum
from collections import deque
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

from seaview_rules._core import InvalidDataError
from seaview_rules.leagues._moves import SPINS, Spin
from seaview_rules.leagues._pieces import Board, Direction, Spinner, Square, SquareKind

__all__ = ["Tables", "tables"]


class _Mode(enum.Enum):
    """How a diver walks from his square."""

    RIGHT = "right"
    """To the right whatever the letter, never blocked (LEA-3, LEA-R4)."""
    LETTER = "letter"
    """By the letter; on an end square blocked until it leads back (LEA-4, LEA-6)."""
    FREE = "free"
    """By the letter; a letter that leads off the row reverses him at once (LEA-R9's option)."""


_WalkRow = tuple[tuple[Square | None, tuple[Square, ...]], ...]
"""For every spin from one square: where the walk ends (``None``: blocked) and the row
ends bounced off on the way."""
_WalkTable = tuple[_WalkRow, ...]
"""A `_WalkRow` for every square."""


class Tables:
    """What the engine looks up on the hot path, computed once per board, spinner and
    the options that change a walk or a rise (see `tables`), checked for a winnable game.

    Raises:
        InvalidDataError: from some square a diver can stand on, no sequence of spins
            leads to the red arrow (LEA-R1).
    """

    __slots__ = (
        "above",
        "chances",
        "columns",
        "cumulative",
        "index",
        "kinds",
        "moves",
        "outcomes",
        "red",
        "rise",
        "rows",
        "start",
        "target",
        "total",
    )

    def __init__(
        self,
        board: Board,
        spinner: Spinner,
        *,
        blocked_when_placed: bool = True,
        start_always_right: bool = True,
        starfish_rise_above_taken: bool = False,
    ) -> None:
        weights: dict[Spin, int] = {}
        for segment in spinner.segments:
            # LEA-R2: identical segments are one outcome whose weight is their sum.
            spin = SPINS[segment.number, segment.direction]
            weights[spin] = weights.get(spin, 0) + segment.weight
        total = sum(weights.values())
        self.outcomes: tuple[Spin, ...] = tuple(weights)
        self.chances: tuple[tuple[Spin, Fraction], ...] = tuple(
            (spin, Fraction(weight, total)) for spin, weight in weights.items()
        )
        self.index: dict[Spin, int] = {spin: i for i, spin in enumerate(self.outcomes)}
        self.total = total
        self.cumulative: tuple[int, ...] = tuple(accumulate(weights.values()))
        rows, columns = board.rows, board.columns
        self.rows, self.columns = rows, columns
        self.kinds: tuple[SquareKind, ...] = board.squares
        self.start, self.red = board.start, board.red_arrow
        offsets = {SquareKind.ARROW: 1, SquareKind.STARFISH: 2, SquareKind.OCTOPUS: -1}
        # Where the arrow, starfish or octopus of a square sends a diver (None: nowhere).
        self.target: tuple[Square | None, ...] = tuple(
            Square(i + offsets[k] * columns) if k in offsets else None
            for i, k in enumerate(board.squares)
        )
        # LEA-R7: the open yellow squares a rise may stop on, nearest first.
        self.above: tuple[tuple[Square, ...], ...] = tuple(
            tuple(
                Square(j)
                for j in range(i - columns, -1, -columns)
                if board.squares[j] is SquareKind.YELLOW
            )
            for i in range(rows * columns)
        )
        # LEA-8, LEA-10, LEA-R10: where the rise starts when the square an effect sends
        # a diver to is taken: above the arrow, above the octopus's square, and above the
        # starfish (or, with the option, above the taken square two rows below it).
        rise_from_target = {SquareKind.OCTOPUS}
        if starfish_rise_above_taken:
            rise_from_target.add(SquareKind.STARFISH)
        self.rise: tuple[tuple[Square, ...], ...] = tuple(
            () if t is None else self.above[t if k in rise_from_target else i]
            for i, (k, t) in enumerate(zip(board.squares, self.target, strict=True))
        )
        # The walks, by how the diver came to his square: moves[placed][square][spin].
        # LEA-3, LEA-R4: a diver put on the start moves right; LEA-R11: so does one who
        # walked onto it, unless the option says he moves by the letter like anyone else.
        # LEA-6, LEA-R9: a diver on an end square is blocked until the letter leads back,
        # however he came there, unless the option frees a placed diver.
        rows_of: dict[tuple[int, _Mode], _WalkRow] = {}

        def row(square: int, mode: _Mode) -> _WalkRow:
            if mode is _Mode.FREE and 0 < square % columns < columns - 1:
                mode = _Mode.LETTER  # away from the ends, free and blocking walks agree
            key = (square, mode)
            if key not in rows_of:
                rows_of[key] = tuple(_walk(board, square, spin, mode) for spin in self.outcomes)
            return rows_of[key]

        start = board.start
        walked_start = _Mode.RIGHT if start_always_right else _Mode.LETTER
        placed_end = _Mode.LETTER if blocked_when_placed else _Mode.FREE
        walked = tuple(
            row(i, walked_start if i == start else _Mode.LETTER) for i in range(rows * columns)
        )
        placed = tuple(
            row(i, _Mode.RIGHT if i == start else placed_end) for i in range(rows * columns)
        )
        self.moves: tuple[_WalkTable, _WalkTable] = (walked, walked if placed == walked else placed)
        _check_reachable(board, self)


def _walk(
    board: Board, square: int, spin: Spin, mode: _Mode
) -> tuple[Square | None, tuple[Square, ...]]:
    """Where a diver on ``square`` lands with ``spin`` when he walks as ``mode`` says,
    and the row ends he bounces off on the way; ``None`` if he cannot move."""
    width = board.columns
    row, column = divmod(square, width)
    step = 1 if mode is _Mode.RIGHT or spin.direction is Direction.RIGHT else -1
    if mode is _Mode.LETTER and not 0 <= column + step < width:
        return None, ()  # LEA-6, LEA-R9: blocked at the end until the letter leads back
    bounces: list[Square] = []
    for _ in range(spin.number):
        if not 0 <= column + step < width:
            # LEA-5: reverse at the end of the row; the end square counts once.
            step = -step
            bounces.append(Square(row * width + column))
        column += step
    return Square(row * width + column), tuple(bounces)


tables = lru_cache(maxsize=64)(Tables)
"""The `Tables` of a board, spinner and options, built once for them."""


def _check_reachable(board: Board, t: Tables) -> None:
    # LEA-R1: a diver alone on the board must be able to win from every square he can
    # stand on (the start and the yellow squares), whether he walked there or was put
    # there (the walks may differ, LEA-R9, LEA-R11), or a game could never end.
    standing = [i for i, k in enumerate(t.kinds) if k in (SquareKind.START, SquareKind.YELLOW)]
    leads_to: dict[tuple[int, bool], set[tuple[int, bool]]] = {}
    for placed in (False, True):
        for square in standing:
            for landing, _ in t.moves[placed][square]:
                if landing is None:
                    continue
                target = t.target[landing]
                end = (landing, False) if target is None else (target, True)
                leads_to.setdefault(end, set()).add((square, placed))
    winning: set[tuple[int, bool]] = {(t.red, False), (t.red, True)}
    queue = deque(winning)
    while queue:
        for node in leads_to.get(queue.popleft(), ()):
            if node not in winning:
                winning.add(node)
                queue.append(node)
    for square in standing:
        if (square, False) not in winning or (square, True) not in winning:
            row, column = board.coordinates(square)
            raise InvalidDataError(
                f"square ({row}, {column})",
                "a diver here can never reach the red arrow with this spinner",
            )
