"""The *Ship's Wheel Card Game* (Ship's Wheel Card Game Company, 2013), 2-6 players.

Draw a card, discard a card, and be the first to hold a hand in which no two cards
share a shape or a colour; Lighthouses are wild, Starfish and Anchors shake up the turn
order and the hands. See the rule reference for every rule and ruling.

>>> import random
>>> from seaview_rules import ships_wheel as sw
>>> state = sw.apply_move(sw.new_game(sw.Rules(players=2)), sw.parse_move("size 4"))
>>> rng = random.Random(7)
>>> while sw.current_player(state) is CHANCE:
...     state = sw.apply_move(state, sw.sample_chance(state, rng))
>>> state.phase, [str(m) for m in sw.legal_moves(state)]
(<Phase.DRAW: 'draw'>, ['draw'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from seaview_rules._core import CHANCE, Game
from seaview_rules.ships_wheel._cards import distance_to_win, is_winning_hand
from seaview_rules.ships_wheel._codec import dumps, loads
from seaview_rules.ships_wheel._model import (
    Card,
    CardTable,
    DeckSpec,
    Ending,
    HandResult,
    Kind,
    Phase,
    Rules,
    Scoring,
    State,
    table_of,
)
from seaview_rules.ships_wheel._moves import (
    Action,
    Deal,
    Discard,
    Move,
    Pass,
    Size,
    Take,
    parse_move,
)
from seaview_rules.ships_wheel._rules import (
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
from seaview_rules.ships_wheel._views import View, view

__all__ = [
    "GAME",
    "Action",
    "Card",
    "CardTable",
    "Deal",
    "DeckSpec",
    "Discard",
    "Ending",
    "HandResult",
    "Kind",
    "Move",
    "Pass",
    "Phase",
    "Rules",
    "Scoring",
    "Size",
    "State",
    "Take",
    "View",
    "apply_move",
    "chance_outcomes",
    "check_move",
    "current_player",
    "distance_to_win",
    "dumps",
    "is_terminal",
    "is_winning_hand",
    "legal_moves",
    "loads",
    "new_game",
    "outcome",
    "parse_move",
    "render",
    "sample_chance",
    "statistics",
    "table_of",
    "view",
]


def statistics(state: State) -> Mapping[str, int]:
    """Counters of a match so far: hands finished, ties among them, and how often the
    discards became the deck (SW-12, SW-13)."""
    return {
        "hands": len(state.results),
        "ties": sum(r.winner is None for r in state.results),
        "reshuffles": sum(r.reshuffles for r in state.results)
        + (state.reshuffles if state.phase is not Phase.OVER else 0),
    }


def _names(state: State, ids: Iterable[int]) -> str:
    return " ".join(str(c) for c in state.cards(ids)) or "(no cards)"


def render(state: State) -> str:
    """A few lines of plain text showing the whole state, hidden cards included.

    >>> print(render(new_game(Rules(players=2))))
    hand 1, dealer 0, size: seat 0 to move
    deck: 48 cards
    seat 0:    0 pts | (no cards) | pile: --
    seat 1:    0 pts | (no cards) | pile: --
    """
    if state.phase is Phase.OVER:
        actor = f"seat {state.player} won the match"
    elif current_player(state) is CHANCE:
        actor = f"chance deals to seat {state.player}"
    else:
        actor = f"seat {state.player} to move"
    size = f", {state.hand_size} cards" if state.hand_size else ""
    lines = [
        f"hand {state.hand_number}, dealer {state.dealer}{size}, {state.phase.value}: {actor}",
        f"deck: {len(state.deck)} cards"
        + (f", reshuffled {state.reshuffles}x" if state.reshuffles else ""),
    ]
    cards = state.rules.table.cards
    for seat, (hand, pile, score) in enumerate(
        zip(state.hands, state.piles, state.scores, strict=True)
    ):
        top = f"{cards[pile[-1]]} ({len(pile)})" if pile else "--"
        pending = state.passing[seat]
        passing = f" | passes {cards[pending]}" if pending is not None else ""
        lines.append(f"seat {seat}: {score:>4} pts | {_names(state, hand)} | pile: {top}{passing}")
    return "\n".join(lines)


def _players(rules: Rules) -> int:
    return rules.players


def _with_players(rules: Rules, players: int) -> Rules:
    return attrs.evolve(rules, players=players)


GAME: Game[Rules, State, Move, View] = Game(
    name="ships_wheel",
    title="Ship's Wheel Card Game",
    min_players=2,
    max_players=6,
    chance=True,
    hidden_information=True,
    rules_type=Rules,
    state_type=State,
    view_type=View,
    new_game=new_game,
    current_player=current_player,
    legal_moves=legal_moves,
    chance_outcomes=chance_outcomes,
    sample_chance=sample_chance,
    check_move=check_move,
    apply_move=apply_move,
    is_terminal=is_terminal,
    outcome=outcome,
    view=view,
    parse_move=parse_move,
    dumps=dumps,
    loads=loads,
    players=_players,
    with_players=_with_players,
    statistics=statistics,
    render=render,
)
"""The Ship's Wheel card game's entry in `seaview_rules.GAMES`."""
