"""Ship's Wheel JSON: round trips, and tampered documents refused with `InvalidDataError`."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given

from seaview_rules import CHANCE, GameRecord, InvalidDataError, PlayedGame, play
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Phase, State
from seaview_rules.ships_wheel import testing as sst


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


@cache
def match() -> PlayedGame[sw.Rules, sw.State, sw.Move]:
    """300 moves of a seeded 3-player match with two decks."""
    return play(sw.GAME, sw.Rules(players=3, decks=2), random.Random(5), max_moves=300)


def mid() -> State:
    """Where `match` stops, in the middle of the match."""
    return match().final


@cache
def passing() -> State:
    """An Anchor pass in which one seat has chosen."""
    found = find(sw.Rules(players=3), Phase.PASS)
    return sw.apply_move(found, sw.legal_moves(found)[0])


def document(state: object) -> dict[str, Any]:
    return json.loads(sw.dumps(state))  # type: ignore[arg-type, no-any-return]


def tampered(state: object, change: dict[str, Any]) -> str:
    doc = document(state)
    doc["data"].update(change)
    return json.dumps(doc)


def test_a_state_a_view_and_a_record_round_trip() -> None:
    for state in (mid(), passing()):
        assert sw.loads(sw.dumps(state)) == state
        for seat in (None, 0, 1, 2):
            seen = sw.view(state, seat)
            assert sw.loads(sw.dumps(seen)) == seen
    assert sw.loads(sw.dumps(match().record)) == match().record
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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (lambda: "{", "not valid JSON"),
        (lambda: json.dumps({**document(mid()), "game": "voyage"}), "game: must be 'ships_wheel'"),
        (lambda: json.dumps({**document(mid()), "version": 2}), "version 1 is the one supported"),
        (lambda: tampered(mid(), {"scores": [1, 2]}), "must have 3 to 3 items"),
        (lambda: tampered(mid(), {"player": 3}), "data.player: must be at most 2"),
        (lambda: tampered(mid(), {"phase": "nap"}), "data.phase: must be one of"),
        (lambda: tampered(mid(), {"deck": ["gold-star"]}), "gold-star is not in the deck"),
        (lambda: tampered(mid(), {"deck": ["red star"]}), "not a Ship's Wheel card"),
        (lambda: tampered(mid(), {"reshuffles": 5}), "data.reshuffles: must be at most 1"),
        (lambda: tampered(mid(), {"rules": {"players": 9}}), "data.rules.players: must be 2 to 6"),
        (
            lambda: tampered(mid(), {"rules": {"deck": {"shapes": []}}}),
            "data.rules.deck.shapes: a deck needs plain cards",
        ),
        (
            lambda: tampered(mid(), {"rules": {"scoring": "points"}}),
            "data.rules.scoring: must be one of",
        ),
        (lambda: tampered(mid(), {"extra": 1}), "unknown key 'extra'"),
    ],
)
def test_malformed_documents_are_refused_with_the_path(
    text: Callable[[], str], message: str
) -> None:
    with pytest.raises(InvalidDataError, match=message):
        sw.loads(text())


@pytest.mark.rule("SW-R1")
def test_a_card_too_often_or_missing_is_refused() -> None:
    doc = document(mid())
    hand = doc["data"]["hands"][0]
    doc["data"]["deck"].append(hand[0])
    with pytest.raises(InvalidDataError, match="cards are conserved"):
        sw.loads(json.dumps(doc))
    doc = document(mid())
    doc["data"]["deck"].pop()
    with pytest.raises(InvalidDataError, match="cards are conserved"):
        sw.loads(json.dumps(doc))


@pytest.mark.rule("SW-R7", "SW-10")
def test_pending_passes_are_checked_and_hidden() -> None:
    pending = passing()
    assert any(p is not None for p in pending.passing)
    doc = document(pending)
    doc["data"]["passing"] = ["anchor"] * 3
    with pytest.raises(InvalidDataError, match=r"data\.passing"):
        sw.loads(json.dumps(doc))
    committed = next(s for s, p in enumerate(pending.passing) if p is not None)
    for seat in range(3):
        text = sw.dumps(sw.view(pending, seat))
        assert (json.loads(text)["data"]["passing"] is not None) == (seat == committed)
    spy = document(sw.view(pending, (committed + 1) % 3))
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
    doc["data"]["results"][0]["points"] += 1
    with pytest.raises(InvalidDataError, match="what the hand scores"):
        sw.loads(json.dumps(doc))


def test_a_view_must_add_up_to_the_deck() -> None:
    doc = document(sw.view(mid(), 0))
    doc["data"]["deck_size"] += 1
    with pytest.raises(InvalidDataError, match="add up"):
        sw.loads(json.dumps(doc))


@cache
def taking() -> State:
    """Seat 2 to draw: the deck, or brown-square on seat 1's pile; the White Starfish on
    top of seat 2's own pile is out of play (SW-7) and seat 0's pile is empty."""
    return play(sw.GAME, sw.Rules(players=3), random.Random(5), max_moves=28).final


@cache
def discarding() -> State:
    """Seat 1 to discard one of orange-heart, yellow-circle, brown-wave, red-lighthouse
    and black-starfish."""
    return find(sw.Rules(players=3), Phase.DISCARD)


def test_to_dict_is_the_document_dumps_writes() -> None:
    for obj in (mid(), sw.view(mid(), 1), sw.view(mid(), None), match().record,
                sw.legal_moves(discarding())):  # fmt: skip
        data = sw.to_dict(obj)
        assert json.loads(sw.dumps(obj)) == data
        assert sw.dumps(obj) == json.dumps(data, separators=(",", ":"))
        assert sw.from_dict(data) == obj


def test_a_view_writes_whose_turn_it_is_and_the_seats_legal_moves_last_of_its_fields() -> None:
    mover = taking().player
    data = sw.to_dict(sw.view(taking(), mover))["data"]
    # The fields end with these; only the keys a view derives come after them.
    assert list(data)[-4:] == ["to_move", "legal_moves", "hand_number", "outcome"]
    assert (data["to_move"], data["legal_moves"]) == (2, ["draw", "take 1"])
    assert sw.to_dict(sw.view(taking(), 0))["data"]["legal_moves"] == []
    dealing = sw.apply_move(sw.new_game(sw.Rules(players=2)), sw.parse_move("size 3"))
    chance = sw.to_dict(sw.view(dealing, 1))["data"]
    assert (chance["to_move"], chance["legal_moves"]) == ("chance", [])
    final = play(sw.GAME, sw.Rules(players=2, target=3), random.Random(1)).final
    over = sw.to_dict(sw.view(final, final.player))["data"]
    assert (over["to_move"], over["legal_moves"]) == (None, [])


def test_typed_loading_gives_the_kind_asked_for() -> None:
    state: sw.State = sw.loads(sw.dumps(mid()), kind=sw.State)
    seen: sw.View = sw.loads(sw.dumps(sw.view(mid(), 0)), kind=sw.View)
    record: GameRecord[sw.Rules, sw.Move] = sw.from_dict(
        sw.to_dict(match().record), kind=GameRecord
    )
    moves: tuple[sw.Move, ...] = sw.loads(
        sw.dumps([sw.Action.DRAW, sw.parse_move("pass red-star by 1")]), kind=tuple
    )
    assert (state, seen, record) == (mid(), sw.view(mid(), 0), match().record)
    assert moves == (sw.Action.DRAW, sw.parse_move("pass red-star by 1"))


@pytest.mark.parametrize(
    ("made", "kind", "holds"),
    [
        (mid, sw.View, "State"),
        (lambda: sw.view(mid(), 0), sw.State, "View"),
        (lambda: match().record, tuple, "GameRecord"),
        (lambda: (sw.Action.DRAW,), GameRecord, "tuple"),
    ],
)
def test_a_document_of_another_kind_is_refused(
    made: Callable[[], Any], kind: type[Any], holds: str
) -> None:
    obj = made()
    with pytest.raises(InvalidDataError, match=f"^kind: the document holds a {holds}") as err:
        sw.loads(sw.dumps(obj), kind=kind)
    assert err.value.where == "kind"
    with pytest.raises(InvalidDataError, match=r"^kind: "):
        sw.from_dict(sw.to_dict(obj), kind=kind)


def test_a_kind_that_no_document_holds_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="kind must be"):
        sw.loads(sw.dumps(mid()), kind=dict)  # type: ignore[arg-type]  # on purpose


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"reshuffles": float("nan")}, "data.reshuffles: must be a finite number"),
        ({"scores": [0, 0, float("inf")]}, r"data.scores\[2\]: must be a finite number"),
        ({"deck": {"red-star"}}, "data.deck: set is not JSON"),
        ({"results": {1: "x"}}, "data.results: object keys must be strings"),
        ({"dealer": (0,)}, "data.dealer: tuple is not JSON"),
    ],
)
def test_a_parsed_document_holding_what_json_cannot_is_refused(
    change: dict[str, Any], where: str
) -> None:
    data = sw.to_dict(mid())
    data["data"] = {**data["data"], **change}
    with pytest.raises(InvalidDataError, match=where):
        sw.from_dict(data)


def test_from_dict_validates_as_loads_does() -> None:
    with pytest.raises(InvalidDataError, match="game: must be 'ships_wheel'"):
        sw.from_dict({**document(mid()), "game": "voyage"})
    with pytest.raises(InvalidDataError, match="must be an object"):
        sw.from_dict([])
    with pytest.raises(InvalidDataError, match=r"data.player: must be at most 2"):
        sw.from_dict(json.loads(tampered(mid(), {"player": 3})))


def test_moves_round_trip_as_a_tuple_from_a_tuple_or_a_list() -> None:
    kinds = tuple(map(sw.parse_move, ["size 3", "deal red-star", "draw", "take 1", "anchor",
                                      "pass red-lighthouse by 0"]))  # fmt: skip
    assert sw.dumps(kinds) == (
        '{"format":"seaview_rules","game":"ships_wheel","kind":"moves","version":1,'
        '"data":["size 3","deal red-star","draw","take 1","anchor","pass red-lighthouse by 0"]}'
    )
    moves = sw.every_move(sw.Rules(players=3))
    assert sw.loads(sw.dumps(moves)) == moves
    assert sw.loads(sw.dumps(list(kinds))) == kinds
    assert sw.loads(sw.dumps(())) == ()


def test_a_bad_move_in_a_list_of_moves_is_refused_at_its_index() -> None:
    data = sw.to_dict((sw.Action.DRAW, sw.parse_move("take 1"), sw.parse_move("size 3")))
    data["data"][1] = "take 9"
    with pytest.raises(InvalidDataError, match=r"^data\[1\]: not a Ship's Wheel move: 'take 9'"):
        sw.from_dict(data)
    data["data"][1] = 7
    with pytest.raises(InvalidDataError, match=r"^data\[1\]: must be a string"):
        sw.from_dict(data)
    data["data"] = "draw"
    with pytest.raises(InvalidDataError, match=r"^data: must be a list"):
        sw.from_dict(data)


def test_only_moves_of_ships_wheel_are_written_as_moves() -> None:
    with pytest.raises(TypeError, match="item 1 is a str, not a Ship's Wheel move"):
        sw.dumps([sw.Action.DRAW, "draw"])  # type: ignore[list-item]  # on purpose
    with pytest.raises(TypeError, match="cannot write dict"):
        sw.to_dict({})  # type: ignore[arg-type]  # on purpose


@pytest.mark.parametrize(
    ("state", "seat", "change", "message"),
    [  # the states by name: taking, passing, discarding
        ("taking", 2, {"to_move": 0}, "data.to_move: must be 2 in phase draw with seat 2 to act"),
        ("taking", 2, {"to_move": "chance"}, "data.to_move: must be 2"),
        ("taking", None, {"to_move": None}, "data.to_move: must be 2"),
        ("passing", 0, {"to_move": 5}, "data.to_move: must be at most 2"),
        ("taking", 2, {"to_move": "nobody"}, "data.to_move: must be a seat, 'chance' or null"),
        ("taking", 2, {"to_move": True}, "data.to_move: must be an integer, not a boolean"),
        (
            "taking",
            2,
            {"legal_moves": ["draw"]},
            r"data.legal_moves: must be the moves the view allows: \['draw', 'take 1'\]",
        ),
        ("taking", 2, {"legal_moves": ["take 1", "draw"]}, "must be the moves the view allows"),
        (  # SW-7: the White Starfish on seat 2's own pile cannot be taken
            "taking",
            2,
            {"legal_moves": ["draw", "take 1", "take 2"]},
            "must be the moves the view allows",
        ),
        ("taking", 2, {"legal_moves": ["draw", "take 7"]}, r"data.legal_moves\[1\]: not a Ship's"),
        ("taking", 2, {"legal_moves": "draw"}, "data.legal_moves: must be a list"),
        ("taking", 0, {"legal_moves": ["draw"]}, "must be empty: this seat is not to move"),
        ("taking", None, {"legal_moves": ["draw"]}, "must be empty: this seat is not to move"),
        (
            "discarding",
            1,
            {"legal_moves": ["orange-heart", "yellow-circle", "brown-wave", "red-lighthouse"]},
            "must be the moves the view allows",
        ),
    ],
)
def test_a_view_whose_turn_or_moves_disagree_with_the_rest_is_refused(
    state: str, seat: int | None, change: dict[str, Any], message: str
) -> None:
    drawing = taking()
    assert [str(m) for m in sw.legal_moves(drawing)] == ["draw", "take 1"]
    assert drawing.rules.table.cards[drawing.piles[2][-1]] == sw.Card.parse("white-starfish")
    named = {"taking": taking, "passing": passing, "discarding": discarding}[state]()
    with pytest.raises(InvalidDataError, match=message):
        sw.loads(tampered(sw.view(named, seat), change))


@pytest.mark.rule("SW-R7")
def test_a_seat_whose_pass_is_pending_is_not_offered_another() -> None:
    pending = passing()
    chooser = sw.current_player(pending)
    assert isinstance(chooser, int)
    chosen = next(s for s, p in enumerate(pending.passing) if p is not None)
    offered = [str(m) for m in sw.legal_moves(pending)]
    assert sw.to_dict(sw.view(pending, chooser))["data"]["legal_moves"] == offered
    with pytest.raises(InvalidDataError, match="must be empty: this seat is not choosing"):
        sw.loads(tampered(sw.view(pending, chosen), {"legal_moves": offered}))


@given(sst.views())
def test_every_view_round_trips_through_a_dict(seen: sw.View) -> None:
    assert sw.from_dict(sw.to_dict(seen), kind=sw.View) == seen
    assert sw.from_dict(json.loads(sw.dumps(seen))) == seen
