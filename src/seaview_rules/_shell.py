"""The behaviour every game shares around its own rules, written once.

A game package declares its rules: `_violation` (the rule a move breaks, or ``None``),
a successor for each type of move (the state after a legal one), ``current_player``,
``legal_moves``, ``sample_chance``. `move_functions` and `playout_function` bind those
pieces, in closures, into the game's ``check_move``, ``apply_move`` and ``playout``:
module functions of the game like the others, with the game's own types, docstrings and
examples, that cost no call more than functions written out in each game would.

What the shell adds to a game's rules, in this order: API-OVER (the game is over), the
seat check API-SEAT when a server names the seat that sends the move, and the exact
form of the move object (API-MOVE), before the game's `_violation` sees the move.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from seaview_rules._core import CHANCE, IllegalMoveError, Player, Violation, seat_violation
from seaview_rules._forms import MoveForms
from seaview_rules._game import ApplyMove, CheckMove, Playout
from seaview_rules._play import DEFAULT_MAX_MOVES

__all__ = ["move_functions", "playout_function", "publish"]


class _Phased(Protocol):
    """A state: every game's says in its ``phase`` whether the game is over."""

    @property
    def phase(self) -> object: ...


S = TypeVar("S", bound=_Phased)
M = TypeVar("M")

CHECK_MOVE_DOC = """The rule that ``move`` would break in ``state``, or ``None`` if it is legal; with
``seat``, also API-SEAT when that seat is not to move (see `apply_move`). It builds
nothing.
"""

APPLY_MOVE_DOC = """The state after ``move``. ``state`` itself never changes.

Args:
    state: the state to move from.
    move: the move.
    seat: the seat that sends the move, for a server: unless it is the seat to
        move, the move is refused (API-SEAT) before anything about it, or about any
        hand, is looked at. ``None`` (the default) checks no seat: the move is the
        current player's, chance's at a chance node.

Raises:
    IllegalMoveError: the move is not legal in ``state``; it names the rule.
"""

PLAYOUT_DOC = """The state where random play from ``state`` ends: the end of the game, or where
``max_moves`` moves (chance included) have been made, whichever comes first.

It is exactly the state this reference loop reaches with the same ``rng``::

    while current_player(state) is not None:        # at most max_moves times
        if current_player(state) is CHANCE:
            move = sample_chance(state, rng)
        else:
            move = rng.choice(legal_moves(state))
        state = apply_move(state, move)

Every move comes from ``legal_moves`` or ``sample_chance``, so it is legal by
construction: the loop builds each state with the successor of the move's type, without
the checks of ``apply_move``.

Raises:
    ValueError: ``max_moves`` is negative.
"""


def move_functions(
    *,
    game: str,
    over: Violation,
    over_phase: object,
    current_player: Callable[[S], Player | None],
    violation: Callable[[S, M], Violation | None],
    successors: Mapping[type, Callable[[S, Any], S]],
    module: str,
    check_examples: str,
    apply_examples: str,
) -> tuple[CheckMove[S, M], ApplyMove[S, M]]:
    """A game's ``check_move`` and ``apply_move``.

    Args:
        game: the game's name in refusals ("... is not a Voyage move").
        over: the API-OVER refusal, in the game's words.
        over_phase: the ``phase`` of a state whose game is over (every state has one).
        current_player: the game's ``current_player``.
        violation: the rule a well-formed move breaks in a game that is not over, or
            ``None`` if it is legal; its parameters' types are those of the functions.
        successors: for each move class of the game (`MoveForms`), the state after a
            legal move of it.
        module: the module the functions belong to.
        check_examples: the rest of ``check_move``'s docstring: its examples.
        apply_examples: the rest of ``apply_move``'s docstring.
    """
    form_violation = MoveForms(game, *successors).violation

    def check_move(state: S, move: M, *, seat: int | None = None) -> Violation | None:
        if state.phase is over_phase:
            return over
        if seat is not None:  # only a server's calls pay for the seat check
            refused = seat_violation(current_player(state), seat)
            if refused is not None:
                return refused
        # Exactly a move class, each field of its type (a move object already found
        # well-formed, such as one of the legal-move tables, is known by its id).
        malformed = form_violation(move)
        if malformed is not None:
            return malformed
        return violation(state, move)

    def apply_move(state: S, move: M, *, seat: int | None = None) -> S:
        refused = check_move(state, move, seat=seat)
        if refused is not None:
            raise IllegalMoveError(refused)
        return successors[type(move)](state, move)

    state_type = _annotation(violation, "state")
    signature = {"state": state_type, "move": _annotation(violation, "move"), "seat": int | None}
    publish(check_move, module, CHECK_MOVE_DOC, check_examples, signature, Violation | None)
    publish(apply_move, module, APPLY_MOVE_DOC, apply_examples, signature, state_type)
    return check_move, apply_move


def playout_function(
    *,
    current_player: Callable[[S], Player | None],
    legal_moves: Callable[[S], Sequence[Any]],
    sample_chance: Callable[[S, random.Random], Any],
    successors: Mapping[type, Callable[[S, Any], S]],
    module: str,
    examples: str,
) -> Playout[S]:
    """A game's ``playout``: the random-play loop on its successors (see `PLAYOUT_DOC`),
    with ``examples`` at the end of its docstring."""

    def playout(state: S, rng: random.Random, *, max_moves: int | None = DEFAULT_MAX_MOVES) -> S:
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

    state_type = _annotation(sample_chance, "state")
    signature = {"state": state_type, "rng": random.Random, "max_moves": int | None}
    publish(playout, module, PLAYOUT_DOC, examples, signature, state_type)
    return playout


def _annotation(function: Callable[..., Any], parameter: str) -> object:
    """The type of ``function``'s ``parameter``, resolved in the function's module (only
    that one: other annotations may name what the module imports for type checking)."""
    hint = function.__annotations__[parameter]
    return eval(hint, function.__globals__) if isinstance(hint, str) else hint


def publish(
    function: Callable[..., Any],
    module: str,
    doc: str,
    examples: str,
    parameters: dict[str, object] | None = None,
    returns: object = None,
) -> None:
    """Present a function made here as the game's own: its module and name, the shared
    ``doc`` followed by the game's ``examples`` (indented as a ``def``'s docstring, for
    doctest and Sphinx), and, if given, the game's types in its signature."""
    function.__module__ = module
    function.__qualname__ = function.__name__
    text = doc + "\n" + textwrap.dedent(examples).strip("\n") + "\n"
    function.__doc__ = textwrap.indent(text, "    ").lstrip() + "    "
    if parameters is not None:
        function.__annotations__ = {**parameters, "return": returns}
