"""The vocabulary every game shares: the chance player, errors, outcomes, and `Game`."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from types import ModuleType
from typing import Any, ClassVar, Generic, ParamSpec, Protocol, TypeVar, cast

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
    and immutability are those of ``cls``. A 12-field state takes about 0.3 of the time
    to build on CPython 3.11 and 3.13, half on 3.10. An interpreter that does not allow
    the change of class gets ``cls`` itself.

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
    stores = "".join(f"    __instance.{n} = {a}\n" for n, a in zip(names, params))
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


API = (
    "new_game", "current_player", "legal_moves", "chance_outcomes", "sample_chance",
    "check_move", "apply_move", "is_terminal", "outcome", "view", "parse_move", "dumps",
    "loads", "to_dict", "from_dict", "statistics", "render", "every_move", "rules_applied",
    "events", "narrate",
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
    render: Callable[[S], str] = field(repr=False)
    """A plain-text picture of a state for terminals and logs (shows hidden cards)."""
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

    @classmethod
    def from_package(
        cls,
        package: ModuleType,
        *,
        name: str,
        title: str,
        min_players: int,
        max_players: int,
        chance: bool,
        hidden_information: bool,
    ) -> Game[Any, Any, Any, Any]:
        """The game whose API is ``package``'s functions of the names in `API` and its
        ``Rules``, ``State`` and ``View`` classes; a missing name fails at import."""
        functions = {function: getattr(package, function) for function in API}
        return cls(
            name=name, title=title, min_players=min_players, max_players=max_players,
            chance=chance, hidden_information=hidden_information, rules_type=package.Rules,
            state_type=package.State, view_type=package.View, **functions,
        )  # fmt: skip
