"""The consistency of a built Ship's Wheel state or view: whether it is a position that
legal play can reach, as far as its own fields tell.

`check_state` and `check_view` raise `InvalidDataError(where, problem)`, ``where``
being the path of the field in a document (``data.hands``, ``data.results[2].points``,
or ``data`` for the whole) and the problem naming the rule it rests on. `loads` calls
them on every state and view it builds; the test kit and the property tests call them
on every state and view that legal play reaches.

What they guarantee of an accepted document, and what they leave unchecked, is listed
in the API guide, "What loads guarantees".
"""

from __future__ import annotations

from collections import Counter

from seaview_rules._consistency import check_per_seat, check_turn, fail
from seaview_rules._core import check_seat
from seaview_rules._reader import Field
from seaview_rules._seating import left_of, next_dealer, reaches_target
from seaview_rules.ships_wheel._model import Ending, HandResult, Phase, State, View
from seaview_rules.ships_wheel._pieces import CardId, Kind, wins
from seaview_rules.ships_wheel._rules import (
    current_player,
    deal_so_far,
    hand_points,
    legal_moves,
    next_size,
    seat_moves,
    turn_after,
)
from seaview_rules.ships_wheel._views import stand_in

_DEAL_ORDER = "not a position of the deal: one card at a time from the dealer's left (SW-2)"
_ANCHOR_ON_TOP = "a pass follows an Anchor on top of the discarder's pile (SW-10)"


def check_state(state: State) -> None:
    """Check that ``state`` is consistent: every card of the deck(s) exactly once
    (counting copies) in the hands, the deck and the piles; the hand sizes, the piles
    and the pending pass that fit the phase; the results that add up to the scores.

    >>> from seaview_rules import ships_wheel as sw
    >>> check_state(sw.new_game(sw.Rules(players=2)))
    >>> import attrs
    >>> check_state(attrs.evolve(sw.new_game(sw.Rules(players=2)), deck=()))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data: red-circle is there 0 times, not 1: cards are conserved (SW-1, SW-R1)

    Raises:
        InvalidDataError: the first inconsistency found.
    """
    rules = state.rules
    table = rules.table
    n = rules.players
    phase, player, hand_size = state.phase, state.player, state.hand_size
    check_seat(player, n, "data.player", spectator=False)
    check_seat(state.dealer, n, "data.dealer", spectator=False)
    Field(hand_size, "data.hand_size").integer(0, 8)
    for key in ("hands", "piles", "passing"):
        check_per_seat(f"data.{key}", getattr(state, key), n)
    _results(state)

    # SW-1, SW-R1: every card as often as the deck(s) hold it.
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

    hands, piles, passing = state.hands, state.piles, state.passing
    sizes = [len(h) for h in hands]
    no_pass = all(p is None for p in passing)
    clear = no_pass and not any(piles) and not state.reshuffles
    if not _sizes_fit_phase(state, sizes, clear, len(state.deck), "data.hands"):
        return
    _turn_follows(state, [pile[-1] if pile else None for pile in piles])
    if phase is Phase.OVER:
        if not no_pass or not wins(hands[player], table):
            fail(
                "data",
                "a finished match shows the winner's winning hand and no pending pass (SW-R10)",
            )
    else:
        holders = [s for s in range(n) if sizes[s] == hand_size and wins(hands[s], table)]
        if holders:
            fail(
                "data.hands",
                f"seat {holders[0]} holds a winning hand: the hand would be over (SW-R6)",
            )
    _won_before_the_draw(state, hands[player], "data.hands")
    if phase is not Phase.PASS:
        if not no_pass:
            fail("data.passing", f"must all be null in phase {phase.value} (SW-R7)")
        return
    # SW-10, SW-R7: the seats choose in any order; once all have, the cards move.
    committed = [s for s in range(n) if passing[s] is not None]
    if len(committed) >= n:
        fail("data.passing", "once every seat has chosen, the cards have moved (SW-10)")
    top = piles[player][-1] if piles[player] else None
    if top is None or table.cards[top].kind is not Kind.ANCHOR:
        fail("data.piles", _ANCHOR_ON_TOP)
    for s in committed:
        if passing[s] not in hands[s]:
            fail("data.passing", f"seat {s} passes a card it does not hold (SW-10)")


def check_view(view: View) -> None:
    """Check that ``view`` is consistent: what a seat's view can show of a state that
    legal play reaches (the counts that add up to the deck, the Anchor under a pass,
    only the seat's own pending pass, the results that add up to the scores), with
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
        InvalidDataError: the first inconsistency found.
    """
    rules = view.rules
    table = rules.table
    n = rules.players
    total = len(table.full)
    seat, phase, player, hand = view.seat, view.phase, view.player, view.hand
    if seat is not None:
        check_seat(seat, n, "data.seat", spectator=False)
    check_seat(player, n, "data.player", spectator=False)
    check_seat(view.dealer, n, "data.dealer", spectator=False)
    Field(view.hand_size, "data.hand_size").integer(0, 8)
    if (hand is None) != (seat is None):
        fail("data.hand", "a seat's view has its hand; a spectator's has none")
    sizes = view.hand_sizes
    check_per_seat("data.hand_sizes", sizes, n)
    for s, size in enumerate(sizes):
        Field(size, f"data.hand_sizes[{s}]").integer(0, 9)
    if seat is not None and hand is not None and sizes[seat] != len(hand):
        fail("data.hand_sizes", "must agree with the seat's hand")
    Field(view.deck_size, "data.deck_size").integer(0, total)
    tops = view.pile_tops
    check_per_seat("data.pile_tops", tops, n)
    check_per_seat("data.pile_sizes", view.pile_sizes, n)
    for s, size in enumerate(view.pile_sizes):
        Field(size, f"data.pile_sizes[{s}]").integer(0, total)
    if any((t is None) != (s == 0) for t, s in zip(tops, view.pile_sizes, strict=True)):
        fail("data.pile_tops", "a pile has a top card exactly when it is not empty")
    if sum(sizes) + view.deck_size + sum(view.pile_sizes) != total:
        fail("data", "the counts must add up to the cards of the deck(s) (SW-1, SW-R1)")
    seen = Counter(hand or ())
    seen.update(t for t in tops if t is not None)
    for i, count in seen.items():
        if count > table.counts[i]:
            fail("data", f"{table.cards[i]} shows more often than the deck holds it (SW-R1)")
    anchor = view.anchor
    if anchor is not None:
        check_seat(anchor, n, "data.anchor", spectator=False)
    if (anchor is None) != (phase is not Phase.PASS):
        fail("data.anchor", "names the Anchor's discarder exactly in phase pass (SW-10)")
    if anchor is not None:
        if anchor != player:
            fail("data.anchor", "is the seat to act in phase pass, the discarder (SW-10)")
        top = tops[anchor]
        if top is None or table.cards[top].kind is not Kind.ANCHOR:
            fail("data.pile_tops", _ANCHOR_ON_TOP)
    _choosing(view)
    chosen = seat is not None and anchor is not None and seat not in view.choosing
    passing = view.passing
    if (passing is not None) != chosen or (
        passing is not None and (hand is None or passing not in hand)
    ):
        fail("data.passing", "only a seat's own pending pass shows, from its hand (SW-R7)")
    _results(view)
    # A seat's legal moves depend only on what its view shows: they are those of the
    # state that shows just that.
    if phase is Phase.PASS:
        _pass_turn(view)
    else:
        check_turn(view, current_player(view), lambda: legal_moves(stand_in(view)))
    clear = not any(view.pile_sizes) and passing is None and not view.reshuffles
    if not _sizes_fit_phase(view, list(sizes), clear, view.deck_size, "data.hand_sizes"):
        return
    _turn_follows(view, list(view.pile_tops))
    if seat is None or hand is None:
        return
    if phase is Phase.OVER:
        if seat == player and not wins(hand, table):
            fail("data.hand", "the winner of a finished match holds a winning hand (SW-R10)")
        return
    if len(hand) == view.hand_size and wins(hand, table):
        fail("data.hand", f"seat {seat} holds a winning hand: the hand would be over (SW-R6)")
    if seat == player:
        _won_before_the_draw(view, hand, "data.hand")


def _choosing(view: View) -> None:
    """SW-10, SW-R7: in phase pass, the seats still choosing, at least one, distinct
    and in order from the discarder's left; none in any other phase."""
    n = view.rules.players
    seats = view.choosing
    Field(list(seats), "data.choosing").items(0, n)
    for k, s in enumerate(seats):
        check_seat(s, n, f"data.choosing[{k}]", spectator=False)
    if view.phase is not Phase.PASS:
        if seats:
            fail("data.choosing", f"must be empty in phase {view.phase.value} (SW-10)")
        return
    order = [left_of(view.rules.players, view.player, k) for k in range(1, n + 1)]
    if not seats or list(seats) != [s for s in order if s in seats]:
        fail(
            "data.choosing",
            "must be the seats still choosing, at least one, in order from the "
            "discarder's left (SW-10, SW-R7)",
        )


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


def _sizes_fit_phase(
    obj: State | View, sizes: list[int], clear: bool, deck_size: int, where: str
) -> bool:
    """The hand sizes (at ``where``), the deck's size and, in the deal, the piles, the
    reshuffles and the pending pass (all clear, as ``clear`` says) that fit the phase;
    whether play has begun (so that the hands are complete)."""
    rules = obj.rules
    n = rules.players
    phase, player, hand_size, dealer = obj.phase, obj.player, obj.hand_size, obj.dealer
    if phase is Phase.SIZE or phase is Phase.DEAL:
        # The deal so far as the transition deals it (SW-2, SW-R3): who chooses the
        # size or receives the next card, and how many cards each hand holds.
        dealt = deal_so_far(rules, dealer, hand_size, sum(sizes))
        fits = sizes == [len(hand) for hand in dealt.hands]
        if phase is Phase.SIZE and not fits:
            fail(where, "no card is dealt before the size is chosen (SW-2)")
        if phase is Phase.SIZE and player != dealt.player:
            fail("data.player", "the dealer chooses the hand size (SW-2)")
        if not (clear and fits and player == dealt.player and dealt.phase is phase):
            fail("data", _DEAL_ORDER)
        return False
    if not deck_size:
        where_deck = "data.deck" if isinstance(obj, State) else "data.deck_size"
        fail(where_deck, "the deck is never empty during play: the discards replace it (SW-13)")
    for seat in range(n):
        # SW-5, SW-6: a player holds one card more between his draw and his discard.
        if sizes[seat] != hand_size + (phase is Phase.DISCARD and seat == player):
            fail(
                where,
                f"seat {seat} must hold {hand_size} cards in phase {phase.value} (SW-5, SW-6)",
            )
    return True


def _turn_follows(obj: State | View, tops: list[CardId | None]) -> None:
    """At the start of a turn (phases draw and deck), the card discarded last lies on
    its discarder's pile (SW-6), untouched since, and the turn is the one that discard
    gives (SW-4, SW-8, SW-9, SW-10): so it is the turn some pile's top card gives. Before
    the first discard of a hand, it is the turn of the dealer's left (SW-4), who also
    receives the first card of the deal (SW-R3)."""
    phase, player = obj.phase, obj.player
    if phase is not Phase.DRAW and phase is not Phase.DECK:
        return
    rules = obj.rules
    cards = rules.table.cards
    given = {turn_after(rules, s, cards[top].kind) for s, top in enumerate(tops) if top is not None}
    if not given and not obj.reshuffles:
        given.add(deal_so_far(rules, obj.dealer, obj.hand_size, 0).player)
    if player not in given:
        fail(
            "data.player",
            f"seat {player} cannot be to draw: the turn is the one that the last discard, "
            "on top of its pile, gives (SW-4, SW-8, SW-9, SW-10), or the dealer's left's "
            "before the first discard (SW-4)",
        )


def _won_before_the_draw(obj: State | View, hand: tuple[CardId, ...], where: str) -> None:
    """SW-R6: every hand is checked after the deal, after every pass and after every
    discard, and a winning one ends the hand; so the hand a player holds between his
    draw and his discard, less the card he drew, did not win: some card of it must be
    one whose removal leaves a hand that does not win."""
    if obj.phase is not Phase.DISCARD:
        return
    table = obj.rules.table
    if all(wins(_without(hand, card), table) for card in dict.fromkeys(hand)):
        fail(
            where,
            f"seat {obj.player}'s hand won before his draw, whatever card he drew: "
            "the hand would be over (SW-R6)",
        )


def _without(hand: tuple[CardId, ...], card: CardId) -> tuple[CardId, ...]:
    k = hand.index(card)
    return hand[:k] + hand[k + 1 :]


def _results(obj: State | View) -> None:
    """The scores, the finished hands and the phase facts that follow from them: the
    deal passing left (SW-14), the sizes (SW-R2, SW-R9), the winners and endings
    (SW-R6, SW-13), the points (SW-14) and the end of the match (SW-R10)."""
    rules = obj.rules
    n = rules.players
    check_per_seat("data.scores", obj.scores, n)
    for s, score in enumerate(obj.scores):
        Field(score, f"data.scores[{s}]").integer(0)
    results = obj.results
    previous: HandResult | None = None
    dealer = rules.first_dealer
    for number, result in enumerate(results):
        where = f"data.results[{number}]"
        check_seat(result.dealer, n, f"{where}.dealer", spectator=False)
        if result.dealer != dealer:
            fail(f"{where}.dealer", "the deal passes one seat left after every hand (SW-14)")
        dealer = next_dealer(rules.players, dealer)
        size = result.hand_size
        Field(size, f"{where}.hand_size").integer(1, 8)
        if size not in rules.hand_sizes:
            fail(f"{where}.hand_size", f"hands of {size} are not allowed by these rules (SW-R2)")
        if previous is not None and next_size(rules, previous) not in (0, size):
            fail(f"{where}.hand_size", "after a tie the same number of cards is redealt (SW-R9)")
        ending, winners = result.ending, result.winners
        Field(list(winners), f"{where}.winners").items(0, n)
        for k, winner in enumerate(winners):
            check_seat(winner, n, f"{where}.winners[{k}]", spectator=False)
        if list(winners) != sorted(set(winners)):
            fail(f"{where}.winners", "must be distinct seats in seat order")
        if (ending is Ending.EXHAUSTION) != (not winners) or (
            ending is Ending.DISCARD and len(winners) != 1
        ):
            fail(
                f"{where}.winners",
                f"do not fit a hand decided at the {ending.value} (SW-R6, SW-13)",
            )
        Field(result.points, f"{where}.points").integer(0)
        expected = hand_points(rules, size, winners)
        if result.points != expected:
            fail(f"{where}.points", f"must be {expected} (SW-14)")
        reshuffles = result.reshuffles
        Field(reshuffles, f"{where}.reshuffles").integer(0, rules.max_reshuffles)
        if (ending is Ending.EXHAUSTION and reshuffles != rules.max_reshuffles) or (
            ending is Ending.DEAL and reshuffles
        ):
            fail(f"{where}.reshuffles", f"do not fit a hand decided at the {ending.value} (SW-13)")
        previous = result
    totals = [0] * n
    for result in results:
        if result.winner is not None:
            totals[result.winner] += result.points
            if reaches_target(totals[result.winner], rules.target) and result is not results[-1]:
                fail("data.results", "the match ends when a total reaches the target (SW-R10)")
    if tuple(totals) != obj.scores:
        fail("data.scores", "must be the sums of the hand results (SW-14)")
    Field(obj.reshuffles, "data.reshuffles").integer(0, rules.max_reshuffles)
    _phase_facts(obj, dealer)


def _phase_facts(obj: State | View, dealer: int) -> None:
    """The phase facts that follow from the finished hands; ``dealer`` deals the hand
    after them."""
    rules, results = obj.rules, obj.results
    phase, player, hand_size = obj.phase, obj.player, obj.hand_size
    over = phase is Phase.OVER
    if over and not results:
        fail("data.phase", "no hand was finished (SW-R10)")
    expected = results[-1].dealer if over else dealer
    if obj.dealer != expected:
        fail("data.dealer", f"must be seat {expected} after {len(results)} hands (SW-14)")
    last = results[-1] if results else None
    if over:
        assert last is not None
        if last.winner != player or hand_size != last.hand_size:
            fail("data.player", "a finished match names the last hand's winner (SW-R10)")
        if not reaches_target(obj.scores[player], rules.target):
            fail(
                f"data.scores[{player}]",
                f"the winner of a finished match reached the target, {rules.target} (SW-R10)",
            )
        return
    if (
        last is not None
        and last.winner is not None
        and reaches_target(sum(r.points for r in results if r.winner == last.winner), rules.target)
    ):
        fail("data.phase", "a total reached the target, so the match is over (SW-R10)")
    fixed = 0 if last is None else next_size(rules, last)
    if phase is Phase.SIZE:
        if hand_size or fixed:
            fail("data.hand_size", "the size is chosen by the dealer, except after a tie (SW-R9)")
    elif hand_size not in rules.hand_sizes:
        fail("data.hand_size", f"hands of {hand_size} are not allowed by these rules (SW-R2)")
    elif fixed and hand_size != fixed:
        fail("data.hand_size", "after a tie the same number of cards is redealt (SW-R9)")
