"""OpenSpiel's own IS-MCTS bot against a random player in Voyage, through pyspiel."""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from seaview_rules import (
    openspiel,  # registers seaview_voyage, seaview_leagues, seaview_ships_wheel
)


def main(seed: int = 1) -> list[float]:
    game = pyspiel.load_game("seaview_voyage", {"players": 2, "target": 3})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=1.0, max_simulations=100, random_state=rng)
    bot.set_resampler(openspiel.resampler(seed))  # seeded determinizations: a repeatable search
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))  # IS-MCTS sees seat 0's information only
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    print(state.information_state_string(0).splitlines()[-3:])  # what seat 0 was told last
    return list(state.returns())


if __name__ == "__main__":
    print(main())
