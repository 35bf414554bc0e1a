"""The 20,000 Leagues rules: how divers walk (LEA-3 to LEA-6) and the search that
proves a board winnable (LEA-R1), chance, the consequences of every spin, and the rules
a spin exercised.

The printed rules give a diver no choice: every move is a spin of the chance player,
and every node but the end of the game is a chance node. `_violation` finds the rule a
spin breaks, without building anything; `_spin` builds the state after a legal spin,
with the events that explain it. The shell (`seaview_rules._shell`) makes
`check_move`, `apply_move` and `playout` of them, with API-OVER, API-SEAT and API-MOVE
first. Movement, effect targets and the squares a rise may stop on come from `Tables`
precomputed for the board and spinner (`Rules.tables`).
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from collections import deque
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING

from seaview_rules._construct import direct_constructor
from seaview_rules._core import (
    CHANCE,
    IllegalMoveError,
    InvalidDataError,
    Outcome,
    Player,
    Termination,
    Violation,
)
from seaview_rules._shell import move_functions
from seaview_rules.leagues._model import EventKind, Phase, Rules, SpinEvent, State, build_state
from seaview_rules.leagues._moves import SPINS, Move, Spin
from seaview_rules.leagues._pieces import Board, Direction, Spinner, Square, SquareKind

if TYPE_CHECKING:
    import random


# A spin's two or three events are built like states, without attrs' frozen __init__.
_event = direct_constructor(SpinEvent)
# The members of EventKind and SquareKind that _turn_spin names, as module constants: a
# look-up such as EventKind.MOVE goes through the enum's metaclass, many times the cost
# of a global look-up (what each speed trick buys is measured on the performance page).
_MOVE_EVENT = EventKind.MOVE
_BOUNCE_EVENT = EventKind.BOUNCE
_BLOCKED_EVENT = EventKind.BLOCKED
_TAKEN_EVENT = EventKind.TAKEN
_COLLISION_EVENT = EventKind.COLLISION
_RISE_EVENT = EventKind.RISE
_START_EVENT = EventKind.START
_EXTRA_SPIN_EVENT = EventKind.EXTRA_SPIN
_WIN_EVENT = EventKind.WIN
_OCTOPUS_SQUARE = SquareKind.OCTOPUS
_EFFECT_EVENTS = {
    SquareKind.ARROW: EventKind.ARROW,
    SquareKind.STARFISH: EventKind.STARFISH,
    SquareKind.OCTOPUS: EventKind.OCTOPUS,
}


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


def new_game(rules: Rules = Rules()) -> State:  # noqa: B008 - Rules is frozen
    """Every diver on the start square (LEA-3); the spin-off for the order of play is
    about to begin (LEA-2), or with ``spin_off=False`` seat 0 is about to spin.

    >>> state = new_game(Rules(players=3))
    >>> state.phase, current_player(state), state.positions
    (<Phase.ORDER: 'order'>, CHANCE, (0, 0, 0))
    """
    seats = tuple(range(rules.players))
    return build_state(
        rules=rules,
        phase=Phase.ORDER if rules.spin_off else Phase.SPIN,
        player=0,
        positions=(rules.board.start,) * rules.players,
        placed=(True,) * rules.players,  # put on the start square (LEA-3)
        order=() if rules.spin_off else seats,
        groups=(seats,) if rules.spin_off else (),
        spun=(),
        spins=0,
        turns=0,
        order_spins=0,
        last_spin=None,
        events=(),
    )


def current_player(state: State) -> Player | None:
    """`CHANCE` until the game is over (every move is a spin), then ``None``: no seat
    is ever to move. `State.player` says whose diver spins next, and at the end who won.

    >>> current_player(new_game(Rules(players=2)))
    CHANCE
    """
    return None if state.phase is Phase.OVER else CHANCE


def chance_seat(state: State) -> int | None:
    """The seat whose spin the pending chance move is, or ``None`` once the game is
    over: every move is a spin, made by the diver whose turn it is (LEA-3), or by the
    diver now spinning to settle the order of play (LEA-2), `State.player` in both.

    >>> chance_seat(new_game(Rules(players=2)))
    0
    """
    return None if state.phase is Phase.OVER else state.player


def is_terminal(state: State) -> bool:
    """Whether a diver reached the red arrow (LEA-1)."""
    return state.phase is Phase.OVER


def outcome(state: State) -> Outcome | None:
    """The winner once a diver reached the red arrow, else ``None`` (LEA-1)."""
    if state.phase is not Phase.OVER:
        return None
    scores = tuple(int(seat == state.player) for seat in range(state.rules.players))
    return Outcome(state.player, scores, Termination.TREASURE)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The spins the spinner can show, in the spinner's order (LEA-R2); after the
    game, nothing.

    >>> from seaview_rules.leagues import Spinner
    >>> state = new_game(Rules(players=2, spinner=Spinner.parse("1R 2L 1R")))
    >>> [str(m) for m in legal_moves(state)]
    ['1R', '2L']
    """
    if state.phase is Phase.OVER:
        return ()
    return state.rules.tables.outcomes


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Every spin with its exact probability: the weights of its segments over the
    spinner's total weight (LEA-R2); after the game, nothing.

    >>> from seaview_rules.leagues import Spinner
    >>> state = new_game(Rules(players=2, spinner=Spinner.parse("1R 2L 1R*2")))
    >>> [(str(m), str(p)) for m, p in chance_outcomes(state)]
    [('1R', '3/4'), ('2L', '1/4')]
    """
    if state.phase is Phase.OVER:
        return ()
    return state.rules.tables.chances


def sample_chance(state: State, rng: random.Random) -> Move:
    """A spin drawn from ``rng`` with exactly the `chance_outcomes` distribution.

    Raises:
        IllegalMoveError: the game is over.
    """
    if state.phase is Phase.OVER:
        raise IllegalMoveError(Violation("API-OVER", "the game is over"))
    t = state.rules.tables
    # The part of the dial it stops on, counted over the segments' weights (LEA-R2).
    return t.outcomes[bisect_right(t.cumulative, rng.randrange(t.total))]


def _violation(state: State, move: Move) -> Violation | None:
    """The rule the well-formed ``move`` breaks in ``state``, a game not over, or
    ``None``: only the spins the spinner shows are moves."""
    if move not in state.rules.tables.index:
        return Violation("LEA-R2", f"the spinner has no {move} segment")
    return None


def _spin(state: State, move: Spin) -> State:
    """The state after ``move``, a legal spin in ``state`` (see `_violation`)."""
    if state.phase is Phase.SPIN:
        return _turn_spin(state, move)
    return _order_spin(state, move)


def _order_spin(state: State, move: Spin) -> State:
    # LEA-2, LEA-R3: every seat of the group now spinning spins once, in seat order;
    # then the group is ranked by number, highest first, and tied seats spin again.
    seat = state.player
    groups = state.groups
    current = next(i for i, g in enumerate(groups) if len(g) > 1)
    group = groups[current]
    spun: tuple[int, ...] = (*state.spun, move.number)
    order: tuple[int, ...] = ()
    events = [_event(EventKind.ORDER_SPIN, seat, None)]
    if len(spun) < len(group):
        phase, player = Phase.ORDER, group[len(spun)]
    else:
        ranked = tuple(
            tuple(s for s, n in zip(group, spun, strict=True) if n == number)
            for number in sorted(set(spun), reverse=True)
        )
        events.extend(_event(EventKind.TIE, s, None) for g in ranked if len(g) > 1 for s in g)
        groups = (*groups[:current], *ranked, *groups[current + 1 :])
        spun = ()
        tied = next((g for g in groups if len(g) > 1), None)
        if tied is not None:
            phase, player = Phase.ORDER, tied[0]
        else:
            order = tuple(g[0] for g in groups)
            phase, player, groups = Phase.SPIN, order[0], ()
            events.append(_event(EventKind.ORDER, player, None))
    return build_state(
        rules=state.rules,
        phase=phase,
        player=player,
        positions=state.positions,
        placed=state.placed,
        order=order,
        groups=groups,
        spun=spun,
        spins=0,
        turns=0,
        order_spins=state.order_spins + 1,
        last_spin=move,
        events=tuple(events),
    )


def _turn_spin(state: State, move: Spin) -> State:
    rules = state.rules
    t = rules.tables
    seat = state.player
    positions = state.positions
    here = positions[seat]
    placed = state.placed
    was_placed = placed[seat]
    previous = state.events
    # A turn begins with a spin that is not an extra spin (LEA-7, LEA-9).
    extra_before = previous and previous[-1].kind is _EXTRA_SPIN_EVENT
    turns = state.turns if extra_before else state.turns + 1
    # LEA-R9, LEA-R11: how he came to his square may change his walk (the options).
    landing, bounces = t.moves[was_placed][here][t.index[move]]
    extra = False
    if landing is None:
        # LEA-6, LEA-R9: on a row's end square with the wrong letter: no move, turn over.
        events: list[SpinEvent] = [_event(_BLOCKED_EVENT, seat, here)]
        square = here
    else:
        # LEA-3, LEA-4, LEA-5: the walk (bounces included) comes from the tables.
        events = [_event(_BOUNCE_EVENT, seat, b) for b in bounces] if bounces else []
        events.append(_event(_MOVE_EVENT, seat, landing))
        others = positions[:seat] + positions[seat + 1 :]
        square = landing
        target = t.target[landing]
        if landing == t.red:
            pass  # LEA-1: landing on the red arrow wins
        elif landing in others and landing != t.start:
            # LEA-11: landed on another diver (the start square holds any number, LEA-R4).
            events.append(_event(_COLLISION_EVENT, seat, landing))
            if landing < t.columns:
                # In row 1: back to the start.
                events.append(_event(_START_EVENT, seat, t.start))
                square = t.start
            else:
                square = _rise(t.above[landing], others, seat, events, t.start)
        elif target is not None:
            # LEA-R5: only the square where the move ends acts, and only once.
            kind = t.kinds[landing]
            if target in others:
                # LEA-8, LEA-9, LEA-10: the square it sends him to is taken: rise
                # (from where LEA-R10 and its option say, for a starfish).
                events.append(_event(_TAKEN_EVENT, seat, target))
                square = _rise(t.rise[landing], others, seat, events, t.start)
                # LEA-R6: no extra spin without a real descent (a rise from below a
                # starfish may end below its row), unless the option says so.
                extra = kind is not _OCTOPUS_SQUARE and (
                    rules.extra_spin_after_rise or square // t.columns > landing // t.columns
                )
            else:
                # LEA-7, LEA-9: down and spin again; LEA-10: up, no extra spin.
                events.append(_event(_EFFECT_EVENTS[kind], seat, target))
                square = target
                extra = kind is not _OCTOPUS_SQUARE
        # He walked to his square, unless an effect or a penalty put him elsewhere.
        if (square != landing) is not was_placed:
            placed = (*placed[:seat], not was_placed, *placed[seat + 1 :])
    if square == t.red:
        # LEA-1, LEA-R8: landing on or being placed on the red arrow wins at once.
        events.append(_event(_WIN_EVENT, seat, square))
        phase, player = Phase.OVER, seat
    elif extra:
        events.append(_event(_EXTRA_SPIN_EVENT, seat, square))
        phase, player = Phase.SPIN, seat
    else:
        order = state.order
        # LEA-2: in the settled order.
        phase, player = Phase.SPIN, order[order.index(seat) + 1 - len(order)]
    return build_state(
        rules=rules,
        phase=phase,
        player=player,
        positions=(*positions[:seat], square, *positions[seat + 1 :]),
        placed=placed,
        order=state.order,
        groups=(),
        spun=(),
        spins=state.spins + 1,
        turns=turns,
        order_spins=state.order_spins,
        last_spin=move,
        events=tuple(events),
    )


def _rise(
    above: tuple[Square, ...],
    others: tuple[Square, ...],
    seat: int,
    events: list[SpinEvent],
    start: Square,
) -> Square:
    # LEA-R7: up the same column, row by row, to the first yellow square with no diver;
    # LEA-12: none up to row 1, back to the start.
    for square in above:
        if square not in others:
            events.append(_event(_RISE_EVENT, seat, square))
            return square
    events.append(_event(_START_EVENT, seat, start))
    return start


_EVENT_RULES: dict[EventKind, tuple[str, ...]] = {
    EventKind.ORDER_SPIN: ("LEA-2",),
    EventKind.TIE: ("LEA-R3",),
    EventKind.ORDER: ("LEA-2",),
    EventKind.MOVE: ("LEA-4",),
    EventKind.BOUNCE: ("LEA-5",),
    EventKind.BLOCKED: ("LEA-6",),
    EventKind.ARROW: ("LEA-7", "LEA-R5"),
    EventKind.STARFISH: ("LEA-9", "LEA-R5"),
    EventKind.OCTOPUS: ("LEA-10", "LEA-R5"),
    EventKind.COLLISION: ("LEA-11",),
    EventKind.RISE: ("LEA-R7",),
    EventKind.EXTRA_SPIN: ("LEA-R6",),
    EventKind.WIN: ("LEA-1", "LEA-R8"),
}


_TAKEN_RULES = {
    SquareKind.ARROW: "LEA-8",
    SquareKind.STARFISH: "LEA-9",
    SquareKind.OCTOPUS: "LEA-10",
}


def rules_applied(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The rules and rulings that the spin from ``before`` to ``after`` exercised, by ID,
    read from the events it left (`State.events`) and from where the diver spun."""
    applied = {"LEA-R1", "LEA-R2"}
    kinds = {event.kind for event in after.events}
    for kind in kinds:
        applied.update(_EVENT_RULES.get(kind, ()))
    if EventKind.START in kinds:  # back to start: a first-row collision, or a failed rise
        applied.add("LEA-12" if EventKind.RISE in kinds or EventKind.TAKEN in kinds else "LEA-11")
    if before.phase is not Phase.SPIN:
        return tuple(sorted(applied))
    board = before.rules.board
    start, columns = board.start, board.columns
    mover = before.player
    here = before.positions[mover]
    others = before.positions[:mover] + before.positions[mover + 1 :]
    for event in after.events:
        if event.kind is not EventKind.MOVE or event.square is None:
            continue
        landed_on = board.squares[event.square]
        if EventKind.TAKEN in kinds:  # the effect's target was taken
            applied.add(_TAKEN_RULES[landed_on])
            if landed_on is SquareKind.STARFISH:
                applied.add("LEA-R10")  # where the rise starts
        if event.square == start:
            if start in others:
                applied.add("LEA-R4")  # onto the start, where another diver stands
            if start % columns:
                applied.add("LEA-R12")  # onto a start that is not the row's left end
    if here == start:
        # LEA-3, LEA-R4: put on the start, he moves right; LEA-R11: so he does (or, with
        # the option, by the letter) after walking onto it.
        applied.update(("LEA-3", "LEA-R4") if before.placed[mover] else ("LEA-R11",))
        if start % columns:
            applied.add("LEA-R12")  # from a start that is not the row's left end
    elif before.placed[mover] and here % columns == (
        columns - 1 if move.direction is Direction.RIGHT else 0
    ):
        applied.add("LEA-R9")  # put on an end square, and the letter leads off the row
    return tuple(sorted(applied))


# The successor of each type of move, as in the other games: a spin is the only one, so
# `_spin` tells the order spins from the race's by the phase.
_SUCCESSORS: dict[type, Callable[[State, Spin], State]] = {Spin: _spin}

check_move, apply_move = move_functions(
    game="20,000 Leagues",
    over=Violation("API-OVER", "the game is over: a diver reached the red arrow"),
    over_phase=Phase.OVER,
    current_player=current_player,
    violation=_violation,
    successors=_SUCCESSORS,
    module=__name__,
    check_examples="""
    Every move is a spin of the chance player, so every spin a seat sends is refused
    (API-SEAT).

    >>> from seaview_rules.leagues import parse_move
    >>> check_move(new_game(), parse_move("9R"))
    Violation(rule='LEA-R2', reason='the spinner has no 9R segment')
    >>> check_move(new_game(), parse_move("3R"), seat=0)
    Violation(rule='API-SEAT', reason="the next move is a chance outcome, not seat 0's")
    """,
    apply_examples="""
    Every move is a spin of the chance player, so a spin sent by any seat is refused
    (API-SEAT; API-OVER once the game is over) before the spin itself is looked at.

    >>> from seaview_rules.leagues import parse_move
    >>> state = new_game(Rules(players=2, spin_off=False))
    >>> after = apply_move(state, parse_move("3L"))
    >>> state.positions, after.positions, after.player
    ((0, 0), (3, 0), 1)
    >>> apply_move(state, parse_move("3L"), seat=0)
    Traceback (most recent call last):
    ...
    seaview_rules.IllegalMoveError: API-SEAT: the next move is a chance outcome, not seat 0's
    """,
)
__test__ = {"check_move": check_move, "apply_move": apply_move}  # their examples
