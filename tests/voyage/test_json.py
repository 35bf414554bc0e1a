"""Voyage JSON: round trips, and tampered documents refused with `InvalidDataError`."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import GameRecord, InvalidDataError, PlayedGame, play, voyage
from seaview_rules.voyage import testing as vst


@cache
def match() -> PlayedGame[voyage.Rules, voyage.State, voyage.Move]:
    """A seeded 3-player match, cut off after 120 moves (in its third round)."""
    return play(voyage.GAME, voyage.Rules(players=3), random.Random(5), max_moves=120)


def mid() -> voyage.State:
    return match().final


def document_of_mid() -> dict[str, Any]:
    return dict(json.loads(voyage.dumps(mid())))


def tampered(change: dict[str, Any]) -> str:
    document = document_of_mid()
    document["data"].update(change)
    return json.dumps(document)


def test_a_state_a_view_and_a_record_round_trip() -> None:
    assert voyage.loads(voyage.dumps(mid())) == mid()
    for seat in (None, 0, 1, 2):
        seen = voyage.view(mid(), seat)
        assert voyage.loads(voyage.dumps(seen)) == seen
    assert voyage.loads(voyage.dumps(match().record)) == match().record


def enveloped(change: dict[str, Any]) -> str:
    return json.dumps({**document_of_mid(), **change})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (lambda: "{", "not valid JSON"),
        (lambda: "[]", "must be an object"),
        (lambda: enveloped({"game": "leagues"}), "game: must be 'voyage'"),
        (lambda: enveloped({"version": 99}), "version 1 is the one supported"),
        (lambda: enveloped({"kind": "board"}), "kind: must be one of"),
        (lambda: tampered({"scores": [1, 2]}), "must have 3 to 3 items"),
        (lambda: tampered({"player": 3}), "data.player: must be at most 2"),
        (lambda: tampered({"player": True}), "must be an integer, not a boolean"),
        (lambda: tampered({"phase": "nap"}), "data.phase: must be one of"),
        (lambda: tampered({"draw_pile": ["X1"]}), "not a Voyage card"),
        (lambda: tampered({"reshuffles": -1}), "must be at least 0"),
        (lambda: tampered({"rules": {"players": 9}}), "data.rules.players: must be 2 to 6"),
        (lambda: tampered({"extra": 1}), "unknown key 'extra'"),
    ],
)
def test_malformed_documents_are_refused_with_the_path(
    text: Callable[[], str], message: str
) -> None:
    with pytest.raises(InvalidDataError, match=message.replace("(", r"\(")):
        voyage.loads(text())


@pytest.mark.rule("VOY-R1")
def test_a_card_in_two_places_or_in_none_is_refused() -> None:
    data = document_of_mid()["data"]
    hand = data["hands"][0]
    duplicated = tampered({"draw_pile": [*data["draw_pile"], hand[0]]})
    with pytest.raises(InvalidDataError, match=r"data\.draw_pile: .* is in data\.hands\[0\] too"):
        voyage.loads(duplicated)
    with pytest.raises(InvalidDataError, match="is missing"):
        voyage.loads(tampered({"hands": [hand[1:], *data["hands"][1:]]}))
    with pytest.raises(InvalidDataError, match="appears twice"):
        voyage.loads(tampered({"hands": [[hand[0], *hand], *data["hands"][1:]]}))


@pytest.mark.rule("VOY-5")
def test_scores_that_disagree_with_the_round_results_are_refused() -> None:
    with pytest.raises(InvalidDataError, match="sums of the round results"):
        voyage.loads(tampered({"scores": [5, 0, 0]}))


@pytest.mark.rule("VOY-7", "VOY-R8")
def test_any_seat_may_deal_the_round_of_a_position() -> None:
    """Which seat deals after which is for a record to prove (`replay`): a position is
    a position, whoever deals its round."""
    for dealer in range(3):
        assert voyage.loads(tampered({"dealer": dealer})) == evolve(mid(), dealer=dealer)


@cache
def piled() -> voyage.State:
    """The same match after 26 moves: R6 on top of R2 R13 B13 B6, seat 0 holding G1 G5 B3
    B10; seat 1 to move, who may play R5, R7, R10 or R11."""
    return play(voyage.GAME, voyage.Rules(players=3), random.Random(5), max_moves=26).final


def tampered_pile(kind: str, change: dict[str, Any]) -> str:
    obj = piled() if kind == "state" else voyage.view(piled(), 0)
    document = json.loads(voyage.dumps(obj))
    document["data"].update(change)
    return json.dumps(document)


@pytest.mark.rule("VOY-R9")
def test_the_discard_pile_keeps_its_order_in_states_and_views() -> None:
    assert [str(c) for c in piled().discard_under] == ["R2", "R13", "B13", "B6"]
    for obj in (piled(), voyage.view(piled(), 0), voyage.view(piled(), None)):
        document = json.loads(voyage.dumps(obj))
        assert document["data"]["discard_under"] == ["R2", "R13", "B13", "B6"]
        assert voyage.loads(voyage.dumps(obj)) == obj
    reordered = voyage.loads(tampered_pile("state", {"discard_under": ["B6", "B13", "R13", "R2"]}))
    assert isinstance(reordered, voyage.State)
    assert reordered != piled()
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
    document = json.loads(voyage.dumps(voyage.view(mid(), 0)))
    assert document["data"]["discard_top"] is None
    document["data"]["discard_under"] = ["B1"]
    document["data"]["draw_pile_size"] -= 1
    with pytest.raises(InvalidDataError, match="only once the lead is made"):
        voyage.loads(json.dumps(document))


def test_a_record_with_an_illegal_move_is_refused_at_that_move() -> None:
    document = json.loads(voyage.dumps(match().record))
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
    obj: Any = {"state": state, "view": voyage.view(state, 0), "record": match().record}[kind]
    document = mutate(json.loads(voyage.dumps(obj)), path, replacement)
    try:
        loaded = voyage.loads(json.dumps(document))
    except InvalidDataError:
        return
    assert voyage.loads(voyage.dumps(loaded)) == loaded  # what loads accepts is consistent


def test_to_dict_is_the_document_dumps_writes() -> None:
    for obj in (mid(), voyage.view(mid(), 1), voyage.view(mid(), None), match().record,
                voyage.legal_moves(piled())):  # fmt: skip
        document = voyage.to_dict(obj)
        assert json.loads(voyage.dumps(obj)) == document
        assert voyage.dumps(obj) == json.dumps(document, separators=(",", ":"))
        assert voyage.from_dict(document) == obj


def test_a_view_writes_whose_turn_it_is_and_the_seats_legal_moves_last_of_its_fields() -> None:
    mover = piled().player
    document = voyage.to_dict(voyage.view(piled(), mover))["data"]
    # The fields end with these; only the keys a view derives come after them.
    assert list(document)[-4:] == ["to_move", "legal_moves", "round", "outcome"]
    assert document["to_move"] == mover
    assert document["legal_moves"] == [str(m) for m in voyage.legal_moves(piled())]
    assert voyage.to_dict(voyage.view(piled(), (mover + 1) % 3))["data"]["legal_moves"] == []
    dealing = voyage.to_dict(voyage.view(voyage.new_game(voyage.Rules(players=2)), 0))["data"]
    assert (dealing["to_move"], dealing["legal_moves"]) == ("chance", [])
    final = play(voyage.GAME, voyage.Rules(players=2, target=3), random.Random(1)).final
    over = voyage.to_dict(voyage.view(final, 0))["data"]
    assert (over["to_move"], over["legal_moves"]) == (None, [])


def test_typed_loading_gives_the_kind_asked_for() -> None:
    state: voyage.State = voyage.loads(voyage.dumps(mid()), kind=voyage.State)
    seen: voyage.View = voyage.loads(voyage.dumps(voyage.view(mid(), 0)), kind=voyage.View)
    record: GameRecord[voyage.Rules, voyage.Move] = voyage.from_dict(
        voyage.to_dict(match().record), kind=GameRecord
    )
    moves: tuple[voyage.Move, ...] = voyage.loads(
        voyage.dumps([voyage.Action.DRAW, voyage.parse_move("R7")]), kind=tuple
    )
    assert (state, seen, record) == (mid(), voyage.view(mid(), 0), match().record)
    assert moves == (voyage.Action.DRAW, voyage.parse_move("R7"))


@pytest.mark.parametrize(
    ("build", "kind", "holds"),
    [
        (mid, voyage.View, "State"),
        (lambda: voyage.view(mid(), 0), voyage.State, "View"),
        (lambda: match().record, tuple, "GameRecord"),
        (lambda: (voyage.Action.DRAW,), GameRecord, "tuple"),
    ],
)
def test_a_document_of_another_kind_is_refused(
    build: Callable[[], Any], kind: type[Any], holds: str
) -> None:
    obj = build()
    with pytest.raises(InvalidDataError, match=f"^kind: the document holds a {holds}") as err:
        voyage.loads(voyage.dumps(obj), kind=kind)
    assert err.value.where == "kind"
    with pytest.raises(InvalidDataError, match=r"^kind: "):
        voyage.from_dict(voyage.to_dict(obj), kind=kind)


def test_a_kind_that_no_document_holds_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="kind must be"):
        voyage.loads(voyage.dumps(mid()), kind=dict)  # type: ignore[arg-type]  # on purpose


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"reshuffles": float("nan")}, "data.reshuffles: must be a finite number"),
        ({"scores": [0, 0, float("inf")]}, r"data.scores\[2\]: must be a finite number"),
        ({"draw_pile": {"R1"}}, "data.draw_pile: set is not JSON"),
        ({"results": {1: "x"}}, "data.results: object keys must be strings"),
        ({"dealer": (0,)}, "data.dealer: tuple is not JSON"),
    ],
)
def test_a_parsed_document_holding_what_json_cannot_is_refused(
    change: dict[str, Any], where: str
) -> None:
    document = voyage.to_dict(mid())
    document["data"] = {**document["data"], **change}
    with pytest.raises(InvalidDataError, match=where):
        voyage.from_dict(document)


def test_from_dict_validates_as_loads_does() -> None:
    with pytest.raises(InvalidDataError, match="game: must be 'voyage'"):
        voyage.from_dict({**document_of_mid(), "game": "leagues"})
    with pytest.raises(InvalidDataError, match="must be an object"):
        voyage.from_dict([])
    document = json.loads(tampered({"player": 3}))
    with pytest.raises(InvalidDataError, match=r"data.player: must be at most 2"):
        voyage.from_dict(document)


def test_moves_round_trip_as_a_tuple_from_a_tuple_or_a_list() -> None:
    moves = voyage.every_move(voyage.Rules(players=2, colours=1, numbers=2, hand_size=1))
    text = voyage.dumps(moves)
    assert text == (
        '{"format":"seaview_rules","game":"voyage","kind":"moves","version":1,'
        '"data":["R1","R2","deal R1","deal R2","draw","keep","pass"]}'
    )
    assert voyage.loads(text) == moves
    assert voyage.loads(voyage.dumps(list(moves))) == moves
    assert voyage.loads(voyage.dumps(())) == ()


def test_a_bad_move_in_a_list_of_moves_is_refused_at_its_index() -> None:
    document = voyage.to_dict((voyage.Action.DRAW, voyage.Action.KEEP, voyage.Action.PASS))
    document["data"][1] = "deal X9"
    with pytest.raises(InvalidDataError, match=r"^data\[1\]: not a Voyage move: 'deal X9'"):
        voyage.from_dict(document)
    document["data"][1] = 7
    with pytest.raises(InvalidDataError, match=r"^data\[1\]: must be a string"):
        voyage.from_dict(document)
    document["data"] = "draw"
    with pytest.raises(InvalidDataError, match=r"^data: must be a list"):
        voyage.from_dict(document)


def test_only_moves_of_voyage_are_written_as_moves() -> None:
    with pytest.raises(TypeError, match="item 1 is a str, not a Voyage move"):
        voyage.dumps([voyage.Action.DRAW, "keep"])  # type: ignore[list-item]  # on purpose
    with pytest.raises(TypeError, match="cannot write dict"):
        voyage.to_dict({})  # type: ignore[arg-type]  # on purpose


def tampered_view(
    seat: int | None, change: dict[str, Any], state: voyage.State | None = None
) -> str:
    document = voyage.to_dict(voyage.view(state or piled(), seat))
    document["data"].update(change)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("seat", "change", "message"),
    [
        (1, {"to_move": 0}, "data.to_move: must be 1 in phase turn with seat 1 to act"),
        (1, {"to_move": "chance"}, "data.to_move: must be 1"),
        (None, {"to_move": None}, "data.to_move: must be 1"),
        (1, {"to_move": "nobody"}, "data.to_move: must be a seat, 'chance' or null"),
        (1, {"to_move": 5}, "data.to_move: must be at most 2"),
        (1, {"to_move": True}, "data.to_move: must be an integer, not a boolean"),
        (
            1,
            {"legal_moves": []},
            r"data.legal_moves: must be the moves the view allows: \['R5', 'R7', 'R10', 'R11'\]",
        ),
        (
            1,
            {"legal_moves": ["R7", "R5", "R10", "R11"]},
            "data.legal_moves: must be the moves the view allows",
        ),
        (
            1,
            {"legal_moves": ["R5", "R7", "R10", "R11", "draw"]},
            "data.legal_moves: must be the moves the view allows",
        ),
        (1, {"legal_moves": ["R5", "Q5"]}, r"data.legal_moves\[1\]: not a Voyage move"),
        (0, {"legal_moves": ["G1"]}, "data.legal_moves: must be empty: this seat is not to move"),
        (None, {"legal_moves": ["draw"]}, "data.legal_moves: must be empty"),
        (
            1,
            {"discard_top": None, "draw_pile_size": 21},
            "data.discard_top: in phase turn the lead has started the pile",
        ),
        (1, {"legal_moves": "R5"}, "data.legal_moves: must be a list"),
    ],
)
def test_a_view_whose_turn_or_moves_disagree_with_the_rest_is_refused(
    seat: int | None, change: dict[str, Any], message: str
) -> None:
    assert piled().player == 1
    assert [str(m) for m in voyage.legal_moves(piled())] == ["R5", "R7", "R10", "R11"]
    with pytest.raises(InvalidDataError, match=message):
        voyage.loads(tampered_view(seat, change))


@pytest.mark.rule("VOY-R4")
def test_a_drawing_seats_view_without_its_drawn_card_is_refused() -> None:
    drawing = next(s for s in _states_of(match().record) if s.phase is voyage.Phase.DRAWN)
    document = tampered_view(drawing.player, {"drawn": None}, drawing)
    with pytest.raises(InvalidDataError, match=r"data.drawn: must be the card the player drew"):
        voyage.loads(document)


def _states_of(record: GameRecord[voyage.Rules, voyage.Move]) -> list[voyage.State]:
    state = voyage.new_game(record.rules)
    states = [state]
    for move in record.moves:
        state = voyage.apply_move(state, move)
        states.append(state)
    return states


@given(vst.views())
def test_every_view_round_trips_through_a_dict(seen: voyage.View) -> None:
    assert voyage.from_dict(voyage.to_dict(seen), kind=voyage.View) == seen
    assert voyage.from_dict(json.loads(voyage.dumps(seen))) == seen
