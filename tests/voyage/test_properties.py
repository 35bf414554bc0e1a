"""Property and stateful tests over Voyage states reached by legal play."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from seaview_rules import CHANCE, GameRecord, play, replay, voyage
from seaview_rules.testing import check_state
from seaview_rules.voyage import CARDS, Action, CardSet, Deal, Play, State
from seaview_rules.voyage import _checks as voyage_checks
from seaview_rules.voyage import testing as vst
from seaview_rules.voyage._rulebook import round_points
from tests.helpers import examples

EVERY_MOVE: tuple[voyage.Move, ...] = (
    *(Play(c) for c in CARDS),
    *(Deal(c) for c in CARDS),
    *Action,
)


def assert_conserved(state: State) -> None:
    places = [*state.hands, state.draw_pile, CardSet.of(state.discard_under)]
    if state.discard_top is not None:
        places.append(CardSet.of([state.discard_top]))
    counts = Counter(card for place in places for card in place)
    assert set(counts) == set(state.rules.deck)
    assert set(counts.values()) == {1}
    assert len(set(state.discard_under)) == len(state.discard_under)


@pytest.mark.rule("VOY-R1", "VOY-1", "VOY-6")
@given(vst.states())
def test_every_card_is_in_exactly_one_place(state: State) -> None:
    assert_conserved(state)


@pytest.mark.rule("VOY-R2")
@given(vst.states())
def test_chance_is_uniform_over_the_draw_pile(state: State) -> None:
    outcomes = voyage.chance_outcomes(state)
    if voyage.current_player(state) is not CHANCE:
        assert outcomes == ()
        return
    assert [m.card for m, _ in outcomes if isinstance(m, Deal)] == list(state.draw_pile)
    assert {p for _, p in outcomes} == {Fraction(1, len(state.draw_pile))}
    assert voyage.sample_chance(state, random.Random(0)) in dict(outcomes)


@pytest.mark.rule("VOY-R2")
def test_sample_chance_has_the_exact_distribution() -> None:
    state = voyage.new_game(voyage.Rules(players=2))
    rng = random.Random(2024)
    samples = Counter(voyage.sample_chance(state, rng) for _ in range(39 * 400))
    assert set(samples) == {m for m, _ in voyage.chance_outcomes(state)}
    expected = 400
    chi_square = sum((n - expected) ** 2 / expected for n in samples.values())
    assert chi_square < 80  # 38 degrees of freedom: p < 0.0001 beyond this


MID_MATCH = st.one_of(
    vst.states(),
    vst.states(
        rules=vst.rules().map(lambda r: attrs.evolve(r, target=voyage.Rules().target)),
        max_moves=200,
    ),
    vst.states(rules=vst.rules(small_decks=False), max_moves=200),
)
"""States of every kind, and many of matches still going on (small decks and low
targets end most matches within a few hundred moves)."""


@pytest.mark.rule("VOY-R4")
@given(MID_MATCH, st.randoms(use_true_random=False), st.data())
def test_a_seat_sees_nothing_of_what_is_hidden_from_it(
    state: State, rng: random.Random, data: st.DataObject
) -> None:
    """Whole views are compared, so whose turn it is and the seat's legal moves are
    covered too; the seat is often the one to move (or to receive a card)."""
    seat = data.draw(st.sampled_from([state.player, *range(state.rules.players)]))
    twin = vst.hidden_twin(state, seat, rng)
    assert_conserved(twin)
    assert voyage.view(twin, seat) == voyage.view(state, seat)
    assert voyage.dumps(voyage.view(twin, seat)) == voyage.dumps(voyage.view(state, seat))
    assert voyage.view(twin, None) == voyage.view(state, None)
    mover = voyage.current_player(state) == seat
    event("the seat is to move" if mover else "the seat is not to move")


@pytest.mark.rule("VOY-R9")
@given(vst.states(), st.data())
def test_a_view_names_no_card_the_seat_cannot_see(state: State, data: st.DataObject) -> None:
    """Everything in a view is the seat's hand or the face-up discard pile."""
    seat = data.draw(st.none() | st.integers(0, state.rules.players - 1))
    visible = {str(state.discard_top)} if state.discard_top else set()
    visible |= {str(c) for c in state.discard_under}
    if seat is not None:
        visible |= {str(c) for c in state.hands[seat]}
    document = voyage.dumps(voyage.view(state, seat))
    named = set(re.findall(r'"([RGB]\d{1,2})"', document))
    assert named <= visible


@pytest.mark.rule("VOY-R9")
@given(vst.states(), st.data())
def test_every_view_shows_the_whole_discard_pile_in_play_order(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.none() | st.integers(0, state.rules.players - 1))
    seen = voyage.view(state, seat)
    assert seen.discard_top == state.discard_top
    assert seen.discard_under == state.discard_under
    assert seen.draw_pile_size == len(state.draw_pile)


def a_drawn_card_in_sight_of_seat_0() -> State:
    """A state of a seeded 3-player game where seat 1 or 2 has just drawn a card, with
    cards under the top of the discard pile and in the draw pile."""
    found: list[State] = []

    def look(before: State, move: voyage.Move, after: State) -> None:
        if (
            after.phase is voyage.Phase.DRAWN
            and after.player != 0
            and len(after.discard_under) >= 3
            and len(after.draw_pile) >= 3
        ):
            found.append(after)

    play(voyage.GAME, voyage.Rules(players=3), random.Random(3), on_move=look)
    return found[0]


@pytest.mark.rule("VOY-R9", "VOY-R4")
def test_the_hidden_twin_deals_anew_all_that_is_hidden_and_nothing_else() -> None:
    state = a_drawn_card_in_sight_of_seat_0()
    hidden = [*state.hands[1], *state.hands[2], *state.draw_pile]
    places: dict[voyage.Card, set[str]] = {card: set() for card in hidden}
    drawn = set()
    for seed in range(300):
        twin = vst.hidden_twin(state, 0, random.Random(seed))
        assert twin.discard_top == state.discard_top
        assert twin.discard_under == state.discard_under  # face up: never varied
        assert twin.hands[0] == state.hands[0]
        assert [len(h) for h in twin.hands] == [len(h) for h in state.hands]
        assert voyage.view(twin, 0) == voyage.view(state, 0)
        for name, cards in (("hand 1", twin.hands[1]), ("hand 2", twin.hands[2]),
                            ("draw pile", twin.draw_pile)):  # fmt: skip
            for card in cards:
                places[card].add(name)
        drawn.add(twin.drawn)
    assert all(found == {"hand 1", "hand 2", "draw pile"} for found in places.values())
    assert len(drawn) > 1  # which card another seat drew is hidden too


@given(vst.states())
def test_states_round_trip_through_json(state: State) -> None:
    assert voyage.loads(voyage.dumps(state)) == state


class VoyageMatch(RuleBasedStateMachine):
    """A match played one legal move at a time, every invariant checked after each."""

    state: State
    moves: list[voyage.Move]

    @initialize(rules=vst.rules())
    def start(self, rules: voyage.Rules) -> None:
        self.state = voyage.new_game(rules)
        self.moves = []

    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        before = self.state
        snapshot = voyage.dumps(before)
        legal = voyage.legal_moves(before)
        if not legal:
            return
        move = data.draw(st.sampled_from(legal))
        after = voyage.apply_move(before, move)
        assert voyage.dumps(before) == snapshot  # apply_move never changes its input
        self.check_step(before, move, after)
        self.state = after
        self.moves.append(move)

    def check_step(self, before: State, move: voyage.Move, after: State) -> None:
        # VOY-6: a rebuild keeps the top and turns exactly the rest into the draw pile.
        if after.results == before.results and after.reshuffles > before.reshuffles:
            assert move is Action.DRAW
            assert not before.draw_pile
            assert after.draw_pile == CardSet.of(before.discard_under)
            assert after.discard_top == before.discard_top
            assert not after.discard_under
        # VOY-5: only the round winner scores, by the cards left in the other hands.
        gained = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
        if len(after.results) > len(before.results):
            result = after.results[-1]
            assert result.winner == before.player
            left = tuple(0 if s == result.winner else len(h) for s, h in enumerate(before.hands))
            assert result.cards_left == left
            assert gained[result.winner] == round_points(left)
            assert all(g == 0 for s, g in enumerate(gained) if s != result.winner)
        else:
            assert gained == [0] * len(gained)

    @invariant()
    def contract_holds(self) -> None:
        if hasattr(self, "state"):
            assert_conserved(self.state)
            check_state(voyage.GAME, self.state, EVERY_MOVE)

    def teardown(self) -> None:
        if hasattr(self, "state"):
            record = GameRecord(self.state.rules, tuple(self.moves))
            assert replay(voyage.GAME, record) == self.state
            assert voyage.loads(voyage.dumps(record)) == record


VoyageMatch.TestCase.settings = examples(30, stateful_step_count=60)


test_voyage_match = pytest.mark.rule("VOY-3", "VOY-4", "VOY-5", "VOY-6")(VoyageMatch.TestCase)


@pytest.mark.rule("VOY-R1")
@given(vst.states())
def test_every_reachable_state_and_its_views_pass_the_checks_of_loads(state: State) -> None:
    voyage_checks.check_state(state)
    for seat in (None, *range(state.rules.players)):
        voyage_checks.check_view(voyage.view(state, seat))


@pytest.mark.rule("VOY-R9")
@given(vst.states())
def test_a_rendered_view_names_no_card_its_seat_cannot_see(state: State) -> None:
    for seat in (None, *range(state.rules.players)):
        seen = voyage.view(state, seat)
        text = voyage.render(seen)
        shown = {*(seen.hand or ()), *seen.discard_under}
        if seen.discard_top is not None:
            shown.add(seen.discard_top)
        named = set(re.findall(r"\b[RGB]\d+\b", text))
        assert named <= {str(c) for c in shown}
        for other in range(state.rules.players):
            if other != seat:
                count = len(state.hands[other])
                assert (
                    f"| {count} card{'s' * (count != 1)}"
                    in text.splitlines()[-state.rules.players + other]
                )
