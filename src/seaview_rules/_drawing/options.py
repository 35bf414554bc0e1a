"""The options every game's picture takes besides its own: the ``width`` it is shown
at, the players' ``names``, and the ``last`` move's events; checked here, the same for
every game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from attrs import frozen

from seaview_rules._core import OMNISCIENT, Event, Viewer

NARROW = 600
"""Below this display width (CSS pixels) a picture stacks what it lays side by side."""
LEAST_WIDTH, MOST_WIDTH = 280, 4096
"""The display widths a picture can be drawn for."""
NAME_CHARS = 16
"""The most characters of a player's name a picture draws; a longer name is cut, with
an ellipsis."""

_SEATS = re.compile(r"\bseat (\d+)\b|\bseats (\d+(?:, \d+)*)\b")


def display_width(width: object) -> int | None:
    """The ``width`` option checked: ``None`` (the picture's own layout) or the CSS
    pixels the picture will be shown at.

    >>> display_width(None), display_width(390)
    (None, 390)
    >>> display_width(20)
    Traceback (most recent call last):
    ...
    ValueError: a picture's width is a whole number of CSS pixels from 280 to 4096, not 20
    """
    if width is None:
        return None
    if isinstance(width, bool) or not isinstance(width, int):
        raise TypeError(f"a picture's width is an int or None, not {type(width).__name__}")
    if not LEAST_WIDTH <= width <= MOST_WIDTH:
        raise ValueError(
            f"a picture's width is a whole number of CSS pixels from {LEAST_WIDTH} "
            f"to {MOST_WIDTH}, not {width}"
        )
    return width


def short(name: str) -> str:
    """A player's name as a picture draws it: one line, at most `NAME_CHARS` characters
    (the markup escapes it).

    >>> short("Ann\\nLee"), short("x" * 20)
    ('Ann Lee', 'xxxxxxxxxxxxxxx…')
    """
    line = " ".join(name.split())
    return line if len(line) <= NAME_CHARS else line[: NAME_CHARS - 1] + "\N{HORIZONTAL ELLIPSIS}"


@frozen
class Names:
    """Who sits where, for the words of a picture: a player's name, or ``seat N``
    for a seat without one."""

    names: tuple[str, ...] = ()

    @classmethod
    def of(cls, names: object, seats: int) -> Names:
        """The ``names`` option checked: ``None``, or one string per seat.

        >>> Names.of(["Ann", "Bo"], 2)("seat 1 plays red 7")
        'Bo plays red 7'
        >>> Names.of(["Ann"], 2)
        Traceback (most recent call last):
        ...
        ValueError: a picture's names are one per seat: 2, not 1
        """
        if names is None:
            return cls()
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise TypeError("a picture's names are a sequence of strings, one per seat")
        if not all(isinstance(name, str) for name in names):
            raise TypeError("a picture's names are strings")
        if len(names) != seats:
            raise ValueError(f"a picture's names are one per seat: {seats}, not {len(names)}")
        return cls(tuple(short(name) or f"seat {s}" for s, name in enumerate(names)))

    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.names[seat] if seat < len(self.names) else f"seat {seat}"

    def __call__(self, words: str) -> str:
        """``words`` with every "seat N" (and "seats N, M") naming the players instead.

        >>> names = Names(("Ann", "Bo", "Cy"))
        >>> names("seats 0, 2 each choose; seat 1's pile"), Names()("seat 1")
        ("Ann, Cy each choose; Bo's pile", 'seat 1')
        >>> names("last spin: seat 0, 1L; dealer seat 2, 7 cards")
        'last spin: Ann, 1L; dealer Cy, 7 cards'
        """
        if not self.names:
            return words

        def named(match: re.Match[str]) -> str:
            seats = [int(s) for s in (match.group(1) or match.group(2)).split(", ")]
            if any(s >= len(self.names) for s in seats):
                return match.group(0)
            return ", ".join(self.name(s) for s in seats)

        return _SEATS.sub(named, words)


SEAT_NUMBERS = Names()
"""No names: every seat is "seat N"."""


def last_events(
    last: object, viewer: Viewer, redact: Callable[[Event, Viewer], Event]
) -> tuple[Event, ...]:
    """The ``last`` option checked: the events of the last move (``None``: not marked),
    redacted for ``viewer`` (the view's seat, or `OMNISCIENT` for a state), so that a
    picture never shows what its viewer may not see whatever it is given."""
    if last is None:
        return ()
    if isinstance(last, Event) or not isinstance(last, Sequence):
        raise TypeError("a picture's last move is a sequence of its events")
    if not all(isinstance(event, Event) for event in last):
        raise TypeError("a picture's last move is a sequence of events")
    if viewer is OMNISCIENT:
        return tuple(last)
    return tuple(redact(event, viewer) for event in last)


def movers(told: Sequence[Event]) -> frozenset[int]:
    """The seats the events ``told`` are about (an event about the whole table names
    none).

    >>> from seaview_rules.voyage._events import Kept, PileRebuilt
    >>> sorted(movers([Kept(1), PileRebuilt(3)]))
    [1]
    """
    seats = (getattr(event, "seat", None) for event in told)
    return frozenset(seat for seat in seats if isinstance(seat, int))
