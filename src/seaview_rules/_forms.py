"""The exact form of a game's moves (API-MOVE): which classes they are, and what type
each of their fields holds, checked by a test generated for each class."""

from __future__ import annotations

import enum
import reprlib
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from seaview_rules._core import Violation

__all__ = ["MOVE_INT_BOUND", "MOVE_STR_LIMIT", "MoveForms"]


MOVE_INT_BOUND = 2**63
"""Every number in a well-formed move lies in ``[-MOVE_INT_BOUND, MOVE_INT_BOUND)``:
larger ones cannot be legal in any game, and would not even print (Python refuses to
write an int of more than 4,300 digits)."""
MOVE_STR_LIMIT = 100
"""Every string in a well-formed move (a card's colour or shape) has at most this many
characters."""


class MoveForms:
    """The exact form of a game's moves: which classes they are and what type each of
    their fields holds, read from the classes' annotations.

    `violation` refuses, under API-MOVE, any object that is not exactly of one of these
    classes (not a subclass, not another game's move) or whose fields are not exactly of
    their declared types, recursively: ``Size(3.0)`` and ``Spin(True, RIGHT)`` compare
    equal to legal moves, but are not moves. Each game's ``_violation`` asks it first,
    before a field is used, so a malformed move can neither crash a rule check nor leave
    a wrong type in a state. The check is generated once per class, as attrs generates
    its ``__init__``: one expression of ``type(x) is T`` tests.

    >>> from seaview_rules.leagues import SPINS, Direction, Spin
    >>> forms = MoveForms("leagues", Spin)
    >>> forms.violation(SPINS[3, Direction.RIGHT]) is None
    True
    >>> forms.violation(Spin(True, Direction.RIGHT)).reason
    "Spin(number=True, direction=<Direction.RIGHT: 'R'>) is not a leagues move: its number must be an int, not bool"
    >>> forms.violation("3R").reason
    "'3R' is not a leagues move: a move is a Spin, not str"
    """

    _SEEN_LIMIT = 4096

    def __init__(self, game: str, *classes: type) -> None:
        self.game = game
        self.classes = classes
        self._checks: dict[type, Callable[[Any], bool]] = {
            cls: _generated_check(cls) for cls in classes
        }
        self.seen: dict[int, object] = {}
        """The move objects found well-formed, by id. Each is kept alive here, so no
        other object can have its id meanwhile: ``id(move) in seen`` is an exact test.
        Engines and frontends pass the same few objects again and again (the moves of
        the legal-move tables), so `violation` tests this first and skips the field
        checks."""

    def violation(self, move: object) -> Violation | None:
        """``None`` if ``move`` has exactly the form of a move of this game, else the
        API-MOVE refusal that says what is wrong with it."""
        seen = self.seen
        if id(move) in seen:
            return None
        check = self._checks.get(type(move))
        if check is not None and check(move):
            if len(seen) >= self._SEEN_LIMIT:
                seen.clear()
            seen[id(move)] = move  # moves are frozen: well-formed for good
            return None
        return Violation(
            "API-MOVE", f"{_short_repr(move)} is not a {self.game} move: {self._fault(move)}"
        )

    def _fault(self, move: object) -> str:
        if type(move) not in self._checks:
            names = " or ".join(cls.__name__ for cls in self.classes)
            return f"a move is a {names}, not {type(move).__name__}"
        return _first_fault(move, type(move)) or "it is malformed"


def _short_repr(value: object) -> str:
    try:
        text = reprlib.repr(value) if not attrs.has(type(value)) else _attrs_repr(value)
    except Exception:  # a malformed move may not even print
        text = f"a {type(value).__name__}"
    return text


def _attrs_repr(value: Any) -> str:
    parts = ", ".join(
        f"{f.name}={reprlib.repr(getattr(value, f.name))}" for f in attrs.fields(type(value))
    )
    return f"{type(value).__name__}({parts})"


def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in attrs.fields(cls)}


def _generated_check(cls: type) -> Callable[[Any], bool]:
    """``check(x)``: whether the instance ``x`` of ``cls`` has exactly the declared types
    in every field (``x``'s own type is checked by the caller)."""
    namespace: dict[str, Any] = {"B": MOVE_INT_BOUND, "L": MOVE_STR_LIMIT}
    return _function(_fields_test("x", cls, namespace) if attrs.has(cls) else "True", namespace)


def _function(expression: str, namespace: dict[str, Any]) -> Callable[[Any], bool]:
    exec(f"def check(x):\n    return {expression}\n", namespace)
    check: Callable[[Any], bool] = namespace["check"]
    return check


def _fields_test(value: str, cls: type, namespace: dict[str, Any]) -> str:
    tests = [_test(f"{value}.{name}", hint, namespace) for name, hint in _hints(cls).items()]
    return " and ".join(tests) or "True"


def _test(value: str, hint: Any, namespace: dict[str, Any]) -> str:
    """A Python expression that is true when ``value`` has exactly the type ``hint``."""
    args = typing.get_args(hint)
    if _is_union(hint):
        return "(" + " or ".join(_test(value, arg, namespace) for arg in args) + ")"
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _test("y", args[0], namespace)
        return f"(type({value}) is tuple and all({item} for y in {value}))"
    if hint is type(None):
        return f"{value} is None"
    if not isinstance(hint, type):
        raise TypeError(f"no exact check for a move field of type {hint!r}")
    name = f"T{len(namespace)}"
    namespace[name] = hint
    if hint is int:
        return f"(type({value}) is int and -B <= {value} < B)"
    if hint is str:
        return f"(type({value}) is str and len({value}) <= L)"
    if attrs.has(hint):
        return f"(type({value}) is {name} and {_fields_test(value, hint, namespace)})"
    if hint is bool or issubclass(hint, enum.Enum):
        return f"type({value}) is {name}"
    raise TypeError(f"no exact check for a move field of type {hint!r}")


def _first_fault(value: object, cls: type) -> str | None:
    """What is wrong with the fields of ``value``, an instance of ``cls``, in words."""
    for name, hint in _hints(cls).items():
        field_value = getattr(value, name)
        namespace: dict[str, Any] = {"B": MOVE_INT_BOUND, "L": MOVE_STR_LIMIT}
        if _function(_test("x", hint, namespace), namespace)(field_value):
            continue
        if attrs.has(hint) and type(field_value) is hint:
            inner = _first_fault(field_value, hint)
            return f"its {name}: {inner}"
        allowed = typing.get_args(hint) if _is_union(hint) else (hint,)
        if type(field_value) is int and int in allowed:
            return f"its {name} is out of range"
        if type(field_value) is str and str in allowed:
            return f"its {name} is longer than {MOVE_STR_LIMIT} characters"
        return f"its {name} must be {_type_name(hint)}, not {type(field_value).__name__}"
    return None


def _type_name(hint: Any) -> str:
    if _is_union(hint):
        return " or ".join(_type_name(arg) for arg in typing.get_args(hint))
    if hint is type(None):
        return "None"
    if typing.get_origin(hint) is tuple:
        return f"a tuple of {_type_name(typing.get_args(hint)[0]).split(' ', 1)[1]}"
    name = getattr(hint, "__name__", repr(hint))
    return f"an {name}" if name.lstrip("_")[0].lower() in "aeiou" else f"a {name}"


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)
