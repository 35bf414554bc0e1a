"""20,000 Leagues moves, their notation, and every move a spinner could show.

Every move of the game is a spin, and every spin is a chance outcome: the printed
rules give a diver no choice, so a turn is a spin followed by its consequences.

==========  =================================================  ==============
move        meaning                                            notation
==========  =================================================  ==============
`Spin`      chance: the spinner stops on a number and letter   ``3R``, ``6L``
==========  =================================================  ==============
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import field, frozen

from seaview_rules._core import Notation, quote
from seaview_rules._forms import exactly
from seaview_rules.leagues._pieces import MAX_NUMBER, Direction

if TYPE_CHECKING:
    from seaview_rules.leagues._model import Rules


# cache_hash: the engine looks a spin up in the spinner's tables twice a move
# (_violation, then _spin), and attrs' __hash__ hashes the Direction through
# Enum.__hash__, in Python (what caching it buys is measured on the performance page).
@frozen(repr=False, cache_hash=True)
class Spin(Notation):
    """Chance: the spinner shows ``number`` and ``direction`` (LEA-R2).

    >>> Spin(3, Direction.RIGHT)
    parse_move('3R')
    >>> parse_move("6l") is SPINS[6, Direction.LEFT]
    True
    """

    number: int = field(validator=exactly(int))
    direction: Direction = field(validator=exactly(Direction))

    @property
    def words(self) -> str:
        """The spin in words, as a log says it (number and direction).

        >>> parse_move("3L").words
        '3 left'
        """
        return f"{self.number} {self.direction.name.lower()}"

    def __str__(self) -> str:
        return f"{self.number}{self.direction.value}"


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
        raise ValueError(f"not a 20,000 Leagues move: {quote(text)} (expected e.g. '3R')") from None


def every_move(rules: Rules) -> tuple[Spin, ...]:
    """Every spin from 1 to one more than the spinner's highest number, right then
    left: the spinner's own spins and some it cannot show (LEA-R2).

    >>> from seaview_rules.leagues import Rules
    >>> [str(m) for m in every_move(Rules())][:3], len(every_move(Rules()))
    (['1R', '1L', '2R'], 14)
    """
    highest = max(segment.number for segment in rules.spinner.segments)
    return tuple(SPINS[n, d] for n in range(1, highest + 2) for d in Direction)
