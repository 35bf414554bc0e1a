"""Versioned JSON for Ship's Wheel states, views, game records and lists of moves.

`from_dict` (and `loads`, which parses the text first) trusts nothing: it checks types,
ranges, that every card of the deck(s) is accounted for exactly as often as the deck
holds it, and that the fields agree with each other and with the phase. Anything wrong
raises `InvalidDataError` naming the JSON path.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, overload

from seaview_rules._core import CHANCE, InvalidDataError, Player
from seaview_rules._json import (
    MOVES_VERSION,
    Field,
    dump_document,
    envelope,
    expect_kind,
    parse_json,
    read_envelope,
    read_moves,
)
from seaview_rules._play import GameRecord, record_from_data, record_to_data
from seaview_rules.ships_wheel._model import (
    MAX_NAMES,
    Card,
    DeckSpec,
    Ending,
    HandResult,
    Kind,
    Phase,
    Rules,
    Scoring,
    State,
)
from seaview_rules.ships_wheel._moves import (
    Action,
    Deal,
    Discard,
    Move,
    Pass,
    Size,
    Take,
    parse_move,
)
from seaview_rules.ships_wheel._rules import wins
from seaview_rules.ships_wheel._views import View, expected_to_move, seat_moves

GAME = "ships_wheel"
VERSIONS = {"state": 1, "view": 1, "record": 1, "moves": MOVES_VERSION}
"""The format version written and read for each kind of document."""

Document = State | View | GameRecord[Rules, Move] | tuple[Move, ...]
"""What a Ship's Wheel document holds."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, tuple)


def to_dict(
    obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move],
) -> dict[str, Any]:
    """The JSON document of a state, a view, a game record or a tuple (or list) of
    moves, as a dict of JSON values: what `dumps` writes, for a web framework to
    serialise; `from_dict` reads it back.

    >>> from seaview_rules import ships_wheel as sw
    >>> sw.to_dict((sw.parse_move("draw"), sw.parse_move("pass red-star")))
    {'format': 'seaview_rules', 'game': 'ships_wheel', 'kind': 'moves', 'version': 1, 'data': ['draw', 'pass red-star']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            Ship's Wheel move).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], _state_data(obj))
    if isinstance(obj, View):
        return envelope(GAME, "view", VERSIONS["view"], _view_data(obj))
    if isinstance(obj, GameRecord):
        return envelope(GAME, "record", VERSIONS["record"], record_to_data(obj, rules_data))
    if isinstance(obj, (tuple, list)):
        return envelope(GAME, "moves", VERSIONS["moves"], _moves_data(obj))
    raise TypeError(f"cannot write {type(obj).__name__} as Ship's Wheel JSON")


def dumps(obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move]) -> str:
    """JSON text of a state, a view, a game record or a tuple (or list) of moves (the
    compact text of `to_dict`); `loads` reads it back.

    >>> from seaview_rules import ships_wheel as sw
    >>> state = sw.new_game(sw.Rules(players=2))
    >>> sw.loads(sw.dumps(state)) == state
    True
    >>> sw.loads(sw.dumps(sw.legal_moves(state)[:2]), kind=tuple)
    (parse_move('size 3'), parse_move('size 4'))

    Raises:
        TypeError: ``obj`` is none of these.
    """
    return dump_document(to_dict(obj))


@overload
def from_dict(data: object, kind: None = None) -> Document: ...
@overload
def from_dict(data: object, kind: type[State]) -> State: ...
@overload
def from_dict(data: object, kind: type[View]) -> View: ...
@overload
def from_dict(data: object, kind: type[GameRecord[Any, Any]]) -> GameRecord[Rules, Move]: ...
@overload
def from_dict(data: object, kind: type[tuple[Any, ...]]) -> tuple[Move, ...]: ...
def from_dict(data: object, kind: type[Any] | None = None) -> Document:
    """The state, view, game record or tuple of moves of a parsed document (what
    `to_dict` made, or ``json.loads`` of what `dumps` wrote), validated as `loads`
    validates text.

    Args:
        data: the parsed JSON, untrusted.
        kind: `State`, `View`, `GameRecord` or ``tuple`` (of moves) to accept that
            kind of document only, and be typed as such; ``None`` accepts any.

    Raises:
        InvalidDataError: ``data`` is not a valid Ship's Wheel document, or holds a
            value that JSON cannot (a NaN, a set, a key that is not a string), or a
            document of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS:
        raise TypeError(f"kind must be State, View, GameRecord, tuple or None, not {kind!r}")
    from seaview_rules.ships_wheel import GAME as SHIPS_WHEEL

    document_kind, field = read_envelope(data, GAME, VERSIONS)
    obj: Document
    if document_kind == "state":
        obj = _read_state(field)
    elif document_kind == "view":
        obj = _read_view(field)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    else:
        obj = record_from_data(field, SHIPS_WHEEL, read_rules)
    return expect_kind(obj, kind)


@overload
def loads(text: str | bytes, kind: None = None) -> Document: ...
@overload
def loads(text: str | bytes, kind: type[State]) -> State: ...
@overload
def loads(text: str | bytes, kind: type[View]) -> View: ...
@overload
def loads(text: str | bytes, kind: type[GameRecord[Any, Any]]) -> GameRecord[Rules, Move]: ...
@overload
def loads(text: str | bytes, kind: type[tuple[Any, ...]]) -> tuple[Move, ...]: ...
def loads(text: str | bytes, kind: type[Any] | None = None) -> Document:
    """The state, view, game record or tuple of moves that `dumps` wrote; with
    ``kind``, only a document of that kind (and typed as such: ``loads(text,
    kind=View)`` is a `View`).

    >>> from seaview_rules import ships_wheel as sw
    >>> seen = sw.view(sw.new_game(sw.Rules(players=2)), 0)
    >>> sw.loads(sw.dumps(seen), kind=sw.View) == seen
    True
    >>> sw.loads(sw.dumps(seen), kind=sw.State)
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: kind: the document holds a View, not a State

    Raises:
        InvalidDataError: the text is not a valid Ship's Wheel document (of that kind);
            the message names the offending path and the problem.
        TypeError: ``kind`` is not `State`, `View`, `GameRecord`, ``tuple`` or ``None``.
    """
    return from_dict(parse_json(text), kind)


def _moves_data(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    for index, move in enumerate(moves):
        if not isinstance(move, (Size, Deal, Take, Discard, Pass, Action)):
            raise TypeError(f"item {index} is a {type(move).__name__}, not a Ship's Wheel move")
    return [str(m) for m in moves]


def deck_data(deck: DeckSpec) -> dict[str, Any]:
    """The JSON data of a deck spec."""
    return {
        "shapes": list(deck.shapes),
        "colours": list(deck.colours),
        "plain": None if deck.plain is None else [str(c) for c in deck.plain],
        "lighthouses": list(deck.lighthouses),
        "white_starfish": deck.white_starfish,
        "black_starfish": deck.black_starfish,
        "anchors": deck.anchors,
    }


def rules_data(rules: Rules) -> dict[str, Any]:
    """The JSON data of a `Rules` value."""
    return {
        "players": rules.players,
        "deck": deck_data(rules.deck),
        "decks": rules.decks,
        "scoring": rules.scoring.value,
        "target": rules.target,
        "first_dealer": rules.first_dealer,
        "min_hand_size": rules.min_hand_size,
        "max_hand_size": rules.max_hand_size,
        "crowded_max_hand_size": rules.crowded_max_hand_size,
        "max_reshuffles": rules.max_reshuffles,
        "tie_keeps_size": rules.tie_keeps_size,
    }


_DECK_KEYS = frozenset(
    {"shapes", "colours", "plain", "lighthouses", "white_starfish", "black_starfish", "anchors"}
)
_RULES_KEYS = frozenset(
    {"players", "deck", "decks", "scoring", "target", "first_dealer", "min_hand_size",
     "max_hand_size", "crowded_max_hand_size", "max_reshuffles", "tie_keeps_size"}
)  # fmt: skip


def read_deck(data: Field) -> DeckSpec:
    """A deck spec from JSON data; absent keys take their defaults.

    Raises:
        InvalidDataError: not a valid deck.
    """
    data.keys(set(), _DECK_KEYS)
    assert isinstance(data.value, dict)
    options: dict[str, Any] = {}
    for key in data.value:
        item = data.get(key)
        if key in ("shapes", "colours", "lighthouses"):
            options[key] = [name.str() for name in item.list(0, 100)]
        elif key == "plain":
            # A partial grid (SW-R1): null is every shape in every colour.
            given = item.optional()
            options[key] = (
                None if given is None else [card.str() for card in given.list(0, MAX_NAMES**2)]
            )
        else:
            options[key] = item.int(0)
    try:
        return DeckSpec(**options)
    except InvalidDataError as exc:
        raise InvalidDataError(f"{data.path}.{exc.where}", exc.problem) from None


def read_rules(data: Field) -> Rules:
    """A `Rules` value from JSON data; absent keys take their defaults.

    Raises:
        InvalidDataError: not valid rules.
    """
    data.keys(set(), _RULES_KEYS)
    assert isinstance(data.value, dict)
    options: dict[str, Any] = {}
    for key in data.value:
        item = data.get(key)
        if key == "deck":
            options[key] = read_deck(item)
        elif key == "scoring":
            options[key] = item.enum(Scoring)
        elif key == "tie_keeps_size":
            options[key] = item.bool()
        else:
            options[key] = item.int()
    try:
        return Rules(**options)
    except InvalidDataError as exc:
        raise InvalidDataError(f"{data.path}.{exc.where}", exc.problem) from None


def _cards(state_or_view: State | View, ids: tuple[int, ...]) -> list[str]:
    cards = state_or_view.rules.table.cards
    return [str(cards[i]) for i in ids]


def _card(state_or_view: State | View, i: int | None) -> str | None:
    return None if i is None else str(state_or_view.rules.table.cards[i])


def _result_data(result: HandResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "hand_size": result.hand_size,
        "ending": result.ending.value,
        "winners": list(result.winners),
        "points": result.points,
        "reshuffles": result.reshuffles,
    }


def _state_data(state: State) -> dict[str, Any]:
    return {
        "rules": rules_data(state.rules),
        "phase": state.phase.value,
        "player": state.player,
        "dealer": state.dealer,
        "hand_size": state.hand_size,
        "hands": [_cards(state, h) for h in state.hands],
        "deck": _cards(state, state.deck),
        "piles": [_cards(state, p) for p in state.piles],
        "passing": [_card(state, p) for p in state.passing],
        "scores": list(state.scores),
        "results": [_result_data(r) for r in state.results],
        "reshuffles": state.reshuffles,
    }


def _view_data(view: View) -> dict[str, Any]:
    return {
        "rules": rules_data(view.rules),
        "seat": view.seat,
        "phase": view.phase.value,
        "player": view.player,
        "dealer": view.dealer,
        "hand_size": view.hand_size,
        "hand": None if view.hand is None else _cards(view, view.hand),
        "hand_sizes": list(view.hand_sizes),
        "deck_size": view.deck_size,
        "pile_tops": [_card(view, p) for p in view.pile_tops],
        "pile_sizes": list(view.pile_sizes),
        "anchor": view.anchor,
        "passing": _card(view, view.passing),
        "scores": list(view.scores),
        "results": [_result_data(r) for r in view.results],
        "reshuffles": view.reshuffles,
        "to_move": _player_data(view.to_move),
        "legal_moves": [str(m) for m in view.legal_moves],
    }


def _player_data(player: Player | None) -> int | str | None:
    return CHANCE.value if player is CHANCE else player


class _Reader:
    """Reads the fields that states and views share, checked against the rules."""

    def __init__(self, data: Field, keys: set[str]) -> None:
        data.keys(keys)
        self.data = data
        self.rules = _read_rules_field(data.get("rules"))
        self.table = self.rules.table
        self.seats = self.rules.players
        self.total = len(self.table.full)

    def seat(self, key: str) -> int:
        return self.data.get(key).int(0, self.seats - 1)

    def card(self, field: Field) -> int:
        card = field.parse(Card.parse)
        i = self.table.index.get(card)
        if i is None or not self.table.counts[i]:
            field.fail(f"{card} is not in the deck of these rules")
        return i

    def optional_card(self, field: Field) -> int | None:
        present = field.optional()
        return None if present is None else self.card(present)

    def cards(self, field: Field) -> list[int]:
        return [self.card(item) for item in field.list(0, self.total)]

    def counts(self, key: str, low: int = 0, high: int | None = None) -> tuple[int, ...]:
        items = self.data.get(key).list(self.seats, self.seats)
        return tuple(item.int(low, high) for item in items)

    def results(self, scores: tuple[int, ...]) -> tuple[HandResult, ...]:
        field = self.data.get("results")
        rules = self.rules
        results: list[HandResult] = []
        for number, item in enumerate(field.list()):
            item.keys({"dealer", "hand_size", "ending", "winners", "points", "reshuffles"})
            dealer = item.get("dealer").int(0, self.seats - 1)
            if dealer != (rules.first_dealer + number) % self.seats:
                item.get("dealer").fail("the deal passes one seat left after every hand (SW-14)")
            size = item.get("hand_size").int(1, 8)
            if size not in rules.hand_sizes:
                item.get("hand_size").fail(
                    f"hands of {size} are not allowed by these rules (SW-R2)"
                )
            previous = results[-1] if results else None
            if (
                previous
                and previous.winner is None
                and rules.tie_keeps_size
                and size != previous.hand_size
            ):
                item.get("hand_size").fail(
                    "after a tie the same number of cards is redealt (SW-R9)"
                )
            ending = item.get("ending").enum(Ending)
            winners = tuple(
                w.int(0, self.seats - 1) for w in item.get("winners").list(0, self.seats)
            )
            if list(winners) != sorted(set(winners)):
                item.get("winners").fail("must be distinct seats in seat order")
            if (ending is Ending.EXHAUSTION) != (not winners) or (
                ending is Ending.DISCARD and len(winners) != 1
            ):
                item.get("winners").fail(
                    f"do not fit a hand decided at the {ending.value} (SW-R6, SW-13)"
                )
            points = item.get("points").int(0)
            expected = (size if rules.scoring is Scoring.CARDS else 1) if len(winners) == 1 else 0
            if points != expected:
                item.get("points").fail(f"must be {expected} (SW-14)")
            reshuffles = item.get("reshuffles").int(0, rules.max_reshuffles)
            if (ending is Ending.EXHAUSTION and reshuffles != rules.max_reshuffles) or (
                ending is Ending.DEAL and reshuffles
            ):
                item.get("reshuffles").fail(
                    f"do not fit a hand decided at the {ending.value} (SW-13)"
                )
            results.append(HandResult(dealer, size, ending, winners, points, reshuffles))
        totals = [0] * self.seats
        for result in results:
            if result.winner is not None:
                totals[result.winner] += result.points
                if totals[result.winner] >= rules.target and result is not results[-1]:
                    field.fail("the match ends when a total reaches the target (SW-R10)")
        if tuple(totals) != scores:
            self.data.get("scores").fail("must be the sums of the hand results (SW-14)")
        return tuple(results)

    def phase_facts(
        self,
        phase: Phase,
        player: int,
        dealer: int,
        hand_size: int,
        results: tuple[HandResult, ...],
    ) -> None:
        rules = self.rules
        over = phase is Phase.OVER
        if over and not results:
            self.data.get("phase").fail("no hand was finished")
        expected = (rules.first_dealer + len(results) - over) % self.seats
        if dealer != expected:
            self.data.get("dealer").fail(
                f"must be seat {expected} after {len(results)} hands (SW-14)"
            )
        last = results[-1] if results else None
        if over:
            assert last is not None
            if last.winner != player or hand_size != last.hand_size:
                self.data.get("player").fail(
                    "a finished match names the last hand's winner (SW-R10)"
                )
            return
        if (
            last is not None
            and last.winner is not None
            and sum(r.points for r in results if r.winner == last.winner) >= rules.target
        ):
            self.data.get("phase").fail("a total reached the target, so the match is over (SW-R10)")
        fixed = last is not None and last.winner is None and rules.tie_keeps_size
        if phase is Phase.SIZE:
            if hand_size or fixed:
                self.data.get("hand_size").fail(
                    "the size is chosen by the dealer, except after a tie (SW-R9)"
                )
            if player != dealer:
                self.data.get("player").fail("the dealer chooses the hand size (SW-2)")
        elif hand_size not in rules.hand_sizes:
            self.data.get("hand_size").fail(
                f"hands of {hand_size} are not allowed by these rules (SW-R2)"
            )
        elif fixed and last is not None and hand_size != last.hand_size:
            self.data.get("hand_size").fail(
                "after a tie the same number of cards is redealt (SW-R9)"
            )


def _read_rules_field(data: Field) -> Rules:
    return read_rules(data)


def _read_state(data: Field) -> State:
    keys = {"rules", "phase", "player", "dealer", "hand_size", "hands", "deck", "piles",
            "passing", "scores", "results", "reshuffles"}  # fmt: skip
    r = _Reader(data, keys)
    rules, table, n = r.rules, r.table, r.seats
    phase = data.get("phase").enum(Phase)
    player, dealer = r.seat("player"), r.seat("dealer")
    hand_size = data.get("hand_size").int(0, 8)
    hands = tuple(tuple(sorted(r.cards(f))) for f in data.get("hands").list(n, n))
    deck = tuple(sorted(r.cards(data.get("deck"))))
    piles = tuple(tuple(r.cards(f)) for f in data.get("piles").list(n, n))
    passing = tuple(r.optional_card(f) for f in data.get("passing").list(n, n))
    scores = r.counts("scores")
    results = r.results(scores)
    reshuffles = data.get("reshuffles").int(0, rules.max_reshuffles)
    r.phase_facts(phase, player, dealer, hand_size, results)

    # Card conservation: every card as often as the deck(s) hold it (SW-1, SW-R1).
    counted = Counter(deck)
    for cards in (*hands, *piles):
        counted.update(cards)
    for i, expected in enumerate(table.counts):
        if counted[i] != expected:
            data.fail(
                f"{table.cards[i]} is there {counted[i]} times, not {expected}: cards are conserved"
            )

    sizes = [len(h) for h in hands]
    no_pass = all(p is None for p in passing)
    empty_piles = not any(piles)
    if phase in (Phase.SIZE, Phase.DEAL):
        dealt = sum(sizes)
        expected_sizes = [len(range((s - dealer - 1) % n, dealt, n)) for s in range(n)]
        if not (no_pass and empty_piles and not reshuffles and sizes == expected_sizes):
            data.fail(
                "not a position of the deal: one card at a time from the dealer's left (SW-2)"
            )
        if phase is Phase.SIZE and dealt:
            data.get("hands").fail("no card is dealt before the size is chosen (SW-2)")
        if phase is Phase.DEAL and (dealt >= n * hand_size or player != (dealer + 1 + dealt) % n):
            data.fail(
                "not a position of the deal: one card at a time from the dealer's left (SW-2)"
            )
        return State(
            rules,
            phase,
            player,
            dealer,
            hand_size,
            hands,
            deck,
            piles,
            passing,
            scores,
            results,
            reshuffles,
        )
    if not deck and phase is not Phase.OVER:
        data.get("deck").fail(
            "the deck is never empty during play: the discards replace it (SW-13)"
        )
    for seat in range(n):
        if sizes[seat] != hand_size + (phase is Phase.DISCARD and seat == player):
            data.get("hands").fail(
                f"seat {seat} must hold {hand_size} cards in phase {phase.value}"
            )
    if phase is Phase.OVER:
        if not no_pass or not wins(hands[player], table):
            data.fail(
                "a finished match shows the winner's winning hand and no pending pass (SW-R10)"
            )
    else:
        holders = [s for s in range(n) if sizes[s] == hand_size and wins(hands[s], table)]
        if holders:
            data.get("hands").fail(
                f"seat {holders[0]} holds a winning hand: the hand would be over (SW-R6)"
            )
    if phase is Phase.PASS:
        committed = [s for s in range(n) if passing[s] is not None]
        k = len(committed)
        anchor_by = (player - 1 - k) % n
        if k >= n or sorted(committed) != sorted((anchor_by + 1 + j) % n for j in range(k)):
            data.get("passing").fail(
                "choices are made one seat after the other from the discarder's left (SW-R7)"
            )
        top = piles[anchor_by][-1] if piles[anchor_by] else None
        if top is None or table.cards[top].kind is not Kind.ANCHOR:
            data.get("piles").fail(
                "a pass follows an Anchor on top of the discarder's pile (SW-10)"
            )
        for s in committed:
            choice = passing[s]
            if choice is not None and choice not in hands[s]:
                data.get("passing").fail(f"seat {s} passes a card it does not hold (SW-10)")
    elif not no_pass:
        data.get("passing").fail(f"must all be null in phase {phase.value}")
    return State(
        rules,
        phase,
        player,
        dealer,
        hand_size,
        hands,
        deck,
        piles,
        passing,
        scores,
        results,
        reshuffles,
    )


def _read_view(data: Field) -> View:
    keys = {"rules", "seat", "phase", "player", "dealer", "hand_size", "hand", "hand_sizes",
            "deck_size", "pile_tops", "pile_sizes", "anchor", "passing", "scores", "results",
            "reshuffles", "to_move", "legal_moves"}  # fmt: skip
    r = _Reader(data, keys)
    n, table = r.seats, r.table
    seat_field = data.get("seat").optional()
    seat = None if seat_field is None else seat_field.int(0, n - 1)
    phase = data.get("phase").enum(Phase)
    player, dealer = r.seat("player"), r.seat("dealer")
    hand_size = data.get("hand_size").int(0, 8)
    hand_field = data.get("hand").optional()
    hand = None if hand_field is None else tuple(sorted(r.cards(hand_field)))
    if (hand is None) != (seat is None):
        data.get("hand").fail("a seat's view has its hand; a spectator's has none")
    sizes = r.counts("hand_sizes", 0, 9)
    if seat is not None and hand is not None and sizes[seat] != len(hand):
        data.get("hand_sizes").fail("must agree with the seat's hand")
    deck_size = data.get("deck_size").int(0, r.total)
    tops = tuple(r.optional_card(f) for f in data.get("pile_tops").list(n, n))
    pile_sizes = r.counts("pile_sizes", 0, r.total)
    if any((t is None) != (s == 0) for t, s in zip(tops, pile_sizes, strict=True)):
        data.get("pile_tops").fail("a pile has a top card exactly when it is not empty")
    if sum(sizes) + deck_size + sum(pile_sizes) != r.total:
        data.fail("the counts must add up to the cards of the deck(s)")
    seen = Counter(hand or ())
    seen.update(t for t in tops if t is not None)
    for i, count in seen.items():
        if count > table.counts[i]:
            data.fail(f"{table.cards[i]} shows more often than the deck holds it")
    anchor_field = data.get("anchor").optional()
    anchor = None if anchor_field is None else anchor_field.int(0, n - 1)
    if (anchor is None) != (phase is not Phase.PASS):
        data.get("anchor").fail("names the Anchor's discarder exactly in phase pass (SW-10)")
    if anchor is not None and (pile_tops_anchor := tops[anchor]) is not None:
        if table.cards[pile_tops_anchor].kind is not Kind.ANCHOR:
            data.get("pile_tops").fail(
                "a pass follows an Anchor on top of the discarder's pile (SW-10)"
            )
    elif anchor is not None:
        data.get("pile_tops").fail(
            "a pass follows an Anchor on top of the discarder's pile (SW-10)"
        )
    chosen = (
        seat is not None
        and anchor is not None
        and (seat - anchor - 1) % n < (player - anchor - 1) % n
    )
    passing = r.optional_card(data.get("passing"))
    if (passing is not None) != chosen or (
        passing is not None and (hand is None or passing not in hand)
    ):
        data.get("passing").fail("only a seat's own pending pass shows, from its hand (SW-R7)")
    scores = r.counts("scores")
    results = r.results(scores)
    r.phase_facts(phase, player, dealer, hand_size, results)
    reshuffles = data.get("reshuffles").int(0, r.rules.max_reshuffles)
    to_move = _read_player(data.get("to_move"), n)
    if to_move != expected_to_move(phase, player):
        data.get("to_move").fail(
            f"must be {_player_data(expected_to_move(phase, player))!r} "
            f"in phase {phase.value} with seat {player} to act"
        )
    legal_field = data.get("legal_moves")
    legal = read_moves(legal_field, parse_move)
    # A seat's legal moves depend only on what its view shows (the phase, its hand and
    # the pile tops), so they are worked out again here and must be the same.
    expected: tuple[Move, ...] = ()
    if seat is not None and to_move == seat and hand is not None:
        expected = seat_moves(r.rules, phase, hand, tops)
    if legal != expected:
        legal_field.fail(
            f"must be the moves the view allows: {[str(m) for m in expected]}"
            if expected
            else "must be empty: this seat is not to move"
        )
    return View(r.rules, seat, phase, player, dealer, hand_size, hand, sizes, deck_size, tops,
                pile_sizes, anchor, passing, scores, results, reshuffles, to_move,
                legal)  # fmt: skip


def _read_player(field: Field, seats: int) -> Player | None:
    """A seat, ``"chance"`` or ``null``."""
    if field.value is None:
        return None
    if field.value == CHANCE.value:
        return CHANCE
    if isinstance(field.value, str):
        field.fail(f"must be a seat, {CHANCE.value!r} or null, not {field.value!r}")
    return field.int(0, seats - 1)
