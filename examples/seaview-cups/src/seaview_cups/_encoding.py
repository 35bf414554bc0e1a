"""Dice under Cups for learning agents: the encoding of a seat's view that the agents'
adapters (`seaview_rules.pettingzoo`, `seaview_rules.openspiel`) observe.

Every number comes from the seat's `View` alone and lies in ``[0, 1]``; seats are
counted from the observing seat (0 itself, 1 the next seat, ...).

>>> from seaview_cups import Rules, apply_move, new_game, parse_move, view
>>> rules = Rules(players=2)
>>> state = new_game(rules)
>>> for text in ("roll 5", "roll 2"):
...     state = apply_move(state, parse_move(text))
>>> at = {segment.name: segment.start for segment in ENCODING.layout(rules)}
>>> out = [0.0] * ENCODING.size(rules)
>>> ENCODING.write(view(state, 0), rules, out, at)
>>> len(out), out[at["die"] : at["die"] + 6], out[at["cups"] : at["cups"] + 2]
(30, [0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [1.0, 1.0])
"""

from __future__ import annotations

from collections.abc import Mapping

from seaview_cups._model import FACES, Move, Phase, Roll, Rules, State, View
from seaview_cups._rules import has_die
from seaview_rules.encoding import Encoding, Segment, Vector, clipped, relative_seat

__all__ = ["ENCODING"]

_PHASES = tuple(Phase)


def segments(rules: Rules) -> tuple[Segment, ...]:
    """The parts of a seat's observation under ``rules``."""
    p = rules.players
    return (
        Segment("die", (FACES,), "the seat's own die, one-hot (all 0 while it has none)"),
        Segment("cups", (p,), "1 for each seat with a die under its cup, by relative seat"),
        Segment("decided", (p,), "1 for each seat that kept or rerolled this round (CUP-2)"),
        Segment("phase", (len(_PHASES),), "the phase, one-hot: roll, decide, reroll, over"),
        Segment("player", (p,), "the seat rolled for or deciding, one-hot by relative seat"),
        Segment("scores", (p,), "each score by relative seat, over the target"),
        Segment("last_round", (p, FACES), "the dice lifted last round (CUP-3), one-hot each"),
    )


def write(seen: View, rules: Rules, out: Vector, at: Mapping[str, int]) -> None:
    """Write the encoding of a seat's view into the zeroed ``out``.

    Raises:
        ValueError: the view is a spectator's.
    """
    seat = seen.seat
    if seat is None:
        raise ValueError("a spectator's view has no encoding: it is a seat's")
    p = rules.players
    if seen.die is not None:
        out[at["die"] + seen.die - 1] = 1.0
    for other in range(p):
        r = relative_seat(seat, other, p)
        out[at["cups"] + r] = 1.0 if has_die(seen, other) else 0.0
        # CUP-2: the seats before the deciding one have decided (the one rerolling too)
        decided = seen.phase is Phase.DECIDE and other < seen.player
        decided |= seen.phase is Phase.REROLL and other <= seen.player
        out[at["decided"] + r] = 1.0 if decided else 0.0
        out[at["scores"] + r] = clipped(seen.scores[other], rules.target)
        if seen.last_round:
            out[at["last_round"] + r * FACES + seen.last_round[other] - 1] = 1.0
    out[at["phase"] + _PHASES.index(seen.phase)] = 1.0
    out[at["player"] + relative_seat(seat, seen.player, p)] = 1.0


def is_roll(move: Move) -> bool:
    """Whether a move is chance's: a roll (CUP-1, CUP-2)."""
    return isinstance(move, Roll)


def max_game_length(rules: Rules) -> int:
    """``100 * players * players * target`` decisions (1,200 for two seats to 3): a game
    takes at most ``players * (target - 1) + 1`` scoring rounds of ``players``
    decisions, and random play ties a round (CUP-3) less than half the time."""
    return 100 * rules.players * rules.players * rules.target


def max_score(rules: Rules) -> int:
    """The target: the game ends when a seat reaches it (CUP-4)."""
    return rules.target


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points so far."""
    return state.scores


ENCODING: Encoding[Rules, State, Move, View] = Encoding(
    chance_move=is_roll,
    segments=segments,
    write=write,
    max_game_length=max_game_length,
    max_score=max_score,
    scores=scores,
)
"""Dice under Cups for the agents' adapters (`seaview_rules.Game.encoding`)."""
