"""Properties of 20,000 Leagues over random valid boards and spinners, checked on
states reached by legal play (never on hand-assembled ones)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from seaview_rules import InvalidDataError, play, replay
from seaview_rules.leagues import (
    GAME,
    Rules,
    Spin,
    State,
    View,
    apply_move,
    dumps,
    is_terminal,
    legal_moves,
    loads,
    new_game,
    parse_move,
    render,
    sample_chance,
    view,
)
from seaview_rules.leagues._checks import check_state, check_view
from seaview_rules.leagues.testing import check_spin, rules, states, views
from seaview_rules.testing import check_game
from tests.helpers import examples

if TYPE_CHECKING:
    import random


def check_json(state: State) -> None:
    assert loads(dumps(state)) == state
    for seat in (None, *range(state.rules.players)):
        seen = view(state, seat)
        assert loads(dumps(seen)) == seen


def playout(game: Rules, rng: random.Random, spins: int) -> list[State]:
    states = [new_game(game)]
    for _ in range(spins):
        state = states[-1]
        if is_terminal(state):
            break
        move = sample_chance(state, rng)
        assert move in legal_moves(state)
        after = apply_move(state, move)
        check_spin(state, move, after)
        states.append(after)
    return states


@pytest.mark.rule(
    "LEA-3", "LEA-4", "LEA-5", "LEA-6", "LEA-7", "LEA-9", "LEA-11", "LEA-R2", "LEA-R6"
)
@examples(60)
@given(rules(), st.randoms(use_true_random=False))
def test_every_spin_of_random_play_keeps_the_invariants(game: Rules, rng: random.Random) -> None:
    states = playout(game, rng, 400)
    for state in states[:: max(1, len(states) // 5)]:
        check_json(state)
    assert isinstance(render(states[-1]), str)


@pytest.mark.rule("LEA-R1")
@examples(40)
@given(states(max_moves=200), views(states=states(max_moves=200)))
def test_every_reachable_state_and_view_passes_the_checks(state: State, seen: View) -> None:
    check_state(state)
    check_view(seen)


@pytest.mark.rule("LEA-1", "LEA-R1")
@examples(25)
@given(rules(players=st.just(2)), st.randoms(use_true_random=False))
def test_random_games_end_with_a_winner_on_the_red_arrow(game: Rules, rng: random.Random) -> None:
    state = playout(game, rng, 20_000)[-1]
    assert is_terminal(state)
    assert state.positions[state.player] == game.board.red_arrow


@pytest.mark.rule("LEA-R2")
@examples(20)
@given(rules(), st.randoms(use_true_random=False))
def test_games_replay_exactly_and_records_round_trip(game: Rules, rng: random.Random) -> None:
    result = play(GAME, game, rng, max_moves=300)
    assert replay(GAME, result.record) == result.final
    assert loads(dumps(result.record)) == result.record


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 25)
    | st.text(max_size=4)
    | st.sampled_from(["3R", "spin", "over"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@pytest.mark.rule("LEA-R1")
@examples(150)
@given(
    rules(max_rows=4, max_columns=5),
    st.randoms(use_true_random=False),
    st.integers(0, 60),
    st.sampled_from(["state", "view", "record"]),
    st.data(),
)
def test_tampered_documents_load_or_raise_invalid_data_error_only(
    game: Rules, rng: random.Random, spins: int, kind: str, data: st.DataObject
) -> None:
    states = playout(game, rng, spins)
    if kind == "state":
        text = dumps(states[-1])
    elif kind == "view":
        text = dumps(view(states[-1], data.draw(st.sampled_from([None, 0, 1]))))
    else:
        text = dumps(play(GAME, game, rng, max_moves=spins).record)
    document = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(_JSON)
    try:
        loaded = loads(json.dumps(document))
    except InvalidDataError:
        return
    assert loads(dumps(loaded)) == loaded  # whatever loads is a consistent value


@pytest.mark.rule("LEA-2", "LEA-R3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_default_game_meets_the_api_contract(players: int) -> None:
    candidates = [parse_move("7R"), parse_move("1R"), parse_move("6L")]
    assert (
        check_game(
            GAME, Rules(players=players), games=1, seed=players, candidates=lambda s: candidates
        )
        > 0
    )


@pytest.mark.rule("LEA-R6", "LEA-R3")
@examples(8)
@given(rules(max_rows=5, max_columns=6), st.integers(0, 1000))
def test_random_rules_and_options_meet_the_api_contract(game: Rules, seed: int) -> None:
    candidates = [parse_move("9L"), parse_move("99R")]
    assert (
        check_game(GAME, game, games=1, seed=seed, max_moves=300, candidates=lambda s: candidates)
        > 0
    )


class LeaguesMachine(RuleBasedStateMachine):
    """Spin by spin on a random board; every spin keeps the invariants."""

    state: State

    @initialize(game=rules(max_rows=5, max_columns=6))
    def start(self, game: Rules) -> None:
        self.state = new_game(game)
        self.moves: list[Spin] = []

    @precondition(lambda self: not is_terminal(self.state))
    @rule(data=st.data())
    def spin(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(legal_moves(self.state)))
        before = self.state
        text = dumps(before)
        self.state = apply_move(before, move)
        assert dumps(before) == text  # apply_move never changes its input
        check_spin(before, move, self.state)
        self.moves.append(move)

    @precondition(lambda self: is_terminal(self.state))
    @rule()
    def restart(self) -> None:
        assert legal_moves(self.state) == ()
        self.state = new_game(self.state.rules)
        self.moves = []

    @invariant()
    def replays_and_round_trips(self) -> None:
        state = self.state
        again = new_game(state.rules)
        for move in self.moves:
            again = apply_move(again, move)
        assert again == state
        assert loads(dumps(state)) == state


# A random board is rejected when no diver could win on it, which can be most of the
# first few draws of a run: that filtering is the strategy's, not a fault of the test.
LeaguesMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=40,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
test_leagues_machine = pytest.mark.rule("LEA-8", "LEA-10", "LEA-12", "LEA-R7")(
    LeaguesMachine.TestCase
)
