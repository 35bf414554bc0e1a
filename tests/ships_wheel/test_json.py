"""Ship's Wheel JSON: round trips, and tampered documents refused with `InvalidDataError`."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from seaview_rules import CHANCE, InvalidDataError, play
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Phase, State


def find(rules: sw.Rules, phase: Phase, seed: int = 1) -> State:
    """The first state of a seeded random match in ``phase``."""
    rng = random.Random(seed)
    state = sw.new_game(rules)
    while state.phase is not phase:
        if sw.current_player(state) is CHANCE:
            state = sw.apply_move(state, sw.sample_chance(state, rng))
        else:
            legal = sw.legal_moves(state)
            state = sw.apply_move(state, legal[rng.randrange(len(legal))])
    return state


MATCH = play(sw.GAME, sw.Rules(players=3, decks=2), random.Random(5), max_moves=300)
MID = MATCH.final
PASSING = sw.apply_move(
    find(sw.Rules(players=3), Phase.PASS), sw.legal_moves(find(sw.Rules(players=3), Phase.PASS))[0]
)


def document(state: object) -> dict[str, Any]:
    return json.loads(sw.dumps(state))  # type: ignore[arg-type, no-any-return]


def tampered(state: object, change: dict[str, Any]) -> str:
    doc = document(state)
    doc["data"].update(change)
    return json.dumps(doc)


def test_a_state_a_view_and_a_record_round_trip() -> None:
    for state in (MID, PASSING):
        assert sw.loads(sw.dumps(state)) == state
        for seat in (None, 0, 1, 2):
            seen = sw.view(state, seat)
            assert sw.loads(sw.dumps(seen)) == seen
    assert sw.loads(sw.dumps(MATCH.record)) == MATCH.record
    with pytest.raises(TypeError):
        sw.dumps(object())  # type: ignore[arg-type]


def test_rules_with_a_custom_deck_round_trip() -> None:
    deck = sw.DeckSpec(
        shapes=["a", "b", "c", "d"], colours=["w", "x", "y", "z"], lighthouses=["x", "x"], anchors=4
    )
    rules = sw.Rules(
        players=2, deck=deck, decks=2, scoring=sw.Scoring.HANDS, target=3, max_reshuffles=2
    )
    state = find(rules, Phase.DISCARD)
    assert sw.loads(sw.dumps(state)) == state


@pytest.mark.rule("SW-R1")
def test_a_partial_grid_round_trips_and_its_cards_are_checked_with_their_path() -> None:
    deck = sw.DeckSpec(
        shapes=["star", "moon", "wave"],
        colours=["red", "blue", "green"],
        plain=["red-star", "red-moon", "blue-star", "blue-wave", "green-moon", "green-wave"],
        lighthouses=["red", "blue"],
    )
    rules = sw.Rules(players=2, deck=deck, decks=2, min_hand_size=2)
    state = find(rules, Phase.DISCARD)
    assert sw.loads(sw.dumps(state)) == state
    data = document(state)["data"]["rules"]["deck"]
    assert data["plain"] == [str(c) for c in deck.plain or ()]
    assert document(sw.new_game())["data"]["rules"]["deck"]["plain"] is None
    for cards, message in [
        (["red-star", "red-sun"], r"data\.rules\.deck\.plain\[1\]: red-sun: 'sun' is not one"),
        (["red-star", "red-star"], r"data\.rules\.deck\.plain\[1\]: red-star is listed twice"),
        (["red-star", 3], r"data\.rules\.deck\.plain\[1\]: must be a string"),
        ("red-star", r"data\.rules\.deck\.plain: must be a list"),
    ]:
        doc = document(state)
        doc["data"]["rules"]["deck"]["plain"] = cards
        with pytest.raises(InvalidDataError, match=message):
            sw.loads(json.dumps(doc))
    doc = document(state)
    doc["data"]["rules"]["deck"]["plain"] = None  # the whole grid: the cards no longer add up
    with pytest.raises(InvalidDataError, match="cards are conserved"):
        sw.loads(json.dumps(doc))


DOC = document(MID)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        (json.dumps({**DOC, "game": "voyage"}), "game: must be 'ships_wheel'"),
        (json.dumps({**DOC, "version": 2}), "version 1 is the one supported"),
        (tampered(MID, {"scores": [1, 2]}), "must have 3 to 3 items"),
        (tampered(MID, {"player": 3}), "data.player: must be at most 2"),
        (tampered(MID, {"phase": "nap"}), "data.phase: must be one of"),
        (tampered(MID, {"deck": ["gold-star"]}), "gold-star is not in the deck"),
        (tampered(MID, {"deck": ["red star"]}), "not a Ship's Wheel card"),
        (tampered(MID, {"reshuffles": 5}), "data.reshuffles: must be at most 1"),
        (tampered(MID, {"rules": {"players": 9}}), "data.rules.players: must be 2 to 6"),
        (
            tampered(MID, {"rules": {"deck": {"shapes": []}}}),
            "data.rules.deck.shapes: a deck needs plain cards",
        ),
        (tampered(MID, {"rules": {"scoring": "points"}}), "data.rules.scoring: must be one of"),
        (tampered(MID, {"extra": 1}), "unknown key 'extra'"),
    ],
)
def test_malformed_documents_are_refused_with_the_path(text: str, message: str) -> None:
    with pytest.raises(InvalidDataError, match=message):
        sw.loads(text)


@pytest.mark.rule("SW-R1")
def test_a_card_too_often_or_missing_is_refused() -> None:
    doc = document(MID)
    hand = doc["data"]["hands"][0]
    doc["data"]["deck"].append(hand[0])
    with pytest.raises(InvalidDataError, match="cards are conserved"):
        sw.loads(json.dumps(doc))
    doc = document(MID)
    doc["data"]["deck"].pop()
    with pytest.raises(InvalidDataError, match="cards are conserved"):
        sw.loads(json.dumps(doc))


@pytest.mark.rule("SW-R7", "SW-10")
def test_pending_passes_are_checked_and_hidden() -> None:
    assert any(p is not None for p in PASSING.passing)
    doc = document(PASSING)
    doc["data"]["passing"] = ["anchor"] * 3
    with pytest.raises(InvalidDataError, match=r"data\.passing"):
        sw.loads(json.dumps(doc))
    committed = next(s for s, p in enumerate(PASSING.passing) if p is not None)
    for seat in range(3):
        text = sw.dumps(sw.view(PASSING, seat))
        assert (json.loads(text)["data"]["passing"] is not None) == (seat == committed)
    spy = document(sw.view(PASSING, (committed + 1) % 3))
    spy["data"]["passing"] = spy["data"]["hand"][0]
    with pytest.raises(InvalidDataError, match="own pending pass"):
        sw.loads(json.dumps(spy))


@pytest.mark.rule("SW-R6")
def test_a_winning_hand_in_the_middle_of_a_hand_is_refused() -> None:
    state = find(sw.Rules(players=2), Phase.DRAW)
    doc = document(state)
    doc["data"]["hands"][0], doc["data"]["deck"] = (
        ["red-circle", "orange-square", "yellow-triangle"][: state.hand_size]
        + doc["data"]["hands"][0][3:],
        doc["data"]["deck"],
    )
    with pytest.raises(InvalidDataError):
        sw.loads(json.dumps(doc))


@pytest.mark.rule("SW-14")
def test_results_must_add_up_to_the_scores() -> None:
    state = play(sw.GAME, sw.Rules(players=2, target=12), random.Random(3)).final
    assert state.results
    with pytest.raises(InvalidDataError, match="sums of the hand results"):
        sw.loads(tampered(state, {"scores": [s + 1 for s in state.scores]}))
    doc = document(state)
    doc["data"]["results"][0]["dealer"] = 1
    with pytest.raises(InvalidDataError, match="passes one seat left"):
        sw.loads(json.dumps(doc))


def test_a_view_must_add_up_to_the_deck() -> None:
    doc = document(sw.view(MID, 0))
    doc["data"]["deck_size"] += 1
    with pytest.raises(InvalidDataError, match="add up"):
        sw.loads(json.dumps(doc))
