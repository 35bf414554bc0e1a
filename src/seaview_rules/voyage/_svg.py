"""Pictures of the Voyage card game: its cards, and the table of a state or a view
(`seaview_rules.voyage.svg` is their public face)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from seaview_rules._core import OMNISCIENT, Event
from seaview_rules._drawing.markup import element, text
from seaview_rules._drawing.options import Names, movers
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
    points,
    seat_label,
    seat_marks,
)
from seaview_rules.voyage._events import Played, WentOut, redact, words
from seaview_rules.voyage._model import Phase, Rules, State, View
from seaview_rules.voyage._moves import Action, Move, Play
from seaview_rules.voyage._pieces import Card, CardSet, Colour
from seaview_rules.voyage._rules import current_player, legal_moves

Position = State | View

_COLOURS = {
    Colour.RED: ("#c0392b", "red"),
    Colour.GREEN: ("#1e8449", "green"),
    Colour.BLUE: ("#1f5fa8", "blue"),
}
"""The ink and the name of each colour."""


def face(card: Card) -> Face:
    """``card`` face up: its number large on a disc of its colour, the number and the
    colour's letter in the corner (which shows when cards overlap), the colour's name at
    the foot, so that no reader depends on the ink."""
    ink, colour = _COLOURS[card.colour]
    number = str(card.number)
    x, y = CARD_W / 2 + 3, CARD_H / 2
    markup = [
        blank("#ffffff", ink, 1.5),
        text(4, 13, number, 11, font_weight="bold", fill=ink),
        text(4, 25, card.colour.value, 11, fill=ink),
        element("circle", cx=x, cy=y - 1, r=12, fill=ink),
        text(x, y + 4, number, 14, font_weight="bold", fill="#ffffff", text_anchor="middle"),
        text(CARD_W / 2, CARD_H - 5, colour, 11, fill=ink, text_anchor="middle"),
    ]
    return Face("".join(markup), f"{card} ({card.words})")


def _back() -> Face:
    waves = (
        element(
            "path",
            d=f"M8,{y} q4.5,-4 9,0 t9,0 t9,0",
            fill="none",
            stroke="#5dade2",
            stroke_width=1.5,
        )
        for y in (24, 33, 42)
    )
    markup = [
        blank("#17375e", "#0b1d33"),
        element(
            "rect",
            x=4,
            y=4,
            width=CARD_W - 8,
            height=CARD_H - 8,
            rx=3,
            fill="none",
            stroke="#d4ac0d",
        ),
        *waves,
    ]
    return Face("".join(markup), "a Voyage card, face down")


BACK = _back()
"""A card face down: waves under the game's name."""


def _to_move(position: Position) -> object:
    return current_player(position) if isinstance(position, State) else position.to_move


def _status(position: Position) -> str:
    player = position.player
    return {
        Phase.DEAL: f"dealing: the next card goes to seat {player}",
        Phase.LEAD: f"seat {player} leads any card",
        Phase.TURN: f"seat {player} plays a matching card or draws",
        Phase.DRAW: f"seat {player} draws a card",
        Phase.DRAWN: f"seat {player} plays the card drawn or keeps it",
        Phase.OVER: f"match over: seat {player} wins",
    }[position.phase]


def _notes(position: Position) -> tuple[str, ...]:
    """The target, and how the last round ended: who went out, and the cards left in
    each other hand, counted in the open (VOY-5; the cards themselves stay hidden)."""
    notes = [f"first to {position.rules.target} points wins the match"]
    if position.results:
        last = position.results[-1]
        left = ", ".join(f"seat {s} {n}" for s, n in enumerate(last.cards_left) if s != last.winner)
        notes.append(
            f"last round: seat {last.winner} went out, +{last.points} (cards left: {left})"
        )
    return tuple(notes)


def _shown(position: Position) -> tuple[list[CardSet | None], list[int], int, tuple[Face, ...]]:
    """The hands a picture shows (``None`` for one it hides), the size of each, the size of
    the draw pile and its cards face up (a state's, for the omniscient picture)."""
    if isinstance(position, State):
        secret = tuple(face(card) for card in position.draw_pile)
        sizes = [len(hand) for hand in position.hands]
        return list(position.hands), sizes, len(position.draw_pile), secret
    seat, sizes = position.seat, list(position.hand_sizes)
    hands = [position.hand if s == seat else None for s in range(position.rules.players)]
    return hands, sizes, position.draw_pile_size, ()


def layout(
    position: Position, moves: tuple[Move, ...], whose: str, names: Names, told: tuple[Event, ...]
) -> Layout:
    """The table of ``position``: every hand face up for a state, the seat's own only for
    a view; ``moves`` are the legal moves to link, ``whose`` says whose picture it is,
    ``names`` who sits where; ``told``, the last move's events as the picture's viewer
    was told them, are marked: the card played, the seat that moved, in words."""
    plays = {move.card: str(move) for move in moves if isinstance(move, Play)}
    seat = None if isinstance(position, State) else position.seat
    hands, sizes, draw_pile, secret = _shown(position)
    draw = "draw" if Action.DRAW in moves else None
    shown = (*position.discard_under, *([position.discard_top] if position.discard_top else []))
    played = any(isinstance(event, (Played, WentOut)) for event in told)
    moved = movers(told)
    centre = (
        Pile("draw pile", hidden=draw_pile, back=BACK, move=draw, secret=secret),
        Pile(
            "discard pile, in play order",
            cards=tuple(face(card) for card in shown),
            marked=played and position.discard_top is not None,
        ),
    )
    drawn = position.drawn if position.phase is Phase.DRAWN else None
    to_move = _to_move(position)
    rows = []
    for s, hand in enumerate(hands):
        cards = () if hand is None else tuple(hand)
        rows.append(
            SeatRow(
                seat=s,
                label=seat_label(s, seat, names),
                score=points(position.scores[s]),
                marks=seat_marks(s, position.dealer, to_move),
                hand=None if hand is None else tuple(face(card) for card in cards),
                hidden=sizes[s],
                back=BACK,
                moves={k: plays[card] for k, card in enumerate(cards) if card in plays},
                lifted={k: "drawn" for k, card in enumerate(cards) if card == drawn},
                marked=s in moved,
            )
        )
    actions = (Action.KEEP, Action.PASS)
    status = names(_status(position))
    return Layout(
        name=f"Voyage table, {whose}: {status}",
        title=names(f"Voyage, round {position.round}, dealer seat {position.dealer}"),
        status=status,
        notes=tuple(map(names, _notes(position))),
        centre=centre,
        seats=tuple(rows),
        buttons=tuple((str(a), str(a)) for a in actions if a in moves),
        last=names(words(told, seat if seat is not None else OMNISCIENT)) or None,
    )


def picture(
    position: Position,
    /,
    *,
    moves: bool = False,
    width: int | None = None,
    names: Sequence[str] | None = None,
    last: Sequence[Event] | None = None,
) -> str:
    """The table of a state (everything, hidden cards included) or of a view (as its
    seat sees it); with ``moves``, every legal move outlined and linked; ``width``,
    ``names`` and ``last`` as `seaview_rules.svg.render` says."""
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
        raise TypeError(f"not a Voyage card: {card!r}")
    return face(card)


def card(card: Card) -> str:
    """One card face up.

    >>> from seaview_rules import voyage
    >>> picture = voyage.svg.card(voyage.Card.parse("R7"))
    >>> picture.startswith("<?xml") and "<title>R7 (red 7)</title>" in picture
    True
    """
    drawn = _face(card)
    return draw_cards([drawn], drawn.name)


def hand(cards: Iterable[Card], *, across: int = 10) -> str:
    """Cards face up side by side, ``across`` to a line: a hand, for example.

    >>> from seaview_rules import voyage
    >>> picture = voyage.svg.hand(map(voyage.Card.parse, ["R7", "B2"]))
    >>> "<title>cards: R7 (red 7), B2 (blue 2)</title>" in picture
    True

    Raises:
        TypeError: one of ``cards`` is no Voyage card.
    """
    faces = [_face(card) for card in cards]
    return draw_cards(faces, "cards: " + ", ".join(f.name for f in faces), across)


def deck(rules: Rules) -> str:
    """Every card of the deck of ``rules``, a line of each colour.

    >>> from seaview_rules import voyage
    >>> "39 cards" in voyage.svg.deck(voyage.Rules())
    True
    """
    faces = [face(card) for card in rules.deck]
    return draw_cards(faces, f"the Voyage deck, {len(faces)} cards", rules.numbers)
