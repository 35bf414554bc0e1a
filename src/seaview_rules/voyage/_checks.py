"""Whether a built Voyage state or view is a position: its structure, not its history.

`check_state` and `check_view` raise `InvalidDataError(where, problem)`: ``where`` is the
path of the field in a document (``data.hands[1]``, ``data`` for the whole), the problem
says what is wrong and names the rule. `loads` calls them on every state and view it
builds; the test kit on every state and view that play reaches, and on positions written
by hand. What they check, and what they leave to a record (`seaview_rules.replay`), is
"What loads guarantees" in the API guide: any seat may be to move and any seat the
dealer, and play goes on from such a position by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from seaview_rules._consistency import check_per_seat, check_turn, fail
from seaview_rules._core import check_seat
from seaview_rules._reader import Field
from seaview_rules.voyage._model import Phase, RoundResult, Rules, State, View
from seaview_rules.voyage._pieces import EMPTY, Card, CardSet
from seaview_rules.voyage._rulebook import left_of, reaches_target, round_points
from seaview_rules.voyage._rules import current_player, legal_moves
from seaview_rules.voyage._views import stand_in

_BEFORE_PLAY = (Phase.DEAL, Phase.LEAD)


def check_state(state: State) -> None:
    """Check that ``state`` is a position: every card once (VOY-R1), the fields that fit
    the phase and each other, the results that add up to the scores.

    >>> import attrs
    >>> from seaview_rules import voyage
    >>> check_state(voyage.new_game(voyage.Rules(players=2)))
    >>> check_state(attrs.evolve(voyage.new_game(voyage.Rules(players=2)), draw_pile=voyage.CardSet(0)))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data: R1 is missing: every card must be somewhere (VOY-R1)

    Raises:
        InvalidDataError: the first inconsistency found.
    """
    rules = state.rules
    n = rules.players
    check_seat(state.player, n, "data.player", spectator=False)
    check_seat(state.dealer, n, "data.dealer", spectator=False)
    hands, top, under = state.hands, state.discard_top, state.discard_under
    check_per_seat("data.hands", hands, n)
    _card("data.discard_top", top, rules)
    _pile("data.discard_under", under, rules)
    _card("data.drawn", state.drawn, rules)
    places = {f"hands[{s}]": hand for s, hand in enumerate(hands)}
    places["draw_pile"] = state.draw_pile
    places["discard_under"] = CardSet.of(under)
    places["discard_top"] = CardSet.of([] if top is None else [top])
    _once(places, rules)
    _results(state)
    _drawn(state.phase, state.drawn, hands[state.player])
    _position(state, [len(hand) for hand in hands], len(state.draw_pile))


def check_view(view: View) -> None:
    """Check that ``view`` is what a seat's view can show of a position, its turn and
    legal moves as its other fields decide.

    >>> import attrs
    >>> from seaview_rules import voyage
    >>> seen = voyage.view(voyage.new_game(voyage.Rules(players=2)), 0)
    >>> check_view(seen)
    >>> check_view(attrs.evolve(seen, to_move=1))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data.to_move: must be 'chance' in phase deal with seat 1 to act

    Raises:
        InvalidDataError: the first inconsistency found.
    """
    rules = view.rules
    n = rules.players
    seat, hand = view.seat, view.hand
    if seat is not None:
        check_seat(seat, n, "data.seat", spectator=False)
    check_seat(view.player, n, "data.player", spectator=False)
    check_seat(view.dealer, n, "data.dealer", spectator=False)
    sizes = view.hand_sizes
    _counts("data.hand_sizes", sizes, n)
    if (hand is None) != (seat is None):
        fail("data.hand", "a seat's view has its hand; a spectator's has none")
    if seat is not None and hand is not None:
        _in_deck("data.hand", hand, rules)
        if sizes[seat] != len(hand):
            fail("data.hand_sizes", "must agree with the seat's hand")
    Field(view.draw_pile_size, "data.draw_pile_size").integer(0, rules.deck_size)
    top, under = view.discard_top, view.discard_under
    _card("data.discard_top", top, rules)
    _pile("data.discard_under", under, rules)
    for k, card in enumerate(under):
        if card == top or card in (hand or EMPTY):
            place = "the top card" if card == top else "in the seat's hand too"
            fail(f"data.discard_under[{k}]", f"{card} is {place}: a card is in one place")
    if sum(sizes) + view.draw_pile_size + len(under) + (top is not None) != rules.deck_size:
        fail("data", "the counts must add up to the deck size (VOY-R1)")
    _card("data.drawn", view.drawn, rules)
    if seat == view.player:
        _drawn(view.phase, view.drawn, hand or EMPTY)
    elif view.drawn is not None:
        fail("data.drawn", "only the drawing seat sees its drawn card, in its hand (VOY-R4)")
    _results(view)
    _position(view, list(sizes), view.draw_pile_size)
    # A seat's legal moves depend only on what its view shows: they are those of the
    # state that shows just that.
    check_turn(view, current_player(view), lambda: legal_moves(stand_in(view)))


def _once(places: dict[str, CardSet], rules: Rules) -> None:
    """Every card of the deck in exactly one of ``places``, and no other card (VOY-R1)."""
    where: dict[int, str] = {}  # card index -> the place that holds it
    for place, cards in places.items():
        _in_deck(f"data.{place}", cards, rules)
        for card in cards:
            if card.index in where:
                fail(f"data.{place}", f"{card} is in data.{where[card.index]} too (VOY-R1)")
            where[card.index] = place
    missing = CardSet(rules.deck & ~sum(1 << index for index in where))
    if missing:
        fail("data", f"{next(iter(missing))} is missing: every card must be somewhere (VOY-R1)")


def _drawn(phase: Phase, drawn: Card | None, hand: CardSet) -> None:
    """A drawn card is known only in phase DRAWN, in the drawer's hand (VOY-R4)."""
    if phase is Phase.DRAWN and (drawn is None or drawn not in hand):
        fail("data.drawn", "must be the card the player drew, in his hand (VOY-R4)")
    if phase is not Phase.DRAWN and drawn is not None:
        fail("data.drawn", f"must be null in phase {phase.value} (VOY-R4)")


def _position(obj: State | View, sizes: list[int], draw_size: int) -> None:
    """The hands (``sizes``, their counts), the discard pile and the draw pile
    (``draw_size`` cards) that fit the phase."""
    phase, top, under = obj.phase, obj.discard_top, obj.discard_under
    hands = "data.hand_sizes" if isinstance(obj, View) else "data.hands"
    if phase in _BEFORE_PLAY:
        if top is not None:
            fail(
                "data.discard_top",
                f"no card is played before the lead, in phase {phase.value} (VOY-2)",
            )
        if under:
            fail("data.discard_under", "cards lie under the top only once the lead is made (VOY-2)")
        if obj.reshuffles:
            fail("data.reshuffles", "the draw pile is rebuilt only once play has begun (VOY-6)")
    elif top is None:
        fail("data.discard_top", f"in phase {phase.value} the lead has started the pile (VOY-2)")
    _chain(top, under)
    if phase is Phase.DEAL:
        _deal(obj.rules, obj.player, sizes, hands)
    elif phase is Phase.OVER:
        if sizes != list(obj.results[-1].cards_left):
            fail(hands, "a finished match shows the hands its last round left (VOY-5)")
    elif 0 in sizes:
        empty = f"{hands}[{sizes.index(0)}]"
        fail(
            empty,
            f"in phase {phase.value} every hand holds a card: a round ends at an empty one (VOY-5)",
        )
    if phase is Phase.DRAW and not draw_size:
        where = "data.draw_pile_size" if isinstance(obj, View) else "data.draw_pile"
        fail(where, "a draw takes a card from a draw pile that is not empty (VOY-4, VOY-6)")


def _deal(rules: Rules, player: int, sizes: Sequence[int], where: str) -> None:
    """A deal in progress: the next card goes to ``player``, then clockwise to each seat
    in turn, until the next seat's hand is full (VOY-1, VOY-R7); so no hand holds more
    than `Rules.hand_size`, ``player``'s fewer, and no hand is still empty where the deal
    will stop before it."""
    full = rules.hand_size
    for s, size in enumerate(sizes):
        if size > full:
            fail(f"{where}[{s}]", f"a deal gives each hand {full} cards, not {size} (VOY-1)")
    if sizes[player] == full:
        fail(
            f"{where}[{player}]", f"seat {player} receives the next card, but holds {full} (VOY-1)"
        )
    stop = None  # the first full hand clockwise from the seat to receive
    for k in range(rules.players):
        seat = left_of(rules.players, player, k)
        if sizes[seat] == full and stop is None:
            stop = seat
        elif sizes[seat] == 0 and stop is not None:
            fail(
                f"{where}[{seat}]",
                f"seat {seat} has no card yet, but the deal stops at seat {stop}, whose hand is "
                f"full, before it comes round to seat {seat}: cards go clockwise from seat "
                f"{player}, to each seat in turn until the next hand is full (VOY-1, VOY-R7)",
            )


def _chain(top: Card | None, under: tuple[Card, ...]) -> None:
    """Each card of the discard pile was played on the one under it (VOY-3); the first
    card under the top is the lead, or the top when the pile was rebuilt (VOY-6)."""
    pile = (*under, top) if top is not None else under
    for k in range(1, len(pile)):
        if not pile[k].matches(pile[k - 1]):
            where = f"data.discard_under[{k}]" if k < len(under) else "data.discard_top"
            fail(where, f"{pile[k]} was played on {pile[k - 1]}, which it does not match (VOY-3)")


def _counts(where: str, counts: tuple[int, ...], seats: int) -> None:
    """A count per seat, none negative."""
    check_per_seat(where, counts, seats)
    for s, count in enumerate(counts):
        Field(count, f"{where}[{s}]").integer(0)


def _in_deck(where: str, cards: CardSet, rules: Rules) -> None:
    outside = CardSet(cards & ~rules.deck)
    if outside:
        fail(where, f"{next(iter(outside))} is not in the deck of these rules (VOY-R1)")


def _card(where: str, card: Card | None, rules: Rules) -> None:
    if card is not None and not rules.deck >> card.index & 1:
        fail(where, f"{card} is not in the deck of these rules (VOY-R1)")


def _pile(where: str, pile: tuple[Card, ...], rules: Rules) -> None:
    """The cards of the discard pile under its top: of the deck, none twice."""
    seen = 0
    for k, card in enumerate(pile):
        _card(f"{where}[{k}]", card, rules)
        if seen >> card.index & 1:
            fail(f"{where}[{k}]", f"{card} appears twice (VOY-R1)")
        seen |= 1 << card.index


def _results(obj: State | View) -> None:
    """The finished rounds (VOY-5), the scores that are their sums, and the end of the
    match exactly when a total reached the target, with the last round (VOY-8)."""
    rules = obj.rules
    n = rules.players
    _counts("data.scores", obj.scores, n)
    totals = [0] * n
    for number, result in enumerate(obj.results):
        where = f"data.results[{number}]"
        _result(where, result, rules)
        if any(reaches_target(total, rules.target) for total in totals):
            fail(where, "the match ended when a total reached the target (VOY-8)")
        totals[result.winner] += result.points
    if tuple(totals) != obj.scores:
        fail("data.scores", "must be the sums of the round results (VOY-5)")
    Field(obj.reshuffles, "data.reshuffles").integer(0)
    over = any(reaches_target(total, rules.target) for total in totals)
    if over != (obj.phase is Phase.OVER):
        fail(
            "data.phase",
            f"the match is over exactly when a total reaches the target of {rules.target} (VOY-8)",
        )
    if over:
        last = obj.results[-1]
        if obj.player != last.winner:
            fail("data.player", "a finished match names the last round's winner (VOY-8)")
        if obj.dealer != last.dealer:
            fail("data.dealer", "a finished match keeps the last round's dealer (VOY-8)")


def _result(where: str, result: RoundResult, rules: Rules) -> None:
    """A round result: the winner went out while every other seat held a card, no more
    cards are left than the deck holds beside his last, and the points are what VOY-5
    gives for the cards left (`round_points`)."""
    n = rules.players
    winner, cards_left = result.winner, result.cards_left
    check_seat(result.dealer, n, f"{where}.dealer", spectator=False)
    check_seat(winner, n, f"{where}.winner", spectator=False)
    check_per_seat(f"{where}.cards_left", cards_left, n)
    for s, count in enumerate(cards_left):
        Field(count, f"{where}.cards_left[{s}]").integer(0, rules.deck_size)
    if cards_left[winner] != 0:
        fail(f"{where}.cards_left", "the winner has no card left (VOY-5)")
    if cards_left.count(0) > 1:
        fail(
            f"{where}.cards_left",
            "only the winner has no card left: the round ends when the first hand is empty (VOY-5)",
        )
    if sum(cards_left) >= rules.deck_size:
        fail(
            f"{where}.cards_left",
            "more cards are left than the deck holds beside the card that went out (VOY-R1)",
        )
    Field(result.points, f"{where}.points").integer(0)
    points = round_points(cards_left)
    if result.points != points:
        fail(f"{where}.points", f"must be {points}, what the cards left score (VOY-5)")
    Field(result.reshuffles, f"{where}.reshuffles").integer(0)
