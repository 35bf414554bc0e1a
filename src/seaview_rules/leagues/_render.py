"""Plain-text pictures of 20,000 Leagues states, and the last spin in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from seaview_rules.leagues._model import Event, EventKind, Phase, State

if TYPE_CHECKING:
    from seaview_rules.leagues._board import Board

_WORDS = {
    EventKind.MOVE: "moved to {square}",
    EventKind.BOUNCE: "bounced at {square}",
    EventKind.BLOCKED: "is blocked at the row's end on {square}",
    EventKind.ARROW: "took the arrow down to {square}",
    EventKind.STARFISH: "took the starfish down to {square}",
    EventKind.OCTOPUS: "was sent up by the octopus to {square}",
    EventKind.TAKEN: "found {square} taken",
    EventKind.COLLISION: "landed on another diver at {square}",
    EventKind.RISE: "rose to {square}",
    EventKind.START: "went back to the start",
    EventKind.EXTRA_SPIN: "spins again",
    EventKind.WIN: "reached the red arrow and wins",
    EventKind.TIE: "tied",
    EventKind.ORDER: "plays first",
}


def _where(board: Board, square: int | None) -> str:
    return "" if square is None else str(board.coordinates(square))


def describe(state: State) -> str:
    """The last spin and everything it did, in one line of words.

    >>> from seaview_rules import leagues
    >>> rules = leagues.Rules(players=2, spin_off=False,
    ...                       board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> state = leagues.apply_move(leagues.new_game(rules), leagues.parse_move("3L"))
    >>> describe(state)
    'seat 0 spun 3L: moved to (1, 4), took the arrow down to (2, 4), spins again'
    """
    if state.last_spin is None:
        return "no spin yet"
    board = state.rules.board
    events = state.events
    head = events[0]
    if head.kind is EventKind.ORDER_SPIN:
        text = f"seat {head.seat} spun {state.last_spin} for the order of play"
        tied = [str(e.seat) for e in events if e.kind is EventKind.TIE]
        if tied:
            text += f"; seats {', '.join(tied)} tied and spin again"
        if events[-1].kind is EventKind.ORDER:
            text += f"; order of play: {' '.join(str(s) for s in state.order)}"
        return text
    return f"seat {head.seat} spun {state.last_spin}: " + ", ".join(_say(board, e) for e in events)


def _say(board: Board, event: Event) -> str:
    return _WORDS[event.kind].format(square=_where(board, event.square))


def render(state: State) -> str:
    """The board with every diver (shown by seat number), then whose spin it is and
    what the last spin did. Squares: ``S`` start, ``v`` arrow, ``*`` starfish,
    ``@`` octopus, ``X`` red arrow, ``.`` yellow.

    >>> from seaview_rules import leagues
    >>> rules = leagues.Rules(players=2, spin_off=False,
    ...                       board=leagues.Board.from_rows(["S..v", "..v.", ".X.."]))
    >>> print(render(leagues.apply_move(leagues.new_game(rules), leagues.parse_move("2R"))))
            1 2 3 4
     1,000  S . 0 v   start: 1
     2,000  . . v .
     3,000  . X . .
    seat 1 to spin (1 turns, 1 spins so far)
    last: seat 0 spun 2R: moved to (1, 3)
    """
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
    lines.append(status)
    if state.last_spin is not None:
        lines.append(f"last: {describe(state)}")
    return "\n".join(lines)
