"""Every reachable position of a tiny game: 3 rows of 4 squares, 2 divers, a spinner
of 3 segments, with the spin-off for the order of play.

The counters (spins, turns) and the last spin's events never change what can happen
next, so positions are compared without them; that keeps the walk finite and exact.
"""

from __future__ import annotations

from collections import deque

import pytest

from seaview_rules.leagues import (
    GAME,
    Board,
    EventKind,
    Phase,
    Rules,
    Spinner,
    SquareKind,
    State,
    apply_move,
    chance_outcomes,
    is_terminal,
    legal_moves,
    new_game,
)
from seaview_rules.testing import check_state
from seaview_rules.testing.leagues import check_spin

Key = tuple[object, ...]

TINY = Rules(
    players=2,
    board=Board.from_rows(["S.v.", "v..@", ".X.."]),
    spinner=Spinner.parse("1R 1L 2R"),
)


def key(state: State) -> Key:
    extra = bool(state.events) and state.events[-1].kind is EventKind.EXTRA_SPIN
    return (
        state.phase,
        state.player,
        state.positions,
        state.order,
        state.groups,
        state.spun,
        extra,
    )


def walk(rules: Rules) -> tuple[dict[Key, State], dict[Key, set[Key]]]:
    start = new_game(rules)
    seen = {key(start): start}
    edges: dict[Key, set[Key]] = {}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        here = key(state)
        edges[here] = set()
        for move in legal_moves(state):
            after = apply_move(state, move)
            check_spin(state, move, after)
            edges[here].add(key(after))
            if key(after) not in seen:
                seen[key(after)] = after
                queue.append(after)
    return seen, edges


@pytest.mark.rule("LEA-1", "LEA-2", "LEA-6", "LEA-10", "LEA-11", "LEA-12", "LEA-R3", "LEA-R7")
def test_every_reachable_position_keeps_the_invariants_and_can_still_end() -> None:
    seen, edges = walk(TINY)
    assert len(seen) > 100
    assert {s.phase for s in seen.values()} == set(Phase)
    kinds = {e.kind for s in seen.values() for e in s.events}
    assert kinds >= {
        EventKind.COLLISION,
        EventKind.TAKEN,
        EventKind.OCTOPUS,
        EventKind.BLOCKED,
        EventKind.WIN,
    }
    for state in seen.values():
        check_state(GAME, state)
        assert is_terminal(state) == (not chance_outcomes(state))
    # Backwards from the finished games: every position can still reach an end.
    ending = {k for k, s in seen.items() if is_terminal(s)}
    parents: dict[Key, set[Key]] = {}
    for source, targets in edges.items():
        for target in targets:
            parents.setdefault(target, set()).add(source)
    queue = deque(ending)
    while queue:
        for parent in parents.get(queue.popleft(), ()):
            if parent not in ending:
                ending.add(parent)
                queue.append(parent)
    assert ending == set(seen)


@pytest.mark.rule("LEA-R1")
def test_the_tiny_board_has_every_kind_of_square_but_the_starfish() -> None:
    assert set(TINY.board.squares) == set(SquareKind) - {SquareKind.STARFISH}
