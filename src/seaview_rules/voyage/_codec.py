"""Versioned JSON for Voyage states, views, game records and lists of moves.

`from_dict` (and `loads`, which parses the text first) trusts nothing: it checks types,
ranges, that every card of the deck is accounted for exactly once, and that the fields
agree with each other and with the phase. Anything wrong raises `InvalidDataError`
naming the JSON path.

Sets of cards (hands, the draw pile) are written in index order; ``discard_under``, in
states and in views alike, is written in the order the cards were played (VOY-R9).
"""

from __future__ import annotations

from typing import Any, overload

import attrs

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
from seaview_rules.voyage._model import Card, CardSet, Phase, RoundResult, Rules, State
from seaview_rules.voyage._moves import Action, Deal, Move, Play, parse_move
from seaview_rules.voyage._views import View, expected_to_move, seat_moves

GAME = "voyage"
VERSIONS = {"state": 1, "view": 1, "record": 1, "moves": MOVES_VERSION}
"""The format version written and read for each kind of document."""

Document = State | View | GameRecord[Rules, Move] | tuple[Move, ...]
"""What a Voyage document holds."""

_KINDS: tuple[type[Any] | None, ...] = (None, State, View, GameRecord, tuple)


def to_dict(
    obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move],
) -> dict[str, Any]:
    """The JSON document of a state, a view, a game record or a tuple (or list) of
    moves, as a dict of JSON values: what `dumps` writes, for a web framework to
    serialise; `from_dict` reads it back.

    >>> from seaview_rules import voyage
    >>> voyage.to_dict((voyage.parse_move("R7"), voyage.parse_move("draw")))
    {'format': 'seaview_rules', 'game': 'voyage', 'kind': 'moves', 'version': 1, 'data': ['R7', 'draw']}

    Raises:
        TypeError: ``obj`` is none of these (or a list holds something that is not a
            Voyage move).
    """
    if isinstance(obj, State):
        return envelope(GAME, "state", VERSIONS["state"], _state_data(obj))
    if isinstance(obj, View):
        return envelope(GAME, "view", VERSIONS["view"], _view_data(obj))
    if isinstance(obj, GameRecord):
        return envelope(GAME, "record", VERSIONS["record"], record_to_data(obj, _rules_data))
    if isinstance(obj, (tuple, list)):
        return envelope(GAME, "moves", VERSIONS["moves"], _moves_data(obj))
    raise TypeError(f"cannot write {type(obj).__name__} as Voyage JSON")


def dumps(obj: State | View | GameRecord[Rules, Move] | tuple[Move, ...] | list[Move]) -> str:
    """JSON text of a state, a view, a game record or a tuple (or list) of moves (the
    compact text of `to_dict`); `loads` reads it back.

    >>> from seaview_rules import voyage
    >>> state = voyage.new_game(voyage.Rules(players=2))
    >>> voyage.loads(voyage.dumps(state)) == state
    True
    >>> voyage.loads(voyage.dumps(voyage.legal_moves(state)[:2]), kind=tuple)
    (parse_move('deal R1'), parse_move('deal R2'))

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
        InvalidDataError: ``data`` is not a valid Voyage document, or holds a value
            that JSON cannot (a NaN, a set, a key that is not a string), or a document
            of another kind than ``kind`` (``where`` is ``"kind"``).
        TypeError: ``kind`` is none of the above.
    """
    if kind not in _KINDS:
        raise TypeError(f"kind must be State, View, GameRecord, tuple or None, not {kind!r}")
    from seaview_rules.voyage import GAME as VOYAGE

    document_kind, field = read_envelope(data, GAME, VERSIONS)
    obj: Document
    if document_kind == "state":
        obj = _read_state(field)
    elif document_kind == "view":
        obj = _read_view(field)
    elif document_kind == "moves":
        obj = read_moves(field, parse_move)
    else:
        obj = record_from_data(field, VOYAGE, _read_rules)
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

    >>> from seaview_rules import voyage
    >>> seen = voyage.view(voyage.new_game(voyage.Rules(players=2)), 0)
    >>> voyage.loads(voyage.dumps(seen), kind=voyage.View) == seen
    True
    >>> voyage.loads(voyage.dumps(seen), kind=voyage.State)
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: kind: the document holds a View, not a State

    Raises:
        InvalidDataError: the text is not a valid Voyage document (of that kind); the
            message names the offending path and the problem.
        TypeError: ``kind`` is not `State`, `View`, `GameRecord`, ``tuple`` or ``None``.
    """
    return from_dict(parse_json(text), kind)


def _moves_data(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    for index, move in enumerate(moves):
        if not isinstance(move, (Play, Deal, Action)):
            raise TypeError(f"item {index} is a {type(move).__name__}, not a Voyage move")
    return [str(m) for m in moves]


def _rules_data(rules: Rules) -> dict[str, Any]:
    return attrs.asdict(rules)


def _read_rules(data: Field) -> Rules:
    names = {a.name for a in attrs.fields(Rules)}
    data.keys(set(), frozenset(names))
    assert isinstance(data.value, dict)
    try:
        return Rules(**data.value)
    except InvalidDataError as exc:
        raise InvalidDataError(f"{data.path}.{exc.where}", exc.problem) from None


def _cards(cards: CardSet) -> list[str]:
    return [str(c) for c in cards]


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _result_data(result: RoundResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "winner": result.winner,
        "points": result.points,
        "cards_left": list(result.cards_left),
        "reshuffles": result.reshuffles,
    }


def _state_data(state: State) -> dict[str, Any]:
    return {
        "rules": _rules_data(state.rules),
        "phase": state.phase.value,
        "player": state.player,
        "dealer": state.dealer,
        "hands": [_cards(h) for h in state.hands],
        "draw_pile": _cards(state.draw_pile),
        "discard_top": _card(state.discard_top),
        "discard_under": [str(c) for c in state.discard_under],
        "drawn": _card(state.drawn),
        "scores": list(state.scores),
        "results": [_result_data(r) for r in state.results],
        "reshuffles": state.reshuffles,
    }


def _view_data(view: View) -> dict[str, Any]:
    return {
        "rules": _rules_data(view.rules),
        "seat": view.seat,
        "phase": view.phase.value,
        "player": view.player,
        "dealer": view.dealer,
        "hand": None if view.hand is None else _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "draw_pile_size": view.draw_pile_size,
        "discard_top": _card(view.discard_top),
        "discard_under": [str(c) for c in view.discard_under],
        "drawn": _card(view.drawn),
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
        self.rules = _read_rules(data.get("rules"))
        self.seats = self.rules.players

    def seat(self, key: str) -> int:
        return self.data.get(key).int(0, self.seats - 1)

    def card(self, field: Field) -> Card:
        card = field.parse(Card.parse)
        if not self.rules.deck >> card.index & 1:
            field.fail(f"{card} is not in the deck of these rules")
        return card

    def optional_card(self, key: str) -> Card | None:
        field = self.data.get(key).optional()
        return None if field is None else self.card(field)

    def cards(self, field: Field) -> CardSet:
        return CardSet.of(self.pile(field))

    def pile(self, field: Field) -> tuple[Card, ...]:
        """The cards of a list in their order, each a card of the deck, none twice."""
        mask = 0
        cards = []
        for item in field.list(0, self.rules.deck_size):
            card = self.card(item)
            if mask >> card.index & 1:
                item.fail(f"{card} appears twice")
            mask |= 1 << card.index
            cards.append(card)
        return tuple(cards)

    def counts(self, key: str, low: int = 0) -> tuple[int, ...]:
        items = self.data.get(key).list(self.seats, self.seats)
        return tuple(item.int(low) for item in items)

    def results(self, scores: tuple[int, ...]) -> tuple[RoundResult, ...]:
        field = self.data.get("results")
        results = []
        first = self.rules.first_dealer
        for number, item in enumerate(field.list()):
            item.keys({"dealer", "winner", "points", "cards_left", "reshuffles"})
            dealer = item.get("dealer").int(0, self.seats - 1)
            if dealer != (first + number) % self.seats:
                item.get("dealer").fail(
                    "the deal passes one seat to the left each round (VOY-7, VOY-R8)"
                )
            winner = item.get("winner").int(0, self.seats - 1)
            left_items = item.get("cards_left").list(self.seats, self.seats)
            left = tuple(x.int(0, self.rules.deck_size) for x in left_items)
            if left[winner] != 0:
                item.get("cards_left").fail("the winner has no card left (VOY-5)")
            points = item.get("points").int(0)
            if points != sum(left):
                item.get("points").fail(
                    "must be the number of cards left in the other hands (VOY-5)"
                )
            results.append(RoundResult(dealer, winner, points, left, item.get("reshuffles").int(0)))
        totals = [0] * self.seats
        for result in results:
            totals[result.winner] += result.points
            if totals[result.winner] >= self.rules.target and result is not results[-1]:
                field.fail("the match ends when a total reaches the target (VOY-8)")
        if tuple(totals) != scores:
            self.data.get("scores").fail("must be the sums of the round results (VOY-5)")
        return tuple(results)

    def phase_facts(
        self, phase: Phase, player: int, dealer: int, results: tuple[RoundResult, ...]
    ) -> None:
        over = phase is Phase.OVER
        expected = (self.rules.first_dealer + len(results) - over) % self.seats
        if dealer != expected:
            self.data.get("dealer").fail(
                f"must be seat {expected} after {len(results)} rounds (VOY-7, VOY-R8)"
            )
        if over and (not results or results[-1].winner != player):
            self.data.get("player").fail("a finished match names the last round's winner")
        if (
            not over
            and results
            and any(
                sum(r.points for r in results if r.winner == s) >= self.rules.target
                for s in range(self.seats)
            )
        ):
            self.data.get("phase").fail("a total reached the target, so the match is over (VOY-8)")
        if over and not results:
            self.data.get("phase").fail("no round was finished")


def _read_state(data: Field) -> State:
    keys = {"rules", "phase", "player", "dealer", "hands", "draw_pile", "discard_top",
            "discard_under", "drawn", "scores", "results", "reshuffles"}  # fmt: skip
    r = _Reader(data, keys)
    rules = r.rules
    phase = data.get("phase").enum(Phase)
    player, dealer = r.seat("player"), r.seat("dealer")
    hands = tuple(r.cards(f) for f in data.get("hands").list(r.seats, r.seats))
    draw_pile = r.cards(data.get("draw_pile"))
    top = r.optional_card("discard_top")
    under = r.pile(data.get("discard_under"))
    drawn = r.optional_card("drawn")
    scores = r.counts("scores")
    results = r.results(scores)
    reshuffles = data.get("reshuffles").int(0)
    r.phase_facts(phase, player, dealer, results)

    # Card conservation: every card of the deck exactly once.
    where: dict[int, str] = {}  # card index -> the place that holds it
    places = [*(f"hands[{i}]" for i in range(r.seats)), "draw_pile", "discard_under"]
    held = (*hands, draw_pile, CardSet.of(under))
    for place, cards in (*zip(places, held, strict=True),
                         ("discard_top", CardSet.of([top] if top else []))):  # fmt: skip
        for card in cards:
            if card.index in where:
                raise InvalidDataError(
                    f"data.{place}",
                    f"{card} is in data.{where[card.index]} too: a card is in one place",
                )
            where[card.index] = place
    seen = sum(1 << index for index in where)
    if seen != rules.deck:
        data.fail(
            f"{next(iter(CardSet(rules.deck & ~seen)))} is missing: every card must be somewhere"
        )

    sizes = [len(h) for h in hands]
    if phase is Phase.DEAL:
        dealt = sum(sizes)
        expected = [len(range((s - dealer - 1) % r.seats, dealt, r.seats)) for s in range(r.seats)]
        if (
            top
            or under
            or drawn
            or reshuffles
            or sizes != expected
            or player != (dealer + 1 + dealt) % r.seats
        ):
            data.fail(
                "not a position of the deal: cards go one at a time clockwise from the dealer's left (VOY-1, VOY-R7)"
            )
        if dealt >= r.seats * rules.hand_size:
            data.get("phase").fail("the deal is complete (VOY-1)")
    elif phase is Phase.LEAD:
        if (
            top
            or under
            or drawn
            or sizes != [rules.hand_size] * r.seats
            or player != (dealer + 1) % r.seats
        ):
            data.fail(
                "not a position of the lead: the dealer's left leads after a full deal (VOY-2)"
            )
    elif phase is Phase.OVER:
        if top is None or drawn or sizes[player] != 0 or list(results[-1].cards_left) != sizes:
            data.fail("a finished match shows the final round's hands, the winner's empty (VOY-5)")
    else:
        if top is None or 0 in sizes:
            data.fail(
                f"in phase {phase.value} the discard pile has a top card and every hand a card"
            )
        assert top is not None
        if phase is Phase.DRAWN:
            if drawn is None or not hands[player] >> drawn.index & 1:
                data.get("drawn").fail("must be a card of the player's hand (VOY-R4)")
        elif drawn is not None:
            data.get("drawn").fail(f"must be null in phase {phase.value}")
        if phase is Phase.DRAW and not draw_pile:
            data.get("draw_pile").fail("a draw takes a card from a pile that is not empty (VOY-6)")
    return State(
        rules,
        phase,
        player,
        dealer,
        hands,
        draw_pile,
        top,
        under,
        drawn,
        scores,
        results,
        reshuffles,
    )


def _read_view(data: Field) -> View:
    keys = {"rules", "seat", "phase", "player", "dealer", "hand", "hand_sizes", "draw_pile_size",
            "discard_top", "discard_under", "drawn", "scores", "results", "reshuffles",
            "to_move", "legal_moves"}  # fmt: skip
    r = _Reader(data, keys)
    seat_field = data.get("seat").optional()
    seat = None if seat_field is None else seat_field.int(0, r.seats - 1)
    phase = data.get("phase").enum(Phase)
    player, dealer = r.seat("player"), r.seat("dealer")
    hand_field = data.get("hand").optional()
    hand = None if hand_field is None else r.cards(hand_field)
    if (hand is None) != (seat is None):
        data.get("hand").fail("a seat's view has its hand; a spectator's has none")
    sizes = r.counts("hand_sizes")
    if seat is not None and hand is not None and sizes[seat] != len(hand):
        data.get("hand_sizes").fail("must agree with the seat's hand")
    draw_size = data.get("draw_pile_size").int(0, r.rules.deck_size)
    top = r.optional_card("discard_top")
    under = r.pile(data.get("discard_under"))
    if sum(sizes) + draw_size + len(under) + (top is not None) != r.rules.deck_size:
        data.fail("the counts must add up to the deck size")
    if (top is None) != (phase is Phase.DEAL or phase is Phase.LEAD):
        data.get("discard_top").fail(
            f"in phase {phase.value} the discard pile {'has no' if top else 'has a'} top card"
        )
    _check_discard_pile(data, top, under, hand)
    drawn = r.optional_card("drawn")
    own = seat is not None and seat == player
    if drawn is not None and (
        hand is None or drawn not in hand or not own or phase is not Phase.DRAWN
    ):
        data.get("drawn").fail("only the drawing seat sees its drawn card, in its hand (VOY-R4)")
    if drawn is None and own and phase is Phase.DRAWN:
        data.get("drawn").fail("the drawing seat sees the card it drew (VOY-R4)")
    scores = r.counts("scores")
    results = r.results(scores)
    r.phase_facts(phase, player, dealer, results)
    reshuffles = data.get("reshuffles").int(0)
    to_move = _read_player(data.get("to_move"), r.seats)
    if to_move != expected_to_move(phase, player):
        data.get("to_move").fail(
            f"must be {_player_data(expected_to_move(phase, player))!r} "
            f"in phase {phase.value} with seat {player} to act"
        )
    legal_field = data.get("legal_moves")
    legal = read_moves(legal_field, parse_move)
    # A seat's legal moves depend only on what its view shows (its hand, the top card,
    # the phase, the card it drew, and whether anything is left to draw), so they are
    # worked out again here and must be the same.
    expected: tuple[Move, ...] = ()
    if own and to_move == seat and hand is not None:
        expected = seat_moves(r.rules, phase, hand, top, drawn, bool(draw_size or under))
    if legal != expected:
        legal_field.fail(
            f"must be the moves the view allows: {[str(m) for m in expected]}"
            if expected
            else "must be empty: this seat is not to move"
        )
    return View(r.rules, seat, phase, player, dealer, hand, sizes, draw_size, top, under,
                drawn, scores, results, reshuffles, to_move, legal)  # fmt: skip


def _read_player(field: Field, seats: int) -> Player | None:
    """A seat, ``"chance"`` or ``null``."""
    if field.value is None:
        return None
    if field.value == CHANCE.value:
        return CHANCE
    if isinstance(field.value, str):
        field.fail(f"must be a seat, {CHANCE.value!r} or null, not {field.value!r}")
    return field.int(0, seats - 1)


def _check_discard_pile(
    data: Field, top: Card | None, under: tuple[Card, ...], hand: CardSet | None
) -> None:
    """A view's discard pile: cards lie under a top card only, and none is in the hand."""
    field = data.get("discard_under")
    if under and top is None:
        field.fail("cards lie under the top card only once the lead is made (VOY-2)")
    for item, card in zip(field.list(), under, strict=True):
        if card == top:
            item.fail(f"{card} is the top card: a card is in one place")
        if hand is not None and card in hand:
            item.fail(f"{card} is in the seat's hand too: a card is in one place")
