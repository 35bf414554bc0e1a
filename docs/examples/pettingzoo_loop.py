"""A PettingZoo loop: random legal actions in Ship's Wheel, from each agent's observation."""

from __future__ import annotations

import numpy as np

from seaview_rules.pettingzoo import env


def main(seed: int = 42) -> dict[str, float]:
    table = env("ships_wheel", render_mode="ansi")
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        returns[agent] += reward
        if termination or truncation:
            action = None  # an agent whose game ended steps out with None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(
                rng.choice(legal)
            )  # a trained policy would read observation["observation"]
        table.step(action)
    print(table.render())  # the whole table at the end, as text
    return returns


if __name__ == "__main__":
    print(main())
