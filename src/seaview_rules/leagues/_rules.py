"""The 20,000 Leagues rules: chance, the consequences of every spin, and the rules a
spin exercised (how divers walk, LEA-3 to LEA-6, and the search that proves a board
winnable, LEA-R1, are the tables of `seaview_rules.leagues._tables`).

The printed rules give a diver no choice: every move is a spin of the chance player,
and every node but the end of the game is a chance node. `_violation` finds the rule a
spin breaks, without building anything; `_spin` builds the state after a legal spin
and, when it is given a `~seaview_rules.Trace`, records there, where each rule acts, the
rules it applies and the events that explain it (`seaview_rules._shell.traced`).
`events`, `narrate` and `rules_applied` read that record; the state keeps the position
only. `check_move` refuses API-OVER, API-SEAT and API-MOVE
(`seaview_rules._shell.refusal`) before the game's own rules. Movement, effect targets
and the squares a rise may stop on come from `Tables` precomputed for the board and
spinner (`Rules.tables`) from the rulebook (`seaview_rules.leagues._rulebook`), which
also says who spins again and what a race scores.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from typing import TYPE_CHECKING

from seaview_rules._compiled import Compiled, Kernels
from seaview_rules._core import (
    CHANCE,
    IllegalMoveError,
    Outcome,
    Player,
    Trace,
    Violation,
)
from seaview_rules._shell import Referee, Successor
from seaview_rules.leagues._events import (
    Blocked,
    Bounced,
    Collided,
    DiverEvent,
    FoundTaken,
    Moved,
    OrderSettled,
    Rose,
    SentBack,
    SentUp,
    SpinsAgain,
    Spun,
    SpunForOrder,
    Tied,
    TookArrow,
    TookStarfish,
    Won,
    redact,
    words,
)
from seaview_rules.leagues._model import Phase, Rules, State, build_state
from seaview_rules.leagues._moves import Move, Spin
from seaview_rules.leagues._pieces import Board, Direction, Square, SquareKind
from seaview_rules.leagues._rulebook import race_outcome, spins_again

if TYPE_CHECKING:
    import random

    from seaview_rules.leagues._views import View


_EFFECTS: dict[SquareKind, tuple[type[DiverEvent], str]] = {
    SquareKind.ARROW: (TookArrow, "LEA-7"),
    SquareKind.STARFISH: (TookStarfish, "LEA-9"),
    SquareKind.OCTOPUS: (SentUp, "LEA-10"),
}
"""The event of each effect square that places the diver, and its rule (LEA-7, LEA-9,
LEA-10)."""
_TAKEN_RULES = {
    SquareKind.ARROW: "LEA-8",
    SquareKind.STARFISH: "LEA-9",
    SquareKind.OCTOPUS: "LEA-10",
}
"""The rule of each effect square whose target square is taken (LEA-8, LEA-9, LEA-10)."""


def new_game(rules: Rules | None = None) -> State:
    """Every diver on the start square (LEA-3); the spin-off for the order of play is
    about to begin (LEA-2), or with ``spin_off=False`` seat 0 is about to spin.
    Without ``rules``, `Rules()`: four divers on the default board and spinner.

    >>> state = new_game(Rules(players=3))
    >>> state.phase, current_player(state), state.positions
    (<Phase.ORDER: 'order'>, CHANCE, (0, 0, 0))
    """
    if rules is None:
        rules = Rules()
    seats = tuple(range(rules.players))
    return build_state(
        rules=rules,
        phase=Phase.ORDER if rules.spin_off else Phase.SPIN,
        player=0,
        extra_spin=False,
        positions=(rules.board.start,) * rules.players,
        placed=(True,) * rules.players,  # put on the start square (LEA-3)
        order=() if rules.spin_off else seats,
        groups=(seats,) if rules.spin_off else (),
        spun=(),
        spins=0,
        turns=0,
        order_spins=0,
        last_spin=None,
    )


def current_player(state: State) -> Player | None:
    """`CHANCE` until the game is over (every move is a spin), then ``None``: no seat
    is ever to move. `State.player` says whose diver spins next, and at the end who won.

    >>> current_player(new_game(Rules(players=2)))
    CHANCE
    """
    return None if state.phase is Phase.OVER else CHANCE


def chance_seat(state: State) -> int | None:
    """The seat whose spin the pending chance move is, or ``None`` once the game is
    over: every move is a spin, made by the diver whose turn it is (LEA-3), or by the
    diver now spinning to settle the order of play (LEA-2), `State.player` in both.

    >>> chance_seat(new_game(Rules(players=2)))
    0
    """
    return None if state.phase is Phase.OVER else state.player


def is_terminal(state: State) -> bool:
    """Whether a diver reached the red arrow (LEA-1)."""
    return state.phase is Phase.OVER


def outcome(state: State | View) -> Outcome | None:
    """The winner once a diver reached the red arrow, else ``None`` (LEA-1); of a view,
    the outcome of the state it shows (every view shows the whole state)."""
    if state.phase is not Phase.OVER:
        return None
    return race_outcome(state.rules.players, state.player)


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
    # The part of the dial it stops on, counted over the segments' weights (LEA-R2).
    return t.outcomes[bisect_right(t.cumulative, rng.randrange(t.total))]


_OVER = Violation("API-OVER", "the game is over: a diver reached the red arrow")


def _violation(state: State, move: Move) -> Violation | None:
    """The rule the well-formed ``move`` breaks in ``state``, or ``None``: only the
    spins the spinner shows are moves, until the game is over."""
    if state.phase is Phase.OVER:
        return _OVER
    if move not in state.rules.tables.index:
        return Violation("LEA-R2", f"the spinner has no {move} segment")
    return None


def _spin(state: State, move: Spin, trace: Trace | None = None) -> State:
    """The state after ``move``, a legal spin in ``state`` (see `_violation`); what it
    did is recorded in ``trace``, if given."""
    if trace is not None:
        # LEA-R1: on a board where every diver can still win; LEA-R2: a spinner's spin.
        trace.add("LEA-R1", "LEA-R2")
    if state.phase is Phase.SPIN:
        return _turn_spin(state, move, trace)
    return _order_spin(state, move, trace)


def _order_spin(state: State, move: Spin, trace: Trace | None = None) -> State:
    # LEA-2, LEA-R3: every seat of the group now spinning spins once, in seat order;
    # then the group is ranked by number, highest first, and tied seats spin again.
    seat = state.player
    groups = state.groups
    current = next(i for i, g in enumerate(groups) if len(g) > 1)
    group = groups[current]
    spun: tuple[int, ...] = (*state.spun, move.number)
    order: tuple[int, ...] = ()
    if trace is not None:
        trace.add("LEA-2", event=SpunForOrder(seat, move))
    if len(spun) < len(group):
        phase, player = Phase.ORDER, group[len(spun)]
    else:
        ranked = tuple(
            tuple(s for s, n in zip(group, spun, strict=True) if n == number)
            for number in sorted(set(spun), reverse=True)
        )
        if trace is not None:
            for tied_group in ranked:
                if len(tied_group) > 1:
                    trace.add("LEA-R3", event=Tied(tied_group))
        groups = (*groups[:current], *ranked, *groups[current + 1 :])
        spun = ()
        tied = next((g for g in groups if len(g) > 1), None)
        if tied is not None:
            phase, player = Phase.ORDER, tied[0]
        else:
            order = tuple(g[0] for g in groups)
            phase, player, groups = Phase.SPIN, order[0], ()
            if trace is not None:
                trace.add("LEA-2", event=OrderSettled(order))
    return build_state(
        rules=state.rules,
        phase=phase,
        player=player,
        extra_spin=False,
        positions=state.positions,
        placed=state.placed,
        order=order,
        groups=groups,
        spun=spun,
        spins=0,
        turns=0,
        order_spins=state.order_spins + 1,
        last_spin=move,
    )


def _turn_spin(state: State, move: Spin, trace: Trace | None = None) -> State:
    rules = state.rules
    t = rules.tables
    seat = state.player
    positions = state.positions
    here = positions[seat]
    placed = state.placed
    was_placed = placed[seat]
    # A turn begins with a spin that is not an extra spin (LEA-7, LEA-9).
    turns = state.turns if state.extra_spin else state.turns + 1
    # LEA-3 to LEA-6, LEA-R4, LEA-R9, LEA-R11: the walk, bounces included, from the
    # tables; how he came to his square may change it (the options).
    landing, bounces = t.moves[was_placed][here][t.index[move]]
    if trace is not None:
        _trace_walk(trace, state, move, landing, bounces)
    extra = False
    if landing is None:
        square = here  # LEA-6, LEA-R9: blocked on a row's end square, his turn is over
    else:
        square = landing
        others = positions[:seat] + positions[seat + 1 :]
        target = t.target[landing]
        if landing == t.red:
            pass  # LEA-1: landing on the red arrow wins
        elif landing in others and landing != t.start:
            # LEA-11: landed on another diver (the start square holds any number, LEA-R4).
            square = _collide(state, landing, others, trace)
        elif target is not None:
            if target in others:
                square, extra = _taken(state, landing, target, others, trace)
            else:
                # LEA-7, LEA-9: down and spin again; LEA-10: up, no extra spin; LEA-R5:
                # only the square where the move ends acts, and only once.
                if trace is not None:
                    effect, rule = _EFFECTS[t.kinds[landing]]
                    trace.add(rule, "LEA-R5", event=effect(seat, rules.board.coordinates(target)))
                square = target
                extra = t.again[landing]
        # He walked to his square, unless an effect or a penalty put him elsewhere.
        if (square != landing) is not was_placed:
            placed = (*placed[:seat], not was_placed, *placed[seat + 1 :])
    if square == t.red:
        # LEA-1, LEA-R8: landing on or being placed on the red arrow wins at once.
        if trace is not None:
            trace.add("LEA-1", "LEA-R8", event=Won(seat, rules.board.coordinates(square)))
        phase, player, extra = Phase.OVER, seat, False
    elif extra:
        if trace is not None:
            trace.add("LEA-R6", event=SpinsAgain(seat, rules.board.coordinates(square)))
        phase, player = Phase.SPIN, seat
    else:
        order = state.order
        # LEA-2: in the settled order.
        phase, player = Phase.SPIN, order[order.index(seat) + 1 - len(order)]
    return build_state(
        rules=rules,
        phase=phase,
        player=player,
        extra_spin=extra,
        positions=(*positions[:seat], square, *positions[seat + 1 :]),
        placed=placed,
        order=state.order,
        groups=(),
        spun=(),
        spins=state.spins + 1,
        turns=turns,
        order_spins=state.order_spins,
        last_spin=move,
    )


def _trace_walk(
    trace: Trace,
    state: State,
    move: Spin,
    landing: Square | None,
    bounces: tuple[Square, ...],
) -> None:
    """The spin, the rulings that decide how the diver walks (the walk itself comes
    from the tables, built by them), and where he walked to or that he is blocked."""
    t = state.rules.tables
    coordinates = state.rules.board.coordinates
    seat = state.player
    here = state.positions[seat]
    was_placed = state.placed[seat]
    columns = t.columns
    trace.add(event=Spun(seat, move, coordinates(here)))
    if here == t.start:
        # LEA-3, LEA-R4: put on the start, he moves right; LEA-R11: so he does (or, with
        # the option, by the letter) after walking onto it.
        trace.add(*(("LEA-3", "LEA-R4") if was_placed else ("LEA-R11",)))
        if coordinates(here)[1] != 1:
            trace.add("LEA-R12")  # from a start that is not the row's left end
    elif was_placed and here % columns == (columns - 1 if move.direction is Direction.RIGHT else 0):
        trace.add("LEA-R9")  # put on an end square, and the letter leads off the row
    if landing is None:
        # LEA-6, LEA-R9: on a row's end square with the wrong letter: no move, turn over.
        trace.add("LEA-6", event=Blocked(seat, coordinates(here)))
        return
    for bounce in bounces:
        trace.add("LEA-5", event=Bounced(seat, coordinates(bounce)))
    trace.add("LEA-4", event=Moved(seat, coordinates(landing)))
    if landing == t.start:
        if any(p == landing for s, p in enumerate(state.positions) if s != seat):
            trace.add("LEA-R4")  # onto the start, where another diver stands
        if coordinates(landing)[1] != 1:
            trace.add("LEA-R12")  # onto a start that is not the row's left end


def _collide(
    state: State, landing: Square, others: tuple[Square, ...], trace: Trace | None
) -> Square:
    """Where a diver whose move ended on another diver's square goes (LEA-11)."""
    rules = state.rules
    t = rules.tables
    seat = state.player
    if trace is not None:
        trace.add("LEA-11", event=Collided(seat, rules.board.coordinates(landing)))
    if landing < t.columns:
        # In row 1: back to the start.
        if trace is not None:
            trace.add("LEA-11", event=SentBack(seat, rules.board.coordinates(t.start)))
        return t.start
    return _rise(t.above[landing], others, seat, t.start, trace, "LEA-11", rules.board)


def _taken(
    state: State,
    landing: Square,
    target: Square,
    others: tuple[Square, ...],
    trace: Trace | None,
) -> tuple[Square, bool]:
    """Where a diver goes, and whether he spins again, when the square the effect he
    landed on sends him to is taken (LEA-8, LEA-9, LEA-10): he rises, from where
    LEA-R10 and its option say for a starfish."""
    rules = state.rules
    t = rules.tables
    seat = state.player
    kind = t.kinds[landing]
    if trace is not None:
        trace.add(_TAKEN_RULES[kind], event=FoundTaken(seat, rules.board.coordinates(target)))
        if kind is SquareKind.STARFISH:
            trace.add("LEA-R10")  # where the rise starts
    square = _rise(t.rise[landing], others, seat, t.start, trace, "LEA-12", rules.board)
    # LEA-R6: no extra spin without a real descent (a rise from below a starfish may
    # end below its row), unless the option says so.
    went_down = square // t.columns > landing // t.columns
    return square, spins_again(kind, went_down, extra_spin_after_rise=rules.extra_spin_after_rise)


def _rise(
    above: tuple[Square, ...],
    others: tuple[Square, ...],
    seat: int,
    start: Square,
    trace: Trace | None,
    back: str,
    board: Board,
) -> Square:
    # LEA-R7: up the same column, row by row, to the first yellow square with no diver;
    # LEA-12: none up to row 1, back to the start (``back`` is the rule that sent him
    # up: LEA-11 after a collision, LEA-12 when the square below an effect is taken).
    for square in above:
        if square not in others:
            if trace is not None:
                trace.add("LEA-R7", event=Rose(seat, board.coordinates(square)))
            return square
    if trace is not None:
        trace.add(back, event=SentBack(seat, board.coordinates(start)))
    return start


def last_spinner(state: State | View) -> int | None:
    """The seat that made the last spin, as far as the position says it, else ``None``
    (no spin yet, or a round of the spin-off has just ended: the groups it left do not
    say whose spin ended it). In play, the diver to spin made it if he spins again
    (LEA-7, LEA-9) or has won (LEA-1), and otherwise the diver before him in the order
    of play (LEA-2); in a round of the spin-off, the tied seat before the one to spin
    (LEA-R3).

    >>> from seaview_rules.leagues import SPINS, Direction
    >>> state = new_game(Rules(players=3, spin_off=False))
    >>> last_spinner(state), last_spinner(_spin(state, SPINS[2, Direction.RIGHT]))
    (None, 0)
    """
    if state.last_spin is None:
        return None
    if state.spins:
        if state.extra_spin or state.phase is Phase.OVER:
            return state.player
        order = state.order
        return order[order.index(state.player) - 1]
    if state.spun:
        tied = next(g for g in state.groups if len(g) > 1)
        return tied[len(state.spun) - 1]
    return None


def describe(state: State, before: State | None = None) -> str:
    """The last spin, in one line of words for the omniscient log. With ``before``, the
    state it was spun in, everything it did (`narrate` of the spin from ``before`` to
    ``state``); without it, what the position itself says: which spin the spinner shows
    and, where the position tells it (`last_spinner`), who spun it.

    >>> from seaview_rules import leagues
    >>> rules = leagues.Rules(players=3, board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> state = leagues.new_game(rules)
    >>> describe(state)
    'no spin yet'
    >>> for text in ("2R", "2L", "1R"):
    ...     before, state = state, leagues.apply_move(state, leagues.parse_move(text))
    >>> describe(state, before)
    'seat 2 spun 1 right for the order of play; seat 0 and seat 1 tied and spin again'
    >>> describe(state)
    'a seat spun 1 right for the order of play'
    >>> describe(leagues.apply_move(state, leagues.parse_move("3R")))
    'seat 0 spun 3 right for the order of play'
    """
    spin = state.last_spin
    if spin is None:
        return "no spin yet"
    if before is not None:
        return narrate(before, spin)  # nothing is hidden: every viewer but a seat reads it
    seat = last_spinner(state)
    who = "a seat" if seat is None else f"seat {seat}"
    return f"{who} spun {spin.words}{'' if state.spins else ' for the order of play'}"


# The successor of each type of move, as in the other games: a spin is the only one, so
# `_spin` tells the order spins from the race's by the phase.
_SUCCESSORS: dict[type, Successor[State]] = {Spin: _spin}


def _seats(state: State) -> int:
    return state.rules.players


def _kernels() -> Kernels[Rules, State]:
    """The compiled playout's kernels: the module imports numba (the ``fast`` extra)."""
    from seaview_rules.leagues._compiled import KERNELS

    return KERNELS


def _every_rules(rules: Rules) -> bool:
    return True


COMPILED: Compiled[Rules, State] = Compiled(load=_kernels, supports=_every_rules)
"""20,000 Leagues' compiled playout (`seaview_rules.leagues._compiled`), which covers
every `Rules` value: every board, spinner and option."""


REFEREE: Referee[State, Move] = Referee(
    game="20,000 Leagues",
    successors=_SUCCESSORS,
    violation=_violation,
    is_terminal=is_terminal,
    over=_OVER,
    current_player=current_player,
    legal_moves=legal_moves,
    sample_chance=sample_chance,
    seats=_seats,
    redact=redact,
    words=words,
    compiled=COMPILED,
)
"""The shared referee of 20,000 Leagues' spins, from the game's own pieces. Every move
is a spin of the chance player, so every spin a seat sends is refused (API-SEAT)."""

check_move = REFEREE.check_move
apply_move = REFEREE.apply_move
events = REFEREE.events
narrate = REFEREE.narrate
rules_applied = REFEREE.rules_applied
playout = REFEREE.playout
