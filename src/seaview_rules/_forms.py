"""The exact form of a game's moves (API-MOVE), checked once, when a move is built.

Every move class validates its fields in its constructor (attrs validators made by
`exactly`), and so do `parse_move` and the JSON readers, which build moves with it. So
an object that is of one of a game's move classes is a well-formed move of that game,
and the form check of ``check_move`` is a type test (`not_a_move` words its refusal).

An object forged around its class's constructor (``object.__new__``, or
``object.__setattr__`` on a frozen instance) is outside the contract, as a
``chess.Move`` forged that way is in python-chess: nothing checks it again.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from seaview_rules._core import IllegalMoveError, Violation

__all__ = ["MOVE_INT_BOUND", "MOVE_STR_LIMIT", "exactly", "not_a_move"]


MOVE_INT_BOUND = 2**63
"""Every number in a move lies in ``[-MOVE_INT_BOUND, MOVE_INT_BOUND)``: larger ones
cannot be legal in any game, and would not even print (Python refuses to write an int
of more than 4,300 digits)."""
MOVE_STR_LIMIT = 100
"""Every string in a move (a card's colour or shape) has at most this many characters."""


def exactly(*types: type | None) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator that takes a value of exactly one of ``types`` (``None`` for
    the value ``None``): not a subclass (so not ``True`` for an int), an int within
    `MOVE_INT_BOUND`, a string of at most `MOVE_STR_LIMIT` characters. Anything else is
    refused with `IllegalMoveError` under API-MOVE.

    >>> from attrs import field, frozen
    >>> @frozen
    ... class Size:
    ...     cards: int = field(validator=exactly(int))
    >>> Size(3)
    Size(cards=3)
    >>> Size(True)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.IllegalMoveError: API-MOVE: Size.cards must be an int, not bool
    >>> Size(2**70)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.IllegalMoveError: API-MOVE: Size.cards is out of range
    """
    allowed = tuple(type(None) if t is None else t for t in types)
    names = " or ".join(_type_name(t) for t in allowed)

    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        kind = type(value)
        where = f"{type(instance).__name__}.{attribute.name}"
        if kind not in allowed:
            raise IllegalMoveError(
                Violation("API-MOVE", f"{where} must be {names}, not {kind.__name__}")
            )
        if kind is int and not -MOVE_INT_BOUND <= value < MOVE_INT_BOUND:  # type: ignore[operator]  # an int here
            raise IllegalMoveError(Violation("API-MOVE", f"{where} is out of range"))
        if kind is str and len(value) > MOVE_STR_LIMIT:  # type: ignore[arg-type]  # a str here
            raise IllegalMoveError(
                Violation("API-MOVE", f"{where} is longer than {MOVE_STR_LIMIT} characters")
            )

    return validate


def not_a_move(move: object, game: str, classes: Iterable[type]) -> Violation:
    """The API-MOVE refusal of ``move``, an object of none of the game's move
    ``classes`` (exactly: a subclass is not one of them either).

    >>> from seaview_rules.leagues import Spin
    >>> not_a_move("3R", "leagues", [Spin]).reason
    "'3R' is not a leagues move: a move is a Spin, not str"
    """
    names = " or ".join(cls.__name__ for cls in classes)
    try:
        text = reprlib.repr(move)
    except Exception:  # an object that does not even print
        text = f"a {type(move).__name__}"
    return Violation(
        "API-MOVE", f"{text} is not a {game} move: a move is a {names}, not {type(move).__name__}"
    )


def _type_name(kind: type) -> str:
    if kind is type(None):
        return "None"
    name = kind.__name__
    return f"an {name}" if name.lstrip("_")[0].lower() in "aeiou" else f"a {name}"
