"""The OpenSpiel games pass OpenSpiel's own random simulation test, tell each player
only what its view shows, and OpenSpiel's MCTS and IS-MCTS bots play whole games on them
(nox -s rl)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from open_spiel.python.algorithms import ismcts, mcts

from seaview_rules import CHANCE, GAMES, leagues, ships_wheel, voyage
from seaview_rules.openspiel import NAMES, SeaviewGame, SeaviewState, load_game, resampler
from seaview_rules.ships_wheel import testing as sw_kit
from seaview_rules.voyage import testing as voyage_kit
from tests.helpers import examples

pytestmark = pytest.mark.rl

SMALL_SHIPS_WHEEL = ships_wheel.Rules(
    players=2,
    deck=ships_wheel.DeckSpec(
        shapes=["circle", "square", "star"],
        colours=["red", "blue", "green"],
        lighthouses=["red"],
        white_starfish=1,
        black_starfish=1,
        anchors=1,
    ),
    max_hand_size=3,
    target=3,
)
"""A Ship's Wheel small enough for tree searches in Python: one hand of three wins."""


def small_leagues() -> leagues.Rules:
    """A race on a board of 4 x 4 squares: about 15 spins. Built when a test runs, so
    that a board a changed rule refuses fails that test, not the module's import."""
    return leagues.Rules(players=2, board=leagues.Board.from_rows(["S.v.", ".*..", "v..@", "..X."]))


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("seaview_voyage", {"players": 2}),
        ("seaview_voyage", {}),
        ("seaview_voyage", {"players": 3, "reward": "score", "target": 5}),
        ("seaview_voyage", {"players": 2, "colours": 1, "numbers": 3, "hand_size": 1}),
        ("seaview_leagues", {"players": 2}),
        ("seaview_leagues", {"reward": "score"}),
        ("seaview_ships_wheel", {"players": 4, "target": 10}),
        ("seaview_ships_wheel", {"players": 2, "scoring": "hands", "target": 1}),
        ("seaview_ships_wheel", {"players": 2, "max_game_length": 40}),
    ],
)
def test_openspiel_random_sim_test_passes(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", list(NAMES))
def test_random_sim_test_passes_with_a_custom_rules_value(name: str) -> None:
    rules = {
        "voyage": voyage.Rules(players=2, colours=2, numbers=5, hand_size=3, target=4),
        "leagues": leagues.Rules(players=3, spin_off=False),
        "ships_wheel": SMALL_SHIPS_WHEEL,
    }[name]
    pyspiel.random_sim_test(load_game(name, rules), num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name", list(NAMES))
def test_the_game_type_is_honest(name: str) -> None:
    game = pyspiel.load_game(NAMES[name])
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    hidden = GAMES[name].hidden_information
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == hidden
    assert (kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == (not hidden)
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.utility_sum() == 0.0
    scored = pyspiel.load_game(NAMES[name], {"reward": "score"})
    assert scored.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (
        GAMES[name].min_players,
        GAMES[name].max_players,
    )


def test_the_action_spaces_are_every_move_apart_from_chance() -> None:
    game = pyspiel.load_game("seaview_ships_wheel")
    every = ships_wheel.every_move(ships_wheel.Rules())
    deals = [m for m in every if isinstance(m, ships_wheel.Deal)]
    assert game.max_chance_outcomes() == len(deals) == 75
    assert game.num_distinct_actions() == len(every) - len(deals) == 388
    state = game.new_initial_state()
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [
        "size 3",
        "size 4",
        "size 5",
        "size 6",
    ]
    assert pyspiel.load_game("seaview_leagues").num_distinct_actions() == 1


@pytest.mark.parametrize("name", list(NAMES))
def test_chance_outcomes_carry_the_games_exact_probabilities(name: str) -> None:
    game = load_game(name, GAMES[name].rules_type(players=2))
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            exact = GAMES[name].chance_outcomes(state.position.state)
            names = {
                state.action_to_string(pyspiel.PlayerId.CHANCE, a): p
                for a, p in state.chance_outcomes()
            }
            assert names == {str(m): float(p) for m, p in exact}
            assert sum(Fraction(p) for _, p in exact) == 1
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            moves = GAMES[name].legal_moves(state.position.state)
            if name != "leagues":
                assert sorted(
                    state.action_to_string(state.current_player(), a) for a in legal
                ) == sorted(str(m) for m in moves)
            state.apply_action(legal[rng.randrange(len(legal))])


def test_a_game_cut_off_at_max_game_length_is_terminal_and_a_draw() -> None:
    game = pyspiel.load_game("seaview_voyage", {"players": 2, "max_game_length": 12})
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
            decisions += 1
    assert decisions == 12
    assert state.returns() == [0.0, 0.0]
    assert not voyage.is_terminal(state.position.state)
    scored = pyspiel.load_game(
        "seaview_voyage", {"players": 2, "max_game_length": 400, "reward": "score"}
    )
    assert scored.max_utility() == 21 - 1 + 39
    assert scored.min_utility() == 0


def both(game: SeaviewGame, state: Any, twin: Any, seat: int) -> tuple[SeaviewState, SeaviewState]:
    return game.state_at(state), game.state_at(twin)


def assert_same_for(seat: int, first: SeaviewState, second: SeaviewState) -> None:
    assert first.information_state_string(seat) == second.information_state_string(seat)
    assert first.observation_string(seat) == second.observation_string(seat)
    assert first.information_state_tensor(seat) == second.information_state_tensor(seat)
    assert first.observation_tensor(seat) == second.observation_tensor(seat)
    assert first.current_player() == second.current_player()
    if not first.is_chance_node():  # (at a chance node, OpenSpiel gives everyone its outcomes)
        assert first.legal_actions(seat) == second.legal_actions(seat)


def check_noninterference(name: str, state: Any, twin: Any, seat: int, rng: random.Random) -> None:
    """The twins give ``seat`` the same information state, observation and legal
    actions; so does every move legal in both (chance outcomes included) as long as the
    seat's views after it are the same (a move may show the seat what differs, such as
    the cards passed to it in Ship's Wheel)."""
    game = load_game(name, state.rules)
    first, second = both(game, state, twin, seat)
    assert_same_for(seat, first, second)
    for _ in range(12):
        if first.is_terminal():
            break
        common = sorted(set(first.legal_actions()) & set(second.legal_actions()))
        if not common:
            break
        action = common[rng.randrange(len(common))]
        first.apply_action(action)
        second.apply_action(action)
        if GAMES[name].view(first.position.state, seat) != GAMES[name].view(
            second.position.state, seat
        ):
            break
        assert_same_for(seat, first, second)


HIDDEN_TWINS = {"voyage": voyage_kit, "ships_wheel": sw_kit}
"""The test kits of the games with hidden information, with their hidden twins."""


@pytest.mark.parametrize("name", sorted(HIDDEN_TWINS))
@examples(40)
@given(data=st.data())
def test_noninterference_a_player_is_told_the_same_in_states_it_cannot_tell_apart(
    name: str, data: st.DataObject
) -> None:
    kit = HIDDEN_TWINS[name]
    state = data.draw(kit.states(rules=kit.rules(small_decks=False)))
    assume(not GAMES[name].is_terminal(state))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    rng = data.draw(st.randoms(use_true_random=False))
    check_noninterference(name, state, kit.hidden_twin(state, seat, rng), seat, rng)


def test_the_information_state_tells_apart_what_the_seat_sees() -> None:
    """The noninterference tests would pass for constant strings and tensors: these
    differ once a seat is dealt a different card."""
    game = pyspiel.load_game("seaview_voyage", {"players": 2})
    first, second = game.new_initial_state(), game.new_initial_state()
    first.apply_action(0)  # R1 to seat 1
    second.apply_action(1)  # R2 to seat 1
    assert first.information_state_string(1) != second.information_state_string(1)
    assert first.observation_tensor(1) != second.observation_tensor(1)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)


@pytest.mark.parametrize("name", ["voyage", "ships_wheel"])
def test_resample_from_infostate_keeps_the_players_information(name: str) -> None:
    game = load_game(name, GAMES[name].rules_type(players=3))
    state = game.new_initial_state()
    rng = random.Random(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.current_player() == player
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        changed += other.position.state != state.position.state
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert changed > 0  # the hidden cards were dealt anew


def play_bots(game: Any, bots: list[Any], seed: int) -> Any:
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return state


@pytest.mark.parametrize("name", ["voyage", "leagues", "ships_wheel"])
def test_openspiel_mcts_plays_whole_games(name: str) -> None:
    rules: Any = (
        voyage.Rules(players=2, target=1)
        if name == "voyage"
        else small_leagues()
        if name == "leagues"
        else SMALL_SHIPS_WHEEL
    )
    game = load_game(name, rules)
    # Rollouts cut at 100 moves (a cut one counts as a draw): a leagues race is long.
    evaluator = mcts.RandomRolloutEvaluator(max_length=100, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 1.4, 12, evaluator, random_state=np.random.RandomState(s))
        for s in range(2)
    ]
    state = play_bots(game, bots, seed=1)
    assert state.is_terminal()
    assert GAMES[name].is_terminal(state.position.state)
    assert sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize(
    ("name", "rules"),
    [("voyage", voyage.Rules(players=2, target=1)), ("ships_wheel", SMALL_SHIPS_WHEEL)],
)
def test_openspiel_ismcts_plays_whole_games(name: str, rules: Any) -> None:
    game = load_game(name, rules)
    bots = []
    for seat in range(2):
        evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seat))
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            1.4,
            12,
            random_state=np.random.RandomState(seat),
            allow_inconsistent_action_sets=True,  # resampling forgets the cards under the piles
        )
        bot.set_resampler(resampler(seat))
        bots.append(bot)
    state = play_bots(game, bots, seed=2)
    assert state.is_terminal()
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_ismcts_refuses_leagues_which_has_perfect_information() -> None:
    game = pyspiel.load_game("seaview_leagues", {"players": 2})
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(), 1.4, 4)
    state = game.new_initial_state()
    with pytest.raises(AssertionError):
        bot.run_search(state)


def test_state_at_refuses_another_games_state_or_rules() -> None:
    game = pyspiel.load_game("seaview_voyage", {"players": 2})
    with pytest.raises(TypeError, match="not a voyage state"):
        game.state_at(leagues.new_game())
    with pytest.raises(ValueError, match="rules"):
        game.state_at(voyage.new_game(voyage.Rules(players=3)))
    assert game.state_at(voyage.new_game(voyage.Rules(players=2))).is_chance_node()
    assert CHANCE is voyage.current_player(voyage.new_game())


def test_every_game_with_an_encoding_is_registered_under_its_own_name() -> None:
    encoded = {name for name, game in GAMES.items() if game.encoding is not None}
    assert {name: f"seaview_{name}" for name in encoded} == NAMES
    assert set(NAMES.values()) <= set(pyspiel.registered_names())
    for name in encoded:
        assert pyspiel.load_game(NAMES[name]).agents.game is GAMES[name]


@pytest.mark.parametrize("name", list(NAMES))
def test_a_game_without_an_encoding_is_refused_naming_it(name: str) -> None:
    bare = attrs.evolve(GAMES[name], encoding=None)
    with pytest.raises(ValueError, match=rf"the game '{name}' has no encoding") as refused:
        load_game(bare)
    assert "encoding=" in str(refused.value)
    with pytest.raises(ValueError, match=rf"the game '{name}' has no encoding"):
        SeaviewGame(bare, {})
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        load_game("chess")


@pytest.mark.parametrize("name", list(NAMES))
def test_a_game_given_as_its_entry_is_the_game_of_its_name(name: str) -> None:
    by_entry, by_name = load_game(GAMES[name]), pyspiel.load_game(NAMES[name])
    assert str(by_entry) == str(by_name)
    first, second = by_entry.new_initial_state(), by_name.new_initial_state()
    rng = random.Random(4)
    for _ in range(30):
        if first.is_terminal():
            break
        if first.is_chance_node():
            assert first.chance_outcomes() == second.chance_outcomes()
            action = first.chance_outcomes()[0][0]
        else:
            seat = first.current_player()
            assert first.observation_tensor(seat) == second.observation_tensor(seat)
            action = rng.choice(first.legal_actions())
        first.apply_action(action)
        second.apply_action(action)


def test_resampling_draws_with_the_games_own_determinize() -> None:
    """`resample_from_infostate` asks the game's entry (`Game.determinize`), whatever
    the game."""
    drawn = []

    def determinize(view: Any, rng: random.Random) -> Any:
        drawn.append(view.seat)
        return voyage.determinize(view, rng)

    game = load_game(
        attrs.evolve(GAMES["voyage"], determinize=determinize), voyage.Rules(players=2)
    )
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    other = resampler(1)(state, player)
    assert drawn == [player]
    assert other.information_state_string(player) == state.information_state_string(player)
