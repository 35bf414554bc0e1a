"""Whether a built Ship's Wheel state or view is a position: what `loads` checks of it.

`check_state` and `check_view` raise `InvalidDataError(where, problem)`, ``where`` being
the path of the field in a document (``data.hands``, ``data.results[2].points``, or
``data`` for the whole) and the problem saying what is wrong and which rule says so.
They check a position, not its history: the cards, the fields that fit the phase and
each other, the results that fit the rules and add up to the scores. That a game
reaches the position is for its record to show (`seaview_rules.replay`). The API
guide's "What loads guarantees" lists what an accepted document is.
"""

from __future__ import annotations

from collections import Counter

from seaview_rules._consistency import check_per_seat, fail
from seaview_rules._core import CHANCE, check_seat
from seaview_rules._reader import Field
from seaview_rules._seating import left_of
from seaview_rules.ships_wheel._model import Ending, HandResult, Phase, Rules, State, View
from seaview_rules.ships_wheel._pieces import CardId, Kind, wins
from seaview_rules.ships_wheel._rulebook import MAX_HAND_SIZE, MOST_HELD, ends_match, hand_points
from seaview_rules.ships_wheel._rules import current_player, seat_moves
from seaview_rules.ships_wheel._views import stand_in

_IN_PLAY = frozenset({Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS})
"""The phases after the deal: every complete hand was checked since it changed (SW-R6)."""
_STATE_PATHS = ("data.hands", "data.piles", "data.piles", "data.deck")
_VIEW_PATHS = ("data.hand_sizes", "data.pile_sizes", "data.pile_tops", "data.deck_size")
"""Where the hands, the piles, their tops and the deck are in a document."""

Table = tuple[list[int], list[int], list[CardId | None], int]
"""The sizes of the hands and the piles, the pile tops and the size of the deck."""


def check_state(state: State) -> None:
    """Check that ``state`` is a position (see the module's docstring).

    >>> from seaview_rules import ships_wheel as sw
    >>> import attrs
    >>> check_state(attrs.evolve(sw.new_game(sw.Rules(players=2)), deck=()))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data: red-circle is there 0 times, not 1: cards are conserved (SW-1, SW-R1)

    Raises:
        InvalidDataError: the first fault found.
    """
    rules, hands, piles = state.rules, state.hands, state.piles
    for key in ("hands", "piles", "passing"):
        check_per_seat(f"data.{key}", getattr(state, key), rules.players)
    _fields(state)
    counted: Counter[int] = Counter(state.deck)
    for cards in (*hands, *piles):
        counted.update(cards)
    for i, expected in enumerate(rules.table.counts):  # SW-1, SW-R1
        if counted[i] != expected:
            problem = f"is there {counted[i]} times, not {expected}: cards are conserved"
            fail("data", f"{rules.table.cards[i]} {problem} (SW-1, SW-R1)")
    if counted.total() != len(rules.table.full):
        fail("data", "holds a card id that is not a card of the deck (SW-1)")
    tops = [pile[-1] if pile else None for pile in piles]
    table = ([len(h) for h in hands], [len(p) for p in piles], tops, len(state.deck))
    _fits_phase(state, table, _STATE_PATHS)
    for seat, hand in enumerate(hands):
        _winning(state, seat, hand, "data.hands")
    _pending(state)


def check_view(view: View) -> None:
    """Check that ``view`` is what a seat, or a spectator, sees of a position: what
    `check_state` asks as far as the view shows it, with whose turn it is and the seat's
    legal moves as its other fields decide.

    >>> from seaview_rules import ships_wheel as sw
    >>> import attrs
    >>> check_view(attrs.evolve(sw.view(sw.new_game(sw.Rules(players=2)), 0), to_move=1))
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
    _fits_phase(view, _shown(view), _VIEW_PATHS)
    if seat is not None and hand is not None:
        _winning(view, seat, hand, "data.hand")
    _pass_shown(view)
    to_move = current_player(view)
    if isinstance(view.to_move, int):
        Field(view.to_move, "data.to_move").integer(0, view.rules.players - 1)
    if view.to_move != to_move:
        shown = CHANCE.value if to_move is CHANCE else to_move
        fail("data.to_move", f"must be {shown!r} in phase {view.phase.value} with seat "
             f"{view.player} to act")  # fmt: skip
    # A seat's legal moves depend only on what its view shows: those of the state that
    # shows just that (`stand_in`); in a pass, its choices while it is choosing (SW-R7).
    expected = () if seat is None or hand is None else seat_moves(stand_in(view), seat)
    if view.legal_moves != expected:
        idle = "choosing" if view.phase is Phase.PASS else "to move"
        allowed = f"the moves the view allows: {[str(m) for m in expected]}"
        fail(
            "data.legal_moves",
            f"must be {allowed if expected else f'empty: this seat is not {idle}'}",
        )


def _fields(obj: State | View) -> None:
    """The seats and counters in range; each result fits the rules; the scores are the
    sums of the results; the match is over exactly when a total reached the target, in
    the last hand (SW-14, SW-R10)."""
    rules = obj.rules
    n = rules.players
    check_seat(obj.player, n, "data.player", spectator=False)
    check_seat(obj.dealer, n, "data.dealer", spectator=False)
    Field(obj.hand_size, "data.hand_size").integer(0, MAX_HAND_SIZE)
    Field(obj.reshuffles, "data.reshuffles").integer(0, rules.max_reshuffles)
    check_per_seat("data.scores", obj.scores, n)
    for s, score in enumerate(obj.scores):
        Field(score, f"data.scores[{s}]").integer(0)
    totals, reached = [0] * n, False
    for number, result in enumerate(obj.results):
        if reached:
            fail(f"data.results[{number}]", "follows the hand that ended the match (SW-R10)")
        _result(rules, result, f"data.results[{number}]")
        if result.winner is not None:
            totals[result.winner] += result.points
            reached = ends_match(totals[result.winner], rules.target)
    if tuple(totals) != obj.scores:
        fail("data.scores", "must be the sums of the hand results (SW-14)")
    if reached != (obj.phase is Phase.OVER):
        fail("data.phase", f"is 'over' exactly when a total reached {rules.target} (SW-R10)")


def _result(rules: Rules, result: HandResult, where: str) -> None:
    """A hand result: its seats, its size, winners that fit its ending (SW-R6, SW-13),
    the points they score (SW-14), reshuffles that fit its ending (SW-13)."""
    n, ending, winners = rules.players, result.ending, result.winners
    check_seat(result.dealer, n, f"{where}.dealer", spectator=False)
    size = Field(result.hand_size, f"{where}.hand_size").integer(1, MAX_HAND_SIZE)
    if size not in rules.hand_sizes:
        fail(f"{where}.hand_size", f"hands of {size} are not allowed by these rules (SW-R2)")
    for winner in Field(list(winners), f"{where}.winners").items(0, n):
        check_seat(winner.value, n, winner.path, spectator=False)
    if list(winners) != sorted(set(winners)):
        fail(f"{where}.winners", "must be distinct seats in seat order")
    if (ending is Ending.EXHAUSTION) == bool(winners) or (
        ending is Ending.DISCARD and len(winners) != 1
    ):
        fail(f"{where}.winners", f"do not fit a hand decided at the {ending.value} (SW-R6, SW-13)")
    Field(result.points, f"{where}.points").integer(0)
    if result.points != (points := hand_points(rules.scoring, size, winners)):
        fail(f"{where}.points", f"must be {points}, what the hand scores (SW-14)")
    reshuffles = Field(result.reshuffles, f"{where}.reshuffles").integer(0, rules.max_reshuffles)
    if (ending is Ending.EXHAUSTION and reshuffles != rules.max_reshuffles) or (
        ending is Ending.DEAL and reshuffles
    ):
        fail(f"{where}.reshuffles", f"do not fit a hand decided at the {ending.value} (SW-13)")


def _shown(view: View) -> Table:
    """What ``view`` shows of the cards: counts in range that add up to the deck(s), a
    top card on every pile that has cards, none shown more often than the deck holds."""
    rules, sizes, tops, piles = view.rules, view.hand_sizes, view.pile_tops, view.pile_sizes
    total = len(rules.table.full)
    for where, items in zip(_VIEW_PATHS, (sizes, piles, tops), strict=False):
        check_per_seat(where, items, rules.players)
    for s in range(rules.players):
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
        if count > rules.table.counts[i]:
            fail("data", f"{rules.table.cards[i]} shows more often than the deck holds it (SW-R1)")
    return list(sizes), list(piles), list(tops), view.deck_size


def _fits_phase(obj: State | View, table: Table, paths: tuple[str, ...]) -> None:
    """The hand sizes, the piles, the deck and the seat to act that fit the phase."""
    (hands, piles, tops, deck), phase, size = table, obj.phase, obj.hand_size
    if phase is not Phase.SIZE and size not in obj.rules.hand_sizes:
        fail("data.hand_size", f"hands of {size} are not allowed by these rules (SW-R2)")
    if phase is Phase.SIZE or phase is Phase.DEAL:
        _before_play(obj, hands, any(piles), paths)
        return
    if not deck:
        fail(paths[3], "is never empty after the deal: the discards replace it (SW-13)")
    for seat, held in enumerate(hands):
        # SW-5, SW-6: a player holds one card more between his draw and his discard.
        if held != size + (phase is Phase.DISCARD and seat == obj.player):
            fail(paths[0], f"seat {seat} must hold {size} cards in phase {phase.value} (SW-5)")
    top = tops[obj.player]
    if phase is Phase.PASS and (top is None or obj.rules.table.cards[top].kind is not Kind.ANCHOR):
        fail(paths[2], "a pass follows an Anchor, on top of the discarder's pile (SW-10)")
    if phase is Phase.OVER:
        last = obj.results[-1]
        for key, expected in (
            ("player", last.winner),
            ("dealer", last.dealer),
            ("hand_size", last.hand_size),
        ):
            if getattr(obj, key) != expected:
                fail(f"data.{key}", f"must be {expected}, as at the end of the last hand (SW-R10)")


def _before_play(obj: State | View, hands: list[int], piled: bool, paths: tuple[str, ...]) -> None:
    """SW-2, SW-R3: the dealer chooses the size, then deals one card at a time to the
    left; nothing is discarded and no deck rebuilt before the deal is done."""
    n, player, size = obj.rules.players, obj.player, obj.hand_size
    if piled:
        fail(paths[1], "must be empty until the deal is done (SW-2)")
    if obj.reshuffles:
        fail("data.reshuffles", "must be 0 until the deal is done (SW-13)")
    if obj.phase is Phase.SIZE:
        if size or any(hands) or player != obj.dealer:
            where = "data.hand_size" if size else paths[0] if any(hands) else "data.player"
            fail(where, "the dealer chooses the size before any card is dealt (SW-2)")
        return
    run = [hands[left_of(n, player, k)] for k in range(n)]  # from the seat dealt to next
    if run != sorted(run) or run[-1] > run[0] + 1 or run[0] >= size:
        fail(
            paths[0],
            f"cannot be a deal in progress with seat {player} to receive the next card: one "
            f"card at a time to the left, the hands from seat {player} on hold one card fewer "
            f"than those dealt to before it, and fewer than {size} (SW-R3)",
        )


def _winning(obj: State | View, seat: int, hand: tuple[CardId, ...], where: str) -> None:
    """SW-R6: a complete hand that wins ends the hand, so none is in play; at the end of
    a match the winner holds his winning hand (SW-R10)."""
    table = obj.rules.table
    if obj.phase in _IN_PLAY and len(hand) == obj.hand_size and wins(hand, table):
        fail(where, f"seat {seat} holds a winning hand: the hand would be over (SW-R6)")
    if obj.phase is Phase.OVER and seat == obj.player and not wins(hand, table):
        fail(where, "the winner of a finished match holds a winning hand (SW-R10)")


def _pending(state: State) -> None:
    """SW-10, SW-R7: cards are chosen only in an Anchor pass, each from its chooser's
    hand, and some seat is still choosing: once all have chosen, the cards move."""
    phase, passing = state.phase, state.passing
    if phase is not Phase.PASS and any(p is not None for p in passing):
        fail("data.passing", f"must all be null in phase {phase.value} (SW-R7)")
    if phase is Phase.PASS and None not in passing:
        fail("data.passing", "once every seat has chosen, the cards have moved (SW-10)")
    for s, card in enumerate(passing):
        if card is not None and card not in state.hands[s]:
            fail("data.passing", f"seat {s} passes a card it does not hold (SW-10)")


def _pass_shown(view: View) -> None:
    """SW-10, SW-R7: in an Anchor pass a view names the discarder and the seats still
    choosing, at least one, in order from the discarder's left; a seat sees only its own
    pending choice, from its hand."""
    n, anchor, seats = view.rules.players, view.anchor, view.choosing
    if anchor is not None:
        check_seat(anchor, n, "data.anchor", spectator=False)
    if (anchor is None) != (view.phase is not Phase.PASS) or anchor not in (None, view.player):
        fail("data.anchor", "names the seat to act, the Anchor's discarder, in phase pass (SW-10)")
    for s in Field(list(seats), "data.choosing").items(0, n):
        check_seat(s.value, n, s.path, spectator=False)
    order = [left_of(n, view.player, k) for k in range(1, n + 1)] if anchor is not None else []
    if list(seats) != [s for s in order if s in seats] or (anchor is not None and not seats):
        fail("data.choosing", "must be the seats still choosing in phase pass, at least one, "
             "in order from the discarder's left, and none in another phase (SW-10, SW-R7)")  # fmt: skip
    chosen = view.seat is not None and anchor is not None and view.seat not in seats
    if (view.passing is not None) != chosen or view.passing not in (None, *(view.hand or ())):
        fail("data.passing", "only a seat's own pending pass shows, from its hand (SW-R7)")
