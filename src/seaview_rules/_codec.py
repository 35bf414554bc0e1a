"""Every game's JSON, written once: `Codec` makes a game's ``to_dict``, ``dumps``,
``from_dict`` and ``loads`` (states, views, game records, seat records, events and lists
of moves, in the versioned envelope) with their typed overloads, and the JSON Schemas
of those documents.

A game's ``_codec`` module declares only what is its own: the hooks that read and write
its domain types (cards, squares, the board), how a state or a view is read and checked
(`check_state`, `check_view` of its ``_checks``), what a view document derives from the
view's fields, and the schemas of its domain types.

A view document (version 2) ends with the keys its view derives from its fields
(`Codec.view_derived`: the outcome, the round or hand, the winner); the reader refuses
values that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar, overload

from attrs import frozen

from seaview_rules._core import Event, Outcome, Termination
from seaview_rules._envelope import (
    EVENT_VERSION,
    MOVES_VERSION,
    SEAT_RECORD_VERSION,
    dump_document,
    envelope,
    expect_kind,
    parse_json,
    read_envelope,
    read_moves,
)
from seaview_rules._play import (
    GameRecord,
    SeatRecord,
    record_from_data,
    record_to_data,
    seat_record_from_data,
    seat_record_to_data,
)
from seaview_rules._reader import Field, Writers, check_derived, without_derived, write, write_event
from seaview_rules._schemas import GameSchemas, SchemaBuilder, SchemaHooks

__all__ = ["Codec"]

R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
E = TypeVar("E", bound=Event)
S_in = TypeVar("S_in", contravariant=True)
V_in = TypeVar("V_in", contravariant=True)

VERSIONS = {
    "state": 1,
    "view": 2,
    "moves": MOVES_VERSION,
    "record": 1,
    "seat_record": SEAT_RECORD_VERSION,
    "event": EVENT_VERSION,
}
"""The format version written for each kind of document, the same in every game."""


class ToDict(Protocol[R, S_in, M, V_in]):
    """The type of ``to_dict``."""

    def __call__(
        self,
        obj: S_in | V_in | GameRecord[R, M] | SeatRecord[R] | Event | tuple[M, ...] | list[M],
        /,
    ) -> dict[str, Any]: ...


class Dumps(Protocol[R, S_in, M, V_in]):
    """The type of ``dumps``."""

    def __call__(
        self,
        obj: S_in | V_in | GameRecord[R, M] | SeatRecord[R] | Event | tuple[M, ...] | list[M],
        /,
    ) -> str: ...


class FromDict(Protocol[R, S, M, V]):
    """The type of ``from_dict``: the object of a document, typed by ``kind``."""

    @overload
    def __call__(
        self, data: object, /, kind: None = None
    ) -> S | V | GameRecord[R, M] | SeatRecord[R] | Event | tuple[M, ...]: ...
    @overload
    def __call__(self, data: object, /, kind: type[S]) -> S: ...
    @overload
    def __call__(self, data: object, /, kind: type[V]) -> V: ...
    @overload
    def __call__(self, data: object, /, kind: type[GameRecord[Any, Any]]) -> GameRecord[R, M]: ...
    @overload
    def __call__(self, data: object, /, kind: type[SeatRecord[Any]]) -> SeatRecord[R]: ...
    @overload
    def __call__(self, data: object, /, kind: type[tuple[Any, ...]]) -> tuple[M, ...]: ...
    @overload
    def __call__(self, data: object, /, kind: type[E]) -> E: ...


class Loads(Protocol[R, S, M, V]):
    """The type of ``loads``: the object of a document's text, typed by ``kind``."""

    @overload
    def __call__(
        self, text: str | bytes, /, kind: None = None
    ) -> S | V | GameRecord[R, M] | SeatRecord[R] | Event | tuple[M, ...]: ...
    @overload
    def __call__(self, text: str | bytes, /, kind: type[S]) -> S: ...
    @overload
    def __call__(self, text: str | bytes, /, kind: type[V]) -> V: ...
    @overload
    def __call__(
        self, text: str | bytes, /, kind: type[GameRecord[Any, Any]]
    ) -> GameRecord[R, M]: ...
    @overload
    def __call__(self, text: str | bytes, /, kind: type[SeatRecord[Any]]) -> SeatRecord[R]: ...
    @overload
    def __call__(self, text: str | bytes, /, kind: type[tuple[Any, ...]]) -> tuple[M, ...]: ...
    @overload
    def __call__(self, text: str | bytes, /, kind: type[E]) -> E: ...


@frozen(kw_only=True)
class Codec(Generic[R, S, M, V]):
    """What one game's JSON is made of, and the functions and schemas made from it."""

    game: str
    """The registry name, as documents name their game."""
    title: str
    """The game's name in errors and schemas ("20,000 Leagues")."""
    rules: type[R]
    state: type[S]
    view: type[V]
    move: Any
    """The type of a move (a union of the move classes)."""
    moves: tuple[type, ...]
    """The move classes, which a list of moves may hold."""
    events: Mapping[str, type[Event]]
    """The classes of the events a table of the game sends, by their ``"type"``."""
    parse_move: Callable[[str], M]
    new_game: Callable[[R], S]
    """The game's ``new_game``: a record is read by playing its moves."""
    apply_move: Callable[[S, M], S]
    """The game's ``apply_move``."""
    writers: Callable[[R | None], Writers]
    """The hooks that write the domain types of what ``rules`` set up (``None``: an
    event, whose rules are not known)."""
    read_rules: Callable[[Field], R]
    read_state: Callable[[Field], S]
    """A state, its consistency checked."""
    read_view: Callable[[Field], V]
    """A view without the derived keys, its consistency checked."""
    read_event: Callable[[Field, R | None], Event]
    """An event; with the ``rules`` of a seat record, each card (square) must be theirs."""
    view_outcome: Callable[[V], Outcome | None]
    """The outcome of the game a view shows, read from the view's own fields (what
    ``outcome`` gives for the state the view came from)."""
    termination: Termination
    """How every game of this one ends (`Outcome.termination`)."""
    view_derived: Mapping[str, tuple[Any, Callable[[V], object]]]
    """The keys a view document ends with before ``outcome``: for each, its type and
    its value for a view."""
    view_first: tuple[str, ...] = ()
    """Fields a view document writes first (the leagues view's seat)."""
    schema_hooks: SchemaHooks
    """The schemas of what `writers` and the readers handle."""
    view_derived_schemas: Callable[[SchemaBuilder], dict[str, dict[str, Any]]]
    """The schemas of the derived keys before ``outcome``, by key."""
    seat_fields: tuple[str, ...] = ()
    """The names of the game's fields whose integers are seats (a seat's pile, the
    dealer), which its schemas bound by the number of seats, besides those of the
    shared classes (`seaview_rules._schemas.SEAT_FIELDS`)."""
    signed_fields: tuple[str, ...] = ()
    """The names of the game's fields whose integers may be negative (``scores``, for
    a game of chips won and lost; `~seaview_rules.Outcome.scores` follows), which its
    schemas leave unbounded below. Every other integer is never negative."""

    @property
    def _derived(self) -> dict[str, tuple[Any, Callable[[V], object]]]:
        return {**self.view_derived, "outcome": (Outcome | None, self.view_outcome)}

    @property
    def schemas(self) -> GameSchemas:
        """The JSON Schemas of the game's documents (see `seaview_rules.schema`)."""
        return GameSchemas(
            game=self.game,
            title=self.title,
            versions=VERSIONS,
            hooks={
                self.rules: lambda b: b.define(
                    "Rules", lambda: b.fields(self.rules, defaults=True)
                ),
                (Outcome, "termination"): {"const": self.termination.value},
                **self.schema_hooks,
            },
            rules=self.rules,
            state=self.state,
            view=self.view,
            move=self.move,
            events=self.events,
            view_derived=lambda b: {
                **self.view_derived_schemas(b),
                "outcome": {"anyOf": [b.of(Outcome), {"type": "null"}]},
            },
            view_first=self.view_first,
            seat_fields=self.seat_fields,
            signed_fields=self.signed_fields,
        )

    def rules_data(self, rules: R) -> object:
        """The JSON data of a `Rules` value, as a game record holds it: what
        `rules_from_data` reads back."""
        return write(rules, self.writers(rules))

    def rules_from_data(self, data: object, where: str = "rules") -> R:
        """The `Rules` value of the untrusted JSON data ``data`` (what `rules_data`
        writes).

        Raises:
            InvalidDataError: ``data`` is not the data of this game's rules; the message
                names the offending path, starting with ``where``.
        """
        return self.read_rules(Field(data, where))

    def event_data(self, event: Event) -> dict[str, Any]:
        """The data of an event of `events` (``{"type": ..., <its fields>}``).

        Raises:
            TypeError: not an event a table of this game sends.
        """
        if self.events.get(type(event).__name__) is not type(event):
            raise TypeError(f"cannot write {type(event).__name__} as {self.title} JSON")
        return write_event(event, self.writers(None))

    def _data(self, obj: Any) -> dict[str, Any]:
        data: dict[str, Any] = write(obj, self.writers(obj.rules))  # type: ignore[assignment]
        if isinstance(obj, self.view):
            first = {name: data.pop(name) for name in self.view_first}
            derived = {name: write(value(obj), {}) for name, (_, value) in self._derived.items()}
            data = {**first, **data, **derived}
        return data

    def _moves_data(self, moves: tuple[M, ...] | list[M]) -> list[str]:
        for index, move in enumerate(moves):
            if not isinstance(move, self.moves):
                raise TypeError(f"item {index} is a {type(move).__name__}, not a {self.title} move")
        return [str(m) for m in moves]

    def to_dict(self, obj: object) -> dict[str, Any]:
        """The JSON document of a state, a view, a game record, a seat record, an event
        (of the game's) or a tuple (or list) of moves, as a dict of JSON values: what `dumps`
        writes, for a web framework to serialise; `from_dict` reads it back.

        Raises:
            TypeError: ``obj`` is none of these (or a list holds something that is not a
                move of the game, or an event is another game's).
        """
        if isinstance(obj, (self.state, self.view)):
            kind = "state" if isinstance(obj, self.state) else "view"
            return envelope(self.game, kind, VERSIONS[kind], self._data(obj))
        if isinstance(obj, GameRecord):
            data = record_to_data(obj, self.rules_data)
            return envelope(self.game, "record", VERSIONS["record"], data)
        if isinstance(obj, SeatRecord):
            data = seat_record_to_data(obj, self.rules_data, self.event_data)
            return envelope(self.game, "seat_record", VERSIONS["seat_record"], data)
        if isinstance(obj, Event):
            return envelope(self.game, "event", VERSIONS["event"], self.event_data(obj))
        if isinstance(obj, (tuple, list)):
            return envelope(self.game, "moves", VERSIONS["moves"], self._moves_data(obj))
        raise TypeError(f"cannot write {type(obj).__name__} as {self.title} JSON")

    def dumps(self, obj: object) -> str:
        """JSON text of a state, a view, a game record, a seat record, an event or a tuple
        (or list) of moves (the compact text of `to_dict`); `loads` reads it back.

        Raises:
            TypeError: ``obj`` is none of these.
        """
        return dump_document(self.to_dict(obj))

    def loads(self, text: str | bytes, kind: Any = None) -> Any:
        """The state, view, game record, seat record, event or tuple of moves that `dumps`
        wrote; with ``kind``, only a document of that kind (and typed as such:
        ``loads(text, kind=View)`` is a `View`, ``loads(text, kind=Event)`` any event).

        Raises:
            InvalidDataError: the text is not a valid document of the game (of that kind); the
                message names the offending path and the problem.
            TypeError: ``kind`` is none of those `from_dict` takes.
        """
        return self.from_dict(parse_json(text), kind)

    def from_dict(self, data: object, kind: Any = None) -> Any:
        """The state, view, game record, seat record, event or tuple of moves of a parsed
        document (what `to_dict` made, or ``json.loads`` of what `dumps` wrote), validated
        as `loads` validates text.

        Args:
            data: the parsed JSON, untrusted.
            kind: `State`, `View`, `GameRecord`, `~seaview_rules.SeatRecord`, ``tuple``
                (of moves), `~seaview_rules.Event` (any event) or one event class, to
                accept that kind of document only, and be typed as such; ``None`` accepts
                any.

        Raises:
            InvalidDataError: ``data`` is not a valid document of the game, or holds a value
                that JSON cannot (a NaN, a set, a key that is not a string), or a document
                of another kind than ``kind`` (``where`` is ``"kind"``).
            TypeError: ``kind`` is none of the above.
        """
        kinds = (None, self.state, self.view, GameRecord, SeatRecord, tuple, Event)
        if kind not in kinds and kind not in self.events.values():
            raise TypeError(
                "kind must be State, View, GameRecord, SeatRecord, tuple, Event, an event "
                f"class or None, not {kind!r}"
            )
        document_kind, field = read_envelope(data, self.game, VERSIONS)
        obj: object
        if document_kind == "state":
            obj = self.read_state(field)
        elif document_kind == "view":
            obj = self._read_view(field)
        elif document_kind == "moves":
            obj = read_moves(field, self.parse_move)
        elif document_kind == "record":
            obj = record_from_data(
                field, self.read_rules, self.new_game, self.parse_move, self.apply_move
            )
        elif document_kind == "seat_record":
            obj = seat_record_from_data(field, _players, self.read_rules, self.read_event)
        else:
            obj = self.read_event(field, None)
        return expect_kind(obj, kind)

    def _read_view(self, data: Field) -> V:
        rest, derived = without_derived(data, tuple(self._derived))
        seen = self.read_view(rest)
        for name, (_, value) in self._derived.items():
            check_derived(derived[name], value(seen))
        return seen


def _players(rules: Any) -> int:
    """The seats a `Rules` value sets up: every game's has a ``players`` option."""
    return int(rules.players)
