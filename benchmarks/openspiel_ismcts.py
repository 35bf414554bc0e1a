"""OpenSpiel's IS-MCTS against our `seaview_rules.bots.ISMCTSBot`, head to head on our
games through `seaview_rules.openspiel` (run with ``nox -s rl_bench``; not a test).

Two seats, one bot each, the seats swapped every game; a game is one Voyage round
(target 1) or one Ship's Wheel hand won (hand scoring, target 1, hands of 3 or 4 so that
OpenSpiel's rollouts, which play to the end, stay short; ties are redealt). Both bots
search the same number of iterations a decision (``--iterations``) and see only their
seat's information: ours its view, OpenSpiel's its information state, resampled with
each game's ``determinize``. OpenSpiel's bot rolls out at random to the end of the game
with ``uct_c`` 1.4 on returns in [-1, 1], the same exploration as our 0.7 on wins in
[0, 1], and ``allow_inconsistent_action_sets`` (a resampled Ship's Wheel state does not
remember the cards under the pile tops, so a node's legal takes can differ); ours plays out the round (Voyage) or 40 moves (Ship's Wheel) with the game's
``playout``.

Reported: our bot's share of the games won, with its 95 % Wilson interval, and each
bot's processor time per decision over the decisions with more than one legal action.

    python benchmarks/openspiel_ismcts.py [--games N] [--iterations I] [--only voyage]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from seaview_rules import ships_wheel, voyage
from seaview_rules.bots import ISMCTSBot, wilson_interval
from seaview_rules.openspiel import load_game, resampler

RULES: dict[str, Any] = {
    "voyage": voyage.Rules(players=2, target=1),
    "ships_wheel": ships_wheel.Rules(
        players=2, scoring=ships_wheel.Scoring.HANDS, target=1, max_hand_size=4
    ),
}

_clock = time.process_time


def play(name: str, iterations: int, index: int) -> tuple[int | None, list[float], list[float]]:
    """Game ``index``: our bot at seat ``index % 2``. The winning seat (``None`` if none)
    and the times of our bot's and OpenSpiel's decisions that had a choice."""
    game = load_game(name, RULES[name])
    agents = game.agents
    ours_at = index % 2
    ours = ISMCTSBot(seed=index, iterations=iterations)
    generator = np.random.RandomState(index)
    theirs = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(random_state=generator),
        1.4,
        iterations,
        random_state=generator,
        allow_inconsistent_action_sets=True,  # see "Training agents": resampling forgets
    )
    theirs.set_resampler(resampler(index))
    ids = {move: i for i, move in enumerate(agents.actions)}
    chance = random.Random(f"chance/{index}")
    state = game.new_initial_state()
    our_times: list[float] = []
    their_times: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state.apply_action(chance.choices([a for a, _ in outcomes], weights)[0])
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        start = _clock()
        if seat == ours_at:
            view = agents.view(state.position, seat)
            action = ids[ours.choose(view, view.legal_moves, chance)]
            spent = our_times
        else:
            action = int(theirs.step(state))
            spent = their_times
        if len(legal) > 1:
            spent.append(_clock() - start)
        state.apply_action(action)
    returns = state.returns()
    winner = None if max(returns) <= 0 else returns.index(max(returns))
    return winner, our_times, their_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--only", choices=sorted(RULES), default=None)
    args = parser.parse_args()
    print(
        f"CPython {platform.python_version()}, {platform.machine()}; {args.iterations} iterations a decision"
    )
    for name in [args.only] if args.only else list(RULES):
        won = lost = drawn = 0
        ours: list[float] = []
        theirs: list[float] = []
        for index in range(args.games):
            winner, our_times, their_times = play(name, args.iterations, index)
            ours += our_times
            theirs += their_times
            if winner is None:
                drawn += 1
            elif winner == index % 2:
                won += 1
            else:
                lost += 1
        low, high = wilson_interval(won, args.games)
        print(
            f"{name}: our ISMCTSBot won {won} of {args.games} ({100 * won / args.games:.1f} %, "
            f"95 % interval {100 * low:.1f}-{100 * high:.1f} %), OpenSpiel's IS-MCTS {lost}, "
            f"no winner {drawn}"
        )
        print(
            f"  processor time per decision: ours {1000 * sum(ours) / max(1, len(ours)):.1f} ms "
            f"({len(ours)} decisions), OpenSpiel's {1000 * sum(theirs) / max(1, len(theirs)):.1f} ms "
            f"({len(theirs)} decisions)",
            flush=True,
        )


if __name__ == "__main__":
    main()
