"""20,000 Leagues moves and their notation.

Every move of the game is a spin, and every spin is a chance outcome: the printed
rules give a diver no choice, so a turn is a spin followed by its consequences.

==========  =================================================  ==============
move        meaning                                            notation
==========  =================================================  ==============
`Spin`      chance: the spinner stops on a number and letter   ``3R``, ``6L``
==========  =================================================  ==============
"""

from __future__ import annotations

from attrs import frozen

from seaview_rules.leagues._board import MAX_NUMBER, Direction


@frozen(repr=False)
class Spin:
    """Chance: the spinner shows ``number`` and ``direction`` (LEA-R2).

    >>> Spin(3, Direction.RIGHT)
    parse_move('3R')
    >>> parse_move("6l") is SPINS[6, Direction.LEFT]
    True
    """

    number: int
    direction: Direction

    def __str__(self) -> str:
        return f"{self.number}{self.direction.value}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move = Spin
"""Any 20,000 Leagues move."""

SPINS: dict[tuple[int, Direction], Spin] = {
    (n, d): Spin(n, d) for n in range(1, MAX_NUMBER + 1) for d in Direction
}
"""Every spin a spinner can show, interned, so the engine never builds a move twice."""


def parse_move(text: str) -> Move:
    """Read a move written as ``str(move)`` writes it: a number and ``R`` or ``L``.

    >>> [parse_move(t) for t in ("1R", " 12l ")]
    [parse_move('1R'), parse_move('12L')]

    Raises:
        ValueError: the text is not a 20,000 Leagues move.
    """
    word = text.strip().upper()
    try:
        return SPINS[int(word[:-1]), Direction(word[-1:])]
    except (ValueError, KeyError):
        raise ValueError(f"not a 20,000 Leagues move: {text!r} (expected e.g. '3R')") from None
