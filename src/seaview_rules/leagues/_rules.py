"""The 20,000 Leagues engine: chance, and the consequences of every spin.

The printed rules give a diver no choice: every move is a spin of the chance player,
and every node but the end of the game is a chance node. `_transition` checks a spin
and returns the next state (with the events that explain it) or the `Violation`;
`apply_move` and `check_move` wrap it, and refuse first a spin that a seat sends
(API-SEAT). Movement, effect targets and the squares a rise may stop on come from
tables precomputed for the board and spinner (`Rules.tables`).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from seaview_rules._core import (
    CHANCE,
    IllegalMoveError,
    Outcome,
    Player,
    Termination,
    Violation,
    seat_violation,
    trusted_constructor,
)
from seaview_rules.leagues._board import SquareKind
from seaview_rules.leagues._model import Event, EventKind, Phase, Rules, State
from seaview_rules.leagues._moves import Move, Spin

if TYPE_CHECKING:
    import random
    from fractions import Fraction

_MOVE, _BOUNCE, _BLOCKED = EventKind.MOVE, EventKind.BOUNCE, EventKind.BLOCKED
_TAKEN, _COLLISION, _RISE, _START = (
    EventKind.TAKEN,
    EventKind.COLLISION,
    EventKind.RISE,
    EventKind.START,
)
_EXTRA, _WIN = EventKind.EXTRA_SPIN, EventKind.WIN
_OCTOPUS = SquareKind.OCTOPUS
_state = trusted_constructor(State)
# Events too: through attrs' frozen __init__, the two or three events of a spin cost a
# seventh of a random game's instructions (benchmarks/instructions.py, 4 players: 39,300
# instructions per spin with Event(...), 33,900 with _event(...)).
_event = trusted_constructor(Event)
_EFFECT_EVENTS = {
    SquareKind.ARROW: EventKind.ARROW,
    SquareKind.STARFISH: EventKind.STARFISH,
    SquareKind.OCTOPUS: EventKind.OCTOPUS,
}


def new_game(rules: Rules = Rules()) -> State:  # noqa: B008 - Rules is frozen
    """Every diver on the start square (LEA-3); the spin-off for the order of play is
    about to begin (LEA-2), or with ``spin_off=False`` seat 0 is about to spin.

    >>> state = new_game(Rules(players=3))
    >>> state.phase, current_player(state), state.positions
    (<Phase.ORDER: 'order'>, CHANCE, (0, 0, 0))
    """
    seats = tuple(range(rules.players))
    positions = (rules.board.start,) * rules.players
    placed = (True,) * rules.players  # put on the start square (LEA-3)
    if rules.spin_off:
        return _state(rules, Phase.ORDER, 0, positions, placed, (), (seats,), (), 0, 0, 0, None, ())
    return _state(rules, Phase.SPIN, 0, positions, placed, seats, (), (), 0, 0, 0, None, ())


def current_player(state: State) -> Player | None:
    """`CHANCE` until the game is over (every move is a spin), then ``None``: no seat
    is ever to move. `State.player` says whose diver spins next, and at the end who won.

    >>> current_player(new_game(Rules(players=2)))
    CHANCE
    """
    return None if state.phase is Phase.OVER else CHANCE


def is_terminal(state: State) -> bool:
    """Whether a diver reached the red arrow (LEA-1)."""
    return state.phase is Phase.OVER


def outcome(state: State) -> Outcome | None:
    """The winner once a diver reached the red arrow, else ``None`` (LEA-1)."""
    if state.phase is not Phase.OVER:
        return None
    scores = tuple(int(seat == state.player) for seat in range(state.rules.players))
    return Outcome(state.player, scores, Termination.TREASURE)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The spins the spinner can show, in the spinner's order (LEA-R2); after the
    game, nothing.

    >>> from seaview_rules.leagues import Spinner
    >>> state = new_game(Rules(players=2, spinner=Spinner.parse("1R 2L 1R")))
    >>> [str(m) for m in legal_moves(state)]
    ['1R', '2L']
    """
    if state.phase is Phase.OVER:
        return ()
    return state.rules.tables.outcomes


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Every spin with its exact probability: the weights of its segments over the
    spinner's total weight (LEA-R2); after the game, nothing.

    >>> from seaview_rules.leagues import Spinner
    >>> state = new_game(Rules(players=2, spinner=Spinner.parse("1R 2L 1R*2")))
    >>> [(str(m), str(p)) for m, p in chance_outcomes(state)]
    [('1R', '3/4'), ('2L', '1/4')]
    """
    if state.phase is Phase.OVER:
        return ()
    return state.rules.tables.chances


def sample_chance(state: State, rng: random.Random) -> Move:
    """A spin drawn from ``rng`` with exactly the `chance_outcomes` distribution.

    Raises:
        IllegalMoveError: the game is over.
    """
    if state.phase is Phase.OVER:
        raise IllegalMoveError(Violation("API-OVER", "the game is over"))
    t = state.rules.tables
    if t.expanded is not None:
        return t.outcomes[t.expanded[rng.randrange(t.total)]]
    return t.outcomes[bisect_right(t.cumulative, rng.randrange(t.total))]


def check_move(state: State, move: Move, *, seat: int | None = None) -> Violation | None:
    """The rule that ``move`` would break in ``state``, or ``None`` if it is legal; with
    ``seat``, also API-SEAT, which refuses every spin a seat sends (see `apply_move`).

    >>> from seaview_rules.leagues import parse_move
    >>> check_move(new_game(), parse_move("9R"))
    Violation(rule='LEA-R2', reason='the spinner has no 9R segment')
    >>> check_move(new_game(), parse_move("3R"), seat=0)
    Violation(rule='API-SEAT', reason="the next move is a chance outcome, not seat 0's")
    """
    if seat is not None:  # only a server's calls pay for the seat check
        refused = _seat_refusal(state, seat)
        if refused is not None:
            return refused
    result = _transition(state, move)
    return result if isinstance(result, Violation) else None


def apply_move(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the spin ``move``. ``state`` itself never changes.

    Args:
        state: the state to spin from.
        move: the spin.
        seat: the seat that sends the move, for a server. Every move is a spin of the
            chance player, so a spin sent by any seat is refused (API-SEAT; API-OVER
            once the game is over) before the spin itself is looked at. ``None`` (the
            default) checks no seat: the spin is chance's.

    Raises:
        IllegalMoveError: the move is not legal in ``state``; it names the rule.

    >>> from seaview_rules.leagues import parse_move
    >>> state = new_game(Rules(players=2, spin_off=False))
    >>> after = apply_move(state, parse_move("3L"))
    >>> state.positions, after.positions, after.player
    ((0, 0), (3, 0), 1)
    >>> apply_move(state, parse_move("3L"), seat=0)
    Traceback (most recent call last):
    ...
    seaview_rules.IllegalMoveError: API-SEAT: the next move is a chance outcome, not seat 0's
    """
    if seat is not None:  # only a server's calls pay for the seat check
        refused = _seat_refusal(state, seat)
        if refused is not None:
            raise IllegalMoveError(refused)
    result = _transition(state, move)
    if isinstance(result, Violation):
        raise IllegalMoveError(result)
    return result


_GAME_OVER = Violation("API-OVER", "the game is over: a diver reached the red arrow")


def _seat_refusal(state: State, seat: int) -> Violation | None:
    # API-OVER comes first, then API-SEAT, whose reason says only who is to move.
    if state.phase is Phase.OVER:
        return _GAME_OVER
    return seat_violation(current_player(state), seat)


def _transition(state: State, move: Move) -> State | Violation:
    phase = state.phase
    if phase is Phase.OVER:
        return _GAME_OVER
    if type(move) is not Spin:
        return Violation("API-MOVE", f"{move!r} is not a 20,000 Leagues move")
    k = state.rules.tables.index.get(move)
    if k is None:
        return Violation("LEA-R2", f"the spinner has no {move} segment")
    if phase is Phase.SPIN:
        return _spin(state, move, k)
    return _order_spin(state, move)


def _order_spin(state: State, move: Spin) -> State:
    # LEA-2, LEA-R3: every seat of the group now spinning spins once, in seat order;
    # then the group is ranked by number, highest first, and tied seats spin again.
    seat = state.player
    groups = state.groups
    current = next(i for i, g in enumerate(groups) if len(g) > 1)
    group = groups[current]
    spun = (*state.spun, move.number)
    events = [_event(EventKind.ORDER_SPIN, seat, None)]
    rules = state.rules
    if len(spun) < len(group):
        return _state(
            rules, Phase.ORDER, group[len(spun)], state.positions, state.placed, (), groups, spun,
            0, 0, state.order_spins + 1, move, tuple(events),
        )  # fmt: skip
    ranked = tuple(
        tuple(s for s, n in zip(group, spun, strict=True) if n == number)
        for number in sorted(set(spun), reverse=True)
    )
    events.extend(_event(EventKind.TIE, s, None) for g in ranked if len(g) > 1 for s in g)
    groups = (*groups[:current], *ranked, *groups[current + 1 :])
    tied = next((g for g in groups if len(g) > 1), None)
    if tied is not None:
        return _state(
            rules, Phase.ORDER, tied[0], state.positions, state.placed, (), groups, (),
            0, 0, state.order_spins + 1, move, tuple(events),
        )  # fmt: skip
    order = tuple(g[0] for g in groups)
    events.append(_event(EventKind.ORDER, order[0], None))
    return _state(
        rules, Phase.SPIN, order[0], state.positions, state.placed, order, (), (),
        0, 0, state.order_spins + 1, move, tuple(events),
    )  # fmt: skip


def _spin(state: State, move: Spin, k: int) -> State:
    rules = state.rules
    t = rules.tables
    seat = state.player
    positions = state.positions
    here = positions[seat]
    placed = state.placed
    was_placed = placed[seat]
    previous = state.events
    # A turn begins with a spin that is not an extra spin (LEA-7, LEA-9).
    turns = state.turns if previous and previous[-1].kind is _EXTRA else state.turns + 1
    # LEA-R9, LEA-R11: how he came to his square may change his walk (the options).
    landing, bounces = t.moves[was_placed][here][k]
    extra = False
    if landing < 0:
        # LEA-6, LEA-R9: on a row's end square with the wrong letter: no move, turn over.
        events: list[Event] = [_event(_BLOCKED, seat, here)]
        square = here
    else:
        # LEA-3, LEA-4, LEA-5: the walk (bounces included) comes from the tables.
        events = [_event(_BOUNCE, seat, b) for b in bounces] if bounces else []
        events.append(_event(_MOVE, seat, landing))
        others = positions[:seat] + positions[seat + 1 :]
        square = landing
        if landing == t.red:
            pass  # LEA-1: landing on the red arrow wins
        elif landing in others and landing != t.start:
            # LEA-11: landed on another diver (the start square holds any number, LEA-R4).
            events.append(_event(_COLLISION, seat, landing))
            if landing < t.columns:
                events.append(_event(_START, seat, t.start))  # in row 1: back to the start
                square = t.start
            else:
                square = _rise(t.above[landing], others, seat, events, t.start)
        else:
            target = t.target[landing]
            if target >= 0:
                # LEA-R5: only the square where the move ends acts, and only once.
                kind = t.kinds[landing]
                if target in others:
                    # LEA-8, LEA-9, LEA-10: the square it sends him to is taken: rise
                    # (from where LEA-R10 and its option say, for a starfish).
                    events.append(_event(_TAKEN, seat, target))
                    square = _rise(t.rise[landing], others, seat, events, t.start)
                    # LEA-R6: no extra spin without a real descent (a rise from below a
                    # starfish may end below its row), unless the option says so.
                    extra = kind is not _OCTOPUS and (
                        rules.extra_spin_after_rise or square // t.columns > landing // t.columns
                    )
                else:
                    # LEA-7, LEA-9: down and spin again; LEA-10: up, no extra spin.
                    events.append(_event(_EFFECT_EVENTS[kind], seat, target))
                    square = target
                    extra = kind is not _OCTOPUS
        # He walked to his square, unless an effect or a penalty put him elsewhere.
        if (square != landing) is not was_placed:
            placed = (*placed[:seat], not was_placed, *placed[seat + 1 :])
    new_positions = (*positions[:seat], square, *positions[seat + 1 :])
    if square == t.red:
        # LEA-1, LEA-R8: landing on or being placed on the red arrow wins at once.
        events.append(_event(_WIN, seat, square))
        return _state(
            rules, Phase.OVER, seat, new_positions, placed, state.order, (), (),
            state.spins + 1, turns, state.order_spins, move, tuple(events),
        )  # fmt: skip
    if extra:
        events.append(_event(_EXTRA, seat, square))
        player = seat
    else:
        order = state.order
        player = order[order.index(seat) + 1 - len(order)]  # LEA-2: in the settled order
    return _state(
        rules, Phase.SPIN, player, new_positions, placed, state.order, (), (),
        state.spins + 1, turns, state.order_spins, move, tuple(events),
    )  # fmt: skip


def _rise(
    above: tuple[int, ...], others: tuple[int, ...], seat: int, events: list[Event], start: int
) -> int:
    # LEA-R7: up the same column, row by row, to the first yellow square with no diver;
    # LEA-12: none up to row 1, back to the start.
    for square in above:
        if square not in others:
            events.append(_event(_RISE, seat, square))
            return square
    events.append(_event(_START, seat, start))
    return start
