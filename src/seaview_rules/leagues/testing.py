"""Hypothesis strategies for 20,000 Leagues boards, spinners, rules, states and positions.

Every value they generate is valid: boards pass `Board` validation and the rules' (every
arrow, starfish and octopus sends a diver to a yellow square or the red arrow), spinners
pass `Spinner` validation, and `rules` only yields rule sets whose board and spinner
make a winnable game; `states` are reached by play, `positions` are written as a person
writes them by hand, reachable or not. `check_spin` checks the invariants of one spin,
and that the state it reaches and every view of it pass the checks that `loads` makes.
The numbers of the rules come from the rulebook, as the engine's do. Use them to fuzz
your own boards, frontends and bots::

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
    Square,
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
from seaview_rules.leagues._model import build_state
from seaview_rules.leagues._rulebook import (
    LANDS_ON,
    SENDS,
    STANDS_ON,
    rises_from_target,
    spins_again,
)

__all__ = [
    "KIT",
    "boards",
    "check_spin",
    "moves",
    "positions",
    "rules",
    "spinners",
    "states",
    "views",
]


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
    and octopuses placed where the rules allow (LEA-R1): each sends a diver to a
    yellow square or the red arrow, as many rows away as the rulebook says.

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
            target = square + SENDS[kind] * columns
            return (
                squares[square] is SquareKind.YELLOW
                and square not in reserved
                and 0 <= target < rows * columns
                and squares[target] in LANDS_ON
            )

        def place(square: int, kind: SquareKind) -> None:
            squares[square] = kind
            reserved.add(square + SENDS[kind] * columns)

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
                st.tuples(st.integers(0, rows * columns - 1), st.sampled_from(list(SENDS))),
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


def positions(*, rules: st.SearchStrategy[Rules] | None = None) -> st.SearchStrategy[State]:
    """Positions as a person writes them by hand, for a test, a puzzle or a bug report,
    reachable by play or not: what `loads` accepts. In the spin-off, the seats ranked in
    any groups, some of them still tied, the first tied group part spun; in the race,
    any order of play (the seat order without a spin-off), every diver on the start or
    a yellow square of his own (the winner on the red arrow), put there or walked
    there, any seat to spin, owed an extra spin or not; counters that agree with each
    other. `seaview_rules.testing.check_position` checks that everything works on them.

    Args:
        rules: the rules of the positions (default: `rules()`, random boards).
    """

    @st.composite
    def build(draw: st.DrawFn) -> State:
        game = draw(_any_rules() if rules is None else rules)
        phases = [Phase.SPIN, Phase.OVER, *([Phase.ORDER] if game.spin_off else [])]
        phase = draw(st.sampled_from(phases))
        if phase is Phase.ORDER:
            return _spin_off(draw, game)
        return _race(draw, game, phase)

    return build()


def _spin_off(draw: st.DrawFn, game: Rules) -> State:
    """A position of the spin-off for the order of play (LEA-2, LEA-R3)."""
    seats = range(game.players)
    ranks = draw(
        st.lists(st.integers(0, game.players - 1), min_size=game.players, max_size=game.players)
    )
    if len(set(ranks)) == len(ranks):
        ranks[1] = ranks[0]  # some seats are still tied
    groups = tuple(
        tuple(seat for seat in seats if ranks[seat] == rank) for rank in sorted(set(ranks))
    )
    tied = next(g for g in groups if len(g) > 1)
    numbers = sorted({segment.number for segment in game.spinner.segments})
    spun = tuple(draw(st.lists(st.sampled_from(numbers), max_size=len(tied) - 1)))
    order_spins = len(spun) + draw(st.integers(0, 3 * game.players))
    return build_state(
        rules=game,
        phase=Phase.ORDER,
        player=tied[len(spun)],
        extra_spin=False,
        positions=(game.board.start,) * game.players,
        placed=(True,) * game.players,
        order=(),
        groups=groups,
        spun=spun,
        spins=0,
        turns=0,
        order_spins=order_spins,
        last_spin=draw(st.sampled_from(game.tables.outcomes)) if order_spins else None,
    )


def _race(draw: st.DrawFn, game: Rules, phase: Phase) -> State:
    """A position of the race, the order of play settled (LEA-2 to LEA-12)."""
    board = game.board
    players = game.players
    seats = tuple(range(players))
    order = tuple(draw(st.permutations(seats))) if game.spin_off else seats
    order_spins = draw(st.integers(0, 4 * players)) if game.spin_off else 0
    spins = draw(st.integers(1 if phase is Phase.OVER else 0, 400))
    if spins == 0:
        positions = (board.start,) * players
        placed = (True,) * players
        player, extra, turns = order[0], False, 0
    else:
        standing = [i for i, kind in enumerate(board.squares) if kind in STANDS_ON]
        squares = draw(st.lists(st.sampled_from(standing), min_size=players, max_size=players))
        # Two divers on one square but the start: the second goes back to the start.
        positions = tuple(
            Square(board.start if s in squares[:i] else s) for i, s in enumerate(squares)
        )
        placed = tuple(draw(st.lists(st.booleans(), min_size=players, max_size=players)))
        player = draw(st.sampled_from(seats))
        if phase is Phase.OVER:  # the winner on the red arrow
            positions = (*positions[:player], board.red_arrow, *positions[player + 1 :])
        extra = phase is Phase.SPIN and draw(st.booleans())
        turns = draw(st.integers(1, spins))
    return build_state(
        rules=game,
        phase=phase,
        player=player,
        extra_spin=extra,
        positions=positions,
        placed=placed,
        order=order,
        groups=(),
        spun=(),
        spins=spins,
        turns=turns,
        order_spins=order_spins,
        last_spin=draw(st.sampled_from(game.tables.outcomes)) if spins + order_spins else None,
    )


_EVENT_KINDS: dict[type[DiverEvent], SquareKind] = {
    TookArrow: SquareKind.ARROW,
    TookStarfish: SquareKind.STARFISH,
    SentUp: SquareKind.OCTOPUS,
}
"""The square whose effect each event tells (LEA-7, LEA-9, LEA-10)."""


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
    to his square and the options say); effects move him by their rows (the rulebook's
    `SENDS`); a rise goes up its column to the first open yellow square above where it
    starts (LEA-R7, LEA-R10); `State.placed` says whether he walked to his square; he
    spins again exactly when the rulebook says (LEA-R6); the game ends exactly on the
    red arrow; and ``after`` and its views are consistent, as `loads` checks a document.

    Raises:
        ContractError: the first broken invariant.
    """
    _consistent(after)
    _check_standing(after)
    _check_chances(before)
    if before.phase is Phase.ORDER:
        _require(
            after.positions == before.positions and after.spins == 0,
            "a spin-off spin moved a diver",
            after,
        )
        return
    mover = before.player
    # What the spin did, after the spin itself.
    told = [e for e in events(before, spin, seat=OMNISCIENT) if isinstance(e, DiverEvent)]
    _require(all(e.seat == mover for e in told), "an event is about another diver", after)
    others = [s for s in range(after.rules.players) if s != mover]
    _require(
        all(after.positions[s] == before.positions[s] for s in others), "another diver moved", after
    )
    landing = _check_walk(before, spin, after, told)
    _check_rise(before, after, told, landing)
    _check_end(before, after, told, landing)


def _check_standing(after: State) -> None:
    """Every diver on a square he may stand on, never two on one but the start."""
    board = after.rules.board
    taken = [p for p in after.positions if p != board.start]
    _require(len(taken) == len(set(taken)), "two divers share a square other than the start", after)
    for seat, square in enumerate(after.positions):
        _require(0 <= square < len(board.squares), f"seat {seat} is off the board", after)
        kind = board.squares[square]
        winner = kind is SquareKind.RED_ARROW and after.phase is Phase.OVER and seat == after.player
        _require(
            kind in STANDS_ON or winner,
            f"seat {seat} stands on a {kind.name.lower()} square",
            after,
        )


def _check_chances(before: State) -> None:
    """The chance outcomes are the spinner's segments, identical ones merged (LEA-R2)."""
    spinner = before.rules.spinner
    weights: dict[Spin, Fraction] = {}
    for segment in spinner.segments:
        outcome = SPINS[segment.number, segment.direction]
        share = Fraction(segment.weight, spinner.total_weight)
        weights[outcome] = weights.get(outcome, Fraction(0)) + share
    _require(
        dict(chance_outcomes(before)) == weights,
        "chance outcomes are not the spinner's weights",
        before,
    )


def _check_walk(before: State, spin: Spin, after: State, told: list[DiverEvent]) -> int:
    """The walk along the row, or the block at its end (LEA-3 to LEA-6); the square
    where the walk ended."""
    board = before.rules.board
    kinds = [type(e) for e in told]
    walk = _walk(before, spin)
    if walk is None:
        _require(
            kinds == [Blocked] and after.positions == before.positions,
            "not blocked (LEA-6)",
            after,
        )
        _require(after.placed == before.placed, "a blocked diver changed how he came there", after)
        return before.positions[before.player]
    landing, reversals = walk
    _require(kinds.count(Bounced) == reversals, "wrong number of bounces (LEA-5)", after)
    moved = [board.index(*e.square) for e in told if isinstance(e, Moved)]
    _require(moved == [landing], f"the move does not cover {spin} exactly (LEA-4, LEA-5)", after)
    mover = before.player
    final = after.positions[mover]
    others_placed = all(
        after.placed[s] == before.placed[s] for s in range(len(before.placed)) if s != mover
    )
    _require(
        others_placed and after.placed[mover] == (final != landing),
        "placed is not true exactly of a diver put where he did not walk (LEA-R9)",
        after,
    )
    return landing


def _check_rise(before: State, after: State, told: list[DiverEvent], landing: int) -> None:
    """Effects move the diver by the rulebook's rows; a rise goes up its column, from
    where the rulebook says, to the first open yellow square (LEA-7 to LEA-12, LEA-R7,
    LEA-R10)."""
    game = before.rules
    board = game.board
    columns = board.columns
    landed_on = board.squares[landing]
    origin = landing
    if any(isinstance(e, FoundTaken) for e in told) and rises_from_target(
        landed_on, starfish_rise_above_taken=game.starfish_rise_above_taken
    ):
        origin = landing + SENDS[landed_on] * columns
    for event in told:
        square = board.index(*event.square)
        if type(event) in _EVENT_KINDS:
            sends = SENDS[_EVENT_KINDS[type(event)]]
            _require(square == landing + sends * columns, "an effect moved wrongly", after)
        if isinstance(event, Rose):
            _require(
                board.squares[square] is SquareKind.YELLOW, "a rise stops on a yellow square", after
            )
            _require(
                square % columns == origin % columns and square < origin,
                "a rise does not go up its column (LEA-R7, LEA-R10)",
                after,
            )
            passed = range(square + columns, origin, columns)
            _require(
                all(
                    board.squares[s] is not SquareKind.YELLOW or s in after.positions
                    for s in passed
                ),
                "a rise passes an open yellow square (LEA-R7)",
                after,
            )


def _check_end(before: State, after: State, told: list[DiverEvent], landing: int) -> None:
    """The game ends exactly on the red arrow (LEA-1, LEA-R8); otherwise the diver
    spins again exactly when the rulebook says (LEA-7, LEA-9, LEA-10, LEA-R6)."""
    game = after.rules
    mover = before.player
    final = after.positions[mover]
    kinds = [type(e) for e in told]
    if after.phase is Phase.OVER:
        _require(
            kinds[-1] is Won and final == game.board.red_arrow,
            "a win off the red arrow",
            after,
        )
        return
    landed_on = game.board.squares[landing]
    columns = game.board.columns
    expected = landed_on in SENDS and spins_again(
        landed_on,
        final // columns > landing // columns,
        extra_spin_after_rise=game.extra_spin_after_rise,
    )
    extra = SpinsAgain in kinds
    _require(
        extra == expected,
        "an extra spin where the rules give none, or none where they do (LEA-R6)",
        after,
    )
    _require(after.extra_spin == extra, "the position forgets the extra spin", after)
    _require((after.player == mover) == extra, "only an extra spin keeps the same diver", after)


KIT: Kit[Rules, State, View] = Kit(
    rules=rules,
    states=states,
    views=views,
    positions=positions,
    types={Board: boards, Spinner: spinners},
)
"""The test kit of 20,000 Leagues, `seaview_rules.Game.test_kit` of its entry: no
hidden twin, as every seat sees the whole game."""

register_types(KIT)
