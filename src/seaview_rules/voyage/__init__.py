"""The *Voyage to the Bottom of the Sea* card game (Milton Bradley, 1965), 2-6 players.

Play a card that matches the colour or the number of the top of the discard pile; the
first to empty his hand scores a point per card left in the other hands; the first to
21 points wins the match. See the rule reference for every rule and ruling.

>>> import random
>>> from seaview_rules import voyage
>>> state = voyage.new_game(voyage.Rules(players=2))
>>> rng = random.Random(7)
>>> while voyage.current_player(state) is CHANCE:
...     state = voyage.apply_move(state, voyage.sample_chance(state, rng))
>>> state.phase, len(voyage.legal_moves(state))
(<Phase.LEAD: 'lead'>, 6)
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from seaview_rules._core import CHANCE, Game
from seaview_rules.voyage._codec import dumps, from_dict, loads, to_dict
from seaview_rules.voyage._events import (
    DealDone,
    Dealt,
    Drew,
    Kept,
    MustDraw,
    Passed,
    PileRebuilt,
    Played,
    WentOut,
    events,
    narrate,
)
from seaview_rules.voyage._model import (
    CARDS,
    Card,
    CardSet,
    Colour,
    Phase,
    RoundResult,
    Rules,
    State,
)
from seaview_rules.voyage._moves import DEALS, PLAYS, Action, Deal, Move, Play, parse_move
from seaview_rules.voyage._playout import determinize, playout
from seaview_rules.voyage._rules import (
    apply_move,
    chance_outcomes,
    check_move,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
    sample_chance,
)
from seaview_rules.voyage._views import View, view

__all__ = [
    "CARDS",
    "DEALS",
    "GAME",
    "PLAYS",
    "Action",
    "Card",
    "CardSet",
    "Colour",
    "Deal",
    "DealDone",
    "Dealt",
    "Drew",
    "Kept",
    "Move",
    "MustDraw",
    "Passed",
    "Phase",
    "PileRebuilt",
    "Play",
    "Played",
    "RoundResult",
    "Rules",
    "State",
    "View",
    "WentOut",
    "apply_move",
    "chance_outcomes",
    "check_move",
    "current_player",
    "determinize",
    "dumps",
    "events",
    "every_move",
    "from_dict",
    "is_terminal",
    "legal_moves",
    "loads",
    "narrate",
    "new_game",
    "outcome",
    "parse_move",
    "playout",
    "render",
    "rules_applied",
    "sample_chance",
    "statistics",
    "to_dict",
    "view",
]


def statistics(state: State) -> Mapping[str, int]:
    """Counters of a match so far: rounds finished and draw-pile rebuilds (VOY-6)."""
    return {
        "rounds": len(state.results),
        "reshuffles": sum(r.reshuffles for r in state.results) + state.reshuffles,
    }


def render(state: State) -> str:
    """A few lines of plain text showing the whole state, hidden cards included.

    >>> print(render(new_game(Rules(players=2))))
    round 1, dealer 0, deal: chance deals to seat 1
    discard: -- (0 under), draw pile: 39
    seat 0:    0 pts | (no cards)
    seat 1:    0 pts | (no cards)
    """
    if state.phase is Phase.OVER:
        actor = f"match over, seat {state.player} wins"
    elif current_player(state) is CHANCE:
        actor = f"chance deals to seat {state.player}"
    else:
        actor = f"seat {state.player} to move"
    top = str(state.discard_top) if state.discard_top else "--"
    lines = [f"round {state.round}, dealer {state.dealer}, {state.phase.value}: {actor}"]
    if state.results:
        last = state.results[-1]
        left = "/".join(map(str, last.cards_left))
        lines.append(f"last round: seat {last.winner} went out, +{last.points} (cards left {left})")
    lines.append(
        f"discard: {top} ({len(state.discard_under)} under), draw pile: {len(state.draw_pile)}"
    )
    for seat, (hand, score) in enumerate(zip(state.hands, state.scores, strict=True)):
        lines.append(f"seat {seat}: {score:>4} pts | {hand or '(no cards)'}")
    return "\n".join(lines)


def every_move(rules: Rules) -> tuple[Move, ...]:
    """Every move of a match under ``rules``, legal or not, in a fixed order: the plays
    and the deals of the deck's cards, then draw, keep and pass.

    >>> len(every_move(Rules())), [str(m) for m in every_move(Rules(players=2, colours=1, numbers=2, hand_size=1))]
    (81, ['R1', 'R2', 'deal R1', 'deal R2', 'draw', 'keep', 'pass'])
    """
    cards = [card.index for card in rules.deck]
    return (*(PLAYS[i] for i in cards), *(DEALS[i] for i in cards), *Action)


def rules_applied(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The rules and rulings that the legal ``move`` from ``before`` to ``after``
    exercised, by ID.

    >>> state = new_game(Rules(players=2))
    >>> rules_applied(state, parse_move("deal R1"), apply_move(state, parse_move("deal R1")))
    ('VOY-1', 'VOY-R1', 'VOY-R2', 'VOY-R6', 'VOY-R7')
    """
    applied = []
    if isinstance(move, Deal):
        if before.phase is Phase.DEAL:
            applied += ["VOY-1", "VOY-R1", "VOY-R7"]
            if not before.results:
                applied.append("VOY-R6")
        else:
            applied += ["VOY-4", "VOY-R4"]
        applied.append("VOY-R2")
    elif isinstance(move, Play):
        applied.append({Phase.LEAD: "VOY-2", Phase.TURN: "VOY-3"}.get(before.phase, "VOY-R4"))
        if before.discard_top is not None:
            applied.append("VOY-R9")  # the old top stays in sight under the card played
        if len(after.results) > len(before.results):
            applied.append("VOY-5")
            applied += ["VOY-8"] if after.phase is Phase.OVER else ["VOY-7", "VOY-R8"]
    elif move is Action.DRAW:
        applied.append("VOY-4")
        if not before.rules.must_play and len(legal_moves(before)) > 1:
            applied.append("VOY-R3")
        if after.reshuffles > before.reshuffles:
            applied += ["VOY-6", "VOY-R5", "VOY-R9"]  # the rebuilt pile's cards are hidden
            if before.reshuffles:
                applied.append("VOY-R10")  # a rebuild after the first: no limit
    else:
        applied.append("VOY-R4" if move is Action.KEEP else "VOY-R5")
    return tuple(sorted(applied))


GAME: Game[Rules, State, Move, View] = Game.from_package(
    sys.modules[__name__],
    name="voyage",
    title="Voyage to the Bottom of the Sea card game",
    min_players=2,
    max_players=6,
    chance=True,
    hidden_information=True,
)
"""The Voyage card game's entry in `seaview_rules.GAMES`."""
