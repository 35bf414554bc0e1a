"""The English of events and narration: the same words for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from seaview_rules._core import Event, Viewer

__all__ = ["joined", "listed", "subject", "verb", "who"]


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


def listed(seats: Sequence[int], viewer: Viewer) -> str:
    """Several seats, each as `subject` says it ("you" first), joined by commas and "and",
    so that a frontend may put each player's name in place of "seat N".

    >>> listed((0, 2), None), listed((0, 1, 2), 1)
    ('seat 0 and seat 2', 'you, seat 0 and seat 2')
    """
    ordered = sorted(seats, key=lambda s: s != viewer)
    said = [subject(s, viewer) for s in ordered]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def joined(events: Sequence[Event], viewer: Viewer) -> str:
    """A move's events in one line of words for ``viewer``: their texts joined by "; "
    (what a game that says nothing of its own narrates)."""
    return "; ".join(event.text(viewer) for event in events)
