"""`voyage.playout` is the reference loop of random play, and `voyage.determinize` is
exactly uniform over the states that agree with a view, counted on tiny decks (hand-made
positions are determinized in `test_checks`, with the rest of what must work on them)."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import partial
from math import prod
from typing import TypeVar

import pytest

from seaview_rules import CHANCE, voyage
from seaview_rules.voyage import CardSet, Phase, Rules, State

T = TypeVar("T", bound=Hashable)


def reference(state: State, rng: random.Random, max_moves: int | None) -> State:
    """The loop of `voyage.playout`'s docstring, on the per-move API."""
    moves = 0
    while voyage.current_player(state) is not None and (max_moves is None or moves < max_moves):
        if voyage.current_player(state) is CHANCE:
            move = voyage.sample_chance(state, rng)
        else:
            move = rng.choice(voyage.legal_moves(state))
        state = voyage.apply_move(state, move)
        moves += 1
    return state


RULES = [
    *(Rules(players=n) for n in range(2, 7)),
    Rules(players=3, colours=2, numbers=5, hand_size=3, target=9, first_dealer=2),
    Rules(players=4, must_play=False, target=10),
]


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_a_playout_reaches_the_state_and_rng_state_of_the_reference_loop(rules: Rules) -> None:
    for seed in range(25):
        start = reference(voyage.new_game(rules), random.Random(-seed), seed * 7)
        ours, theirs = random.Random(seed), random.Random(seed)
        assert voyage.playout(start, ours) == reference(start, theirs, None)
        assert ours.getstate() == theirs.getstate()


def test_a_playout_stops_after_max_moves_as_the_reference_loop_does() -> None:
    start = voyage.new_game(Rules(players=3))
    for cap in (0, 1, 17, 120, 500):
        assert voyage.playout(start, random.Random(cap), max_moves=cap) == reference(
            start, random.Random(cap), cap
        )
    assert voyage.playout(start, random.Random(1), max_moves=0) is start


def test_a_negative_move_cap_is_refused() -> None:
    with pytest.raises(ValueError, match="max_moves must be at least 0"):
        voyage.playout(voyage.new_game(), random.Random(1), max_moves=-1)


def test_a_finished_match_has_no_determinization() -> None:
    over = voyage.playout(voyage.new_game(Rules(players=2)), random.Random(1))
    with pytest.raises(ValueError, match="the match is over"):
        voyage.determinize(voyage.view(over, 0), random.Random(1))


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_every_determinization_has_the_view_it_was_drawn_from(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    for _ in range(40):
        state = reference(voyage.new_game(rules), rng, rng.randrange(400))
        if voyage.is_terminal(state):
            continue
        for seat in (*range(rules.players), None):
            seen = voyage.view(state, seat)
            for _ in range(3):
                assert voyage.view(voyage.determinize(seen, rng), seat) == seen


class Enumerator(random.Random):
    """A generator that makes the draws of one path through a sampler's choices: each
    draw below ``n`` (every draw of `random.Random`'s ``shuffle``, ``sample``, ``choice``
    and ``randrange`` is one) takes the next value of ``script``, 0 past its end, and
    records ``n``. It needs no seed: it never draws any other way."""

    def __new__(cls, script: list[int]) -> Enumerator:
        # Without a seed: CPython 3.10's Random.__new__ would seed from (hash) the script.
        return super().__new__(cls)

    def __init__(self, script: list[int]) -> None:
        self.script = script
        self.ranges: list[int] = []

    def _randbelow(self, n: int) -> int:
        k = len(self.ranges)
        self.ranges.append(n)
        return self.script[k] if k < len(self.script) else 0


def exact_distribution(sample: Callable[[random.Random], T]) -> Counter[T]:
    """The exact distribution of ``sample(rng)``, with ``rng`` any `random.Random`
    whose draws are uniform: every path of draws is taken once, with its probability."""
    found: Counter[T] = Counter()
    script: list[int] = []
    while True:
        rng = Enumerator(script)
        found[sample(rng)] += Fraction(1, prod(rng.ranges))  # type: ignore[assignment]
        draws = script + [0] * (len(rng.ranges) - len(script))
        k = len(draws) - 1
        while k >= 0 and draws[k] == rng.ranges[k] - 1:
            k -= 1
        if k < 0:
            return found
        script = [*draws[:k], draws[k] + 1]


def test_the_enumerator_finds_the_exact_distribution_of_a_shuffle() -> None:
    def first_two(rng: random.Random) -> tuple[int, ...]:
        cards = [1, 2, 3, 4]
        rng.shuffle(cards)
        return tuple(sorted(cards[:2]))

    found = exact_distribution(first_two)
    assert found == dict.fromkeys(itertools.combinations([1, 2, 3, 4], 2), Fraction(1, 6))


def first_round(rules: Rules, max_reshuffles: int) -> set[State]:
    """Every state of the first round reachable by legal play, with the draw pile
    rebuilt at most ``max_reshuffles`` times (the counter only grows within a round, so
    the views counted are all there)."""
    start = voyage.new_game(rules)
    found, todo = {start}, [start]
    while todo:
        state = todo.pop()
        for move in voyage.legal_moves(state):
            after = voyage.apply_move(state, move)
            if not after.results and after.reshuffles <= max_reshuffles and after not in found:
                found.add(after)
                todo.append(after)
    return found


def agreeing(seen: voyage.View) -> set[State]:
    """Every state whose view is ``seen``: the unseen cards placed in every order, and,
    while another seat has just drawn, each card of its hand the one it drew."""
    rules, seat, top = seen.rules, seen.seat, seen.discard_top
    known = {*seen.discard_under, *(seen.hand or ()), *([top] if top else [])}
    unseen = [c for c in CardSet(rules.deck) if c not in known]
    found = set()
    for order in itertools.permutations(unseen):
        hands, rest = [CardSet(0)] * rules.players, list(order)
        for s in range(rules.players):
            if s == seat:
                hands[s] = seen.hand or CardSet(0)
            else:
                hands[s], rest = CardSet.of(rest[: seen.hand_sizes[s]]), rest[seen.hand_sizes[s] :]
        drawer = hands[seen.player]
        for drawn in drawer if seen.drawn is None and seen.phase is Phase.DRAWN else [seen.drawn]:
            state = State(
                rules=rules, phase=seen.phase, player=seen.player, dealer=seen.dealer,
                hands=tuple(hands), draw_pile=CardSet.of(rest), discard_top=top,
                discard_under=seen.discard_under, drawn=drawn, scores=seen.scores,
                results=seen.results, reshuffles=seen.reshuffles,
            )  # fmt: skip
            if voyage.view(state, seat) == seen:
                found.add(state)
    return found


TINY = [
    # rules, draw-pile rebuilds walked, whether play reaches every state that agrees with
    # a view: under must_play (VOY-R3) a seat that draws held no match, but a view of the
    # draw does not say so, and determinize does not reason over the moves that led to it
    (Rules(players=3, colours=3, numbers=2, hand_size=2, target=3), 1, False),
    (Rules(players=2, colours=2, numbers=3, hand_size=2, target=3, must_play=False), 0, True),
]


@pytest.mark.rule("VOY-R3", "VOY-4")
@pytest.mark.parametrize(("rules", "rebuilds", "all_reached"), TINY, ids=lambda x: str(x))
def test_determinize_is_exactly_uniform_over_the_states_that_agree_with_a_view(
    rules: Rules, rebuilds: int, all_reached: bool
) -> None:
    by_view: defaultdict[voyage.View, set[State]] = defaultdict(set)
    for state in first_round(rules, rebuilds):
        for seat in (*range(rules.players), None):
            by_view[voyage.view(state, seat)].add(state)
    too_many = 0
    for seen, reached in by_view.items():
        found = exact_distribution(partial(voyage.determinize, seen))
        states = agreeing(seen)
        assert found == dict.fromkeys(states, Fraction(1, len(states)))
        assert reached <= states  # no state a seat could be in is ever left out
        too_many += len(states) > len(reached)
    assert {seen.phase for seen in by_view} == set(Phase) - {Phase.OVER}  # the whole round
    assert (too_many == 0) == all_reached
