"""How long the spin-off for the order of play and a whole game last on the default
board and spinner: the figures that ``docs/rules/leagues.rst`` states.

The figures are measured by seeded random play (the same on every machine); run this
file to measure them again::

    python tests/leagues/test_lengths.py

The spin-off's distribution can also be computed exactly from the spinner, and the
tests check the documented median, quartiles and 90th percentile against it.
"""

from __future__ import annotations

import random
import re
import statistics
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from seaview_rules.leagues import Phase, Rules, apply_move, is_terminal, new_game, sample_chance

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "leagues.rst"
SPIN_OFFS = 10_000
"""Spin-offs measured per number of players."""
GAMES = 5_000
"""4-player games measured."""
LONGEST = 80
"""Spin-offs longer than this many spins are left out of the exact distribution (their
probability is below 10^-20 with the default spinner)."""


def spin_off_lengths(players: int, count: int = SPIN_OFFS) -> list[int]:
    """The spins of ``count`` seeded spin-offs of ``players`` divers (LEA-2, LEA-R3)."""
    rules = Rules(players=players)
    rng = random.Random(f"spin-off/{players}")
    lengths = []
    for _ in range(count):
        state = new_game(rules)
        while state.phase is Phase.ORDER:
            state = apply_move(state, sample_chance(state, rng))
        lengths.append(state.order_spins)
    return lengths


def game_lengths(players: int = 4, count: int = GAMES) -> list[tuple[int, int, int]]:
    """(spins in play, turns, spins of the spin-off) of ``count`` seeded games."""
    rules = Rules(players=players)
    rng = random.Random(f"game/{players}")
    lengths = []
    for _ in range(count):
        state = new_game(rules)
        while not is_terminal(state):
            state = apply_move(state, sample_chance(state, rng))
        lengths.append((state.spins, state.turns, state.order_spins))
    return lengths


def exact_spin_off(rules: Rules) -> list[Fraction]:
    """The probability that the spin-off of ``rules`` takes each number of spins, up to
    `LONGEST`: a group of tied divers spins once each and its tied subgroups then settle
    in the same way (LEA-R3); only the number shown counts (LEA-2)."""
    chance: dict[int, Fraction] = {}
    for spin, probability in rules.tables.chances:
        chance[spin.number] = chance.get(spin.number, Fraction(0)) + probability
    numbers = sorted(chance)
    cache: dict[int, list[Fraction]] = {1: [Fraction(1)] + [Fraction(0)] * LONGEST}

    def add(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:  # independent sum
        total = [Fraction(0)] * (LONGEST + 1)
        for i, p in enumerate(a):
            if p:
                for j, q in enumerate(b[: LONGEST + 1 - i]):
                    total[i + j] += p * q
        return total

    def spins(group: int) -> list[Fraction]:
        if group in cache:
            return cache[group]
        ties: dict[tuple[int, ...], Fraction] = {}
        for shown in product(numbers, repeat=group):
            probability = Fraction(1)
            for number in shown:
                probability *= chance[number]
            sizes = tuple(sorted(n for n in Counter(shown).values() if n > 1))
            ties[sizes] = ties.get(sizes, Fraction(0)) + probability
        again = ties.pop((group,), Fraction(0))  # all tie: the same group spins again
        rest = [Fraction(0)] * (LONGEST + 1)
        for sizes, probability in ties.items():
            settled = cache[1]
            for size in sizes:
                settled = add(settled, spins(size))
            rest = [r + probability * s for r, s in zip(rest, settled, strict=True)]
        # spins(group) = group + (spins(group) with probability `again`, else `rest`):
        # each round of the fixed point makes one more length exact.
        found = [Fraction(0)] * (LONGEST + 1)
        for _ in range(LONGEST // group + 1):
            after = [r + again * f for r, f in zip(rest, found, strict=True)]
            found = [Fraction(0)] * group + after[: LONGEST + 1 - group]
        cache[group] = found
        return found

    return spins(rules.players)


def quantile(distribution: list[Fraction], level: Fraction) -> int:
    """The smallest length whose cumulative probability reaches ``level``."""
    total = Fraction(0)
    for length, probability in enumerate(distribution):
        total += probability
        if total >= level:
            return length
    raise ValueError(f"the distribution does not reach {level}")


def documented_spin_offs() -> dict[int, tuple[int, int, int, int]]:
    """The rule reference's spin-off table: players -> (median, lower quartile, upper
    quartile, 90th percentile)."""
    rows = re.findall(
        r"^(\d)\s+(\d+)\s+(\d+) and (\d+)\s+(\d+)\s+\d+\s+[\d.]+$",
        RULES_PAGE.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    return {int(p): (int(m), int(lo), int(hi), int(p90)) for p, m, lo, hi, p90 in rows}


@pytest.mark.rule("LEA-2", "LEA-R3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_documented_spin_off_lengths_are_those_of_the_exact_distribution(
    players: int,
) -> None:
    distribution = exact_spin_off(Rules(players=players))
    assert sum(distribution) > 1 - Fraction(1, 10**20)
    exact = tuple(
        quantile(distribution, Fraction(n, d)) for n, d in ((1, 2), (1, 4), (3, 4), (9, 10))
    )
    assert documented_spin_offs()[players] == exact


@pytest.mark.rule("LEA-R3")
def test_seeded_spin_offs_agree_with_the_exact_distribution() -> None:
    distribution = exact_spin_off(Rules(players=4))
    mean = sum(length * p for length, p in enumerate(distribution))
    lengths = spin_off_lengths(4, 1000)
    assert min(lengths) >= 4  # every diver spins at least once
    assert abs(statistics.mean(lengths) - mean) < Fraction(1, 5)  # 3.6 standard errors


def main() -> None:
    """Print the figures the rule reference states."""
    print(f"spin-off for the order of play, {SPIN_OFFS:,} seeded spin-offs per row")
    print("players  median  quartiles  90th percentile  most seen  mean  exact mean")
    for players in (2, 3, 4):
        lengths = sorted(spin_off_lengths(players))
        low, median, high = statistics.quantiles(lengths, n=4, method="inclusive")
        tenth = statistics.quantiles(lengths, n=10, method="inclusive")[-1]
        exact = exact_spin_off(Rules(players=players))
        exact_mean = float(sum(n * p for n, p in enumerate(exact)))
        longer = sum(n > median for n in lengths) / len(lengths)
        print(
            f"{players:<9}{median:<8g}{low:g} and {high:<5g}{tenth:<17g}{lengths[-1]:<11}"
            f"{statistics.mean(lengths):<6.2f}{exact_mean:.2f}  (more than the median: "
            f"{longer:.1%})"
        )
    games = game_lengths()
    spins = sorted(s for s, _, _ in games)
    moves = sorted(s + o for s, _, o in games)
    deciles = statistics.quantiles(spins, n=10, method="inclusive")
    print(f"{GAMES:,} seeded 4-player games: spins in play median {statistics.median(spins):g}")
    print(f"  10th percentile {deciles[0]:g}, 90th percentile {deciles[-1]:g}")
    print(f"  turns median {statistics.median(t for _, t, _ in games):g}")
    print(f"  moves with the spin-off median {statistics.median(moves):g}")


if __name__ == "__main__":
    main()
