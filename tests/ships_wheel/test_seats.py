"""The frontend protocol of Ship's Wheel: whose turn it is, what a seat may do (the view),
and moves refused unless the seat that sends them is to move (API-SEAT)."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from seaview_rules import CHANCE, IllegalMoveError, Violation
from seaview_rules import ships_wheel as sw
from seaview_rules._core import seat_violation
from seaview_rules.ships_wheel import Phase, State
from seaview_rules.ships_wheel import testing as sst
from seaview_rules.ships_wheel._views import stand_in
from tests.helpers import examples, scaled, states_by_phase

TINY = sw.DeckSpec(
    shapes=["circle", "square", "star"],
    colours=["red", "green", "blue"],
    lighthouses=["red"],
    white_starfish=1,
    black_starfish=1,
    anchors=2,
)
RULES = (
    sw.Rules(players=3, scoring=sw.Scoring.HANDS, target=3),
    sw.Rules(players=2, deck=TINY, min_hand_size=2, scoring=sw.Scoring.HANDS, target=3),
    sw.Rules(players=5, decks=2, max_hand_size=5, scoring=sw.Scoring.HANDS, target=2),
)

BAD_SEATS: tuple[Any, ...] = (True, False, "0", "1", 1.0, -1, 6, 7, 2**70, (0,))
"""Values that are not a seat of the games above (a seat is refused for its type too)."""

SMALL = sst.rules(max_players=4)
MID_HAND = sst.states(rules=SMALL) | sst.states(
    rules=SMALL, phases=frozenset({Phase.DRAW, Phase.DISCARD, Phase.PASS, Phase.DECK})
)
"""Reachable states, many of them in the middle of a hand."""


@cache
def states() -> dict[Phase, list[State]]:
    """States of each phase from seeded games under each of `RULES`: 3 under the
    first, 6 in all under the second, 9 under the third; and the state each game ends
    in."""
    return states_by_phase(sw.GAME, RULES, Phase, seeds=3)


PER_PHASE = 3 * len(RULES)
PLAYING = [(phase.value, number) for phase in Phase for number in range(PER_PHASE)]


def state_of(phase: str, number: int) -> State:
    found = states()[Phase(phase)]
    assert number < len(found), f"the seeded games met {len(found)} states in phase {phase}"
    return found[number]


def test_every_phase_has_states_to_check() -> None:
    assert all(len(found) == PER_PHASE for found in states().values())
    assert {s.rules for found in states().values() for s in found} == set(RULES)


def wrong_seats(state: State) -> list[Any]:
    """Every seat of the game that is not to move, and every bad seat value."""
    to_move = sw.current_player(state)
    return [s for s in range(state.rules.players) if s != to_move] + list(BAD_SEATS)


@pytest.mark.rule("API-SEAT")
@pytest.mark.parametrize(
    ("phase", "number"),
    [p for p in PLAYING if p[0] != "over"],
    ids=[f"{p[0]}-{p[1]}" for p in PLAYING if p[0] != "over"],
)
def test_every_move_from_every_wrong_seat_is_refused_and_nothing_changes(
    phase: str, number: int
) -> None:
    state = state_of(phase, number)
    snapshot = sw.dumps(state)
    to_move = sw.current_player(state)
    for seat in wrong_seats(state):
        refused = seat_violation(to_move, seat)
        assert refused is not None
        assert refused.rule == "API-SEAT"
        for move in sw.every_move(state.rules):
            expected = refused
            if (
                state.phase is Phase.PASS
                and type(move) is sw.Pass
                and type(seat) is int
                and 0 <= seat < state.rules.players
            ):
                if seat != move.seat:  # SW-R7: a Pass names the seat that sends it
                    expected = Violation(
                        "API-SEAT", f"seat {seat} may not choose seat {move.seat}'s card to pass"
                    )
                elif state.passing[seat] is None:
                    continue  # SW-R7: a seat still choosing may choose (tested below)
                else:
                    expected = Violation(
                        "SW-R7",
                        f"seat {seat} has already chosen the card it passes: a choice is final",
                    )
            assert sw.check_move(state, move, seat=seat) == expected
            with pytest.raises(IllegalMoveError) as err:
                sw.apply_move(state, move, seat=seat)
            assert err.value.violation == expected
    assert sw.dumps(state) == snapshot


@pytest.mark.rule("API-SEAT")
@pytest.mark.parametrize(
    ("phase", "number"),
    [p for p in PLAYING if p[0] not in ("over", "deal", "deck")],
    ids=[f"{p[0]}-{p[1]}" for p in PLAYING if p[0] not in ("over", "deal", "deck")],
)
def test_the_seat_to_move_gets_the_answer_it_gets_without_a_seat(phase: str, number: int) -> None:
    state = state_of(phase, number)
    seat = sw.current_player(state)
    assert isinstance(seat, int)
    for move in sw.every_move(state.rules):
        violation = sw.check_move(state, move)
        if type(move) is sw.Pass and move.seat != seat and state.phase is Phase.PASS:
            # SW-R7: another seat's choice, which that seat alone may send.
            refused = sw.check_move(state, move, seat=seat)
            assert refused is not None
            assert refused.rule == "API-SEAT"
            continue
        assert sw.check_move(state, move, seat=seat) == violation
        if violation is None:
            assert sw.apply_move(state, move, seat=seat) == sw.apply_move(state, move)


@pytest.mark.rule("API-SEAT", "API-OVER")
def test_after_the_match_every_seat_is_told_the_match_is_over() -> None:
    for state in states()[Phase.OVER]:
        assert sw.current_player(state) is None
        for seat in [*range(state.rules.players), *BAD_SEATS]:
            for move in sw.every_move(state.rules):
                assert sw.check_move(state, move, seat=seat) == Violation(
                    "API-OVER", "the match is over"
                )
                with pytest.raises(IllegalMoveError, match=r"^API-OVER: the match is over$"):
                    sw.apply_move(state, move, seat=seat)


@pytest.mark.rule("API-SEAT", "SW-R3")
def test_at_a_chance_node_no_seat_may_move_and_no_seat_still_deals() -> None:
    state = sw.apply_move(sw.new_game(sw.Rules(players=2)), sw.parse_move("size 3"))
    deal = sw.legal_moves(state)[0]
    for seat in (0, 1):
        assert sw.check_move(state, deal, seat=seat) == Violation(
            "API-SEAT", f"the next move is a chance outcome, not seat {seat}'s"
        )
    assert sw.apply_move(state, deal).phase is Phase.DEAL  # without a seat: as before
    drawing = states()[Phase.DECK][0]
    refused = sw.check_move(drawing, sw.legal_moves(drawing)[0], seat=drawing.player)
    assert refused is not None
    assert refused.rule == "API-SEAT"  # even the seat that draws: the card is chance's


@pytest.mark.rule("API-SEAT")
@given(MID_HAND, st.data())
def test_a_move_is_refused_with_api_seat_exactly_when_the_seat_is_not_to_move(
    state: State, data: st.DataObject
) -> None:
    players = state.rules.players
    seat = data.draw(st.integers(-1, players) | st.sampled_from(BAD_SEATS))
    snapshot = sw.dumps(state)
    to_move = sw.current_player(state)
    for move in sw.every_move(state.rules):
        given_seat = sw.check_move(state, move, seat=seat)
        if to_move is None:
            assert given_seat == Violation("API-OVER", "the match is over")
        elif (
            state.phase is Phase.PASS
            and type(move) is sw.Pass
            and type(seat) is int
            and 0 <= seat < players
        ):
            # SW-R7: any seat still choosing may choose; a seat that has chosen may not.
            if move.seat != seat:
                assert given_seat is not None
                assert given_seat.rule == "API-SEAT"
            elif state.passing[seat] is None:
                assert given_seat == (
                    None
                    if move in sw.view(state, seat).legal_moves
                    else Violation("SW-10", f"{move.card} is not in seat {seat}'s hand")
                )
            else:
                assert given_seat is not None
                assert given_seat.rule == "SW-R7"
        elif type(seat) is int and seat == to_move:
            assert given_seat == sw.check_move(state, move)
        else:
            assert given_seat is not None
            assert given_seat.rule == "API-SEAT"
    assert sw.dumps(state) == snapshot


@pytest.mark.rule("API-SEAT", "SW-R7")
def test_a_refusal_reason_tells_a_seat_nothing_it_cannot_see() -> None:
    """The reason a seat is given for a move it sends depends only on what that seat
    sees: a wrong seat hears only who is to move (no oracle on the mover's hand or its
    pass choice, which the same moves sent without a seat would give), the seat to move
    only of its own hand and of what lies face up."""
    compared = oracles = 0

    @examples(150)
    @given(MID_HAND, st.randoms(use_true_random=False), st.data())
    def check(state: State, rng: random.Random, data: st.DataObject) -> None:
        nonlocal compared, oracles
        # The mover often (in a pass, state.player is the discarder, not the mover).
        mover = sw.current_player(state)
        mover = mover if isinstance(mover, int) else state.player
        seat = data.draw(st.sampled_from([mover, *range(state.rules.players)]))
        twin = sst.hidden_twin(state, seat, rng)
        for move in sw.every_move(state.rules):
            assert sw.check_move(state, move, seat=seat) == sw.check_move(twin, move, seat=seat)
            compared += 1
            oracles += sw.check_move(state, move) != sw.check_move(twin, move)

    check()
    assert compared > scaled(10_000)
    assert oracles > scaled(20)  # without the seat, the reasons would tell


@pytest.mark.rule("SW-R10")
def test_nobody_is_to_move_once_the_match_is_over() -> None:
    for state in states()[Phase.OVER]:
        assert sw.current_player(state) is None
        seen = sw.view(state, None)
        assert (seen.to_move, seen.legal_moves, seen.hand_number) == (None, (), len(state.results))
        assert all(sw.view(state, s).legal_moves == () for s in range(state.rules.players))
        assert f"seat {state.player} won the match" in sw.render(state)


@given(MID_HAND, st.data())
def test_a_view_says_who_is_to_move_and_gives_the_seat_to_move_its_legal_moves(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.sampled_from([state.player, None, *range(state.rules.players)]))
    seen = sw.view(state, seat)
    to_move = sw.current_player(state)
    assert seen.to_move == to_move
    assert seen.hand_number == state.hand_number
    if state.phase is Phase.PASS:  # SW-R7: every seat still choosing may choose
        assert to_move == seen.choosing[0]
        assert (seen.legal_moves != ()) == (seat in seen.choosing)
        for move in seen.legal_moves:
            assert sw.check_move(state, move, seat=seat) is None
    elif seat is not None and seat == to_move:
        assert seen.legal_moves == sw.legal_moves(state)
    else:
        assert seen.legal_moves == ()
    if state.phase is not Phase.PASS:
        assert to_move is CHANCE or to_move is None or to_move == state.player
    event(f"the view's seat is {'to move' if seat == to_move else 'not to move'}")


@given(MID_HAND)
def test_the_legal_moves_of_the_seat_to_move_follow_from_its_view_alone(state: State) -> None:
    """What `loads` checks a view's legal moves with is what the engine allows."""
    seen = sw.view(state, state.player)
    assert seen.hand is not None
    if seen.to_move == state.player and state.phase is not Phase.PASS:
        recomputed = sw.legal_moves(stand_in(seen))
        assert recomputed == seen.legal_moves == sw.legal_moves(state)
    document = json.loads(sw.dumps(seen))
    assert document["data"]["legal_moves"] == [str(m) for m in seen.legal_moves]
    assert sw.loads(sw.dumps(seen), kind=sw.View) == seen
