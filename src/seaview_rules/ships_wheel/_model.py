"""Cards, decks, rules options and the game state of the Ship's Wheel card game."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from attrs import Attribute, Factory, field, frozen

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


def _plain(value: object) -> tuple[Card, ...] | None:
    # Entries are read here; whether their shapes and colours belong to the deck, and
    # repeats, are checked once the deck's names are known (DeckSpec.__attrs_post_init__).
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidDataError("plain", f"must be a list of plain cards or None, not {value!r}")
    cards = []
    for k, item in enumerate(value):
        if isinstance(item, str):
            try:
                card = Card.parse(item)
            except ValueError as exc:
                raise InvalidDataError(f"plain[{k}]", str(exc)) from None
        elif isinstance(item, Card):
            card = item
        else:
            raise InvalidDataError(
                f"plain[{k}]", f"must be a card such as 'red-star', not {item!r}"
            )
        if card.kind is not Kind.PLAIN:
            raise InvalidDataError(
                f"plain[{k}]",
                f"{card} is not a plain card (Lighthouses and action cards are counted apart)",
            )
        cards.append(card)
    return tuple(cards)


SHAPES = ("circle", "square", "triangle", "star", "diamond", "heart", "moon", "wave")
"""The shapes of the default deck (a reconstruction, SW-R1)."""
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown")
"""The colours of the default deck (a reconstruction, SW-R1)."""


@frozen(kw_only=True)
class DeckSpec:
    """What one deck holds (SW-1, SW-R1). The defaults are our labelled reconstruction
    of the unknown real deck: 8 shapes x 8 colours, 4 Lighthouses, 3 White Starfish,
    3 Black Starfish and 2 Anchors, 76 cards.

    By default every shape comes in every colour, once; ``plain`` lists the plain cards
    instead, for a deck that lacks some combinations (a partial grid), so that a real
    deck can be entered exactly. Each Lighthouse is given by its colour (listing a
    colour twice puts two matching Lighthouses in the deck); the action cards are
    counted.

    >>> DeckSpec().size
    76
    >>> DeckSpec(shapes=["star"], colours=["red"], lighthouses=[]).size
    9
    >>> partial = DeckSpec(shapes=["star", "moon"], colours=["red", "blue"],
    ...                    plain=["red-star", "blue-star", "red-moon"], lighthouses=["red"])
    >>> partial.size, partial.plain
    (12, (Card.parse('red-star'), Card.parse('red-moon'), Card.parse('blue-star')))
    >>> DeckSpec(shapes=["star", "moon"], colours=["red"], plain=["red-star", "red-sun"], lighthouses=[])
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: plain[1]: red-sun: 'sun' is not one of the shapes ['star', 'moon']
    >>> DeckSpec(shapes=[], colours=["red"])
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: shapes: a deck needs plain cards: at least one shape
    """

    shapes: tuple[str, ...] = field(default=SHAPES, converter=_shapes)
    """The shape names, in card order."""
    colours: tuple[str, ...] = field(default=COLOURS, converter=_colours)
    """The colour names, in card order."""
    plain: tuple[Card, ...] | None = field(default=None, converter=_plain)
    """The plain cards of a partial grid, each once, in card order (colour by colour,
    then shape by shape, whatever order they were given in); every shape and every
    colour must be on at least one of them. ``None``, the default, is every shape in
    every colour; a list of the whole grid is stored as ``None``."""
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
        if self.plain is not None:
            object.__setattr__(self, "plain", self._checked_plain(self.plain))

    def _checked_plain(self, plain: tuple[Card, ...]) -> tuple[Card, ...] | None:
        shapes = {s: i for i, s in enumerate(self.shapes)}
        colours = {c: i for i, c in enumerate(self.colours)}
        first: dict[Card, int] = {}
        for k, card in enumerate(plain):
            if card.shape not in shapes:
                raise InvalidDataError(
                    f"plain[{k}]",
                    f"{card}: {card.shape!r} is not one of the shapes {list(self.shapes)}",
                )
            if card.colour not in colours:
                raise InvalidDataError(
                    f"plain[{k}]",
                    f"{card}: {card.colour!r} is not one of the colours {list(self.colours)}",
                )
            if card in first:
                raise InvalidDataError(
                    f"plain[{k}]",
                    f"{card} is listed twice (also plain[{first[card]}]): a deck holds each "
                    "plain card once (Rules.decks=2 doubles the deck)",
                )
            first[card] = k
        if not plain:
            raise InvalidDataError("plain", "a deck needs plain cards: list at least one")
        for what, names, used in (
            ("shapes", self.shapes, {c.shape for c in plain}),
            ("colours", self.colours, {c.colour for c in plain}),
        ):
            for name in names:
                if name not in used:
                    raise InvalidDataError(what, f"{name!r} is on none of the plain cards listed")
        if len(plain) == len(shapes) * len(colours):
            return None  # the whole grid: the same deck as the default form
        return tuple(sorted(plain, key=lambda c: (colours[c.colour or ""], shapes[c.shape or ""])))

    @property
    def plain_cards(self) -> tuple[Card, ...]:
        """Every plain card of the deck in card order, that is ``plain`` or the whole
        grid."""
        if self.plain is not None:
            return self.plain
        return tuple(Card(Kind.PLAIN, c, s) for c in self.colours for s in self.shapes)

    @property
    def size(self) -> int:
        """Cards in one deck."""
        return (
            len(self.plain_cards)
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
    """The largest hand that can win (SW-R4). Every card needs a shape and a colour of
    its own, so it is no more than the deck has shapes or colours, and no more than the
    most plain cards of distinct shapes and colours (a maximum matching) plus the
    Lighthouse colours."""


def max_matching(cards: Iterable[Card]) -> int:
    """The most plain cards among ``cards`` no two of which share a shape or a colour:
    a maximum matching between shapes and colours, found by augmenting paths.

    >>> max_matching(Card.parse(t) for t in ("red-star", "red-moon", "blue-star"))
    2
    >>> max_matching(Card.parse(t) for t in ("red-star", "blue-star", "green-star"))
    1
    """
    colours_of: dict[str | None, set[str | None]] = {}
    for card in cards:
        if card.kind is Kind.PLAIN:
            colours_of.setdefault(card.shape, set()).add(card.colour)
    shape_of: dict[str | None, str | None] = {}  # colour -> the shape matched to it

    def augment(shape: str | None, visited: set[str | None]) -> bool:
        for colour in colours_of[shape]:
            if colour not in visited:
                visited.add(colour)
                if colour not in shape_of or augment(shape_of[colour], visited):
                    shape_of[colour] = shape
                    return True
        return False

    return sum(augment(shape, set()) for shape in colours_of)


def table_of(deck: DeckSpec, decks: int = 1) -> CardTable:
    """The `CardTable` of ``decks`` copies of ``deck`` (cached)."""
    return _table(deck, decks)


@cache
def _table(deck: DeckSpec, decks: int) -> CardTable:
    cards: list[Card] = []
    counts: list[int] = []
    masks: list[int] = []
    shapes, colours = len(deck.shapes), len(deck.colours)
    shape_bit = {s: 1 << i for i, s in enumerate(deck.shapes)}
    colour_bit = {c: 1 << (shapes + i) for i, c in enumerate(deck.colours)}
    plain = deck.plain_cards
    for card in plain:
        cards.append(card)
        counts.append(decks)
        masks.append(shape_bit[card.shape or ""] | colour_bit[card.colour or ""])
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
    # SW-R4: a Lighthouse takes a shape and a colour no other card of the hand has; the
    # plain cards of a winning hand are a matching of shapes and colours.
    matched = min(shapes, colours) if deck.plain is None else max_matching(plain)
    return CardTable(
        tuple(cards),
        tuple(counts),
        full,
        {card: i for i, card in enumerate(cards)},
        tuple(masks),
        tuple(not card.is_action for card in cards),
        min(shapes, colours, matched + len(set(deck.lighthouses))),
    )


def winning_limit(deck: DeckSpec) -> str:
    """Why no hand larger than ``table_of(deck).max_winning`` can win, in words (SW-R4).

    >>> winning_limit(DeckSpec(shapes=["a", "b"], colours=["x", "y", "z"], lighthouses=[]))
    'a winning hand has at most 2 cards: each needs a shape of its own, and the deck has 2 shapes'
    """
    most = table_of(deck).max_winning
    shapes, colours = len(deck.shapes), len(deck.colours)
    head = f"a winning hand has at most {most} card{'s' * (most != 1)}: "
    if most == shapes <= colours:
        return head + f"each needs a shape of its own, and the deck has {shapes} shapes"
    if most == colours:
        return head + f"each needs a colour of its own, and the deck has {colours} colours"
    matched = max_matching(deck.plain_cards)
    lights = len(set(deck.lighthouses))
    return head + (
        f"at most {matched} of the deck's plain cards differ in both shape and colour, and "
        f"its Lighthouses come in {lights} colour{'s' * (lights != 1)}"
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


def _min_hand_size(instance: object, attribute: Attribute[int], value: int) -> None:
    if value == 1 and type(value) is int:
        # SW-R2: one card that is not a Starfish or an Anchor is a winning hand on its
        # own, so nearly every deal is a tie, and a tie redeals the same size (SW-R9).
        raise InvalidDataError(
            attribute.name,
            "must be 2 to 8, not 1: a hand of one card wins unless it is a Starfish or an "
            "Anchor, so nearly every deal is a tie (997 in 1,000 with 4 players and the "
            "default deck) and a tie redeals the same size (SW-R2, SW-R9)",
        )
    in_range(2, 8)(instance, attribute, value)


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
    seaview_rules.InvalidDataError: deck: 6 hands of 3 cards and 2 to draw need more than the 18 cards of the deck (SW-R2)
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
    min_hand_size: int = field(default=3, validator=_min_hand_size)
    """The smallest hand a dealer may choose, 2 to 8 (SW-R2)."""
    max_hand_size: int = field(default=8, validator=in_range(2, 8))
    """The largest hand a dealer may choose (SW-R2)."""
    crowded_max_hand_size: int = field(default=6, validator=in_range(2, 8))
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
        if self.players * largest + 2 > total:
            raise InvalidDataError(
                "deck",
                f"{self.players} hands of {largest} cards and 2 to draw need more than "
                f"the {total} cards of the deck (SW-R2)",
            )
        object.__setattr__(self, "hand_sizes", tuple(range(self.min_hand_size, largest + 1)))

    @property
    def crowded(self) -> bool:
        """Whether four or more players share one deck, so that the printed advice caps
        the hands at ``crowded_max_hand_size`` (SW-R2)."""
        return self.players >= 4 and self.decks == 1


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
