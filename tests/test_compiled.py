"""The compiled playouts against the reference, bit for bit (``nox -s fast``, with the
``fast`` extra: numba).

The oracle is the loop of random play on the public API, checks included: chance from
``sample_chance``, a player's move by ``rng.choice`` of ``legal_moves``, each applied with
``apply_move``. From the states and hand-made positions each game's test kit draws,
across its rules, with random seeds and random move caps, the compiled playout gives an
equal state and leaves the generator in an equal state; whole matches from the start
do so for at least `DECISIONS` player decisions per game and run; the many-games call
gives, game by game, what the reference engine gives for the same seeds.

Every test here is marked ``fast``: the default suite (the README's test command) runs
without numba, and ``pytest -m fast`` runs these.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seaview_rules import CHANCE, GAMES, Game
from seaview_rules._compiled import Kernels, kernels
from seaview_rules._simulate import play_games
from seaview_rules.conformance import variants
from seaview_rules.testing import kit_of

pytestmark = pytest.mark.fast

COMPILED = sorted(name for name, game in GAMES.items() if game.compiled is not None)
"""The games that declare a compiled playout."""

DECISIONS = 100_000
"""The fewest player decisions of whole matches in which the volume test holds each
game's compiled playout to the reference."""


def fast(game: Game[Any, Any, Any, Any]) -> Kernels[Any, Any]:
    """The game's compiled kernels (numba imports in this session)."""
    assert game.compiled is not None
    found = kernels(game.compiled)
    assert found is not None, "numba does not import: pip install 'seaview-rules[fast]'"
    return found


def played(
    game: Game[Any, Any, Any, Any], state: Any, rng: random.Random, cap: int
) -> tuple[Any, int, int]:
    """Where random play on the public API ends after at most ``cap`` moves, and the
    player decisions and chance moves it made."""
    made = chance = 0
    for _ in range(cap):
        player = game.current_player(state)
        if player is None:
            break
        if player is CHANCE:
            move = game.sample_chance(state, rng)
            chance += 1
        else:
            move = rng.choice(game.legal_moves(state))
            made += 1
        state = game.apply_move(state, move)
    return state, made, chance


def check_same(game: Game[Any, Any, Any, Any], state: Any, seed: int, cap: int) -> int:
    """Play ``state`` both ways from ``random.Random(seed)``; the decisions made: the
    player decisions, or, where no seat chose (in 20,000 Leagues every move is a spin),
    the chance moves."""
    one, two = random.Random(seed), random.Random(seed)
    expected, made, chance = played(game, state, one, cap)
    got = fast(game).playout(state, two, cap)
    assert got == expected, f"{game} from {game.dumps(state)} with seed {seed}, cap {cap}"
    assert two.getstate() == one.getstate()
    return made or chance


@pytest.mark.parametrize("name", COMPILED)
def test_from_every_drawn_state_the_compiled_playout_is_the_reference(name: str) -> None:
    game = GAMES[name]
    kit = kit_of(game)
    drawn = [kit.states()] + ([kit.positions()] if kit.positions is not None else [])

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.one_of(*drawn), st.integers(0, 2**32), st.integers(0, 3_000))
    def same(state: Any, seed: int, cap: int) -> None:
        if game.compiled is not None and game.compiled.supports(state.rules):
            check_same(game, state, seed, cap)

    same()


@pytest.mark.parametrize("name", COMPILED)
def test_whole_matches_are_the_reference_for_a_hundred_thousand_decisions(name: str) -> None:
    game = GAMES[name]
    rules_of = variants(game)
    made = seed = 0
    while made < DECISIONS:
        rules = rules_of[seed % len(rules_of)]
        made += check_same(game, game.new_game(rules), seed, 200_000)
        seed += 1
    assert made >= DECISIONS


@pytest.mark.parametrize("name", COMPILED)
def test_the_many_games_call_gives_what_the_reference_engine_gives(name: str) -> None:
    game = GAMES[name]
    for rules in variants(game):
        for cap in (None, 150):
            indices = range(7, 47)
            compiled = play_games(game, rules, 3, indices, cap, engine="fast")
            assert compiled == play_games(game, rules, 3, indices, cap, engine="reference")


@pytest.mark.parametrize("name", COMPILED)
def test_game_playout_takes_the_compiled_path_for_a_plain_random(name: str) -> None:
    """``Game.playout`` is the compiled playout for a plain `random.Random`, and the
    reference loop for a subclass, which may draw its numbers otherwise."""
    game = GAMES[name]
    state = game.new_game(game.rules_type())

    class Counted(random.Random):
        calls = 0

        def getrandbits(self, k: int, /) -> int:
            Counted.calls += 1
            return super().getrandbits(k)

    one, two = random.Random(5), Counted(5)
    assert game.playout(state, one, max_moves=300) == game.playout(state, two, max_moves=300)
    assert Counted.calls > 0  # the reference loop drew through the subclass
    assert one.getstate() == two.getstate()


NOT_COVERED: dict[str, tuple[str, ...]] = {"leagues": (), "ships_wheel": (), "voyage": ()}
"""The `Rules` options each game's compiled playout does not cover (played by the
reference loop instead), by name."""


@pytest.mark.parametrize("name", COMPILED)
def test_the_compiled_playout_covers_every_rules_but_the_options_it_names(name: str) -> None:
    game = GAMES[name]
    assert game.compiled is not None
    defaults = game.rules_type()

    @settings(max_examples=200, deadline=None)
    @given(kit_of(game).rules())
    def covered(rules: Any) -> None:
        differs = {
            option
            for option in NOT_COVERED[name]
            if getattr(rules, option) != getattr(defaults, option)
        }
        assert game.compiled is not None
        assert game.compiled.supports(rules) == (not differs)

    covered()
