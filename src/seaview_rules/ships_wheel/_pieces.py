"""The pieces of the Ship's Wheel card game as values: card kinds and cards, the deck
spec, the numbered cards of a deck (`CardTable`) and the winning-hand tests on them."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import NewType

from attrs import field, frozen

from seaview_rules._core import InvalidDataError, quote
from seaview_rules._forms import exactly
from seaview_rules._options import in_range

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

    kind: Kind = field(validator=exactly(Kind))
    colour: str | None = field(default=None, validator=exactly(str, None))
    shape: str | None = field(default=None, validator=exactly(str, None))

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
        raise ValueError(f"not a Ship's Wheel card: {quote(text)} (expected e.g. 'red-star')")

    @property
    def is_action(self) -> bool:
        """Whether this is a Starfish or an Anchor (SW-7)."""
        return self.kind in ACTION_KINDS

    @property
    def words(self) -> str:
        """The card in words, as a log says it (its notation with spaces).

        >>> Card.parse("red-star").words, Card.parse("black-starfish").words
        ('red star', 'black starfish')
        """
        return str(self).replace("-", " ")

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
        raise InvalidDataError(what, f"must be a list of names, not {quote(value)}")
    names = tuple(value)
    for name in names:
        if not isinstance(name, str) or not _NAME.match(name):
            raise InvalidDataError(
                what, f"{quote(name)} is not a name (lower-case letters and digits)"
            )
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
        raise InvalidDataError(
            "plain", f"must be a list of plain cards or None, not {quote(value)}"
        )
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
                f"plain[{k}]", f"must be a card such as 'red-star', not {quote(item)}"
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
    seaview_rules.errors.InvalidDataError: plain[1]: red-sun: 'sun' is not one of the shapes ['star', 'moon']
    >>> DeckSpec(shapes=[], colours=["red"])
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: shapes: a deck needs plain cards: at least one shape
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
                    raise InvalidDataError(
                        what, f"{quote(name)} is on none of the plain cards listed"
                    )
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


CardId = NewType("CardId", int)
"""A card's number in its deck's `CardTable`: hands, piles and the deck hold card ids,
and ``table.cards[i]`` is the card of id ``i``. An id is an ``int`` at run time."""


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
    full: tuple[CardId, ...]
    """The ids of the full deck, sorted, each as often as it is in the deck."""
    index: dict[Card, CardId]
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
    full = tuple(CardId(i) for i, n in enumerate(counts) for _ in range(n))
    # SW-R4: a Lighthouse takes a shape and a colour no other card of the hand has; the
    # plain cards of a winning hand are a matching of shapes and colours.
    matched = min(shapes, colours) if deck.plain is None else max_matching(plain)
    return CardTable(
        tuple(cards),
        tuple(counts),
        full,
        {card: CardId(i) for i, card in enumerate(cards)},
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


def wins(hand: tuple[CardId, ...], table: CardTable) -> bool:
    """Whether the card ids ``hand`` make a winning hand (SW-3, SW-R4).

    No action card; no two plain cards share a shape or a colour; no two Lighthouses
    share a colour; and no more cards than shapes or colours, since each Lighthouse
    stands for a shape and a colour that no other card of the hand has.
    """
    if len(hand) > table.max_winning:
        return False
    masks = table.masks
    seen = 0
    for i in hand:
        mask = masks[i]
        if mask < 0 or seen & mask:
            return False
        seen |= mask
    return True


_DEFAULT_DECK = DeckSpec()


def _ids(cards: Iterable[Card], deck: DeckSpec) -> tuple[CardId, ...]:
    table = table_of(deck)
    ids = []
    for card in cards:
        i = table.index.get(card) if isinstance(card, Card) else None
        if i is None:
            raise InvalidDataError("cards", f"{card!r} is not a card of this deck")
        ids.append(i)
    return tuple(ids)


def is_winning_hand(cards: Iterable[Card], deck: DeckSpec = _DEFAULT_DECK) -> bool:
    """Whether ``cards`` make a winning hand with ``deck`` (SW-3, SW-R4).

    A winning hand holds no Anchor or Starfish; no two of its plain cards share a shape
    or a colour; no two of its Lighthouses share a colour; and each Lighthouse can stand
    for its own shape and colour that no other card of the hand has, so a hand never
    holds more cards than the deck has shapes or colours. In a deck that lacks some
    combinations (``DeckSpec.plain``), a Lighthouse still stands for any shape and any
    colour of the deck: the pair need not be a card.

    >>> hand = [Card.parse(t) for t in ("red-star", "blue-circle", "green-lighthouse")]
    >>> is_winning_hand(hand)
    True
    >>> is_winning_hand([*hand, Card.parse("red-square")])
    False
    >>> is_winning_hand([Card.parse("red-lighthouse"), Card.parse("red-lighthouse")])
    False

    Raises:
        InvalidDataError: a card is not a card of ``deck``.
    """
    return wins(_ids(cards, deck), table_of(deck))


def distance_to_win(cards: Iterable[Card], deck: DeckSpec = _DEFAULT_DECK) -> int | None:
    """The fewest cards of ``cards`` to replace with other cards of ``deck`` to make a
    winning hand of the same size; 0 for a winning hand, ``None`` if no hand of this
    size can win (SW-R4).

    The kept cards must be free of action cards and conflicts, and keeping every
    Lighthouse of a colour of its own never hurts. Of the plain cards, the most that
    can be kept is found over the sets of distinct shapes and colours among them: a set
    can be kept if the deck's other plain cards, on the shapes and colours the set leaves
    free, together with the deck's other Lighthouse colours, can fill the hand. With
    every shape in every colour (the default) that is always so.

    >>> distance_to_win([Card.parse(t) for t in ("red-star", "red-circle", "anchor")])
    2
    >>> distance_to_win([Card.parse("red-star")] * 9) is None
    True
    >>> gappy = DeckSpec(shapes=["star", "moon"], colours=["red", "blue"],
    ...                  plain=["red-star", "red-moon", "blue-star"], lighthouses=[])
    >>> distance_to_win([Card.parse("red-star"), Card.parse("red-moon")], gappy)
    1

    Raises:
        InvalidDataError: a card is not a card of ``deck``.
    """
    hand = list(cards)
    _ids(hand, deck)
    size = len(hand)
    if size > table_of(deck).max_winning:
        return None
    lighthouses = {c.colour for c in hand if c.kind is Kind.LIGHTHOUSE}
    spare_lights = len(set(deck.lighthouses) - lighthouses)
    plain = list(dict.fromkeys(c for c in hand if c.kind is Kind.PLAIN))
    if deck.plain is None:
        return size - len(lighthouses) - max_matching(plain)
    best = -1
    for k in range(min(len(plain), size - len(lighthouses)), -1, -1):
        for kept in combinations(plain, k):
            shapes = {c.shape for c in kept}
            colours = {c.colour for c in kept}
            if len(shapes) < k or len(colours) < k:
                continue
            free = [c for c in deck.plain if c.shape not in shapes and c.colour not in colours]
            if k + max_matching(free) + spare_lights >= size - len(lighthouses):
                best = k
                break
        if best >= 0:
            break
    return size - len(lighthouses) - best
