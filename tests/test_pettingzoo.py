"""The PettingZoo environments pass PettingZoo's own checks, observe only their seat's
view, end and reward as the page "Training agents" says (nox -s rl)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pytest
from gymnasium.spaces import Discrete
from hypothesis import assume, given
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from seaview_rules import CHANCE, GAMES, IllegalMoveError, ships_wheel, voyage
from seaview_rules.pettingzoo import SeaviewEnv, env, raw_env
from seaview_rules.ships_wheel import testing as sw_kit
from seaview_rules.voyage import testing as voyage_kit

pytestmark = pytest.mark.rl

CONFIGURATIONS = [
    ("voyage", {"players": 2}),
    ("voyage", {}),
    ("voyage", {"players": 6, "target": 5}),
    ("ships_wheel", {"players": 2, "target": 10}),
    ("ships_wheel", {}),
    ("leagues", {"players": 2}),
    ("leagues", {}),
]
"""Every game, with two seats and with its default seats (and Voyage with six)."""

DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""What ``api_test`` says of every environment whose observation is a dict of
``observation`` and ``action_mask``, as its classic games' are, unless its name is on
PettingZoo's own list of such environments. Anything else it warns of fails the test."""


def make(name: str, options: dict[str, Any], **kwargs: Any) -> Any:
    return env(name, rules=GAMES[name].rules_type(**options), **kwargs)


def checked(check: Callable[[], None]) -> None:
    """Run a PettingZoo check; fail on any warning it gives but those of a dict
    observation."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    said = {str(w.message) for w in caught}
    assert said <= DICT_OBSERVATION_WARNINGS, said - DICT_OBSERVATION_WARNINGS


def play(table: Any, seed: int, choose: Callable[[Any, Any], int] | None = None) -> int:
    """Play a whole game (random legal actions by default); the steps taken."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    steps = 0
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            action = None
        elif choose is not None:
            action = choose(table, agent)
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        table.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_pettingzoo_api_test_passes(name: str, options: dict[str, Any]) -> None:
    checked(lambda: api_test(make(name, options), num_cycles=400))


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_pettingzoo_seed_test_passes(name: str, options: dict[str, Any]) -> None:
    checked(lambda: seed_test(lambda: make(name, options), num_cycles=300))


@pytest.mark.parametrize("name", ["voyage", "ships_wheel", "leagues"])
def test_api_test_passes_on_games_cut_off_by_max_game_length(name: str) -> None:
    checked(lambda: api_test(env(name, max_game_length=9), num_cycles=50))


@pytest.mark.parametrize("name", ["voyage", "ships_wheel", "leagues"])
@pytest.mark.parametrize("reward", ["win", "score"])
def test_a_game_cut_off_is_truncated_for_every_agent_and_scores_as_documented(
    name: str, reward: str
) -> None:
    table = raw_env(name, max_game_length=25, reward=reward)  # type: ignore[arg-type]
    table.reset(seed=3)
    for _ in range(25):
        observation = table.observe(table.agent_selection)
        assert not any(table.truncations.values())
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert all(table.truncations.values())
    assert not any(table.terminations.values())
    state = table.state_of_game()
    expected = [0.0] * len(table.possible_agents)
    if reward == "score" and name != "leagues":
        expected = [float(s) for s in state.scores]
    assert [table.rewards[a] for a in table.possible_agents] == expected
    assert list(table.returns().values()) == expected


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS[:1] + CONFIGURATIONS[5:6])
def test_the_winner_gets_1_and_the_others_share_minus_1(name: str, options: dict[str, Any]) -> None:
    table = make(name, options)
    play(table, seed=11)
    outcome = GAMES[name].outcome(table.unwrapped.state_of_game())
    assert outcome is not None
    n = len(table.possible_agents)
    returns = table.unwrapped.returns()
    assert returns == {
        f"player_{s}": 1.0 if s == outcome.winner else -1 / (n - 1) for s in range(n)
    }
    assert sum(returns.values()) == pytest.approx(0)


def test_with_reward_score_every_agent_gets_its_final_total() -> None:
    table = env("voyage", rules=voyage.Rules(players=3, target=5), reward="score")
    rewards = dict.fromkeys(table.possible_agents, 0.0)
    table.reset(seed=5)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        rewards[agent] += reward
        table.step(None if termination or truncation else int(observation["action_mask"].argmax()))
    state = table.unwrapped.state_of_game()
    assert voyage.is_terminal(state)
    assert rewards == {f"player_{s}": float(score) for s, score in enumerate(state.scores)}


@pytest.mark.parametrize(
    ("name", "options"),
    [("voyage", {"players": 2}), ("ships_wheel", {"players": 4, "target": 8})],
)
def test_every_observation_is_in_bounds_and_its_mask_is_the_views_legal_moves(
    name: str, options: dict[str, Any]
) -> None:
    table = raw_env(name, rules=GAMES[name].rules_type(**options))
    space = table.observation_space("player_0")

    ids = {move: i for i, move in enumerate(table.game.actions)}
    decisions = []

    def choose(table: Any, agent: str) -> int:
        decisions.append(agent)
        for other in table.possible_agents:
            observation = table.observe(other)
            assert space.contains(observation)
            mask = observation["action_mask"]
            if other == agent:
                legal = table.view(other).legal_moves
                assert list(np.flatnonzero(mask)) == sorted(ids[move] for move in legal)
                assert mask.any()
            else:
                # A sequential driver: only the selected agent acts, even while other
                # seats' views offer their own Anchor-pass choices (SW-R7).
                assert not mask.any()
        return int(pick.choice(list(np.flatnonzero(table.observe(agent)["action_mask"]))))

    pick = random.Random(2)
    play(table, seed=2, choose=choose)
    assert len(decisions) > 20


def test_leagues_agents_have_one_action_spin_and_chance_resolves_the_spinner() -> None:
    table = raw_env("leagues")
    table.reset(seed=1)
    assert table.action_space("player_0") == Discrete(1)
    assert [str(m) for m in table.actions] == ["spin"]
    spinner = GAMES["leagues"].chance_seat(table.state_of_game())
    assert table.agent_selection == f"player_{spinner}"
    before = table.state_of_game()
    table.step(0)
    assert table.state_of_game().spins + table.state_of_game().order_spins == (
        before.spins + before.order_spins + 1
    )


def test_chance_is_drawn_from_the_seed() -> None:
    first, second = raw_env("ships_wheel"), raw_env("ships_wheel")
    first.reset(seed=0)
    size = int(first.observe("player_0")["action_mask"].argmax())  # the dealer's first size
    first.reset(seed=9)
    second.reset(seed=9)
    first.step(size)
    second.step(size)
    assert first.state_of_game() == second.state_of_game()
    second.reset(seed=10)
    second.step(size)
    assert first.state_of_game() != second.state_of_game()


def test_an_illegal_action_ends_the_wrapped_game_and_is_refused_by_the_raw_one() -> None:
    wrapped = env("voyage", rules=voyage.Rules(players=2))
    wrapped.reset(seed=4)
    mask = wrapped.observe(wrapped.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    offender = wrapped.agent_selection
    with warnings.catch_warnings(record=True):  # PettingZoo warns of the illegal move
        warnings.simplefilter("always")
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[offender] == -1
    raw = raw_env("voyage", rules=voyage.Rules(players=2))
    raw.reset(seed=4)
    before = raw.state_of_game()
    with pytest.raises(IllegalMoveError):
        raw.step(illegal)
    assert raw.state_of_game() is before


@pytest.mark.parametrize(("mode", "start"), [("ansi", "round 1"), ("svg", "<?xml")])
def test_render_draws_the_whole_table_as_text_or_svg(mode: str, start: str) -> None:
    table = raw_env("voyage", render_mode=mode)
    table.reset(seed=1)
    picture = table.render()
    assert isinstance(picture, str)
    assert picture.startswith(start)
    assert picture == (
        voyage.render(table.state_of_game())
        if mode == "ansi"
        else __import__("seaview_rules.svg").svg.render(table.state_of_game())
    )


def test_human_render_prints_the_text_at_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    table = raw_env("voyage", render_mode="human")
    table.reset(seed=1)
    table.step(int(table.observe(table.agent_selection)["action_mask"].argmax()))
    assert capsys.readouterr().out == voyage.render(table.state_of_game()) + "\n"


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        env("voyage", render_mode="rgb_array")
    with pytest.raises(ValueError, match="reward"):
        env("voyage", reward="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_game_length"):
        env("voyage", max_game_length=0)
    with pytest.raises(ValueError, match="unknown game"):
        env("chess")
    with pytest.raises(TypeError, match="Rules"):
        env("voyage", rules=ships_wheel.Rules())
    table = raw_env("voyage")
    with pytest.raises(TypeError, match="not a voyage state"):
        table.reset(options={"state": ships_wheel.new_game()})


def agents_view(table: SeaviewEnv, state: Any, seat: int) -> dict[str, Any]:
    table.reset(seed=0, options={"state": state})
    return table.observe(f"player_{seat}")


def decision(game: str, state: Any, rng: random.Random) -> Any:
    """The first state from ``state`` where a seat decides (chance drawn from ``rng``):
    an environment resolves chance before anyone observes."""
    rules = GAMES[game]
    while rules.current_player(state) is CHANCE:
        state = rules.apply_move(state, rules.sample_chance(state, rng))
    return state


HIDDEN_TWINS = {"voyage": voyage_kit, "ships_wheel": sw_kit}
"""The test kits of the games with hidden information, with their hidden twins."""


@pytest.mark.parametrize("game", sorted(HIDDEN_TWINS))
@given(data=st.data())
def test_noninterference_a_seat_observes_the_same_in_states_it_cannot_tell_apart(
    game: str, data: st.DataObject
) -> None:
    kit = HIDDEN_TWINS[game]
    rng = data.draw(st.randoms(use_true_random=False))
    state = decision(game, data.draw(kit.states(rules=kit.rules(small_decks=False))), rng)
    assume(not GAMES[game].is_terminal(state))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    twin = kit.hidden_twin(state, seat, rng)
    table = raw_env(game, rules=state.rules)
    seen, seen_twin = agents_view(table, state, seat), agents_view(table, twin, seat)
    assert np.array_equal(seen["observation"], seen_twin["observation"])
    assert np.array_equal(seen["action_mask"], seen_twin["action_mask"])


def test_an_observation_changes_with_what_the_seat_sees() -> None:
    """The noninterference tests above would pass for a constant observation: this one
    fails for it."""
    table = raw_env("voyage", rules=voyage.Rules(players=2))
    table.reset(seed=1)
    first = table.observe(table.agent_selection)["observation"]
    table.step(int(table.observe(table.agent_selection)["action_mask"].argmax()))
    assert not np.array_equal(first, table.observe(table.agent_selection)["observation"])


@pytest.mark.rule("API-MOVE", "API-OVER")
def test_the_raw_environment_refuses_an_id_outside_the_space_and_any_action_after_the_end() -> None:
    table = raw_env("voyage", rules=voyage.Rules(players=2), max_game_length=3)
    table.reset(seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        table.step(42)
    assert refused.value.rule == "API-MOVE"
    game = table.game  # what the environment plays: positions and action ids
    position = game.new_position()
    for _ in range(3):
        while game.to_move(position) is CHANCE:
            position = game.apply_outcome(position, game.chance_outcomes(position)[0][0])
        position = game.apply_action(position, game.legal_actions(position)[0])
    assert game.is_truncated(position)
    with pytest.raises(IllegalMoveError) as over:
        game.apply_action(position, 0)
    assert over.value.rule == "API-OVER"
    assert "cut off" in over.value.reason


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_without_an_encoding_is_refused_naming_it(name: str) -> None:
    bare = attrs.evolve(GAMES[name], encoding=None)
    for make_env in (env, raw_env):
        with pytest.raises(ValueError, match=rf"the game '{name}' has no encoding") as refused:
            make_env(bare)
        assert "encoding=" in str(refused.value)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS[:1] + CONFIGURATIONS[3:4])
def test_a_game_given_as_its_entry_is_the_game_of_its_name(
    name: str, options: dict[str, Any]
) -> None:
    rules = GAMES[name].rules_type(**options)
    by_entry, by_name = raw_env(GAMES[name], rules=rules), raw_env(name, rules=rules)
    assert by_entry.metadata == by_name.metadata
    by_entry.reset(seed=3)
    by_name.reset(seed=3)
    for _ in range(40):
        agent = by_entry.agent_selection
        assert agent == by_name.agent_selection
        seen, seen_too = by_entry.observe(agent), by_name.observe(agent)
        assert np.array_equal(seen["observation"], seen_too["observation"])
        assert np.array_equal(seen["action_mask"], seen_too["action_mask"])
        if by_entry.terminations[agent] or by_entry.truncations[agent]:
            break
        action = int(np.flatnonzero(seen["action_mask"])[-1])
        by_entry.step(action)
        by_name.step(action)


@pytest.mark.parametrize("name", [name for name, game in GAMES.items() if game.encoding])
def test_the_encoding_writes_into_a_plain_list_what_the_environment_observes(name: str) -> None:
    """A game's `Encoding` needs no numpy: written into a list of floats, a view gives
    the numbers of the environment's observation, each in [0, 1]."""
    table = raw_env(name, rules=GAMES[name].rules_type(players=3))
    table.reset(seed=6)
    encoding, rules = table.game.encoding, table.game.rules
    at = {segment.name: segment.start for segment in encoding.layout(rules)}
    for _ in range(30):
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            break
        for other in table.possible_agents:
            numbers = [0.0] * encoding.size(rules)
            encoding.write(table.view(other), rules, numbers, at)
            observation = table.observe(other)["observation"]
            assert np.array_equal(np.array(numbers, np.float32), observation)
            assert all(0 <= x <= 1 for x in numbers)
        table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
