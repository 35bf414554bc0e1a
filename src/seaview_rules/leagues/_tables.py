"""The rules of 20,000 Leagues as tables: where a diver lands for every square and spin,
where an arrow, starfish or octopus sends him and where a rise stops, and the check that
every game on a board can end (LEA-R1), worked out once per board, spinner and options
(`Rules.tables`) from the rulebook (`seaview_rules.leagues._rulebook`), so that a spin
looks its walk up instead of walking it.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

from seaview_rules._core import InvalidDataError
from seaview_rules.leagues._moves import SPINS, Spin
from seaview_rules.leagues._pieces import Board, Spinner, Square, SquareKind
from seaview_rules.leagues._rulebook import (
    STANDS_ON,
    Walk,
    effect_targets,
    rise_stops,
    rises_from_target,
    spins_again,
    walk,
    walk_of,
)

__all__ = ["Tables", "tables"]


_WalkRow = tuple[tuple[Square | None, tuple[Square, ...]], ...]
"""For every spin from one square: where the walk ends (``None``: blocked) and the row
ends bounced off on the way."""
_WalkTable = tuple[_WalkRow, ...]
"""A `_WalkRow` for every square."""


class Tables:
    """What the engine looks up on the hot path, computed once per board, spinner and
    the options that change a walk or a rise (see `tables`), checked for a playable
    board and a winnable game.

    Raises:
        InvalidDataError: an arrow, starfish or octopus of the board sends divers off
            the board or onto a special square (`effect_targets`), or from some square
            a diver can stand on no sequence of spins leads to the red arrow (LEA-R1);
            ``where`` names the square.
    """

    __slots__ = (
        "above",
        "again",
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
        # LEA-R1: where each effect sends a diver, checked first: the rest reads it.
        self.target: tuple[Square | None, ...] = effect_targets(board)
        """Where the arrow, starfish or octopus of each square sends a diver, or
        ``None`` (LEA-7, LEA-9, LEA-10)."""
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
        effects = tuple(enumerate(zip(board.squares, self.target, strict=True)))
        self.again: tuple[bool, ...] = tuple(
            t is not None and spins_again(k, t > i, extra_spin_after_rise=False)
            for i, (k, t) in effects
        )
        """Whether a diver whom the effect of each square sent on (its target free)
        spins again (LEA-7, LEA-9, LEA-10, LEA-R6)."""
        self.above: tuple[tuple[Square, ...], ...] = tuple(
            rise_stops(board, i) for i in range(rows * columns)
        )
        """The squares a rise from each square may stop on, nearest first (LEA-R7)."""
        self.rise: tuple[tuple[Square, ...], ...] = tuple(
            ()
            if t is None
            else self.above[
                t
                if rises_from_target(k, starfish_rise_above_taken=starfish_rise_above_taken)
                else i
            ]
            for i, (k, t) in effects
        )
        """Where a rise may stop when the square the effect of each square sends a
        diver to is taken (LEA-8, LEA-9, LEA-10, LEA-R10)."""
        rows_of: dict[tuple[int, Walk], _WalkRow] = {}

        def row(square: int, placed: bool) -> _WalkRow:
            how = walk_of(
                board,
                square,
                placed,
                blocked_when_placed=blocked_when_placed,
                start_always_right=start_always_right,
            )
            if how is Walk.FREE and 0 < square % columns < columns - 1:
                how = Walk.LETTER  # away from the ends, free and blocking walks agree
            key = (square, how)
            if key not in rows_of:
                rows_of[key] = tuple(walk(board, square, spin, how) for spin in self.outcomes)
            return rows_of[key]

        walked = tuple(row(i, False) for i in range(rows * columns))
        placed = tuple(row(i, True) for i in range(rows * columns))
        self.moves: tuple[_WalkTable, _WalkTable] = (walked, walked if placed == walked else placed)
        """The walks, by how the diver came to his square (LEA-R9, LEA-R11):
        ``moves[placed][square][spin]``, the spin by its index in `outcomes`."""
        _check_reachable(board, self)


tables = lru_cache(maxsize=64)(Tables)
"""The `Tables` of a board, spinner and options, built once for them."""


def _check_reachable(board: Board, t: Tables) -> None:
    # LEA-R1: a diver alone on the board must be able to win from every square he can
    # stand on (the start and the yellow squares), whether he walked there or was put
    # there (the walks may differ, LEA-R9, LEA-R11), or a game could never end.
    standing = [i for i, k in enumerate(t.kinds) if k in STANDS_ON]
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
