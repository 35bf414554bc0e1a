"""One example per Ship's Wheel rule and ruling of play, from hand-built states (the
pieces' own rules are in ``test_pieces.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb

import pytest

from seaview_rules import (
    CHANCE,
    GameRecord,
    IllegalMoveError,
    InvalidDataError,
    Table,
    Termination,
    Violation,
    replay,
    voyage,
)
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import (
    Action,
    Card,
    DeckSpec,
    Ending,
    HandResult,
    Phase,
    Rules,
    Scoring,
    State,
    parse_move,
)
from seaview_rules.ships_wheel._pieces import CardId
from tests.ships_wheel.test_pieces import SIX, cards


def ids(rules: Rules, text: str) -> tuple[CardId, ...]:
    return tuple(rules.table.index[c] for c in cards(text))


def make(
    rules: Rules,
    phase: Phase,
    player: int,
    hands: Sequence[str],
    piles: Sequence[str] | None = None,
    *,
    dealer: int = 0,
    size: int | None = None,
    passing: Sequence[str | None] | None = None,
    deck: str | None = None,
    rest_to_pile: int | None = None,
    reshuffles: int = 0,
    scores: Sequence[int] | None = None,
    results: tuple[HandResult, ...] = (),
) -> State:
    """A hand-built state; the cards not named lie in the deck (or on one pile), and the
    state must pass the JSON reader's consistency checks."""
    n = rules.players
    hand_ids = [tuple(sorted(ids(rules, h))) for h in hands]
    pile_ids = [ids(rules, p) for p in (piles or [""] * n)]
    rest = Counter(rules.table.full)
    for group in (*hand_ids, *pile_ids):
        rest.subtract(group)
    deck_ids = tuple(sorted(ids(rules, deck))) if deck is not None else ()
    rest.subtract(deck_ids)
    left = tuple(sorted(rest.elements()))
    if rest_to_pile is not None:
        pile_ids[rest_to_pile] = pile_ids[rest_to_pile] + left
    elif deck is None:
        deck_ids = left
    else:
        assert not left, "every card must be placed"
    pending = tuple(
        None if p is None else rules.table.index[Card.parse(p)] for p in (passing or [None] * n)
    )
    state = State(
        rules=rules,
        phase=phase,
        player=player,
        dealer=dealer,
        hand_size=size if size is not None else min(len(h) for h in hand_ids),
        hands=tuple(hand_ids),
        deck=deck_ids,
        piles=tuple(pile_ids),
        passing=pending,
        scores=tuple(scores or [0] * n),
        results=results,
        reshuffles=reshuffles,
    )
    assert sw.loads(sw.dumps(state)) == state
    return state


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = sw.apply_move(state, parse_move(text))
    return state


def refused(state: State, move: str, rule: str) -> str:
    violation = sw.check_move(state, parse_move(move))
    assert violation is not None
    assert violation.rule == rule
    with pytest.raises(IllegalMoveError) as err:
        sw.apply_move(state, parse_move(move))
    assert err.value.violation == violation
    return violation.reason


THREE = Rules(players=3)
# Hands that share a colour or a shape, so nobody wins by accident.
A = "red-circle red-square red-triangle"
B = "yellow-star yellow-diamond yellow-heart"
C = "blue-circle blue-star blue-heart"


def turn(hands: Sequence[str] = (A, B, C), **kwargs: object) -> State:
    return make(THREE, Phase.DRAW, 0, hands, **kwargs)  # type: ignore[arg-type]


def discard(player_hand: str, piles: Sequence[str] | None = None, player: int = 0) -> State:
    hands = [A, B, C]
    hands[player] = player_hand
    return make(THREE, Phase.DISCARD, player, hands, piles, size=3)


@pytest.mark.rule("SW-2")
def test_the_dealer_chooses_the_size_then_deals_card_by_card_from_his_left() -> None:
    state = sw.new_game(Rules(players=3, first_dealer=1))
    assert (state.phase, sw.current_player(state)) == (Phase.SIZE, 1)
    state = play(state, "size 3")
    assert sw.current_player(state) is CHANCE
    receivers = []
    for text in [c for trio in zip(A.split(), B.split(), C.split(), strict=True) for c in trio]:
        receivers.append(state.player)
        state = play(state, f"deal {text}")
    assert receivers == [2, 0, 1] * 3
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.deck) == 76 - 9
    assert (state.phase, state.player) == (Phase.DRAW, 2)  # SW-4: the dealer's left starts
    assert (
        refused(state, "size 4", "SW-2")
        == "not now (size 4): the dealer chooses the size before the deal"
    )
    assert (
        refused(sw.new_game(THREE), "draw", "SW-2")
        == "not now (draw): the dealer first chooses how many cards to deal"
    )


@pytest.mark.rule("SW-R2")
def test_hand_sizes_are_three_to_eight_and_at_most_six_with_four_or_more_on_one_deck() -> None:
    assert Rules(players=2).hand_sizes == Rules(players=3).hand_sizes == (3, 4, 5, 6, 7, 8)
    assert Rules(players=4).hand_sizes == Rules(players=6).hand_sizes == (3, 4, 5, 6)
    assert Rules(players=4, decks=2).hand_sizes == (3, 4, 5, 6, 7, 8)
    assert Rules(players=6, decks=2).hand_sizes == (3, 4, 5, 6, 7, 8)
    assert Rules(players=4, crowded_max_hand_size=5).hand_sizes == (3, 4, 5)
    state = sw.new_game(Rules(players=4))
    assert [str(m) for m in sw.legal_moves(state)] == ["size 3", "size 4", "size 5", "size 6"]
    reason = refused(state, "size 7", "SW-R2")
    assert (
        reason
        == "hands of 7 are too large for 4 players on one deck: deal 6 or fewer, or play with two decks (Rules.decks=2); choose from 3 to 6"
    )
    assert (
        refused(state, "size 2", "SW-R2")
        == "hands of 2 are too small: Rules.min_hand_size is 3; choose from 3 to 6"
    )
    capped = sw.new_game(Rules(players=2, max_hand_size=5))
    assert (
        refused(capped, "size 6", "SW-R2")
        == "hands of 6 are too large: Rules.max_hand_size is 5; choose from 3 to 5"
    )


@pytest.mark.rule("SW-R2")
def test_a_hand_of_one_card_is_refused_since_nearly_every_deal_would_tie() -> None:
    with pytest.raises(InvalidDataError, match="min_hand_size: must be 2 to 8, not 1: a hand"):
        Rules(min_hand_size=1)
    with pytest.raises(InvalidDataError, match="min_hand_size: must be 2 to 8, not 0"):
        Rules(min_hand_size=0)
    assert Rules(players=2, min_hand_size=2).hand_sizes[0] == 2
    # The figure the message quotes: four one-card hands from the default deck tie
    # unless at most one of them is a plain card or a Lighthouse.
    deck = len(Rules().table.full)
    actions = sum(Rules().table.counts[i] for i, c in enumerate(Rules().table.cards) if c.is_action)
    decided = (comb(actions, 4) + (deck - actions) * comb(actions, 3)) / comb(deck, 4)
    assert round(1000 * (1 - decided)) == 997


@pytest.mark.rule("SW-R3")
def test_every_dealt_card_is_a_chance_outcome_weighted_by_its_copies() -> None:
    state = play(sw.new_game(Rules(players=2, decks=2)), "size 3")
    outcomes = dict(sw.chance_outcomes(state))
    assert outcomes[parse_move("deal red-star")] == Fraction(2, 152)
    assert outcomes[parse_move("deal anchor")] == Fraction(4, 152)
    assert sum(outcomes.values()) == 1
    state = play(state, "deal red-star", "deal red-star")
    assert refused(state, "deal red-star", "SW-R3") == "red-star is not in the deck"
    assert refused(state, "deal gold-star", "SW-R3") == "gold-star is not in the deck"


@pytest.mark.rule("SW-R4")
def test_a_size_the_deck_cannot_win_is_never_offered_and_its_refusal_names_the_deck() -> None:
    assert Rules(players=2, deck=SIX).hand_sizes == (3, 4, 5, 6)
    reason = refused(sw.new_game(Rules(players=2, deck=SIX)), "size 7", "SW-R4")
    assert reason == (
        "hands of 7 can never win with this deck (a winning hand has at most 6 cards: "
        "each needs a shape of its own, and the deck has 6 shapes); choose from 3 to 6"
    )
    # With four players on one deck, the printed advice caps the hands first.
    assert (
        refused(sw.new_game(Rules(players=4, deck=SIX)), "size 7", "SW-R2")
        == "hands of 7 are too large for 4 players on one deck: deal 6 or fewer, or play with two decks (Rules.decks=2); choose from 3 to 6"
    )
    with pytest.raises(InvalidDataError, match=r"min_hand_size: hands of 3 can never win.*SW-R4"):
        Rules(deck=DeckSpec(shapes=["a", "b"], colours=["x", "y"], lighthouses=[]))


@pytest.mark.rule("SW-R4")
def test_a_partial_grid_wins_with_its_most_cards_of_distinct_shapes_and_colours() -> None:
    # Every colour comes only as a star, except red, which comes in every shape: at
    # most two plain cards differ in both (red-x and c-star), plus one Lighthouse.
    shapes, colours = ["star", "moon", "wave", "heart"], ["red", "blue", "green", "pink"]
    plain = [f"red-{s}" for s in shapes] + [f"{c}-star" for c in colours[1:]]
    deck = DeckSpec(shapes=shapes, colours=colours, plain=plain, lighthouses=["blue"])
    assert sw.table_of(deck).max_winning == 3
    assert sw.is_winning_hand(cards("red-moon blue-star blue-lighthouse"), deck)
    assert sw.distance_to_win(cards("red-moon red-wave blue-lighthouse"), deck) == 1
    assert sw.distance_to_win(cards("red-moon green-star blue-star pink-star"), deck) is None
    rules = Rules(players=2, deck=deck, decks=2, min_hand_size=2)
    assert rules.hand_sizes == (2, 3)
    reason = refused(sw.new_game(rules), "size 4", "SW-R4")
    assert (
        reason
        == "hands of 4 can never win with this deck (a winning hand has at most 3 cards: at most 2 of the deck's plain cards differ in both shape and colour, and its Lighthouses come in 1 colour); choose from 2 to 3"
    )


@pytest.mark.rule("SW-4")
def test_play_passes_to_the_left() -> None:
    state = discard(f"{A} yellow-circle")
    after = play(state, "yellow-circle")
    assert (after.phase, after.player) == (Phase.DRAW, 1)
    after = play(discard(f"{C} green-circle", player=2), "green-circle")
    assert after.player == 0


@pytest.mark.rule("SW-5")
def test_draw_from_the_deck_or_the_top_of_any_pile() -> None:
    # Seat 1 discarded orange-star last: seat 2's turn (SW-4).
    state = make(THREE, Phase.DRAW, 2, [A, B, C], ["green-square", "orange-star", ""])
    assert [str(m) for m in sw.legal_moves(state)] == ["draw", "take 0", "take 1"]
    after = play(state, "take 1")
    assert after.phase is Phase.DISCARD
    assert after.piles[1] == ()
    assert ids(THREE, "orange-star")[0] in after.hands[2]
    drawn = play(state, "draw")
    assert sw.current_player(drawn) is CHANCE
    drawn = play(drawn, "deal purple-heart")
    assert len(drawn.hands[2]) == 4
    assert (
        refused(state, "red-circle", "SW-5")
        == "not now (red-circle): a turn starts by drawing one card: no discard without a draw"
    )
    assert refused(state, "take 5", "SW-5") == "there is no seat 5"
    assert (
        refused(state, "pass red-circle by 0", "SW-10")
        == "not now (pass red-circle by 0): cards are passed only after an Anchor"
    )


@pytest.mark.rule("SW-R5")
def test_the_first_turn_of_a_hand_draws_from_the_deck() -> None:
    state = make(THREE, Phase.DRAW, 1, [A, B, C])  # the dealer's left starts (SW-4)
    assert sw.legal_moves(state) == (Action.DRAW,)
    assert (
        refused(state, "take 1", "SW-R5")
        == "the first turn of a hand draws from the deck: no card has been discarded"
    )


@pytest.mark.rule("SW-5")
def test_an_empty_pile_later_in_the_hand_has_no_top_card_to_take() -> None:
    state = make(THREE, Phase.DRAW, 1, [A, B, C], ["green-square", "", ""])
    assert (
        refused(state, "take 1", "SW-5")
        == "seat 1's discard pile is empty: it has no top card to take"
    )
    # Every pile empty once the discards became the deck, with no discard since: no
    # play reaches it (the drawer who emptied the deck discards next), but it is a
    # position, which `loads` accepts; it is not the first turn, and the draw rule, not
    # SW-R5, is what forbids taking.
    rebuilt = make(THREE, Phase.DRAW, 1, [A, B, C], reshuffles=1)
    assert sw.legal_moves(rebuilt) == (Action.DRAW,)
    assert (
        refused(rebuilt, "take 0", "SW-5")
        == "seat 0's discard pile is empty: it has no top card to take"
    )


@pytest.mark.rule("SW-6")
def test_any_card_is_discarded_onto_ones_own_pile() -> None:
    state = discard(f"{A} yellow-circle", piles=["", "green-star", ""])
    assert len(sw.legal_moves(state)) == 4
    after = play(state, "red-circle")
    assert after.piles[0] == ids(THREE, "red-circle")
    assert sorted(after.hands[0]) == sorted(ids(THREE, "red-square red-triangle yellow-circle"))
    assert refused(state, "purple-heart", "SW-6") == "purple-heart is not in seat 0's hand"
    assert (
        refused(state, "draw", "SW-6")
        == "not now (draw): the player has drawn and now discards one card"
    )
    assert (
        refused(state, "take 1", "SW-6")
        == "not now (take 1): the player has drawn and now discards one card"
    )


@pytest.mark.rule("SW-7")
def test_an_action_card_on_top_of_a_pile_cannot_be_taken() -> None:
    piles = ["anchor", "white-starfish", "red-lighthouse"]
    state = turn(piles=piles)
    assert [str(m) for m in sw.legal_moves(state)] == ["draw", "take 2"]
    assert (
        refused(state, "take 0", "SW-7")
        == "anchor on seat 0's pile is out of play and cannot be taken"
    )
    assert (
        refused(state, "take 1", "SW-7")
        == "white-starfish on seat 1's pile is out of play and cannot be taken"
    )
    buried = make(THREE, Phase.DRAW, 1, [A, B, C], ["black-starfish green-star", "", ""])
    assert "take 0" in [str(m) for m in sw.legal_moves(buried)]


@pytest.mark.rule("SW-8")
def test_a_white_starfish_gives_the_same_player_another_turn() -> None:
    after = play(discard(f"{A} white-starfish"), "white-starfish")
    assert (after.phase, after.player) == (Phase.DRAW, 0)


@pytest.mark.rule("SW-9")
def test_a_black_starfish_skips_the_next_player() -> None:
    after = play(discard(f"{A} black-starfish"), "black-starfish")
    assert (after.phase, after.player) == (Phase.DRAW, 2)


@pytest.mark.rule("SW-R11")
def test_with_two_players_a_black_starfish_gives_the_discarder_the_next_turn() -> None:
    two = Rules(players=2)
    state = make(two, Phase.DISCARD, 1, [A, f"{B} black-starfish"], size=3)
    after = play(state, "black-starfish")
    assert (after.phase, after.player) == (Phase.DRAW, 1)


@pytest.mark.rule("SW-10")
def test_an_anchor_makes_every_player_pass_one_card_left_at_once() -> None:
    state = anchor = play(discard(f"{A} anchor", player=0), "anchor")
    assert (state.phase, state.player, sw.current_player(state)) == (Phase.PASS, 0, 1)
    assert [str(m) for m in sw.legal_moves(state)] == [
        "pass yellow-star by 1",
        "pass yellow-diamond by 1",
        "pass yellow-heart by 1",
    ]
    assert refused(state, "pass red-circle by 1", "SW-10") == "red-circle is not in seat 1's hand"
    assert (
        refused(state, "draw", "SW-10")
        == "not now (draw): every player is choosing the card to pass to the left"
    )
    state = play(state, "pass yellow-star by 1", "pass blue-star by 2")
    assert state.hands == play(discard(f"{A} anchor"), "anchor").hands  # nothing moved yet
    after = play(state, "pass red-circle by 0")
    assert (after.phase, after.player, after.passing) == (Phase.DRAW, 1, (None, None, None))
    # Only the hands move: the dealer, the deck, the piles and the scores stay.
    kept = ("dealer", "hand_size", "deck", "piles", "scores", "results", "reshuffles")
    assert [getattr(after, name) for name in kept] == [getattr(anchor, name) for name in kept]
    expect = [
        "red-square red-triangle blue-star",
        "red-circle yellow-diamond yellow-heart",
        "yellow-star blue-circle blue-heart",
    ]
    assert after.hands == tuple(tuple(sorted(ids(THREE, h))) for h in expect)


@pytest.mark.rule("SW-R7")
def test_pass_choices_stay_secret_and_the_first_seat_still_choosing_is_to_move() -> None:
    start = play(discard(f"{A} anchor", player=0), "anchor")
    one = play(start, "pass yellow-star by 1")
    other = play(start, "pass yellow-heart by 1")
    assert (one.player, sw.current_player(one), sw.view(one, 0).choosing) == (0, 2, (2, 0))
    assert one.passing != other.passing
    for seat in (None, 0, 2):
        assert sw.view(one, seat) == sw.view(other, seat)
        assert sw.dumps(sw.view(one, seat)) == sw.dumps(sw.view(other, seat))
    assert sw.view(one, 1).passing == ids(THREE, "yellow-star")[0]
    assert "yellow-star" not in sw.dumps(sw.view(one, 2))
    last = play(one, "pass blue-star by 2")
    assert sw.current_player(last) == 0  # in the rules' order, the discarder is last


@pytest.mark.rule("SW-10", "SW-R7")
def test_SW_R7_every_seat_still_choosing_may_choose_in_any_order() -> None:
    start = play(discard(f"{A} anchor", player=0), "anchor")
    for seat, hand in enumerate((A, B, C)):  # every seat is offered its own hand at once
        offered = sw.view(start, seat).legal_moves
        assert {str(m) for m in offered} == {f"pass {c} by {seat}" for c in hand.split()}
    two = sw.apply_move(start, parse_move("pass blue-star by 2"), seat=2)  # out of order
    assert sw.apply_move(start, parse_move("pass blue-star by 2")) == two  # the move's seat
    assert (two.player, sw.current_player(two), sw.view(two, None).choosing) == (0, 1, (1, 0))
    assert (sw.view(two, 2).legal_moves, sw.view(two, 2).passing) == (
        (),
        ids(THREE, "blue-star")[0],
    )
    assert sw.view(two, 1).to_move == 1
    assert two.hands == start.hands  # nothing moves before everyone has chosen
    zero = sw.apply_move(two, parse_move("pass red-circle by 0"), seat=0)
    assert sw.view(zero, 0).choosing == (1,)
    after = sw.apply_move(zero, parse_move("pass yellow-star by 1"), seat=1)
    assert after == play(
        start, "pass yellow-star by 1", "pass blue-star by 2", "pass red-circle by 0"
    )
    assert (after.phase, after.player) == (Phase.DRAW, 1)  # SW-4: the discarder's left draws


@pytest.mark.rule("SW-R7", "API-SEAT")
def test_SW_R7_a_seat_that_has_chosen_may_not_choose_again() -> None:
    start = play(discard(f"{A} anchor", player=0), "anchor")
    two = sw.apply_move(start, parse_move("pass blue-star by 2"), seat=2)
    final = Violation("SW-R7", "seat 2 has already chosen the card it passes: a choice is final")
    for text in ("pass blue-circle by 2", "pass blue-star by 2", "pass red-circle by 2"):
        for seat in (2, None):
            assert sw.check_move(two, parse_move(text), seat=seat) == final
            with pytest.raises(IllegalMoveError) as err:
                sw.apply_move(two, parse_move(text), seat=seat)
            assert err.value.violation == final
    # A seat still choosing may choose only from its own hand; other moves wait their turn.
    assert sw.check_move(two, parse_move("pass red-circle by 0"), seat=0) is None
    assert sw.check_move(two, parse_move("pass blue-circle by 0"), seat=0) == Violation(
        "SW-10", "blue-circle is not in seat 0's hand"
    )
    assert sw.check_move(two, parse_move("draw"), seat=0) == Violation(
        "API-SEAT", "seat 1 is to move, not seat 0"
    )
    for seat in (1, 2, 3, -1, True):  # not the seat the pass names
        refusal = sw.check_move(two, parse_move("pass red-circle by 0"), seat=seat)
        assert refusal is not None
        assert refusal.rule == "API-SEAT"
    # A number that is no seat (three players: seats 0 to 2) is told who is to move.
    assert sw.check_move(two, parse_move("pass red-circle by 0"), seat=3) == Violation(
        "API-SEAT", "seat 1 is to move, not seat 3"
    )
    assert sw.check_move(two, parse_move("pass red-circle by 0"), seat=1) == Violation(
        "API-SEAT", "seat 1 may not choose seat 0's card to pass"
    )
    # Without a seat a Pass is the choice of the seat it names.
    assert sw.check_move(two, parse_move("pass red-circle by 0")) is None
    for seat in (3, 5):  # three players: seats 0 to 2
        assert sw.check_move(two, parse_move(f"pass red-circle by {seat}")) == Violation(
            "SW-10", f"there is no seat {seat}"
        )


@pytest.mark.rule("SW-R7", "API-SEAT")
def test_SW_R7_a_table_takes_the_pass_choices_from_every_seat_in_any_order() -> None:
    rng = random.Random(5)
    table: Table[Rules, State, sw.Move, sw.View] = Table("ships_wheel", Rules(players=3), seed=5)
    while table.view(None).phase is not Phase.PASS:
        seat = table.to_move
        assert isinstance(seat, int)
        table.submit(seat, rng.choice(table.view(seat).legal_moves))
    left = table.view(None).choosing
    assert len(left) == 3
    last = left[0]  # the seat `to_move` names chooses last
    for seat in reversed(left):
        choice = table.view(seat).legal_moves[0]
        if seat != last:
            assert table.to_move == last
        table.submit(seat, choice)
        if seat != last:
            with pytest.raises(IllegalMoveError, match=r"SW-R7: seat \d has already chosen"):
                table.submit(seat, choice)
    assert table.view(None).phase is not Phase.PASS
    seats = [change.seat for change in table.changes if change.seat is not None]
    assert seats[-3:] == list(reversed(left))
    # The record replays: each Pass names the seat whose choice it is, whatever the order.
    record = sw.loads(sw.dumps(table.record), kind=GameRecord)
    assert [str(m) for m in record.moves[-3:]] == [
        f"pass {table.changes[-3 + k].move.card} by {seat}"  # type: ignore[union-attr]
        for k, seat in enumerate(reversed(left))
    ]
    assert replay(sw.GAME, record) == table.state


@pytest.mark.rule("SW-R7")
def test_after_a_pass_that_nobody_wins_the_seat_left_of_the_discarder_draws() -> None:
    state = play(discard(f"{B} anchor", player=1), "anchor")
    assert (state.phase, sw.current_player(state)) == (Phase.PASS, 2)
    after = play(state, "pass blue-star by 2", "pass red-circle by 0", "pass yellow-star by 1")
    assert not after.results
    assert (after.phase, after.player) == (Phase.DRAW, 2)
    two = Rules(players=2)
    start = make(two, Phase.DISCARD, 1, [A, f"{B} anchor"], size=3)
    after = play(start, "anchor", "pass red-circle by 0", "pass yellow-star by 1")
    assert (after.phase, after.player) == (Phase.DRAW, 0)


@pytest.mark.rule("SW-11")
def test_an_anchor_discarded_to_win_does_nothing() -> None:
    state = discard("red-circle orange-square yellow-triangle anchor")
    after = play(state, "anchor")
    assert after.phase is not Phase.PASS
    result = after.results[-1]
    assert (result.ending, result.winners, result.points) == (Ending.DISCARD, (0,), 3)
    after = play(
        discard("red-circle orange-square yellow-triangle white-starfish"), "white-starfish"
    )
    assert after.results[-1].winners == (0,)
    assert (after.phase, after.dealer) == (Phase.SIZE, 1)


@pytest.mark.rule("SW-R6")
def test_hands_are_checked_after_the_deal_and_after_every_pass() -> None:
    two = Rules(players=2)
    # The deal: seat 1 and seat 0 alternately; the last card goes to the dealer.
    state = make(
        two,
        Phase.DEAL,
        0,
        ["red-circle red-square", "yellow-star blue-circle purple-square"],
        size=3,
    )
    after = play(state, "deal green-heart")
    assert after.results[-1].winners == (1,)
    assert after.results[-1].ending is Ending.DEAL
    # A pass that gives seat 0 (and only seat 0) a winning hand.
    state = make(
        two, Phase.PASS, 0, ["red-circle red-square orange-triangle", "yellow-star yellow-heart green-diamond"],
        ["anchor", ""], passing=[None, "green-diamond"], size=3,
    )  # fmt: skip
    after = play(state, "pass red-square by 0")
    result = after.results[-1]
    assert (result.ending, result.winners) == (Ending.PASS, (0,))


@pytest.mark.rule("SW-12")
def test_a_tie_on_the_deal_has_no_winner_and_the_next_dealer_redeals_the_same_size() -> None:
    two = Rules(players=2)
    state = make(
        two,
        Phase.DEAL,
        0,
        ["red-circle orange-square", "yellow-star blue-circle purple-square"],
        size=3,
    )
    after = play(state, "deal green-heart")
    result = after.results[-1]
    assert (result.ending, result.winners, result.winner, result.points) == (
        Ending.DEAL,
        (0, 1),
        None,
        0,
    )
    assert after.scores == (0, 0)
    assert (after.phase, after.dealer, after.hand_size, after.player) == (Phase.DEAL, 1, 3, 0)


@pytest.mark.rule("SW-12")
def test_a_tie_after_a_pass() -> None:
    two = Rules(players=2)
    state = make(
        two, Phase.PASS, 0, ["red-circle red-square orange-triangle", "yellow-star yellow-heart green-diamond"],
        ["anchor", ""], passing=[None, "yellow-heart"], size=3,
    )  # fmt: skip
    after = play(state, "pass red-square by 0")
    result = after.results[-1]
    assert (result.ending, result.winners, result.winner) == (Ending.PASS, (0, 1), None)


@pytest.mark.rule("SW-R9")
def test_after_a_tie_the_next_dealer_chooses_again_if_the_option_says_so() -> None:
    free = Rules(players=2, tie_keeps_size=False)
    state = make(
        free,
        Phase.DEAL,
        0,
        ["red-circle orange-square", "yellow-star blue-circle purple-square"],
        size=3,
    )
    after = play(state, "deal green-heart")
    assert (after.phase, after.dealer, after.hand_size) == (Phase.SIZE, 1, 0)


def last_card(rules: Rules, reshuffles: int = 0) -> State:
    return make(
        rules, Phase.DECK, 0, [A, B, C], [" ", "", ""], deck="purple-heart",
        rest_to_pile=2, reshuffles=reshuffles,
    )  # fmt: skip


@pytest.mark.rule("SW-13")
def test_the_discards_become_the_deck_the_moment_it_runs_out() -> None:
    state = last_card(THREE)
    piles = [c for p in state.piles for c in p]
    after = play(state, "deal purple-heart")
    assert after.deck == tuple(sorted(piles))
    assert after.piles == ((), (), ())
    assert (after.phase, after.reshuffles) == (Phase.DISCARD, 1)
    assert sw.statistics(after)["reshuffles"] == 1


@pytest.mark.rule("SW-13")
def test_a_tie_when_the_deck_runs_out_a_second_time() -> None:
    after = play(last_card(THREE, reshuffles=1), "deal purple-heart")
    result = after.results[-1]
    assert (result.ending, result.winners, result.reshuffles) == (Ending.EXHAUSTION, (), 1)
    assert (after.phase, after.dealer, after.hand_size) == (Phase.DEAL, 1, 3)


@pytest.mark.rule("SW-R8")
def test_the_new_deck_is_drawn_uniformly_and_the_reshuffles_are_an_option() -> None:
    after = play(last_card(THREE), "deal purple-heart", "purple-heart", "draw")
    counts = Counter(after.deck)
    assert dict(sw.chance_outcomes(after)) == {
        sw.legal_moves(after)[k]: Fraction(n, len(after.deck))
        for k, n in enumerate(counts.values())
    }
    strict = Rules(players=3, max_reshuffles=0)
    assert play(last_card(strict), "deal purple-heart").results[-1].ending is Ending.EXHAUSTION


@pytest.mark.rule("SW-13", "SW-R8")
def test_every_rebuild_of_the_deck_is_counted_up_to_the_option() -> None:
    rules = Rules(players=3, max_reshuffles=2)
    after = play(last_card(rules, reshuffles=1), "deal purple-heart")
    assert (after.phase, after.reshuffles) == (Phase.DISCARD, 2)
    tied = play(last_card(rules, reshuffles=2), "deal purple-heart")
    assert (tied.results[-1].ending, tied.results[-1].reshuffles) == (Ending.EXHAUSTION, 2)


@pytest.mark.rule("API-TURN")
def test_chance_is_not_asked_for_a_card_at_a_players_turn() -> None:
    state = make(THREE, Phase.DRAW, 1, [A, B, C], size=3)
    with pytest.raises(IllegalMoveError) as refused:
        sw.sample_chance(state, random.Random(0))
    assert (refused.value.rule, refused.value.reason) == (
        "API-TURN",
        "it is a player's turn, not chance's",
    )
    assert sw.chance_outcomes(state) == ()


@pytest.mark.rule("API-TURN")
def test_a_card_off_the_deck_is_chance_s_move_and_only_chance_s() -> None:
    turn_now = make(THREE, Phase.DRAW, 1, [A, B, C], size=3)
    assert refused(turn_now, "deal red-star", "API-TURN") == "it is seat 1's turn, not chance's"
    dealing = play(sw.new_game(THREE), "size 3")
    assert (
        refused(dealing, "draw", "API-TURN")
        == "the next move is a card off the deck (chance), not draw"
    )


def winning_discard(
    rules: Rules, scores: Sequence[int], results: tuple[HandResult, ...] = ()
) -> State:
    hands = ["red-circle orange-square yellow-triangle anchor", B, C]
    return make(rules, Phase.DISCARD, 0, hands, size=3, scores=scores, results=results)


@pytest.mark.rule("SW-14")
def test_cards_or_hands_are_scored_and_the_deal_passes_left() -> None:
    after = play(winning_discard(THREE, [0, 0, 0]), "anchor")
    assert after.scores == (3, 0, 0)
    assert (after.dealer, after.phase) == (1, Phase.SIZE)
    hands = Rules(players=3, scoring=Scoring.HANDS)
    assert play(winning_discard(hands, [0, 0, 0]), "anchor").scores == (1, 0, 0)
    assert sw.statistics(after) == {"hands": 1, "ties": 0, "reshuffles": 0}


@pytest.mark.rule("SW-R10")
def test_the_match_ends_when_a_total_reaches_the_target() -> None:
    assert (Rules().target, Rules(scoring=Scoring.HANDS).target) == (50, 5)
    rules = Rules(players=3, target=4)
    earlier = (HandResult(0, 3, Ending.DISCARD, (0,), 3, 0),)
    state = make(
        rules, Phase.DISCARD, 0, ["red-circle orange-square yellow-triangle anchor", B, C],
        dealer=1, size=3, scores=[3, 0, 0], results=earlier,
    )  # fmt: skip
    after = play(state, "anchor")
    assert sw.is_terminal(after)
    outcome = sw.outcome(after)
    assert outcome is not None
    assert (outcome.winner, outcome.scores, outcome.termination) == (
        0,
        (6, 0, 0),
        Termination.TARGET_SCORE,
    )
    assert sw.legal_moves(after) == ()
    assert refused(after, "draw", "API-OVER") == "the match is over"
    assert sw.new_game(Rules(players=3, first_dealer=2)).dealer == 2


@pytest.mark.rule("API-MOVE")
def test_what_is_not_a_ships_wheel_move_is_refused_in_the_games_name() -> None:
    """Text, a number, nothing or another game's move: API-MOVE, whose reason says that
    it is not a Ship's Wheel move and what one is, with or without a seat."""

    state = sw.new_game(Rules(players=2))
    kinds = "a move is a Deal or Discard or Take or Pass or Size or Action"
    for thing in ("size 3", 3, None, voyage.parse_move("draw")):
        expected = Violation(
            "API-MOVE",
            f"{thing!r} is not a Ship's Wheel move: {kinds}, not {type(thing).__name__}",
        )
        for seat in (None, 0):
            assert sw.check_move(state, thing, seat=seat) == expected  # type: ignore[arg-type]
