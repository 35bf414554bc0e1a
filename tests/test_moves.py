"""API-MOVE: every object that is not exactly a legal move of the state is refused with a
typed error and changes nothing, however it was built; every accepted move leaves a
state that round-trips through JSON."""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from seaview_rules import GAMES, IllegalMoveError
from seaview_rules._forms import MOVE_INT_BOUND, MoveForms
from seaview_rules._game import Game

ALL_GAMES = sorted(GAMES)


def _reached(game: Game[Any, Any, Any, Any], seed: int, moves: int) -> Iterator[Any]:
    """Every state of a seeded random game with 3 players, up to ``moves`` moves."""
    rng = random.Random(seed)
    state = game.new_game(game.with_players(game.rules_type(), 3))
    for _ in range(moves):
        yield state
        legal = game.legal_moves(state)
        if not legal:
            return
        state = game.apply_move(state, rng.choice(legal))


def _lookalikes(value: object) -> Iterator[object]:
    """Objects of another type that a careless frontend might send instead of ``value``,
    most of them equal to it or hashing like it."""
    if isinstance(value, enum.Enum):
        yield value.value
        yield str(value)
    elif type(value) is int:
        yield float(value)
        yield str(value)
        yield [value]
        yield MOVE_INT_BOUND  # an int, but no move's number is that large
        if value in (0, 1):
            yield bool(value)
    elif type(value) is str:
        yield value.encode()
        yield value * 200
    elif value is None:
        yield 0
    elif attrs.has(type(value)):
        yield str(value)
        yield None
        yield from _field_twins(value)


def _field_twins(obj: Any) -> Iterator[Any]:
    """Copies of the attrs object ``obj`` with one field, at any depth, replaced by a
    look-alike (built without validation, as a hand-made object can be)."""
    for f in attrs.fields(type(obj)):
        for other in _lookalikes(getattr(obj, f.name)):
            twin = object.__new__(type(obj))
            for g in attrs.fields(type(obj)):
                object.__setattr__(twin, g.name, other if g is f else getattr(obj, g.name))
            yield twin


def _malformed(move: Any) -> Iterator[Any]:
    """Objects that are not exactly ``move``, though most compare equal to it."""
    yield str(move)
    yield None
    yield (move,)
    if attrs.has(type(move)):
        yield from _field_twins(move)
        subclass = attrs.define(type(f"Sub{type(move).__name__}", (type(move),), {}))
        yield subclass(*(getattr(move, f.name) for f in attrs.fields(type(move))))


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_move_object_that_is_not_exactly_a_legal_move_is_refused_and_changes_nothing(
    name: str,
) -> None:
    game = GAMES[name]
    others = [
        GAMES[n].legal_moves(GAMES[n].new_game(GAMES[n].rules_type()))
        for n in ALL_GAMES
        if n != name
    ]
    tried = 0
    for state in _reached(game, seed=5, moves=400):
        before = game.dumps(state)
        legal = game.legal_moves(state)
        expected = "API-OVER" if game.is_terminal(state) else "API-MOVE"  # API-OVER first
        for move in [*legal[:3], *(m for ms in others for m in ms[:1])]:
            candidates = list(_malformed(move)) if move in legal else [move]
            for bad in candidates:
                violation = game.check_move(state, bad)
                assert violation is not None, f"{bad!r} accepted in {name}"
                assert violation.rule == expected, (bad, violation)
                with pytest.raises(IllegalMoveError) as refused:
                    game.apply_move(state, bad)
                assert refused.value.rule == expected
                assert game.dumps(state) == before
                tried += 1
    assert tried > 1000


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_legal_move_built_anew_is_accepted_like_the_one_legal_moves_gave(name: str) -> None:
    game = GAMES[name]
    for state in _reached(game, seed=2, moves=200):
        for move in game.legal_moves(state):
            # attrs.evolve builds a new, equal object, never seen by the engine before
            copy = attrs.evolve(move) if attrs.has(type(move)) else move
            assert game.check_move(state, copy) is None
            assert game.apply_move(state, copy) == game.apply_move(state, move)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_accepted_move_leaves_a_state_that_round_trips(name: str) -> None:
    game = GAMES[name]
    for seed in range(3):
        for state in _reached(game, seed=seed, moves=300):
            assert game.loads(game.dumps(state)) == state


@attrs.frozen
class _Inner:
    name: str
    count: int | None


@attrs.frozen
class _Move:
    inner: _Inner
    items: tuple[int, ...]
    flag: bool


class _Word(enum.Enum):
    GO = "go"


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize(
    ("move", "fault"),
    [
        (_Move(_Inner("a", None), (1, 2), True), None),
        (_Word.GO, None),
        (_Move(_Inner("a", 3), (), False), None),
        (_Move(_Inner("a", 3.0), (), False), "its inner: its count must be an int or None, not float"),  # type: ignore[arg-type]
        (_Move(_Inner("a" * 101, 3), (), False), "its inner: its name is longer than 100 characters"),
        (_Move(_Inner("a", None), (1, True), False), "its items must be a tuple of int, not tuple"),
        (_Move(_Inner("a", None), [1], False), "its items must be a tuple of int, not list"),  # type: ignore[arg-type]
        (_Move(_Inner("a", None), (), 1), "its flag must be a bool, not int"),  # type: ignore[arg-type]
        (_Move("a", (), False), "its inner must be an _Inner, not str"),  # type: ignore[arg-type]
        ("go", "a move is a _Move or _Word, not str"),
    ],
)  # fmt: skip
def test_move_forms_accept_exactly_the_declared_types(move: object, fault: str | None) -> None:
    forms = MoveForms("test", _Move, _Word)
    violation = forms.violation(move)
    if fault is None:
        assert violation is None
        assert forms.seen[id(move)] is move
    else:
        assert violation is not None
        assert violation.rule == "API-MOVE"
        assert violation.reason.endswith(f"is not a test move: {fault}")
        assert id(move) not in forms.seen


def test_move_forms_refuse_numbers_out_of_range_and_fields_they_cannot_check() -> None:
    forms = MoveForms("test", _Inner)
    huge = _Inner("a", MOVE_INT_BOUND)
    violation = forms.violation(huge)
    assert violation is not None
    assert violation.reason.endswith("its count is out of range")
    assert forms.violation(_Inner("a", -MOVE_INT_BOUND)) is None

    @attrs.frozen
    class Loose:
        anything: object

    with pytest.raises(TypeError, match="no exact check"):
        MoveForms("test", Loose)


def test_the_well_formed_moves_seen_are_forgotten_past_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(MoveForms, "_SEEN_LIMIT", 2)
    forms = MoveForms("test", _Inner)
    moves = [_Inner("a", n) for n in range(5)]
    for move in moves:
        assert forms.violation(move) is None
    assert len(forms.seen) <= 2
    assert forms.seen[id(moves[-1])] is moves[-1]
