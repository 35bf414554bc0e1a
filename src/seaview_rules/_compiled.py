"""Compiled playouts: a second path for random play, which a game may declare on its
`seaview_rules.Game` and its referee (``compiled=``), and which plays exactly as the
reference loop does, down to the random numbers it draws.

A game's compiled module (``<game>/_compiled.py``) holds numba kernels that restate its
rules on states packed into integers and arrays; it needs numba (the ``fast`` extra), so
the game declares a `Compiled` whose ``load`` imports it on first use. Where numba does
not import (Pyodide, a plain install) or the game's kernels do not cover the state's
rules (`Compiled.supports`), the reference loop plays, with the same result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

__all__ = ["Compiled", "Kernels", "Many", "Playout", "Summary", "compiled_playout", "kernels"]

R = TypeVar("R")
S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


@frozen
class Summary:
    """What a run of many games needs of one game played at random: its winner (``None``:
    nobody, or cut off), the player decisions and chance moves made, the game's own
    counters (`seaview_rules.Game.statistics` of the last state), whether it ended, and
    each seat's final score (empty when cut off)."""

    winner: int | None
    decisions: int
    chance_moves: int
    statistics: Mapping[str, int]
    finished: bool
    scores: tuple[int, ...]


class Playout(Protocol[S]):
    """The compiled ``playout``: the state and ``rng`` exactly as the reference loop
    leaves them."""

    def __call__(self, state: S, rng: random.Random, max_moves: int | None, /) -> S: ...


class Many(Protocol[S_contra]):
    """Random play from one state once per seed, game ``i`` with
    ``random.Random(seeds[i])`` (a string seed), each cut off after ``max_moves`` moves
    (chance included): what each came to, in order, counted from the state."""

    def __call__(
        self, state: S_contra, seeds: Sequence[str], max_moves: int | None, /
    ) -> list[Summary]: ...


@frozen(kw_only=True)
class Kernels(Generic[R, S]):
    """A game's compiled functions, as its compiled module gives them."""

    playout: Playout[S]
    many: Many[S]


@frozen(kw_only=True)
class Compiled(Generic[R, S]):
    """A game's compiled playout, as the game declares it."""

    load: Callable[[], Kernels[R, S]]
    """Import the game's compiled module and give its kernels (it imports numba: an
    `ImportError` when the ``fast`` extra is not installed)."""
    supports: Callable[[R], bool]
    """Whether the kernels play games under these rules. A ``Rules`` option they do not
    cover is played by the reference loop, never differently."""


@cache
def kernels(compiled: Compiled[R, S]) -> Kernels[R, S] | None:
    """The kernels of a game's compiled playout, loaded (and compiled, or read from
    numba's cache) on first use; ``None`` when numba does not import."""
    try:
        return compiled.load()
    except ImportError:
        return None


def compiled_playout(
    compiled: Compiled[R, S] | None, state: Any, rng: random.Random
) -> Playout[S] | None:
    """The compiled playout to play ``state`` with ``rng``, or ``None`` for the
    reference loop: the game has none, numba does not import, the rules are not
    covered, or ``rng`` is not a plain `random.Random` (a subclass may draw otherwise)."""
    if compiled is None or type(rng) is not random.Random or not compiled.supports(state.rules):
        return None
    found = kernels(compiled)
    return None if found is None else found.playout
