"""`simulate` on a local Dask cluster gives the serial report (run with ``nox -s dask``).

Starts a `distributed.LocalCluster` of two worker processes, one thread each, listening
on the loopback interface only and without a dashboard, hands ``simulate`` the
client's `concurrent.futures.Executor`, and checks that the report equals the one
played without an executor. Exits non-zero if it does not. Not part of CI: it needs
``distributed``, which seaview_rules does not depend on.
"""

from __future__ import annotations

import argparse
import sys
import time

from distributed import Client, LocalCluster  # type: ignore[import-not-found]

from seaview_rules import GAMES, simulate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="voyage", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = GAMES[args.game]
    rules = game.with_players(game.rules_type(), args.players)
    start = time.perf_counter()
    serial = simulate(game, rules, args.games, seed=args.seed)
    serial_seconds = time.perf_counter() - start

    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        client.run(lambda: None)  # workers up before the clock starts
        start = time.perf_counter()
        distributed = simulate(
            game, rules, args.games, seed=args.seed, executor=client.get_executor()
        )
        dask_seconds = time.perf_counter() - start

    same = distributed == serial
    print(
        f"{args.game}, {args.games} games, seed {args.seed}: serial {serial_seconds:.2f} s, "
        f"Dask LocalCluster (2 processes) {dask_seconds:.2f} s, "
        f"speed-up {serial_seconds / dask_seconds:.2f}; reports equal: {same}"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
