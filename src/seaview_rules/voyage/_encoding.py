"""The Voyage card game for learning agents: its encoding for the adapters of
`seaview_rules.pettingzoo` and `seaview_rules.openspiel`.

>>> from seaview_rules import voyage
>>> rules = voyage.Rules(players=2)
>>> state = voyage.new_game(rules)
>>> out = [0.0] * ENCODING.size(rules)
>>> at = {segment.name: segment.start for segment in ENCODING.layout(rules)}
>>> ENCODING.write(voyage.view(state, 0), rules, out, at)
>>> out[at["phase"] : at["phase"] + 6], out[at["draw_pile"]]
([1.0, 0.0, 0.0, 0.0, 0.0, 0.0], 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping

from seaview_rules.encoding import Encoding, Segment, Vector, clipped, relative_seat
from seaview_rules.voyage._model import Phase, Rules, State, View
from seaview_rules.voyage._moves import Deal, Move
from seaview_rules.voyage._pieces import CARDS
from seaview_rules.voyage._rulebook import most_round_points

__all__ = ["ENCODING"]

_PHASES = tuple(Phase)


def segments(rules: Rules) -> tuple[Segment, ...]:
    """The parts of a seat's observation: its hand, the discard pile, the card it drew,
    the phase, the seats to act and to deal, the counts and the totals."""
    d, p = rules.deck_size, rules.players
    return (
        Segment(
            "hand", (d,), "1 for each card of the deck (in `every_move` order) in the seat's hand"
        ),
        Segment("discard_top", (d,), "1 for the top card of the discard pile"),
        Segment("discard_under", (d,), "1 for each card under the top, in sight (VOY-R9)"),
        Segment("drawn", (d,), "1 for the card the seat has just drawn (phase DRAWN)"),
        Segment(
            "phase", (len(_PHASES),), "the phase, one-hot: deal, lead, turn, draw, drawn, over"
        ),
        Segment("player", (p,), "the seat to act (or to receive a card), one-hot by relative seat"),
        Segment("dealer", (p,), "the dealer, one-hot by relative seat"),
        Segment("hand_sizes", (p,), "cards in each hand by relative seat, over the deck size"),
        Segment("draw_pile", (1,), "cards in the draw pile, over the deck size"),
        Segment("scores", (p,), "each total by relative seat, over the target (capped at 1)"),
        Segment("reshuffles", (1,), "draw piles rebuilt this round (VOY-6), over 8 (capped at 1)"),
    )


def write(view: View, rules: Rules, out: Vector, at: Mapping[str, int]) -> None:
    """Write the encoding of a seat's view into the zeroed ``out``, each segment from
    its offset in ``at``."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no encoding: it is a seat's")
    p = rules.players
    place = _places(rules)
    hand = at["hand"]
    for card in view.hand or ():
        out[hand + place[card.index]] = 1.0
    if view.discard_top is not None:
        out[at["discard_top"] + place[view.discard_top.index]] = 1.0
    under = at["discard_under"]
    for card in view.discard_under:
        out[under + place[card.index]] = 1.0
    if view.drawn is not None:
        out[at["drawn"] + place[view.drawn.index]] = 1.0
    out[at["phase"] + _PHASES.index(view.phase)] = 1.0
    out[at["player"] + relative_seat(seat, view.player, p)] = 1.0
    out[at["dealer"] + relative_seat(seat, view.dealer, p)] = 1.0
    deck, sizes, scores = rules.deck_size, at["hand_sizes"], at["scores"]
    for s in range(p):
        r = relative_seat(seat, s, p)
        out[sizes + r] = view.hand_sizes[s] / deck
        out[scores + r] = clipped(view.scores[s], rules.target)
    out[at["draw_pile"]] = view.draw_pile_size / deck
    out[at["reshuffles"]] = clipped(view.reshuffles, 8)


_PLACES: dict[Rules, tuple[int, ...]] = {}


def _places(rules: Rules) -> tuple[int, ...]:
    """For each card index of the full deck, its place among the cards of ``rules``'s
    deck (-1 if the deck lacks it)."""
    places = _PLACES.get(rules)
    if places is None:
        order = {card.index: k for k, card in enumerate(rules.deck)}
        places = _PLACES[rules] = tuple(order.get(i, -1) for i in range(len(CARDS)))
    return places


def is_deal(move: Move) -> bool:
    """Whether a move is chance's: a card off the pile."""
    return isinstance(move, Deal)


def max_game_length(rules: Rules) -> int:
    """``500 + 250 * target`` decisions (5,750 by default): random 2-player matches to 21
    took at most 734 decisions in 300 games."""
    return 500 + 250 * rules.target


def max_score(rules: Rules) -> int:
    """The target minus 1, plus the most one round can score (VOY-5, VOY-8)."""
    return rules.target - 1 + most_round_points(rules.players, rules.deck_size)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's total so far."""
    return tuple(state.scores)


ENCODING: Encoding[Rules, State, Move, View] = Encoding(
    chance_move=is_deal,
    segments=segments,
    write=write,
    max_game_length=max_game_length,
    max_score=max_score,
    scores=scores,
)
"""Voyage for the agents' adapters (`seaview_rules.Game.encoding`)."""
