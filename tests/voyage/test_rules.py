"""One example per Voyage rule and ruling, from hand-built positions."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest
from attrs import evolve

from seaview_rules import (
    CHANCE,
    IllegalMoveError,
    InvalidDataError,
    Termination,
    Violation,
    ships_wheel,
    voyage,
)
from seaview_rules.voyage import (
    Action,
    Card,
    CardSet,
    Colour,
    Deal,
    Phase,
    Play,
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
from seaview_rules.voyage._rulebook import least_round_points, most_round_points, round_points


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
    dealer: int = 0,
) -> State:
    """A mid-round position; ``under`` lists the cards under the top in play order; the
    draw pile defaults to every card not placed elsewhere."""
    rules = rules or Rules(players=len(hands))
    held = [cards(h) for h in hands]
    placed = sum(held, cards(under)) | (1 << Card.parse(top).index)
    draw_pile = cards(draw) if draw is not None else CardSet(rules.deck & ~placed)
    pile = tuple(Card.parse(t) for t in under.split())
    return State(
        rules=rules,
        phase=phase,
        player=player,
        dealer=dealer,
        hands=tuple(held),
        draw_pile=draw_pile,
        discard_top=Card.parse(top),
        discard_under=pile,
        drawn=None,
        scores=scores or (0,) * rules.players,
        results=(),
        reshuffles=0,
    )


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
    assert err.value.violation == Violation("VOY-R2", "G4 is not in the draw pile")


@pytest.mark.rule("VOY-2")
def test_the_player_left_of_the_dealer_leads_any_card() -> None:
    rules = Rules(players=2)
    lead = evolve(
        position(["R1 G5", "B9 B2"], "R2", rules=rules),
        phase=Phase.LEAD,
        player=1,
        discard_top=None,
        draw_pile=CardSet(rules.deck & ~cards("R1 G5 B9 B2")),
    )
    assert moves(lead) == ["B2", "B9"]
    after = apply_move(lead, parse_move("B9"))
    assert after.discard_top == Card.parse("B9")
    assert after.player == 0
    with pytest.raises(IllegalMoveError) as err:
        apply_move(lead, Action.DRAW)
    assert err.value.violation == Violation("VOY-2", "no draw now: lead a card")


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
    assert violation == Violation("VOY-3", "G9 matches neither the colour nor the number of R7")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("G9"))
    assert err.value.violation == violation
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, parse_move("R5"))
    assert err.value.violation == Violation("VOY-3", "R5 is not in seat 0's hand")
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
    assert err.value.violation == Violation(
        "VOY-3", "R11 matches neither the colour nor the number of B2"
    )
    state = apply_move(state, Action.KEEP)
    assert state.phase is Phase.TURN
    assert state.player == 1


@pytest.mark.rule("VOY-4", "VOY-R4")
def test_a_matching_drawn_card_may_be_played_at_once() -> None:
    state = position(["G9", "R5"], "B2", draw="B12")
    state = apply_move(apply_move(state, Action.DRAW), parse_move("deal B12"))
    assert state.phase is Phase.DRAWN
    assert moves(state) == ["B12", "keep"]
    assert check_move(state, Action.DRAW) == Violation(
        "VOY-4", "no draw now: the drawn card must be played or kept"
    )
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
    assert err.value.violation == Violation(
        "VOY-R4", "after drawing, only the drawn card B12 may be played"
    )
    keep_now = position(["G9", "R5"], "B3")
    assert check_move(keep_now, Action.KEEP) == Violation(
        "VOY-R4", "keep only follows drawing a card"
    )
    assert check_move(keep_now, Action.PASS) == Violation(
        "VOY-R5", "a player may pass only with no match and nothing to draw"
    )


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
    assert err.value.violation == Violation("VOY-R3", "seat 0 holds a card that matches B2")


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


@pytest.mark.rule("VOY-5")
def test_a_round_scores_at_least_a_card_of_every_other_hand_and_at_most_the_deck() -> None:
    """The bounds the compiled playout sizes its table of rounds with, and the encoding
    its largest total (the target less one, and a round)."""
    assert [least_round_points(players) for players in (2, 3, 6)] == [1, 2, 5]
    assert [most_round_points(players, 39) for players in (2, 6)] == [39, 39]
    encoding = voyage.GAME.encoding
    assert encoding is not None
    assert encoding.max_score(Rules(players=3, target=21)) == 20 + 39


@pytest.mark.rule("VOY-6")
def test_an_empty_draw_pile_is_rebuilt_from_the_discard_pile_but_its_top() -> None:
    state = position(["G9", "R5"], "B2", draw="", under="R1 R3")
    state = evolve(
        state,
        discard_under=tuple(CardSet(state.rules.deck & ~(cards("G9 R5 B2")))),
    )
    under = state.discard_under
    after = apply_move(state, Action.DRAW)
    assert after.draw_pile == CardSet.of(under)
    assert after.discard_under == ()
    assert after.discard_top == Card.parse("B2")
    assert after.reshuffles == 1


@pytest.mark.rule("VOY-R5")
def test_with_nothing_to_rebuild_the_draw_pile_the_turn_passes() -> None:
    rules = Rules(players=2, colours=2, numbers=3, hand_size=2)
    # Every card but the top is in a hand, and seat 0 holds no match for G2.
    stuck = position(["R1", "G1 G3 R2 R3"], "G2", draw="", rules=rules)
    assert moves(stuck) == ["pass"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(stuck, Action.DRAW)
    assert err.value.violation == Violation(
        "VOY-R5", "nothing to draw: no draw pile and no card under the top"
    )
    passed = apply_move(stuck, Action.PASS)
    assert passed.player == 1
    assert moves(passed) == ["R2", "G1", "G3"]  # another seat always holds a match
    violation = check_move(passed, Action.PASS)
    assert violation is not None
    assert violation.rule == "VOY-R5"


@pytest.mark.rule("VOY-7")
def test_the_deal_passes_clockwise_each_round() -> None:
    state = position(["B7", "R5", "G4"], "B2")
    state = evolve(state, dealer=2, results=(RoundResult(1, 1, 4, (2, 0, 2), 0),))
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
    scores = (19 + round_points((0, 2, 1)), 20, 0)  # 22 (VOY-5)
    assert over.scores == scores
    result = outcome(over)
    assert result is not None
    assert result.winner == 0
    assert result.scores == scores
    assert result.termination is Termination.TARGET_SCORE
    assert legal_moves(over) == ()
    with pytest.raises(IllegalMoveError) as err:
        apply_move(over, parse_move("R5"))
    assert err.value.violation == Violation("API-OVER", "the match is over")


@pytest.mark.rule("VOY-8")
def test_the_target_is_an_option() -> None:
    points = round_points((0, 1))  # going out with one card left in the other hand (VOY-5)
    state = position(["B7", "R5"], "B2", rules=Rules(players=2, target=points))
    assert apply_move(state, parse_move("B7")).phase is Phase.OVER
    state = position(["B7", "R5"], "B2", rules=Rules(players=2, target=points + 1))
    assert apply_move(state, parse_move("B7")).phase is Phase.DEAL


@pytest.mark.rule("VOY-R7")
def test_the_seat_on_a_players_left_is_the_next_seat_number() -> None:
    """The deal starts on the dealer's left, seat d + 1 (after the last seat, seat 0),
    and the lead and the turns go from seat s to seat s + 1 as the deal does."""
    state = new_game(Rules(players=4, first_dealer=3, hand_size=2))
    receivers = []
    for number in range(1, 9):
        receivers.append(state.player)
        state = apply_move(state, parse_move(f"deal R{number}"))
    assert receivers == [0, 1, 2, 3, 0, 1, 2, 3]
    assert str(state.hands[1]) == "R2 R6"
    assert state.phase is Phase.LEAD
    assert state.player == 0  # the dealer's left leads (VOY-2)
    turns = [state.player]
    for text in ("R1", "R2", "R3", "R4"):
        state = apply_move(state, parse_move(text))
        turns.append(state.player)
    assert turns == [0, 1, 2, 3, 0]


@pytest.mark.rule("VOY-7")
def test_every_player_deals_in_turn() -> None:
    rules = Rules(players=3, colours=1, numbers=6, hand_size=1, target=30)
    state = new_game(rules)
    dealers: list[int] = []
    while len(dealers) < 6:
        dealers.append(state.dealer)
        while state.phase is Phase.DEAL:  # deal the lowest cards, then go out at once
            state = apply_move(state, legal_moves(state)[0])
        rounds = len(state.results)
        while len(state.results) == rounds:
            state = apply_move(state, legal_moves(state)[0])
    assert sorted(dealers[:3]) == [0, 1, 2]
    assert dealers[3:] == dealers[:3]


@pytest.mark.rule("VOY-R8")
def test_the_deal_passes_to_the_left_of_the_last_dealer() -> None:
    for dealer, expected in ((0, 1), (1, 2), (2, 0)):
        state = position(["B7", "R5", "G4"], "B2")
        state = evolve(state, dealer=dealer)
        after = apply_move(state, parse_move("B7"))
        assert after.dealer == expected
        assert after.player == (expected + 1) % 3


@pytest.mark.rule("VOY-R9")
def test_every_view_shows_the_discard_pile_in_play_order() -> None:
    state = position(["G9 B5", "R5 B7", "G2"], "B2", under="R1 R2")
    state = apply_move(apply_move(state, parse_move("B5")), parse_move("R5"))
    assert state.discard_top == Card.parse("R5")
    assert [str(c) for c in state.discard_under] == ["R1", "R2", "B2", "B5"]
    for seat in (None, 0, 1, 2):
        seen = voyage_view(state, seat)
        assert seen.discard_under == state.discard_under
        assert seen.discard_top == Card.parse("R5")


@pytest.mark.rule("VOY-R9", "VOY-6")
def test_the_discard_pile_is_hidden_again_once_it_is_the_draw_pile() -> None:
    state = position(["G9", "R5"], "B2", draw="", under="R1 R3 G4")
    assert len(state.draw_pile) == 0
    rebuilt = apply_move(state, Action.DRAW)
    assert rebuilt.discard_under == ()
    for seat in (None, 0, 1):
        seen = voyage_view(rebuilt, seat)
        assert seen.discard_under == ()
        assert seen.draw_pile_size == 3
    # Which card comes off the rebuilt pile is hidden like any other draw.
    other = evolve(rebuilt, draw_pile=cards("R1 R3 G4"))
    assert voyage_view(other, 1) == voyage_view(rebuilt, 1)


LOOP_RULES = Rules(players=2, colours=2, numbers=4, hand_size=4)


def looping_position() -> State:
    """Seat 0 holds R2 R3 R4, seat 1 G2 G3 G4; G1 on top of R1; the draw pile empty."""
    return position(["R2 R3 R4", "G2 G3 G4"], "G1", draw="", under="R1", rules=LOOP_RULES, dealer=1)


@pytest.mark.rule("VOY-R10", "VOY-6")
def test_a_tiny_round_can_come_back_to_the_same_position_for_ever() -> None:
    start = looping_position()
    state = start
    for lap in range(1, 4):
        for text in ("draw", "deal R1", "R1", "draw", "deal G1", "G1"):
            move = parse_move(text)
            assert move in legal_moves(state)
            if current_player(state) is CHANCE:
                assert len(chance_outcomes(state)) == 1  # the only card of the rebuilt pile
            state = apply_move(state, move)
        # Every card is where it was, the same seat is to move: only the counter grew.
        assert state.reshuffles == 2 * lap
        assert evolve(state, reshuffles=0) == start
        assert not state.results  # the round never ended
    assert voyage_view(state, 0) != voyage_view(start, 0)  # the rebuilds are in sight
    assert voyage_view(state, 0).reshuffles == 6


class _Play(Play):
    """A subclass of a move class: equal to a legal play, but not a Voyage move."""


UNBUILDABLE: list[tuple[str, Callable[[], object]]] = [
    ("a deal of no card", lambda: Deal(None)),  # type: ignore[arg-type]  # on purpose
    ("a play of a string", lambda: Play("R7")),  # type: ignore[arg-type]  # on purpose
    ("a Ship's Wheel card", lambda: Play(ships_wheel.Card.parse("red-star"))),  # type: ignore[arg-type]
    ("a deal of a Ship's Wheel card", lambda: Deal(ships_wheel.Card.parse("red-star"))),  # type: ignore[arg-type]
    ("a card numbered True", lambda: Play(Card(Colour.RED, True))),
]
"""Moves whose fields are not of their types: their constructors refuse them."""


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize(("example", "build"), UNBUILDABLE, ids=[m[0] for m in UNBUILDABLE])
def test_a_move_with_a_malformed_field_cannot_be_built(
    example: str, build: Callable[[], object]
) -> None:
    with pytest.raises(IllegalMoveError) as err:
        build()
    assert err.value.rule == "API-MOVE"


MALFORMED: list[tuple[str, object]] = [
    ("a subclass of Play", _Play(Card.parse("R7"))),
    ("a string", "R7"),
    ("nothing", None),
    ("another game's action", ships_wheel.Action.DRAW),
]
"""Objects that are not exactly Voyage moves; some compare equal to a legal one."""

CHANCE_NODE = new_game(Rules(players=2))
TURN = position(["R7 G9", "R5"], "R2")
LEAD = evolve(
    TURN, phase=Phase.LEAD, discard_top=None, draw_pile=CardSet(TURN.draw_pile | cards("R2"))
)


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize("state", [CHANCE_NODE, TURN, LEAD], ids=["chance", "turn", "lead"])
@pytest.mark.parametrize(("example", "move"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_what_is_not_exactly_a_voyage_move_is_refused_and_changes_nothing(
    state: State, example: str, move: object
) -> None:
    before = voyage.dumps(state)
    violation = check_move(state, move)  # type: ignore[arg-type]  # on purpose
    assert violation is not None
    assert violation.rule == "API-MOVE"
    assert "is not a Voyage move" in violation.reason
    seat = current_player(state)
    if isinstance(seat, int):
        assert check_move(state, move, seat=seat) == violation  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, move)  # type: ignore[arg-type]  # on purpose
    assert err.value.rule == "API-MOVE"
    assert voyage.dumps(state) == before


@pytest.mark.rule("API-MOVE")
def test_the_refusal_of_a_malformed_move_says_what_is_wrong_with_it() -> None:
    reasons = {
        example: check_move(TURN, move).reason  # type: ignore[arg-type, union-attr]
        for example, move in MALFORMED
    }
    built = {}
    for example, build in UNBUILDABLE:
        with pytest.raises(IllegalMoveError) as err:
            build()
        built[example] = err.value.reason
    assert built["a play of a string"] == "Play.card must be a Card, not str"
    assert built["a card numbered True"] == "Card.number must be an int, not bool"
    assert (
        reasons["a string"]
        == "'R7' is not a Voyage move: a move is a Deal or Play or Action, not str"
    )
    assert reasons["a subclass of Play"].endswith("not _Play")


@pytest.mark.rule("API-MOVE")
def test_a_well_formed_move_built_anew_is_applied_as_the_engines_own() -> None:
    assert Play(Card.parse("R7")) is not voyage.PLAYS[Card.parse("R7").index]
    assert check_move(TURN, Play(Card.parse("R7"))) is None
    after = apply_move(TURN, Play(Card.parse("R7")))
    assert after == apply_move(TURN, voyage.PLAYS[Card.parse("R7").index])


@pytest.mark.rule("API-TURN")
def test_chance_is_not_sampled_at_a_players_turn() -> None:
    with pytest.raises(IllegalMoveError) as err:
        voyage.sample_chance(TURN, random.Random(0))
    assert err.value.violation == Violation("API-TURN", "it is a player's turn, not chance's")


@pytest.mark.rule("VOY-R2")
def test_the_draw_finds_a_colours_cards_in_a_table_filled_as_it_is_needed() -> None:
    """`sample_chance` looks up the n-th card of a colour in a table of each 13-bit
    mask's cards, lowest first, filled the first time a mask is met; the engine's own
    table is full before any test runs, so a new one is checked here."""
    from seaview_rules.voyage._rules import _ColourOffsets

    offsets = _ColourOffsets()
    assert offsets[0b1000000000101] == (0, 2, 12)
    assert offsets[0] == ()
    assert dict(offsets) == {0b1000000000101: (0, 2, 12), 0: ()}


@pytest.mark.rule("API-TURN")
def test_a_players_move_at_a_chance_node_and_a_deal_at_a_turn_are_refused() -> None:
    dealing = new_game(Rules(players=2))
    assert check_move(dealing, Action.DRAW) == Violation(
        "API-TURN", "the next move is a chance outcome (a card off the draw pile), not draw"
    )
    assert check_move(TURN, parse_move("deal R7")) == Violation(
        "API-TURN", f"it is seat {TURN.player}'s turn, not chance's"
    )
