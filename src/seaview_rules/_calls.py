"""The types of the functions a `~seaview_rules.Game` holds that take keywords, as
`seaview_rules.game` documents them."""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar

from seaview_rules._core import Event, Trace, Viewer, Violation

__all__ = [
    "ApplyMove",
    "CheckMove",
    "Events",
    "FromDict",
    "Narrate",
    "Playout",
    "RulesFromData",
]

S = TypeVar("S")
S_in = TypeVar("S_in", contravariant=True)
M_in = TypeVar("M_in", contravariant=True)
R_out = TypeVar("R_out", covariant=True)


class CheckMove(Protocol[S_in, M_in]):
    """The type of `Game.check_move`: the refusal of ``move`` (sent by ``seat``), or
    ``None`` if it is legal."""

    def __call__(
        self, state: S_in, move: M_in, /, *, seat: int | None = None
    ) -> Violation | None: ...


class ApplyMove(Protocol[S, M_in]):
    """The type of `Game.apply_move`: the state after ``move`` (sent by ``seat``), its
    rules and events recorded in ``trace`` when one is given."""

    def __call__(
        self, state: S, move: M_in, /, *, seat: int | None = None, trace: Trace | None = None
    ) -> S: ...


class Events(Protocol[S_in, M_in]):
    """The type of `Game.events`: what a legal move does, as ``seat`` sees it."""

    def __call__(self, state: S_in, move: M_in, /, *, seat: Viewer = None) -> tuple[Event, ...]: ...


class FromDict(Protocol):
    """The type of `Game.from_dict`: the object of a document, checked to be of ``kind``."""

    def __call__(self, data: object, /, kind: Any = None) -> Any: ...


class Narrate(Protocol[S_in, M_in]):
    """The type of `Game.narrate`: what a legal move does, in words for ``seat``."""

    def __call__(self, state: S_in, move: M_in, /, *, seat: Viewer = None) -> str: ...


class RulesFromData(Protocol[R_out]):
    """The type of `Game.rules_from_data`: the `Rules` of untrusted JSON data, errors
    named from the path ``where``."""

    def __call__(self, data: object, where: str = ..., /) -> R_out: ...


class Playout(Protocol[S]):
    """The type of `Game.playout`: where random play from ``state`` ends."""

    def __call__(self, state: S, rng: random.Random, /, *, max_moves: int | None = ...) -> S: ...
