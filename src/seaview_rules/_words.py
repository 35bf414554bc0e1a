"""The English of events and narration: the same words for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seaview_rules._core import Viewer

__all__ = ["subject", "verb", "who"]


def subject(seat: int | None, viewer: Viewer) -> str:
    """``"you"`` when ``viewer`` is ``seat``, else ``"seat N"``.

    >>> from seaview_rules import OMNISCIENT
    >>> subject(2, 2), subject(2, 0), subject(2, None), subject(2, OMNISCIENT)
    ('you', 'seat 2', 'seat 2', 'seat 2')
    """
    return "you" if seat is not None and viewer == seat else f"seat {seat}"


def verb(seat: int | None, viewer: Viewer, third: str, second: str) -> str:
    """The verb form that goes with `subject`: ``third`` ("draws") for another seat,
    ``second`` ("draw") for "you"."""
    return second if seat is not None and viewer == seat else third


def who(seat: int, viewer: Viewer, third: str, second: str) -> str:
    """The `subject` and its `verb`: "seat 2 draws" or "you draw".

    >>> who(2, 0, "draws", "draw"), who(2, 2, "draws", "draw")
    ('seat 2 draws', 'you draw')
    """
    return f"{subject(seat, viewer)} {verb(seat, viewer, third, second)}"
