"""What every game's ``check_move``, ``apply_move``, ``events``, ``narrate``,
``rules_applied`` and ``playout`` share, written once: the `Referee`.

A game gives its referee its own pieces: the successor of each type of move, the
function that finds the rule a well-formed move breaks, the redaction of its events for
one viewer and their words. The referee adds what every game does the same way:
API-OVER, API-SEAT and API-MOVE before the game's rules see a move; the successor of
the move's type for a legal one, recording its rules and events in a `Trace` when one is
given; each viewer's events redacted from that one record; and the reference loop of
random play. Each game's package names the referee's methods as its own functions
(``check_move = REFEREE.check_move``), so there is one definition of each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

from seaview_rules._compiled import Compiled, compiled_playout
from seaview_rules._core import (
    CHANCE,
    DEFAULT_MAX_MOVES,
    OMNISCIENT,
    Event,
    IllegalMoveError,
    Player,
    Trace,
    Viewer,
    Violation,
    check_seat,
    seat_violation,
)
from seaview_rules._forms import not_a_move
from seaview_rules._words import joined

__all__ = ["Referee", "Successor"]

S = TypeVar("S")
M = TypeVar("M")


class Successor(Protocol[S]):
    """The successor of one type of move: the state after a legal move of that type,
    its rules and events recorded in ``trace`` when one is given."""

    def __call__(self, state: S, move: Any, trace: Trace | None = None, /) -> S: ...


def _keep(event: Event, viewer: Viewer) -> Event:
    return event


@frozen(kw_only=True, eq=False)
class Referee(Generic[S, M]):
    """One game's moves checked, applied, told and played out at random, from the
    game's own pieces.

    >>> from seaview_rules import voyage
    >>> state = voyage.new_game(voyage.Rules(players=2))
    >>> voyage.check_move(state, voyage.parse_move("draw"), seat=1)
    Violation(rule='API-SEAT', reason="the next move is a chance outcome, not seat 1's")
    """

    game: str
    """The game's name in a refusal of API-MOVE ("'x' is not a Voyage move")."""
    successors: Mapping[type, Successor[S]]
    """The successor of each of the game's move classes (exactly these classes)."""
    violation: Callable[[S, Any], Violation | None]
    """The rule that a well-formed move breaks in a state (of one of `successors`'
    classes), or ``None`` if the move is legal. It is asked with no seat check done
    when no seat is given, so it refuses API-OVER itself (the state of a game over)."""
    is_terminal: Callable[[S], bool]
    over: Violation
    """The refusal of any move once `is_terminal` (API-OVER)."""
    current_player: Callable[[S], Player | None]
    legal_moves: Callable[[S], Sequence[Any]]
    sample_chance: Callable[[S, random.Random], Any]
    seats: Callable[[S], int]
    """The number of seats of a state."""
    redact: Callable[[Event, Viewer], Event] = _keep
    """An event as a viewer (a seat, ``None`` for a spectator, `OMNISCIENT`) may see it,
    from the event as the transition recorded it. The default keeps every event whole,
    for a game that hides nothing."""
    words: Callable[[Sequence[Event], Viewer], str] = joined
    """One line of words for a move's events, as one viewer was told them. The default
    joins their texts with "; "."""
    sender: Callable[[S, M, int], Violation | None] | None = None
    """The API-SEAT refusal of a move that ``seat`` sends, for a game where a seat may
    move that `current_player` does not name (Ship's Wheel's pass, chosen by every seat
    at the same time). ``None`` (the default): only the current player may move."""
    compiled: Compiled[Any, S] | None = None
    """The game's compiled playout (`seaview_rules._compiled.Compiled`), which `playout`
    takes where it can. ``None`` (the default): the reference loop always plays."""

    def check_move(self, state: S, move: M, /, *, seat: int | None = None) -> Violation | None:
        """The rule that ``move`` would break in ``state``, or ``None`` if it is legal.
        With ``seat`` (the seat that sends it, for a server), API-SEAT first when that
        seat may not move now, before anything about the move or a hand is looked at.
        It builds nothing.

        The refusals come in this order: API-OVER (the game is over), API-SEAT, API-MOVE
        (an object of none of the game's move classes), then the game's own rules.
        """
        if seat is None and type(move) in self.successors:
            return self.violation(state, move)  # the fast path: the game's rules alone
        if self.is_terminal(state):
            return self.over
        if seat is not None:
            if self.sender is None:
                refused = seat_violation(self.current_player(state), seat)
            else:
                refused = self.sender(state, move, seat)
            if refused is not None:
                return refused
        if type(move) not in self.successors:
            return not_a_move(move, self.game, self.successors)
        return self.violation(state, move)

    def apply_move(
        self, state: S, move: M, /, *, seat: int | None = None, trace: Trace | None = None
    ) -> S:
        """The state after ``move``; ``state`` itself never changes.

        Args:
            state: the state to move from.
            move: the move.
            seat: the seat that sends the move, for a server: unless that seat may move
                now, the move is refused (API-SEAT) before anything about it, or about
                any hand, is looked at. ``None`` (the default) checks no seat: the move
                is the current player's, chance's at a chance node.
            trace: a `Trace` in which the transition records the rules it applies and
                its events, every card named (what a server keeps once and redacts
                for each viewer with `redact`); ``None`` (the default) records nothing.

        Raises:
            IllegalMoveError: the move is not legal in ``state``; it names the rule
                (`check_move`), and nothing is recorded.
        """
        # check_move, with its fast path inlined: a call fewer a move.
        successor = self.successors.get(type(move))
        if seat is None and successor is not None:
            refused = self.violation(state, move)
        else:
            refused = self.check_move(state, move, seat=seat)
        if refused is not None:
            raise IllegalMoveError(refused)
        assert successor is not None  # check_move refused every other type (API-MOVE)
        return successor(state, move, trace)

    def trace(self, state: S, move: M, /) -> Trace:
        """What the legal ``move`` does in ``state``, as its transition records it: the
        rules it applies and its events, every card named.

        Raises:
            IllegalMoveError: the move is not legal in ``state``.
        """
        trace = Trace()
        self.apply_move(state, move, trace=trace)
        return trace

    def events(self, state: S, move: M, /, *, seat: Viewer = None) -> tuple[Event, ...]:
        """What the legal ``move`` does in ``state``, as ``seat`` sees it: a seat,
        ``None`` for a spectator (the default), or `OMNISCIENT` for the server's own log
        (every card named).

        Raises:
            InvalidDataError: ``seat`` is not a seat of the game, ``None`` or
                `OMNISCIENT` (checked before the move is looked at).
            IllegalMoveError: the move is not legal in ``state``.
        """
        if seat is not OMNISCIENT:
            check_seat(seat, self.seats(state))
        redact = self.redact
        return tuple(redact(event, seat) for event in self.trace(state, move).events)

    def narrate(self, state: S, move: M, /, *, seat: Viewer = None) -> str:
        """What the legal ``move`` does in ``state``, in one line of words for ``seat``
        (as in `events`); empty for a move not worth a line (each card of a deal).

        Raises:
            InvalidDataError: ``seat`` is not a seat of the game, ``None`` or
                `OMNISCIENT`.
            IllegalMoveError: the move is not legal in ``state``.
        """
        return self.words(self.events(state, move, seat=seat), seat)

    def rules_applied(self, state: S, move: M, /) -> tuple[str, ...]:
        """The IDs of the rules and rulings that the legal ``move`` exercises in
        ``state``, sorted, each once, as its transition records them.

        Raises:
            IllegalMoveError: the move is not legal in ``state``.
        """
        return tuple(sorted(set(self.trace(state, move).rules)))

    def playout(
        self, state: S, rng: random.Random, /, *, max_moves: int | None = DEFAULT_MAX_MOVES
    ) -> S:
        """The state where random play from ``state`` ends: the end of the game, or where
        ``max_moves`` moves (chance included) have been made, and ``rng`` as that play
        leaves it: `reference_playout`, or the game's compiled playout where numba
        imports (the ``fast`` extra), the rules are ones it covers and ``rng`` is a plain
        `random.Random`, which gives the same state and leaves ``rng`` in the same
        state.

        Raises:
            ValueError: ``max_moves`` is negative.
        """
        if max_moves is not None and max_moves < 0:
            raise ValueError(f"max_moves must be at least 0 (or None), not {max_moves}")
        fast = compiled_playout(self.compiled, state, rng)
        if fast is not None and max_moves != 0 and self.current_player(state) is not None:
            return fast(state, rng, max_moves)  # (with no move to make, the state itself)
        return self.reference_playout(state, rng, max_moves=max_moves)

    def reference_playout(
        self, state: S, rng: random.Random, /, *, max_moves: int | None = DEFAULT_MAX_MOVES
    ) -> S:
        """The state where random play from ``state`` ends: the end of the game, or where
        ``max_moves`` moves (chance included) have been made. It is exactly the state
        this reference loop reaches with the same ``rng``, leaving ``rng`` in the same
        state::

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
        current_player, legal_moves = self.current_player, self.legal_moves
        sample_chance, successors = self.sample_chance, self.successors
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
