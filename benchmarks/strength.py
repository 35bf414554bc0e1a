"""How often the bots win against random ones (run with ``nox -s strength``; not a test).

Four seats: the bot measured and three `RandomBot`. Voyage is played a round at a time
and Ship's Wheel a hand at a time: the default rules but a target of one point (one
hand won, for Ship's Wheel, ties redealt), so that each round or hand is a trial of its
own; `seaview_rules.bots.match` seats the bot at every seat in turn. Four random bots
win a quarter of the rounds each, and of the hands less, since some hands are tied:
the random bot is measured alike, as the baseline. ``--matches N`` also plays N whole
matches of the default rules with the bot and three random ones. ``--seeing`` also
measures the search bot handed the whole state instead of a view (every hand and the
deck in sight; what is left to chance stays hidden): not a bot, since it breaks the
rule that a bot sees only its view, but a bound on what better guesses of the hidden
cards could win.

    python benchmarks/strength.py [--rounds N] [--matches M] [--iterations I] [--jobs J]
                                  [--bots ismcts,heuristic,random] [--games voyage,ships_wheel]

The time per decision is the processor time spent in the bot's ``choose``, over all its
decisions and over those with more than one legal move; the load of a shared machine
changes it less than the time on the clock, but still (caches are shared).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
from bench import _source

from seaview_rules import CHANCE, GAMES, RandomBot, ships_wheel, voyage
from seaview_rules.bots import ISMCTSBot, Seat, match, wilson_interval

ONE_ROUND: dict[str, Any] = {
    "voyage": voyage.Rules(target=1),
    "ships_wheel": ships_wheel.Rules(scoring=ships_wheel.Scoring.HANDS, target=1),
}
"""Four-player rules under which a match is one round (Voyage) or one won hand."""


def row(label: str, seat: Seat, tied: int, seconds: float) -> str:
    """The figures of the entry ``seat``: rounds (or hands) won, of all and of those
    won by anyone, with 95 % intervals; games won; time per decision."""
    low, high = seat.round_interval()
    decided = seat.rounds - tied
    d_low, d_high = wilson_interval(seat.rounds_won, decided)
    chose = seat.decisions - seat.forced
    per_choice = seat.seconds / chose if chose else 0.0
    return (
        f"{label:22}{seat.rounds_won:>6}/{seat.rounds:<6}{100 * seat.rounds_won / seat.rounds:>6.1f} % "
        f"[{100 * low:4.1f}, {100 * high:4.1f}]"
        f"{100 * seat.rounds_won / max(1, decided):>8.1f} % [{100 * d_low:4.1f}, {100 * d_high:4.1f}]"
        f"{seat.wins:>7}/{seat.games:<5}"
        f"{seat.seconds / max(1, seat.decisions):>9.4f}{per_choice:>9.4f}"
        f"{100 * seat.forced / max(1, seat.decisions):>7.0f} %{seconds:>8.0f}"
    )  # fmt: skip


class Seeing(ISMCTSBot):
    """The search bot, given the state it is in: each iteration plays on from that
    state instead of a determinization of its view."""

    state: Any = None

    def _iterate(self, search: Any, view: Any, root: Any) -> None:
        super()._iterate(attrs.evolve(search, determinize=lambda v, r: self.state), view, root)


def seeing_rounds(name: str, index: int, iterations: int | None) -> tuple[int, int]:
    """(rounds won, rounds) of one one-round match of ``Seeing`` at seat 0 against three
    random bots; the first dealer turns with ``index``."""
    game = GAMES[name]
    rules = attrs.evolve(ONE_ROUND[name], first_dealer=index % 4)
    bot, other = Seeing(seed=index, iterations=iterations), RandomBot()
    rng = random.Random(f"seeing/{index}")
    state = game.new_game(rules)
    while (player := game.current_player(state)) is not None:
        if player is CHANCE:
            move = game.sample_chance(state, rng)
        elif player == 0:
            bot.state = state
            move = bot.choose(game.view(state, 0), game.legal_moves(state), rng)
        else:
            move = other.choose(None, game.legal_moves(state), rng)
        state = game.apply_move(state, move)
    return sum(r.winner == 0 for r in state.results), len(state.results)


def tied_rounds(report: Any) -> int:
    """Rounds (hands) that nobody won: every seat sat through them."""
    return report.seats[0].rounds - sum(s.rounds_won for s in report.seats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=400, help="one-round matches per bot")
    parser.add_argument("--matches", type=int, default=0, help="whole matches per bot")
    parser.add_argument("--iterations", type=int, help="of the ismcts bot (default: its own)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="ismcts,heuristic,random")
    parser.add_argument("--games", default="voyage,ships_wheel")
    parser.add_argument("--seeing", action="store_true", help="also the search given the state")
    args = parser.parse_args()

    print(f"{datetime.date.today()}, {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, {args.jobs} jobs, seed "
          f"{args.seed}, ismcts iterations {args.iterations or 'its own'}, {_source()}")  # fmt: skip
    print(f"\n{'game, bot':22}{'rounds won':>19}{'95 % interval':>14}{'of won':>10}"
          f"{'95 % interval':>14}{'matches':>12}{'s/dec':>9}{'s/choice':>9}{'1 move':>9}"
          f"{'s':>8}")  # fmt: skip
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.games.split(","):
            game = GAMES[name]
            for bot in args.bots.split(","):
                runs = [("rounds", ONE_ROUND[name], args.rounds)]
                if args.matches:
                    runs.append(("matches", game.rules_type(), args.matches))
                for kind, rules, games in runs:
                    start = time.perf_counter()
                    report = match(
                        game, [bot, "random", "random", "random"], games, rules=rules,
                        seed=args.seed, iterations=args.iterations, executor=pool, batch=2,
                    )  # fmt: skip
                    seconds = time.perf_counter() - start
                    label = f"{name}, {bot}" + (", matches" if kind == "matches" else "")
                    print(row(label, report.seats[0], tied_rounds(report), seconds), flush=True)
            if args.seeing:
                start = time.perf_counter()
                counts = list(pool.map(
                    seeing_rounds, [name] * args.rounds, range(args.rounds),
                    [args.iterations] * args.rounds,
                ))  # fmt: skip
                won, rounds = sum(w for w, _ in counts), sum(r for _, r in counts)
                low, high = wilson_interval(won, rounds)
                print(f"{name + ', seeing the state':22}{won:>6}/{rounds:<6}"
                      f"{100 * won / rounds:>6.1f} % [{100 * low:4.1f}, {100 * high:4.1f}]"
                      f"  ({time.perf_counter() - start:.0f} s)", flush=True)  # fmt: skip
    sys.stdout.flush()


if __name__ == "__main__":
    main()
