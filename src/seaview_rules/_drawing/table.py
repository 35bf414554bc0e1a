"""The table picture of a card game: a header, the piles in the middle, then one row
per seat with its label, score, hand and, in a game where each seat has one, its own
discard pile; then any hands the rules lay open. Drawn for a display width (the
``width`` option), a narrow picture stacks each seat's label, hand and pile, and every
text is at least `LEAST_TEXT` CSS pixels high as shown.

Each game turns a state or a view into a `Layout` of `Face` drawings; this module only
places them, so what a picture shows is decided by the game's own package.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import quote

from attrs import field, frozen

from seaview_rules._core import OMNISCIENT, Event, Viewer
from seaview_rules._drawing.markup import document, element, group, link, text, translate, wrap
from seaview_rules._drawing.options import (
    NARROW,
    SEAT_NUMBERS,
    Names,
    display_width,
    last_events,
)
from seaview_rules._drawing.palette import HIGHLIGHT, INK, LAST, PAPER, seat_colour

CARD_W, CARD_H = 44, 62
"""A card's size in pixels; a card is drawn with its top left corner at (0, 0)."""
STEP = CARD_W + 4
"""From one card of a hand to the next."""
WIDTH = 740
"""The width of a table picture."""
LABELS = 132
"""Where the hands start, right of the seat labels."""
PILE_W = 150
"""The room a seat's own discard pile takes at the right of its row."""
LEAST_TEXT = 11
"""The smallest text of a table picture, in CSS pixels as shown."""


@frozen
class Face:
    """A card's drawing at the origin, and its name for screen readers."""

    markup: str
    name: str


@frozen
class Pile:
    """A pile: the cards face down in it, drawn as a stack of backs; then those face up,
    bottom to top, over ``unseen`` face-up cards that are only counted (a view that shows
    only the top of a pile and its size). ``secret`` lists the face-down cards, for
    a picture of a full state, drawn small below the pile."""

    label: str
    cards: tuple[Face, ...] = ()
    hidden: int = 0
    unseen: int = 0
    back: Face | None = None
    move: str | None = None
    """The notation of the legal move that takes from the pile (draw, take), if any."""
    secret: tuple[Face, ...] = ()
    marked: bool = False
    """Whether the last move put its top card there (outlined in `LAST`)."""

    @property
    def size(self) -> int:
        """The number of cards in the pile."""
        return self.hidden + self.unseen + len(self.cards)


@frozen
class SeatRow:
    """One seat: its label, score and marks (dealer, to move), and its hand, face up
    (``hand``) or face down (``hand`` is ``None``: ``hidden`` backs)."""

    seat: int
    label: str
    score: str
    marks: tuple[str, ...]
    hand: tuple[Face, ...] | None
    hidden: int
    back: Face
    moves: Mapping[int, str] = field(factory=dict)
    """The notation of the legal move that plays a card of ``hand``, by its place."""
    lifted: Mapping[int, str] = field(factory=dict)
    """Why a card of ``hand`` is lifted out of it (just drawn, chosen to pass), by its
    place."""
    pile: Pile | None = None
    marked: bool = False
    """Whether the seat made the last move (its row outlined in `LAST`)."""

    @property
    def active(self) -> bool:
        """Whether the seat is to move."""
        return "to move" in self.marks


@frozen
class Layout:
    """Everything a table picture shows, and its name for screen readers."""

    name: str
    title: str
    status: str
    notes: tuple[str, ...]
    centre: tuple[Pile, ...]
    seats: tuple[SeatRow, ...]
    buttons: tuple[tuple[str, str], ...] = ()
    """The label and notation of each legal move that no card or pile stands for."""
    last: str | None = None
    """The last move in words, shown under the notes."""
    shown: tuple[tuple[str, tuple[Face, ...]], ...] = ()
    """The hands the rules lay open (a winning hand), each with what it is, drawn last."""


def viewer(seat: int | None) -> str:
    """Whose picture a view's is, for its name: ``seat``'s, or a spectator's (``None``).

    >>> viewer(1), viewer(None)
    ("seat 1's view", "a spectator's view")
    """
    return "a spectator's view" if seat is None else f"seat {seat}'s view"


def seat_label(s: int, seat: int | None, names: Names = SEAT_NUMBERS) -> str:
    """The label of seat ``s`` in the picture of ``seat``'s view (``None``: a
    spectator's view, or a state's): its player's name, if ``names`` has it.

    >>> seat_label(1, 1), seat_label(2, 1), seat_label(1, 1, Names(("Ann", "Bo")))
    ('seat 1 (you)', 'seat 2', 'Bo (you)')
    """
    return f"{names.name(s)} (you)" if s == seat else names.name(s)


def points(score: int) -> str:
    """A seat's score in words.

    >>> points(1), points(12)
    ('1 point', '12 points')
    """
    return f"{score} point{'s' * (score != 1)}"


def seat_marks(s: int, dealer: int, to_move: object) -> tuple[str, ...]:
    """The marks of seat ``s``: ``"dealer"``, ``"to move"`` (`SeatRow.active`)."""
    return tuple(m for m, on in (("dealer", s == dealer), ("to move", s == to_move)) if on)


EVERYTHING = "everything"
"""Whose picture a state's is, for its name: nobody's, it shows everything."""


def blank(fill: str, stroke: str, stroke_width: float = 1) -> str:
    """The card itself, ``fill`` with a rounded edge of ``stroke``: what a face or a back
    is drawn on."""
    return element(
        "rect",
        x=0.5,
        y=0.5,
        width=CARD_W - 1,
        height=CARD_H - 1,
        rx=5,
        fill=fill,
        stroke=stroke,
        stroke_width=stroke_width,
    )


def href(move: str) -> str:
    """The link a picture puts on a legal move: ``#move=`` and the move's notation.

    >>> href("pass red-star")
    '#move=pass%20red-star'
    """
    return "#move=" + quote(move)


def count(size: int) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{size} card{'s' * (size != 1)}"


def place(face: Face, x: float, y: float) -> str:
    """``face`` with its top left corner at (x, y), named by its `title`."""
    return group([face.markup], face.name, transform=translate(x, y))


def _outline(x: float, y: float, colour: str, dashes: str | None = None) -> str:
    """A rounded outline around a card at (x, y)."""
    return element(
        "rect",
        x=x - 3,
        y=y - 3,
        width=CARD_W + 6,
        height=CARD_H + 6,
        rx=7,
        fill="none",
        stroke=colour,
        stroke_width=3,
        stroke_dasharray=dashes,
    )


def _playable(parts: list[str], move: str | None, x: float, y: float) -> list[str]:
    """``parts``, a card at (x, y); outlined and made a link if a legal move plays it."""
    if move is None:
        return parts
    return [link([_outline(x, y, HIGHLIGHT), *parts], href(move))]


def _step(cards: int, room: float) -> float:
    """From one card to the next in a strip of ``cards`` cards ``room`` pixels wide:
    they overlap when they must, but each still shows its corner."""
    return min(STEP, max((room - CARD_W) / max(cards - 1, 1), 12.0))


def _shadows(count: int, x: float, y: float, back: Face | None) -> list[str]:
    """Up to two cards peeking out from under the card at (x, y): a stack of ``back``,
    or of blank faces."""
    if back is not None:
        return [place(back, x + 2 * k, y - 2 * k) for k in range(min(count, 2), 0, -1)]
    return [
        element(
            "rect",
            x=x + 2 * k,
            y=y - 2 * k,
            width=CARD_W,
            height=CARD_H,
            rx=5,
            fill="#ffffff",
            stroke=INK,
            stroke_width=0.8,
        )
        for k in range(min(count, 2), 0, -1)
    ]


def _overlapping(cards: Sequence[Face], x: float, y: float, room: float) -> tuple[list[str], float]:
    """Cards in lines as long as ``room``, each over the one before but for its corner
    (its number or symbol, at full size); the parts and their height."""
    across = max(int((room - CARD_W) // 14) + 1, 1)
    parts = [
        place(card, x + k % across * 14, y + k // across * (CARD_H + 4))
        for k, card in enumerate(cards)
    ]
    return parts, -(-len(cards) // across) * (CARD_H + 4)


def _pile_name(pile: Pile) -> str:
    words = [f"{pile.label}, {count(pile.size)}"]
    if pile.cards:
        words.append("face up, the top last: " + ", ".join(card.name for card in pile.cards))
    if pile.secret:
        words.append("face down: " + ", ".join(card.name for card in pile.secret))
    return "; ".join(words)


def _pile(pile: Pile, left: float, y: float, room: float) -> tuple[str, float]:
    """``pile`` at (left, y), ``room`` pixels wide: its label, the stack, the face-up
    cards and its size, then any secret cards; and its height. Face-up cards that would
    not fit, however much they overlap, are shown as the stack under the others."""
    lines = wrap(pile.label, room, LEAST_TEXT)
    parts = [
        text(left, y + 14 * k, line, LEAST_TEXT, font_weight="bold") for k, line in enumerate(lines)
    ]
    top, x = y + 10 + 14 * (len(lines) - 1), left
    if pile.hidden and pile.back is not None:
        stack = [*_shadows(pile.hidden - 1, x, top, pile.back), place(pile.back, x, top)]
        parts += _playable(stack, None if pile.cards else pile.move, x, top)
        x += CARD_W + 14
    if pile.cards:
        fit = max(int((left + room - x - CARD_W) // 12) + 1, 1)
        cards = pile.cards[-fit:]
        parts += _shadows(pile.unseen + len(pile.cards) - len(cards), x, top, None)
        step = _step(len(cards), left + room - x)
        *under, last = cards
        parts += [place(card, x + k * step, top) for k, card in enumerate(under)]
        x += step * len(under)
        drawn = [place(last, x, top)]
        if pile.marked:
            drawn.append(_outline(x, top, LAST, "5,3"))
        parts += _playable(drawn, pile.move, x, top)
    elif not pile.hidden:  # an empty place; still a link where taking is legal (a
        # draw from an empty draw pile may turn the discards over first), so it is
        # filled: a click or tap anywhere on it lands, not only on its outline
        empty = element(
            "rect",
            x=x,
            y=top,
            width=CARD_W,
            height=CARD_H,
            rx=5,
            fill="#ffffff",
            stroke=INK,
            stroke_dasharray="3,3",
            stroke_opacity=0.5,
        )
        parts += _playable([empty], pile.move, x, top)
    parts.append(text(left, top + CARD_H + 15, count(pile.size), LEAST_TEXT))
    height = CARD_H + 28.0 + 14 * (len(lines) - 1)
    if pile.secret:
        parts.append(text(left, top + height + 6, "face down, in no order:", LEAST_TEXT))
        small, used = _overlapping(pile.secret, left, top + height + 11, room)
        parts += small
        height += used + 18
    return group(parts, _pile_name(pile)), height


def _hand(row: SeatRow, left: float, y: float, room: float) -> tuple[list[str], float]:
    """A seat's hand from (left, y): the cards face up in lines as long as ``room``, or
    the backs fanned out with their count; and its height."""
    if row.hand is None:
        fan = min(row.hidden, 8)
        parts = [place(row.back, left + 8 * k, y) for k in range(fan)]
        words = count(row.hidden)
        parts.append(text(left + 8 * max(fan - 1, 0) + CARD_W + 10, y + CARD_H / 2 + 4, words))
        return [group(parts, f"{words} face down")], CARD_H
    if not row.hand:
        return [text(left, y + CARD_H / 2, "no cards", LEAST_TEXT, font_style="italic")], CARD_H
    return _cards(row.hand, left, y, room, row.moves, row.lifted)


def _cards(
    faces: Sequence[Face],
    left: float,
    y: float,
    room: float,
    moves: Mapping[int, str],
    lifted: Mapping[int, str],
) -> tuple[list[str], float]:
    """Cards face up from (left, y) in lines as long as ``room``, those of ``moves``
    playable, those of ``lifted`` lifted with a word; and their height."""
    across = max(int((room - CARD_W) // STEP) + 1, 1)
    parts = []
    for k, card in enumerate(faces):
        x = left + k % across * STEP
        top = y + k // across * (CARD_H + 16) - (8 if k in lifted else 0)
        drawn = [place(card, x, top)]
        if k in lifted:
            half = len(lifted[k]) * 0.3 * LEAST_TEXT  # kept inside the line
            middle = min(max(x + CARD_W / 2, left + half), left + room - half)
            why = text(
                middle,
                top - 3,
                lifted[k],
                LEAST_TEXT,
                font_weight="bold",
                text_anchor="middle",
            )
            drawn.append(why)
        parts += _playable(drawn, moves.get(k), x, top)
    lines = -(-len(faces) // across)
    return parts, lines * (CARD_H + 16) - 16


def _seat(row: SeatRow, y: float, width: float) -> tuple[str, float]:
    """One seat's row from height ``y``, ``width`` pixels wide: the label and score at
    the left, the hand, and the seat's own pile at the right; or, narrow, the label and
    score over the hand over the pile. And its height."""
    colour = seat_colour(row.seat)
    narrow = width < NARROW
    pile: tuple[str, float] | None = None
    if narrow:
        hand, height = _hand(row, 16, y + 50, width - 28)
        height += 60
        if row.pile is not None and row.hand is None and width - 204 >= 150:
            # beside a hand face down, which takes little room
            pile = _pile(row.pile, 204, y + 40, width - 214)
            height = max(height, pile[1] + 52)
        elif row.pile is not None:
            pile = _pile(row.pile, 16, y + height + 6, width - 28)
            height += pile[1] + 12
        words = [
            text(30, y + 20, row.label, 12, font_weight="bold"),
            text(16, y + 38, " · ".join([row.score, *row.marks]), LEAST_TEXT),
        ]
    else:
        lines = wrap(row.label, LABELS - 36, 12)
        below = y + 38 + 15 * (len(lines) - 1)
        room = width - LABELS - 12 - (PILE_W if row.pile is not None else 0)
        hand, height = _hand(row, LABELS, y + 22, room)
        height = max(height + 36, below - y + 16 * len(row.marks) + 8)
        if row.pile is not None:
            pile = _pile(row.pile, width - PILE_W, y + 14, PILE_W - 10)
            height = max(height, pile[1] + 18)
        words = [
            *(
                text(30, y + 20 + 15 * k, line, 12, font_weight="bold")
                for k, line in enumerate(lines)
            ),
            text(16, below, row.score),
            *(
                text(16, below + 16 * (k + 1), mark, LEAST_TEXT, font_style="italic")
                for k, mark in enumerate(row.marks)
            ),
        ]
    parts = []
    if row.active:
        parts.append(
            element("rect", x=4, y=y, width=width - 8, height=height, rx=6, fill="#fef5d4")
        )
    if row.marked:
        parts.append(
            element(
                "rect",
                x=3,
                y=y + 1,
                width=width - 6,
                height=height - 2,
                rx=6,
                fill="none",
                stroke=LAST,
                stroke_width=2.5,
                stroke_dasharray="6,3",
            )
        )
    parts += [
        element("rect", x=4, y=y, width=5, height=height, fill=colour),
        element("circle", cx=20, cy=y + 16, r=6, fill=colour),
        *words,
        *hand,
    ]
    if pile is not None:
        parts.append(pile[0])
    marks = f" ({', '.join(row.marks)})" if row.marks else ""
    return group(parts, f"{row.label}: {row.score}{marks}"), height + 8


def _buttons(
    buttons: Sequence[tuple[str, str]], x: float, y: float, across: int
) -> tuple[list[str], float]:
    """A button for each legal move that no card or pile stands for, ``across`` to a
    line; and their height."""
    parts = []
    for k, (label, move) in enumerate(buttons):
        bx, by = x + k % across * 78, y + k // across * 34
        button = [
            element(
                "rect",
                x=bx,
                y=by,
                width=70,
                height=26,
                rx=13,
                fill="#fff3c4",
                stroke=HIGHLIGHT,
                stroke_width=2.5,
            ),
            text(bx + 35, by + 17, label, 12, font_weight="bold", text_anchor="middle"),
        ]
        parts.append(link([group(button, label)], href(move)))
    return parts, 34.0 * -(-len(buttons) // across)


def draw_table(layout: Layout, width: int | None = None) -> str:
    """The picture of ``layout``, for a display ``width`` (``None``: `WIDTH`)."""
    wide = WIDTH if width is None else min(width, WIDTH)
    parts: list[str] = []
    y = 4.0
    for words, size, weight in (
        (layout.title, 14, "bold"),
        (layout.status, 12, None),
        *((note, LEAST_TEXT, None) for note in layout.notes),
    ):
        for line in wrap(words, wide - 20, size):
            y += size + 5 if size != LEAST_TEXT else 16
            parts.append(text(10, y, line, size, font_weight=weight))
    if layout.last is not None:
        lines = wrap(f"last move: {layout.last}", wide - 32, 12)
        parts.append(
            element("rect", x=6, y=y + 6, width=5, height=18 * len(lines) - 2, rx=2, fill=LAST)
        )
        for line in lines:
            y += 18
            parts.append(text(18, y + 2, line, 12, font_weight="bold", fill=LAST))
    y += 20
    across = 4 if wide >= NARROW else max(int((wide - 20) // 78), 1)
    beside = 330 if layout.buttons and wide >= NARROW else 0
    room = (wide - 20 - beside) / max(len(layout.centre), 1)
    tallest = 0.0
    for k, pile in enumerate(layout.centre):
        drawn, height = _pile(pile, 10 + k * room, y, room - 16)
        parts.append(drawn)
        tallest = max(tallest, height)
    if layout.buttons and beside:
        drawn_buttons, used = _buttons(layout.buttons, wide - 320, y + 14, across)
        parts += drawn_buttons
        tallest = max(tallest, used)
    elif layout.buttons:
        drawn_buttons, used = _buttons(layout.buttons, 10, y + tallest + 4, across)
        parts += drawn_buttons
        tallest += used + 4
    y += tallest + 10
    for row in layout.seats:
        drawn, height = _seat(row, y, wide)
        parts.append(drawn)
        y += height
    for label, faces in layout.shown:
        cards, used = _cards(faces, 16, y + 26, wide - 28, {}, {})
        words = text(16, y + 16, label, 12, font_weight="bold", fill=LAST)
        parts.append(group([words, *cards], f"{label}: {', '.join(f.name for f in faces)}"))
        y += used + 36
    height = y + 4
    return document(
        wide,
        height,
        layout.name,
        [element("rect", width=wide, height=height, fill=PAPER), *parts],
    )


def draw_position(
    position: Any,
    view_type: type[Any],
    layout: Callable[[Any, tuple[Any, ...], str, Names, tuple[Event, ...]], Layout],
    legal_moves: Callable[[Any], tuple[Any, ...]],
    current_player: Callable[[Any], object],
    redact: Callable[[Event, Viewer], Event],
    *,
    moves: bool,
    width: int | None,
    names: Sequence[str] | None,
    last: Sequence[Event] | None,
) -> str:
    """The table of a card game's state (everything, hidden cards included) or view (as
    its seat sees it), as its ``layout`` lays it out; with ``moves``, every legal move
    outlined and linked: a view's own, or those of the seat to move in a state. The
    ``last`` move's events are redacted for the view's seat before the layout sees
    them."""
    shown = display_width(width)
    seats = Names.of(names, position.rules.players)
    if isinstance(position, view_type):
        legal, whose = position.legal_moves, viewer(position.seat)
        told = last_events(last, position.seat, redact)
    else:
        legal = legal_moves(position) if isinstance(current_player(position), int) else ()
        whose = EVERYTHING
        told = last_events(last, OMNISCIENT, redact)
    return draw_table(layout(position, legal if moves else (), whose, seats, told), shown)


def draw_cards(
    faces: Sequence[Face], name: str, across: int = 10, copies: Sequence[int] = ()
) -> str:
    """A picture of cards in lines of ``across``, each with its number of ``copies``
    under it unless that is one."""
    across = max(min(across, len(faces)), 1)
    line = CARD_H + (24 if any(n != 1 for n in copies) else 8)
    width = 12 + across * STEP
    height = 8 + max(-(-len(faces) // across), 1) * line
    parts = [element("rect", width=width, height=height, fill=PAPER)]
    for k, face in enumerate(faces):
        x, y = 8 + k % across * STEP, 8 + k // across * line
        parts.append(place(face, x, y))
        if copies and copies[k] != 1:
            parts.append(
                text(
                    x + CARD_W / 2,
                    y + CARD_H + 14,
                    f"{copies[k]} copies",
                    LEAST_TEXT,
                    text_anchor="middle",
                )
            )
    return document(width, height, name, parts)
