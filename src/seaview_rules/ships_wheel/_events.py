"""What each move of a Ship's Wheel match did, as each seat saw it: events and narration.

Every move gives one or more events (`events`), the same ones for every viewer; only
the cards a viewer may not see are ``None``. A card that comes off the deck goes into a
hand face down, so `Dealt` and `Drew` name it only for the seat that receives it and
for the omniscient log. An Anchor pass is secret until every seat has chosen (SW-R7):
`PassChosen` names the card only for the seat that chose it, and `Received` only for
the seat that receives it. Everything else is in sight of the whole table: a card
taken from or discarded onto a pile, the hand size, the effect of an action card, and
the hands that win, which are shown to claim the win.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from seaview_rules._core import OMNISCIENT, Event, Viewer, check_seat
from seaview_rules._words import subject, verb
from seaview_rules.ships_wheel._model import Ending, Phase, State
from seaview_rules.ships_wheel._moves import Action, Deal, Discard, Move, Pass, Size, Take
from seaview_rules.ships_wheel._pieces import Card, CardId, Kind

__all__ = [
    "CardsPassed",
    "DealDone",
    "Dealt",
    "DeckChosen",
    "DeckRanOut",
    "DeckRebuilt",
    "Discarded",
    "Drew",
    "GoesAgain",
    "HandTied",
    "HandWon",
    "PassBegins",
    "PassChosen",
    "Received",
    "SizeChosen",
    "Skipped",
    "Took",
    "events",
    "narrate",
]


def _who(seat: int, viewer: Viewer, third: str, second: str) -> str:
    """The subject and its verb: "seat 2 draws" or "you draw"."""
    return f"{subject(seat, viewer)} {verb(seat, viewer, third, second)}"


@frozen
class SizeChosen(Event):
    """The dealer, ``seat``, chose to deal hands of ``cards`` cards (SW-2)."""

    seat: int
    cards: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 deals hands of 4", "you deal hands of 4"."""
        return f"{_who(self.seat, viewer, 'deals', 'deal')} hands of {self.cards}"


@frozen
class Dealt(Event):
    """A card of the deal went to ``seat`` (SW-2). Not worth a line in `narrate`, but a
    frontend may animate it."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 is dealt a card", "you are dealt red-star"."""
        card = "a card" if self.card is None else str(self.card)
        return f"{_who(self.seat, viewer, 'is', 'are')} dealt {card}"


@frozen
class DealDone(Event):
    """The last card of the deal was dealt; every hand is checked (SW-R6)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the deal is done"


@frozen
class DeckChosen(Event):
    """``seat`` draws from the deck rather than from a pile (SW-5); the card follows in
    `Drew`, so `narrate` leaves this out."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 chooses to draw from the deck"."""
        return f"{_who(self.seat, viewer, 'chooses', 'choose')} to draw from the deck"


@frozen
class Drew(Event):
    """``seat`` drew a card from the deck (SW-5)."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 draws from the deck", "you draw red-star from the deck"."""
        card = "" if self.card is None else f" {self.card}"
        return f"{_who(self.seat, viewer, 'draws', 'draw')}{card} from the deck"


@frozen
class DeckRebuilt(Event):
    """The deck ran out: the ``cards`` of every discard pile became the new deck, face
    down (SW-13, SW-R8)."""

    cards: int
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the deck ran out and the discards become the new deck"


@frozen
class Took(Event):
    """``seat`` took ``card``, the top of ``pile``'s discard pile (SW-5)."""

    seat: int
    pile: int
    """The seat whose pile it was (``seat`` itself for its own pile)."""
    card: Card

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 takes red-star from seat 1's pile", "you take red-star
        from your own pile", "seat 0 takes red-star from your pile"."""
        if self.pile == self.seat:
            pile = "your own pile" if viewer == self.seat else "his own pile"
        else:
            pile = "your pile" if viewer == self.pile else f"seat {self.pile}'s pile"
        return f"{_who(self.seat, viewer, 'takes', 'take')} {self.card} from {pile}"


@frozen
class Discarded(Event):
    """``seat`` discarded ``card`` face up onto its own pile (SW-6)."""

    reveals: ClassVar[bool] = True

    seat: int
    card: Card

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 discards red-star", "you discard red-star"."""
        return f"{_who(self.seat, viewer, 'discards', 'discard')} {self.card}"


@frozen
class GoesAgain(Event):
    """The White Starfish: ``seat`` takes another whole turn (SW-8)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 0 takes another turn", "you take another turn"."""
        return f"{_who(self.seat, viewer, 'takes', 'take')} another turn"


@frozen
class Skipped(Event):
    """The Black Starfish: ``seat`` loses its turn (SW-9, SW-R11)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 is skipped", "you are skipped"."""
        return f"{_who(self.seat, viewer, 'is', 'are')} skipped"


@frozen
class PassBegins(Event):
    """The Anchor: every seat secretly chooses a card to pass left (SW-10, SW-R7)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "every seat chooses a card to pass to the left"


@frozen
class PassChosen(Event):
    """``seat`` chose the card it passes to the left (SW-R7)."""

    seat: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 1 chooses a card to pass", "you choose red-star to pass"."""
        card = "a card" if self.card is None else str(self.card)
        return f"{_who(self.seat, viewer, 'chooses', 'choose')} {card} to pass"


@frozen
class CardsPassed(Event):
    """Every seat has chosen: the chosen cards move one seat left at once (SW-10)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "every seat passes its chosen card to the left"


@frozen
class Received(Event):
    """``seat`` received ``card``, chosen by ``giver`` on its right (SW-10). The card is
    seen by ``seat``: `reveals` is set, so the pass cannot be taken back."""

    reveals: ClassVar[bool] = True

    seat: int
    giver: int
    card: Card | None
    """The card; ``None`` for every viewer but ``seat`` and the omniscient log (the
    giver knows it from its own `PassChosen`)."""

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 2 receives a card from seat 1", "you receive blue-moon from
        seat 1"."""
        card = "a card" if self.card is None else str(self.card)
        giver = "you" if viewer == self.giver else f"seat {self.giver}"
        return f"{_who(self.seat, viewer, 'receives', 'receive')} {card} from {giver}"


@frozen
class HandWon(Event):
    """``seat`` won the hand with ``hand``, shown to the table, scoring ``points``
    (SW-3, SW-14); ``wins_match`` if that took its total to the target (SW-R10)."""

    reveals: ClassVar[bool] = True

    seat: int
    hand: tuple[Card, ...]
    points: int
    wins_match: bool

    def text(self, viewer: Viewer = None) -> str:
        """For example "seat 2 wins the hand, scoring 4", "you win the hand, scoring 4;
        you win the match"."""
        won = _who(self.seat, viewer, "wins", "win")
        text = f"{won} the hand, scoring {self.points}"
        return f"{text}; {won} the match" if self.wins_match else text


@frozen
class HandTied(Event):
    """Two or more seats, ``winners``, held a winning hand at once: nobody wins the hand
    (SW-12). Their ``hands`` are shown, in the same order."""

    reveals: ClassVar[bool] = True

    winners: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """For example "seats 0, 2 all win: the hand is a tie", "you and seat 2 all
        win: the hand is a tie"."""
        others = [str(s) for s in self.winners if s != viewer]
        if len(others) == len(self.winners):
            who = f"seats {', '.join(others)}"
        else:
            who = f"you and seat{'s' * (len(others) > 1)} {', '.join(others)}"
        return f"{who} all win: the hand is a tie"


@frozen
class DeckRanOut(Event):
    """The deck ran out once more than `Rules.max_reshuffles` allows: the hand is a
    tie (SW-13, SW-R8)."""

    seat: None = None

    def text(self, viewer: Viewer = None) -> str:
        """The same words for every viewer."""
        return "the deck ran out again: the hand is a tie"


_EFFECTS = (GoesAgain, Skipped, PassBegins)
"""Events that say what the action card just discarded does: `narrate` joins them to
the discard with a colon."""


def events(before: State, move: Move, after: State, *, seat: Viewer = None) -> tuple[Event, ...]:
    """What the legal ``move`` from ``before`` to ``after`` did, as ``seat`` saw it: a
    seat, ``None`` for a spectator, or `~seaview_rules.OMNISCIENT` for the server's own
    log (every card named).

    >>> from seaview_rules import OMNISCIENT
    >>> from seaview_rules.ships_wheel import Rules, apply_move, new_game, parse_move
    >>> state = apply_move(new_game(Rules(players=2)), parse_move("size 3"))
    >>> deal = parse_move("deal red-star")
    >>> [events(state, deal, apply_move(state, deal), seat=s) for s in (1, 0, OMNISCIENT)]
    [(Dealt(seat=1, card=Card.parse('red-star')),), (Dealt(seat=1, card=None),), (Dealt(seat=1, card=Card.parse('red-star')),)]

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game, ``None`` or
            `~seaview_rules.OMNISCIENT`.
    """
    if seat is not OMNISCIENT:
        check_seat(seat, before.rules.players)
    mover = before.player
    told: list[Event] = []
    if isinstance(move, Deal):
        # The card goes into the mover's hand, face down.
        card = move.card if seat is OMNISCIENT or seat == mover else None
        if before.phase is Phase.DEAL:
            told.append(Dealt(mover, card))
            if after.phase is not Phase.DEAL or after.results != before.results:
                told.append(DealDone())
        else:
            told.append(Drew(mover, card))
            if after.reshuffles > before.reshuffles:
                told.append(DeckRebuilt(sum(map(len, before.piles))))
    elif isinstance(move, Discard):
        told.append(Discarded(mover, move.card))
        if len(after.results) == len(before.results):  # an action card acts (SW-8 to SW-10)
            card_kind = move.card.kind
            if card_kind is Kind.WHITE_STARFISH:
                told.append(GoesAgain(mover))
            elif card_kind is Kind.BLACK_STARFISH:
                told.append(Skipped((mover + 1) % before.rules.players))
            elif card_kind is Kind.ANCHOR:
                told.append(PassBegins())
    elif isinstance(move, Take):
        top = before.piles[move.seat][-1]
        told.append(Took(mover, move.seat, before.rules.table.cards[top]))
    elif isinstance(move, Pass):
        told.append(PassChosen(mover, move.card if seat is OMNISCIENT or seat == mover else None))
        if after.phase is not Phase.PASS:
            told.append(CardsPassed())
            cards = before.rules.table.cards
            chosen = _chosen(before, move)
            n = before.rules.players
            for receiver in range(n):
                seen = seat is OMNISCIENT or seat == receiver
                giver = (receiver - 1) % n
                told.append(Received(receiver, giver, cards[chosen[giver]] if seen else None))
    elif isinstance(move, Size):
        told.append(SizeChosen(mover, move.cards))
    elif move is Action.DRAW:
        told.append(DeckChosen(mover))
    if len(after.results) > len(before.results):
        told.append(_end_of_hand(before, move, after))
    return tuple(told)


def _chosen(before: State, move: Pass) -> tuple[CardId, ...]:
    """The card id every seat passes, once the mover of ``before`` chose ``move``."""
    passing = list(before.passing)
    passing[before.player] = before.rules.table.index[move.card]
    chosen = tuple(i for i in passing if i is not None)
    assert len(chosen) == len(passing)  # the last choice of the pass
    return chosen


def _hand_after(before: State, move: Move, seat: int) -> tuple[CardId, ...]:
    """``seat``'s hand once the ``move`` that ended the hand is made (the engine then
    starts the next hand at once, so ``after`` no longer holds it)."""
    table = before.rules.table
    hand = list(before.hands[seat])
    if isinstance(move, Deal) and seat == before.player:
        hand.append(table.index[move.card])
    elif isinstance(move, Discard) and seat == before.player:
        hand.remove(table.index[move.card])
    elif isinstance(move, Pass):
        chosen = _chosen(before, move)
        hand.remove(chosen[seat])
        hand.append(chosen[seat - 1])
    return tuple(sorted(hand))


def _end_of_hand(before: State, move: Move, after: State) -> Event:
    result = after.results[-1]
    if result.ending is Ending.EXHAUSTION:
        return DeckRanOut()
    # The winning hands are shown to claim the win (SW-3), a tie's too (SW-12).
    hands = tuple(before.cards(_hand_after(before, move, s)) for s in result.winners)
    if result.winner is None:
        return HandTied(result.winners, hands)
    return HandWon(result.winner, hands[0], result.points, after.phase is Phase.OVER)


def narrate(before: State, move: Move, after: State, *, seat: Viewer = None) -> str:
    """What ``move`` did, in words for ``seat``: the texts of its `events` for that
    viewer joined by "; " (and by ": " to the effect of an action card), leaving out
    each card of the deal (`Dealt`), the choice of the deck (`DeckChosen`, the card
    drawn follows) and the cards other seats receive in a pass (`Received`), none of
    which is worth a line. ``None`` (the default) is a spectator, who is told of no
    hidden card; `~seaview_rules.OMNISCIENT` gives everything, for the server's own log
    (each card passed is named where it is chosen).

    >>> from seaview_rules import OMNISCIENT
    >>> from seaview_rules.ships_wheel import Rules, apply_move, new_game, parse_move
    >>> state = new_game(Rules(players=2))
    >>> narrate(state, parse_move("size 4"), apply_move(state, parse_move("size 4")))
    'seat 0 deals hands of 4'
    >>> state = apply_move(state, parse_move("size 3"))
    >>> for text in ("red-star", "anchor", "red-circle", "blue-moon", "blue-star", "green-moon"):
    ...     state = apply_move(state, parse_move(f"deal {text}"))
    >>> state = apply_move(apply_move(state, parse_move("draw")), parse_move("deal anchor"))
    >>> anchor = parse_move("anchor")
    >>> narrate(state, anchor, apply_move(state, anchor), seat=1)
    'you discard anchor: every seat chooses a card to pass to the left'

    A pass choice is named for the seat that makes it, and for the omniscient log only:

    >>> state, choice = apply_move(state, anchor), parse_move("pass green-moon")
    >>> chosen = apply_move(state, choice)
    >>> [narrate(state, choice, chosen, seat=s) for s in (0, 1, None, OMNISCIENT)]
    ['you choose green-moon to pass', 'seat 0 chooses a card to pass', 'seat 0 chooses a card to pass', 'seat 0 chooses green-moon to pass']
    >>> last = parse_move("pass red-star")
    >>> narrate(chosen, last, apply_move(chosen, last), seat=0)
    'seat 1 chooses a card to pass; every seat passes its chosen card to the left; you receive red-star from seat 1; seat 1 wins the hand, scoring 3'

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game, ``None`` or
            `~seaview_rules.OMNISCIENT`.
    """
    text = ""
    for event in events(before, move, after, seat=seat):
        kind = type(event)
        if (
            kind is Dealt
            or kind is DeckChosen
            or (isinstance(event, Received) and event.seat != seat)
        ):
            continue
        joint = ": " if kind in _EFFECTS else "; "
        text = f"{text}{joint}{event.text(seat)}" if text else event.text(seat)
    return text
