"""Plain text of a Voyage match for terminals and logs (`render`), and its counters
(`statistics`)."""

from __future__ import annotations

from collections.abc import Mapping

from seaview_rules._core import CHANCE, Player
from seaview_rules.voyage._model import Phase, State, View
from seaview_rules.voyage._rules import current_player


def statistics(state: State) -> Mapping[str, int]:
    """Counters of a match so far: rounds finished and draw-pile rebuilds (VOY-6)."""
    return {
        "rounds": len(state.results),
        "reshuffles": sum(r.reshuffles for r in state.results) + state.reshuffles,
    }


def render(shown: State | View) -> str:
    """A few lines of plain text showing a state, hidden cards included, or a view: what
    its seat sees, the hands it cannot see as counts.

    >>> from seaview_rules.voyage import Rules, apply_move, new_game, parse_move, view
    >>> print(render(new_game(Rules(players=2))))
    round 1, dealer 0, deal: chance deals to seat 1
    discard: -- (0 under), draw pile: 39
    seat 0:    0 pts | (no cards)
    seat 1:    0 pts | (no cards)
    >>> state = new_game(Rules(players=2, hand_size=1))
    >>> for text in ("deal R1", "deal B5"):
    ...     state = apply_move(state, parse_move(text))
    >>> print(render(view(state, 1)))
    round 1, dealer 0, lead: seat 1 to move (seen by seat 1)
    discard: -- (0 under), draw pile: 37
    seat 0:    0 pts | 1 card
    seat 1:    0 pts | R1
    """
    if isinstance(shown, View):
        to_move = shown.to_move
        sizes = shown.hand_sizes
        draw_pile = shown.draw_pile_size
        hands = [_hidden(size) for size in sizes]
        if shown.hand is not None and shown.seat is not None:
            hands[shown.seat] = str(shown.hand) or "(no cards)"
        seen = f" (seen by {'a spectator' if shown.seat is None else f'seat {shown.seat}'})"
    else:
        to_move = current_player(shown)
        draw_pile = len(shown.draw_pile)
        hands = [str(hand) or "(no cards)" for hand in shown.hands]
        seen = ""
    lines = [
        f"round {shown.round}, dealer {shown.dealer}, {shown.phase.value}: "
        f"{_actor(shown.phase, shown.player, to_move)}{seen}"
    ]
    if shown.results:
        last = shown.results[-1]
        left = "/".join(map(str, last.cards_left))
        lines.append(f"last round: seat {last.winner} went out, +{last.points} (cards left {left})")
    top = str(shown.discard_top) if shown.discard_top else "--"
    lines.append(f"discard: {top} ({len(shown.discard_under)} under), draw pile: {draw_pile}")
    for seat, (hand, score) in enumerate(zip(hands, shown.scores, strict=True)):
        lines.append(f"seat {seat}: {score:>4} pts | {hand}")
    return "\n".join(lines)


def _actor(phase: Phase, player: int, to_move: Player | None) -> str:
    if phase is Phase.OVER:
        return f"match over, seat {player} wins"
    if to_move is CHANCE:
        return f"chance deals to seat {player}"
    return f"seat {player} to move"


def _hidden(size: int) -> str:
    return f"{size} card{'s' * (size != 1)}"
