"""The rules options and the records of a Voyage match: the phases, the result of a
round and the game state."""

from __future__ import annotations

import enum

from attrs import field, frozen

from seaview_rules._core import InvalidDataError, Player
from seaview_rules._options import boolean, in_range
from seaview_rules.voyage._moves import Move
from seaview_rules.voyage._pieces import Card, CardSet, deck_of
from seaview_rules.voyage._rulebook import (
    COLOURS,
    FIRST_DEALER,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MUST_PLAY,
    NUMBERS,
    TARGET,
)


@frozen(kw_only=True)
class Rules:
    """The options of a Voyage match. The defaults are the printed rules and our rulings.

    >>> Rules().deck_size, Rules(players=2, colours=2, numbers=3, hand_size=2).deck_size
    (39, 6)
    >>> Rules(players=7)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: players: must be 2 to 6, not 7
    """

    players: int = field(default=4, validator=in_range(MIN_PLAYERS, MAX_PLAYERS))
    """Seats at the table, 2 to 6."""
    colours: int = field(default=COLOURS, validator=in_range(1, COLOURS))
    """How many colours the deck has (red, then green, then blue; VOY-R1)."""
    numbers: int = field(default=NUMBERS, validator=in_range(1, NUMBERS))
    """How many numbers each colour has, from 1 up (VOY-R1)."""
    hand_size: int = field(default=HAND_SIZE, validator=in_range(1))
    """Cards dealt to each player (VOY-1)."""
    target: int = field(default=TARGET, validator=in_range(1))
    """Match total that wins the game (VOY-8)."""
    first_dealer: int = field(default=FIRST_DEALER, validator=in_range(0, MAX_PLAYERS - 1))
    """Seat of the first round's dealer (VOY-R6)."""
    must_play: bool = field(default=MUST_PLAY, validator=boolean)
    """A player who can match must play (VOY-R3); ``False`` lets him draw instead."""

    def __attrs_post_init__(self) -> None:
        if self.deck_size < 2:
            raise InvalidDataError("numbers", "the deck needs at least 2 cards")
        if self.players * self.hand_size > self.deck_size:
            raise InvalidDataError(
                "hand_size",
                f"{self.players} hands of {self.hand_size} need more than "
                f"the {self.deck_size} cards of the deck",
            )
        if self.first_dealer >= self.players:
            raise InvalidDataError("first_dealer", f"must be a seat below {self.players}")

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck, colours times numbers."""
        return self.colours * self.numbers

    @property
    def deck(self) -> CardSet:
        """The cards of the deck (VOY-R1)."""
        return deck_of(self.colours, self.numbers)


class Phase(enum.Enum):
    """What happens next in a round."""

    DEAL = "deal"
    """Chance: the next card of the deal goes to `State.player` (VOY-1)."""
    LEAD = "lead"
    """`State.player` starts the discard pile with any card (VOY-2)."""
    TURN = "turn"
    """`State.player` plays a matching card, or draws (VOY-3, VOY-4)."""
    DRAW = "draw"
    """Chance: the card `State.player` draws from the draw pile (VOY-4)."""
    DRAWN = "drawn"
    """`State.player` drew a card: he plays it if it matches, or keeps it (VOY-R4)."""
    OVER = "over"
    """A player's total reached the target; the match is over (VOY-8)."""


@frozen
class RoundResult:
    """How one round ended (VOY-5)."""

    dealer: int
    winner: int
    """The seat that played its last card."""
    points: int
    """The winner's points, one per card left in the other hands."""
    cards_left: tuple[int, ...]
    """Cards left in each seat's hand when the round ended."""
    reshuffles: int
    """How often the draw pile was rebuilt during the round (VOY-6)."""


_new = object.__new__


@frozen
class State:
    """A moment of a Voyage match. Build one with `new_game`; change it with `apply_move`.

    Cards are accounted for exactly once across ``hands``, ``draw_pile``, ``discard_top``
    and ``discard_under``. Hands and the draw pile are sets (`CardSet`); the discard pile
    keeps its order, because every card in it was played face up in front of the table
    (VOY-R9).
    """

    rules: Rules
    phase: Phase
    player: int
    """The seat to act, or at a chance node the seat receiving the card."""
    dealer: int
    hands: tuple[CardSet, ...]
    draw_pile: CardSet
    discard_top: Card | None
    """The top card of the discard pile; ``None`` until the lead (VOY-2)."""
    discard_under: tuple[Card, ...]
    """The cards under the top, in the order they were played (the first card of the pile
    first, the card just below the top last); empty again once the pile is turned into a
    new draw pile (VOY-6)."""
    drawn: Card | None
    """In phase DRAWN, the card just drawn."""
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    """The rounds finished so far."""
    reshuffles: int
    """How often the draw pile was rebuilt in the current round."""

    @property
    def round(self) -> int:
        """The number of the current round, from 1 (the last one once the match is over)."""
        return len(self.results) + (self.phase is not Phase.OVER)


_SLOTS = vars(State)
_set_rules = _SLOTS["rules"].__set__
_set_phase = _SLOTS["phase"].__set__
_set_player = _SLOTS["player"].__set__
_set_dealer = _SLOTS["dealer"].__set__
_set_hands = _SLOTS["hands"].__set__
_set_draw_pile = _SLOTS["draw_pile"].__set__
_set_discard_top = _SLOTS["discard_top"].__set__
_set_discard_under = _SLOTS["discard_under"].__set__
_set_drawn = _SLOTS["drawn"].__set__
_set_scores = _SLOTS["scores"].__set__
_set_results = _SLOTS["results"].__set__
_set_reshuffles = _SLOTS["reshuffles"].__set__


def build_state(
    *,
    rules: Rules,
    phase: Phase,
    player: int,
    dealer: int,
    hands: tuple[CardSet, ...],
    draw_pile: CardSet,
    discard_top: Card | None,
    discard_under: tuple[Card, ...],
    drawn: Card | None,
    scores: tuple[int, ...],
    results: tuple[RoundResult, ...],
    reshuffles: int,
) -> State:
    """`State(...)` by keyword, with the slots filled by their own setters: attrs'
    frozen ``__init__`` stores each field through ``object.__setattr__``, which looks
    the name up again. Every state of the game is built with it; what it saves is
    measured on the performance page."""
    state = _new(State)
    _set_rules(state, rules)
    _set_phase(state, phase)
    _set_player(state, player)
    _set_dealer(state, dealer)
    _set_hands(state, hands)
    _set_draw_pile(state, draw_pile)
    _set_discard_top(state, discard_top)
    _set_discard_under(state, discard_under)
    _set_drawn(state, drawn)
    _set_scores(state, scores)
    _set_results(state, results)
    _set_reshuffles(state, reshuffles)
    return state


@frozen
class View:
    """A seat's view: its own hand, and of the others only what lies face up or is
    counted in the open. A spectator (``seat=None``) sees no hand at all.

    The whole discard pile is in sight: its top card, and the cards under it in the order
    they were played, since each was played face up in front of everyone (VOY-R9). Once
    the pile is turned into a new draw pile (VOY-6) those cards are hidden again. The other
    hands and the draw pile are shown as counts only.

    A view is all a client needs to draw the table and play: whose turn it is
    (`to_move`), the moves this seat may make (`legal_moves`), the scores, the round
    and its dealer, and the size of every hand and of the draw pile. The number of the
    round is the property `round`, not a field: the view's JSON document (version 2)
    writes it after the fields, with the outcome, and the reader checks both. Nothing
    in it depends on what the seat cannot see: not even its legal moves, which follow
    from its hand, the top card, the phase, the card it drew and whether anything is
    left to draw (`loads` works them out again).
    """

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    """The seat to act, or at a chance node the seat receiving the card, as in
    `State.player`; `to_move` says who moves."""
    dealer: int
    hand: CardSet | None
    """The seat's own hand; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard_top: Card | None
    discard_under: tuple[Card, ...]
    """The cards under the top, in the order they were played (the card just below the
    top last), as in `State.discard_under`."""
    drawn: Card | None
    """The card the seat just drew (phase DRAWN, own seat only)."""
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    reshuffles: int
    to_move: Player | None
    """The seat to move next, `CHANCE` while a card comes off the draw pile, or ``None``
    once the match is over. It is always ``current_player`` of the state, which every
    seat knows."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now, in ``legal_moves`` order, or none unless this
    seat is to move (so none for a spectator, at a chance node and after the match)."""

    @property
    def round(self) -> int:
        """The number of the current round, from 1 (the last one once the match is
        over), as `State.round`: ``len(results) + 1`` while the match goes on."""
        return len(self.results) + (self.phase is not Phase.OVER)
