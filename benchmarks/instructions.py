"""CPU instructions per player decision, counted by valgrind's callgrind.

Unlike a time, the count is the same on every run (string hashing is seeded the same
way), however busy the machine: use it to
tell whether a change to an engine's hot path helps, when the gain is smaller than the
noise of ``bench.py``. Instructions are not time (a cache miss costs more than an
addition), so quote speed from ``bench.py``.

    python benchmarks/instructions.py [GAME ...] [--games N] [--warm-up W]

GAME is one of ours or a peer of ``peers.py`` (installed, e.g. in ``nox -s bench --
--peers``'s virtualenv); the default is our three games. Each is played twice under
callgrind, W games and then W + N games (seeded, 4 players); the difference of the two
counts divided by the decisions of the last N games is the cost of a decision, start-up
and warm-up (lazily filled tables) left out. Needs ``valgrind`` on the PATH; slow (about
fifty times slower than a plain run).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import ours
from peers import PEERS

from seaview_rules import GAMES

PLAYERS = 4


def _child(name: str, warm_up: int, games: int) -> None:
    """Play the games and print the decisions of the last ``games`` ones."""
    engine = PEERS[name](PLAYERS) if name in PEERS else ours(GAMES[name], PLAYERS)
    rng = random.Random(0)
    for _ in range(warm_up):
        engine.playout(rng)
    decisions = chance = 0
    for _ in range(games):
        d, c = engine.playout(rng)
        decisions, chance = decisions + d, chance + c
    print(decisions or chance)  # leagues: every move is a spin, count spins


def _count(name: str, warm_up: int, games: int) -> tuple[int, int]:
    """(instructions, decisions) of a run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            [
                "valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(tmp, 'out')}",
                sys.executable, __file__, "--child", name, str(warm_up), str(games),
            ],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict layouts every run
        )  # fmt: skip
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in callgrind's output:\n{run.stderr}")
    return int(found.group(1)), int(run.stdout.split()[-1])


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), metavar="GAME")
    parser.add_argument("--games", dest="count", type=int, default=100, help="games counted")
    parser.add_argument("--warm-up", type=int, default=100, help="games played first")
    args = parser.parse_args()
    for name in args.games:
        before, _ = _count(name, args.warm_up, 0)
        after, decisions = _count(name, args.warm_up, args.count)
        print(f"{name:12}{(after - before) / decisions:>10,.0f} instructions per decision "
              f"({decisions:,} decisions in {args.count} games)", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
