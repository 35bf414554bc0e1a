"""Voyage JSON: round trips, and tampered documents refused with `InvalidDataError`."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import InvalidDataError, play, voyage
from seaview_rules.testing import voyage as vst

MATCH = play(voyage.GAME, voyage.Rules(players=3), random.Random(5), max_moves=120)
MID = MATCH.final
DOCUMENT = json.loads(voyage.dumps(MID))


def tampered(change: dict[str, Any]) -> str:
    document = json.loads(voyage.dumps(MID))
    document["data"].update(change)
    return json.dumps(document)


def test_a_state_a_view_and_a_record_round_trip() -> None:
    assert voyage.loads(voyage.dumps(MID)) == MID
    for seat in (None, 0, 1, 2):
        seen = voyage.view(MID, seat)
        assert voyage.loads(voyage.dumps(seen)) == seen
    assert voyage.loads(voyage.dumps(MATCH.record)) == MATCH.record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "must be an object"),
        (json.dumps({**DOCUMENT, "game": "leagues"}), "game: must be 'voyage'"),
        (json.dumps({**DOCUMENT, "version": 99}), "version 1 is the one supported"),
        (json.dumps({**DOCUMENT, "kind": "board"}), "kind: must be one of"),
        (tampered({"scores": [1, 2]}), "must have 3 to 3 items"),
        (tampered({"player": 3}), "data.player: must be at most 2"),
        (tampered({"player": True}), "must be an integer, not a boolean"),
        (tampered({"phase": "nap"}), "data.phase: must be one of"),
        (tampered({"draw_pile": ["X1"]}), "not a Voyage card"),
        (tampered({"reshuffles": -1}), "must be at least 0"),
        (tampered({"rules": {"players": 9}}), "data.rules.players: must be 2 to 6"),
        (tampered({"extra": 1}), "unknown key 'extra'"),
    ],
)
def test_malformed_documents_are_refused_with_the_path(text: str, message: str) -> None:
    with pytest.raises(InvalidDataError, match=message.replace("(", r"\(")):
        voyage.loads(text)


@pytest.mark.rule("VOY-R1")
def test_a_card_in_two_places_or_in_none_is_refused() -> None:
    hand = DOCUMENT["data"]["hands"][0]
    duplicated = tampered({"draw_pile": [*DOCUMENT["data"]["draw_pile"], hand[0]]})
    with pytest.raises(InvalidDataError, match=r"data\.draw_pile: .* is in data\.hands\[0\] too"):
        voyage.loads(duplicated)
    with pytest.raises(InvalidDataError, match="is missing"):
        voyage.loads(tampered({"hands": [hand[1:], *DOCUMENT["data"]["hands"][1:]]}))
    with pytest.raises(InvalidDataError, match="appears twice"):
        voyage.loads(tampered({"hands": [[hand[0], *hand], *DOCUMENT["data"]["hands"][1:]]}))


@pytest.mark.rule("VOY-5")
def test_scores_that_disagree_with_the_round_results_are_refused() -> None:
    with pytest.raises(InvalidDataError, match="sums of the round results"):
        voyage.loads(tampered({"scores": [5, 0, 0]}))


@pytest.mark.rule("VOY-7", "VOY-R8")
def test_a_dealer_out_of_turn_is_refused() -> None:
    with pytest.raises(InvalidDataError, match=r"after 2 rounds \(VOY-7, VOY-R8\)"):
        voyage.loads(tampered({"dealer": (MID.dealer + 1) % 3}))


PILED = play(voyage.GAME, voyage.Rules(players=3), random.Random(5), max_moves=26).final
"""Mid-round: R6 on top of R2 R13 B13 B6, seat 0 holding G1 G5 B3 B10."""


def tampered_pile(kind: str, change: dict[str, Any]) -> str:
    obj = PILED if kind == "state" else voyage.view(PILED, 0)
    document = json.loads(voyage.dumps(obj))
    document["data"].update(change)
    return json.dumps(document)


@pytest.mark.rule("VOY-R9")
def test_the_discard_pile_keeps_its_order_in_states_and_views() -> None:
    assert [str(c) for c in PILED.discard_under] == ["R2", "R13", "B13", "B6"]
    for obj in (PILED, voyage.view(PILED, 0), voyage.view(PILED, None)):
        document = json.loads(voyage.dumps(obj))
        assert document["data"]["discard_under"] == ["R2", "R13", "B13", "B6"]
        assert voyage.loads(voyage.dumps(obj)) == obj
    reordered = voyage.loads(tampered_pile("state", {"discard_under": ["B6", "B13", "R13", "R2"]}))
    assert isinstance(reordered, voyage.State)
    assert reordered != PILED
    assert [str(c) for c in reordered.discard_under] == ["B6", "B13", "R13", "R2"]


@pytest.mark.rule("VOY-R9", "VOY-R1")
@pytest.mark.parametrize(
    ("kind", "under", "message"),
    [
        ("state", ["R2", "R13", "B13", "B13"], r"data\.discard_under\[3\]: B13 appears twice"),
        ("state", ["R2", "R13", "B13"], "B6 is missing"),
        (
            "state",
            ["R2", "R13", "B13", "B6", "G1"],
            r"data\.discard_under: G1 is in data\.hands\[0\] too",
        ),
        (
            "state",
            ["R2", "R13", "B13", "B6", "R6"],
            r"data\.discard_top: R6 is in data\.discard_under",
        ),
        ("state", ["R2", "R13", "B13", "X6"], "not a Voyage card"),
        ("view", ["R2", "R13", "B13", "B13"], r"data\.discard_under\[3\]: B13 appears twice"),
        ("view", ["R2", "R13", "B13"], "the counts must add up to the deck size"),
        ("view", ["R2", "R13", "B13", "R6"], r"data\.discard_under\[3\]: R6 is the top card"),
        ("view", ["R2", "R13", "B13", "G1"], r"data\.discard_under\[3\]: G1 is in the seat's hand"),
    ],
)
def test_a_discard_pile_with_a_card_twice_or_missing_is_refused(
    kind: str, under: list[str], message: str
) -> None:
    with pytest.raises(InvalidDataError, match=message):
        voyage.loads(tampered_pile(kind, {"discard_under": under}))


@pytest.mark.rule("VOY-R9")
def test_a_view_with_cards_under_no_top_card_is_refused() -> None:
    document = json.loads(voyage.dumps(voyage.view(MID, 0)))
    assert document["data"]["discard_top"] is None
    document["data"]["discard_under"] = ["B1"]
    document["data"]["draw_pile_size"] -= 1
    with pytest.raises(InvalidDataError, match="only once the lead is made"):
        voyage.loads(json.dumps(document))


def test_a_record_with_an_illegal_move_is_refused_at_that_move() -> None:
    document = json.loads(voyage.dumps(MATCH.record))
    document["data"]["moves"][3] = document["data"]["moves"][2]
    with pytest.raises(InvalidDataError, match=r"data\.moves\[3\]: illegal move"):
        voyage.loads(json.dumps(document))


def mutate(node: Any, path: list[int], replacement: Any) -> Any:
    """``node`` with the part chosen by ``path`` (indexes into children) replaced."""
    if not path or not isinstance(node, dict | list) or not node:
        return replacement
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    key = keys[path[0] % len(keys)]
    copy = dict(node) if isinstance(node, dict) else list(node)
    copy[key] = mutate(node[key], path[1:], replacement)
    return copy


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.floats()
    | st.text(max_size=4)
    | st.sampled_from(["R1", "B13", "G7", "turn", "draw", "deal R1"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@given(
    st.sampled_from(["state", "view", "record"]),
    vst.states(max_moves=150),
    st.lists(st.integers(0, 50), max_size=5),
    JSON_VALUES,
)
def test_tampered_documents_load_or_raise_invalid_data_only(
    kind: str, state: voyage.State, path: list[int], replacement: Any
) -> None:
    obj: Any = {"state": state, "view": voyage.view(state, 0), "record": MATCH.record}[kind]
    document = mutate(json.loads(voyage.dumps(obj)), path, replacement)
    try:
        loaded = voyage.loads(json.dumps(document))
    except InvalidDataError:
        return
    assert voyage.loads(voyage.dumps(loaded)) == loaded  # what loads accepts is consistent
