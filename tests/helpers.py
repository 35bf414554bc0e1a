"""Helpers the tests of every game share: states reached by seeded random play."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from hypothesis import settings

from seaview_rules import CHANCE, OMNISCIENT, Game, play


class _Phased(Protocol):
    @property
    def phase(self) -> Any: ...


S = TypeVar("S")
T = TypeVar("T", bound=_Phased)
P = TypeVar("P", bound=enum.Enum)


def reach(game: Game[Any, S, Any, Any], rules: Any, wanted: Callable[[S], bool]) -> S:
    """The first state of seeded random matches (the first match that has one) that
    is ``wanted``."""
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_game(rules)
        while not wanted(state):
            if game.is_terminal(state):
                break
            if game.current_player(state) is CHANCE:
                state = game.apply_move(state, game.sample_chance(state, rng))
            else:
                state = game.apply_move(state, rng.choice(game.legal_moves(state)))
        else:
            return state
    raise AssertionError("no such state")


def states_by_phase(
    game: Game[Any, T, Any, Any],
    rules: Iterable[Any],
    phases: Iterable[P],
    *,
    seeds: int,
    per_phase: int = 3,
) -> dict[P, list[T]]:
    """States of each phase from ``seeds`` seeded games under each of ``rules``: the
    first ``per_phase`` of each phase under the first rules, ``2 * per_phase`` in all
    under the second, and so on; and the state each game ends in."""
    found: dict[P, list[T]] = {phase: [] for phase in phases}
    for number, each in enumerate(rules):
        most = per_phase * (number + 1)
        for seed in range(seeds):

            def keep(before: T, move: object, after: T, most: int = most) -> None:
                kept = found[before.phase]
                if len(kept) < most:
                    kept.append(before)

            final = play(game, each, random.Random(seed), on_move=keep).final
            found[final.phase].append(final)
    return found


def json_references(node: object) -> Iterator[str]:
    """Every ``$ref`` of a JSON document (an OpenAPI or JSON Schema), depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from json_references(value)
    elif isinstance(node, list):
        for item in node:
            yield from json_references(item)


def scaled(count: int) -> int:
    """``count`` scaled to the loaded Hypothesis profile (``count`` of the default 100
    examples a test), at least one: the "quick" and "mutation" profiles of
    ``tests/conftest.py`` make proportionally fewer examples, so a test that counts
    what its examples covered expects proportionally less."""
    return max(1, count * settings().max_examples // 100)


def examples(count: int, **options: Any) -> settings:
    """The settings of a property test that makes ``count`` examples in a full run,
    `scaled` to the loaded profile. A plain ``settings(max_examples=...)`` would override
    the profile, so that a mutation run (each test rerun under every mutant it reaches)
    made the full number."""
    return settings(max_examples=scaled(count), **options)


def full_run() -> bool:
    """Whether the loaded Hypothesis profile makes the full number of examples: a test
    asserts that its examples met rare cases only then (a quick or mutation run, of
    fewer examples, may miss them)."""
    return settings().max_examples >= 100


def told_play(
    game: Game[Any, S, Any, Any], state: S, rng: random.Random, moves: int
) -> Iterator[tuple[S, tuple[Any, ...]]]:
    """Seeded random play from ``state``, chance included, for at most ``moves`` moves
    or to the end: each state reached, with the events of the move that reached it as
    the omniscient log has them."""
    for _ in range(moves):
        player = game.current_player(state)
        if player is None:
            return
        legal = game.legal_moves(state)
        move = game.sample_chance(state, rng) if player is CHANCE else rng.choice(legal)
        told = game.events(state, move, seat=OMNISCIENT)
        state = game.apply_move(state, move)
        yield state, told
