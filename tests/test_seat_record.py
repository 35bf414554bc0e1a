"""`seat_record`: a game as one seat saw it, which a client may have (a `GameRecord`
holds every hidden card and is for the server)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from seaview_rules import GAMES, InvalidDataError, Table, play, seat_record

ALL_GAMES = sorted(GAMES)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_seat_record_holds_what_the_seat_was_told_of_every_move(name: str) -> None:
    game = GAMES[name]
    rules = game.with_players(game.rules_type(), 3)
    played = play(game, rules, random.Random(4), max_moves=400)
    for seat in (None, 0, 1, 2):
        mine = seat_record(game, played.record, seat)
        assert (mine.rules, mine.seat, len(mine.moves)) == (rules, seat, len(played.record.moves))
        state = game.new_game(rules)
        for move, events in zip(played.record.moves, mine.moves, strict=True):
            after = game.apply_move(state, move)
            assert events == game.events(state, move, seat=seat)
            state = after
        data = json.loads(json.dumps(mine.to_data()))
        assert data["seat"] == seat
        assert [line for texts in data["moves"] for line in texts] == mine.lines()


@pytest.mark.parametrize("name", ["voyage", "ships_wheel"])
def test_a_seat_record_names_no_card_dealt_to_another_seat(name: str) -> None:
    game = GAMES[name]
    played = play(game, game.with_players(game.rules_type(), 2), random.Random(2), max_moves=60)
    spectator = seat_record(game, played.record, None)
    server = [str(m) for m in played.record.moves]
    dealt = [m.split(" ", 1)[1] for m in server if m.startswith("deal ")]
    assert dealt, "the game dealt cards"
    told = " ".join(spectator.lines())
    assert "is dealt a card" in told
    for line in spectator.lines():
        if "dealt" in line:
            assert not any(card in line.split() for card in dealt), line


def test_a_table_gives_each_seat_its_record_and_refuses_a_seat_it_lacks() -> None:
    table: Table[Any, Any, Any, Any] = Table("voyage", seed=3)
    assert table.seat_record(1) == seat_record(table.game, table.record, 1)
    with pytest.raises(InvalidDataError):
        table.seat_record(7)
