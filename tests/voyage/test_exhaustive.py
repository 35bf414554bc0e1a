"""Every reachable state of a tiny Voyage match, checked.

Two players, two colours x three numbers, hands of two, target three. States that
differ only in their reshuffle counters behave identically, so the walk identifies them
(otherwise the counters would make the state space infinite).
"""

from __future__ import annotations

from collections import defaultdict
from math import comb, prod

import attrs
import pytest

from seaview_rules import CHANCE, voyage
from seaview_rules.voyage import CARDS, Action, CardSet, Deal, Phase, Play, State
from seaview_rules.voyage._rulebook import least_round_points, most_round_points

TINY = voyage.Rules(players=2, colours=2, numbers=3, hand_size=2, target=3)
CANDIDATES: tuple[voyage.Move, ...] = (
    *(Play(c) for c in TINY.deck),
    *(Deal(c) for c in TINY.deck),
    *Action,
    Play(CARDS[-1]),  # a card outside the small deck
)


def behaviour(state: State) -> State:
    """The state with its reshuffle counters forgotten."""
    results = tuple(attrs.evolve(r, reshuffles=0) for r in state.results)
    return attrs.evolve(state, reshuffles=0, results=results)


@pytest.fixture(scope="module")
def walk() -> tuple[dict[State, list[State]], list[State]]:
    """The graph of the states' behaviours, and the state first reached of each."""
    start = voyage.new_game(TINY)
    successors: dict[State, list[State]] = {}
    reached = []
    todo = [start]
    seen = {behaviour(start)}
    while todo:
        state = todo.pop()
        reached.append(state)
        key = behaviour(state)
        successors[key] = []
        for move in voyage.legal_moves(state):
            after = voyage.apply_move(state, move)
            successors[key].append(behaviour(after))
            if behaviour(after) not in seen:
                seen.add(behaviour(after))
                todo.append(after)
    return successors, reached


@pytest.fixture(scope="module")
def graph(walk: tuple[dict[State, list[State]], list[State]]) -> dict[State, list[State]]:
    return walk[0]


@pytest.mark.rule("VOY-1", "VOY-3", "VOY-4", "VOY-R5")
def test_every_reachable_state_is_consistent_and_its_moves_complete(
    graph: dict[State, list[State]],
) -> None:
    # The walk covers the tiny game: every phase, and every deal of the first round
    # (VOY-1: each seat in turn is dealt hand_size of the cards the seats before left).
    assert {state.phase for state in graph} == set(Phase)
    deals = prod(
        comb(TINY.deck_size - k * TINY.hand_size, TINY.hand_size) for k in range(TINY.players)
    )
    assert len({s for s in graph if s.phase is Phase.LEAD and not s.results}) == deals
    for state in graph:
        places = [*state.hands, state.draw_pile, CardSet.of(state.discard_under)]
        held = sum(len(p) for p in places) + (state.discard_top is not None)
        assert held == TINY.deck_size
        assert (
            sum(places[1:], state.hands[0])
            | (0 if state.discard_top is None else 1 << state.discard_top.index)
            == TINY.deck
        )
        legal = set(voyage.legal_moves(state))
        assert bool(legal) != voyage.is_terminal(state)
        assert (voyage.current_player(state) is CHANCE) == bool(voyage.chance_outcomes(state))
        for move in CANDIDATES:
            assert (voyage.check_move(state, move) is None) == (move in legal)


@pytest.mark.rule("VOY-R5", "VOY-8")
def test_the_match_can_end_from_every_reachable_state(graph: dict[State, list[State]]) -> None:
    predecessors: dict[State, list[State]] = defaultdict(list)
    for state, nexts in graph.items():
        for after in nexts:
            predecessors[after].append(state)
    can_end = {s for s in graph if voyage.is_terminal(s)}
    todo = list(can_end)
    while todo:
        for before in predecessors[todo.pop()]:
            if before not in can_end:
                can_end.add(before)
                todo.append(before)
    assert can_end == set(graph)


@pytest.mark.rule("VOY-5", "VOY-8")
def test_every_final_state_has_one_winner_at_or_past_the_target(
    graph: dict[State, list[State]],
) -> None:
    finals = [s for s in graph if voyage.is_terminal(s)]
    assert finals
    # Every round scores between the rulebook's bounds, and the least is scored.
    points = {r.points for s in finals for r in s.results}
    assert min(points) == least_round_points(TINY.players)
    assert max(points) <= most_round_points(TINY.players, TINY.deck_size)
    for state in finals:
        outcome = voyage.outcome(state)
        assert outcome is not None
        assert outcome.winner is not None
        assert state.scores[outcome.winner] >= TINY.target
        assert sum(score >= TINY.target for score in state.scores) == 1


def test_every_reachable_state_round_trips_through_json(
    walk: tuple[dict[State, list[State]], list[State]],
) -> None:
    # The states as play reached them: a behaviour's forgotten reshuffle counter can
    # make a position that no play reaches (cards played and drawn before a rebuild).
    for state in walk[1][::7]:
        assert voyage.loads(voyage.dumps(state)) == state
