"""One example per Voyage rule and ruling, from hand-built positions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seaview_rules import CHANCE, IllegalMoveError, InvalidDataError, Termination
from seaview_rules.voyage import (
    Action,
    Card,
    CardSet,
    Phase,
    RoundResult,
    Rules,
    State,
    apply_move,
    chance_outcomes,
    check_move,
    current_player,
    legal_moves,
    new_game,
    outcome,
    parse_move,
)
from seaview_rules.voyage import view as voyage_view


def cards(text: str) -> CardSet:
    return CardSet.of(Card.parse(t) for t in text.split())


def position(
    hands: list[str],
    top: str,
    *,
    player: int = 0,
    draw: str | None = None,
    under: str = "",
    phase: Phase = Phase.TURN,
    rules: Rules | None = None,
    scores: tuple[int, ...] | None = None,
) -> State:
    """A mid-round position; the draw pile defaults to every card not placed elsewhere."""
    rules = rules or Rules(players=len(hands))
    held = [cards(h) for h in hands]
    placed = sum(held, cards(under)) | (1 << Card.parse(top).index)
    draw_pile = cards(draw) if draw is not None else CardSet(rules.deck & ~placed)
    return State(
        rules, phase, player, 0, tuple(held), draw_pile, Card.parse(top), cards(under),
        None, scores or (0,) * rules.players, (), 0,
    )  # fmt: skip


def moves(state: State) -> list[str]:
    return [str(m) for m in legal_moves(state)]


@pytest.mark.rule("VOY-1", "VOY-R2")
def test_the_deal_is_card_by_card_clockwise_from_the_dealers_left() -> None:
    state = new_game(Rules(players=3, first_dealer=1, hand_size=2))
    receivers = []
    for text in ("R1", "R2", "R3", "R4", "R5", "R6"):
        assert current_player(state) is CHANCE
        receivers.append(state.player)
        state = apply_move(state, parse_move(f"deal {text}"))
    assert receivers == [2, 0, 1, 2, 0, 1]
    assert [str(h) for h in state.hands] == ["R2 R5", "R3 R6", "R1 R4"]
    assert state.phase is Phase.LEAD
    assert len(state.draw_pile) == 39 - 6


@pytest.mark.rule("VOY-R2")
def test_every_unseen_card_is_equally_likely_and_a_seen_one_impossible() -> None:
    state = apply_move(new_game(Rules(players=2)), parse_move("deal G4"))
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 38
    assert {p for _, p in outcomes} == {Fraction(1, 38)}
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("deal G4"))
    assert err.value.rule == "VOY-R2"


@pytest.mark.rule("VOY-R1")
def test_the_deck_has_one_card_of_each_colour_and_number() -> None:
    assert len(Rules().deck) == 39
    assert {(c.colour, c.number) for c in Rules().deck} == {
        (c.colour, c.number)
        for c in (Card.parse(f"{letter}{n}") for letter in "RGB" for n in range(1, 14))
    }
    small = Rules(players=2, colours=2, numbers=3, hand_size=2)
    assert str(small.deck) == "R1 R2 R3 G1 G2 G3"


@pytest.mark.rule("VOY-R1")
def test_a_deck_too_small_for_the_deal_is_refused() -> None:
    with pytest.raises(InvalidDataError, match="hand_size"):
        Rules(players=4, colours=2, numbers=3, hand_size=2)


@pytest.mark.rule("VOY-2")
def test_the_player_left_of_the_dealer_leads_any_card() -> None:
    rules = Rules(players=2)
    hands = (cards("R1 G5"), cards("B9 B2"))
    lead = State(
        rules, Phase.LEAD, 1, 0, hands, CardSet(rules.deck & ~cards("R1 G5 B9 B2")),
        None, CardSet(0), None, (0, 0), (), 0,
    )  # fmt: skip
    assert moves(lead) == ["B2", "B9"]
    after = apply_move(lead, parse_move("B9"))
    assert after.discard_top == Card.parse("B9")
    assert after.player == 0
    with pytest.raises(IllegalMoveError) as err:
        apply_move(lead, Action.DRAW)
    assert err.value.rule == "VOY-2"


@pytest.mark.rule("VOY-3")
def test_a_card_matching_colour_or_number_may_be_played() -> None:
    state = position(["B7 R2 G2 G9", "R5"], "B2")
    assert moves(state) == ["R2", "G2", "B7"]
    after = apply_move(state, parse_move("R2"))
    assert after.discard_top == Card.parse("R2")
    assert Card.parse("B2") in after.discard_under
    assert after.player == 1  # clockwise


@pytest.mark.rule("VOY-3")
def test_a_card_matching_neither_is_refused_and_nothing_changes() -> None:
    state = position(["B7 G9", "R5"], "R7")
    violation = check_move(state, parse_move("G9"))
    assert violation is not None
    assert violation.rule == "VOY-3"
    with pytest.raises(IllegalMoveError, match="VOY-3: G9 matches neither"):
        apply_move(state, parse_move("G9"))
    with pytest.raises(IllegalMoveError, match="not in seat 0's hand"):
        apply_move(state, parse_move("R5"))
    assert state == position(["B7 G9", "R5"], "R7")


@pytest.mark.rule("VOY-4")
def test_a_player_who_cannot_match_draws_and_keeps_a_non_matching_card() -> None:
    state = position(["G9", "R5"], "B2", draw="R11 G1")
    assert moves(state) == ["draw"]
    state = apply_move(state, Action.DRAW)
    assert current_player(state) is CHANCE
    assert state.player == 0
    state = apply_move(state, parse_move("deal R11"))
    assert str(state.hands[0]) == "R11 G9"
    assert moves(state) == ["keep"]  # it does not match B2
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("R11"))
    assert err.value.rule == "VOY-3"
    state = apply_move(state, Action.KEEP)
    assert state.phase is Phase.TURN
    assert state.player == 1


@pytest.mark.rule("VOY-4", "VOY-R4")
def test_a_matching_drawn_card_may_be_played_at_once() -> None:
    state = position(["G9", "R5"], "B2", draw="B12")
    state = apply_move(apply_move(state, Action.DRAW), parse_move("deal B12"))
    assert state.phase is Phase.DRAWN
    assert moves(state) == ["B12", "keep"]
    played = apply_move(state, parse_move("B12"))
    assert played.discard_top == Card.parse("B12")
    assert played.player == 1


@pytest.mark.rule("VOY-R4")
def test_a_matching_drawn_card_may_be_kept_and_the_turn_ends() -> None:
    state = position(["G9 G2", "R5"], "B3", draw="B12")
    state = apply_move(apply_move(state, Action.DRAW), parse_move("deal B12"))
    kept = apply_move(state, Action.KEEP)
    assert str(kept.hands[0]) == "G2 G9 B12"
    assert kept.player == 1
    assert kept.phase is Phase.TURN


@pytest.mark.rule("VOY-R4")
def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    state = position(["G9 G2", "R5"], "B3", draw="B12")
    state = apply_move(apply_move(state, Action.DRAW), parse_move("deal B12"))
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("G2"))
    assert err.value.rule == "VOY-R4"
    keep_now = position(["G9", "R5"], "B3")
    assert check_move(keep_now, Action.KEEP) is not None


@pytest.mark.rule("VOY-R4")
def test_the_others_cannot_tell_whether_the_drawn_card_matched() -> None:
    state = apply_move(position(["G9", "R5 G4"], "B2", draw="B12 R11"), Action.DRAW)
    matched = apply_move(state, parse_move("deal B12"))
    missed = apply_move(state, parse_move("deal R11"))
    assert voyage_view(matched, 1) == voyage_view(missed, 1)
    assert voyage_view(matched, None) == voyage_view(missed, None)
    assert voyage_view(matched, 0) != voyage_view(missed, 0)


@pytest.mark.rule("VOY-R3")
def test_a_player_who_can_match_must_play_by_default() -> None:
    state = position(["B7 G9", "R5"], "B2")
    assert moves(state) == ["B7"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Action.DRAW)
    assert err.value.rule == "VOY-R3"


@pytest.mark.rule("VOY-R3")
def test_the_option_lets_a_player_draw_instead_of_playing() -> None:
    state = position(["B7 G9", "R5"], "B2", rules=Rules(players=2, must_play=False))
    assert moves(state) == ["B7", "draw"]
    assert apply_move(state, Action.DRAW).phase is Phase.DRAW


@pytest.mark.rule("VOY-5")
def test_playing_the_last_card_ends_the_round_and_scores_the_cards_left() -> None:
    state = position(["B7", "R5 G1 G2", "R9 R10"], "B2", scores=(3, 0, 0))
    after = apply_move(state, parse_move("B7"))
    assert after.results == (
        RoundResult(dealer=0, winner=0, points=5, cards_left=(0, 3, 2), reshuffles=0),
    )
    assert after.scores == (8, 0, 0)
    assert after.phase is Phase.DEAL  # the next round begins


@pytest.mark.rule("VOY-6")
def test_an_empty_draw_pile_is_rebuilt_from_the_discard_pile_but_its_top() -> None:
    state = position(["G9", "R5"], "B2", draw="", under="R1 R3")
    state = State(
        state.rules, Phase.TURN, 0, 0, state.hands, CardSet(0), state.discard_top,
        CardSet(state.rules.deck & ~(cards("G9 R5 B2"))), None, (0, 0), (), 0,
    )  # fmt: skip
    under = state.discard_under
    after = apply_move(state, Action.DRAW)
    assert after.draw_pile == under
    assert after.discard_under == CardSet(0)
    assert after.discard_top == Card.parse("B2")
    assert after.reshuffles == 1


@pytest.mark.rule("VOY-R5")
def test_with_nothing_to_rebuild_the_draw_pile_the_turn_passes() -> None:
    rules = Rules(players=2, colours=2, numbers=3, hand_size=2)
    # Every card but the top is in a hand, and seat 0 holds no match for G2.
    stuck = State(
        rules, Phase.TURN, 0, 0, (cards("R1"), cards("G1 G3 R2 R3")), CardSet(0),
        Card.parse("G2"), CardSet(0), None, (0, 0), (), 0,
    )  # fmt: skip
    assert moves(stuck) == ["pass"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(stuck, Action.DRAW)
    assert err.value.rule == "VOY-R5"
    passed = apply_move(stuck, Action.PASS)
    assert passed.player == 1
    assert moves(passed) == ["R2", "G1", "G3"]  # another seat always holds a match
    violation = check_move(passed, Action.PASS)
    assert violation is not None
    assert violation.rule == "VOY-R5"


@pytest.mark.rule("VOY-7")
def test_the_deal_passes_clockwise_each_round() -> None:
    state = position(["B7", "R5", "G4"], "B2")
    state = State(
        state.rules, Phase.TURN, 0, 2, state.hands, state.draw_pile, state.discard_top,
        state.discard_under, None, (0, 0, 0), (RoundResult(1, 1, 4, (2, 0, 2), 0),), 0,
    )  # fmt: skip
    after = apply_move(state, parse_move("B7"))
    assert after.dealer == 0
    assert after.phase is Phase.DEAL
    assert after.player == 1  # the new dealer's left receives first


@pytest.mark.rule("VOY-R6")
def test_the_first_dealer_is_seat_zero_unless_the_rules_say_otherwise() -> None:
    assert new_game(Rules(players=3)).dealer == 0
    assert new_game(Rules(players=3, first_dealer=2)).dealer == 2
    with pytest.raises(InvalidDataError, match="first_dealer"):
        Rules(players=3, first_dealer=3)


@pytest.mark.rule("VOY-8")
def test_the_match_ends_when_a_total_reaches_the_target() -> None:
    state = position(["B7", "R5 G1", "R9"], "B2", scores=(19, 20, 0))
    over = apply_move(state, parse_move("B7"))
    assert over.phase is Phase.OVER
    assert over.scores == (22, 20, 0)
    result = outcome(over)
    assert result is not None
    assert result.winner == 0
    assert result.termination is Termination.TARGET_SCORE
    assert legal_moves(over) == ()
    with pytest.raises(IllegalMoveError) as err:
        apply_move(over, parse_move("R5"))
    assert err.value.rule == "API-OVER"


@pytest.mark.rule("VOY-8")
def test_the_target_is_an_option() -> None:
    state = position(["B7", "R5"], "B2", rules=Rules(players=2, target=1))
    assert apply_move(state, parse_move("B7")).phase is Phase.OVER
    state = position(["B7", "R5"], "B2", rules=Rules(players=2, target=2))
    assert apply_move(state, parse_move("B7")).phase is Phase.DEAL
