"""The records of a 20,000 Leagues match: the rules options (with the tables the engine
precomputes for a board and a spinner), the phases, what a spin did, and the state."""

from __future__ import annotations

import enum
from collections import deque
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

from attrs import field, frozen
from attrs.validators import instance_of

from seaview_rules._construct import direct_constructor
from seaview_rules._core import InvalidDataError
from seaview_rules._options import boolean, in_range
from seaview_rules.leagues._moves import SPINS, Spin
from seaview_rules.leagues._pieces import (
    Board,
    Direction,
    Spinner,
    Square,
    SquareKind,
    default_board,
    default_spinner,
)


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


@frozen(kw_only=True)
class Rules:
    """The options of a game. The defaults are the printed rules and our rulings.

    >>> rules = Rules(players=2)
    >>> rules.board.rows, str(rules.spinner)
    (20, '1R 1L 2R 2L 3R 3L 4R 4L 5R 5L 6R 6L')
    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: players: must be 2 to 4, not 5
    """

    players: int = field(default=4, validator=in_range(2, 4))
    """Divers in the race, 2 to 4."""
    board: Board = field(factory=default_board, validator=instance_of(Board))
    """The board (LEA-R1); the default is our reconstruction."""
    spinner: Spinner = field(factory=default_spinner, validator=instance_of(Spinner))
    """The spinner (LEA-R2); the default has 12 equal segments 1R 1L ... 6R 6L."""
    spin_off: bool = field(default=True, validator=boolean)
    """Settle the order of play by spinning (LEA-2, LEA-R3); ``False`` plays in seat order."""
    extra_spin_after_rise: bool = field(default=False, validator=boolean)
    """Grant the extra spin of an arrow or starfish even when the diver rose because
    the square below was taken (LEA-R6); the ruling is ``False``."""
    starfish_rise_above_taken: bool = field(default=False, validator=boolean)
    """When the square two rows below a starfish is taken, rise to the first open
    yellow square above that taken square, as the general penalty clause says, instead
    of above the starfish (LEA-R10); a diver who so ends below the starfish's row went
    down and spins again (LEA-R6). The ruling is ``False``."""
    blocked_when_placed: bool = field(default=True, validator=boolean)
    """Block a diver placed on a row's end square (by an arrow, starfish, octopus or
    rise) like one whose move ended there (LEA-R9); ``False`` frees him: he moves by the
    letter, reversing at once if it leads off the row. The ruling is ``True``."""
    start_always_right: bool = field(default=True, validator=boolean)
    """Move a diver who walked onto the start square to the right whatever the letter,
    like a restarted diver (LEA-R11); ``False`` moves him by the letter like anyone
    else (blocked there if the start is a row's end square and the letter leads off).
    The ruling is ``True``."""
    tables: Tables = field(init=False, eq=False, hash=False, repr=False)
    """The engine's precomputed tables for this board, spinner and options."""

    def __attrs_post_init__(self) -> None:
        if self.spin_off and len({s.number for s in self.spinner.segments}) < 2:
            raise InvalidDataError(
                "spin_off",
                "settling the order by spinning needs a spinner with two different numbers",
            )
        computed = tables(
            self.board,
            self.spinner,
            blocked_when_placed=self.blocked_when_placed,
            start_always_right=self.start_always_right,
            starfish_rise_above_taken=self.starfish_rise_above_taken,
        )
        object.__setattr__(self, "tables", computed)


class Phase(enum.Enum):
    """What happens next."""

    ORDER = "order"
    """Chance node where `State.player` spins to settle the order of play (LEA-2)."""
    SPIN = "spin"
    """Chance node where `State.player` spins on his turn (LEA-3, LEA-4)."""
    OVER = "over"
    """`State.player` reached the red arrow and won (LEA-1)."""


class EventKind(enum.Enum):
    """What a spin did. Each `Event` names the diver and the square he is on after it."""

    ORDER_SPIN = "order_spin"
    """The diver spun to settle the order of play (LEA-2)."""
    TIE = "tie"
    """The diver tied and spins again with those he tied with (LEA-R3)."""
    ORDER = "order"
    """The order of play is settled; the event's diver plays first (LEA-2)."""
    MOVE = "move"
    """The diver moved along his row and landed on the square (LEA-3, LEA-4)."""
    BOUNCE = "bounce"
    """The diver reached the row's end square and reversed (LEA-5)."""
    BLOCKED = "blocked"
    """The diver is on a row's end square and the letter did not lead back (LEA-6,
    LEA-R9, LEA-R11)."""
    ARROW = "arrow"
    """An arrow took the diver one row down (LEA-7)."""
    STARFISH = "starfish"
    """A starfish took the diver two rows down (LEA-9)."""
    OCTOPUS = "octopus"
    """An octopus took the diver one row up (LEA-10)."""
    TAKEN = "taken"
    """The square an arrow, starfish or octopus sends the diver to is taken (LEA-8,
    LEA-9, LEA-10); the event's square is that square."""
    COLLISION = "collision"
    """The diver landed on another diver's square, the event's square (LEA-11)."""
    RISE = "rise"
    """The diver rose to the first open yellow square above (LEA-8, LEA-11, LEA-R7,
    LEA-R10)."""
    START = "start"
    """The diver was sent back to the start square (LEA-11, LEA-12)."""
    EXTRA_SPIN = "extra_spin"
    """The diver went down and spins again (LEA-7, LEA-9, LEA-R6)."""
    WIN = "win"
    """The diver reached the red arrow and won (LEA-1, LEA-R8)."""


@frozen(weakref_slot=False)  # no weak references: see direct_constructor
class Event:
    """One consequence of a spin, as the state records it: ``kind`` happened to
    ``seat``'s diver, who is then on ``square`` (``None`` for the events of the order
    spin-off).

    This compact record is not a `seaview_rules.Event`: those are the typed events
    that `events` makes from these records (`Moved`, `Bounced`, ...), with words.

    >>> Event(EventKind.MOVE, 0, Square(3))
    Event(kind=<EventKind.MOVE: 'move'>, seat=0, square=3)
    """

    kind: EventKind
    seat: int
    square: Square | None


@frozen(weakref_slot=False)  # no weak references: see direct_constructor
class State:
    """A moment of a game. Build one with `new_game`; change it with `apply_move`.

    Every diver is on the start square, a yellow square, or (the winner only) the red
    arrow; no two share a square but the start.
    """

    rules: Rules
    phase: Phase
    player: int
    """The seat to spin; once the game is over, the winner."""
    positions: tuple[Square, ...]
    """The square of every seat's diver."""
    placed: tuple[bool, ...]
    """For every seat, whether his diver was put on his square (on the start when the
    game began or when he was sent back, or by an arrow, starfish, octopus or rise)
    rather than walking there with the move of a spin. It decides his next walk under
    `Rules.blocked_when_placed` (LEA-R9) and `Rules.start_always_right` (LEA-R11)."""
    order: tuple[int, ...]
    """The order of play once it is settled, else empty (LEA-2)."""
    groups: tuple[tuple[int, ...], ...]
    """The seats ranked so far in the spin-off, best first, tied seats grouped
    (LEA-R3); empty once the order is settled."""
    spun: tuple[int, ...]
    """The numbers spun so far in the spin-off by the group now spinning."""
    spins: int
    """Spins made in play (the spin-off not counted)."""
    turns: int
    """Turns begun in play."""
    order_spins: int
    """Spins made to settle the order of play."""
    last_spin: Spin | None
    """The last move, or ``None`` at the start."""
    events: tuple[Event, ...]
    """What the last spin did, in order."""


build_state = direct_constructor(State)
"""`State` built without attrs' frozen ``__init__``, which stores each field through
``object.__setattr__``: every state of the game is built with it, by keyword."""
