"""The frontend protocol of Voyage: whose turn it is, what a seat may do (the view), and
moves refused unless the seat that sends them is to move (API-SEAT)."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import CHANCE, IllegalMoveError, Violation, voyage
from seaview_rules._core import seat_violation
from seaview_rules.voyage import Phase, State
from seaview_rules.voyage import testing as vst
from seaview_rules.voyage._views import stand_in
from tests.helpers import examples, scaled, states_by_phase

RULES = (
    voyage.Rules(players=3, colours=2, numbers=5, hand_size=3, target=6),
    voyage.Rules(players=2, colours=1, numbers=4, hand_size=1, target=3, must_play=False),
    voyage.Rules(players=4),
)

BAD_SEATS: tuple[Any, ...] = (True, False, "0", "1", 1.0, -1, 6, 7, 2**70, (0,))
"""Values that are not a seat of the games above (a seat is refused for its type too)."""


@cache
def states() -> dict[Phase, list[State]]:
    """States of every phase from seeded games under each of `RULES`."""
    return states_by_phase(voyage.GAME, RULES, Phase, seeds=4)


def test_every_phase_has_states_to_check() -> None:
    assert all(len(found) >= 3 for found in states().values())
    assert {s.rules for found in states().values() for s in found} == set(RULES)


def wrong_seats(state: State) -> list[Any]:
    """Every seat of the game that is not to move, and every bad seat value."""
    to_move = voyage.current_player(state)
    return [s for s in range(state.rules.players) if s != to_move] + list(BAD_SEATS)


def assert_refused_for_the_seat(state: State, move: voyage.Move, seat: Any) -> None:
    snapshot = voyage.dumps(state)
    expected = seat_violation(voyage.current_player(state), seat)
    assert expected is not None
    assert expected.rule == "API-SEAT"
    assert voyage.check_move(state, move, seat=seat) == expected
    with pytest.raises(IllegalMoveError) as err:
        voyage.apply_move(state, move, seat=seat)
    assert err.value.violation == expected
    assert voyage.dumps(state) == snapshot


@pytest.mark.rule("API-SEAT")
@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.OVER], ids=str)
def test_every_move_from_every_wrong_seat_is_refused_and_nothing_changes(phase: Phase) -> None:
    for state in states()[phase]:
        for move in voyage.every_move(state.rules):
            for seat in wrong_seats(state):
                assert_refused_for_the_seat(state, move, seat)


@pytest.mark.rule("API-SEAT")
@pytest.mark.parametrize("phase", [Phase.LEAD, Phase.TURN, Phase.DRAWN], ids=str)
def test_the_seat_to_move_gets_the_answer_it_gets_without_a_seat(phase: Phase) -> None:
    for state in states()[phase]:
        seat = voyage.current_player(state)
        assert isinstance(seat, int)
        for move in voyage.every_move(state.rules):
            violation = voyage.check_move(state, move)
            assert voyage.check_move(state, move, seat=seat) == violation
            if violation is None:
                assert voyage.apply_move(state, move, seat=seat) == voyage.apply_move(state, move)


@pytest.mark.rule("API-SEAT", "API-OVER")
def test_after_the_match_every_seat_is_told_the_match_is_over() -> None:
    for state in states()[Phase.OVER]:
        assert voyage.current_player(state) is None
        for seat in [*range(state.rules.players), *BAD_SEATS]:
            for move in voyage.every_move(state.rules):
                assert voyage.check_move(state, move, seat=seat) == Violation(
                    "API-OVER", "the match is over"
                )


@pytest.mark.rule("API-SEAT")
def test_at_a_chance_node_no_seat_may_move_and_no_seat_still_deals() -> None:
    state = voyage.new_game(voyage.Rules(players=2))
    deal = voyage.legal_moves(state)[0]
    for seat in (0, 1):
        violation = voyage.check_move(state, deal, seat=seat)
        assert violation == Violation(
            "API-SEAT", f"the next move is a chance outcome, not seat {seat}'s"
        )
    assert voyage.apply_move(state, deal).phase is Phase.DEAL  # without a seat: as before


@pytest.mark.rule("API-SEAT")
@given(vst.states(max_moves=200), st.data())
def test_a_move_is_refused_with_api_seat_exactly_when_the_seat_is_not_to_move(
    state: State, data: st.DataObject
) -> None:
    players = state.rules.players
    seat = data.draw(st.integers(-1, players) | st.sampled_from(BAD_SEATS))
    snapshot = voyage.dumps(state)
    to_move = voyage.current_player(state)
    for move in voyage.every_move(state.rules):
        given_seat = voyage.check_move(state, move, seat=seat)
        if to_move is None:
            assert given_seat == Violation("API-OVER", "the match is over")
        elif type(seat) is int and seat == to_move:
            assert given_seat == voyage.check_move(state, move)
        else:
            assert given_seat is not None
            assert given_seat.rule == "API-SEAT"
    assert voyage.dumps(state) == snapshot


@pytest.mark.rule("API-SEAT", "VOY-R4")
def test_a_refusal_reason_tells_a_seat_nothing_it_cannot_see() -> None:
    """The reason a seat is given for a move it sends depends only on what that seat
    sees: a wrong seat hears only who is to move (no oracle on the mover's hand, which
    the same moves sent without a seat would give), the seat to move only of its own
    hand and of what lies face up."""
    compared = oracles = 0

    @examples(200)
    @given(vst.states(max_moves=300), st.randoms(use_true_random=False), st.data())
    def check(state: State, rng: random.Random, data: st.DataObject) -> None:
        nonlocal compared, oracles
        seat = data.draw(st.sampled_from([state.player, *range(state.rules.players)]))
        twin = vst.hidden_twin(state, seat, rng)
        for move in voyage.every_move(state.rules):
            assert voyage.check_move(state, move, seat=seat) == voyage.check_move(
                twin, move, seat=seat
            )
            compared += 1
            oracles += voyage.check_move(state, move) != voyage.check_move(twin, move)

    check()
    assert compared > scaled(2_000)
    assert oracles > scaled(20)  # without the seat, the reasons would tell


@pytest.mark.rule("VOY-8")
def test_nobody_is_to_move_once_the_match_is_over() -> None:
    for state in states()[Phase.OVER]:
        assert voyage.current_player(state) is None
        assert voyage.view(state, None).to_move is None
        assert all(voyage.view(state, s).legal_moves == () for s in range(state.rules.players))
    assert "match over, seat" in voyage.render(states()[Phase.OVER][0])


@given(vst.states(), st.data())
def test_a_view_says_who_is_to_move_and_gives_the_seat_to_move_its_legal_moves(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.sampled_from([state.player, None, *range(state.rules.players)]))
    seen = voyage.view(state, seat)
    to_move = voyage.current_player(state)
    assert seen.to_move == to_move
    assert seen.round == state.round
    if seat is not None and seat == to_move:
        assert seen.legal_moves == voyage.legal_moves(state)
    else:
        assert seen.legal_moves == ()
    assert to_move is CHANCE or to_move is None or to_move == state.player


@given(vst.states())
def test_the_legal_moves_of_the_seat_to_move_follow_from_its_view_alone(state: State) -> None:
    """What `loads` checks a view's legal moves with is what the engine allows."""
    seat = state.player
    seen = voyage.view(state, seat)
    assert seen.hand is not None
    if seen.to_move == seat:
        recomputed = voyage.legal_moves(stand_in(seen))
        assert recomputed == seen.legal_moves == voyage.legal_moves(state)
    document = json.loads(voyage.dumps(seen))
    assert document["data"]["legal_moves"] == [str(m) for m in seen.legal_moves]
    assert voyage.loads(voyage.dumps(seen), kind=voyage.View) == seen
