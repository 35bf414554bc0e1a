"""Property and stateful tests over Ship's Wheel states reached by legal play."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from seaview_rules import CHANCE, OMNISCIENT, GameRecord, InvalidDataError, play, replay
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Card, DeckSpec, Kind, PassChosen, Phase, State, _checks
from seaview_rules.ships_wheel import testing as sst
from seaview_rules.testing import check_game, check_state
from tests.helpers import examples

SMALL = sst.rules(max_players=4)
PLAYING = frozenset({Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS})
STATES = sst.states(rules=SMALL) | sst.states(rules=SMALL, phases=PLAYING)
"""Reachable states, half of them in the middle of a hand."""


def assert_transition(before: State, move: sw.Move, after: State) -> None:
    """What one move may change, for the rules that move cards between places (that
    every card stays somewhere, and the hand sizes, `_checks.check_state` checks)."""
    _checks.check_state(after)
    ended = len(after.results) > len(before.results)
    if isinstance(move, sw.Take):
        # SW-7: never an action card off a pile.
        assert not before.cards([before.piles[move.seat][-1]])[0].is_action
    if before.phase is Phase.DECK and len(before.deck) == 1 and not ended:
        # SW-13: the new deck is exactly the union of the discard piles.
        assert after.deck == tuple(sorted(c for pile in before.piles for c in pile))
        assert after.piles == ((),) * before.rules.players
        assert after.reshuffles == before.reshuffles + 1
    if before.phase is Phase.PASS and after.phase is not Phase.PASS:
        # SW-10: exactly one card from every seat to its left neighbour.
        hands = after.hands if not ended or after.phase is Phase.OVER else None
        if hands is not None and isinstance(move, sw.Pass):
            passing = list(before.passing)
            passing[passing.index(None)] = before.rules.table.index[move.card]  # the last
            for seat, hand in enumerate(hands):
                given, received = passing[seat], passing[seat - 1]
                assert given is not None
                assert received is not None
                expected = Counter(before.hands[seat])
                expected[given] -= 1
                expected[received] += 1
                assert Counter(hand) == +expected


@pytest.mark.rule("SW-1", "SW-R1", "SW-5", "SW-6", "SW-10", "SW-R6", "SW-R7")
@given(STATES)
def test_every_reachable_state_and_each_of_its_views_is_consistent(state: State) -> None:
    """`check_state`: every card as often as the decks hold it, the hand sizes through
    turns and passes, no winning hand while the hand goes on, and the rest."""
    _checks.check_state(state)
    for seat in (None, *range(state.rules.players)):
        _checks.check_view(sw.view(state, seat))


@pytest.mark.rule("SW-R1")
@given(sst.states(rules=sst.rules(max_players=4, copies=2), phases=PLAYING))
def test_with_two_decks_every_card_is_conserved_with_its_copies(state: State) -> None:
    _checks.check_state(state)
    assert state.rules.table.counts == tuple(2 * n for n in sw.table_of(state.rules.deck).counts)


@pytest.mark.rule("SW-R3", "SW-R8")
@given(STATES)
def test_chance_is_uniform_over_the_cards_of_the_deck(state: State) -> None:
    outcomes = sw.chance_outcomes(state)
    if sw.current_player(state) is not CHANCE:
        assert outcomes == ()
        return
    counts = Counter(state.deck)
    table = state.rules.table
    assert {m.card: p for m, p in outcomes if isinstance(m, sw.Deal)} == {
        table.cards[i]: Fraction(n, len(state.deck)) for i, n in counts.items()
    }
    assert sw.sample_chance(state, random.Random(0)) in dict(outcomes)


@pytest.mark.rule("SW-R3")
def test_sample_chance_has_the_exact_distribution() -> None:
    state = sw.apply_move(sw.new_game(sw.Rules(players=2)), sw.parse_move("size 3"))
    rng = random.Random(2024)
    samples = Counter(sw.sample_chance(state, rng) for _ in range(48 * 300))
    outcomes = dict(sw.chance_outcomes(state))
    assert set(samples) == set(outcomes)
    chi_square = sum((samples[m] - p * 48 * 300) ** 2 / (p * 48 * 300) for m, p in outcomes.items())
    assert chi_square < 90  # 44 degrees of freedom: p < 0.0001 beyond this


@pytest.mark.rule("SW-R7")
@given(
    STATES | sst.states(rules=SMALL, phases=frozenset({Phase.PASS})),
    st.randoms(use_true_random=False),
)
def test_a_seat_sees_nothing_of_the_other_hands_the_deck_or_pending_passes(
    state: State, rng: random.Random
) -> None:
    """Whole views are compared, so whose turn it is and the legal moves of the seat to
    move (every seat is tried) are covered too."""
    for seat in range(state.rules.players):
        other = sst.hidden_twin(state, seat, rng)
        assert sw.view(other, seat) == sw.view(state, seat)
        assert sw.dumps(sw.view(other, seat)) == sw.dumps(sw.view(state, seat))
    spectator = sst.hidden_twin(sst.hidden_twin(state, 0, rng), 1, rng)
    assert sw.view(spectator, None) == sw.view(state, None)


@given(STATES)
def test_states_and_views_round_trip_through_json(state: State) -> None:
    assert sw.loads(sw.dumps(state)) == state
    for seat in (None, *range(state.rules.players)):
        seen = sw.view(state, seat)
        assert sw.loads(sw.dumps(seen)) == seen


@given(sst.rules(max_players=4), st.integers(0, 2**32))
@examples(30)
def test_a_played_game_replays_exactly_and_its_record_round_trips(
    rules: sw.Rules, seed: int
) -> None:
    result = play(sw.GAME, rules, random.Random(seed), max_moves=600)
    assert replay(sw.GAME, result.record) == result.final
    loaded = sw.loads(sw.dumps(result.record))
    assert isinstance(loaded, GameRecord)
    assert loaded == result.record


def brute_force_wins(hand: tuple[Card, ...], deck: DeckSpec) -> bool:
    """The definition: no action card, no two matching Lighthouses, and some choice of
    a shape and a colour for each Lighthouse that makes every shape and every colour in
    the hand different."""
    if any(c.is_action for c in hand):
        return False
    lights = [c for c in hand if c.kind is Kind.LIGHTHOUSE]
    if len({c.colour for c in lights}) < len(lights):
        return False
    plain = [(c.shape, c.colour) for c in hand if c.kind is Kind.PLAIN]
    if len({s for s, _ in plain}) < len(plain) or len({c for _, c in plain}) < len(plain):
        return False  # no choice for the Lighthouses can undo a clash of plain cards
    for choice in itertools.product(
        itertools.product(deck.shapes, deck.colours), repeat=len(lights)
    ):
        pairs = plain + list(choice)
        if len({s for s, _ in pairs}) == len(pairs) == len({c for _, c in pairs}):
            return True
    return False


@st.composite
def deck_and_hand(draw: st.DrawFn, max_size: int) -> tuple[DeckSpec, tuple[Card, ...]]:
    deck = draw(sst.decks(max_shapes=4, max_colours=4, max_lighthouses=3, max_actions=1))
    copies = draw(st.integers(1, 2))
    if draw(st.booleans()):
        # Near-winning hands: plain cards of distinct shapes and colours, plus a few changes.
        hand: list[Card] = []
        for card in draw(st.permutations(deck.plain_cards)):
            if all(card.shape != c.shape and card.colour != c.colour for c in hand):
                hand.append(card)
        hand = hand[: draw(st.integers(1, len(hand)))]
        for k in range(draw(st.integers(0, min(2, len(hand))))):
            options = [Card(Kind.LIGHTHOUSE, c) for c in deck.lighthouses] or hand
            hand[k] = draw(st.sampled_from(options))
        return deck, tuple(hand)
    return deck, draw(sst.hands(deck=deck, copies=copies, max_size=max_size))


@pytest.mark.rule("SW-3", "SW-R4")
@given(deck_and_hand(max_size=5))
def test_is_winning_hand_agrees_with_the_brute_force_definition(
    case: tuple[DeckSpec, tuple[Card, ...]],
) -> None:
    deck, hand = case
    assert sw.is_winning_hand(hand, deck) == brute_force_wins(hand, deck)
    assert (sw.distance_to_win(hand, deck) == 0) == sw.is_winning_hand(hand, deck)


def brute_force_distance(hand: tuple[Card, ...], deck: DeckSpec) -> int | None:
    table = sw.table_of(deck)
    kinds = [card for card, count in zip(table.cards, table.counts, strict=True) if count]
    for k in range(len(hand) + 1):
        for positions in itertools.combinations(range(len(hand)), k):
            kept = [c for i, c in enumerate(hand) if i not in positions]
            for new in itertools.combinations_with_replacement(kinds, k):
                if brute_force_wins((*kept, *new), deck):
                    return k
    return None


@pytest.mark.rule("SW-R4")
@given(deck_and_hand(max_size=3))
@examples(60)
def test_distance_to_win_is_the_fewest_replacements(
    case: tuple[DeckSpec, tuple[Card, ...]],
) -> None:
    deck, hand = case
    assume(sum(map(bool, sw.table_of(deck).counts)) <= 16)
    assert sw.distance_to_win(hand, deck) == brute_force_distance(hand, deck)


def brute_force_largest_win(deck: DeckSpec) -> int:
    """The largest hand of distinct cards of ``deck`` that wins, by trying every hand
    (a winning hand never holds two copies of a card, so one deck is enough)."""
    table = sw.table_of(deck)
    cards = [card for card, count in zip(table.cards, table.counts, strict=True) if count]
    cards = [card for card in cards if not card.is_action]
    largest = 0
    for size in range(1, len(cards) + 1):
        if not any(brute_force_wins(hand, deck) for hand in itertools.combinations(cards, size)):
            break  # a hand with a card fewer than a winning hand wins too
        largest = size
    return largest


@st.composite
def sparse_decks(draw: st.DrawFn) -> DeckSpec:
    """Partial grids with as few cards as cover every shape and colour, where the most
    plain cards of distinct shapes and colours is often below the shapes and colours."""
    shapes = sst.SHAPE_NAMES[: draw(st.integers(2, 4))]
    colours = sst.COLOUR_NAMES[: draw(st.integers(2, 4))]
    # Every shape in one of a few colours, every colour in one of a few shapes.
    few_colours = colours[: draw(st.integers(1, len(colours)))]
    few_shapes = shapes[: draw(st.integers(1, len(shapes)))]
    cells = {(s, draw(st.sampled_from(few_colours))) for s in shapes}
    cells |= {(draw(st.sampled_from(few_shapes)), c) for c in colours}
    return DeckSpec(
        shapes=shapes,
        colours=colours,
        plain=[f"{c}-{s}" for s, c in sorted(cells)],
        lighthouses=draw(st.lists(st.sampled_from(colours), max_size=1)),
        anchors=draw(st.integers(0, 1)),
    )


@pytest.mark.rule("SW-R4")
@given(sst.decks(max_shapes=4, max_colours=4, max_lighthouses=3, max_actions=1) | sparse_decks())
@examples(100)
def test_the_largest_winning_hand_of_any_deck_is_found_exactly(deck: DeckSpec) -> None:
    """SW-R4: the engine offers no hand size the deck cannot win, and every smaller size
    can win; for a partial grid the limit is a maximum matching of its plain cards plus
    its Lighthouse colours, capped by the number of shapes and of colours."""
    assume(sum(map(bool, sw.table_of(deck).counts)) <= 16)
    largest = brute_force_largest_win(deck)
    assert sw.table_of(deck).max_winning == largest
    assert sw.distance_to_win([sw.table_of(deck).cards[0]] * (largest + 1), deck) is None
    if largest >= 2 and deck.size > largest:
        rules = sw.Rules(players=2, deck=deck, min_hand_size=2, decks=2)
        assert rules.hand_sizes[-1] == min(8, largest)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A state, view or record document with one part replaced by arbitrary JSON."""
    result = play(
        sw.GAME,
        sw.Rules(players=3),
        random.Random(draw(st.integers(0, 50))),
        max_moves=draw(st.integers(0, 200)),
    )
    seat = draw(st.none() | st.integers(0, 2))
    kind = draw(st.sampled_from(["state", "view", "record"]))
    obj: object = {
        "state": result.final,
        "view": sw.view(result.final, seat),
        "record": result.record,
    }[kind]
    import json

    document = json.loads(sw.dumps(obj))  # type: ignore[arg-type]
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(-3, 60)
        | st.sampled_from(["", "anchor", "red-star", "size 3", "deal", "pass"])
    )
    value = draw(
        st.recursive(
            leaves,
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.sampled_from(["a", "shapes", "players"]), inner, max_size=3)
            ),
            max_leaves=6,
        )
    )
    node: object = document
    path = []
    while isinstance(node, (dict, list)) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    if not path:
        return json.dumps(value)
    parent: object = document
    for key in path[:-1]:
        parent = parent[key]  # type: ignore[index]
    parent[path[-1]] = value  # type: ignore[index]
    return json.dumps(document)


@given(mutated())
@examples(300)
def test_loads_refuses_tampered_documents_only_with_invalid_data_error(text: str) -> None:
    try:
        loaded = sw.loads(text)
    except InvalidDataError:
        return
    # A mutation can leave a valid document: it must then round-trip.
    assert sw.loads(sw.dumps(loaded)) == loaded


@pytest.mark.rule("SW-2", "SW-5", "SW-6", "SW-7", "SW-10")
@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 1), (6, 1), (6, 2)])
def test_the_api_contract_holds(players: int, decks: int) -> None:
    rules = sw.Rules(players=players, decks=decks, target=8, first_dealer=players - 1)

    def candidates(state: State) -> list[sw.Move]:
        table = state.rules.table
        cards = table.cards[:: max(1, len(table.cards) // 8)]
        return [
            sw.Action.DRAW,
            *(sw.Take(s) for s in range(6)),
            *(sw.Size(n) for n in range(1, 9)),
            *(sw.Discard(c) for c in cards),
            *(sw.Pass(c, s) for c in cards for s in range(players)),
            *(sw.Deal(c) for c in cards),
        ]

    assert (
        check_game(sw.GAME, rules, games=2, seed=players, max_moves=250, candidates=candidates) > 0
    )


@pytest.mark.rule("SW-R8", "SW-R9")
def test_the_contract_holds_for_the_options() -> None:
    small = DeckSpec(shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=["x"], anchors=2)
    for rules in (
        sw.Rules(
            players=2, deck=small, min_hand_size=2, max_reshuffles=0, tie_keeps_size=False, target=3
        ),
        sw.Rules(
            players=3, deck=small, decks=2, scoring=sw.Scoring.HANDS, target=2, max_reshuffles=2
        ),
    ):
        assert check_game(sw.GAME, rules, games=2, max_moves=None) > 0


class PlayMachine(RuleBasedStateMachine):
    """Random legal play, one or two decks, checking every transition."""

    state: State

    @initialize(rules=sst.rules(max_players=5))
    def start(self, rules: sw.Rules) -> None:
        self.state = sw.new_game(rules)

    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        legal = sw.legal_moves(self.state)
        if not legal:
            return
        move = data.draw(st.sampled_from(legal))
        before = self.state
        after = sw.apply_move(before, move)
        assert sw.dumps(before) == sw.dumps(self.state)  # the input never changes
        assert_transition(before, move, after)
        self.state = after

    @invariant()
    def the_contract_holds(self) -> None:
        if hasattr(self, "state"):
            check_state(sw.GAME, self.state)
            _checks.check_state(self.state)


PlayMachine.TestCase.settings = examples(25, stateful_step_count=60)
test_random_play = PlayMachine.TestCase


@pytest.mark.rule("SW-10", "SW-R7")
@given(sst.states(rules=SMALL, phases=frozenset({Phase.PASS})), st.randoms(use_true_random=False))
def test_the_pass_moves_exactly_one_card_from_every_seat_to_its_left(
    state: State, rng: random.Random
) -> None:
    while state.phase is Phase.PASS:
        legal = sw.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        before, state = state, sw.apply_move(state, move)
        assert_transition(before, move, state)
        if state.phase is Phase.PASS:
            assert state.hands == before.hands  # nothing moves before everyone has chosen


PASSING = sst.states(rules=SMALL, phases=frozenset({Phase.PASS}))
"""States in an Anchor pass (the match may end first), any seats having chosen."""


@pytest.mark.rule("SW-10", "SW-R7")
@given(PASSING, st.randoms(use_true_random=False))
def test_SW_R7_passes_chosen_in_every_order_give_the_same_state(
    state: State, rng: random.Random
) -> None:
    assume(state.phase is Phase.PASS)
    left = sw.view(state, None).choosing
    choices: dict[int, sw.Pass] = {}
    for seat in left:
        choice = rng.choice(sw.view(state, seat).legal_moves)
        assert isinstance(choice, sw.Pass)
        choices[seat] = choice
    sequential = state  # as a driver that moves one seat at a time plays it
    for seat in left:
        assert sw.current_player(sequential) == seat
        sequential = sw.apply_move(sequential, choices[seat])
    for order in itertools.permutations(left):
        after = state
        for seat in order:
            before, after = after, sw.apply_move(after, choices[seat], seat=seat)
            assert_transition(before, choices[seat], after)
            told = sw.events(before, choices[seat], seat=OMNISCIENT)[0]
            assert told == PassChosen(seat, choices[seat].card)  # the sender's choice
        assert after == sequential


@pytest.mark.rule("SW-R7")
@given(PASSING, st.randoms(use_true_random=False))
def test_SW_R7_a_seats_view_in_the_pass_is_the_same_whatever_the_others_chose(
    state: State, rng: random.Random
) -> None:
    """Two states that differ only in the card another seat chose show a seat the same
    view, events and words: which seats are still choosing, and nothing of their cards."""
    assume(state.phase is Phase.PASS)
    left = sw.view(state, None).choosing
    assume(len(left) > 1)  # the last choice moves the cards, which a seat then sees
    chooser = rng.choice(left)
    offered = sw.view(state, chooser).legal_moves
    assume(len(offered) > 1)
    one, other = rng.sample(offered, 2)
    a = sw.apply_move(state, one, seat=chooser)
    b = sw.apply_move(state, other, seat=chooser)
    assert a != b
    for seat in (None, *range(state.rules.players)):
        if seat == chooser:
            continue
        assert sw.view(a, seat) == sw.view(b, seat)
        assert sw.dumps(sw.view(a, seat)) == sw.dumps(sw.view(b, seat))
        assert sw.events(state, one, seat=seat) == sw.events(state, other, seat=seat)
        assert sw.narrate(state, one, seat=seat) == sw.narrate(state, other, seat=seat)
        assert chooser not in sw.view(a, seat).choosing


@pytest.mark.rule("SW-13", "SW-R8")
@given(sst.states(rules=SMALL, phases=frozenset({Phase.DECK})), st.randoms(use_true_random=False))
def test_the_new_deck_is_exactly_the_union_of_the_discard_piles(
    state: State, rng: random.Random
) -> None:
    hands = len(state.results)
    while not sw.is_terminal(state) and len(state.results) == hands:
        legal = sw.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        before, state = state, sw.apply_move(state, move)
        assert_transition(before, move, state)
        if before.phase is Phase.DECK and not before.deck[1:]:
            ended = len(state.results) > hands
            assert ended == (before.reshuffles == before.rules.max_reshuffles)
            break


@given(STATES)
def test_every_legal_move_is_in_the_action_space(state: State) -> None:
    assert set(sw.legal_moves(state)) <= set(sw.every_move(state.rules))
