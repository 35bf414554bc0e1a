"""Dice under Cups: one example test per rule ID, then the shared checks of
`seaview_rules.testing` (the API contract, view noninterference, the properties on the
states its test kit draws), what each seat is told, its encoding for learning agents,
and the JSON documents."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction

import pytest
import seaview_cups as cups
from hypothesis import given
from hypothesis import strategies as st
from seaview_cups import Decision, Phase, Roll, Rules
from seaview_cups import testing as cups_kit

from seaview_rules import (
    CHANCE,
    GAMES,
    OMNISCIENT,
    IllegalMoveError,
    InvalidDataError,
    Outcome,
    Termination,
    play,
)
from seaview_rules.testing import check_game, kit_of, twin_of
from seaview_rules.testing.properties import check_properties


def after(rules: Rules, *moves: str) -> cups.State:
    state = cups.new_game(rules)
    for text in moves:
        state = cups.apply_move(state, cups.parse_move(text))
    return state


def test_the_entry_point_puts_the_game_in_the_registry() -> None:
    assert GAMES["cups"] is cups.GAME


def test_CUP_1_each_seat_rolls_in_turn_each_face_a_sixth() -> None:
    state = cups.new_game(Rules(players=3))
    assert (cups.current_player(state), cups.chance_seat(state)) == (CHANCE, 0)
    assert cups.chance_outcomes(state) == tuple((Roll(f), Fraction(1, 6)) for f in range(1, 7))
    state = after(Rules(players=3), "roll 2", "roll 6")
    assert (state.dice, cups.chance_seat(state)) == ((2, 6, 0), 2)
    with pytest.raises(IllegalMoveError, match="CUP-1"):
        cups.apply_move(state, Decision.KEEP)


def test_CUP_2_each_seat_keeps_or_rerolls_once() -> None:
    state = after(Rules(), "roll 2", "roll 6")
    assert (cups.current_player(state), cups.legal_moves(state)) == (0, tuple(Decision))
    with pytest.raises(IllegalMoveError, match="CUP-2"):
        cups.apply_move(state, Roll(3))
    state = after(Rules(), "roll 2", "roll 6", "reroll")
    assert (state.phase, cups.chance_seat(state), state.dice) == (Phase.REROLL, 0, (0, 6))
    state = cups.apply_move(state, Roll(5))
    assert (state.dice, cups.current_player(state)) == ((5, 6), 1)


def test_CUP_3_the_single_highest_die_scores_and_a_tie_scores_nobody() -> None:
    state = after(Rules(), "roll 2", "roll 6", "reroll", "roll 5", "keep")
    assert (state.scores, state.last_round, state.round) == ((0, 1), (5, 6), 2)
    state = after(Rules(), "roll 4", "roll 4", "keep", "keep")
    assert (state.scores, state.last_round) == ((0, 0), (4, 4))


def test_CUP_4_the_first_seat_to_the_target_wins() -> None:
    state = after(Rules(target=1), "roll 1", "roll 3", "keep", "keep")
    assert cups.is_terminal(state)
    assert cups.outcome(state) == Outcome(1, (0, 1), Termination.TARGET_SCORE)
    with pytest.raises(IllegalMoveError, match="API-OVER"):
        cups.apply_move(state, Roll(1))


def test_a_move_of_another_seat_is_refused_before_anything_else() -> None:
    state = after(Rules(), "roll 2", "roll 6")
    assert cups.check_move(state, Decision.KEEP, seat=1).rule == "API-SEAT"  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_shared_contract_and_view_noninterference(players: int) -> None:
    rules = Rules(players=players)
    checked = check_game(
        cups.GAME,
        rules,
        games=10,
        candidates=lambda state: cups.every_move(state.rules),
        twin=cups.hidden_twin,
    )
    assert checked > 100


def test_the_shared_properties_on_the_states_the_test_kit_draws() -> None:
    """The contract in every drawn state, every move a candidate; noninterference with
    the kit's hidden twin; every drawn view the same after a round trip through JSON."""
    assert twin_of(cups.GAME) is cups.hidden_twin
    check_properties(cups.GAME, max_examples=300)


def test_the_game_does_not_import_hypothesis_until_its_kit_is_asked_for() -> None:
    script = (
        "import random, sys, seaview_cups\n"
        "from seaview_rules import GAMES, play\n"
        "play(GAMES['cups'], seaview_cups.Rules(), random.Random(0))\n"
        "assert 'hypothesis' not in sys.modules, 'imported'\n"
        "GAMES['cups'].test_kit().states()\n"
        "assert 'hypothesis' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)


@given(st.from_type(cups.State))
def test_hypothesis_draws_the_games_types_from_its_kit(state: cups.State) -> None:
    assert cups.loads(cups.dumps(state)) == state
    assert kit_of(cups.GAME).hidden_twin is cups.hidden_twin


@given(cups_kit.states(), st.randoms(use_true_random=False))
def test_the_encoding_of_a_view_is_in_bounds_and_blind_to_the_dice_it_cannot_see(
    state: cups.State, rng: random.Random
) -> None:
    encoding, rules = cups.GAME.encoding, state.rules
    assert encoding is not None
    at = {segment.name: segment.start for segment in encoding.layout(rules)}

    def observed(position: cups.State, seat: int) -> list[float]:
        out = [0.0] * encoding.size(rules)
        encoding.write(cups.view(position, seat), rules, out, at)
        return out

    for seat in range(rules.players):
        seen = observed(state, seat)
        assert all(0.0 <= x <= 1.0 for x in seen)
        assert observed(cups.hidden_twin(state, seat, rng), seat) == seen
        die = state.dice[seat]
        assert seen[at["die"] : at["die"] + 6] == [float(face == die) for face in range(1, 7)]


def test_the_encoding_refuses_a_spectators_view() -> None:
    encoding, rules = cups.GAME.encoding, Rules()
    assert encoding is not None
    with pytest.raises(ValueError, match="spectator"):
        encoding.write(cups.view(cups.new_game(rules), None), rules, [0.0] * 30, {})


def test_what_a_seat_is_told_is_the_same_whatever_the_dice_it_cannot_see() -> None:
    """Events and narration are held to the noninterference of views: until the cups
    are lifted (CUP-3), a seat is told the same whatever another seat's die shows."""
    rng = random.Random(3)
    for _ in range(20):
        record = play(cups.GAME, Rules(players=3), rng).record
        state = cups.new_game(record.rules)
        for move in record.moves:
            following = cups.apply_move(state, move)
            lifted = following.round != state.round or cups.is_terminal(following)
            for seat in (0, 1, 2):
                twin = cups.hidden_twin(state, seat, rng)
                told = cups.events(state, move, seat=seat)
                if not lifted:
                    assert cups.events(twin, move, seat=seat) == told
                    assert cups.narrate(twin, move, seat=seat) == (
                        cups.narrate(state, move, seat=seat)
                    )
                assert all(
                    event.face is None
                    for event in told
                    if isinstance(event, cups.Rolled) and event.seat != seat
                )
            state = following


def test_the_omniscient_log_shows_every_die() -> None:
    state = after(Rules(), "roll 2")
    told = cups.events(state, Roll(6), seat=OMNISCIENT)
    assert told == (cups.Rolled(1, 6),)
    assert cups.narrate(state, Roll(6), seat=0) == ("seat 1 rolled under the cup")


def test_documents_round_trip_and_tampered_ones_are_refused() -> None:
    result = play(cups.GAME, Rules(players=4), random.Random(5))
    assert cups.loads(cups.dumps(result.record)) == result.record
    seen = cups.view(result.final, 2)
    assert cups.loads(cups.dumps(seen)) == seen
    state = after(Rules(), "roll 2", "roll 6")
    document = json.loads(cups.dumps(state))
    document["data"]["dice"] = [2, 7]
    with pytest.raises(InvalidDataError, match=r"data\.dice\[1\]"):
        cups.from_dict(document)
    document = json.loads(cups.dumps(cups.view(state, None)))  # a spectator sees no die
    document["data"]["die"] = 5
    with pytest.raises(InvalidDataError, match=r"data\.die"):
        cups.from_dict(document)


def test_a_determinized_state_shows_the_seat_its_own_view() -> None:
    rng = random.Random(0)
    state = after(Rules(players=3), "roll 2", "roll 6", "roll 1", "keep")
    for seat in (0, 1, 2):
        seen = cups.view(state, seat)
        assert cups.view(cups.determinize(seen, rng), seat) == seen
