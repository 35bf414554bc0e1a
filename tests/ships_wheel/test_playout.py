"""`ships_wheel.playout` is the reference loop of random play, and
`ships_wheel.determinize` deals the unseen cards exactly as a shuffle would, counted on
tiny decks."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from fractions import Fraction
from functools import partial

import pytest

from seaview_rules import CHANCE
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import DeckSpec, Phase, Rules, Scoring, State
from seaview_rules.ships_wheel._playout import _deal
from tests.voyage.test_playout import exact_distribution


def reference(state: State, rng: random.Random, max_moves: int | None) -> State:
    """The loop of `ships_wheel.playout`'s docstring, on the per-move API."""
    moves = 0
    while sw.current_player(state) is not None and (max_moves is None or moves < max_moves):
        if sw.current_player(state) is CHANCE:
            move = sw.sample_chance(state, rng)
        else:
            move = rng.choice(sw.legal_moves(state))
        state = sw.apply_move(state, move)
        moves += 1
    return state


SMALL = DeckSpec(shapes=["circle", "square", "star"], colours=["red", "blue"], lighthouses=["red"])
RULES = [
    *(Rules(players=n, target=12) for n in range(2, 7)),
    Rules(players=5, decks=2, scoring=Scoring.HANDS, target=2),
    Rules(players=3, deck=SMALL, min_hand_size=2, max_hand_size=3, target=6, max_reshuffles=2),
]


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_a_playout_reaches_the_state_and_rng_state_of_the_reference_loop(rules: Rules) -> None:
    for seed in range(10):
        start = reference(sw.new_game(rules), random.Random(-seed), seed * 31)
        ours, theirs = random.Random(seed), random.Random(seed)
        assert sw.playout(start, ours) == reference(start, theirs, None)
        assert ours.getstate() == theirs.getstate()


def test_a_playout_stops_after_max_moves_as_the_reference_loop_does() -> None:
    start = sw.new_game(Rules(players=3))
    for cap in (0, 1, 40, 700):
        assert sw.playout(start, random.Random(cap), max_moves=cap) == reference(
            start, random.Random(cap), cap
        )
    with pytest.raises(ValueError, match="max_moves must be at least 0"):
        sw.playout(start, random.Random(1), max_moves=-2)


def test_a_finished_match_has_no_determinization() -> None:
    over = sw.playout(sw.new_game(Rules(players=2, target=3)), random.Random(1))
    with pytest.raises(ValueError, match="the match is over"):
        sw.determinize(sw.view(over, 0), random.Random(1))


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_every_determinization_has_the_view_it_was_drawn_from(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    for _ in range(30):
        state = reference(sw.new_game(rules), rng, rng.randrange(600))
        if sw.is_terminal(state):
            continue
        for seat in (*range(rules.players), None):
            seen = sw.view(state, seat)
            for _ in range(2):
                assert sw.view(sw.determinize(seen, rng), seat) == seen


def first_hand(rules: Rules) -> set[State]:
    """Every state of the first hand reachable by legal play."""
    start = sw.new_game(rules)
    found, todo = {start}, [start]
    while todo:
        state = todo.pop()
        for move in sw.legal_moves(state):
            after = sw.apply_move(state, move)
            if not after.results and after not in found:
                found.add(after)
                todo.append(after)
    return found


def allowed(state: State, seat: int | None) -> bool:
    """Whether no hidden complete hand wins, as `loads` asks once the deal is done
    (SW-R6): the discarder's in phase DISCARD holds the card he drew too."""
    if state.phase not in (Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS):
        return True
    deck, cards = state.rules.deck, state.rules.table.cards
    return not any(
        sw.is_winning_hand([cards[i] for i in hand], deck)
        for s, hand in enumerate(state.hands)
        if s != seat and len(hand) == state.hand_size
    )


def arrangements(seen: sw.View) -> Counter[State]:
    """For every allowed state whose view is ``seen``, the number of ways to lay out
    the unseen cards, copies told apart (each card by its place in the list of unseen
    cards), and the other seats' pending pass choices (each card of the hand by its
    place)."""
    rules, seat = seen.rules, seen.seat
    unseen = list(rules.table.full)
    for i in (*(seen.hand or ()), *(t for t in seen.pile_tops if t is not None)):
        unseen.remove(i)
    chosen = set()  # SW-R7: in a pass, the seats no longer choosing
    if seen.anchor is not None:
        chosen = set(range(rules.players)) - set(seen.choosing)
    hidden = [s for s in range(rules.players) if s != seat]
    buried = [max(0, size - 1) for size in seen.pile_sizes]
    found: Counter[State] = Counter()

    def place(k: int, left: frozenset[int], taken: dict[int, tuple[int, ...]]) -> None:
        if k < len(hidden):  # a hand: a set of places
            for chosen_places in itertools.combinations(sorted(left), seen.hand_sizes[hidden[k]]):
                place(k + 1, left - set(chosen_places), {**taken, hidden[k]: chosen_places})
            return
        pile = k - len(hidden)
        if pile < len(buried):  # the cards under a pile top: a sequence of places
            for order in itertools.permutations(sorted(left), buried[pile]):
                place(k + 1, left - set(order), {**taken, -1 - pile: order})
            return
        hands = [
            seen.hand or () if s == seat else tuple(sorted(unseen[j] for j in taken[s]))
            for s in range(rules.players)
        ]
        piles = tuple(
            () if top is None else (*(unseen[j] for j in taken[-1 - p]), top)
            for p, top in enumerate(seen.pile_tops)
        )
        picks = [
            range(len(hands[s])) if s in chosen and s != seat else [None]
            for s in range(rules.players)
        ]
        for pick in itertools.product(*picks):
            passing = [
                seen.passing if s == seat else None if j is None else hands[s][j]
                for s, j in enumerate(pick)
            ]
            state = State(
                rules=rules, phase=seen.phase, player=seen.player, dealer=seen.dealer,
                hand_size=seen.hand_size, hands=tuple(hands),
                deck=tuple(sorted(unseen[j] for j in left)), piles=piles,
                passing=tuple(passing), scores=seen.scores, results=seen.results,
                reshuffles=seen.reshuffles,
            )  # fmt: skip
            if sw.view(state, seat) == seen and allowed(state, seat):
                found[state] += 1

    place(0, frozenset(range(len(unseen))), {})
    return found


def hidden(state: State | None) -> object:
    """What a determinization chooses, a cheaper key than the whole state."""
    return None if state is None else (state.hands, state.deck, state.piles, state.passing)


def dealt(seen: sw.View, rng: random.Random) -> object:
    return hidden(_deal(seen, rng))


def deck(plain: int, *, white_starfish: int = 0, anchors: int = 0) -> DeckSpec:
    """A deck of the first ``plain`` cards of the 2 x 2 grid of circles and squares in
    red and green, no Lighthouse and no Black Starfish."""
    grid = ["red-circle", "red-square", "green-circle", "green-square"][:plain]
    return DeckSpec(
        shapes=["circle", "square"], colours=["red", "green"], plain=grid, lighthouses=[],
        white_starfish=white_starfish, black_starfish=0, anchors=anchors,
    )  # fmt: skip


def tiny(players: int, spec: DeckSpec) -> Rules:
    return Rules(
        players=players, deck=spec, min_hand_size=2, max_hand_size=2,
        scoring=Scoring.HANDS, target=1, max_reshuffles=0,
    )  # fmt: skip


TINY = [
    # rules, (views, views with an allowed state that no play reaches)
    (tiny(2, deck(4, white_starfish=1, anchors=1)), (695, 0)),
    (tiny(2, deck(4, white_starfish=2, anchors=1)), (3899, 101)),
]


@pytest.mark.rule("SW-3", "SW-R6", "SW-R7")
@pytest.mark.parametrize(("rules", "counts"), TINY, ids=["distinct-cards", "copies"])
def test_determinize_deals_the_unseen_cards_exactly_as_a_shuffle_would(
    rules: Rules, counts: tuple[int, int]
) -> None:
    by_view: defaultdict[sw.View, set[State]] = defaultdict(set)
    for state in first_hand(rules):
        for seat in (*range(rules.players), None):
            by_view[sw.view(state, seat)].add(state)
    too_many = 0
    for seen, reached in by_view.items():
        found = exact_distribution(partial(dealt, seen))
        found.pop(None, None)  # a try that determinize makes again
        ways = arrangements(seen)
        accepted, total = sum(found.values()), sum(ways.values())
        assert {s: p / accepted for s, p in found.items()} == {
            hidden(s): Fraction(n, total) for s, n in ways.items()
        }
        assert reached <= set(ways)  # no state a seat could be in is ever left out
        if len(set(rules.table.full)) == len(rules.table.full):
            assert set(ways.values()) == {1}  # all cards differ: every state equally likely
        too_many += len(ways) > len(reached)
    assert (len(by_view), too_many) == counts
