"""Pictures of 20,000 Leagues: the board with its divers, and the spinner
(`seaview_rules.leagues.svg` is their public face)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from seaview_rules._core import OMNISCIENT, Event, Viewer
from seaview_rules._drawing.markup import (
    document,
    element,
    group,
    points,
    squeeze,
    star,
    text,
    translate,
    wrap,
)
from seaview_rules._drawing.options import (
    NARROW,
    SEAT_NUMBERS,
    Names,
    display_width,
    last_events,
)
from seaview_rules._drawing.palette import INK, LAST, PAPER, seat_colour
from seaview_rules.leagues._events import (
    Bounced,
    DiverEvent,
    Moved,
    Rose,
    SentBack,
    SentUp,
    Spun,
    SpunForOrder,
    TookArrow,
    TookStarfish,
    redact,
    words,
)
from seaview_rules.leagues._model import Phase, State
from seaview_rules.leagues._moves import Spin
from seaview_rules.leagues._pieces import Board, Direction, Spinner, SquareKind
from seaview_rules.leagues._playout import determinize
from seaview_rules.leagues._rulebook import SENDS, effect_targets, spins_again
from seaview_rules.leagues._rules import events, last_spinner
from seaview_rules.leagues._views import View

Position = State | View
"""What a board picture shows the divers of: a state, or a view (every view shows all)."""

SQUARE = 34
"""The side of a square, in pixels."""
LEFT = 52
"""Room for the row labels, 1,000 to 20,000 leagues."""
TOP = 56
"""Room for the two header lines and the column numbers."""
LEAST_TEXT = 11
"""The smallest text of a picture, in CSS pixels as shown."""

_SHALLOW, _DEEP = (47, 127, 181), (10, 37, 64)
"""The sea's colour in row 1 and in the deepest row."""

_STYLE = {
    SquareKind.ARROW: ("#6c3483", "#e8daef"),
    SquareKind.STARFISH: ("#1e8449", "#d5f5e3"),
    SquareKind.OCTOPUS: ("#b03a2e", "#fadbd8"),
    SquareKind.RED_ARROW: ("#ffffff", "#c0392b"),
    SquareKind.START: ("#ffffff", "#c0392b"),
    SquareKind.YELLOW: ("#b7950b", "#f7dc6f"),
}
"""For each kind of square: the ink of its symbol and the colour of the square."""


def _does(kind: SquareKind, to: str = "") -> str:
    """What a square of ``kind`` does, as the rulebook says (LEA-7, LEA-9, LEA-10):
    "arrow: down 1 row, spin again", or with ``to``, "arrow: down to (2, 4), spin again"."""
    if kind not in SENDS:
        return {
            SquareKind.RED_ARROW: "red arrow: land on it to win",
            SquareKind.START: "start",
            SquareKind.YELLOW: "yellow square",
        }[kind]
    rows = SENDS[kind]
    far = f"to {to}" if to else f"{abs(rows)} row{'s' if abs(rows) != 1 else ''}"
    way = "down" if rows > 0 else "up"
    again = ", spin again" if spins_again(kind, rows > 0, extra_spin_after_rise=False) else ""
    return f"{kind.name.lower()}: {way} {far}{again}"


_PLURAL = {
    SquareKind.ARROW: "arrows",
    SquareKind.STARFISH: "starfish",
    SquareKind.OCTOPUS: "octopuses",
}

_WALKS = (Moved, Bounced)
"""The events of a spin that walk the diver along his row."""
_PLACES = (TookArrow, TookStarfish, SentUp, Rose, SentBack)
"""The events of a spin that put the diver on another square."""


def _sea(row: int, rows: int) -> str:
    share = row / max(rows - 1, 1)
    rgb = [round(a + (b - a) * share) for a, b in zip(_SHALLOW, _DEEP, strict=True)]
    return "#" + "".join(f"{c:02x}" for c in rgb)


def _centre(board: Board, square: int) -> tuple[float, float]:
    row, column = divmod(square, board.columns)
    return LEFT + (column + 0.5) * SQUARE, TOP + (row + 0.5) * SQUARE


def _where(board: Board, square: int) -> str:
    if square == board.start:
        return "the start square"
    row, column = board.coordinates(square)
    return f"({row}, {column})"


def glyph(kind: SquareKind, x: float, y: float, s: float, least: float = LEAST_TEXT) -> str:
    """A square of ``kind``, ``s`` pixels wide, centred on (x, y): its colour and, but for
    a yellow square, its symbol; the start's word ``least`` pixels high, narrowed to fit,
    or its initial where even that would not fit."""
    ink, tint = _STYLE[kind]
    square = element(
        "rect",
        x=x - s / 2 + 1,
        y=y - s / 2 + 1,
        width=s - 2,
        height=s - 2,
        rx=s / 8,
        fill=tint,
        stroke=INK if kind is SquareKind.YELLOW else ink,
        stroke_width=0.6,
    )
    if kind is SquareKind.YELLOW:
        return square
    if kind is SquareKind.START:
        room = s - 4
        word = "START" if room >= 0.5 * least * 5 else "S"
        words = text(
            x,
            y + least * 0.36,
            word,
            least,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
            **squeeze(word, least, room),
        )
        return square + words
    if kind in (SquareKind.ARROW, SquareKind.RED_ARROW):
        w, h, neck = s * (0.11 if kind is SquareKind.ARROW else 0.13), s * 0.34, y + 0.02 * s
        outline = [(x - w, y - h), (x + w, y - h), (x + w, neck), (x + 2.5 * w, neck), (x, y + h)]
        outline += [(x - 2.5 * w, neck), (x - w, neck)]
        return square + element("polygon", points=points(*outline), fill=ink)
    if kind is SquareKind.STARFISH:
        return square + element(
            "polygon",
            points=star(x, y, s * 0.38, s * 0.15),
            fill=ink,
            stroke=ink,
            stroke_width=2,
            stroke_linejoin="round",
        )
    # An octopus: a head with two eyes over four curling arms.
    arms = "".join(
        element(
            "path",
            d=f"M{points((x + dx * s, y))} q{points((dx * s * 0.6, s * 0.18), (dx * s * 1.2, s * 0.3))}",
            fill="none",
            stroke=ink,
            stroke_width=s * 0.07,
            stroke_linecap="round",
        )
        for dx in (-0.16, -0.06, 0.06, 0.16)
    )
    head = element("ellipse", cx=x, cy=y - s * 0.1, rx=s * 0.2, ry=s * 0.17, fill=ink)
    eyes = "".join(
        element("circle", cx=x + dx * s, cy=y - s * 0.12, r=s * 0.045, fill="#ffffff")
        for dx in (-0.08, 0.08)
    )
    return square + arms + head + eyes


def _head(x: float, y: float, from_x: float, from_y: float, colour: str) -> str:
    """An arrowhead with its tip on (x, y), pointing away from (from_x, from_y)."""
    length = math.hypot(x - from_x, y - from_y) or 1
    ux, uy = (x - from_x) / length, (y - from_y) / length
    bx, by = x - 7 * ux, y - 7 * uy
    tip = points((x, y), (bx - 3.5 * uy, by + 3.5 * ux), (bx + 3.5 * uy, by - 3.5 * ux))
    return element("polygon", points=tip, fill=colour)


def _effect(board: Board, square: int, target: int) -> str:
    """A curved line with an arrowhead from an effect square to the square ``target`` it
    sends a diver to: on the right of the column going down, on the left going up."""
    colour = _STYLE[board.squares[square]][0]
    x, y = _centre(board, square)
    target_y = _centre(board, target)[1]
    down = 1 if target > square else -1
    side = 0.3 * SQUARE * down
    start, end = (x + side, y + 0.22 * SQUARE * down), (x + side, target_y - 0.2 * SQUARE * down)
    bend = (x + 1.6 * side, (start[1] + end[1]) / 2)
    curve = element(
        "path",
        d=f"M{points(start)} Q{points(bend, end)}",
        fill="none",
        stroke=colour,
        stroke_width=2,
        stroke_linecap="round",
        stroke_opacity=0.9,
    )
    return curve + _head(*end, *bend, colour)


def _square_name(board: Board, square: int, target: int | None) -> str:
    """The square, and what it does: the square its effect sends a diver to, if any."""
    to = "" if target is None else _where(board, target)
    return f"{_where(board, square)} {_does(board.squares[square], to)}"


def _squares(board: Board, effects: bool, least: float = LEAST_TEXT) -> list[str]:
    """The sea, the row and column numbers, the squares, and where the effects lead;
    every text at least ``least`` pixels high (the rows in thousands of leagues, "20k",
    where "20,000" would not fit)."""
    targets = effect_targets(board)
    width = LEFT + board.columns * SQUARE + 8
    sea = []
    for row in range(board.rows):
        y = TOP + row * SQUARE
        sea.append(element("rect", y=y, width=width, height=SQUARE, fill=_sea(row, board.rows)))
        deep = f"{(row + 1) * 1000:,}" if least <= LEAST_TEXT else f"{row + 1}k"
        sea.append(
            text(
                LEFT - 4,
                y + SQUARE / 2 + least * 0.36,
                deep,
                least,
                fill="#eaf2f8",
                text_anchor="end",
            )
        )
    for column in range(board.columns):
        x = LEFT + (column + 0.5) * SQUARE
        sea.append(text(x, TOP - 5, str(column + 1), least, text_anchor="middle"))
    yellow, special = [], []
    for square, kind in enumerate(board.squares):
        drawing = glyph(kind, *_centre(board, square), SQUARE, least)
        if kind is SquareKind.YELLOW:
            yellow.append(drawing)
        else:
            special.append(group([drawing], _square_name(board, square, targets[square])))
    parts = [group(sea, f"rows of 1,000 to {board.rows * 1000:,} leagues")]
    parts += [group(yellow, "yellow squares"), *special]
    if effects:
        lines = [_effect(board, sq, to) for sq, to in enumerate(targets) if to is not None]
        parts.append(group(lines, "where each arrow, starfish and octopus sends a diver"))
    return parts


def _divers(
    position: Position,
    least: float = LEAST_TEXT,
    names: Names = SEAT_NUMBERS,
    moved: int | None = None,
) -> list[str]:
    """Every diver, a disc of his seat's colour with his seat number (``least`` pixels
    high at least); the diver to spin has a dashed ring, the winner a gold one, and the
    diver ``moved`` by the last spin a purple one (`LAST`)."""
    board = position.rules.board
    at_start = [seat for seat, square in enumerate(position.positions) if square == board.start]
    over = position.phase is Phase.OVER
    parts = []
    for seat, square in enumerate(position.positions):
        x, y = _centre(board, square)
        radius = max(SQUARE * 0.3, least * 0.62)
        if square == board.start and len(at_start) > 1:  # up to four share the start
            k = at_start.index(seat)
            radius = max(SQUARE * 0.19, least * 0.5)
            x += SQUARE * (0.22 if k % 2 else -0.22)
            y += SQUARE * (0.22 if k > 1 else -0.22) if len(at_start) > 2 else 0
        drawn = [
            element(
                "circle",
                cx=x,
                cy=y,
                r=radius,
                fill=seat_colour(seat),
                stroke="#ffffff",
                stroke_width=1.5,
            ),
            text(
                x,
                y + radius * 0.42,
                str(seat),
                max(radius * 1.15, least),
                font_weight="bold",
                fill="#ffffff",
                text_anchor="middle",
            ),
        ]
        if seat == position.player:
            ring = {"stroke": "#f1c40f", "stroke_width": 3.0} if over else {"stroke": INK}
            dashes = None if over else "3,2"
            drawn.append(
                element(
                    "circle",
                    cx=x,
                    cy=y,
                    r=radius + 2.5,
                    fill="none",
                    stroke_dasharray=dashes,
                    **ring,
                )
            )
        if seat == moved:
            drawn.append(
                element(
                    "circle",
                    cx=x,
                    cy=y,
                    r=radius + 5.5,
                    fill="none",
                    stroke=LAST,
                    stroke_width=2.5,
                    stroke_dasharray="4,2",
                )
            )
        parts.append(group(drawn, names(f"seat {seat}'s diver on {_where(board, square)}")))
    return parts


def _told(before: Position, after: Position) -> tuple[Event, ...]:
    """The events of the last spin, the one from ``before`` to ``after`` (none if
    ``after`` shows no spin, or ``before`` is over)."""
    spin = after.last_spin
    if spin is None or before.phase is Phase.OVER:
        return ()
    return events(_state(before), spin, seat=OMNISCIENT)


def _state(position: Position) -> State:
    """The state of ``position``: a view holds its whole state (the game hides nothing),
    which `determinize` gives back (it uses no randomness)."""
    if isinstance(position, State):
        return position
    return determinize(position, random.Random(0))


def _trail(told: tuple[Event, ...], board: Board) -> list[str]:
    """The path the diver of the last spin (whose events are ``told``) took from the
    square he spun from: a dashed line along his row (the way back after a bounce
    beside the way out), then a curve to each square he was put on."""
    moves = [e for e in told if isinstance(e, _WALKS + _PLACES)]
    if not moves or not isinstance(told[0], Spun):  # the spin-off, a blocked diver
        return []
    seat, spun_from = moves[0].seat, board.index(*told[0].start)
    lane = -0.16 * SQUARE
    x, y = _centre(board, spun_from)
    here = start = (x, y + lane)
    steps = [f"M{points(start)}"]
    came_from = here
    for event in moves:
        x, y = _centre(board, board.index(*event.square))
        if isinstance(event, _WALKS):
            steps.append(f"L{points((x, y + lane))}")
            if isinstance(event, Bounced):
                lane = -lane
                steps.append(f"L{points((x, y + lane))}")
            came_from, here = here, (x, y + lane)
        else:
            bend = (here[0] - 0.6 * SQUARE, (here[1] + y) / 2)
            came_from, here = bend, (x, y - 0.16 * SQUARE)
            steps.append(f"Q{points(bend, here)}")
            lane = -0.16 * SQUARE
    if len(steps) == 1:
        return []
    colour = seat_colour(seat)
    line = {"d": " ".join(steps), "fill": "none", "stroke_linejoin": "round"}
    drawn = [
        element("path", stroke="#ffffff", stroke_width=6, stroke_opacity=0.8, **line),
        element("path", stroke=colour, stroke_width=2.5, stroke_dasharray="5,3", **line),
        element(
            "circle", cx=start[0], cy=start[1], r=4, fill="#ffffff", stroke=colour, stroke_width=2
        ),
        _head(*here, *came_from, colour),
    ]
    name = f"the path of seat {seat}'s last spin, from {_where(board, spun_from)}"
    return [group(drawn, name)]


def _legend(
    board: Board, y: float, width: float, across: int | None = None, left: float = 8
) -> tuple[str, int]:
    """A key to the kinds of square on the board from (``left``, y), ``across`` to a
    line (default: two if there is room); and its height."""
    kinds = [kind for kind in SquareKind if kind in board.squares]
    across = across or (2 if width >= 400 else 1)
    parts = []
    for k, kind in enumerate(kinds):
        x, line = left + k % across * (width - 16) / across, y + k // across * 20
        parts += [glyph(kind, x + 8, line + 8, 16), text(x + 22, line + 12, _does(kind))]
    return group(parts, "legend"), -(-len(kinds) // across) * 20


def _status(position: Position, told: tuple[Event, ...]) -> str:
    """Whose spin it is (or who won), and the last spin: who spun it, as its events
    ``told`` say or else as the position says (`last_spinner`), when either does."""
    if position.phase is Phase.OVER:
        status = f"seat {position.player} reached the red arrow and won"
    elif position.phase is Phase.ORDER:
        status = f"seat {position.player} to spin for the order of play"
    else:
        status = f"seat {position.player} to spin"
    if position.last_spin is not None:
        head = told[0] if told else None
        if isinstance(head, (Spun, SpunForOrder)):
            spinner: int | None = head.seat
        else:
            spinner = last_spinner(position)
        who = "" if spinner is None else f"seat {spinner}, "
        status += f"; last spin: {who}{position.last_spin.words}"
    return status


def draw_board(
    board: Board,
    position: Position | None = None,
    *,
    before: Position | None = None,
    effects: bool = True,
    legend: bool = True,
    width: int | None = None,
    names: Names = SEAT_NUMBERS,
    last: tuple[Event, ...] = (),
    viewer: Viewer = OMNISCIENT,
) -> str:
    """``board`` with the divers of ``position``; see `picture`."""
    if width is not None and position is not None:
        return _compact(board, position, before, effects, legend, width, names, last, viewer)
    width_ = LEFT + board.columns * SQUARE + 8
    height = TOP + board.rows * SQUARE + 8.0
    name = board.name or f"{board.rows} rows of {board.columns}"
    description = f"20,000 Leagues board, {name}"
    parts = [
        text(8, 18, f"20,000 Leagues: {name}", 13, font_weight="bold"),
        *_squares(board, effects),
    ]
    if position is None:  # the second line counts the special squares instead
        counts = [(board.squares.count(kind), kind) for kind in SENDS]
        parts.append(text(8, 34, ", ".join(f"{n} {_PLURAL[kind]}" for n, kind in counts)))
    else:
        told = last or (() if before is None else _told(before, position))
        status = names(_status(position, told))
        description += f": {status}"
        parts.append(text(8, 34, status))
        parts += _trail(told, board)
        parts += _divers(position, names=names, moved=_mover(last))
        if names.names:
            roster, used = _roster(position.rules.players, names, 8, height, width_ - 16)
            parts.append(roster)
            height += used + 4
        if last:
            caption = _caption(last, viewer, names)
            parts.append(text(8, height + 12, caption, 12, font_weight="bold", fill=LAST))
            height += 18
    if legend:
        key, used = _legend(board, height, width_)
        parts.append(key)
        height += used + 4
    background = element("rect", width=width_, height=height, fill=PAPER)
    return document(width_, height, description, [background, *parts])


def _mover(last: tuple[Event, ...]) -> int | None:
    """The seat whose diver the last spin's events ``last`` are about, if any."""
    for event in last:
        if isinstance(event, (Spun, DiverEvent)):
            return event.seat
    return None


def _caption(last: tuple[Event, ...], viewer: Viewer, names: Names) -> str:
    return names(f"last spin: {words(last, viewer)}")


COMPACT_HEIGHT = {True: 640, False: 600}
"""The most a picture drawn for a display width is high, narrow (below `NARROW`) and
wide, in CSS pixels: the board and its spinner on one screen of 390 x 844 or
1280 x 800, with room left for a page's header and buttons."""
_SIDE = {True: 112, False: 250}
"""The width of the spinner's column beside the board, narrow and wide."""


def _compact(
    board: Board,
    position: Position,
    before: Position | None,
    effects: bool,
    legend: bool,
    width: int,
    names: Names,
    last: tuple[Event, ...],
    viewer: Viewer,
) -> str:
    """The board scaled down to fit `COMPACT_HEIGHT`, its texts scaled up to stay at
    least `LEAST_TEXT` pixels as shown; the spinner and its last spin beside it, the
    players' names over it, the legend under it (narrow) or under the spinner (wide)."""
    narrow = width < NARROW
    told = last or (() if before is None else _told(before, position))
    status = names(_status(position, told))
    name = board.name or f"{board.rows} rows of {board.columns}"
    caption = _caption(last, viewer, names) if last else None
    side = _SIDE[narrow]
    kinds = [kind for kind in SquareKind if kind in board.squares]
    across = max(int((width - 16) // 190), 1)
    key_height = 20 * -(-len(kinds) // across) + 4 if legend and narrow else 0
    units_w = LEFT + board.columns * SQUARE + 8
    units_h = board.rows * SQUARE + 28
    picture_width = min(width, units_w + 12 + side)
    for _ in range(2):  # the header wrapped as wide as the picture, which it may narrow
        parts, y = _header(f"20,000 Leagues: {name}", status, caption, picture_width - 16)
        roster, used = _roster(position.rules.players, names, 8, y + 6, picture_width - 16)
        y += used + 6
        fits = min(
            1.0,
            (width - side - 12) / units_w,
            (COMPACT_HEIGHT[narrow] - y - key_height - 24) / units_h,
        )
        scale = math.floor(fits * 100) / 100  # as the transform writes it
        laid = math.ceil(units_w * scale + 12 + side)
        if laid >= picture_width:
            break
        picture_width = laid
    parts.append(roster)
    least = math.ceil(LEAST_TEXT / scale * 100) / 100
    drawn = _squares(board, effects, least)
    drawn += _trail(told, board)
    drawn += _divers(position, least, names, _mover(last))
    top = y + 4 - (TOP - 24) * scale
    parts.append(group(drawn, f"the board, {name}", transform=translate(4, top, scale)))
    right = 4 + units_w * scale + 8
    bottom = y + 4 + units_h * scale
    dial, dial_height = _dial(position.rules.spinner, position.last_spin, right, y + 4, side - 12)
    parts.append(dial)
    if legend and narrow:
        key, used_key = _legend(board, bottom + 4, width, across)
        parts.append(key)
        bottom += used_key + 8
    elif legend:
        key, used_key = _legend(board, y + 12 + dial_height, side, 1, left=right)
        parts.append(key)
        bottom = max(bottom, y + 12 + dial_height + used_key)
    height = max(bottom, y + 8 + dial_height) + 6
    background = element("rect", width=picture_width, height=height, fill=PAPER)
    description = f"20,000 Leagues board, {name}: {status}"
    return document(picture_width, height, description, [background, *parts])


def _header(title: str, status: str, caption: str | None, room: float) -> tuple[list[str], float]:
    """The title, the status and the last spin's ``caption``, wrapped to ``room``
    pixels; and the height they take."""
    parts = []
    y = 0.0
    for said, size, weight, colour in (
        (title, 13, "bold", None),
        (status, 12, None, None),
        (caption or "", 12, "bold", LAST),
    ):
        for line in wrap(said, room, size) if said else ():
            y += 18 if size == 13 else 16
            parts.append(text(8, y, line, size, font_weight=weight, fill=colour))
    return parts, y


def _roster(players: int, names: Names, x: float, y: float, room: float) -> tuple[str, float]:
    """Each seat's diver and its player's name, as many to a line as fit; and their
    height."""
    parts = []
    at, line = x, y
    for seat in range(players):
        words = names.name(seat)
        wide = 26 + len(words) * 0.6 * LEAST_TEXT
        if at > x and at + wide > x + room:
            at, line = x, line + 18
        parts += [
            element("circle", cx=at + 8, cy=line + 8, r=8, fill=seat_colour(seat)),
            text(
                at + 8,
                line + 12,
                str(seat),
                LEAST_TEXT,
                font_weight="bold",
                fill="#ffffff",
                text_anchor="middle",
            ),
            text(at + 20, line + 12, words),
        ]
        at += wide + 8
    return group(
        parts, "the divers: " + ", ".join(f"{s} {names.name(s)}" for s in range(players))
    ), line - y + 18


def _polar(cx: float, cy: float, radius: float, angle: float) -> tuple[float, float]:
    """The point ``radius`` from (cx, cy) at ``angle`` radians clockwise from the top."""
    return cx + radius * math.sin(angle), cy - radius * math.cos(angle)


def _dial(
    spinner: Spinner, spun: Spin | None, x: float, y: float, width: float, named: bool = False
) -> tuple[str, float]:
    """The spinner from (x, y), ``width`` pixels wide: a heading (with its name or
    segments, if ``named``), the dial, the needle on the segment ``spun`` (if any), what
    R and L mean; and its height. Every text is at least `LEAST_TEXT` pixels high."""
    heading = [text(x, y + 14, "Spinner", 13, font_weight="bold")]
    top = y + 26
    if named:
        for line in wrap(spinner.name or str(spinner), width, LEAST_TEXT):
            heading.append(text(x, top + 4, line))
            top += 15
    radius = min(96, width / 2 - 4)
    cx, cy = x + width / 2, top + radius
    total = spinner.total_weight
    wedges = []
    needle = None
    turned = 0
    for segment in spinner.segments:
        a0 = 2 * math.pi * turned / total
        turned += segment.weight
        a1 = 2 * math.pi * turned / total
        shows = Spin(segment.number, segment.direction)
        marked = shows == spun and needle is None
        if marked:
            needle = (a0 + a1) / 2
        fill = "#aed6f1" if segment.direction is Direction.RIGHT else "#f9e79f"
        edge = 3 if marked else 1
        if len(spinner.segments) == 1:
            shape = element(
                "circle", cx=cx, cy=cy, r=radius, fill=fill, stroke=INK, stroke_width=edge
            )
        else:
            large = int(a1 - a0 > math.pi)
            arc = f"A{radius},{radius} 0 {large} 1 {points(_polar(cx, cy, radius, a1))}"
            d = f"M{points((cx, cy))} L{points(_polar(cx, cy, radius, a0))} {arc} Z"
            shape = element("path", d=d, fill=fill, stroke=INK, stroke_width=edge)
        size = min(14.0, max(LEAST_TEXT, radius * (a1 - a0) * 0.45))
        px, py = _polar(cx, cy, radius * 0.72, (a0 + a1) / 2)
        words = text(
            px, py + size * 0.35, str(shows), size, font_weight="bold", text_anchor="middle"
        )
        chance = Fraction(segment.weight, total)
        wedges.append(group([shape, words], f"{shows}: {chance.numerator} in {chance.denominator}"))
    parts = [*heading, group(wedges, "segments")]
    if spun is not None:
        if needle is None:
            raise ValueError(f"the spinner {spinner} cannot show {spun}")
        tip = _polar(cx, cy, radius * 0.5, needle)
        shaft = element(
            "line",
            x1=cx,
            y1=cy,
            x2=tip[0],
            y2=tip[1],
            stroke=INK,
            stroke_width=3,
            stroke_linecap="round",
        )
        parts.append(group([shaft, _head(*tip, cx, cy, INK)], f"the needle on {spun}"))
    parts.append(
        element("circle", cx=cx, cy=cy, r=8, fill="#1b4f72", stroke="#ffffff", stroke_width=2)
    )
    bottom = cy + radius + 4
    for line in wrap("R: move right, L: move left", width, LEAST_TEXT):
        bottom += 15
        parts.append(text(x, bottom, line))
    name = f"spinner with {len(spinner.segments)} segments: {spinner}"
    if spun is not None:
        name += f"; the needle shows {spun}"
    return group(parts, name), bottom + 4 - y


def draw_spinner(spinner: Spinner, spun: Spin | None = None) -> str:
    """The dial of ``spinner``, the segment ``spun`` marked; see `spinner`."""
    width = 240
    dial, height = _dial(spinner, spun, 8, 4, width - 16, named=True)
    parts = [element("rect", width=width, height=height + 8, fill=PAPER), dial]
    name = f"spinner with {len(spinner.segments)} segments: {spinner}"
    if spun is not None:
        name += f"; the needle shows {spun}"
    return document(width, height + 8, name, parts)


def picture(
    position: Position,
    /,
    *,
    before: Position | None = None,
    effects: bool = True,
    legend: bool = True,
    width: int | None = None,
    names: Sequence[str] | None = None,
    last: Sequence[Event] | None = None,
) -> str:
    """The board of a state or a view (every view shows all) with its divers, and the
    path the last spin's diver took, from the square he spun from: the last spin's
    events are ``last`` (as `seaview_rules.svg.render` says), or are worked out from
    ``before``, the state or view the spin was made in. ``effects`` draws where each
    arrow, starfish and octopus sends a diver; ``legend`` explains the squares under
    the board; ``width`` and ``names`` as `seaview_rules.svg.render` says."""
    shown = display_width(width)
    seats = Names.of(names, position.rules.players)
    viewer = OMNISCIENT if isinstance(position, State) else position.seat
    told = last_events(last, viewer, redact)
    return draw_board(
        position.rules.board,
        position,
        before=before,
        effects=effects,
        legend=legend,
        width=shown,
        names=seats,
        last=told,
        viewer=viewer,
    )


def board(board: Board, *, effects: bool = True, legend: bool = True) -> str:
    """A board without divers: each square, the rows in leagues, where each arrow,
    starfish and octopus sends a diver (unless ``effects`` is ``False``), and a legend
    of the squares (unless ``legend`` is ``False``).

    >>> from seaview_rules import leagues
    >>> picture = leagues.svg.board(leagues.default_board())
    >>> "(1, 2) arrow: down to (2, 2), spin again" in picture
    True

    Raises:
        InvalidDataError: an arrow, starfish or octopus of ``board`` sends divers off
            the board or onto a special square, which the rules refuse (LEA-R1).
    """
    return draw_board(board, effects=effects, legend=legend)


def spinner(spinner: Spinner, *, spun: Spin | None = None) -> str:
    """A spinner: a dial of its segments, each as wide as its weight; ``spun`` marks the
    segment a spin stopped on.

    >>> from seaview_rules import leagues
    >>> picture = leagues.svg.spinner(leagues.default_spinner(), spun=leagues.parse_move("3L"))
    >>> "<title>3L: 1 in 12</title>" in picture, "the needle shows 3L" in picture
    (True, True)

    Raises:
        ValueError: the spinner has no segment that shows ``spun``.
    """
    return draw_spinner(spinner, spun)
