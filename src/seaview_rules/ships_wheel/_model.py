"""Rules options and the records of a Ship's Wheel match: the phases, the result of a
hand and the game state."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

from attrs import Attribute, Factory, field, frozen

from seaview_rules._core import InvalidDataError, Player
from seaview_rules._options import boolean, in_range
from seaview_rules.ships_wheel._moves import Move
from seaview_rules.ships_wheel._pieces import (
    Card,
    CardId,
    CardTable,
    DeckSpec,
    table_of,
    winning_limit,
)
from seaview_rules.ships_wheel._rulebook import (
    CARDS_TO_DRAW,
    CROWDED_MAX_HAND_SIZE,
    DEFAULT_TARGETS,
    FIRST_DEALER,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MIN_HAND_SIZE,
    MIN_PLAYERS,
    RESHUFFLES,
    SMALLEST_HAND_SIZE,
    TIE_KEEPS_SIZE,
    Scoring,
    crowded,
)


def _default_target(rules: Any) -> int:
    return DEFAULT_TARGETS[rules.scoring]


def _scoring(value: object) -> Scoring:
    if isinstance(value, Scoring):
        return value
    try:
        return Scoring(value)
    except ValueError:
        raise InvalidDataError(
            "scoring", f"must be one of {[s.value for s in Scoring]}, not {value!r}"
        ) from None


def _deck_spec(value: object) -> DeckSpec:
    # A mapping of DeckSpec options is accepted too, so that rules can come from JSON.
    if isinstance(value, Mapping):
        try:
            return DeckSpec(**value)
        except InvalidDataError as exc:
            raise InvalidDataError(f"deck.{exc.where}", exc.problem) from None
        except TypeError as exc:
            raise InvalidDataError("deck", str(exc)) from None
    if not isinstance(value, DeckSpec):
        raise InvalidDataError("deck", f"must be a DeckSpec, not {value!r}")
    return value


def _min_hand_size(instance: object, attribute: Attribute[int], value: int) -> None:
    if type(value) is int and value == 1 < SMALLEST_HAND_SIZE:
        # SW-R2: one card that is not a Starfish or an Anchor is a winning hand on its
        # own, so nearly every deal is a tie, and a tie redeals the same size (SW-R9).
        raise InvalidDataError(
            attribute.name,
            f"must be {SMALLEST_HAND_SIZE} to {MAX_HAND_SIZE}, not 1: a hand of one card wins "
            "unless it is a Starfish or an Anchor, so nearly every deal is a tie (997 in "
            "1,000 with 4 players and the default deck) and a tie redeals the same size "
            "(SW-R2, SW-R9)",
        )
    in_range(SMALLEST_HAND_SIZE, MAX_HAND_SIZE)(instance, attribute, value)


@frozen(kw_only=True)
class Rules:
    """The options of a Ship's Wheel match. The defaults are the printed rules and our
    rulings.

    >>> Rules(players=3).hand_sizes, Rules().hand_sizes, Rules(decks=2).hand_sizes
    ((3, 4, 5, 6, 7, 8), (3, 4, 5, 6), (3, 4, 5, 6, 7, 8))
    >>> six = DeckSpec(shapes=[f"s{i}" for i in range(6)], colours=[f"c{i}" for i in range(6)], lighthouses=[])
    >>> Rules(players=3, deck=six, min_hand_size=5).hand_sizes
    (5, 6)
    >>> Rules(scoring=Scoring.HANDS).target
    5
    >>> Rules(players=6, deck=DeckSpec(shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=["x"]))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: deck: 6 hands of 3 cards and 2 to draw need more than the 18 cards of the deck (SW-R2)
    """

    players: int = field(default=4, validator=in_range(MIN_PLAYERS, MAX_PLAYERS))
    """Seats at the table, 2 to 6."""
    deck: DeckSpec = field(default=Factory(DeckSpec), converter=_deck_spec)
    """What one deck holds (SW-1, SW-R1); a mapping of `DeckSpec` options is converted."""
    decks: int = field(default=1, validator=in_range(1, 2))
    """Play with one deck or two shuffled together (SW-R1)."""
    scoring: Scoring = field(default=Scoring.CARDS, converter=_scoring)
    """Score cards in the winner's hand or hands won (SW-14)."""
    target: int = field(default=Factory(_default_target, takes_self=True), validator=in_range(1))
    """Match total that wins, by default 50 for card scoring and 5 for hand scoring
    (SW-R10)."""
    first_dealer: int = field(default=FIRST_DEALER, validator=in_range(0, MAX_PLAYERS - 1))
    """Seat of the first hand's dealer (SW-R10)."""
    min_hand_size: int = field(default=MIN_HAND_SIZE, validator=_min_hand_size)
    """The smallest hand a dealer may choose, 2 to 8 (SW-R2)."""
    max_hand_size: int = field(
        default=MAX_HAND_SIZE, validator=in_range(SMALLEST_HAND_SIZE, MAX_HAND_SIZE)
    )
    """The largest hand a dealer may choose (SW-R2)."""
    crowded_max_hand_size: int = field(
        default=CROWDED_MAX_HAND_SIZE, validator=in_range(SMALLEST_HAND_SIZE, MAX_HAND_SIZE)
    )
    """The largest hand with 4 or more players and one deck (SW-R2)."""
    max_reshuffles: int = field(default=RESHUFFLES, validator=in_range(0))
    """Times the discards become the deck in one hand; the next time the deck runs out
    the hand is a tie (SW-R8)."""
    tie_keeps_size: bool = field(default=TIE_KEEPS_SIZE, validator=boolean)
    """After a tie the next dealer redeals the same number of cards without choosing
    (SW-R9); ``False`` lets him choose."""
    table: CardTable = field(init=False, eq=False, hash=False, repr=False)
    """The cards of the deck(s), numbered (derived from ``deck`` and ``decks``)."""
    hand_sizes: tuple[int, ...] = field(init=False, eq=False, hash=False, repr=False)
    """The hand sizes a dealer may choose (SW-R2), never more than a hand can win with
    (SW-R4)."""

    def __attrs_post_init__(self) -> None:
        if self.first_dealer >= self.players:
            raise InvalidDataError("first_dealer", f"must be a seat below {self.players}")
        table = table_of(self.deck, self.decks)
        largest = self.max_hand_size
        if self.crowded:
            largest = min(largest, self.crowded_max_hand_size)
        if largest < self.min_hand_size:
            raise InvalidDataError(
                "max_hand_size",
                f"no hand size from {self.min_hand_size} to {largest} is allowed (SW-R2)",
            )
        if self.min_hand_size > table.max_winning:
            raise InvalidDataError(
                "min_hand_size",
                f"hands of {self.min_hand_size} can never win with this deck "
                f"({winning_limit(self.deck)}, SW-R4)",
            )
        object.__setattr__(self, "table", table)
        # SW-R4: a hand too large to ever win would be redealt for ever after a tie
        # (SW-R9), so such sizes are never offered.
        largest = min(largest, table.max_winning)
        total = len(table.full)
        if self.players * largest + CARDS_TO_DRAW > total:
            raise InvalidDataError(
                "deck",
                f"{self.players} hands of {largest} cards and {CARDS_TO_DRAW} to draw need more than "
                f"the {total} cards of the deck (SW-R2)",
            )
        object.__setattr__(self, "hand_sizes", tuple(range(self.min_hand_size, largest + 1)))

    @property
    def crowded(self) -> bool:
        """Whether four or more players share one deck, so that the printed advice caps
        the hands at ``crowded_max_hand_size`` (SW-R2)."""
        return crowded(self.players, self.decks)


class Phase(enum.Enum):
    """What happens next in a match."""

    SIZE = "size"
    """The dealer chooses the hand size (SW-2)."""
    DEAL = "deal"
    """Chance: the next card of the deal goes to `State.player` (SW-2)."""
    DRAW = "draw"
    """`State.player` draws from the deck or takes the top of a discard pile (SW-5)."""
    DECK = "deck"
    """Chance: the card `State.player` draws from the deck (SW-5)."""
    DISCARD = "discard"
    """`State.player` discards any card onto his own pile (SW-6)."""
    PASS = "pass"
    """Every seat secretly chooses the card it passes to the left, all at the same time,
    after `State.player` discarded an Anchor (SW-10, SW-R7)."""
    OVER = "over"
    """A player's total reached the target; the match is over (SW-14)."""


class Ending(enum.Enum):
    """When a hand was decided."""

    DEAL = "deal"
    """Winning hands right after the deal (SW-R6)."""
    DISCARD = "discard"
    """The discarder's winning hand (SW-R6)."""
    PASS = "pass"
    """Winning hands right after a pass (SW-R6)."""
    EXHAUSTION = "exhaustion"
    """The deck ran out once too often, a tie (SW-13)."""


@frozen
class HandResult:
    """How one hand ended."""

    dealer: int
    hand_size: int
    ending: Ending
    winners: tuple[int, ...]
    """The seats holding a winning hand, in seat order. One is a win, two or more a
    tie (SW-12), none a tie by exhaustion (SW-13)."""
    points: int
    """What the winner scored (0 after a tie)."""
    reshuffles: int
    """How often the discards became the deck during the hand (SW-13)."""

    @property
    def winner(self) -> int | None:
        """The seat that won the hand, or ``None`` for a tie."""
        return self.winners[0] if len(self.winners) == 1 else None


_new = object.__new__


@frozen
class State:
    """A moment of a Ship's Wheel match. Build one with `new_game`; change it with
    `apply_move`.

    Cards are card ids of ``rules.table`` (see `State.cards`); every card of the deck(s)
    is exactly once (counting copies) in ``hands``, ``deck`` and ``piles``. Hands and the
    deck are sorted tuples (multisets): the deck's order never matters, since every draw
    from it is uniform. Each discard pile runs from bottom to top.
    """

    rules: Rules
    phase: Phase
    player: int
    """The seat to act, or at a chance node the seat receiving the card; in phase PASS,
    the seat that discarded the Anchor (every seat still choosing may act); once the
    match is over, its winner."""
    dealer: int
    hand_size: int
    """Cards in each hand this hand (0 while the dealer chooses)."""
    hands: tuple[tuple[CardId, ...], ...]
    deck: tuple[CardId, ...]
    piles: tuple[tuple[CardId, ...], ...]
    passing: tuple[CardId | None, ...]
    """In phase PASS, the card id each seat has committed so far (secret, SW-R7), in
    any order; ``None`` for a seat still choosing."""
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    """The hands finished so far."""
    reshuffles: int
    """How often the discards became the deck in the current hand (SW-13)."""

    @property
    def hand_number(self) -> int:
        """The number of the current hand, from 1 (the last one once the match is over)."""
        return len(self.results) + (self.phase is not Phase.OVER)

    def cards(self, ids: Iterable[int]) -> tuple[Card, ...]:
        """The cards of a tuple of ids, such as ``state.hands[0]`` or ``state.deck``."""
        cards = self.rules.table.cards
        return tuple(cards[i] for i in ids)


_SLOTS = vars(State)
_set_rules = _SLOTS["rules"].__set__
_set_phase = _SLOTS["phase"].__set__
_set_player = _SLOTS["player"].__set__
_set_dealer = _SLOTS["dealer"].__set__
_set_hand_size = _SLOTS["hand_size"].__set__
_set_hands = _SLOTS["hands"].__set__
_set_deck = _SLOTS["deck"].__set__
_set_piles = _SLOTS["piles"].__set__
_set_passing = _SLOTS["passing"].__set__
_set_scores = _SLOTS["scores"].__set__
_set_results = _SLOTS["results"].__set__
_set_reshuffles = _SLOTS["reshuffles"].__set__


def build_state(
    *,
    rules: Rules,
    phase: Phase,
    player: int,
    dealer: int,
    hand_size: int,
    hands: tuple[tuple[CardId, ...], ...],
    deck: tuple[CardId, ...],
    piles: tuple[tuple[CardId, ...], ...],
    passing: tuple[CardId | None, ...],
    scores: tuple[int, ...],
    results: tuple[HandResult, ...],
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
    _set_hand_size(state, hand_size)
    _set_hands(state, hands)
    _set_deck(state, deck)
    _set_piles(state, piles)
    _set_passing(state, passing)
    _set_scores(state, scores)
    _set_results(state, results)
    _set_reshuffles(state, reshuffles)
    return state


@frozen
class View:
    """A seat's view: its own hand and its own pending pass, and of the others only what
    lies face up or is counted in the open. A spectator (``seat=None``) sees no hand.

    Cards are card ids of ``rules.table``. Of each discard pile only the top card and
    the number of cards show; the deck shows only its size.

    A view is all a client needs to draw the table and play: whose turn it is
    (`to_move`), the moves this seat may make (`legal_moves`), the scores and the hands
    finished, the number of the hand (`hand_number`), its dealer and size, and the size
    of every hand, every pile and the deck. Nothing in it depends on what the seat cannot see: not even its
    legal moves, which follow from its hand, the pile tops and the phase (`loads` works
    them out again).
    """

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    """The seat to act, or at a chance node the seat receiving the card, as in
    `State.player` (in phase PASS the Anchor's discarder; once the match is over, its
    winner); `to_move` says who moves."""
    dealer: int
    hand_size: int
    hand: tuple[CardId, ...] | None
    """The seat's own hand; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    pile_tops: tuple[CardId | None, ...]
    """The top card of each seat's discard pile (``None`` if empty)."""
    pile_sizes: tuple[int, ...]
    anchor: int | None
    """The seat that discarded the Anchor, in phase PASS (``None`` otherwise)."""
    choosing: tuple[int, ...]
    """In phase PASS, the seats still choosing the card they pass, in the order the
    rules give, from the discarder's left round to him (SW-10, SW-R7); otherwise none.
    Whether a seat has chosen is public, what it chose is not."""
    passing: CardId | None
    """The card this seat chose to pass, while the pass is pending (SW-R7)."""
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    reshuffles: int
    to_move: Player | None
    """The seat to move next, `CHANCE` while a card comes off the deck, or ``None`` once
    the match is over. It is always ``current_player`` of the state, which every seat
    knows."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now, in ``legal_moves`` order, or none unless this
    seat is to move (so none for a spectator, at a chance node and after the match).
    During an Anchor pass, they are this seat's choices while it is in `choosing`,
    whether or not it is `to_move` (SW-R7)."""

    @property
    def hand_number(self) -> int:
        """The number of the current hand, from 1 (the last one once the match is over),
        as `State.hand_number`."""
        return len(self.results) + (self.phase is not Phase.OVER)

    def cards(self, ids: Iterable[int | None]) -> tuple[Card | None, ...]:
        """The cards of card ids, such as ``view.hand`` or ``view.pile_tops`` (an empty
        pile's ``None`` stays ``None``).

        >>> from seaview_rules import ships_wheel as sw
        >>> state = sw.new_game(sw.Rules(players=2))
        >>> state = sw.apply_move(state, sw.parse_move("size 3"))
        >>> state = sw.apply_move(state, sw.parse_move("deal red-star"))
        >>> [str(c) for c in sw.view(state, 1).cards(sw.view(state, 1).hand)]
        ['red-star']
        """
        cards = self.rules.table.cards
        return tuple(None if i is None else cards[i] for i in ids)
