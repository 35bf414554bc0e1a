"""The Ship's Wheel card game for learning agents: its encoding for the adapters of
`seaview_rules.pettingzoo` and `seaview_rules.openspiel`.

>>> from seaview_rules import ships_wheel
>>> rules = ships_wheel.Rules(players=2)
>>> state = ships_wheel.new_game(rules)
>>> out = [0.0] * ENCODING.size(rules)
>>> at = {segment.name: segment.start for segment in ENCODING.layout(rules)}
>>> ENCODING.write(ships_wheel.view(state, 0), rules, out, at)
>>> len(out), out[at["deck_size"]], out[at["hand_size"]]
(330, 1.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping

from seaview_rules.encoding import Encoding, Segment, Vector, clipped, relative_seat
from seaview_rules.ships_wheel._model import Phase, Rules, State, View
from seaview_rules.ships_wheel._moves import Deal, Move
from seaview_rules.ships_wheel._rulebook import MAX_HAND_SIZE, MOST_HELD, hand_points

__all__ = ["ENCODING"]

_PHASES = tuple(Phase)


def segments(rules: Rules) -> tuple[Segment, ...]:
    """The parts of a seat's observation: its hand and its pass, the discard piles, the
    counts, the phase, the seats to act, to deal and of the Anchor, the hand size, the
    totals and the reshuffles."""
    k, p = len(rules.table.cards), rules.players
    return (
        Segment(
            "hand",
            (k,),
            "copies of each card kind (in `every_move` order) in the seat's hand, over the copies the deck holds",
        ),
        Segment("passing", (k,), "1 for the card the seat chose to pass left (phase pass)"),
        Segment(
            "pile_tops", (p, k), "the top card of each discard pile, one-hot, by relative seat"
        ),
        Segment(
            "pile_sizes",
            (p,),
            "cards in each discard pile by relative seat, over the cards of the deck(s)",
        ),
        Segment("hand_sizes", (p,), f"cards in each hand by relative seat, over {MOST_HELD}"),
        Segment("deck_size", (1,), "cards in the deck, over the cards of the deck(s)"),
        Segment(
            "phase",
            (len(_PHASES),),
            "the phase, one-hot: size, deal, draw, deck, discard, pass, over",
        ),
        Segment(
            "player",
            (p,),
            "the seat to act (or to receive a card; the winner at the end), one-hot by relative "
            "seat; in phase pass, every seat still choosing",
        ),
        Segment("dealer", (p,), "the dealer, one-hot by relative seat"),
        Segment(
            "anchor",
            (p,),
            "the seat that discarded the Anchor (phase pass), one-hot by relative seat",
        ),
        Segment(
            "hand_size",
            (MAX_HAND_SIZE + 1,),
            f"the hand size of this hand, one-hot from 0 (not chosen yet) to {MAX_HAND_SIZE}",
        ),
        Segment("scores", (p,), "each total by relative seat, over the target (capped at 1)"),
        Segment(
            "reshuffles",
            (1,),
            "times the discards became the deck this hand, over Rules.max_reshuffles (0 if that is 0)",
        ),
    )


def write(view: View, rules: Rules, out: Vector, at: Mapping[str, int]) -> None:
    """Write the encoding of a seat's view into the zeroed ``out``, each segment from
    its offset in ``at``."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no encoding: it is a seat's")
    table = rules.table
    counts = table.counts
    kinds = len(counts)
    p = rules.players
    hand = at["hand"]
    for i in view.hand or ():
        out[hand + i] += 1 / counts[i]
    if view.passing is not None:
        out[at["passing"] + view.passing] = 1.0
    tops, piles, sizes = at["pile_tops"], at["pile_sizes"], at["hand_sizes"]
    scores = at["scores"]
    total = len(table.full)
    for s in range(p):
        r = relative_seat(seat, s, p)
        top = view.pile_tops[s]
        if top is not None:
            out[tops + r * kinds + top] = 1.0
        out[piles + r] = view.pile_sizes[s] / total
        out[sizes + r] = view.hand_sizes[s] / MOST_HELD
        out[scores + r] = clipped(view.scores[s], rules.target)
    out[at["deck_size"]] = view.deck_size / total
    out[at["phase"] + _PHASES.index(view.phase)] = 1.0
    if view.phase is Phase.PASS:
        for s in view.choosing:  # SW-R7: whoever has not chosen may choose now
            out[at["player"] + relative_seat(seat, s, p)] = 1.0
    else:
        out[at["player"] + relative_seat(seat, view.player, p)] = 1.0
    out[at["dealer"] + relative_seat(seat, view.dealer, p)] = 1.0
    if view.anchor is not None:
        out[at["anchor"] + relative_seat(seat, view.anchor, p)] = 1.0
    out[at["hand_size"] + view.hand_size] = 1.0
    out[at["reshuffles"]] = clipped(view.reshuffles, rules.max_reshuffles)


def is_deal(move: Move) -> bool:
    """Whether a move is chance's: a card off the deck."""
    return isinstance(move, Deal)


def _target_cards(rules: Rules) -> int:
    """The target in cards: the target over what a hand of the largest size scores,
    times its cards (SW-14)."""
    largest = max(rules.hand_sizes)
    return rules.target * largest // hand_points(rules.scoring, largest, (0,))


def max_game_length(rules: Rules) -> int:
    """``20,000 + 2,500 * T`` decisions, where ``T`` is the target in cards (with hand
    scoring, the target times the largest hand): 145,000 by default. Random 2-player
    matches to 50 took at most 63,132 decisions in 200 games, with two decks 87,688 in
    60: random discards rarely make a hand of 8 different cards."""
    return 20_000 + 2_500 * _target_cards(rules)


def max_score(rules: Rules) -> int:
    """The target minus 1, plus the most one hand can score (SW-14)."""
    return rules.target - 1 + hand_points(rules.scoring, max(rules.hand_sizes), (0,))


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
"""Ship's Wheel for the agents' adapters (`seaview_rules.Game.encoding`)."""
