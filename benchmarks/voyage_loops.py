"""How often Voyage games go round in a cycle, the figures of ruling VOY-R10.

The printed rules have no stopping rule: a round ends only when a player plays his last
card, and the draw pile can be rebuilt any number of times. For each of a few small
`Rules` (and the full deck, for comparison) this plays seeded games with two kinds of
bot and counts:

- games in which some round came back to a position it had already been in (the same
  cards in the same places, in the same order, the same seat to move; rebuild counters
  aside): a cycle that the players would go round for ever if they chose the same moves
  every time;
- games still unfinished after the cap of ``--cap`` moves (chance included).

The bots are ``random`` (`RandomBot`, a uniform choice among the legal moves) and
``first`` (always the first legal move: the lowest card it may play; a matching drawn
card is played, not kept), a deterministic policy such as a simple scripted bot.

    python benchmarks/voyage_loops.py [--games N] [--cap M] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from seaview_rules import RandomBot, play, voyage

RULES = (
    voyage.Rules(players=2, colours=2, numbers=4, hand_size=4),
    voyage.Rules(players=2, colours=2, numbers=3, hand_size=2),
    voyage.Rules(players=3, colours=2, numbers=4, hand_size=2),
    voyage.Rules(players=2, colours=3, numbers=3, hand_size=3),
    voyage.Rules(players=2, colours=2, numbers=6, hand_size=5),
    voyage.Rules(players=2),
    voyage.Rules(players=4),
)


class FirstMove:
    """Always the first legal move."""

    def choose(self, view: object, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        """The first of ``legal_moves``."""
        return legal_moves[0]


def position(state: voyage.State) -> tuple[object, ...]:
    """What decides a round's future, but for the rebuild counters."""
    return (
        state.phase, state.player, state.hands, state.draw_pile, state.discard_top,
        state.discard_under, state.drawn, len(state.results),
    )  # fmt: skip


def one_game(rules: voyage.Rules, bot: Any, rng: random.Random, cap: int) -> tuple[bool, Any]:
    """Play one game with ``bot`` at every seat: whether a round came back to a position
    it had been in, and the `PlayedGame`."""
    seen: set[tuple[object, ...]] = set()
    revisited = False

    def watch(before: voyage.State, move: voyage.Move, after: voyage.State) -> None:
        nonlocal revisited
        if len(after.results) != len(before.results):
            seen.clear()  # a new round: positions of the last one cannot come back
        if after.phase is voyage.Phase.TURN and not revisited:
            key = position(after)
            revisited = key in seen
            seen.add(key)

    result = play(voyage.GAME, rules, rng, bots=[bot] * rules.players, max_moves=cap, on_move=watch)
    return revisited, result


def run(rules: voyage.Rules, bot: Any, games: int, cap: int, seed: int) -> dict[str, Any]:
    """Play ``games`` seeded games with ``bot`` at every seat; count cycles and cut-offs."""
    cycled = unfinished = 0
    lengths = []
    for index in range(games):
        revisited, result = one_game(rules, bot, random.Random(f"{seed}/{index}"), cap)
        cycled += revisited
        unfinished += not result.finished
        if result.finished:
            lengths.append(len(result.record.moves))
    return {
        "cycled": cycled,
        "unfinished": unfinished,
        "median": statistics.median(lengths) if lengths else None,
        "longest": max(lengths, default=None),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per rules and bot")
    parser.add_argument("--cap", type=int, default=10_000, help="moves before a game is cut off")
    parser.add_argument("--seed", type=int, default=0, help="game i is seeded with 'SEED/i'")
    args = parser.parse_args()
    print(f"{args.games} games per line, cut off after {args.cap:,} moves, seed {args.seed}")
    print(f"{'rules':40}{'bot':>7}{'cycled':>9}{'unfinished':>12}{'median':>8}{'longest':>9}")
    for rules in RULES:
        deck = f"{rules.colours}x{rules.numbers} deck"
        name = f"{rules.players}p, {deck}, hands of {rules.hand_size}"
        for label, bot in (("random", RandomBot()), ("first", FirstMove())):
            found = run(rules, bot, args.games, args.cap, args.seed)
            print(
                f"{name:40}{label:>7}{found['cycled']:>9}{found['unfinished']:>12}"
                f"{found['median'] or '-':>8}{found['longest'] or '-':>9}",
                flush=True,
            )


if __name__ == "__main__":
    main()
