"""The records of a 20,000 Leagues match: the rules options (with the tables the engine
precomputes for a board and a spinner, `seaview_rules.leagues._rules.Tables`), the
phases, what a spin did, and the state."""

from __future__ import annotations

import enum

from attrs import field, frozen
from attrs.validators import instance_of

from seaview_rules._construct import direct_constructor
from seaview_rules._core import InvalidDataError
from seaview_rules._options import boolean, in_range
from seaview_rules.leagues._moves import Spin
from seaview_rules.leagues._pieces import (
    Board,
    Spinner,
    Square,
    default_board,
    default_spinner,
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
        from seaview_rules.leagues._rules import tables  # made after this module

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
    """What a spin did. Each `SpinEvent` names the diver and the square he is on after it."""

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
class SpinEvent:
    """One consequence of a spin, as the state records it: ``kind`` happened to
    ``seat``'s diver, who is then on ``square`` (``None`` for the events of the order
    spin-off).

    This compact record is not a `seaview_rules.Event`: those are the typed events
    that `events` makes from these records (`Moved`, `Bounced`, ...), with words.

    >>> SpinEvent(EventKind.MOVE, 0, Square(3))
    SpinEvent(kind=<EventKind.MOVE: 'move'>, seat=0, square=3)
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
    events: tuple[SpinEvent, ...]
    """What the last spin did, in order."""


build_state = direct_constructor(State)
"""`State` built without attrs' frozen ``__init__``, which stores each field through
``object.__setattr__``: every state of the game is built with it, by keyword."""

# Last, as the rules use this model: `Rules.tables` are the movement rules' tables.
from seaview_rules.leagues._rules import Tables  # noqa: E402
