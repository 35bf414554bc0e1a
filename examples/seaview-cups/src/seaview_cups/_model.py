"""The values of Dice under Cups: its rules, its moves, a state and a seat's view."""

from __future__ import annotations

import enum

from attrs import field, frozen

from seaview_rules import Player
from seaview_rules.codec import in_range  # the schemas read the bounds of the seats

FACES = 6
"""The faces of a die, 1 to 6 (CUP-1)."""


@frozen(kw_only=True)
class Rules:
    """The options of a game: how many seats, and the points that win (CUP-1, CUP-4)."""

    players: int = field(default=2, validator=in_range(2, 4))
    target: int = field(default=3, validator=in_range(1, 99))


class Phase(enum.Enum):
    """Where a round stands."""

    ROLL = "roll"
    """Chance rolls the die of `State.player` under its cup (CUP-1)."""
    DECIDE = "decide"
    """`State.player` keeps its die or rerolls it (CUP-2)."""
    REROLL = "reroll"
    """Chance rolls the die of `State.player` again (CUP-2)."""
    OVER = "over"
    """A seat reached the target (CUP-4)."""


@frozen
class Roll:
    """Chance: the die under the cup shows ``face``. Notation ``roll 4``."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


class Decision(enum.Enum):
    """A seat's one decision of a round (CUP-2)."""

    KEEP = "keep"
    REROLL = "reroll"

    def __str__(self) -> str:
        return self.value


Move = Roll | Decision
"""Any move of the game."""

ROLLS = tuple(Roll(face) for face in range(1, FACES + 1))


def every_move(rules: Rules) -> tuple[Move, ...]:
    """Every move, legal or not: the six rolls, then keep and reroll.

    >>> [str(move) for move in every_move(Rules())]
    ['roll 1', 'roll 2', 'roll 3', 'roll 4', 'roll 5', 'roll 6', 'keep', 'reroll']
    """
    return (*ROLLS, *Decision)


def parse_move(text: str) -> Move:
    """The move that ``str(move)`` wrote.

    >>> parse_move("roll 4"), parse_move("KEEP")
    (Roll(face=4), <Decision.KEEP: 'keep'>)

    Raises:
        ValueError: not a move of the game.
    """
    words = text.lower().split()
    if len(words) == 1 and words[0] in ("keep", "reroll"):
        return Decision(words[0])
    if len(words) == 2 and words[0] == "roll" and words[1] in "123456" and len(words[1]) == 1:
        return ROLLS[int(words[1]) - 1]
    raise ValueError(f"not a Dice under Cups move: {text[:40]!r} ('roll 4', 'keep' or 'reroll')")


@frozen(kw_only=True)
class State:
    """Everything about a game, the dice under the cups included."""

    rules: Rules
    phase: Phase
    player: int
    """The seat whose die is rolled, or who decides."""
    dice: tuple[int, ...]
    """Each seat's die under its cup, 0 while it has none this round (hidden: CUP-1)."""
    scores: tuple[int, ...]
    round: int
    """The number of the round, from 1."""
    last_round: tuple[int, ...]
    """The dice lifted at the end of the last round (CUP-3), ``()`` before."""


@frozen(kw_only=True)
class View:
    """What one seat (or a spectator, ``seat=None``) sees: its own die, never another's
    until the cups are lifted."""

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    die: int | None
    """The seat's own die, ``None`` for a spectator or while it has none."""
    scores: tuple[int, ...]
    round: int
    last_round: tuple[int, ...]
    to_move: Player | None
    """The seat to move, `~seaview_rules.CHANCE` or ``None`` once the game is over."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now (none unless it is to move)."""
