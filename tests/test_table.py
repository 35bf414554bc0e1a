"""`Table`: a game in progress for servers and apps, over the immutable engine."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from seaview_rules import (
    CHANCE,
    GAMES,
    OMNISCIENT,
    IllegalMoveError,
    Table,
    leagues,
    replay,
    ships_wheel,
    voyage,
)


def voyage_table(**options: Any) -> Table[Any, Any, Any, Any]:
    return Table("voyage", voyage.Rules(players=3), seed=5, **options)


def test_auto_chance_deals_at_once_and_every_move_adds_a_version() -> None:
    table = voyage_table()
    assert table.to_move == voyage.current_player(table.state) == 1
    assert table.version == 18  # six cards for each of three seats
    move = table.view(1).legal_moves[0]
    assert table.submit(1, move) == table.version == 19


def test_the_view_says_whose_turn_it_is_and_what_this_seat_may_do() -> None:
    table = voyage_table()
    assert table.view(1).to_move == 1
    assert table.view(1).legal_moves == voyage.legal_moves(table.state)
    assert table.view(0).legal_moves == table.view(None).legal_moves == ()


@pytest.mark.rule("API-SEAT")
def test_a_move_from_a_seat_that_is_not_to_move_is_refused_and_changes_nothing() -> None:
    table = voyage_table()
    state, version = table.state, table.version
    move = voyage.legal_moves(state)[0]
    for seat in (0, 2):
        with pytest.raises(IllegalMoveError) as refused:
            table.submit(seat, move)
        assert refused.value.rule == "API-SEAT"
    assert table.state is state
    assert table.version == version


@pytest.mark.rule("API-MOVE")
def test_text_moves_are_parsed_and_text_that_is_no_move_is_refused() -> None:
    table = voyage_table()
    with pytest.raises(IllegalMoveError) as refused:
        table.submit(1, "castle kingside")
    assert refused.value.rule == "API-MOVE"
    assert table.submit(1, str(table.view(1).legal_moves[0])) == 19


def test_the_record_replays_to_the_current_state() -> None:
    table = voyage_table()
    for _ in range(30):
        seat = table.to_move
        assert isinstance(seat, int)
        table.submit(seat, table.view(seat).legal_moves[-1])
    assert replay(GAMES["voyage"], table.record) == table.state


def test_each_seat_reads_only_what_it_saw_in_the_log() -> None:
    table = voyage_table()
    dealt = [e for e in table.events_since(0, seat=0) if e.version == 2]  # to seat 2
    assert [str(e) for e in dealt] == ["seat 2 is dealt a card"]
    told = table.events_since(0, seat=2)
    own = [e for e in told if e.version == 2]
    assert len(own) == 1
    assert own[0].event.text(2).startswith("you are dealt ")
    everything = table.events_since(0, seat=OMNISCIENT)
    assert [e.version for e in everything] == [e.version for e in told]
    assert table.events_since(table.version, seat=0) == ()
    with pytest.raises(ValueError, match="version must be 0 to 18"):
        table.events_since(19, seat=0)


def test_external_chance_waits_for_the_real_card() -> None:
    table = voyage_table(chance="external")
    assert table.to_move is CHANCE
    card = voyage.chance_outcomes(table.state)[7][0]
    assert table.enter_chance(str(card)) == 1
    with pytest.raises(ValueError, match="enter_chance"):
        table.step()


@pytest.mark.rule("API-TURN")
def test_a_chance_outcome_is_entered_only_when_chance_is_to_move() -> None:
    table = voyage_table()
    with pytest.raises(IllegalMoveError) as refused:
        table.enter_chance(voyage.parse_move("deal R1"))
    assert refused.value.rule == "API-TURN"
    with pytest.raises(IllegalMoveError) as stepped:
        table.step()
    assert stepped.value.rule == "API-TURN"


def test_step_mode_spins_once_per_call() -> None:
    table: Table[Any, Any, Any, Any] = Table(
        "leagues", leagues.Rules(players=2), seed=1, chance="step"
    )
    assert table.version == 0
    assert table.to_move is CHANCE
    assert table.step() == 1
    assert table.step() == 2
    with pytest.raises(IllegalMoveError) as refused:
        table.submit(0, "3R")
    assert refused.value.rule == "API-SEAT"


@pytest.mark.rule("API-OVER")
def test_nothing_is_entered_once_the_game_is_over() -> None:
    table: Table[Any, Any, Any, Any] = Table("leagues", leagues.Rules(players=2), seed=1)
    assert table.to_move is None
    assert table.view(0).to_move is None
    with pytest.raises(IllegalMoveError) as refused:
        table.step()
    assert refused.value.rule == "API-OVER"


@pytest.mark.rule("API-UNDO")
def test_a_move_that_showed_nothing_hidden_can_be_taken_back_by_its_seat() -> None:
    table: Table[Any, Any, Any, Any] = Table(
        "ships_wheel", ships_wheel.Rules(players=2), seed=2, chance="step"
    )
    dealer_left = table.to_move
    assert isinstance(dealer_left, int)
    before, version = table.state, table.version
    table.submit(dealer_left, "size 5")
    with pytest.raises(IllegalMoveError) as wrong_seat:
        table.undo(1 - dealer_left)
    assert wrong_seat.value.rule == "API-UNDO"
    assert table.undo(dealer_left) == version + 2
    assert table.state is before
    assert replay(GAMES["ships_wheel"], table.record) == before
    undone = table.events_since(version + 1, seat=dealer_left)
    assert [str(e) for e in undone] == [f"seat {dealer_left} took back its last move"]
    assert undone[0].event.text(dealer_left) == "you took back your last move"


@pytest.mark.rule("API-UNDO")
def test_a_move_followed_by_chance_or_that_showed_a_card_is_final() -> None:
    table = voyage_table()
    with pytest.raises(IllegalMoveError) as nothing:
        table.undo(1)
    assert "the last move was a chance move" in nothing.value.reason
    play = next(m for m in table.view(1).legal_moves if isinstance(m, voyage.Play))
    table.submit(1, play)
    with pytest.raises(IllegalMoveError) as shown:
        table.undo(1)
    assert shown.value.rule == "API-UNDO"
    assert "showed a card" in shown.value.reason


def test_concurrent_submits_of_one_turn_apply_once() -> None:
    table = voyage_table()
    move, version = table.view(1).legal_moves[0], table.version
    outcomes: list[str] = []

    def submit() -> None:
        try:
            table.submit(1, move)
            outcomes.append("applied")
        except IllegalMoveError as err:
            outcomes.append(err.rule)

    threads = [threading.Thread(target=submit) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("applied") == 1
    assert set(outcomes) == {"applied", "API-SEAT"}
    assert table.version == version + 1


def test_a_table_refuses_an_unknown_game_or_chance_mode() -> None:
    with pytest.raises(ValueError, match="no game 'chess'"):
        Table("chess")
    with pytest.raises(ValueError, match="chance must be"):
        Table("voyage", chance="dice")  # type: ignore[arg-type]
