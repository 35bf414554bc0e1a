"""The JSON documents a JavaScript client receives, in every game: events, seat records,
views with what they derive, and refusal reasons that stay short however long the input."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import (
    GAMES,
    OMNISCIENT,
    Event,
    IllegalMoveError,
    InvalidDataError,
    SeatRecord,
    Table,
    Undone,
    play,
    seat_record,
)
from tests.helpers import examples

ALL_GAMES = sorted(GAMES)


def _played(name: str, seed: int, players: int = 3) -> list[tuple[Any, Any, Any]]:
    game = GAMES[name]
    moves: list[tuple[Any, Any, Any]] = []
    rules = game.with_players(game.rules_type(), players)
    play(game, rules, random.Random(seed), max_moves=300, on_move=lambda *m: moves.append(m))
    return moves


@pytest.mark.parametrize("name", ALL_GAMES)
@examples(10)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_every_event_of_a_game_reads_back_equal_for_every_viewer(
    name: str, seed: int, players: int
) -> None:
    game = GAMES[name]
    for before, move, _ in _played(name, seed, players)[:60]:
        for viewer in (None, OMNISCIENT, *range(players)):
            for event in game.events(before, move, seat=viewer):
                document = game.to_dict(event)
                assert (document["kind"], document["version"]) == ("event", 1)
                assert document["data"]["type"] == type(event).__name__
                assert game.from_dict(document, kind=Event) == event
                assert game.from_dict(json.loads(game.dumps(event)), kind=type(event)) == event


@pytest.mark.parametrize("name", ALL_GAMES)
def test_an_undo_is_an_event_of_every_game(name: str) -> None:
    document = GAMES[name].to_dict(Undone(seat=1))
    assert document["data"] == {"type": "Undone", "seat": 1}
    assert GAMES[name].from_dict(document, kind=Undone) == Undone(seat=1)


def test_an_event_of_another_game_is_not_written() -> None:
    event = GAMES["leagues"].events(*_played("leagues", 1)[0][:2], seat=None)[0]
    with pytest.raises(TypeError, match=r"cannot write Spun\w* as Voyage JSON"):
        GAMES["voyage"].to_dict(event)


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        ({"type": "Exploded"}, "data.type", "must be one of"),
        ({"seat": "1"}, "data.seat", "must be an integer, not a string"),
        ({"extra": 1}, "data", "unknown key 'extra'"),
        ({"seat": None}, "data.seat", "must be an integer, not null"),
    ],
)
def test_a_malformed_event_is_refused_where_it_is(
    change: dict[str, object], where: str, problem: str
) -> None:
    document = GAMES["voyage"].to_dict(GAMES["voyage"].events(*_played("voyage", 2)[0][:2])[0])
    document["data"] |= change
    with pytest.raises(InvalidDataError) as refused:
        GAMES["voyage"].from_dict(document)
    assert (refused.value.where, refused.value.problem[: len(problem)]) == (where, problem)
    missing = GAMES["voyage"].to_dict(Undone(seat=0))
    del missing["data"]["seat"]
    with pytest.raises(InvalidDataError, match="missing key 'seat'"):
        GAMES["voyage"].from_dict(missing)


def test_a_leagues_event_square_is_row_and_column_from_one() -> None:
    told = GAMES["leagues"].events(*_played("leagues", 3, players=2)[-1][:2])
    squares = [GAMES["leagues"].to_dict(e)["data"]["square"] for e in told if hasattr(e, "square")]
    assert squares
    assert all(
        s == list(e.square)
        for s, e in zip(squares, [e for e in told if hasattr(e, "square")], strict=True)
    )
    assert all(row >= 1 and column >= 1 for row, column in squares)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_seat_record_document_reads_back_equal_for_every_seat(name: str) -> None:
    game = GAMES[name]
    played = play(game, game.with_players(game.rules_type(), 3), random.Random(5), max_moves=200)
    for seat in (None, 0, 1, 2):
        mine = seat_record(game, played.record, seat)
        document = json.loads(game.dumps(mine))
        assert (document["kind"], document["version"]) == ("seat_record", 1)
        assert list(document["data"]) == ["rules", "seat", "moves"]
        assert len(document["data"]["moves"]) == len(mine.moves)
        assert game.from_dict(document, kind=SeatRecord) == mine
        assert mine.to_data()["seat"] == seat  # the text form is still there


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_seat_record_with_a_seat_the_rules_lack_or_a_bad_event_is_refused(name: str) -> None:
    game = GAMES[name]
    played = play(game, game.with_players(game.rules_type(), 2), random.Random(6), max_moves=50)
    document = game.to_dict(seat_record(game, played.record, 0))
    wrong_seat = copy.deepcopy(document)
    wrong_seat["data"]["seat"] = 2
    with pytest.raises(InvalidDataError, match=r"data\.seat: must be at most 1"):
        game.from_dict(wrong_seat)
    bad_event = copy.deepcopy(document)
    bad_event["data"]["moves"][0][0]["type"] = "Nothing"
    with pytest.raises(InvalidDataError, match=r"data\.moves\[0\]\[0\]\.type"):
        game.from_dict(bad_event)


DERIVED = {"voyage": "round", "leagues": "winner", "ships_wheel": "hand_number"}


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_view_document_ends_with_what_the_view_derives(name: str) -> None:
    game = GAMES[name]
    played = play(game, game.with_players(game.rules_type(), 2), random.Random(7))
    assert played.finished
    for state in (game.new_game(played.record.rules), played.final):
        for seat in (None, 0, 1):
            seen = game.view(state, seat)
            document = game.to_dict(seen)
            assert document["version"] == 2
            assert list(document["data"])[-2:] == [DERIVED[name], "outcome"]
            assert document["data"][DERIVED[name]] == getattr(seen, DERIVED[name])
            outcome = game.outcome(state)
            written = document["data"]["outcome"]
            if outcome is None:
                assert written is None
            else:
                assert written == {
                    "winner": outcome.winner,
                    "scores": list(outcome.scores),
                    "termination": outcome.termination.value,
                }
            assert game.from_dict(document) == seen


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_tampered_derived_key_is_refused_and_only_the_current_view_version_reads(
    name: str,
) -> None:
    game = GAMES[name]
    final = play(game, game.with_players(game.rules_type(), 2), random.Random(8)).final
    document = game.to_dict(game.view(final, 0))
    key = DERIVED[name]
    for path, value in (((key,), 0), (("outcome", "winner"), True), (("outcome",), None)):
        tampered = copy.deepcopy(document)
        target = tampered["data"]
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        with pytest.raises(InvalidDataError) as refused:
            game.from_dict(tampered)
        assert refused.value.where.startswith(f"data.{path[0]}")
        assert refused.value.problem.startswith("must be")
    old = copy.deepcopy(document)
    old["version"] = 1  # never released: one current version of each document kind
    del old["data"][key], old["data"]["outcome"]
    with pytest.raises(InvalidDataError, match="view format version 2 is the one supported"):
        game.from_dict(old)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_reason_quotes_at_most_a_short_prefix_of_a_huge_input(name: str) -> None:
    game = GAMES[name]
    table: Table[Any, Any, Any, Any] = Table(name, seed=1)
    seat = table.to_move if isinstance(table.to_move, int) else 0
    huge = "x" * 10**6
    with pytest.raises(IllegalMoveError) as refused:
        table.submit(seat, huge)
    assert len(refused.value.reason) < 200
    with pytest.raises(ValueError, match="not a") as parsed:
        game.parse_move(huge)
    assert len(str(parsed.value)) < 200
    state = json.loads(game.dumps(game.new_game(game.rules_type())))
    moves = game.to_dict([])
    for document in (
        moves | {"data": [huge]},
        moves | {"kind": huge},
        moves | {huge: 1},
        state | {"data": state["data"] | {"phase": huge}},
        state | {"data": state["data"] | {huge: 1}},
        {"format": huge},
    ):
        with pytest.raises(InvalidDataError) as invalid:
            game.loads(json.dumps(document))
        assert len(str(invalid.value)) < 200, str(invalid.value)[:300]
