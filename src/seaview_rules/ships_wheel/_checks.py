"""Whether a built Ship's Wheel state or view is a position: what `loads` checks.

`check_state` and `check_view` raise `InvalidDataError(where, problem)`, ``where``
being the path of the field in a document (``data.hands``, ``data.results[2].points``,
or ``data`` for the whole) and the problem saying in words what is wrong and which rule
says so. `loads` calls them on every state and view it builds; the test kit calls them
on every state and view it draws.

They check a position, not its history: every card in one place, the fields that fit
the phase and each other, the results that fit the rules and add up to the scores. A
position written by hand is accepted whether or not some game reaches it; that a game
does is what a record shows (`seaview_rules.replay`). What an accepted document is
guaranteed to be is listed in the API guide, "What loads guarantees".
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from seaview_rules._consistency import check_per_seat, check_turn, fail
from seaview_rules._core import check_seat
from seaview_rules._reader import Field
from seaview_rules._seating import left_of
from seaview_rules.ships_wheel._model import Ending, HandResult, Phase, Rules, State, View
from seaview_rules.ships_wheel._pieces import CardId, Kind, wins
from seaview_rules.ships_wheel._rulebook import MAX_HAND_SIZE, MOST_HELD, ends_match, hand_points
from seaview_rules.ships_wheel._rules import current_player, legal_moves, seat_moves
from seaview_rules.ships_wheel._views import stand_in

_IN_PLAY = frozenset({Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS})
"""The phases between the deal and the end of the hand: every hand is complete and
was checked after it last changed, the discarder's but for the card he drew (SW-R6)."""


class _Table(NamedTuple):
    """What a state or a view shows of the cards on the table, and where each part is
    in its document."""

    hands: list[int]
    """The number of cards in each hand."""
    piles: list[int]
    """The number of cards on each discard pile."""
    tops: list[CardId | None]
    """The top card of each discard pile."""
    deck: int
    """The number of cards in the deck."""
    paths: tuple[str, str, str, str]
    """The paths of the hands, the piles, their tops and the deck."""


def check_state(state: State) -> None:
    """Check that ``state`` is a position: every card of the deck(s) as often as the
    deck holds it, in one place; the hand sizes, the piles, the deck, the reshuffles
    and the pending pass that fit the phase; no complete hand that wins while the hand
    goes on; the results that fit the rules and add up to the scores.

    >>> from seaview_rules import ships_wheel as sw
    >>> check_state(sw.new_game(sw.Rules(players=2)))
    >>> import attrs
    >>> check_state(attrs.evolve(sw.new_game(sw.Rules(players=2)), deck=()))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data: red-circle is there 0 times, not 1: cards are conserved (SW-1, SW-R1)

    Raises:
        InvalidDataError: the first fault found.
    """
    n = state.rules.players
    for key in ("hands", "piles", "passing"):
        check_per_seat(f"data.{key}", getattr(state, key), n)
    _fields(state)
    _conserved(state)
    piles = state.piles
    table = _Table(
        [len(hand) for hand in state.hands],
        [len(pile) for pile in piles],
        [pile[-1] if pile else None for pile in piles],
        len(state.deck),
        ("data.hands", "data.piles", "data.piles", "data.deck"),
    )
    _fits_phase(state, table)
    for seat, hand in enumerate(state.hands):
        _winning(state, seat, hand, "data.hands")
    _pending(state)


def check_view(view: View) -> None:
    """Check that ``view`` is what a seat (or a spectator) sees of a position: what
    `check_state` asks of a state, as far as the view shows it (its own hand, the
    counts that add up to the deck, the pile tops, only its own pending pass), with
    whose turn it is and the seat's legal moves as the view's other fields decide.

    >>> from seaview_rules import ships_wheel as sw
    >>> import attrs
    >>> seen = sw.view(sw.new_game(sw.Rules(players=2)), 0)
    >>> check_view(seen)
    >>> check_view(attrs.evolve(seen, to_move=1))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data.to_move: must be 0 in phase size with seat 0 to act

    Raises:
        InvalidDataError: the first fault found.
    """
    seat, hand = view.seat, view.hand
    if seat is not None:
        check_seat(seat, view.rules.players, "data.seat", spectator=False)
    if (hand is None) != (seat is None):
        fail("data.hand", "a seat's view has its hand; a spectator's has none")
    _fields(view)
    table = _shown(view)
    _fits_phase(view, table)
    if seat is not None and hand is not None:
        _winning(view, seat, hand, "data.hand")
    _pass_shown(view)
    # A seat's legal moves depend only on what its view shows: they are those of the
    # state that shows just that.
    if view.phase is Phase.PASS:
        _pass_turn(view)
    else:
        check_turn(view, current_player(view), lambda: legal_moves(stand_in(view)))


def _fields(obj: State | View) -> None:
    """The seats and counters in range, and the results: each fits the rules, the
    scores are their sums, and the match is over exactly when a total reached the
    target (SW-14, SW-R10)."""
    rules = obj.rules
    n = rules.players
    check_seat(obj.player, n, "data.player", spectator=False)
    check_seat(obj.dealer, n, "data.dealer", spectator=False)
    Field(obj.hand_size, "data.hand_size").integer(0, MAX_HAND_SIZE)
    Field(obj.reshuffles, "data.reshuffles").integer(0, rules.max_reshuffles)
    check_per_seat("data.scores", obj.scores, n)
    for s, score in enumerate(obj.scores):
        Field(score, f"data.scores[{s}]").integer(0)
    totals = [0] * n
    reached = False
    for number, result in enumerate(obj.results):
        where = f"data.results[{number}]"
        if reached:
            fail(where, "follows the hand in which a total reached the target (SW-R10)")
        _result(rules, result, where)
        if result.winner is not None:
            totals[result.winner] += result.points
            reached = ends_match(totals[result.winner], rules.target)
    if tuple(totals) != obj.scores:
        fail("data.scores", "must be the sums of the hand results (SW-14)")
    if reached != (obj.phase is Phase.OVER):
        fail(
            "data.phase",
            f"must be 'over' exactly when a total has reached the target, {rules.target} (SW-R10)",
        )


def _result(rules: Rules, result: HandResult, where: str) -> None:
    """One hand result: its seats, its size, winners that fit its ending, its points
    (SW-14) and its reshuffles (SW-13)."""
    n = rules.players
    check_seat(result.dealer, n, f"{where}.dealer", spectator=False)
    size = Field(result.hand_size, f"{where}.hand_size").integer(1, MAX_HAND_SIZE)
    if size not in rules.hand_sizes:
        fail(f"{where}.hand_size", f"hands of {size} are not allowed by these rules (SW-R2)")
    ending, winners = result.ending, result.winners
    Field(list(winners), f"{where}.winners").items(0, n)
    for k, winner in enumerate(winners):
        check_seat(winner, n, f"{where}.winners[{k}]", spectator=False)
    if list(winners) != sorted(set(winners)):
        fail(f"{where}.winners", "must be distinct seats in seat order")
    if (ending is Ending.EXHAUSTION) != (not winners) or (
        ending is Ending.DISCARD and len(winners) != 1
    ):
        fail(f"{where}.winners", f"do not fit a hand decided at the {ending.value} (SW-R6, SW-13)")
    Field(result.points, f"{where}.points").integer(0)
    expected = hand_points(rules.scoring, size, winners)
    if result.points != expected:
        fail(f"{where}.points", f"must be {expected}, what the hand scores (SW-14)")
    reshuffles = Field(result.reshuffles, f"{where}.reshuffles").integer(0, rules.max_reshuffles)
    if (ending is Ending.EXHAUSTION and reshuffles != rules.max_reshuffles) or (
        ending is Ending.DEAL and reshuffles
    ):
        fail(f"{where}.reshuffles", f"do not fit a hand decided at the {ending.value} (SW-13)")


def _conserved(state: State) -> None:
    """SW-1, SW-R1: every card as often as the deck(s) hold it, no other."""
    table = state.rules.table
    counted: Counter[int] = Counter(state.deck)
    for cards in (*state.hands, *state.piles):
        counted.update(cards)
    for i, expected in enumerate(table.counts):
        if counted[i] != expected:
            fail(
                "data",
                f"{table.cards[i]} is there {counted[i]} times, not {expected}: cards are "
                "conserved (SW-1, SW-R1)",
            )
    if counted.total() != len(table.full):
        fail("data", "holds a card id that is not a card of the deck (SW-1)")


def _shown(view: View) -> _Table:
    """What ``view`` shows of the cards, checked: counts in range that add up to the
    deck(s), a top card on every pile that has cards, no card shown more often than
    the deck holds it."""
    rules = view.rules
    table, n = rules.table, rules.players
    total = len(table.full)
    sizes, tops, piles = view.hand_sizes, view.pile_tops, view.pile_sizes
    check_per_seat("data.hand_sizes", sizes, n)
    check_per_seat("data.pile_tops", tops, n)
    check_per_seat("data.pile_sizes", piles, n)
    for s in range(n):
        Field(sizes[s], f"data.hand_sizes[{s}]").integer(0, MOST_HELD)
        Field(piles[s], f"data.pile_sizes[{s}]").integer(0, total)
    Field(view.deck_size, "data.deck_size").integer(0, total)
    if view.seat is not None and view.hand is not None and sizes[view.seat] != len(view.hand):
        fail("data.hand_sizes", "must agree with the seat's hand")
    if any((t is None) != (s == 0) for t, s in zip(tops, piles, strict=True)):
        fail("data.pile_tops", "a pile has a top card exactly when it is not empty")
    if sum(sizes) + view.deck_size + sum(piles) != total:
        fail("data", f"the counts must add up to the {total} cards of the deck(s) (SW-1, SW-R1)")
    seen = Counter(view.hand or ())
    seen.update(t for t in tops if t is not None)
    for i, count in seen.items():
        if count > table.counts[i]:
            fail("data", f"{table.cards[i]} shows more often than the deck holds it (SW-R1)")
    paths = ("data.hand_sizes", "data.pile_sizes", "data.pile_tops", "data.deck_size")
    return _Table(list(sizes), list(piles), list(tops), view.deck_size, paths)


def _fits_phase(obj: State | View, table: _Table) -> None:
    """The hand sizes, the piles, the deck and the seat to act that fit the phase."""
    rules, phase, size = obj.rules, obj.phase, obj.hand_size
    if phase is Phase.SIZE or phase is Phase.DEAL:
        _before_play(obj, table)
        return
    hands, _, tops, deck = table.paths
    if size not in rules.hand_sizes:
        fail("data.hand_size", f"hands of {size} are not allowed by these rules (SW-R2)")
    if not table.deck:
        fail(deck, "the deck is never empty once the deal is done: the discards replace it (SW-13)")
    for seat, held in enumerate(table.hands):
        # SW-5, SW-6: a player holds one card more between his draw and his discard.
        if held != size + (phase is Phase.DISCARD and seat == obj.player):
            fail(hands, f"seat {seat} must hold {size} cards in phase {phase.value} (SW-5, SW-6)")
    top = table.tops[obj.player]
    if phase is Phase.PASS and (top is None or rules.table.cards[top].kind is not Kind.ANCHOR):
        fail(tops, "a pass follows an Anchor, on top of the discarder's pile (SW-10)")
    if phase is Phase.OVER:
        last = obj.results[-1]
        for key, value, expected in (
            ("player", obj.player, last.winner),
            ("dealer", obj.dealer, last.dealer),
            ("hand_size", size, last.hand_size),
        ):
            if value != expected:
                fail(
                    f"data.{key}",
                    f"must be {expected}, as in the result of the last hand: a finished match "
                    "shows its winner at the end of that hand (SW-R10)",
                )


def _before_play(obj: State | View, table: _Table) -> None:
    """SW-2, SW-R3: the dealer chooses the size, then deals one card at a time to the
    left; nothing is discarded and no pile rebuilt before the deal is done."""
    n, player, size = obj.rules.players, obj.player, obj.hand_size
    hands, piles, _, _ = table.paths
    if any(table.piles):
        fail(piles, "must be empty until the deal is done (SW-2)")
    if obj.reshuffles:
        fail("data.reshuffles", "must be 0 until the deal is done (SW-13)")
    if obj.phase is Phase.SIZE:
        if size:
            fail("data.hand_size", "must be 0 while the dealer chooses the size (SW-2)")
        if any(table.hands):
            fail(hands, "no card is dealt before the size is chosen (SW-2)")
        if player != obj.dealer:
            fail("data.player", "must be the dealer, who chooses the size (SW-2)")
        return
    if size not in obj.rules.hand_sizes:
        fail("data.hand_size", f"hands of {size} are not allowed by these rules (SW-R2)")
    # Round to the left from the seat to receive the next card: k cards, then k + 1.
    run = [table.hands[left_of(n, player, k)] for k in range(n)]
    if run != sorted(run) or run[-1] > run[0] + 1 or run[0] >= size:
        fail(
            hands,
            f"cannot be a deal in progress with seat {player} to receive the next card: the "
            f"cards go one at a time to the left, so the hands from seat {player} on hold one "
            f"card fewer than those dealt to before it, and fewer than {size} (SW-R3)",
        )


def _winning(obj: State | View, seat: int, hand: tuple[CardId, ...], where: str) -> None:
    """SW-R6: a complete hand that wins ends the hand at once, so none is in play; and
    the winner of a finished match holds his winning hand (SW-R10)."""
    table = obj.rules.table
    if obj.phase in _IN_PLAY and len(hand) == obj.hand_size and wins(hand, table):
        fail(where, f"seat {seat} holds a winning hand: the hand would be over (SW-R6)")
    if obj.phase is Phase.OVER and seat == obj.player and not wins(hand, table):
        fail(where, "the winner of a finished match holds a winning hand (SW-R10)")


def _pending(state: State) -> None:
    """SW-10, SW-R7: cards are chosen only in an Anchor pass, each from its chooser's
    hand, and at least one seat is still choosing (once all have, the cards move)."""
    passing = state.passing
    if state.phase is not Phase.PASS:
        if any(p is not None for p in passing):
            fail("data.passing", f"must all be null in phase {state.phase.value} (SW-R7)")
        return
    if None not in passing:
        fail("data.passing", "once every seat has chosen, the cards have moved (SW-10)")
    for s, card in enumerate(passing):
        if card is not None and card not in state.hands[s]:
            fail("data.passing", f"seat {s} passes a card it does not hold (SW-10)")


def _pass_shown(view: View) -> None:
    """SW-10, SW-R7: in an Anchor pass the view names its discarder and the seats still
    choosing, at least one, in order from the discarder's left; a seat sees only its
    own pending choice, from its hand."""
    n, anchor, seats = view.rules.players, view.anchor, view.choosing
    if anchor is not None:
        check_seat(anchor, n, "data.anchor", spectator=False)
    if (anchor is None) != (view.phase is not Phase.PASS) or anchor not in (None, view.player):
        fail("data.anchor", "names the seat to act, the Anchor's discarder, in phase pass (SW-10)")
    Field(list(seats), "data.choosing").items(0, n)
    for k, s in enumerate(seats):
        check_seat(s, n, f"data.choosing[{k}]", spectator=False)
    order = [left_of(n, view.player, k) for k in range(1, n + 1)] if anchor is not None else []
    if list(seats) != [s for s in order if s in seats] or (anchor is not None and not seats):
        fail(
            "data.choosing",
            "must be the seats still choosing in phase pass, at least one, in order from the "
            "discarder's left, and empty in any other phase (SW-10, SW-R7)",
        )
    chosen = view.seat is not None and anchor is not None and view.seat not in seats
    passing = view.passing
    if (passing is not None) != chosen or (
        passing is not None and (view.hand is None or passing not in view.hand)
    ):
        fail("data.passing", "only a seat's own pending pass shows, from its hand (SW-R7)")


def _pass_turn(view: View) -> None:
    """SW-R7: in an Anchor pass the first seat still choosing is `to_move`, and a seat's
    legal moves are its choices while it is still choosing, whoever is to move."""
    expected_to_move = current_player(view)
    if isinstance(view.to_move, int):
        Field(view.to_move, "data.to_move").integer(0, view.rules.players - 1)
    if view.to_move != expected_to_move:
        fail(
            "data.to_move",
            f"must be {expected_to_move!r} in phase pass: the first seat still choosing (SW-R7)",
        )
    seat = view.seat
    expected = () if seat is None or view.hand is None else seat_moves(stand_in(view), seat)
    if view.legal_moves != expected:
        fail(
            "data.legal_moves",
            f"must be the moves the view allows: {[str(m) for m in expected]}"
            if expected
            else "must be empty: this seat is not choosing",
        )
