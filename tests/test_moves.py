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

from seaview_rules import GAMES, IllegalMoveError, Violation
from seaview_rules._core import Notation
from seaview_rules._forms import MOVE_INT_BOUND, exactly, not_a_move
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


def _field_twins(obj: Any) -> Iterator[tuple[type, dict[str, Any]]]:
    """The class of the attrs object ``obj`` and the arguments of a copy of it with one
    field replaced by a look-alike: what a careless frontend or a hostile client could
    pass to the constructor. The look-alikes of a field that is itself an attrs object
    (a card) are those objects, built as a user would, when they can be built."""
    cls = type(obj)
    fields = [f for f in attrs.fields(cls) if f.init]
    for f in fields:
        for other in _lookalikes(getattr(obj, f.name)):
            yield cls, {g.name: other if g is f else getattr(obj, g.name) for g in fields}


def _malformed(move: Any) -> Iterator[Any]:
    """Objects that are not exactly ``move``, though most compare equal to it: other
    types, and an instance of a subclass, built through its constructor."""
    yield str(move)
    yield None
    yield (move,)
    if attrs.has(type(move)):
        subclass = attrs.define(type(f"Sub{type(move).__name__}", (type(move),), {}))
        yield subclass(*(getattr(move, f.name) for f in attrs.fields(type(move)) if f.init))


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
    assert tried > 400


def _refused_when_built(cls: type, arguments: dict[str, Any]) -> bool:
    """Whether building ``cls(**arguments)`` is refused: a move's own field under
    API-MOVE, a card's as invalid data (both are ``ValueError``)."""
    try:
        cls(**arguments)
    except IllegalMoveError as err:
        return err.rule == "API-MOVE"
    except ValueError:
        return not issubclass(cls, Notation)  # a piece (a card), not a move
    return False


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_move_with_a_field_of_the_wrong_type_cannot_be_built(name: str) -> None:
    """A move is checked once, when it is built: every look-alike of a field (a float
    or a bool for an int, an enum's value for the enum, a string for a card, a number
    out of range), at any depth, is refused by the constructor."""
    game = GAMES[name]
    state = game.new_game(game.with_players(game.rules_type(), 3))
    refused = 0
    for move in game.every_move(state.rules):
        if not attrs.has(type(move)):
            continue
        for cls, arguments in _field_twins(move):
            assert _refused_when_built(cls, arguments), (cls, arguments)
            refused += 1
        for f in attrs.fields(type(move)):
            inner = getattr(move, f.name)
            if attrs.has(type(inner)):  # a card: its own fields' look-alikes
                for cls, arguments in _field_twins(inner):
                    assert _refused_when_built(cls, arguments), (cls, arguments)
                    refused += 1
    assert refused > 10


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


class _Word(enum.Enum):
    GO = "go"


@attrs.frozen
class _Move:
    count: int | None = attrs.field(validator=exactly(int, None))
    name: str = attrs.field(validator=exactly(str))
    word: _Word = attrs.field(validator=exactly(_Word))


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize(
    ("arguments", "fault"),
    [
        ((3, "a", "W"), None),
        ((None, "a", "W"), None),
        ((-MOVE_INT_BOUND, "a" * 100, "W"), None),
        ((3.0, "a", "W"), "_Move.count must be an int or None, not float"),
        ((True, "a", "W"), "_Move.count must be an int or None, not bool"),
        ((MOVE_INT_BOUND, "a", "W"), "_Move.count is out of range"),
        ((3, "a" * 101, "W"), "_Move.name is longer than 100 characters"),
        ((3, b"a", "W"), "_Move.name must be a str, not bytes"),
        ((3, "a", "go"), "_Move.word must be a _Word, not str"),
    ],
)  # fmt: skip
def test_a_move_class_takes_exactly_its_declared_types(
    arguments: tuple[Any, Any, Any], fault: str | None
) -> None:
    count, name, word = arguments
    word = _Word.GO if word == "W" else word
    if fault is None:
        assert _Move(count, name, word).count == count
    else:
        with pytest.raises(IllegalMoveError) as refused:
            _Move(count, name, word)
        assert refused.value.rule == "API-MOVE"
        assert refused.value.reason == fault


def test_an_object_of_no_move_class_is_refused_with_its_type() -> None:
    violation = not_a_move("go", "test", [_Move, _Word])
    assert violation == Violation(
        "API-MOVE", "'go' is not a test move: a move is a _Move or _Word, not str"
    )
