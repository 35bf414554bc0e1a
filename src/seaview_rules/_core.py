"""The vocabulary every game shares: the chance player, errors, outcomes, and `Game`."""

from __future__ import annotations

import enum
import random
import reprlib
import types
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, ParamSpec, Protocol, TypeVar, cast

import attrs
from attrs import field, frozen

__all__ = [
    "CHANCE",
    "OMNISCIENT",
    "Chance",
    "Event",
    "Game",
    "IllegalMoveError",
    "InvalidDataError",
    "Notation",
    "Omniscient",
    "Outcome",
    "Player",
    "Termination",
    "Viewer",
    "Violation",
]


class Chance(enum.Enum):
    """The type of `CHANCE`, the player who deals, draws and spins."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE = Chance.CHANCE
"""`current_player` returns this when the next move is a chance outcome."""

Player = int | Chance
"""A seat number (0 is the first seat) or `CHANCE`."""


class Omniscient(enum.Enum):
    """The type of `OMNISCIENT`, the viewer of a log that shows everything."""

    OMNISCIENT = "omniscient"

    def __repr__(self) -> str:
        return "OMNISCIENT"


OMNISCIENT = Omniscient.OMNISCIENT
"""Passed as ``seat`` to ``events`` and ``narrate``: everything that happened, hidden
cards included, for the server's own log (never for a player)."""

Viewer = int | None | Omniscient
"""Who reads an event: a seat, ``None`` for a spectator, or `OMNISCIENT`."""


@frozen
class Violation:
    """Why a move is illegal: the rule it breaks and a sentence a person understands.

    Returned by each game's ``check_move`` and carried by `IllegalMoveError`.
    """

    rule: str
    """The rule ID, as in the rule reference (for example ``"VOY-3"``)."""
    reason: str
    """What is wrong with the move, in plain words."""


class IllegalMoveError(ValueError):
    """A move that is not legal in the state it was applied to; the state is unchanged.

    >>> err = IllegalMoveError(Violation("VOY-3", "B7 matches neither colour nor number of R2"))
    >>> err.rule, str(err)
    ('VOY-3', 'VOY-3: B7 matches neither colour nor number of R2')
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.rule}: {violation.reason}")
        self.violation = violation

    @property
    def rule(self) -> str:
        """The ID of the rule the move breaks."""
        return self.violation.rule

    @property
    def reason(self) -> str:
        """Why the move breaks it."""
        return self.violation.reason


class InvalidDataError(ValueError):
    """Data that does not describe a valid object: malformed or tampered JSON, a bad
    board, deck or rules option.

    ``where`` names the offending part (a JSON path such as ``data.hands[2]``, or a board
    square), ``problem`` says what is wrong with it.

    >>> str(InvalidDataError("data.scores[1]", "must be an integer"))
    'data.scores[1]: must be an integer'
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


# Errors are caught by users as seaview_rules.X: show them under that name in tracebacks.
IllegalMoveError.__module__ = InvalidDataError.__module__ = "seaview_rules"


def seat_violation(to_move: Player | None, seat: object) -> Violation | None:
    """The API-SEAT refusal of a move submitted by ``seat`` when ``to_move`` is to move,
    or ``None`` when ``seat`` is ``None`` (no seat check) or is the seat to move.

    The reason says only who is to move, which every seat may know: nothing about the
    move or any hand.

    >>> seat_violation(1, 1) is None, seat_violation(1, None) is None
    (True, True)
    >>> seat_violation(1, 0)
    Violation(rule='API-SEAT', reason='seat 1 is to move, not seat 0')
    >>> seat_violation(CHANCE, 2).reason
    "the next move is a chance outcome, not seat 2's"
    >>> seat_violation(0, True).reason
    'a seat is a seat number, not bool'
    """
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool):
        return Violation("API-SEAT", f"a seat is a seat number, not {type(seat).__name__}")
    if seat == to_move:
        return None
    name = f"seat {seat}" if seat.bit_length() < 64 else "that seat"
    if to_move is None:
        return Violation("API-SEAT", f"the game is over: {name} is not to move")
    if to_move is CHANCE:
        return Violation("API-SEAT", f"the next move is a chance outcome, not {name}'s")
    return Violation("API-SEAT", f"seat {to_move} is to move, not {name}")


class Event:
    """Something that happened at the table, as one viewer saw it: a typed value (each
    game's event classes subclass this, with a ``seat`` field naming the seat the event
    is about, ``None`` for the whole table), with words from `text`.

    Parts a viewer may not see are ``None`` in the events that viewer is given.
    """

    __slots__ = ()

    reveals: ClassVar[bool] = False
    """Whether this event moves a card that was hidden from other seats into the open
    (`seaview_rules.Table` never takes back a move whose events reveal one)."""

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer`` ("you draw R3" when the viewer is the
        seat the event is about)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(None)


class Notation:
    """The base class of every game's move classes: ``str(move)`` is the move's notation
    (each class defines it), and ``repr(move)`` the call that reads it back, such as
    ``parse_move('R7')``. An attrs move class sets ``repr=False`` to keep this one.

    >>> from seaview_rules.voyage import parse_move
    >>> parse_move("R7"), parse_move("draw")
    (parse_move('R7'), parse_move('draw'))
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


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
        self.seen: dict[int, object] = {id(None): self}
        """The move objects found well-formed, by id. Each is kept alive here, so no
        other object can have its id meanwhile: ``seen.get(id(move)) is move`` is an
        exact test (``None``, which ``get`` returns for an id it lacks, is filed
        under its own id with another value, so it is never taken for a move). Engines and frontends pass the same few objects again and again
        (the moves of the legal-move tables), so the engines test this first, inline,
        and skip the call and the field checks: the check of every move costs 2.2 %
        of the instructions per decision in leagues and 2.8 % in Ship's Wheel so, and
        6.4 % and 8.6 % without (benchmarks/instructions.py --games 30 --warm-up 20)."""

    def violation(self, move: object) -> Violation | None:
        """``None`` if ``move`` has exactly the form of a move of this game, else the
        API-MOVE refusal that says what is wrong with it."""
        seen = self.seen
        if seen.get(id(move)) is move:
            return None
        check = self._checks.get(type(move))
        if check is not None and check(move):
            if len(seen) >= self._SEEN_LIMIT:
                seen.clear()
                seen[id(None)] = self
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


def subject(seat: int | None, viewer: Viewer) -> str:
    """``"you"`` when ``viewer`` is ``seat``, else ``"seat N"``.

    >>> subject(2, 2), subject(2, 0), subject(2, None), subject(2, OMNISCIENT)
    ('you', 'seat 2', 'seat 2', 'seat 2')
    """
    return "you" if seat is not None and viewer == seat else f"seat {seat}"


def verb(seat: int | None, viewer: Viewer, third: str, second: str) -> str:
    """The verb form that goes with `subject`: ``third`` ("draws") for another seat,
    ``second`` ("draw") for "you"."""
    return second if seat is not None and viewer == seat else third


def check_seat(seat: object, players: int) -> None:
    """Raise `InvalidDataError` unless ``seat`` is ``None`` (a spectator) or a seat number
    below ``players``."""
    if seat is not None and not (
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
    ):
        raise InvalidDataError(
            "seat", f"must be None or a seat from 0 to {players - 1}, not {seat!r}"
        )


A = TypeVar("A")
P = ParamSpec("P")
_new = object.__new__


def trusted_constructor(cls: Callable[P, A]) -> Callable[P, A]:
    """A constructor for the frozen attrs class ``cls`` that takes every field, with the
    parameters of ``cls`` (by position or keyword), and checks nothing, for the engines'
    hot paths: they build each state from a state they built, so there is nothing to
    re-validate.

    attrs' frozen ``__init__`` fills each slot through ``object.__setattr__``, several
    times the cost of an ordinary attribute store. So the instance is made as a plain
    slotted twin of ``cls`` (the same slots, hence the same memory layout), filled with
    ordinary stores, then given its real class. Equality, hashing, ``repr``, pickling
    and immutability are those of ``cls``. It pays for itself in the whole loop: a
    random 4-player game takes 40,325 instructions per decision in Voyage, 44,892 in
    Ship's Wheel and 35,435 per spin in leagues, against 64,691, 64,826 and 55,034 with
    attrs' ``__init__`` (benchmarks/instructions.py --games 30 --warm-up 20, CPython
    3.11). An interpreter that does not allow the change of class gets ``cls`` itself.

    Raises:
        TypeError: ``cls`` is not an attrs class whose ``__init__`` does nothing but
            store every field, given positionally, in a slot of its own: it has a base
            class, a slot that is not a field (``__weakref__``, a cached hash), a
            validator, converter, keyword-only or ``init=False`` field, a pre- or
            post-init hook, or a ``__new__`` of its own.
    """
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise TypeError(f"{getattr(cls, '__name__', cls)!r} is not an attrs class")
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    slots: tuple[str, ...] = cls.__dict__.get("__slots__", ())
    if (
        cls.__base__ is not object
        or sorted(slots) != sorted(names)
        or cls.__new__ is not object.__new__
        or hasattr(cls, "__attrs_pre_init__")
        or hasattr(cls, "__attrs_post_init__")
        or any(f.validator or f.converter or f.kw_only or not f.init for f in fields)
    ):
        raise TypeError(f"{cls.__name__} cannot have a trusted constructor")
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": slots})
    probe: Any = _new(twin)
    try:
        probe.__class__ = cls
    except TypeError:  # an interpreter that refuses the change of class
        return cast("Callable[P, A]", cls)
    # The parameters are those of cls's __init__ (the fields' aliases), so the fields
    # can be given by keyword as to cls; the helpers' names start with "__", which no
    # alias does, so that no parameter can shadow them.
    params = [f.alias for f in fields]
    stores = "".join(f"    __instance.{n} = {a}\n" for n, a in zip(names, params, strict=True))
    source = (
        f"def build({', '.join(params)}):\n    __instance = __new(__twin)\n{stores}"
        "    __instance.__class__ = __cls\n    return __instance\n"
    )
    namespace: dict[str, Any] = {"__new": _new, "__twin": twin, "__cls": cls}
    exec(compile(source, f"<trusted_constructor({cls.__qualname__})>", "exec"), namespace)
    build: Callable[P, A] = namespace["build"]
    build.__qualname__ = f"trusted_constructor({cls.__qualname__})"
    build.__module__ = cls.__module__
    return build


class Termination(enum.Enum):
    """Why a game ended."""

    TARGET_SCORE = "target_score"
    """A player's match total reached the target score."""
    TREASURE = "treasure"
    """A diver reached the red arrow and the treasure chest."""


@frozen
class Outcome:
    """How a finished game ended."""

    winner: int | None
    """The winning seat, or ``None`` if nobody won."""
    scores: tuple[int, ...]
    """The final score of every seat (for a race, 1 for the winner and 0 otherwise)."""
    termination: Termination
    """Why the game ended."""


R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
S_in = TypeVar("S_in", contravariant=True)
M_in = TypeVar("M_in", contravariant=True)


class CheckMove(Protocol[S_in, M_in]):
    """The type of ``check_move``: the refusal of ``move`` (sent by ``seat``), or ``None``."""

    def __call__(
        self, state: S_in, move: M_in, /, *, seat: int | None = None
    ) -> Violation | None: ...


class ApplyMove(Protocol[S, M_in]):
    """The type of ``apply_move``: the state after ``move`` (sent by ``seat``)."""

    def __call__(self, state: S, move: M_in, /, *, seat: int | None = None) -> S: ...


class Events(Protocol[S_in, M_in]):
    """The type of ``events``: what a move did, as ``seat`` saw it."""

    def __call__(
        self, before: S_in, move: M_in, after: S_in, /, *, seat: Viewer = None
    ) -> tuple[Event, ...]: ...


class FromDict(Protocol):
    """The type of ``from_dict``: the object of a document, checked to be of ``kind``."""

    def __call__(self, data: object, /, kind: Any = None) -> Any: ...


class Narrate(Protocol[S_in, M_in]):
    """The type of ``narrate``: what a move did, in words for ``seat``."""

    def __call__(self, before: S_in, move: M_in, after: S_in, /, *, seat: Viewer = None) -> str: ...


def _players(rules: Any) -> int:
    return int(rules.players)


def _with_players(rules: Any, players: int) -> Any:
    return attrs.evolve(rules, players=players)


def _no_chance_seat(state: Any) -> int | None:
    return None


API = (
    "new_game", "current_player", "legal_moves", "chance_outcomes", "sample_chance",
    "check_move", "apply_move", "is_terminal", "outcome", "view", "parse_move", "dumps",
    "loads", "to_dict", "from_dict", "statistics", "render", "every_move", "rules_applied",
    "events", "narrate", "chance_seat",
)  # fmt: skip
"""The functions every game package exposes under these names, besides its ``Rules``,
``State`` and ``View`` classes."""


@frozen(kw_only=True)
class Game(Generic[R, S, M, V]):
    """One game's static facts and its API, so that drivers and tools work for every game.

    Every field that is a function is also a module-level function of the game's
    package, for example ``seaview_rules.voyage.legal_moves``.
    """

    name: str
    """Registry key, for example ``"voyage"``."""
    title: str
    """The game's printed name."""
    min_players: int
    max_players: int
    chance: bool
    """Whether the game has chance moves."""
    hidden_information: bool
    """Whether a seat's view hides part of the state."""
    rules_type: type[R]
    state_type: type[S]
    view_type: type[V]
    new_game: Callable[[R], S]
    current_player: Callable[[S], Player | None]
    """The seat to move, `CHANCE`, or ``None`` once the game is over."""
    legal_moves: Callable[[S], tuple[M, ...]]
    chance_outcomes: Callable[[S], tuple[tuple[M, Fraction], ...]]
    sample_chance: Callable[[S, random.Random], M]
    check_move: CheckMove[S, M]
    apply_move: ApplyMove[S, M]
    is_terminal: Callable[[S], bool]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, int | None], V]
    parse_move: Callable[[str], M]
    dumps: Callable[[Any], str]
    loads: Callable[[str], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    """The document `dumps` writes, as a dict (to embed in a larger JSON response)."""
    from_dict: FromDict
    """The object of a document read as a dict, checked as `loads` checks it."""
    events: Events[S, M] = field(repr=False)
    """What a legal move did, as typed events for one viewer (a seat, ``None`` for a
    spectator, `OMNISCIENT` for the server's log)."""
    players: Callable[[R], int] = field(default=_players, repr=False)
    """The number of seats a `Rules` value sets up (its ``players`` option)."""
    with_players: Callable[[R, int], R] = field(default=_with_players, repr=False)
    """The same rules for another number of players."""
    statistics: Callable[[S], Mapping[str, int]] = field(repr=False)
    """Game-specific counters of a game so far (rounds, reshuffles, ...)."""
    render: Callable[[S | V], str] = field(repr=False)
    """A plain-text picture for terminals and logs, of a state (everything, hidden cards
    included) or of a view (what its seat sees)."""
    every_move: Callable[[R], tuple[M, ...]] = field(repr=False)
    """Every move the game can have under these rules, legal or not, in a fixed order
    (an action space for learning agents, and the candidates of conformance checks)."""
    rules_applied: Callable[[S, M, S], tuple[str, ...]] = field(repr=False)
    """The IDs of the rules and rulings a legal move exercised, given the states before
    and after it (used to label the conformance vectors)."""
    narrate: Narrate[S, M] = field(repr=False)
    """Words for a log line saying what a move did, given the states before and after,
    for one viewer as in `events` (empty for moves not worth a line, such as each card
    of a deal)."""
    chance_seat: Callable[[S], int | None] = field(default=_no_chance_seat, repr=False)
    """The seat whose spin, deal or draw the pending chance move is (who presses the
    "spin" or "deal" button of a frontend), or ``None`` when chance is not to move.
    `seaview_rules.Table.step` refuses any other seat (API-SEAT). The default, for a
    game without chance, names no seat."""
    table_chance: Literal["auto", "step"] = field(default="auto", repr=False)
    """How a `seaview_rules.Table` of this game resolves chance unless told otherwise:
    ``"auto"`` at once (the card games), ``"step"`` one move per
    `seaview_rules.Table.step` call (leagues, where every move is a spin)."""
