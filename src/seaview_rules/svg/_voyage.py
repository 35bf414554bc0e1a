"""Pictures of the Voyage card game: its cards, and the table of a state or a view."""

from __future__ import annotations

from seaview_rules import voyage
from seaview_rules.svg._table import CARD_H, CARD_W, Face, Layout, Pile, SeatRow, blank
from seaview_rules.svg._xml import element, text

Position = voyage.State | voyage.View

_COLOURS = {
    voyage.Colour.RED: ("#c0392b", "red"),
    voyage.Colour.GREEN: ("#1e8449", "green"),
    voyage.Colour.BLUE: ("#1f5fa8", "blue"),
}
"""The ink and the name of each colour."""


def face(card: voyage.Card) -> Face:
    """``card`` face up: its number large on a disc of its colour, the number and the
    colour's letter in the corner (which shows when cards overlap), the colour's name at
    the foot, so that no reader depends on the ink."""
    ink, colour = _COLOURS[card.colour]
    number = str(card.number)
    x, y = CARD_W / 2 + 3, CARD_H / 2
    markup = [
        blank("#ffffff", ink, 1.5),
        text(4, 13, number, 11, font_weight="bold", fill=ink),
        text(4, 22, card.colour.value, 8, fill=ink),
        element("circle", cx=x, cy=y, r=13, fill=ink),
        text(x, y + 5, number, 14, font_weight="bold", fill="#ffffff", text_anchor="middle"),
        text(CARD_W / 2, CARD_H - 6, colour, 7, fill=ink, text_anchor="middle"),
    ]
    return Face("".join(markup), f"{card} ({colour} {number})")


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
        text(CARD_W / 2, 15, "VOYAGE", 6.5, fill="#ffffff", text_anchor="middle"),
    ]
    return Face("".join(markup), "a Voyage card, face down")


BACK = _back()
"""A card face down: waves under the game's name."""


def _to_move(position: Position) -> object:
    return (
        voyage.current_player(position) if isinstance(position, voyage.State) else position.to_move
    )


def _status(position: Position) -> str:
    player = position.player
    return {
        voyage.Phase.DEAL: f"dealing: the next card goes to seat {player}",
        voyage.Phase.LEAD: f"seat {player} leads any card",
        voyage.Phase.TURN: f"seat {player} plays a matching card or draws",
        voyage.Phase.DRAW: f"seat {player} draws a card",
        voyage.Phase.DRAWN: f"seat {player} plays the card drawn or keeps it",
        voyage.Phase.OVER: f"match over: seat {player} wins",
    }[position.phase]


def _notes(position: Position) -> str:
    note = f"first to {position.rules.target} points wins the match"
    if position.results:
        last = position.results[-1]
        note += f"; last round: seat {last.winner} went out, +{last.points}"
    return note


def layout(position: Position, moves: tuple[voyage.Move, ...], viewer: str) -> Layout:
    """The table of ``position``: every hand face up for a state, the seat's own only for
    a view; ``moves`` are the legal moves to link, ``viewer`` says whose picture it is."""
    plays = {move.card: str(move) for move in moves if isinstance(move, voyage.Play)}
    if isinstance(position, voyage.State):
        hands: list[voyage.CardSet | None] = list(position.hands)
        sizes = [len(hand) for hand in position.hands]
        draw_pile = len(position.draw_pile)
        secret = tuple(face(card) for card in position.draw_pile)
        seat = None
    else:
        seat = position.seat
        hands = [position.hand if s == seat else None for s in range(position.rules.players)]
        sizes, draw_pile, secret = list(position.hand_sizes), position.draw_pile_size, ()
    draw = "draw" if voyage.Action.DRAW in moves else None
    shown = (*position.discard_under, *([position.discard_top] if position.discard_top else []))
    centre = (
        Pile("draw pile", hidden=draw_pile, back=BACK, move=draw, secret=secret),
        Pile("discard pile, in play order", cards=tuple(face(card) for card in shown)),
    )
    drawn = position.drawn if position.phase is voyage.Phase.DRAWN else None
    to_move = _to_move(position)
    rows = []
    for s, hand in enumerate(hands):
        cards = () if hand is None else tuple(hand)
        marks = [m for m, on in (("dealer", s == position.dealer), ("to move", s == to_move)) if on]
        rows.append(
            SeatRow(
                seat=s,
                label=f"seat {s} (you)" if s == seat else f"seat {s}",
                score=f"{position.scores[s]} point{'s' * (position.scores[s] != 1)}",
                marks=tuple(marks),
                hand=None if hand is None else tuple(face(card) for card in cards),
                hidden=sizes[s],
                back=BACK,
                moves={k: plays[card] for k, card in enumerate(cards) if card in plays},
                lifted={k: "drawn" for k, card in enumerate(cards) if card == drawn},
            )
        )
    actions = (voyage.Action.KEEP, voyage.Action.PASS)
    return Layout(
        name=f"Voyage table, {viewer}: {_status(position)}",
        title=f"Voyage, round {position.round}, dealer seat {position.dealer}",
        status=_status(position),
        notes=(_notes(position),),
        centre=centre,
        seats=tuple(rows),
        buttons=tuple((str(a), str(a)) for a in actions if a in moves),
    )
