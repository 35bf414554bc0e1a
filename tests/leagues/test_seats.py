"""The frontend protocol of 20,000 Leagues: every move is a spin of the chance player, so
no seat is ever to move, a view says so, and a spin that a seat sends is refused
(API-SEAT; API-OVER once the game is over)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import CHANCE, IllegalMoveError, Violation, leagues, play
from seaview_rules._core import seat_violation
from seaview_rules.leagues import Board, Phase, State
from seaview_rules.leagues import testing as lst


@cache
def rules() -> tuple[leagues.Rules, ...]:
    """The rules of the seeded games: the default, without the spin-off, and a small
    board with the other reading of the options."""
    return (
        leagues.Rules(players=4),
        leagues.Rules(players=2, spin_off=False),
        leagues.Rules(
            players=3,
            board=Board.from_rows(["S.*..v", ".v....", "...v@.", ".X...."]),
            extra_spin_after_rise=True,
            blocked_when_placed=False,
            start_always_right=False,
        ),
    )


BAD_SEATS: tuple[Any, ...] = (True, False, "0", "1", 1.0, -1, 4, 5, 2**70, (0,))
"""Values that are not a seat of the games above (a seat is refused for its type too)."""


def keep(states: list[State]) -> Callable[[State, leagues.Move, State], None]:
    """An ``on_move`` for `play` that keeps every state moved from in ``states``."""
    return lambda before, move, after: states.append(before)


@cache
def states_by_phase(per_phase: int = 4) -> dict[Phase, list[State]]:
    """Up to ``per_phase`` states of each phase, spread over seeded games under each of
    `rules`: the spin-off, turns (every one a chance node) and the end of the game."""
    found: dict[Phase, list[State]] = {phase: [] for phase in Phase}
    for number, game in enumerate(rules()):
        for seed in range(3):
            seen: list[State] = []
            final = play(leagues.GAME, game, random.Random(seed), on_move=keep(seen)).final
            for phase in (Phase.ORDER, Phase.SPIN):
                of_phase = [s for s in seen if s.phase is phase]
                step = max(1, len(of_phase) // per_phase)
                most = per_phase * (number + 1)
                found[phase] += of_phase[::step][: most - len(found[phase])]
            found[final.phase].append(final)
    return found


def test_every_phase_has_states_to_check() -> None:
    found = states_by_phase()
    assert all(len(states) >= 4 for states in found.values())
    assert {s.rules for s in found[Phase.SPIN]} == set(rules())
    assert len(found[Phase.OVER]) == 3 * len(rules())


def assert_refused(state: State, move: leagues.Move, seat: Any, expected: Violation) -> None:
    snapshot = leagues.dumps(state)
    assert leagues.check_move(state, move, seat=seat) == expected
    with pytest.raises(IllegalMoveError) as err:
        leagues.apply_move(state, move, seat=seat)
    assert err.value.violation == expected
    assert leagues.dumps(state) == snapshot


@pytest.mark.rule("API-SEAT", "LEA-R2")
@pytest.mark.parametrize("phase", [Phase.ORDER, Phase.SPIN], ids=lambda phase: phase.value)
def test_every_spin_from_every_seat_is_refused_and_nothing_changes(phase: Phase) -> None:
    """Chance is always to move, so every seat is a wrong seat: the spins the spinner
    can show and those it cannot (LEA-R2) are refused alike, for who sends them."""
    for state in states_by_phase()[phase]:
        assert leagues.current_player(state) is CHANCE
        for move in leagues.every_move(state.rules):
            for seat in [*range(state.rules.players), *BAD_SEATS]:
                expected = seat_violation(CHANCE, seat)
                assert expected is not None
                assert expected.rule == "API-SEAT"
                assert_refused(state, move, seat, expected)


@pytest.mark.rule("API-SEAT", "API-OVER")
def test_after_the_game_every_seat_is_told_the_game_is_over() -> None:
    over = Violation("API-OVER", "the game is over: a diver reached the red arrow")
    for state in states_by_phase()[Phase.OVER]:
        assert leagues.current_player(state) is None
        for move in leagues.every_move(state.rules):
            assert leagues.check_move(state, move) == over
            for seat in [*range(state.rules.players), *BAD_SEATS]:
                assert_refused(state, move, seat, over)


@pytest.mark.rule("API-SEAT")
def test_without_a_seat_a_spin_is_chance_s_as_before() -> None:
    for state in states_by_phase()[Phase.ORDER] + states_by_phase()[Phase.SPIN]:
        for move in leagues.every_move(state.rules):
            violation = leagues.check_move(state, move)
            assert (violation is None) == (move in leagues.legal_moves(state))
            if violation is None:
                assert leagues.apply_move(state, move).last_spin == move


@pytest.mark.rule("API-SEAT")
@given(lst.states(max_moves=200), st.data())
def test_a_spin_from_a_seat_is_refused_with_api_seat_until_the_end(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(-1, state.rules.players) | st.sampled_from(BAD_SEATS))
    snapshot = leagues.dumps(state)
    for move in leagues.every_move(state.rules):
        violation = leagues.check_move(state, move, seat=seat)
        assert violation is not None
        assert violation.rule == ("API-OVER" if leagues.is_terminal(state) else "API-SEAT")
    assert leagues.dumps(state) == snapshot


@pytest.mark.rule("LEA-1")
def test_nobody_is_to_move_once_a_diver_has_won() -> None:
    for state in states_by_phase()[Phase.OVER]:
        assert leagues.current_player(state) is None
        result = leagues.outcome(state)
        assert result is not None
        assert all(leagues.view(state, s).to_move is None for s in (None, 0, 1))
        assert leagues.view(state, None).winner == state.player == result.winner
        assert f"seat {state.player} won" in leagues.render(state)


@given(lst.states(), st.data())
def test_a_view_says_chance_is_to_move_and_gives_no_seat_a_move(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.sampled_from([None, *range(state.rules.players)]))
    seen = leagues.view(state, seat)
    assert seen.to_move == leagues.current_player(state)
    assert seen.to_move is (None if leagues.is_terminal(state) else CHANCE)
    result = leagues.outcome(state)
    assert seen.winner == (None if result is None else result.winner)
    # legal_moves of the seat to move, and () for the others: no seat is ever to move.
    assert seen.legal_moves == ()
    assert leagues.loads(leagues.dumps(seen), kind=leagues.View) == seen
