"""Environment steps per second of our PettingZoo environments beside PettingZoo's own
classic card games, gin_rummy_v4 and leduc_holdem_v4 (run with ``nox -s rl_bench``; not a
test: this machine is shared and noisy).

Every environment is driven by the same loop, PettingZoo's own idiom: ``agent_iter``,
``last()``, a random legal action drawn with ``action_space(agent).sample(mask)`` (or
``None`` for an agent whose game ended), ``step``. A step is one call of ``step``, the
dead steps at the end of a game included; whole games are played, seeded 0, 1, 2, ...
Each environment is measured ``--repeats`` times for ``--seconds`` each, the
environments taking turns, and the median is reported with its ratio to gin_rummy_v4.
Our environments are made by `seaview_rules.pettingzoo.env`, with PettingZoo's wrappers
as its classic games have them.

    python benchmarks/rl_speed.py [--seconds S] [--repeats R]

gin_rummy_v4 and leduc_holdem_v4 need RLCard, and gin_rummy_v4 a PettingZoo older than
1.27 (which dropped it): ``nox -s rl_bench`` installs ``pettingzoo[classic]==1.26.1``. A
peer that cannot be imported is reported with the error, and the others are measured.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from seaview_rules import ships_wheel, voyage
from seaview_rules.pettingzoo import env


def _ours() -> dict[str, Callable[[], Any]]:
    return {
        "seaview voyage, 4 players": lambda: env("voyage"),
        "seaview voyage, 2 players": lambda: env("voyage", rules=voyage.Rules(players=2)),
        "seaview ships_wheel, 4 players": lambda: env("ships_wheel"),
        "seaview ships_wheel, 2 players": lambda: env(
            "ships_wheel", rules=ships_wheel.Rules(players=2)
        ),
    }


def _peers() -> tuple[dict[str, Callable[[], Any]], list[str]]:
    peers: dict[str, Callable[[], Any]] = {}
    missing = []
    for name in ("gin_rummy_v4", "leduc_holdem_v4"):
        try:
            module = __import__(f"pettingzoo.classic.{name}", fromlist=["env"])
        except Exception as exc:  # a peer that does not install or import here
            missing.append(f"{name}: {type(exc).__name__}: {exc}")
        else:
            peers[f"PettingZoo {name}"] = module.env
    return peers, missing


def steps_per_second(make: Callable[[], Any], seconds: float, first_seed: int) -> tuple[float, int]:
    """Steps per second of whole random games, played until ``seconds`` have passed;
    and the seed to start from next time."""
    table = make()
    steps = 0
    seed = first_seed
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=seed)
        seed += 1
        for agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                action = None
            else:
                action = table.action_space(agent).sample(observation["action_mask"])
            table.step(action)
            steps += 1
    return steps / (time.perf_counter() - start), seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    peers, missing = _peers()
    environments = {**_ours(), **peers}
    import pettingzoo  # the version measured

    print(
        f"CPython {platform.python_version()}, PettingZoo {pettingzoo.__version__}, {platform.machine()}"
    )
    for problem in missing:
        print(f"not measured: {problem}")
    rates: dict[str, list[float]] = {name: [] for name in environments}
    seeds = dict.fromkeys(environments, 0)
    for _ in range(args.repeats):
        for name, make in environments.items():
            rate, seeds[name] = steps_per_second(make, args.seconds, seeds[name])
            rates[name].append(rate)
    baseline = "PettingZoo gin_rummy_v4"
    base = statistics.median(rates[baseline]) if baseline in rates else None
    print(f"{'environment':34}{'steps/s (median)':>18}{'min':>9}{'max':>9}{'x gin_rummy_v4':>16}")
    for name, values in rates.items():
        median = statistics.median(values)
        ratio = f"{median / base:.2f}" if base else "-"
        print(f"{name:34}{median:>18,.0f}{min(values):>9,.0f}{max(values):>9,.0f}{ratio:>16}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
