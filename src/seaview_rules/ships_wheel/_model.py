"""Cards, decks, rules options and the game state of the Ship's Wheel card game."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from attrs import Factory, field, frozen

from seaview_rules._core import InvalidDataError
from seaview_rules._options import boolean, in_range

MAX_NAMES = 12
"""At most this many shapes, and this many colours, in a deck."""
MAX_ACTION_CARDS = 20
"""At most this many cards of each action kind in a deck."""

_NAME = re.compile(r"[a-z][a-z0-9]*\Z")
_RESERVED_SHAPES = frozenset({"lighthouse", "starfish"})


class Kind(enum.Enum):
    """What a card is (SW-1). The value is used in JSON and notation."""

    PLAIN = "plain"
    """A shape in a colour."""
    LIGHTHOUSE = "lighthouse"
    """The wild card, standing for a shape and a colour missing from the hand (SW-3)."""
    WHITE_STARFISH = "white-starfish"
    """Go again (SW-8)."""
    BLACK_STARFISH = "black-starfish"
    """The next player is skipped (SW-9)."""
    ANCHOR = "anchor"
    """Every player passes one card to the left (SW-10)."""


ACTION_KINDS = frozenset({Kind.WHITE_STARFISH, Kind.BLACK_STARFISH, Kind.ANCHOR})
"""The kinds that can never be taken from a discard pile or held in a winning hand."""


@frozen(repr=False, cache_hash=True)
class Card:
    """One card. Plain cards have a shape and a colour, Lighthouses a colour only.

    Notation: ``red-star`` (colour then shape), ``red-lighthouse``, ``white-starfish``,
    ``black-starfish``, ``anchor``.

    >>> Card.parse("Red-Star")
    Card.parse('red-star')
    >>> Card.parse("anchor").kind
    <Kind.ANCHOR: 'anchor'>
    """

    kind: Kind
    colour: str | None = None
    shape: str | None = None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in notation, for example ``"red-star"`` or ``"anchor"``.

        Raises:
            ValueError: not a card.
        """
        parts = text.strip().lower().split("-")
        if len(parts) == 1 and parts[0] == "anchor":
            return ANCHOR_CARD
        if len(parts) == 2 and all(_NAME.match(p) for p in parts):
            first, second = parts
            if second == "starfish" and first in ("white", "black"):
                return WHITE_STARFISH_CARD if first == "white" else BLACK_STARFISH_CARD
            if second == "lighthouse":
                return cls(Kind.LIGHTHOUSE, first)
            if second not in _RESERVED_SHAPES:
                return cls(Kind.PLAIN, first, second)
        raise ValueError(f"not a Ship's Wheel card: {text!r} (expected e.g. 'red-star')")

    @property
    def is_action(self) -> bool:
        """Whether this is a Starfish or an Anchor (SW-7)."""
        return self.kind in ACTION_KINDS

    def __str__(self) -> str:
        if self.kind is Kind.PLAIN:
            return f"{self.colour}-{self.shape}"
        if self.kind is Kind.LIGHTHOUSE:
            return f"{self.colour}-lighthouse"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


WHITE_STARFISH_CARD = Card(Kind.WHITE_STARFISH)
BLACK_STARFISH_CARD = Card(Kind.BLACK_STARFISH)
ANCHOR_CARD = Card(Kind.ANCHOR)


def _names(what: str, value: object) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidDataError(what, f"must be a list of names, not {value!r}")
    names = tuple(value)
    for name in names:
        if not isinstance(name, str) or not _NAME.match(name):
            raise InvalidDataError(what, f"{name!r} is not a name (lower-case letters and digits)")
    return names


def _shapes(value: object) -> tuple[str, ...]:
    return _names("shapes", value)


def _colours(value: object) -> tuple[str, ...]:
    return _names("colours", value)


def _lighthouses(value: object) -> tuple[str, ...]:
    return _names("lighthouses", value)


@frozen(kw_only=True)
class DeckSpec:
    """What one deck holds (SW-1, SW-R1). The defaults are our labelled reconstruction.

    Every shape comes in every colour, once; each Lighthouse is given by its colour
    (listing a colour twice puts two matching Lighthouses in the deck); the action cards
    are counted.

    >>> DeckSpec().size
    48
    >>> DeckSpec(shapes=["star"], colours=["red"], lighthouses=[]).size
    9
    >>> DeckSpec(shapes=[], colours=["red"])
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: shapes: a deck needs plain cards: at least one shape
    """

    shapes: tuple[str, ...] = field(
        default=("circle", "square", "triangle", "star", "diamond", "heart"),
        converter=_shapes,
    )
    """The shape names, in card order."""
    colours: tuple[str, ...] = field(
        default=("red", "orange", "yellow", "green", "blue", "purple"),
        converter=_colours,
    )
    """The colour names, in card order."""
    lighthouses: tuple[str, ...] = field(
        default=("red", "yellow", "green", "blue"), converter=_lighthouses
    )
    """The colour of each Lighthouse card."""
    white_starfish: int = field(default=3, validator=in_range(0, MAX_ACTION_CARDS))
    black_starfish: int = field(default=3, validator=in_range(0, MAX_ACTION_CARDS))
    anchors: int = field(default=2, validator=in_range(0, MAX_ACTION_CARDS))

    def __attrs_post_init__(self) -> None:
        for what, names in (("shapes", self.shapes), ("colours", self.colours)):
            if not names:
                raise InvalidDataError(what, f"a deck needs plain cards: at least one {what[:-1]}")
            if len(names) > MAX_NAMES:
                raise InvalidDataError(what, f"at most {MAX_NAMES}, not {len(names)}")
            if len(set(names)) != len(names):
                raise InvalidDataError(what, "a name appears twice")
        reserved = _RESERVED_SHAPES.intersection(self.shapes)
        if reserved:
            raise InvalidDataError("shapes", f"{sorted(reserved)[0]!r} is a card kind, not a shape")
        unknown = [c for c in self.lighthouses if c not in self.colours]
        if unknown:
            raise InvalidDataError("lighthouses", f"{unknown[0]!r} is not a colour of the deck")
        if len(self.lighthouses) > MAX_ACTION_CARDS:
            raise InvalidDataError("lighthouses", f"at most {MAX_ACTION_CARDS} Lighthouses")

    @property
    def size(self) -> int:
        """Cards in one deck."""
        return (
            len(self.shapes) * len(self.colours)
            + len(self.lighthouses)
            + self.white_starfish
            + self.black_starfish
            + self.anchors
        )


@frozen(eq=False)
class CardTable:
    """The cards of a deck (or two) numbered by id, with the look-up tables the engine
    uses. Built once per deck and number of decks; hands and piles hold card ids.
    """

    cards: tuple[Card, ...]
    """Every kind of card, by id (plain cards colour by colour, Lighthouses by colour,
    then White Starfish, Black Starfish, Anchor)."""
    counts: tuple[int, ...]
    """How many copies of each id the full deck (or decks) holds."""
    full: tuple[int, ...]
    """The ids of the full deck, sorted, each as often as it is in the deck."""
    index: dict[Card, int]
    """The id of each card."""
    masks: tuple[int, ...]
    """For each id, its shape and colour bits (plain), its Lighthouse colour bit
    (Lighthouse), or -1 (action card), for the winning-hand test (SW-3)."""
    takeable: tuple[bool, ...]
    """For each id, whether it may be taken from a discard pile (SW-7)."""
    max_winning: int
    """The largest hand that can win, since every card needs its own shape and colour
    (SW-R4)."""


def table_of(deck: DeckSpec, decks: int = 1) -> CardTable:
    """The `CardTable` of ``decks`` copies of ``deck`` (cached)."""
    return _table(deck, decks)


@cache
def _table(deck: DeckSpec, decks: int) -> CardTable:
    cards: list[Card] = []
    counts: list[int] = []
    masks: list[int] = []
    shapes, colours = len(deck.shapes), len(deck.colours)
    for c, colour in enumerate(deck.colours):
        for s, shape in enumerate(deck.shapes):
            cards.append(Card(Kind.PLAIN, colour, shape))
            counts.append(decks)
            masks.append(1 << s | 1 << (shapes + c))
    for c, colour in enumerate(deck.colours):
        cards.append(Card(Kind.LIGHTHOUSE, colour))
        counts.append(deck.lighthouses.count(colour) * decks)
        masks.append(1 << (shapes + colours + c))
    for card, count in (
        (WHITE_STARFISH_CARD, deck.white_starfish),
        (BLACK_STARFISH_CARD, deck.black_starfish),
        (ANCHOR_CARD, deck.anchors),
    ):
        cards.append(card)
        counts.append(count * decks)
        masks.append(-1)
    full = tuple(i for i, n in enumerate(counts) for _ in range(n))
    return CardTable(
        tuple(cards),
        tuple(counts),
        full,
        {card: i for i, card in enumerate(cards)},
        tuple(masks),
        tuple(not card.is_action for card in cards),
        min(shapes, colours),
    )


class Scoring(enum.Enum):
    """How a match is scored (SW-14)."""

    CARDS = "cards"
    """The winner of a hand scores one point per card in his hand."""
    HANDS = "hands"
    """The winner of a hand scores one point."""


def _default_target(rules: Any) -> int:
    return 50 if rules.scoring is Scoring.CARDS else 5


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


@frozen(kw_only=True)
class Rules:
    """The options of a Ship's Wheel match. The defaults are the printed rules and our
    rulings.

    >>> Rules().hand_sizes, Rules(players=3, min_hand_size=5).hand_sizes
    ((3, 4, 5, 6), (5, 6))
    >>> eight = DeckSpec(shapes=[f"s{i}" for i in range(8)], colours=[f"c{i}" for i in range(8)], lighthouses=[])
    >>> Rules(players=3, deck=eight).hand_sizes, Rules(players=4, deck=eight).hand_sizes
    ((3, 4, 5, 6, 7, 8), (3, 4, 5, 6))
    >>> Rules(players=4, deck=eight, decks=2).hand_sizes
    (3, 4, 5, 6, 7, 8)
    >>> Rules(scoring=Scoring.HANDS).target
    5
    >>> Rules(players=6, deck=DeckSpec(shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=["x"]))
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: deck: 6 hands of 3 cards and 2 to draw need more than the 18 cards of the deck
    """

    players: int = field(default=4, validator=in_range(2, 6))
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
    first_dealer: int = field(default=0, validator=in_range(0, 5))
    """Seat of the first hand's dealer (SW-R10)."""
    min_hand_size: int = field(default=3, validator=in_range(1, 8))
    """The smallest hand a dealer may choose (SW-R2)."""
    max_hand_size: int = field(default=8, validator=in_range(1, 8))
    """The largest hand a dealer may choose (SW-R2)."""
    crowded_max_hand_size: int = field(default=6, validator=in_range(1, 8))
    """The largest hand with 4 or more players and one deck (SW-R2)."""
    max_reshuffles: int = field(default=1, validator=in_range(0))
    """Times the discards become the deck in one hand; the next time the deck runs out
    the hand is a tie (SW-R8)."""
    tie_keeps_size: bool = field(default=True, validator=boolean)
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
        if self.players >= 4 and self.decks == 1:
            largest = min(largest, self.crowded_max_hand_size)
        if largest < self.min_hand_size:
            raise InvalidDataError(
                "max_hand_size", f"no hand size from {self.min_hand_size} to {largest} is allowed"
            )
        if self.min_hand_size > table.max_winning:
            raise InvalidDataError(
                "min_hand_size",
                f"no hand of {self.min_hand_size} cards can win with "
                f"{len(self.deck.shapes)} shapes and {len(self.deck.colours)} colours",
            )
        object.__setattr__(self, "table", table)
        # SW-R4: a hand larger than the number of shapes or colours can never win, and a
        # tie redeals the same size (SW-R9), so such sizes are never offered.
        largest = min(largest, table.max_winning)
        total = len(table.full)
        if self.players * largest + 2 > total:
            raise InvalidDataError(
                "deck",
                f"{self.players} hands of {largest} cards and 2 to draw need more than "
                f"the {total} cards of the deck",
            )
        object.__setattr__(self, "hand_sizes", tuple(range(self.min_hand_size, largest + 1)))


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
    """`State.player` secretly chooses the card he passes to the left (SW-10)."""
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


@frozen(weakref_slot=False)  # no weak references: see trusted_constructor
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
    """The seat to act, or at a chance node the seat receiving the card; once the match
    is over, its winner."""
    dealer: int
    hand_size: int
    """Cards in each hand this hand (0 while the dealer chooses)."""
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    passing: tuple[int | None, ...]
    """In phase PASS, the card id each seat has committed so far (secret, SW-R7)."""
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
