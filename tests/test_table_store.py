"""Saving and restoring a `Table`: its document, its changes, pickling, and the untrusted
documents `Table.from_dict` refuses."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import (
    CHANCE,
    GAMES,
    OMNISCIENT,
    Change,
    IllegalMoveError,
    InvalidDataError,
    Table,
    ships_wheel,
    voyage,
)
from seaview_rules.leagues import testing as leagues_kit
from seaview_rules.ships_wheel import testing as ships_wheel_kit
from seaview_rules.voyage import testing as voyage_kit

AnyTable = Table[Any, Any, Any, Any]


def undone_table() -> AnyTable:
    """A Ship's Wheel table whose dealer chose a size, took it back and chose again, and
    whose deal has begun."""
    table: AnyTable = Table("ships_wheel", ships_wheel.Rules(players=2), seed=2, chance="step")
    table.submit(0, "size 5")
    table.undo(0)
    table.submit(0, "size 6")
    table.step()
    table.step()
    return table


def logs(table: AnyTable) -> dict[object, object]:
    """Every reader's whole log, and the record of every seat."""
    seats = range(table.game.players(table.rules))
    readers: list[Any] = [*seats, None, OMNISCIENT]
    found: dict[object, object] = {reader: table.events_since(0, reader) for reader in readers}
    found.update({("record", seat): table.seat_record(seat) for seat in [*seats, None]})
    return found


def assert_same_table(restored: AnyTable, original: AnyTable, *, generator: bool = True) -> None:
    assert restored.game is original.game
    assert restored.rules == original.rules
    assert restored.chance == original.chance
    assert restored.version == original.version
    assert restored.state == original.state
    assert restored.record == original.record
    assert restored.changes == original.changes
    assert logs(restored) == logs(original)
    if generator:
        assert restored.rng_state() == original.rng_state()


def test_the_document_lists_every_change_undos_and_chance_included() -> None:
    table = undone_table()
    document = table.to_dict()
    assert {k: document[k] for k in ("format", "game", "kind", "version")} == {
        "format": "seaview_rules",
        "game": "ships_wheel",
        "kind": "table",
        "version": 1,
    }
    data = document["data"]
    assert data["rules"] == ships_wheel.to_dict(table.record)["data"]["rules"]
    assert data["chance"] == "step"
    changes = data["changes"]
    assert changes[:3] == [
        {"seat": 0, "move": "size 5"},
        {"seat": 0, "undo": True},
        {"seat": 0, "move": "size 6"},
    ]
    assert [c["seat"] for c in changes[3:]] == [None, None]
    assert [c["move"] for c in changes[3:]] == [str(m) for m in table.record.moves[1:]]
    assert data["rng"] == table.rng_state()
    assert json.loads(json.dumps(document)) == document  # JSON values only


def test_changes_are_every_change_in_order_and_the_record_only_what_stands() -> None:
    table = undone_table()
    size5, size6 = ships_wheel.parse_move("size 5"), ships_wheel.parse_move("size 6")
    assert table.changes[:3] == (
        Change(1, 0, size5),
        Change(2, 0, None),
        Change(3, 0, size6),
    )
    assert [c.version for c in table.changes] == [1, 2, 3, 4, 5]
    assert table.changes_since(3) == table.changes[3:]
    assert table.changes_since(5) == ()
    assert table.record.moves == (size6, *(c.move for c in table.changes[3:]))
    with pytest.raises(ValueError, match="version must be 0 to 5"):
        table.changes_since(6)


def test_a_restored_table_is_the_same_table_with_the_same_future() -> None:
    table = undone_table()
    restored = Table.loads(table.dumps())
    assert_same_table(restored, table)
    for _ in range(3):
        assert restored.step() == table.step()
    assert restored.state == table.state


def test_without_a_generator_state_the_given_generator_or_the_systems_is_used() -> None:
    table: AnyTable = Table("leagues")  # random.SystemRandom, step
    table.step()
    document = table.to_dict()
    assert document["data"]["rng"] is None
    assert Table.from_dict(document).rng_state() is None
    given_rng = random.Random(9)
    resumed = Table.from_dict(document, rng=given_rng)
    assert_same_table(resumed, table, generator=False)
    expected = copy.deepcopy(given_rng)
    resumed.step()
    mirror = Table.from_dict(document, rng=expected)
    mirror.step()
    assert resumed.state == mirror.state  # both drew from random.Random(9)
    seeded = Table.from_dict(undone_table().to_dict(), rng=random.Random(1))
    assert seeded.rng_state() == undone_table().rng_state()  # the document's state wins


def test_the_generator_state_can_be_stored_on_its_own() -> None:
    table = undone_table()
    state = table.rng_state()
    assert json.loads(json.dumps(state)) == state
    document = table.to_dict()
    table.step()
    stepped = Table.from_dict({**document, "data": {**document["data"], "rng": state}})
    stepped.step()
    assert stepped.state == table.state


def test_a_table_pickles_as_its_document() -> None:
    table = undone_table()
    table.subscribe(lambda version: None)  # a lambda does not pickle; it is not kept
    restored = pickle.loads(pickle.dumps(table))
    assert isinstance(restored, Table)
    assert_same_table(restored, table)
    assert restored.step() == table.step()
    assert restored.state == table.state
    system: AnyTable = Table("voyage")
    assert pickle.loads(pickle.dumps(system)).state == system.state


def test_an_auto_table_is_rebuilt_from_its_chance_moves_not_new_ones() -> None:
    table: AnyTable = Table("voyage", voyage.Rules(players=2))  # SystemRandom
    for _ in range(8):
        seat = table.to_move
        assert isinstance(seat, int)
        table.submit(seat, table.view(seat).legal_moves[-1])
    assert_same_table(Table.loads(table.dumps()), table)


def edit(document: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    edited = copy.deepcopy(document)
    change(edited["data"])
    return edited


def set_item(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def append(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path:
            target = target[key]
        target.append(value)

    return change


BAD_STATES = [
    ("rng[1]", (("rng",), [3, [0] * 625, None])),  # all zeros
    ("rng[1]", (("rng", 1), [1] * 624)),
    ("rng[1][624]", (("rng", 1, 624), 2**32)),
    ("rng", (("rng", 1, 624), 625)),  # random.Random's own check: index out of range
    ("rng[0]", (("rng", 0), 2)),  # another version of the state
    ("rng[2]", (("rng", 2), "0.5")),
]


@pytest.mark.parametrize(("where", "mutation"), BAD_STATES)
def test_a_bad_generator_state_is_refused(where: str, mutation: Any) -> None:
    document = undone_table().to_dict()
    path, value = mutation
    with pytest.raises(InvalidDataError) as refused:
        Table.from_dict(edit(document, set_item(path, value)))
    assert refused.value.where == f"data.{where}"


def voyage_document() -> dict[str, Any]:
    """A seeded Voyage table (seat 1 to lead after the deal of 12 cards)."""
    return Table("voyage", voyage.Rules(players=2), seed=3).to_dict()


@pytest.mark.parametrize(
    ("where", "change", "problem"),
    [
        ("data.rules.players", set_item(("rules", "players"), 9), "must be 2 to 6"),
        ("data.chance", set_item(("chance",), "dice"), "must be one of"),
        ("data.changes[0].seat", set_item(("changes", 0, "seat"), 2), "at most 1"),
        ("data.changes[0].seat", set_item(("changes", 0, "seat"), True), "an integer"),
        ("data.changes[0]", set_item(("changes", 0, "undo"), True), "not both"),
        ("data.changes[0]", set_item(("changes", 0, "extra"), 1), "unknown key 'extra'"),
        ("data.changes[3].move", set_item(("changes", 3, "move"), "castle"), ""),
        # A card dealt twice: the engine's rule, with the path of the change.
        ("data.changes[1]", set_item(("changes", 1, "move"), "deal G3"), "VOY-R2"),
        # A seat's move at a chance node, in an "auto" table.
        ("data.changes[0]", set_item(("changes", 0, "seat"), 1), "resolves at once"),
        # A chance move where a seat is to move.
        ("data.changes[12]", append(("changes",), {"seat": None, "move": "deal R1"}), "API-TURN"),
        # A seat's move out of turn: seat 1 leads.
        ("data.changes[12]", append(("changes",), {"seat": 0, "move": "R5"}), "API-SEAT"),
        ("data.changes[12]", append(("changes",), {"seat": 1, "undo": True}), "API-UNDO"),
        ("data.changes[12].undo", append(("changes",), {"seat": 1, "undo": False}), "be true"),
        ("data.changes[12].seat", append(("changes",), {"seat": None, "undo": True}), "not null"),
        ("data.changes", set_item(("changes",), []), "chance is to move"),
        ("data", set_item(("seed",), 3), "unknown key 'seed'"),
    ],
)
def test_an_untrusted_document_is_refused_with_its_path(
    where: str, change: Callable[[dict[str, Any]], None], problem: str
) -> None:
    document = voyage_document()
    assert Table.from_dict(document).version == 12  # the unedited document is valid
    with pytest.raises(InvalidDataError) as refused:
        Table.from_dict(edit(document, change))
    assert refused.value.where == where
    assert problem in refused.value.problem


def test_a_document_of_another_kind_or_game_or_no_json_is_refused() -> None:
    document = voyage_document()
    cases: list[tuple[object, str]] = [
        ({**document, "kind": "record"}, "kind"),
        ({**document, "game": "chess"}, "game"),
        ({**document, "version": 2}, "version"),
        ([document], "document"),
        ({**document, "data": {**document["data"], "rng": float("nan")}}, "data.rng"),
    ]
    for data, where in cases:
        with pytest.raises(InvalidDataError) as refused:
            Table.from_dict(data)
        assert refused.value.where == where
    with pytest.raises(InvalidDataError):
        Table.loads("{not json")
    record = voyage.to_dict(Table("voyage", seed=1).record)
    with pytest.raises(InvalidDataError) as wrong_kind:
        Table.from_dict(record)
    assert wrong_kind.value.where == "kind"


KITS = {
    "voyage": voyage_kit.rules(max_players=3),
    "leagues": leagues_kit.rules(),
    "ships_wheel": ships_wheel_kit.rules(max_players=3),
}


@st.composite
def games(draw: st.DrawFn) -> tuple[str, Any, str]:
    name = draw(st.sampled_from(sorted(KITS)))
    return name, draw(KITS[name]), draw(st.sampled_from(["auto", "step", "external"]))


def drive(table: AnyTable, choices: list[int]) -> None:
    """Random submits, steps, chance entries and undos (some of them refused, which
    must change nothing), one per choice."""
    game = table.game
    for choice in choices:
        to_move = table.to_move
        if to_move is None:
            return
        before = (table.version, table.state)
        refused: IllegalMoveError | None = None
        try:
            if choice % 5 == 0:
                last = table.changes[-1].seat if table.changes else None
                table.undo(last if last is not None else 0)
            elif to_move is CHANCE and table.chance == "external":
                outcomes = game.chance_outcomes(table.state)
                table.enter_chance(outcomes[choice % len(outcomes)][0])
            elif to_move is CHANCE:
                table.step(game.chance_seat(table.state) if choice % 2 else None)
            else:
                legal = table.view(to_move).legal_moves
                table.submit(to_move, legal[choice % len(legal)], version=table.version)
        except IllegalMoveError as refusal:
            refused = refusal
        if refused is not None:  # only an undo may be refused here, and changes nothing
            assert refused.rule == "API-UNDO"
            assert (table.version, table.state) == before


@given(games(), st.integers(0, 2**32), st.lists(st.integers(0, 1000), max_size=60), st.data())
def test_a_table_saved_at_any_point_restores_to_the_same_table_and_future(
    setup: tuple[str, Any, str], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """After any mix of moves, chance moves and undos, a table restored from its JSON text
    has the same version, state, record, changes and logs; with a seeded generator, the
    same moves then give the same game."""
    name, rules, chance = setup
    table: AnyTable = Table(GAMES[name], rules, seed=seed, chance=chance)  # type: ignore[arg-type]
    cut = data.draw(st.integers(0, len(choices)))
    drive(table, choices[:cut])
    restored = Table.loads(table.dumps())
    assert_same_table(restored, table)
    drive(table, choices[cut:])
    drive(restored, choices[cut:])
    assert_same_table(restored, table)


@given(games(), st.integers(0, 2**32), st.lists(st.integers(0, 1000), max_size=60), st.data())
def test_a_copy_that_fell_behind_catches_up_to_the_same_table(
    setup: tuple[str, Any, str], seed: int, choices: list[int], data: st.DataObject
) -> None:
    """A copy saved at any point, given the changes the original made after it and the
    original's generator state, is the same table again (undos and chance moves
    included), hears of the new version once, and has the same future."""
    name, rules, chance = setup
    table: AnyTable = Table(GAMES[name], rules, seed=seed, chance=chance)  # type: ignore[arg-type]
    cut = data.draw(st.integers(0, len(choices)))
    drive(table, choices[:cut])
    behind = Table.loads(table.dumps())
    since = table.version
    heard: list[int] = []
    behind.subscribe(heard.append)
    drive(table, choices[cut:])
    changes = table.to_dict()["data"]["changes"][since:]
    assert behind.catch_up(changes, since=since, rng=table.rng_state()) == table.version
    assert_same_table(behind, table)
    assert heard == [table.version]
    drive(table, choices)
    drive(behind, choices)
    assert_same_table(behind, table)


def test_catching_up_from_another_version_or_with_a_change_that_cannot_be_made_is_refused() -> None:
    table = undone_table()
    behind = Table.loads(table.dumps())
    since = table.version
    table.step()
    table.step()
    changes = table.to_dict()["data"]["changes"][since:]
    with pytest.raises(InvalidDataError) as stale:
        behind.catch_up(changes, since=since - 1)
    assert (stale.value.where, stale.value.problem) == ("since", f"the table is at version {since}")
    assert behind.version == since
    bad = copy.deepcopy(changes)
    bad[1]["move"] = bad[0]["move"]  # the same card twice: no longer in the deck
    with pytest.raises(InvalidDataError) as refused:
        behind.catch_up(bad, since=since)
    assert refused.value.where == "changes[1]"
    assert "refused move" in refused.value.problem
    assert behind.version == since + 1  # the change before it stands
    assert behind.changes == table.changes[: since + 1]
