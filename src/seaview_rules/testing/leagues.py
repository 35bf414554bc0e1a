"""Hypothesis strategies for 20,000 Leagues boards, spinners and rules.

Every value they generate is valid: boards pass `Board` validation, spinners pass
`Spinner` validation, and `rules` only yields rule sets whose board and spinner make a
winnable game. Use them to fuzz your own boards, frontends and bots::

    from hypothesis import given
    from seaview_rules.testing.leagues import rules

    @given(rules(max_rows=5))
    def test_my_frontend(rules): ...

This module needs Hypothesis (the ``testing`` extra).
"""

from __future__ import annotations

from hypothesis import reject
from hypothesis import strategies as st

from seaview_rules._core import InvalidDataError
from seaview_rules.leagues import Board, Direction, Rules, Segment, Spinner, SquareKind

__all__ = ["boards", "rules", "spinners"]

_EFFECTS = {SquareKind.ARROW: 1, SquareKind.STARFISH: 2, SquareKind.OCTOPUS: -1}


def boards(
    *,
    min_rows: int = 2,
    max_rows: int = 8,
    min_columns: int = 2,
    max_columns: int = 8,
    max_extra_specials: int = 12,
) -> st.SearchStrategy[Board]:
    """Valid boards: a start in row 1, a red arrow in the last row, an arrow in every
    other row where one fits, and up to ``max_extra_specials`` more arrows, starfish
    and octopuses placed where the rules allow (LEA-R1).

    Args:
        min_rows: fewest rows, at least 2.
        max_rows: most rows.
        min_columns: fewest columns, at least 2.
        max_columns: most columns.
        max_extra_specials: most special squares besides one arrow per row.
    """

    @st.composite
    def build(draw: st.DrawFn) -> Board:
        rows = draw(st.integers(min_rows, max_rows))
        columns = draw(st.integers(min_columns, max_columns))
        squares = [SquareKind.YELLOW] * (rows * columns)
        reserved: set[int] = set()  # squares an effect sends divers to: they stay yellow
        squares[draw(st.integers(0, columns - 1))] = SquareKind.START
        squares[(rows - 1) * columns + draw(st.integers(0, columns - 1))] = SquareKind.RED_ARROW

        def fits(square: int, kind: SquareKind) -> bool:
            target = square + _EFFECTS[kind] * columns
            return (
                squares[square] is SquareKind.YELLOW
                and square not in reserved
                and 0 <= target < rows * columns
                and squares[target] in (SquareKind.YELLOW, SquareKind.RED_ARROW)
            )

        def place(square: int, kind: SquareKind) -> None:
            squares[square] = kind
            reserved.add(square + _EFFECTS[kind] * columns)

        for row in range(rows - 1):
            spots = [row * columns + c for c in range(columns) if fits(row * columns + c, SquareKind.ARROW)]
            if spots:
                place(draw(st.sampled_from(spots)), SquareKind.ARROW)
        extras = draw(
            st.lists(
                st.tuples(st.integers(0, rows * columns - 1), st.sampled_from(list(_EFFECTS))),
                max_size=max_extra_specials,
            )
        )
        for square, kind in extras:
            if fits(square, kind):
                place(square, kind)
        return Board(rows, columns, tuple(squares))

    return build()


def spinners(
    *,
    min_segments: int = 1,
    max_segments: int = 8,
    max_number: int = 6,
    max_weight: int = 4,
    both_directions: bool = False,
) -> st.SearchStrategy[Spinner]:
    """Valid spinners: ``min_segments`` to ``max_segments`` segments of numbers 1 to
    ``max_number`` and weights 1 to ``max_weight`` (LEA-R2); identical segments may
    repeat.

    Args:
        min_segments: fewest segments, at least 1.
        max_segments: most segments.
        max_number: the highest number shown.
        max_weight: the highest weight of a segment.
        both_directions: if true, the spinner shows both R and L (and then has at
            least two segments).
    """
    segment = st.builds(
        Segment,
        st.integers(1, max_number),
        st.sampled_from(list(Direction)),
        st.integers(1, max_weight),
    )
    segments = st.lists(segment, min_size=max(min_segments, 2 if both_directions else 1), max_size=max_segments)
    if both_directions:
        segments = segments.filter(lambda s: len({x.direction for x in s}) == 2)
    return segments.map(lambda s: Spinner(tuple(s)))


def rules(
    *,
    players: st.SearchStrategy[int] | None = None,
    max_rows: int = 6,
    max_columns: int = 7,
    spin_off: st.SearchStrategy[bool] | None = None,
    extra_spin_after_rise: st.SearchStrategy[bool] | None = None,
) -> st.SearchStrategy[Rules]:
    """Valid `Rules` on random boards (`boards`) and spinners (`spinners` with both
    directions): combinations where a diver could never reach the red arrow, or a
    spin-off could never end, are left out.

    Args:
        players: the number of divers (default: 2 to 4).
        max_rows: most rows of the board.
        max_columns: most columns of the board.
        spin_off: whether the order of play is spun for (default: both).
        extra_spin_after_rise: the option of LEA-R6 (default: both).
    """

    @st.composite
    def build(draw: st.DrawFn) -> Rules:
        board = draw(boards(max_rows=max_rows, max_columns=max_columns))
        spinner = draw(spinners(both_directions=True, max_segments=6))
        try:
            return Rules(
                players=draw(players or st.integers(2, 4)),
                board=board,
                spinner=spinner,
                spin_off=draw(spin_off or st.booleans()),
                extra_spin_after_rise=draw(extra_spin_after_rise or st.booleans()),
            )
        except InvalidDataError:
            reject()  # an unwinnable combination

    return build()
