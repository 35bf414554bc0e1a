"""Exhaustive checks on a tiny deck: 3 shapes x 3 colours, one Lighthouse, one card of
each action kind, 2 players, 2-card hands."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from seaview_rules import CHANCE
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Phase, State
from seaview_rules.testing import check_state

TINY_DECK = sw.DeckSpec(
    shapes=["circle", "square", "star"],
    colours=["red", "green", "blue"],
    lighthouses=["red"],
    white_starfish=1,
    black_starfish=1,
    anchors=1,
)
TINY = sw.Rules(
    players=2,
    deck=TINY_DECK,
    min_hand_size=2,
    max_hand_size=2,
    scoring=sw.Scoring.HANDS,
    target=1,
    max_reshuffles=0,
)

# Distinct states at each depth of the first hand (moves include chance), like perft.
LAYERS = [1, 1, 13, 156, 858, 1770, 1770, 7623, 15930]


@cache
def walk() -> list[set[State]]:
    """The distinct states at each depth of the first hand, to the depth of `LAYERS`."""
    found = [{sw.new_game(TINY)}]
    for _ in range(len(LAYERS) - 1):
        following: set[State] = set()
        for state in found[-1]:
            for move in sw.legal_moves(state):
                after = sw.apply_move(state, move)
                if not after.results:
                    following.add(after)
        found.append(following)
    return found


def test_the_number_of_distinct_states_at_each_depth_is_fixed() -> None:
    assert [len(layer) for layer in walk()] == LAYERS


@pytest.mark.rule("SW-1", "SW-2", "SW-5", "SW-6", "SW-7", "SW-8", "SW-9", "SW-10", "SW-R7")
def test_every_state_of_the_first_turns_is_consistent() -> None:
    table = TINY.table
    for depth, layer in enumerate(walk()):
        for state in layer:
            counted = Counter(state.deck)
            for group in (*state.hands, *state.piles):
                counted.update(group)
            assert counted == Counter(table.full)
            if depth < 7:
                check_state(sw.GAME, state, candidates=EVERY_MOVE)


EVERY_MOVE: list[sw.Move] = [
    sw.Action.DRAW,
    *(sw.Take(s) for s in range(3)),
    *(sw.Size(n) for n in (1, 2, 3)),
    *(move for card in TINY.table.cards for move in (sw.Discard(card), sw.Deal(card))),
    *(sw.Pass(card, seat) for card in TINY.table.cards for seat in range(3)),
]


def deal_outcomes() -> dict[str, Fraction]:
    """The chance of each result of the deal, following the engine's chance outcomes."""
    totals: dict[str, Fraction] = {}

    def walk(state: State, p: Fraction) -> None:
        if state.results or sw.current_player(state) is not CHANCE:
            if state.results:
                winners = state.results[-1].winners
                key = "tie" if len(winners) > 1 else f"seat {winners[0]}"
            else:
                key = "play"
            totals[key] = totals.get(key, Fraction(0)) + p
            return
        for move, q in sw.chance_outcomes(state):
            walk(sw.apply_move(state, move), p * q)

    walk(sw.apply_move(sw.new_game(TINY), sw.parse_move("size 2")), Fraction(1))
    return totals


@pytest.mark.rule("SW-R3", "SW-R6", "SW-12")
def test_the_deal_wins_and_ties_with_exactly_the_counted_chances() -> None:
    cards = TINY.table.cards
    ids = TINY.table.full
    counted: Counter[str] = Counter()
    orders = list(itertools.permutations(range(len(ids)), 4))
    for order in orders:
        # Seat 1 (the dealer's left) gets the first and third card, seat 0 the others.
        hands = [
            [cards[ids[order[1]]], cards[ids[order[3]]]],
            [cards[ids[order[0]]], cards[ids[order[2]]]],
        ]
        wins = [s for s in (0, 1) if sw.is_winning_hand(hands[s], TINY_DECK)]
        counted["tie" if len(wins) > 1 else f"seat {wins[0]}" if wins else "play"] += 1
    expected = {key: Fraction(n, len(orders)) for key, n in counted.items()}
    assert deal_outcomes() == expected
    assert expected["tie"] > 0


def choose(state: State, last: sw.Move | None, keep: bool, rng: random.Random) -> sw.Move:
    """A random move; or, for a player who keeps his hand (``keep``), the draw from the
    deck and then the discard of the card he drew, so that his hand, which did not win,
    does not win after his discard (SW-R6) and the deck runs out unless a pass ends the
    hand first."""
    if keep and state.phase is Phase.DRAW:
        return sw.Action.DRAW
    if keep and state.phase is Phase.DISCARD and isinstance(last, sw.Deal):
        return sw.Discard(last.card)
    legal = sw.legal_moves(state)
    return legal[rng.randrange(len(legal))]


@pytest.mark.rule("SW-13", "SW-R8")
def test_a_hand_ends_by_exhaustion_exactly_when_the_deck_runs_out() -> None:
    """With max_reshuffles=0 the first time the deck runs out is a tie. Random players
    end hands both ways; players who keep their hands run the deck out."""
    rng = random.Random(0)
    endings: Counter[tuple[sw.Ending, bool]] = Counter()
    for keep in (False, True):
        for state in sorted(walk()[-1], key=sw.dumps)[:150]:
            before, move = state, None
            while not state.results:
                move = choose(state, move, keep, rng)
                before, state = state, sw.apply_move(state, move)
            result = state.results[-1]
            endings[result.ending, keep] += 1
            ran_out = before.phase is Phase.DECK and len(before.deck) == 1
            assert (result.ending is sw.Ending.EXHAUSTION) == ran_out
    assert endings[sw.Ending.DISCARD, False] > 0
    assert endings[sw.Ending.EXHAUSTION, True] > 0
