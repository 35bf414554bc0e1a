"""What the games' consistency checks of loaded states and views share: how a check
refuses, and the check that a card game's view says whose turn it is and offers the
moves the rules give that seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from seaview_rules._core import (
    CHANCE,
    InvalidDataError,
    Player,
)
from seaview_rules._reader import Field


def fail(where: str, problem: str) -> NoReturn:
    """Raise `InvalidDataError` about the part ``where`` of a document (a game's checks
    of a state or view, which hold no `Field`)."""
    raise InvalidDataError(where, problem)


def check_per_seat(where: str, items: tuple[object, ...], seats: int) -> None:
    """One item per seat, as `Field.items` words it."""
    Field(list(items), where).items(seats, seats)


def check_turn(
    view: Any, to_move: Player | None, legal_moves: Callable[[], tuple[Any, ...]]
) -> None:
    """Refuse a view (of a card game) unless its ``to_move`` is ``to_move``, what
    ``current_player`` makes of its phase and player, and its ``legal_moves`` are
    ``legal_moves()`` if its seat is to move (then it sees its hand), else none.

    Raises:
        InvalidDataError: at ``data.to_move`` or ``data.legal_moves``.
    """
    given = view.to_move
    if isinstance(given, int):
        Field(given, "data.to_move").integer(0, view.rules.players - 1)
    if given != to_move:
        shown = CHANCE.value if to_move is CHANCE else to_move
        raise InvalidDataError(
            "data.to_move",
            f"must be {shown!r} in phase {view.phase.value} with seat {view.player} to act",
        )
    expected: tuple[Any, ...] = ()
    if view.seat is not None and given == view.seat and view.hand is not None:
        expected = legal_moves()
    if view.legal_moves != expected:
        raise InvalidDataError(
            "data.legal_moves",
            f"must be the moves the view allows: {[str(m) for m in expected]}"
            if expected
            else "must be empty: this seat is not to move",
        )
