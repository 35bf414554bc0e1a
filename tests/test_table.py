"""`Table`: a game in progress for servers and apps, over the immutable engine."""

from __future__ import annotations

import importlib
import logging
import random
import threading
from collections.abc import Callable
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
    table: Table[Any, Any, Any, Any] = Table(
        "leagues", leagues.Rules(players=2), seed=1, chance="auto"
    )
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


def test_the_generator_is_the_systems_unless_seeded_or_given() -> None:
    assert voyage_table().rng_state() is not None  # seeded: a random.Random
    assert Table("voyage").rng_state() is None  # random.SystemRandom: no state
    given = random.Random(5)
    state = given.getstate()
    same: Table[Any, Any, Any, Any] = Table("voyage", voyage.Rules(players=3), rng=given)
    assert same.state == voyage_table().state  # random.Random(5), as seed=5 makes it
    assert given.getstate() != state  # the table drew from the very generator given
    with pytest.raises(ValueError, match="not both"):
        Table("voyage", seed=1, rng=random.Random(1))
    with pytest.raises(TypeError, match=r"must be a random\.Random"):
        Table("voyage", rng=5)  # type: ignore[arg-type]

    class Counted(random.Random):
        pass

    assert Table("voyage", rng=Counted(1)).rng_state() is None  # only exactly Random


def test_leagues_tables_wait_for_each_spin_unless_told_otherwise() -> None:
    assert {name: game.table_chance for name, game in GAMES.items()} == {
        "voyage": "auto",
        "leagues": "step",
        "ships_wheel": "auto",
    }
    spins: Table[Any, Any, Any, Any] = Table("leagues", leagues.Rules(players=2))
    assert (spins.chance, spins.version, spins.to_move) == ("step", 0, CHANCE)
    assert voyage_table().chance == "auto"
    assert Table("leagues", leagues.Rules(players=2), seed=1, chance="auto").to_move is None


def played_states(name: str, seeds: int = 3) -> list[Any]:
    """Every state of a few seeded random games of ``name`` with two or three seats."""
    game = GAMES[name]
    states: list[Any] = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_game(game.rules_type(players=2 + seed % 2))
        while len(states) < 2000 * (seed + 1):
            states.append(state)
            to_move = game.current_player(state)
            if to_move is None:
                break
            if to_move is CHANCE:
                state = game.apply_move(state, game.sample_chance(state, rng))
            else:
                state = game.apply_move(state, rng.choice(game.legal_moves(state)))
    return states


def expected_chance_seat(name: str, state: Any) -> int | None:
    """Who presses the button, from the printed rules: the dealer deals (VOY-1, SW-2),
    a player draws his own card (VOY-4, SW-5), a diver spins for himself (LEA-2, LEA-3)."""
    phase = state.phase.value
    if name == "leagues":
        return None if phase == "over" else int(state.player)
    if phase == "deal":
        return int(state.dealer)
    drawing = "draw" if name == "voyage" else "deck"  # Ship's Wheel "draw" is a choice
    return int(state.player) if phase == drawing else None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chance_seat_is_the_dealer_the_drawer_or_the_spinner(name: str) -> None:
    game = GAMES[name]
    module = importlib.import_module(f"seaview_rules.{name}")
    assert module.chance_seat is game.chance_seat
    states = played_states(name)
    phases = {state.phase.value for state in states if game.current_player(state) is CHANCE}
    assert phases == {"voyage": {"deal", "draw"}, "leagues": {"order", "spin"}}.get(
        name, {"deal", "deck"}
    )
    for state in states:
        seat = game.chance_seat(state)
        assert seat == expected_chance_seat(name, state)
        assert (seat is None) == (game.current_player(state) is not CHANCE)


def test_a_redeal_after_a_tie_is_the_next_dealers() -> None:
    game = GAMES["ships_wheel"]
    for state in played_states("ships_wheel", seeds=6):
        if state.phase is ships_wheel.Phase.DEAL and state.results:
            assert ships_wheel.chance_seat(state) == (state.results[-1].dealer + 1) % len(
                state.hands
            )
            break
    else:
        raise AssertionError("no second hand was dealt")
    assert game.chance_seat is ships_wheel.chance_seat


@pytest.mark.rule("API-SEAT")
def test_only_the_seat_whose_spin_it_is_may_press_the_button() -> None:
    table: Table[Any, Any, Any, Any] = Table("leagues", leagues.Rules(players=3), seed=4)
    for _ in range(12):
        spinner = leagues.chance_seat(table.state)
        assert spinner == table.state.player
        state, version = table.state, table.version
        for other in {0, 1, 2} - {spinner}:
            with pytest.raises(IllegalMoveError) as refused:
                table.step(other)
            assert refused.value.rule == "API-SEAT"
            assert (
                refused.value.reason
                == f"seat {spinner} is to make the chance move, not seat {other}"
            )
        with pytest.raises(IllegalMoveError) as odd:
            table.step(True)
        assert odd.value.reason == "a seat is a seat number, not bool"
        assert (table.state, table.version) == (state, version)
        assert table.step(spinner) == version + 1
    assert table.step() == 13  # the server itself: no seat check


@pytest.mark.rule("API-SEAT", "API-TURN", "API-OVER")
def test_a_seats_step_is_refused_when_chance_is_not_to_move() -> None:
    table = voyage_table()
    with pytest.raises(IllegalMoveError) as turn:
        table.step(1)
    assert turn.value.rule == "API-TURN"
    over: Table[Any, Any, Any, Any] = Table(
        "leagues", leagues.Rules(players=2), seed=1, chance="auto"
    )
    with pytest.raises(IllegalMoveError) as ended:
        over.step(0)
    assert ended.value.rule == "API-OVER"
    deal = voyage_table(chance="step")
    dealer = deal.state.dealer
    assert deal.step(dealer) == 1
    with pytest.raises(IllegalMoveError) as receiver:
        deal.step(deal.state.player)  # the seat dealt to does not deal
    assert receiver.value.rule == "API-SEAT"


@pytest.mark.rule("API-VERSION")
def test_a_change_at_another_version_is_refused_first_and_changes_nothing() -> None:
    table: Table[Any, Any, Any, Any] = Table(
        "ships_wheel", ships_wheel.Rules(players=2), seed=2, chance="step"
    )
    seat = table.to_move
    assert isinstance(seat, int)
    attempts: dict[str, Callable[[Any], int]] = {
        "submit": lambda v: table.submit(1 - seat, "size 5", version=v),  # also wrong seat
        "step": lambda v: table.step(1 - seat, version=v),
        "enter_chance": lambda v: table.enter_chance("deal black-starfish", version=v),
        "undo": lambda v: table.undo(1 - seat, version=v),
    }
    for name, attempt in attempts.items():
        for wrong in (1, -1, 2**80, True):
            with pytest.raises(IllegalMoveError) as refused:
                attempt(wrong)
            assert refused.value.rule == "API-VERSION", name
        assert refused.value.reason == "a version is a number, not bool"
        with pytest.raises(IllegalMoveError) as stale:
            attempt(7)
        assert stale.value.reason == "the table is at version 0, not 7"
    assert table.version == 0
    assert table.submit(seat, "size 5", version=0) == 1
    with pytest.raises(IllegalMoveError) as again:  # the same request, sent twice
        table.submit(seat, "size 5", version=0)
    assert str(again.value) == "API-VERSION: the table is at version 1, not 0"
    assert table.undo(seat, version=1) == 2
    assert table.submit(seat, "size 5", version=2) == 3
    assert table.step(version=3) == 4
    assert table.version == 4


def test_an_update_reads_the_version_the_view_and_the_events_together() -> None:
    table = voyage_table()
    table.submit(1, table.view(1).legal_moves[0])
    update = table.update(2, since=17)
    assert update.version == table.version == 19
    assert update.view == table.view(2)
    assert update.events == table.events_since(17, seat=2)
    assert sorted({e.version for e in update.events}) == [18, 19]
    assert table.update(None, since=19).events == ()
    with pytest.raises(ValueError, match="version must be 0 to 19"):
        table.update(0, since=20)


def test_an_update_is_never_torn_by_a_concurrent_move() -> None:
    table = voyage_table()
    stop = threading.Event()
    torn: list[int] = []

    def read() -> None:
        while not stop.is_set():
            update = table.update(0, since=18)
            if update.version != (update.events[-1].version if update.events else 18):
                torn.append(update.version)

    reader = threading.Thread(target=read)
    reader.start()
    for _ in range(40):
        seat = table.to_move
        if not isinstance(seat, int):
            break
        table.submit(seat, table.view(seat).legal_moves[-1])
    stop.set()
    reader.join()
    assert torn == []
    assert table.version > 18


def test_wait_returns_when_the_version_changes_or_the_time_runs_out() -> None:
    table = voyage_table()
    assert table.wait(17) == 18  # already changed: at once
    assert table.wait(18, timeout=0.01) == 18
    woken: list[int] = []
    started = threading.Event()

    def waiter() -> None:
        started.set()
        woken.append(table.wait(18, timeout=30))

    thread = threading.Thread(target=waiter)
    thread.start()
    started.wait()
    table.submit(1, table.view(1).legal_moves[0])
    thread.join(timeout=30)
    assert woken == [19]


def test_subscribers_hear_of_every_change_after_the_lock_is_released() -> None:
    table: Table[Any, Any, Any, Any] = Table(
        "ships_wheel", ships_wheel.Rules(players=2), seed=2, chance="step"
    )
    heard: list[tuple[int, bool]] = []

    def callback(version: int) -> None:
        # Another thread can take the table's lock: the caller no longer holds it.
        reader = threading.Thread(target=lambda: table.changes)
        reader.start()
        reader.join(timeout=10)
        heard.append((version, reader.is_alive()))

    unsubscribe = table.subscribe(callback)
    seat = table.to_move
    assert isinstance(seat, int)
    table.submit(seat, "size 5")
    table.undo(seat)
    table.submit(seat, "size 5")
    table.step()
    table.enter_chance(ships_wheel.chance_outcomes(table.state)[0][0])
    unsubscribe()
    unsubscribe()  # a second call does nothing
    table.step()
    assert heard == [(1, False), (2, False), (3, False), (4, False), (5, False)]


def test_a_failing_subscriber_is_logged_and_breaks_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = voyage_table()
    heard: list[int] = []

    def broken(version: int) -> None:
        raise RuntimeError("the socket is gone")

    table.subscribe(broken)
    table.subscribe(heard.append)
    with caplog.at_level(logging.ERROR, logger="seaview_rules._table"):
        assert table.submit(1, table.view(1).legal_moves[0]) == 19
    assert table.version == 19
    assert heard == [19]
    [logged] = caplog.records
    assert logged.levelno == logging.ERROR
    assert "version 19" in logged.getMessage()
    assert logged.exc_info is not None
    assert isinstance(logged.exc_info[1], RuntimeError)
