"""Ship's Wheel in plain text and in figures: `render` and `statistics`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from seaview_rules._core import CHANCE
from seaview_rules.ships_wheel._model import Phase, Rules, State, View
from seaview_rules.ships_wheel._pieces import CardId
from seaview_rules.ships_wheel._rules import choosing, current_player


def statistics(state: State) -> Mapping[str, int]:
    """Counters of a match so far: hands finished, ties among them, and how often the
    discards became the deck (SW-12, SW-13)."""
    return {
        "hands": len(state.results),
        "ties": sum(r.winner is None for r in state.results),
        "reshuffles": sum(r.reshuffles for r in state.results)
        + (state.reshuffles if state.phase is not Phase.OVER else 0),
    }


def render(obj: State | View) -> str:
    """A few lines of plain text: from a state, everything, hidden cards included; from
    a seat's view, what that seat sees (its own hand and pass, the other hands as card
    counts); from a spectator's view, no card in any hand.

    >>> from seaview_rules.ships_wheel import Rules, apply_move, new_game, parse_move, view
    >>> print(render(new_game(Rules(players=2))))
    hand 1, dealer 0, size: seat 0 to move
    deck: 76 cards
    seat 0:    0 pts | (no cards) | pile: --
    seat 1:    0 pts | (no cards) | pile: --
    >>> state = new_game(Rules(players=2))
    >>> for text in ("size 3", "deal red-star", "deal anchor"):
    ...     state = apply_move(state, parse_move(text))
    >>> print(render(view(state, 1)))
    hand 1, dealer 0, 3 cards, deal: chance deals to seat 1 (seen by seat 1)
    deck: 74 cards
    seat 0:    0 pts | 1 card | pile: --
    seat 1:    0 pts | red-star | pile: --
    """
    if obj.phase is Phase.OVER:
        actor = f"seat {obj.player} won the match"
    elif obj.phase is Phase.PASS:
        left = choosing(obj) if isinstance(obj, State) else obj.choosing
        actor = f"seats {', '.join(map(str, left))} choosing a card to pass"
    elif (current_player(obj) if isinstance(obj, State) else obj.to_move) is CHANCE:
        actor = f"chance deals to seat {obj.player}"
    else:
        actor = f"seat {obj.player} to move"
    size = f", {obj.hand_size} cards" if obj.hand_size else ""
    seen = "" if isinstance(obj, State) else f" (seen by {_viewer(obj.seat)})"
    deck = len(obj.deck) if isinstance(obj, State) else obj.deck_size
    lines = [
        f"hand {obj.hand_number}, dealer {obj.dealer}{size}, {obj.phase.value}: {actor}{seen}",
        f"deck: {deck} cards" + (f", reshuffled {obj.reshuffles}x" if obj.reshuffles else ""),
    ]
    cards = obj.rules.table.cards
    for seat, score in enumerate(obj.scores):
        if isinstance(obj, State):
            pile = obj.piles[seat]
            hand = _names(obj.rules, obj.hands[seat])
            top, pile_size, pending = (pile[-1] if pile else None), len(pile), obj.passing[seat]
        else:
            count = obj.hand_sizes[seat]
            own = obj.hand if seat == obj.seat else None
            hand = f"{count} card{'s' * (count != 1)}" if own is None else _names(obj.rules, own)
            top, pile_size = obj.pile_tops[seat], obj.pile_sizes[seat]
            pending = obj.passing if seat == obj.seat else None
        pile_text = f"{cards[top]} ({pile_size})" if top is not None else "--"
        passing = f" | passes {cards[pending]}" if pending is not None else ""
        lines.append(f"seat {seat}: {score:>4} pts | {hand} | pile: {pile_text}{passing}")
    return "\n".join(lines)


def _viewer(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}"


def _names(rules: Rules, ids: Iterable[CardId]) -> str:
    cards = rules.table.cards
    return " ".join(str(cards[i]) for i in ids) or "(no cards)"
