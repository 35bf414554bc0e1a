"""Every reachable position of tiny games: 3 rows of 4 squares, 2 divers, a spinner
of 3 segments, with the spin-off for the order of play; and 4 rows of 3 squares with
a starfish, the start in the middle of row 1 and the other reading of every ruling
that has an option.

The counters (spins, turns) and the last spin never change what can happen next, so
positions are compared without them; that keeps the walk finite and exact.
"""

from __future__ import annotations

from collections import deque
from functools import cache

import pytest

from seaview_rules import OMNISCIENT
from seaview_rules.leagues import (
    GAME,
    Blocked,
    Board,
    Bounced,
    Collided,
    FoundTaken,
    Moved,
    Phase,
    Rose,
    Rules,
    SentUp,
    Spinner,
    SpinsAgain,
    SquareKind,
    State,
    Won,
    apply_move,
    chance_outcomes,
    events,
    is_terminal,
    legal_moves,
    new_game,
)
from seaview_rules.leagues._rulebook import STANDS_ON
from seaview_rules.leagues.testing import check_spin
from seaview_rules.testing import check_state

Key = tuple[object, ...]


@cache
def tiny() -> Rules:
    """3 rows of 4 squares: an arrow in rows 1 and 2, an octopus in row 3 (whose squares
    one and two rows up are yellow)."""
    return Rules(
        players=2,
        board=Board.from_rows(["S.v.", "v...", ".X.@"]),
        spinner=Spinner.parse("1R 1L 2R"),
    )


@cache
def options() -> Rules:
    """4 rows of 3 squares, a starfish and the other reading of every option."""
    return Rules(
        players=2,
        board=Board.from_rows([".S*", "v..", ".v.", "X.."]),
        spinner=Spinner.parse("1R 1L 2R"),
        starfish_rise_above_taken=True,
        blocked_when_placed=False,
        start_always_right=False,
    )


def stood_on(seen: dict[Key, State]) -> set[int]:
    """Every square some diver stands on in some position of ``seen``."""
    return {square for state in seen.values() for square in state.positions}


def standing(rules: Rules) -> set[int]:
    """Every square a diver may stand on: the start, the yellow squares and (the
    winner) the red arrow."""
    kinds = rules.board.squares
    return {i for i, kind in enumerate(kinds) if kind in STANDS_ON} | {rules.board.red_arrow}


def key(state: State) -> Key:
    return (
        state.phase,
        state.player,
        state.positions,
        state.placed,
        state.order,
        state.groups,
        state.spun,
        state.extra_spin,
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


def can_all_end(seen: dict[Key, State], edges: dict[Key, set[Key]]) -> bool:
    """Whether every position can still reach the end of the game."""
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
    return ending == set(seen)


@pytest.mark.rule("LEA-1", "LEA-2", "LEA-6", "LEA-10", "LEA-11", "LEA-12", "LEA-R3", "LEA-R7")
def test_every_reachable_position_keeps_the_invariants_and_can_still_end() -> None:
    seen, edges = walk(tiny())
    assert stood_on(seen) == standing(tiny())
    assert {s.phase for s in seen.values()} == set(Phase)
    kinds = {
        type(e)
        for state in seen.values()
        for move in legal_moves(state)
        for e in events(state, move, seat=OMNISCIENT)
    }
    assert kinds >= {Collided, FoundTaken, SentUp, Blocked, Won}
    for state in seen.values():
        check_state(GAME, state)
        assert is_terminal(state) == (not chance_outcomes(state))
    assert can_all_end(seen, edges)  # backwards from the finished games


@pytest.mark.rule("LEA-R9", "LEA-R10", "LEA-R11", "LEA-R12")
def test_under_the_options_every_reachable_position_keeps_the_invariants_and_can_end() -> None:
    seen, edges = walk(options())
    assert stood_on(seen) == standing(options())
    for state in seen.values():
        check_state(GAME, state)
    assert can_all_end(seen, edges)
    board = options().board
    spins = [
        (state, events(state, move, seat=OMNISCIENT))
        for state in seen.values()
        if state.phase is Phase.SPIN
        for move in legal_moves(state)
    ]
    # The starfish (1,3) over a taken (3,3): he rises from the taken square to (2,3),
    # below the starfish's row, and spins again (LEA-R10's option).
    assert any([type(e) for e in told][-3:] == [FoundTaken, Rose, SpinsAgain] for _, told in spins)
    # Put on the end square (3,1) by the arrow, he reverses at once (LEA-R9's option).
    assert any(
        before.placed[before.player] and told[1] == Bounced(before.player, (3, 1))
        for before, told in spins
    )
    # Walked onto the start in the middle of row 1, he moves by the letter: an L takes
    # him left (LEA-R11's option, LEA-R12).
    assert any(
        not before.placed[before.player]
        and before.positions[before.player] == board.start
        and told[1] == Moved(before.player, (1, 1))
        for before, told in spins
    )


@pytest.mark.rule("LEA-R1")
def test_the_tiny_board_has_every_kind_of_square_but_the_starfish() -> None:
    assert set(tiny().board.squares) == set(SquareKind) - {SquareKind.STARFISH}
