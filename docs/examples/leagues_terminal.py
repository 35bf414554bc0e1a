"""A complete terminal frontend for 20,000 Leagues: press Enter to spin for your diver.

Run it with ``python leagues_terminal.py``. Every move of this game is a spin, so the
frontend's work is to show the board and say what each spin did.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from seaview_rules import leagues


def main(
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    players: int = 2,
    seed: int | None = None,
) -> leagues.State:
    rng = random.Random(seed)
    state = leagues.new_game(leagues.Rules(players=players))
    write(leagues.render(state))
    while not leagues.is_terminal(state):
        if state.player == 0:  # your diver: you start each of your spins
            read("your spin: press Enter ")
        before, state = state, leagues.apply_move(state, leagues.sample_chance(state, rng))
        write(leagues.describe(state, before))
        if state.player == 0 or leagues.is_terminal(state):
            write(leagues.render(state))
    outcome = leagues.outcome(state)
    assert outcome is not None
    write(f"seat {outcome.winner} reaches the treasure chest")
    return state


if __name__ == "__main__":
    main()
