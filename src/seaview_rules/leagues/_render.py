"""20,000 Leagues states for people and tools: a plain-text picture (`render`) and the
counters of a game (`statistics`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from seaview_rules.leagues._model import Phase, State
from seaview_rules.leagues._rules import describe
from seaview_rules.leagues._views import View, state_of

if TYPE_CHECKING:
    from collections.abc import Mapping


def render(obj: State | View, *, before: State | View | None = None) -> str:
    """The board with every diver (shown by seat number), then whose spin it is and
    the last spin (`describe`): given the state or view ``before`` it, everything that
    spin did; without it, what the position says of it. Squares: ``S`` start, ``v``
    arrow, ``*`` starfish, ``@`` octopus, ``X`` red arrow, ``.`` yellow. The game hides
    nothing, so a view shows what its state shows, and says whose view it is.

    >>> from seaview_rules import leagues
    >>> rules = leagues.Rules(players=2, spin_off=False,
    ...                       board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> start = leagues.new_game(rules)
    >>> after = leagues.apply_move(start, leagues.parse_move("2R"))
    >>> print(render(after, before=start))
            1 2 3 4
     1,000  S . 0 v   start: 1
     2,000  . . v .
     3,000  . X . .
    seat 1 to spin (1 turns, 1 spins so far)
    last: seat 0 spun 2 right: moved to (1, 3)
    >>> print(render(after).splitlines()[-1])
    last: seat 0 spun 2 right
    >>> print(render(leagues.view(leagues.new_game(rules), 1)).splitlines()[-1])
    seat 0 to spin (0 turns, 0 spins so far), seen by seat 1
    """
    state = obj if isinstance(obj, State) else state_of(obj)
    board = state.rules.board
    cells = [k.value for k in board.squares]
    at_start = [str(seat) for seat, p in enumerate(state.positions) if p == board.start]
    for seat, square in enumerate(state.positions):
        if square != board.start:
            cells[square] = str(seat)
    width = len(str(board.columns))
    lines = [" " * 8 + " ".join(f"{c:<{width}}" for c in range(1, board.columns + 1)).rstrip()]
    for row in range(board.rows):
        squares = " ".join(
            f"{c:<{width}}" for c in cells[row * board.columns : (row + 1) * board.columns]
        )
        label = f"{(row + 1) * 1000:>6,}  {squares}"
        if row == board.start // board.columns and at_start:
            label += f"   start: {' '.join(at_start)}"
        lines.append(label.rstrip())
    if state.phase is Phase.OVER:
        status = f"seat {state.player} won (after {state.spins} spins)"
    elif state.phase is Phase.ORDER:
        status = f"seat {state.player} to spin for the order of play"
    else:
        status = f"seat {state.player} to spin ({state.turns} turns, {state.spins} spins so far)"
    if isinstance(obj, View):
        status += f", seen by {'a spectator' if obj.seat is None else f'seat {obj.seat}'}"
    lines.append(status)
    if state.last_spin is not None:
        previous = before if before is None or isinstance(before, State) else state_of(before)
        lines.append(f"last: {describe(state, previous)}")
    return "\n".join(lines)


def statistics(state: State) -> Mapping[str, int]:
    """Counters of a game so far: spins and turns in play, extra spins, and the spins
    of the spin-off for the order of play (LEA-2).

    >>> from seaview_rules.leagues import Rules, new_game
    >>> statistics(new_game(Rules(players=2)))
    {'spins': 0, 'turns': 0, 'extra_spins': 0, 'order_spins': 0}
    """
    return {
        "spins": state.spins,
        "turns": state.turns,
        "extra_spins": state.spins - state.turns,
        "order_spins": state.order_spins,
    }
