"""The colours every picture shares."""

from __future__ import annotations

INK = "#1c2833"
"""Text and outlines."""
PAPER = "#fdfefe"
"""The background of every picture, so that it reads on a dark page too."""
HIGHLIGHT = "#f5b301"
"""The outline of a piece that a legal move names."""
LAST = "#8e44ad"
"""The outline and caption of what the last move did."""

SEATS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
"""One colour per seat, from a palette that colour-blind readers tell apart; every
piece of a seat also carries its number, so colour is never the only clue."""


def seat_colour(seat: int) -> str:
    """The colour of ``seat``'s diver and markers.

    >>> seat_colour(0), seat_colour(6) == seat_colour(0)
    ('#0072b2', True)
    """
    return SEATS[seat % len(SEATS)]
