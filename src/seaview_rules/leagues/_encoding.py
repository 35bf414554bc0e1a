"""The 20,000 Leagues diver game for learning agents: its encoding for the adapters of
`seaview_rules.pettingzoo` and `seaview_rules.openspiel`.

>>> from seaview_rules import leagues
>>> rules = leagues.Rules(players=2)
>>> state = leagues.new_game(rules)
>>> out = [0.0] * ENCODING.size(rules)
>>> at = {segment.name: segment.start for segment in ENCODING.layout(rules)}
>>> ENCODING.write(leagues.view(state, 1), rules, out, at)
>>> len(out), out[at["phase"] : at["phase"] + 3]
(425, [1.0, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Mapping

from seaview_rules.encoding import Encoding, Segment, Vector, relative_seat
from seaview_rules.leagues._model import Phase, Rules, State
from seaview_rules.leagues._moves import Move, Spin, every_move
from seaview_rules.leagues._pieces import Direction
from seaview_rules.leagues._rulebook import POINTS
from seaview_rules.leagues._views import View

__all__ = ["ENCODING"]

_PHASES = tuple(Phase)


def segments(rules: Rules) -> tuple[Segment, ...]:
    """The parts of a seat's observation: the divers' squares, how each got there, the
    phase, the seat to spin, the order of play and the last spin."""
    squares = rules.board.rows * rules.board.columns
    p = rules.players
    spins = len(every_move(rules))
    return (
        Segment(
            "positions",
            (p, squares),
            "each diver's square (row by row, from the top left), one-hot, by relative seat",
        ),
        Segment(
            "placed",
            (p,),
            "1 for each diver (by relative seat) put on his square rather than walking there (LEA-R9, LEA-R11)",
        ),
        Segment("phase", (len(_PHASES),), "the phase, one-hot: order, spin, over"),
        Segment(
            "player", (p,), "the seat to spin (the winner at the end), one-hot by relative seat"
        ),
        Segment(
            "order",
            (p, p),
            "each seat's place in the order of play (by relative seat), one-hot; 0 until it is settled (LEA-2)",
        ),
        Segment(
            "last_spin",
            (spins,),
            "the last spin (in chance outcome order), one-hot; 0 at the start",
        ),
    )


def write(view: View, rules: Rules, out: Vector, at: Mapping[str, int]) -> None:
    """Write the encoding of a seat's view into the zeroed ``out``, each segment from
    its offset in ``at``."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no encoding: it is a seat's")
    p = rules.players
    squares = rules.board.rows * rules.board.columns
    positions, placed = at["positions"], at["placed"]
    for s in range(p):
        r = relative_seat(seat, s, p)
        out[positions + r * squares + view.positions[s]] = 1.0
        out[placed + r] = float(view.placed[s])
    out[at["phase"] + _PHASES.index(view.phase)] = 1.0
    out[at["player"] + relative_seat(seat, view.player, p)] = 1.0
    order = at["order"]
    for place, s in enumerate(view.order):
        out[order + relative_seat(seat, s, p) * p + place] = 1.0
    spin = view.last_spin
    if spin is not None:  # every_move's order: by number, then right before left
        out[at["last_spin"] + (spin.number - 1) * 2 + (spin.direction is Direction.LEFT)] = 1.0


def is_spin(move: Move) -> bool:
    """Whether a move is chance's: every move is a spin."""
    return isinstance(move, Spin)


def max_game_length(rules: Rules) -> int:
    """``20 * rows * players`` spins (1,600 by default): random 4-player games took at
    most 332 spins in 300 games."""
    return 20 * rules.board.rows * rules.players


def max_score(rules: Rules) -> int:
    """What the winner scores: a race scores only its winner (LEA-1)."""
    return POINTS


def scores(state: State) -> tuple[int, ...]:
    """Each seat's total so far: 0, since a race scores only its winner, at the end."""
    return (0,) * state.rules.players


ENCODING: Encoding[Rules, State, Move, View] = Encoding(
    chance_move=is_spin,
    segments=segments,
    write=write,
    max_game_length=max_game_length,
    max_score=max_score,
    scores=scores,
)
"""20,000 Leagues for the agents' adapters (`seaview_rules.Game.encoding`)."""
