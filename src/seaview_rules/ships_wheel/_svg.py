"""Pictures of the Ship's Wheel card game: its cards, and the table from a state or a
view (`seaview_rules.ships_wheel.svg` is their public face)."""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from seaview_rules._core import OMNISCIENT, Event
from seaview_rules._drawing.markup import Attr, element, points, squeeze, star, text
from seaview_rules._drawing.options import Names, movers
from seaview_rules._drawing.palette import INK
from seaview_rules._drawing.table import (
    CARD_H,
    CARD_W,
    Face,
    Layout,
    Pile,
    SeatRow,
    blank,
    draw_cards,
    draw_position,
    seat_label,
    seat_marks,
)
from seaview_rules._drawing.table import points as score_words
from seaview_rules._seating import left_of
from seaview_rules.ships_wheel._events import (
    Discarded,
    Drew,
    HandTied,
    HandWon,
    Received,
    Took,
    redact,
    words,
)
from seaview_rules.ships_wheel._model import Phase, Rules, State, View
from seaview_rules.ships_wheel._moves import Action, Discard, Move, Pass, Size, Take
from seaview_rules.ships_wheel._pieces import Card, DeckSpec, Kind, table_of
from seaview_rules.ships_wheel._rulebook import Scoring
from seaview_rules.ships_wheel._rules import choosing, current_player, legal_moves

Position = State | View

COLOURS = {
    "red": "#d62728",
    "orange": "#f28e1c",
    "yellow": "#e2b800",
    "green": "#2ca02c",
    "blue": "#1f77b4",
    "purple": "#8e44ad",
    "pink": "#e377c2",
    "brown": "#8c564b",
}
"""The ink of each colour of the default deck; a deck's own colour names that are not
here get one of ``_SPARE`` by a hash of the name, and every card also spells its colour
out, so that no reader depends on the ink."""
_SPARE = ("#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#637939", "#843c39", "#7b4173")


def ink(colour: str) -> str:
    """The ink of a card colour, the same on every run.

    >>> ink("red"), ink("teal") == ink("teal")
    ('#d62728', True)
    """
    return COLOURS.get(colour) or _SPARE[zlib.crc32(colour.encode()) % len(_SPARE)]


def shape(name: str, x: float, y: float, r: float, fill: str) -> str:
    """The symbol of the shape ``name``, about ``2 r`` wide, centred on (x, y); a shape
    with no symbol of its own (a deck may name any) is written in a badge."""
    if name == "circle":
        return element("circle", cx=x, cy=y, r=r * 0.9, fill=fill)
    if name == "square":
        return element(
            "rect", x=x - 0.8 * r, y=y - 0.8 * r, width=1.6 * r, height=1.6 * r, fill=fill
        )
    if name == "triangle":
        corners = points((x, y - r), (x + r, y + 0.8 * r), (x - r, y + 0.8 * r))
        return element("polygon", points=corners, fill=fill)
    if name == "star":
        return element("polygon", points=star(x, y, 1.05 * r, 0.45 * r), fill=fill)
    if name == "diamond":
        corners = points((x, y - r), (x + 0.7 * r, y), (x, y + r), (x - 0.7 * r, y))
        return element("polygon", points=corners, fill=fill)
    if name == "heart":
        left = points((x - 1.4 * r, y - 0.1 * r), (x - 0.7 * r, y - 1.1 * r), (x, y - 0.4 * r))
        right = points((x + 0.7 * r, y - 1.1 * r), (x + 1.4 * r, y - 0.1 * r), (x, y + 0.9 * r))
        return element("path", d=f"M{points((x, y + 0.9 * r))} C{left} C{right} Z", fill=fill)
    if name == "moon":
        # A crescent: a disc less the same disc shifted right by 0.45 r; the two circles
        # cross at x + 0.225 r.
        top, bottom = points((x + 0.225 * r, y - 0.974 * r)), points((x + 0.225 * r, y + 0.974 * r))
        arc = f"A{points((r, r))} 0"
        return element("path", d=f"M{top} {arc} 1 0 {bottom} {arc} 0 1 {top} Z", fill=fill)
    if name == "wave":
        humps = " ".join(
            f"q{points((r / 4, 0.6 * r * (-1) ** (k + 1)), (r / 2, 0))}" for k in range(4)
        )
        return element(
            "path",
            d=f"M{points((x - r, y))} {humps}",
            fill="none",
            stroke=fill,
            stroke_width=0.35 * r,
            stroke_linecap="round",
        )
    badge = element(
        "rect", x=x - r, y=y - 0.6 * r, width=2 * r, height=1.2 * r, rx=0.3 * r, fill=fill
    )
    if r < 8:  # too small for words: the card's foot names the shape
        return badge
    words = text(
        x,
        y + 4,
        name[:4],
        11,
        font_weight="bold",
        fill="#ffffff",
        text_anchor="middle",
        **squeeze(name[:4], 11, 1.8 * r),
    )
    return badge + words


def _lighthouse(x: float, y: float, r: float, fill: str) -> str:
    """A lighthouse in ``fill``, two white bands, its lamp lit."""
    beams = "".join(
        element(
            "line",
            x1=x + side * 0.3 * r,
            y1=y - 0.65 * r,
            x2=x + side * 1.1 * r,
            y2=y - (0.9 + tilt) * r,
            stroke="#f4d03f",
            stroke_width=1.2,
        )
        for side in (-1, 1)
        for tilt in (0.0, -0.3)
    )
    outline = points(
        (x - 0.3 * r, y - 0.5 * r),
        (x + 0.3 * r, y - 0.5 * r),
        (x + 0.5 * r, y + r),
        (x - 0.5 * r, y + r),
    )
    tower = element("polygon", points=outline, fill=fill, stroke=INK, stroke_width=0.8)
    bands = "".join(
        element(
            "rect",
            x=x - (0.36 + 0.07 * k) * r,
            y=y + (0.45 * k - 0.05) * r,
            width=(0.72 + 0.14 * k) * r,
            height=0.18 * r,
            fill="#ffffff",
        )
        for k in range(2)
    )
    lamp = element(
        "rect",
        x=x - 0.25 * r,
        y=y - 0.8 * r,
        width=0.5 * r,
        height=0.3 * r,
        fill="#f7dc6f",
        stroke=INK,
        stroke_width=0.8,
    )
    roof = points((x - 0.35 * r, y - 0.8 * r), (x, y - 1.1 * r), (x + 0.35 * r, y - 0.8 * r))
    return beams + tower + bands + lamp + element("polygon", points=roof, fill=INK)


def _anchor(x: float, y: float, r: float, fill: str) -> str:
    """An anchor: ring, stock, shank and curved arms."""
    line: dict[str, Attr] = {"stroke": fill, "stroke_width": 0.15 * r, "stroke_linecap": "round"}
    arms = (
        points((x - 0.7 * r, y + r), (x, y + 0.9 * r)),
        points((x + 0.7 * r, y + r), (x + 0.8 * r, y + 0.2 * r)),
    )
    return "".join(
        [
            element(
                "circle",
                cx=x,
                cy=y - 0.8 * r,
                r=0.2 * r,
                fill="none",
                stroke=fill,
                stroke_width=0.14 * r,
            ),
            element("line", x1=x, y1=y - 0.6 * r, x2=x, y2=y + 0.9 * r, **line),
            element(
                "line", x1=x - 0.45 * r, y1=y - 0.35 * r, x2=x + 0.45 * r, y2=y - 0.35 * r, **line
            ),
            element(
                "path",
                d=f"M{points((x - 0.8 * r, y + 0.2 * r))} Q{arms[0]} Q{arms[1]}",
                fill="none",
                **line,
            ),
        ]
    )


def _symbol(card: Card, x: float, y: float, r: float) -> str:
    """The symbol of ``card``, about ``2 r`` wide, centred on (x, y)."""
    if card.kind is Kind.PLAIN:
        return shape(card.shape or "", x, y, r, ink(card.colour or ""))
    if card.kind is Kind.LIGHTHOUSE:
        return _lighthouse(x, y, r, ink(card.colour or ""))
    if card.kind is Kind.ANCHOR:
        return _anchor(x, y, r, "#34495e")
    white = card.kind is Kind.WHITE_STARFISH
    return element(
        "polygon",
        points=star(x, y, 1.1 * r, 0.42 * r),
        fill="#ffffff" if white else "#111111",
        stroke="#111111" if white else "#ffffff",
        stroke_width=0.8,
        stroke_linejoin="round",
    )


_WORDS = {
    Kind.WHITE_STARFISH: ("white starfish", "go again"),
    Kind.BLACK_STARFISH: ("black starfish", "skip"),
    Kind.ANCHOR: ("anchor", "pass 1 left"),
}


def face(card: Card) -> Face:
    """``card`` face up: its symbol large and in its colour, small in the corner (which
    shows when cards overlap), and in words at the foot, colour and shape or what it
    does, so that no reader depends on the ink."""
    if card.kind is Kind.PLAIN:
        lines = (card.colour or "", card.shape or "")
    elif card.kind is Kind.LIGHTHOUSE:
        lines = (card.colour or "", "lighthouse")
    else:
        lines = _WORDS[card.kind]
    dark = card.kind is Kind.WHITE_STARFISH
    words = "#ffffff" if dark else INK
    markup = [
        blank("#1b2631" if dark else "#ffffff", INK),
        _symbol(card, 9, 10, 5),
        _symbol(card, CARD_W / 2 + 3, 24, 10),
        *(
            text(
                CARD_W / 2,
                47 + 11 * k,
                line,
                11,
                fill=words,
                text_anchor="middle",
                **squeeze(line, 11, CARD_W - 6),
            )
            for k, line in enumerate(lines)
        ),
    ]
    return Face("".join(markup), str(card))


def _back() -> Face:
    middle = (CARD_W / 2, CARD_H / 2)
    spokes = (
        element(
            "line",
            x1=middle[0],
            y1=middle[1],
            x2=middle[0] + 15 * math.sin(k * math.pi / 4),
            y2=middle[1] - 15 * math.cos(k * math.pi / 4),
            stroke="#f4d03f",
            stroke_width=2,
            stroke_linecap="round",
        )
        for k in range(8)
    )
    markup = [
        blank("#0e6655", "#0b3d33"),
        element(
            "rect",
            x=3.5,
            y=3.5,
            width=CARD_W - 7,
            height=CARD_H - 7,
            rx=3,
            fill="none",
            stroke="#f4d03f",
        ),
        element(
            "circle",
            cx=middle[0],
            cy=middle[1],
            r=11,
            fill="none",
            stroke="#f4d03f",
            stroke_width=2.5,
        ),
        element("circle", cx=middle[0], cy=middle[1], r=3, fill="#f4d03f"),
        *spokes,
    ]
    return Face("".join(markup), "a Ship's Wheel card, face down")


BACK = _back()
"""A card face down: a ship's wheel."""


def _to_move(position: Position) -> object:
    return current_player(position) if isinstance(position, State) else position.to_move


def _choosing(position: Position) -> tuple[int, ...]:
    """The seats still choosing in an Anchor pass, from the discarder's left."""
    return position.choosing if isinstance(position, View) else choosing(position)


def _status(position: Position) -> str:
    player = position.player
    if position.phase is Phase.PASS:
        # SW-10, SW-R7: the seats still choosing choose at the same time.
        left = _choosing(position)
        if len(left) == 1:
            return f"Anchor: seat {left[0]} chooses a card to pass to the left"
        seats = ", ".join(map(str, left))
        return f"Anchor: seats {seats} each choose a card to pass to the left"
    return {
        Phase.SIZE: f"seat {player}, the dealer, chooses the hand size",
        Phase.DEAL: f"dealing: the next card goes to seat {player}",
        Phase.DRAW: f"seat {player} draws from the deck or takes the top of a pile",
        Phase.DECK: f"seat {player} draws from the deck",
        Phase.DISCARD: f"seat {player} discards a card",
        Phase.OVER: f"match over: seat {player} wins",
    }[position.phase]


def _notes(position: Position) -> tuple[str, ...]:
    rules = position.rules
    scoring = "cards in the winning hand" if rules.scoring is Scoring.CARDS else "hands won"
    first = f"first to {rules.target} points ({scoring}) wins the match"
    if position.reshuffles:
        first += f"; the discards became the deck {position.reshuffles}x this hand"
    notes = [first]
    if position.phase is Phase.PASS:
        n, anchor, left = rules.players, position.player, _choosing(position)
        # SW-R7: whether a seat has chosen is public, in any order.
        done = [left_of(n, anchor, k) for k in range(1, n + 1)]
        chosen = ", ".join(f"seat {s}" for s in done if s not in left)
        notes.append(f"seat {anchor} discarded the Anchor; chosen so far: {chosen or 'nobody'}")
    if position.results:
        last = position.results[-1]
        won = "a tie" if last.winner is None else f"seat {last.winner} won, +{last.points}"
        notes.append(f"last hand: {won}")
    return tuple(notes)


def layout(
    position: Position, moves: tuple[Move, ...], whose: str, names: Names, told: tuple[Event, ...]
) -> Layout:
    """The table of ``position``: every hand, pending pass and pile face up for a state,
    for a view the seat's own hand and pass and the top of each pile; ``moves`` are the
    legal moves to link, ``whose`` says whose picture it is, ``names`` who sits where;
    ``told``, the last move's events as the picture's viewer was told them, are marked:
    the pile discarded on, the seat that moved, in words, and a winning hand laid open
    (SW-3, SW-12)."""
    takes = {move.seat: str(move) for move in moves if isinstance(move, Take)}
    draw = "draw" if Action.DRAW in moves else None
    if isinstance(position, State):
        seat, deck, parts = None, *_state_parts(position, takes, draw)
    else:
        seat, deck, parts = position.seat, *_view_parts(position, takes, draw)
    plays = {move.card: str(move) for move in moves if isinstance(move, (Discard, Pass))}
    to_move = _to_move(position)
    rows = tuple(_row(position, part, seat, plays, to_move, names, told) for part in parts)
    size = f", {position.hand_size} cards" if position.hand_size else ""
    number = len(position.results) + (position.phase is not Phase.OVER)
    status = names(_status(position))
    viewer = OMNISCIENT if seat is None and isinstance(position, State) else seat
    return Layout(
        name=f"Ship's Wheel table, {whose}: {status}",
        title=names(f"Ship's Wheel, hand {number}, dealer seat {position.dealer}{size}"),
        status=status,
        notes=tuple(map(names, _notes(position))),
        centre=(deck,),
        seats=rows,
        buttons=tuple((str(move), str(move)) for move in moves if isinstance(move, Size)),
        last=names(words(told, viewer)) or None,
        shown=_laid_open(told, names),
    )


def _laid_open(told: tuple[Event, ...], names: Names) -> tuple[tuple[str, tuple[Face, ...]], ...]:
    """The hands the last move's events lay open: the winning hand (SW-3), or every
    hand of a tie (SW-12); each shown to the whole table."""
    shown: list[tuple[str, tuple[Face, ...]]] = []
    for event in told:
        if isinstance(event, HandWon):
            hand = tuple(face(card) for card in event.hand)
            shown.append((f"{names.name(event.seat)}'s winning hand", hand))
        elif isinstance(event, HandTied):
            for s, cards in zip(event.winners, event.hands, strict=True):
                hand = tuple(face(card) for card in cards)
                shown.append((f"{names.name(s)}'s winning hand (a tie)", hand))
    return tuple(shown)


class _Part(NamedTuple):
    """What one seat's row shows."""

    seat: int
    hand: tuple[int, ...] | None
    """The seat's hand, ``None`` if hidden."""
    cards: int
    """How many cards the seat holds."""
    chosen: int | None
    """The card it chose to pass, ``None`` if none or hidden."""
    pile: Pile


def _state_parts(state: State, takes: dict[int, str], draw: str | None) -> tuple[Pile, list[_Part]]:
    """The deck and each seat's row of a state: everything face up."""
    cards = state.rules.table.cards
    deck = Pile(
        "deck", hidden=len(state.deck), back=BACK, move=draw, secret=_faces(cards, state.deck)
    )
    parts: list[_Part] = [
        _Part(
            s,
            hand,
            len(hand),
            state.passing[s],
            Pile(f"seat {s}'s pile", cards=_faces(cards, pile), move=takes.get(s)),
        )
        for s, (hand, pile) in enumerate(zip(state.hands, state.piles, strict=True))
    ]
    return deck, parts


def _view_parts(seen: View, takes: dict[int, str], draw: str | None) -> tuple[Pile, list[_Part]]:
    """The deck and each seat's row of a view: the seat's own hand and pass, and the top
    of each pile."""
    cards = seen.rules.table.cards
    deck = Pile("deck", hidden=seen.deck_size, back=BACK, move=draw)
    parts: list[_Part] = []
    for s, (top, size) in enumerate(zip(seen.pile_tops, seen.pile_sizes, strict=True)):
        pile = Pile(
            f"seat {s}'s pile",
            cards=_faces(cards, () if top is None else (top,)),
            unseen=size - (top is not None),
            move=takes.get(s),
        )
        own = s == seen.seat
        hand, chosen = (seen.hand, seen.passing) if own else (None, None)
        parts.append(_Part(s, hand, seen.hand_sizes[s], chosen, pile))
    return deck, parts


def _row(
    position: Position,
    part: _Part,
    seat: int | None,
    plays: dict[Card, str],
    to_move: object,
    names: Names,
    told: tuple[Event, ...],
) -> SeatRow:
    """One seat's row; the last move's events ``told`` outline the seat that moved and
    the pile it discarded on, and lift the card it drew, took or was passed, where the
    picture shows its hand."""
    s, hand, size, chosen, pile = part
    discarded = any(isinstance(e, Discarded) and e.seat == s for e in told)
    pile = attrs.evolve(pile, label=names(pile.label), marked=discarded)
    cards = position.rules.table.cards
    held = [cards[i] for i in hand or ()]
    # A hand holds copies with two decks: each card is played by its first copy.
    firsts = {card: k for k, card in reversed(list(enumerate(held)))}
    n = position.rules.players
    lifted = {}
    for event in told:
        if isinstance(event, (Drew, Took, Received)) and event.seat == s and event.card in firsts:
            if isinstance(event, Received):
                lifted[firsts[event.card]] = names(f"from seat {event.giver}")
            else:
                lifted[firsts[event.card]] = "drawn" if isinstance(event, Drew) else "taken"
    if chosen is not None:
        lifted[firsts[cards[chosen]]] = names(f"to seat {left_of(n, s)}")
    return SeatRow(
        seat=s,
        label=seat_label(s, seat, names),
        score=score_words(position.scores[s]),
        marks=seat_marks(s, position.dealer, to_move),
        hand=None if hand is None else tuple(face(card) for card in held),
        hidden=size,
        back=BACK,
        moves={k: plays[card] for card, k in firsts.items() if card in plays},
        lifted=lifted,
        pile=pile,
        marked=s in movers(told),
    )


def _faces(cards: tuple[Card, ...], ids: tuple[int, ...]) -> tuple[Face, ...]:
    return tuple(face(cards[i]) for i in ids)


def picture(
    position: Position,
    /,
    *,
    moves: bool = False,
    width: int | None = None,
    names: Sequence[str] | None = None,
    last: Sequence[Event] | None = None,
) -> str:
    """The table of a state (everything, hidden cards and pending passes included) or
    of a view (as its seat sees it); with ``moves``, every legal move outlined and
    linked; ``width``, ``names`` and ``last`` as `seaview_rules.svg.render` says."""
    return draw_position(
        position,
        View,
        layout,
        legal_moves,
        current_player,
        redact,
        moves=moves,
        width=width,
        names=names,
        last=last,
    )


def _face(card: Card) -> Face:
    if not isinstance(card, Card):
        raise TypeError(f"not a Ship's Wheel card: {card!r}")
    return face(card)


def card(card: Card) -> str:
    """One card face up.

    >>> from seaview_rules import ships_wheel
    >>> picture = ships_wheel.svg.card(ships_wheel.Card.parse("blue-lighthouse"))
    >>> "<title>blue-lighthouse</title>" in picture
    True
    """
    drawn = _face(card)
    return draw_cards([drawn], drawn.name)


def hand(cards: Iterable[Card], *, across: int = 10) -> str:
    """Cards face up side by side, ``across`` to a line: a hand, for example (a state or
    a view gives the cards of its card ids with ``rules.table.cards``).

    >>> from seaview_rules import ships_wheel
    >>> picture = ships_wheel.svg.hand(map(ships_wheel.Card.parse, ["red-star", "anchor"]))
    >>> "<title>cards: red-star, anchor</title>" in picture
    True

    Raises:
        TypeError: one of ``cards`` is no Ship's Wheel card.
    """
    faces = [_face(card) for card in cards]
    return draw_cards(faces, "cards: " + ", ".join(f.name for f in faces), across)


def deck(rules: Rules | DeckSpec) -> str:
    """Every card of a deck, from its rules (one deck or two) or a
    `~seaview_rules.ships_wheel.DeckSpec`: each kind of card once, with its number of
    copies when that is not one, a line of each shape.

    >>> from seaview_rules import ships_wheel
    >>> "3 copies" in ships_wheel.svg.deck(ships_wheel.DeckSpec())
    True
    """
    if isinstance(rules, DeckSpec):
        spec, table = rules, table_of(rules)
    else:
        spec, table = rules.deck, rules.table
    kinds = [(c, n) for c, n in zip(table.cards, table.counts, strict=True) if n]
    name = f"the Ship's Wheel deck, {len(table.full)} cards"
    faces = [face(c) for c, _ in kinds]
    return draw_cards(faces, name, len(spec.shapes), [n for _, n in kinds])
