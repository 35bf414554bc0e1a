"""Hypothesis strategies for 20,000 Leagues boards, spinners and rules.

Every value they generate is valid: boards pass `Board` validation, spinners pass
`Spinner` validation, and `rules` only yields rule sets whose board and spinner make a
winnable game; `check_spin` checks the invariants of one spin, and that the state it
reaches and every view of it pass the checks that `loads` makes. Use them to fuzz your
own boards, frontends and bots::

    from hypothesis import given
    from seaview_rules.leagues.testing import rules

    @given(rules(max_rows=5))
    def test_my_frontend(rules): ...

This module needs Hypothesis (the ``testing`` extra).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import reject
from hypothesis import strategies as st

from seaview_rules._core import OMNISCIENT, InvalidDataError
from seaview_rules._strategies import legal_moves, played_states, register_types, seat_views
from seaview_rules._testkit import ContractError, Kit
from seaview_rules.leagues import (
    GAME,
    SPINS,
    Blocked,
    Board,
    Bounced,
    Direction,
    DiverEvent,
    FoundTaken,
    Moved,
    Phase,
    Rose,
    Rules,
    Segment,
    SentUp,
    Spin,
    Spinner,
    SpinsAgain,
    SquareKind,
    State,
    TookArrow,
    TookStarfish,
    View,
    Won,
    chance_outcomes,
    dumps,
    events,
    view,
)
from seaview_rules.leagues._checks import check_state, check_view

__all__ = ["KIT", "boards", "check_spin", "moves", "rules", "spinners", "states", "views"]

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
            spots = [
                row * columns + c
                for c in range(columns)
                if fits(row * columns + c, SquareKind.ARROW)
            ]
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
    segments = st.lists(
        segment, min_size=max(min_segments, 2 if both_directions else 1), max_size=max_segments
    )
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
    starfish_rise_above_taken: st.SearchStrategy[bool] | None = None,
    blocked_when_placed: st.SearchStrategy[bool] | None = None,
    start_always_right: st.SearchStrategy[bool] | None = None,
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
        starfish_rise_above_taken: the option of LEA-R10 (default: both).
        blocked_when_placed: the option of LEA-R9 (default: both).
        start_always_right: the option of LEA-R11 (default: both).
    """
    flags = {
        "spin_off": spin_off,
        "extra_spin_after_rise": extra_spin_after_rise,
        "starfish_rise_above_taken": starfish_rise_above_taken,
        "blocked_when_placed": blocked_when_placed,
        "start_always_right": start_always_right,
    }

    @st.composite
    def build(draw: st.DrawFn) -> Rules:
        board = draw(boards(max_rows=max_rows, max_columns=max_columns))
        spinner = draw(spinners(both_directions=True, max_segments=6))
        options = {
            name: draw(st.booleans() if strategy is None else strategy)
            for name, strategy in flags.items()
        }
        try:
            return Rules(
                players=draw(st.integers(2, 4) if players is None else players),
                board=board,
                spinner=spinner,
                **options,
            )
        except InvalidDataError:
            reject()  # an unwinnable combination

    return build()


_any_rules = rules


def states(
    *, rules: st.SearchStrategy[Rules] | None = None, max_moves: int = 300
) -> st.SearchStrategy[State]:
    """States reached by up to ``max_moves`` spins from a new game.

    Args:
        rules: the rules to play under (default: `rules()`, random boards).
        max_moves: the longest path from the start.
    """
    return played_states(GAME, _any_rules() if rules is None else rules, max_moves)


_any_states = states  # the parameters of views() and states() hide these names


def moves(state: State) -> st.SearchStrategy[Spin]:
    """A legal spin in ``state`` (which must not be over)."""
    return legal_moves(GAME, state)


def views(*, states: st.SearchStrategy[State] | None = None) -> st.SearchStrategy[View]:
    """The view of a seat, or of a spectator (``None``), of a reachable state.

    Args:
        states: the states to view (default: `states()`).
    """
    return seat_views(GAME, _any_states() if states is None else states)


_STANDING = (SquareKind.START, SquareKind.YELLOW)
_DOWN: dict[type[DiverEvent], int] = {TookArrow: 1, TookStarfish: 2, SentUp: -1}
_EFFECT_EVENT: dict[SquareKind, type[DiverEvent]] = {
    SquareKind.ARROW: TookArrow,
    SquareKind.STARFISH: TookStarfish,
    SquareKind.OCTOPUS: SentUp,
}


def _require(condition: bool, problem: str, state: State) -> None:
    if not condition:
        raise ContractError(f"leagues: {problem}\n  after: {dumps(state)}")


def _consistent(state: State) -> None:
    """`check_state` of ``state`` and `check_view` of every view of it."""
    try:
        check_state(state)
        for seat in (None, *range(state.rules.players)):
            check_view(view(state, seat))
    except InvalidDataError as exc:
        raise ContractError(f"leagues: {exc}\n  after: {dumps(state)}") from None


def _walk(state: State, spin: Spin) -> tuple[int, int] | None:
    """Where the diver to spin lands and how often he reverses, worked out square by
    square from the printed rules (LEA-3 to LEA-6) and the rulings (LEA-R4, LEA-R9,
    LEA-R11, with their options); ``None`` if blocked."""
    game = state.rules
    board = game.board
    here = state.positions[state.player]
    placed = state.placed[state.player]
    row, column = divmod(here, board.columns)
    restart = here == board.start and (placed or game.start_always_right)
    step = 1 if spin.direction is Direction.RIGHT or restart else -1
    free = restart or (placed and here != board.start and not game.blocked_when_placed)
    if not free and column + step in (-1, board.columns):
        return None
    reversals = 0
    for _ in range(spin.number):
        if column + step in (-1, board.columns):
            step, reversals = -step, reversals + 1
        column += step
    return row * board.columns + column, reversals


def check_spin(before: State, spin: Spin, after: State) -> None:
    """Check the invariants of one spin, independently of the engine's tables.

    No two divers share a square but the start; every diver stands on the start, a
    yellow square or (the winner) the red arrow; chance outcomes are the spinner's
    merged weights; only the diver who spun moves; he covers exactly the spun distance
    along his row, reversing at the ends (or is blocked at an end, as the way he came
    to his square and the options say); effects move him by their rows; a rise goes up
    its column to the first open yellow square above where it starts (LEA-R7, LEA-R10);
    `State.placed` says whether he walked to his square; he spins again exactly after a
    real descent (or a rise, with the LEA-R6 option); the game ends exactly on the red
    arrow; and ``after`` and its views are consistent, as `loads` checks a document.

    Raises:
        ContractError: the first broken invariant.
    """
    _consistent(after)
    game = after.rules
    board = game.board
    columns = board.columns
    taken = [p for p in after.positions if p != board.start]
    _require(len(taken) == len(set(taken)), "two divers share a square other than the start", after)
    for seat, square in enumerate(after.positions):
        _require(0 <= square < board.rows * columns, f"seat {seat} is off the board", after)
        kind = board.squares[square]
        winner = kind is SquareKind.RED_ARROW and after.phase is Phase.OVER and seat == after.player
        _require(
            kind in _STANDING or winner,
            f"seat {seat} stands on a {kind.name.lower()} square",
            after,
        )
    total = game.spinner.total_weight
    weights: dict[Spin, Fraction] = {}
    for segment in game.spinner.segments:
        outcome = SPINS[segment.number, segment.direction]
        weights[outcome] = weights.get(outcome, Fraction(0)) + Fraction(segment.weight, total)
    _require(
        dict(chance_outcomes(before)) == weights,
        "chance outcomes are not the spinner's weights",
        before,
    )
    if before.phase is Phase.ORDER:
        _require(
            after.positions == before.positions and after.spins == 0,
            "a spin-off spin moved a diver",
            after,
        )
        return
    mover = before.player
    # What the spin did, after the spin itself: each event's square as a square index.
    told = [e for e in events(before, spin, seat=OMNISCIENT) if isinstance(e, DiverEvent)]
    kinds = [type(e) for e in told]
    squares = [board.index(*e.square) for e in told]
    _require(all(e.seat == mover for e in told), "an event is about another diver", after)
    others = [s for s in range(game.players) if s != mover]
    _require(
        all(after.positions[s] == before.positions[s] for s in others), "another diver moved", after
    )
    walk = _walk(before, spin)
    landing: int = before.positions[mover]
    if walk is None:
        _require(
            kinds == [Blocked] and after.positions == before.positions,
            "not blocked (LEA-6)",
            after,
        )
    else:
        landing, reversals = walk
        _require(kinds.count(Bounced) == reversals, "wrong number of bounces (LEA-5)", after)
        moved = [square for what, square in zip(kinds, squares, strict=True) if what is Moved]
        _require(
            moved == [landing], f"the move does not cover {spin} exactly (LEA-4, LEA-5)", after
        )
    # Where a rise starts: above the square landed on, above an octopus's square, and
    # above a starfish or (LEA-R10's option) the taken square two rows below it.
    landed_on = board.squares[landing]
    origin: int = landing
    if FoundTaken in kinds and (
        landed_on is SquareKind.OCTOPUS
        or (landed_on is SquareKind.STARFISH and game.starfish_rise_above_taken)
    ):
        origin = landing + _DOWN[_EFFECT_EVENT[landed_on]] * columns
    final = after.positions[mover]
    for what, square in zip(kinds, squares, strict=True):
        if what in _DOWN:
            _require(square == landing + _DOWN[what] * columns, "an effect moved wrongly", after)
        if what is Rose:
            stop = square
            _require(
                board.squares[stop] is SquareKind.YELLOW, "a rise stops on a yellow square", after
            )
            _require(
                stop % columns == origin % columns and stop < origin,
                "a rise does not go up its column (LEA-R7, LEA-R10)",
                after,
            )
            passed = range(stop + columns, origin, columns)
            _require(
                all(
                    board.squares[s] is not SquareKind.YELLOW or s in after.positions
                    for s in passed
                ),
                "a rise passes an open yellow square (LEA-R7)",
                after,
            )
    descended = (
        TookArrow in kinds
        or TookStarfish in kinds
        or (landed_on is SquareKind.STARFISH and final // columns > landing // columns)
    )
    risen = (
        game.extra_spin_after_rise and FoundTaken in kinds and landed_on is not SquareKind.OCTOPUS
    )
    if walk is None:
        _require(after.placed == before.placed, "a blocked diver changed how he came there", after)
    else:
        others_placed = all(after.placed[s] == before.placed[s] for s in others)
        _require(
            others_placed and after.placed[mover] == (final != landing),
            "placed is not true exactly of a diver put where he did not walk (LEA-R9)",
            after,
        )
    if after.phase is Phase.OVER:
        _require(
            kinds[-1] is Won and after.positions[mover] == board.red_arrow,
            "a win off the red arrow",
            after,
        )
    else:
        extra = SpinsAgain in kinds
        _require(
            extra == (descended or risen), "an extra spin without a real descent (LEA-R6)", after
        )
        _require(after.extra_spin == extra, "the position forgets the extra spin", after)
        _require((after.player == mover) == extra, "only an extra spin keeps the same diver", after)


KIT: Kit[Rules, State, View] = Kit(
    rules=rules, states=states, views=views, types={Board: boards, Spinner: spinners}
)
"""The test kit of 20,000 Leagues, `seaview_rules.Game.test_kit` of its entry: no
hidden twin, as every seat sees the whole game."""

register_types(KIT)
