"""The records of a 20,000 Leagues match: the rules options (with the tables the engine
precomputes for a board and a spinner, `seaview_rules.leagues._tables.Tables`), the
phases, and the state: the position only (what a spin did is told by its transition,
`seaview_rules.leagues._rules.events`)."""

from __future__ import annotations

import enum

from attrs import field, frozen
from attrs.validators import instance_of

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
from seaview_rules.leagues._rulebook import PLAYERS
from seaview_rules.leagues._tables import Tables, tables


@frozen(kw_only=True)
class Rules:
    """The options of a game. The defaults are the printed rules and our rulings.

    >>> rules = Rules(players=2)
    >>> rules.board.rows, str(rules.spinner)
    (20, '1R 1L 2R 2L 3R 3L 4R 4L 5R 5L 6R 6L')
    >>> Rules(players=5)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: players: must be 2 to 4, not 5
    """

    players: int = field(default=PLAYERS[1], validator=in_range(*PLAYERS))
    """Divers in the race, 2 to 4 (LEA-1)."""
    board: Board = field(factory=default_board, validator=instance_of(Board))
    """The board (LEA-R1); the default is our reconstruction. `Rules` refuses a board
    whose arrows, starfish or octopuses send a diver off the board or onto a special
    square, or on which some diver could never win, with `InvalidDataError` naming
    the square."""
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


_new = object.__new__


@frozen
class State:
    """A moment of a game. Build one with `new_game`; change it with `apply_move`.

    Every diver is on the start square, a yellow square, or (the winner only) the red
    arrow; no two share a square but the start.
    """

    rules: Rules
    phase: Phase
    player: int
    """The seat to spin; once the game is over, the winner."""
    extra_spin: bool
    """Whether `player` spins again because an arrow or a starfish took his diver down
    (LEA-7, LEA-9, LEA-R6): that spin is part of his turn and begins no new one."""
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
    """The last move, or ``None`` at the start: where the spinner's arrow rests."""


_SLOTS = vars(State)
_set_rules = _SLOTS["rules"].__set__
_set_phase = _SLOTS["phase"].__set__
_set_player = _SLOTS["player"].__set__
_set_extra_spin = _SLOTS["extra_spin"].__set__
_set_positions = _SLOTS["positions"].__set__
_set_placed = _SLOTS["placed"].__set__
_set_order = _SLOTS["order"].__set__
_set_groups = _SLOTS["groups"].__set__
_set_spun = _SLOTS["spun"].__set__
_set_spins = _SLOTS["spins"].__set__
_set_turns = _SLOTS["turns"].__set__
_set_order_spins = _SLOTS["order_spins"].__set__
_set_last_spin = _SLOTS["last_spin"].__set__


def build_state(
    *,
    rules: Rules,
    phase: Phase,
    player: int,
    extra_spin: bool,
    positions: tuple[Square, ...],
    placed: tuple[bool, ...],
    order: tuple[int, ...],
    groups: tuple[tuple[int, ...], ...],
    spun: tuple[int, ...],
    spins: int,
    turns: int,
    order_spins: int,
    last_spin: Spin | None,
) -> State:
    """`State(...)` by keyword, with the slots filled by their own setters: attrs'
    frozen ``__init__`` stores each field through ``object.__setattr__``, which looks
    the name up again. Every state of the game is built with it; what it saves is
    measured on the performance page."""
    state = _new(State)
    _set_rules(state, rules)
    _set_phase(state, phase)
    _set_player(state, player)
    _set_extra_spin(state, extra_spin)
    _set_positions(state, positions)
    _set_placed(state, placed)
    _set_order(state, order)
    _set_groups(state, groups)
    _set_spun(state, spun)
    _set_spins(state, spins)
    _set_turns(state, turns)
    _set_order_spins(state, order_spins)
    _set_last_spin(state, last_spin)
    return state
