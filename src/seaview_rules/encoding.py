"""`Encoding`: what the agents' adapters need of a game beyond its API, given on its
`seaview_rules.Game` entry as ``encoding=``.

The adapters (`seaview_rules.pettingzoo`, `seaview_rules.openspiel`) show a game to
learning agents as numbered actions, fixed-size observations and rewards. The shared API
gives them the moves, the chance outcomes and the end; a game's `Encoding` gives the
rest: which of its moves are chance's, how a seat's view is written into a vector of
numbers in ``[0, 1]`` (in named `Segment` parts), the length after which a game is cut
off, the largest score and the totals so far.

A game without an encoding (``encoding=None``, the default) has no observations for the
adapters to give, so they refuse it: making its environment or its OpenSpiel game raises
`ValueError` naming the game and the missing encoding, and importing
`seaview_rules.openspiel` does not register it with OpenSpiel. Everything else of the
library plays it as usual.

This module needs nothing beyond the library (no numpy): a game writes its encoding into
any `Vector`, a list of floats as well as the adapters' ``numpy`` arrays.

>>> from seaview_rules import GAMES, voyage
>>> encoding = GAMES["voyage"].encoding
>>> rules = voyage.Rules(players=2)
>>> [(segment.name, segment.start, segment.size) for segment in encoding.layout(rules)][:3]
[('hand', 0, 39), ('discard_top', 39, 39), ('discard_under', 78, 39)]
>>> encoding.size(rules), encoding.max_game_length(rules), encoding.max_score(rules)
(172, 5750, 59)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar

from attrs import field, frozen

__all__ = ["Encoding", "Segment", "Vector", "WriteView", "clipped", "relative_seat"]

# Private names, so that the documentation does not look for them.
_R = TypeVar("_R")
_S = TypeVar("_S")
_M = TypeVar("_M")
_V = TypeVar("_V")
_R_in = TypeVar("_R_in", contravariant=True)
_V_in = TypeVar("_V_in", contravariant=True)


class Vector(Protocol):
    """Where an encoding is written: numbers read and written by index, such as a
    ``list`` of floats or a one-dimensional ``numpy`` array."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


class WriteView(Protocol[_V_in, _R_in]):
    """The type of `Encoding.write`: write the encoding of ``view``, a seat's view of a
    game under ``rules``, into ``out``, whose numbers are all 0, each segment from its
    offset in ``at`` (by segment name)."""

    def __call__(
        self, view: _V_in, rules: _R_in, out: Vector, at: Mapping[str, int], /
    ) -> None: ...


@frozen
class Segment:
    """A named part of an observation: ``size`` numbers from ``start``, read as an
    array of ``shape``, each in ``[0, 1]``.

    >>> Segment("hand", (39,), "1 for each card in the seat's hand").size
    39
    """

    name: str
    shape: tuple[int, ...]
    meaning: str
    """What the numbers say, and how a count is scaled into ``[0, 1]`` (the adapters'
    documentation quotes it)."""
    start: int = 0
    """Where the segment starts in the observation (`Encoding.layout` sets it; a game's
    `Encoding.segments` leaves it 0)."""

    @property
    def size(self) -> int:
        """How many numbers the segment holds."""
        return math.prod(self.shape)


def _no_loss(rules: object) -> int:
    return 0


@frozen(kw_only=True)
class Encoding(Generic[_R, _S, _M, _V]):
    """What the agents' adapters need of a game beyond its API: which moves are
    chance's, how a seat's view is encoded, and the bounds of a game and of its scores.

    Each function takes the game's own ``Rules``, ``State``, move or ``View``. A game
    package builds its encoding with explicit keywords and gives it to its
    `seaview_rules.Game` as ``encoding=``.
    """

    chance_move: Callable[[_M], bool]
    """Whether a move of ``every_move(rules)`` is chance's (a deal, a spin). The chance
    ones, in that order, are the adapters' chance outcomes; the others, in that order,
    their player actions (or, in a game whose `seaview_rules.Game.table_chance` is
    ``"step"``, the one action ``spin``)."""
    segments: Callable[[_R], tuple[Segment, ...]]
    """The parts of an observation under these rules, in order, each ``start`` left 0
    (`layout` places them)."""
    write: WriteView[_V, _R]
    """Write the encoding of a seat's view into a zeroed `Vector`, each segment from
    its offset; every number must lie in ``[0, 1]`` and come from the view alone."""
    max_game_length: Callable[[_R], int]
    """The decisions (player actions, not chance outcomes) after which a game under
    these rules is cut off unless the caller sets its own bound: far above the longest
    game of random play."""
    max_score: Callable[[_R], int]
    """A bound no seat's total can pass under these rules (the largest utility of the
    adapters' ``reward="score"``)."""
    scores: Callable[[_S], tuple[int, ...]]
    """Each seat's total so far (what ``reward="score"`` gives a game cut off before its
    end)."""
    min_score: Callable[[_R], int] = field(default=_no_loss, repr=False)
    """A bound no seat's total can fall below under these rules (the smallest utility
    of the adapters' ``reward="score"``). The default, 0, is for a game whose scores
    only count up; a game of chips won and lost gives its own."""

    def layout(self, rules: _R) -> tuple[Segment, ...]:
        """The `segments` under ``rules`` with their starts, one after the other."""
        placed = []
        start = 0
        for segment in self.segments(rules):
            placed.append(Segment(segment.name, segment.shape, segment.meaning, start))
            start += segment.size
        return tuple(placed)

    def size(self, rules: _R) -> int:
        """How many numbers an observation under ``rules`` holds."""
        return sum(segment.size for segment in self.segments(rules))


def relative_seat(seat: int, other: int, players: int) -> int:
    """``other`` counted from ``seat``, as observations count seats: 0 for the seat
    itself, 1 for the next seat clockwise (on its left), and so on.

    >>> relative_seat(2, 0, 4), relative_seat(2, 2, 4)
    (2, 0)
    """
    return (other - seat) % players


def clipped(value: int, bound: int) -> float:
    """``value`` over ``bound``, capped at 1 (0 when the bound is 0).

    >>> clipped(3, 4), clipped(9, 4), clipped(3, 0)
    (0.75, 1.0, 0.0)
    """
    return min(value, bound) / bound if bound > 0 else 0.0
