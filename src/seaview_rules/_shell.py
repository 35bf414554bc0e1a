"""What every game's ``check_move`` and ``playout`` share, written once as plain helpers
that each game's own functions call.

What the shell adds to a game's rules, after API-OVER (the game is over, which each
game's ``check_move`` tests first): the seat check API-SEAT when a server names the seat
that sends the move, and API-MOVE (the object is of none of the game's move classes),
before the game's own rules see the move (`refusal`). The random-play loop of ``playout`` (`play_out`) runs on the game's
successors, without the checks, since every move it makes is legal by construction.
What a legal move did is what its successor records in a `Trace` (`traced`), which
each game's ``events`` tells each viewer (`told`) and its ``rules_applied`` sorts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from seaview_rules._core import (
    CHANCE,
    OMNISCIENT,
    Event,
    Player,
    Trace,
    Viewer,
    Violation,
    check_seat,
    seat_violation,
)
from seaview_rules._forms import not_a_move

__all__ = ["Successor", "play_out", "refusal", "told", "traced"]

S = TypeVar("S")


class Successor(Protocol[S]):
    """The successor of one type of move: the state after a legal move of that type,
    its rules and events recorded in ``trace`` when one is given."""

    def __call__(self, state: S, move: Any, trace: Trace | None = None, /) -> S: ...


def refusal(
    state: S,
    move: object,
    seat: int | None,
    current_player: Callable[[S], Player | None],
    game: str,
    moves: Mapping[type, object],
) -> Violation | None:
    """The refusal of ``move`` in ``state``, a game not over, that comes before the
    game's own rules, or ``None``: API-SEAT when ``seat`` is given and is not the
    ``current_player`` of ``state``; API-MOVE when the type of ``move`` is none of the
    keys of ``moves`` (the game's move classes). A game's ``check_move`` asks only when
    one of the two can apply (a seat is given, or the type is not a move's)."""
    if seat is not None:
        refused = seat_violation(current_player(state), seat)
        if refused is not None:
            return refused
    if type(move) not in moves:
        return not_a_move(move, game, moves)
    return None


def play_out(
    state: S,
    rng: random.Random,
    max_moves: int | None,
    current_player: Callable[[S], Player | None],
    legal_moves: Callable[[S], Sequence[Any]],
    sample_chance: Callable[[S, random.Random], Any],
    successors: Mapping[type, Successor[S]],
) -> S:
    """The state where random play from ``state`` ends: the end of the game, or where
    ``max_moves`` moves (chance included) have been made. It is exactly the state this
    reference loop reaches with the same ``rng``::

        while current_player(state) is not None:        # at most max_moves times
            if current_player(state) is CHANCE:
                move = sample_chance(state, rng)
            else:
                move = rng.choice(legal_moves(state))
            state = apply_move(state, move)

    but each state is built by the successor of the move's type, without the checks
    of ``apply_move``: every move comes from ``legal_moves`` or ``sample_chance``.

    Raises:
        ValueError: ``max_moves`` is negative.
    """
    if max_moves is not None and max_moves < 0:
        raise ValueError(f"max_moves must be at least 0 (or None), not {max_moves}")
    getrandbits = rng.getrandbits
    left = -1 if max_moves is None else max_moves
    while left:
        player = current_player(state)
        if player is None:
            break
        if player is CHANCE:
            move = sample_chance(state, rng)
        else:
            # rng.choice, inlined: the same draws (getrandbits with rejection, as
            # random.Random makes them) without two calls a decision.
            moves = legal_moves(state)
            n = len(moves)
            k = n.bit_length()
            i = getrandbits(k)
            while i >= n:
                i = getrandbits(k)
            move = moves[i]
        state = successors[type(move)](state, move)
        left -= 1
    return state


def traced(successors: Mapping[type, Successor[S]], state: S, move: Any) -> Trace:
    """What the legal ``move`` does in ``state``, as the successor of its type in
    ``successors`` records it: the rules it applies and its events, every card named."""
    trace = Trace()
    successors[type(move)](state, move, trace)
    return trace


def told(
    successors: Mapping[type, Successor[S]],
    state: S,
    move: Any,
    seat: Viewer,
    players: int,
    redact: Callable[[Event, Viewer], Event],
) -> tuple[Event, ...]:
    """The events of the legal ``move`` from ``state`` (`traced`), each redacted for
    ``seat`` by the game's ``redact``: a seat below ``players``, ``None`` for a
    spectator, or `OMNISCIENT`.

    Raises:
        InvalidDataError: ``seat`` is none of these (checked before the move is traced).
    """
    if seat is not OMNISCIENT:
        check_seat(seat, players)
    return tuple(redact(event, seat) for event in traced(successors, state, move).events)
