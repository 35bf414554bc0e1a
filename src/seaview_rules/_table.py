"""`Table`: one game in progress, for servers and apps, over the immutable engine.

The engines are pure functions of immutable states; a server wants one object that
holds the current state, says which version it is at for polling clients, checks each
move against the seat that sent it, resolves chance, keeps the record and gives each
seat its own log. `Table` is that object, and nothing more: every rule is the engine's.
"""

from __future__ import annotations

import itertools
import logging
import random
import threading
from collections.abc import Callable, Iterable
from typing import Any, Generic, Literal, TypeVar, cast

from attrs import frozen

from seaview_rules._core import (
    CHANCE,
    OMNISCIENT,
    Event,
    IllegalMoveError,
    InvalidDataError,
    Player,
    Trace,
    Undone,
    Viewer,
    Violation,
    check_seat,
)
from seaview_rules._envelope import dump_document, envelope, parse_json, read_envelope
from seaview_rules._game import Game
from seaview_rules._play import DEFAULT_MAX_MOVES, GameRecord, SeatRecord, seat_record
from seaview_rules._reader import Field
from seaview_rules._registry import GAMES

__all__ = ["Change", "LogEntry", "Table", "TableUpdate", "Undone"]

R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

_ChanceMode = Literal["auto", "step", "external"]
_MODES = frozenset({"auto", "step", "external"})

TABLE_VERSION = 1
"""The format version of a document of kind ``"table"`` (`Table.to_dict`)."""

MAX_CHANGES = 2 * DEFAULT_MAX_MOVES
"""The most changes `Table.from_dict` reads: a record's move cap, and as many undos."""

_log = logging.getLogger(__name__)


@frozen
class LogEntry:
    """One event of a table's log: the table version it happened at, and the event as
    the reader of the log saw it."""

    version: int
    """The table's `Table.version` once the change that made the event was done."""
    event: Event

    def __str__(self) -> str:
        return str(self.event)


@frozen
class Change(Generic[M]):
    """One change of a table (`Table.changes`): a seat's move, a chance move, or the
    undo of a seat's last move. The changes of a table, in order, rebuild it exactly
    (`Table.to_dict` writes them); unlike the `record`, they hold the moves taken back.

    >>> from seaview_rules import Table, voyage
    >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
    >>> table.changes[0]
    Change(version=1, seat=None, move=parse_move('deal G3'))
    """

    version: int
    """The table's `Table.version` once the change was made (1 for the first)."""
    seat: int | None
    """The seat that made the move or took it back; ``None`` for a chance move."""
    move: M | None
    """The move; ``None`` for the undo of `seat`'s last move."""


@frozen
class TableUpdate(Generic[V]):
    """What a client of one seat needs after a change, read in one go (`Table.update`):
    no move can land between the version, the view and the events."""

    version: int
    """The table's `Table.version`."""
    view: V
    """The seat's view at that version."""
    events: tuple[LogEntry, ...]
    """The seat's log after the version the client had seen, up to `version`."""
    chance_seat: int | None = None
    """The seat that makes the pending chance move (`seaview_rules.Game.chance_seat`:
    who presses the "deal" or "spin" button), ``None`` when chance is not to move."""


@frozen
class _Entry(Generic[S, M]):
    """A change with the states before and after it (the same state for an undo's
    ``before`` as for the undone move's ``after``), and its events as its transition
    recorded them, every card named (an undo's `Undone`): each viewer is told them
    redacted (`seaview_rules.Game.redact`), so a move is traced once, however many
    seats read the log."""

    change: Change[M]
    before: S
    after: S
    events: tuple[Event, ...]


class Table(Generic[R, S, M, V]):
    """One game in progress: the current state, a version number that grows with every
    change, moves checked against the seat that submits them, chance resolved as
    ``chance`` says, the record, and a log per seat.

    Args:
        game: a game of `seaview_rules.GAMES`, or its registry name.
        rules: the game's rules (default: the game's default `Rules`).
        seed: seeds a `random.Random` to resolve chance, for tests and replays: the
            same seed and the same moves give the same game.
        rng: the generator that resolves chance, any `random.Random` (a subclass such
            as `random.SystemRandom` included). Give ``seed`` or ``rng``, not both.
            With neither, the table uses `random.SystemRandom`, the operating system's
            generator: a Mersenne Twister (`random.Random`) is predictable once 624 of
            its outputs are known, and a seat that sees many chance outcomes (every
            spin of leagues, its own cards) could learn enough of them to foresee the
            next card or spin; the operating system's generator has no state to learn.
        chance: who resolves chance moves. ``"auto"`` resolves them at once from the
            generator, ``"step"`` one per `step` call (a "spin" or "deal" button),
            ``"external"`` only from `enter_chance` (a table companion entering real
            draws and spins). ``None`` is the game's own default, `Game.table_chance`:
            ``"step"`` for leagues, where every move is a spin (with ``"auto"``, a
            leagues table would play the whole game in its constructor), ``"auto"``
            for the card games.

    Every method holds the table's lock while it runs, so a server may call a table
    from several threads; what it returns (states, views, events) is immutable. A
    server that keeps a client's last version passes it as ``version=`` to `submit`,
    `step`, `enter_chance` and `undo`: a change is then made only at that version
    (API-VERSION), so a request sent twice is applied once. `to_dict` and `from_dict`
    save and restore a table exactly (and a table pickles as that document).

    >>> from seaview_rules import Table, voyage
    >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
    >>> table.to_move, table.version  # the deal was resolved at once
    (1, 12)
    >>> move = table.view(1).legal_moves[0]
    >>> table.submit(1, move, version=12)
    13
    >>> [str(e) for e in table.events_since(12, seat=0)]
    ['seat 1 plays red 5']
    >>> table.submit(1, move, version=12)  # the same request again
    Traceback (most recent call last):
    ...
    seaview_rules.errors.IllegalMoveError: API-VERSION: the table is at version 13, not 12
    >>> table.submit(1, move)
    Traceback (most recent call last):
    ...
    seaview_rules.errors.IllegalMoveError: API-SEAT: seat 0 is to move, not seat 1
    """

    def __init__(
        self,
        game: str | Game[R, S, M, V],
        rules: R | None = None,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        chance: Literal["auto", "step", "external"] | None = None,
    ) -> None:
        if isinstance(game, str):
            if game not in GAMES:
                raise ValueError(f"no game {game!r}; the games are {sorted(GAMES)}")
            game = cast("Game[R, S, M, V]", GAMES[game])
        if chance is None:
            chance = game.table_chance
        if chance not in _MODES:
            raise ValueError(f"chance must be 'auto', 'step' or 'external', not {chance!r}")
        if seed is not None and rng is not None:
            raise ValueError("give seed or rng, not both: seed makes a random.Random")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        self.game: Game[R, S, M, V] = game
        self.rules: R = rules if rules is not None else game.rules_type()
        self.chance: Literal["auto", "step", "external"] = chance
        if rng is None:
            rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self._rng: random.Random = rng
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._subscribers: dict[int, Callable[[int], None]] = {}
        self._tokens = itertools.count()
        self._state: S = game.new_game(self.rules)
        self._log: list[_Entry[S, M]] = []
        """Every change, in order."""
        self._done: list[_Entry[S, M]] = []
        """The moves that lead to the current state (the changes less the undone)."""
        self._resolve()

    @property
    def state(self) -> S:
        """The current state, the whole truth, which no player may see."""
        return self._state

    @property
    def version(self) -> int:
        """How many changes the table has seen. Every move (chance included) and every
        undo adds one, so a client that saw version ``v`` asks for ``events_since(v)``."""
        return len(self._log)

    @property
    def to_move(self) -> Player | None:
        """Who moves next, a seat or `CHANCE`, or ``None`` once the game is over."""
        return self.game.current_player(self._state)

    @property
    def chance_seat(self) -> int | None:
        """The seat that makes the pending chance move (`seaview_rules.Game.chance_seat`),
        ``None`` when chance is not to move."""
        return self.game.chance_seat(self._state) if self.to_move is CHANCE else None

    @property
    def record(self) -> GameRecord[R, M]:
        """The game so far as a record that replays to `state` (undone moves are not
        in it: `changes` has them). It holds every card dealt: it is for the server,
        not for a player."""
        with self._lock:
            return GameRecord(self.rules, tuple(cast(M, e.change.move) for e in self._done))

    @property
    def changes(self) -> tuple[Change[M], ...]:
        """Every change so far, in order (version 1 first), undos included."""
        with self._lock:
            return tuple(entry.change for entry in self._log)

    def changes_since(self, version: int) -> tuple[Change[M], ...]:
        """The changes after ``version``: what a server appends to its store after a
        change, when the store last held ``version``.

        Raises:
            ValueError: ``version`` is not a version of this table.
        """
        with self._lock:
            self._check_since(version)
            return tuple(entry.change for entry in self._log[version:])

    def seat_record(
        self, seat: int | None, *, since: int = 0, until: int | None = None
    ) -> SeatRecord[R]:
        """The game so far as ``seat`` (``None``: a spectator) saw it: what a client of
        that seat may keep or download, unlike `record` (see `seaview_rules.seat_record`).
        ``since`` and ``until`` keep only the moves of the record between them (a page
        of a long record, costing only its own moves).

        Raises:
            ValueError: ``since`` and ``until`` are not ``0 <= since <= until <=
                len(record.moves)``.
        """
        with self._lock:
            end = len(self._done) if until is None else until
            if not 0 <= since <= end <= len(self._done):
                raise ValueError(f"moves {since} to {end} are not moves of the record")
            if since == 0 and end == len(self._done):
                return seat_record(self.game, self.record, seat)
            self.game.view(self._state, seat)  # checks the seat
            redact = self.game.redact
            moves = tuple(
                tuple(redact(event, seat) for event in e.events) for e in self._done[since:end]
            )
            return SeatRecord(self.rules, seat, moves)

    def view(self, seat: int | None) -> V:
        """What ``seat`` (``None``: a spectator) may see now, with whose turn it is and
        the moves this seat may make."""
        return self.game.view(self._state, seat)

    def submit(self, seat: int, move: M | str, *, version: int | None = None) -> int:
        """Play ``move`` (a move, or its notation) for ``seat``; then, with
        ``chance="auto"``, resolve the chance moves that follow.

        Args:
            version: if given, play only if the table is at this version (API-VERSION).

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: the table is not at ``version`` (API-VERSION, checked
                first), ``seat`` is not to move (API-SEAT), ``move`` is not a move of
                the game (API-MOVE) or breaks a rule; the table is unchanged.
        """
        with self._lock:
            self._check_version(version)
            self._move(seat, self._parse(move))
            self._resolve()
            now, callbacks = self._changed_now()
        self._tell(callbacks, now)
        return now

    def enter_chance(self, move: M | str, *, version: int | None = None) -> int:
        """Enter the chance outcome that really happened (the card drawn, the spin),
        when chance is to move.

        Args:
            version: if given, enter it only if the table is at this version
                (API-VERSION).

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: the table is not at ``version`` (API-VERSION), a seat is
                to move or the game is over (API-TURN, API-OVER), or ``move`` is not a
                possible outcome; the table is unchanged.
        """
        with self._lock:
            self._check_version(version)
            self._chance(self._parse(move))
            self._resolve()
            now, callbacks = self._changed_now()
        self._tell(callbacks, now)
        return now

    def step(self, seat: int | None = None, *, version: int | None = None) -> int:
        """Resolve one chance move from the table's random generator (with
        ``chance="step"``: the frontend's "spin" or "deal a card" button).

        Args:
            seat: the seat that pressed the button, which must be the seat whose spin,
                deal or draw it is (`Game.chance_seat`: in leagues the diver whose turn
                it is, in the card games the dealer during a deal and the drawer when a
                seat draws); ``None`` is the server itself, and is not checked.
            version: if given, resolve it only if the table is at this version
                (API-VERSION).

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: the table is not at ``version`` (API-VERSION), chance is
                not to move (API-TURN, API-OVER), or ``seat`` is not the seat whose
                chance move it is (API-SEAT); the table is unchanged.
            ValueError: the table takes its chance moves from `enter_chance`.
        """
        with self._lock:
            self._check_version(version)
            if self.chance == "external":
                raise ValueError("this table's chance moves are entered with enter_chance")
            self._check_chance(None)
            refusal = self._presser_violation(seat)
            if refusal is not None:
                raise IllegalMoveError(refusal)
            self._push(self.game.sample_chance(self._state, self._rng), None)
            now, callbacks = self._changed_now()
        self._tell(callbacks, now)
        return now

    def undo(self, seat: int, *, version: int | None = None) -> int:
        """Take back ``seat``'s last move, if it is the last move of the game and showed
        the other seats nothing that was hidden from them (a card drawn, dealt, played or
        discarded stays where it is: it was seen). A chance move that followed it makes
        it final, so with ``chance="auto"`` only moves followed by a player's move can be
        taken back: a Voyage ``draw`` cannot, a Ship's Wheel Anchor choice can until the
        last seat chooses.

        Args:
            version: if given, undo only if the table is at this version (API-VERSION).

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: API-VERSION, or API-UNDO with the reason; the table is
                unchanged.
        """
        with self._lock:
            self._check_version(version)
            self._undo(seat)
            now, callbacks = self._changed_now()
        self._tell(callbacks, now)
        return now

    def events_since(
        self, version: int, seat: Viewer = None, *, until: int | None = None
    ) -> tuple[LogEntry, ...]:
        """The log after ``version`` as ``seat`` saw it: a seat, ``None`` for a
        spectator, or `OMNISCIENT` for the server's own log; up to version ``until``
        (default: the current version), so that a server can read a long log a page at
        a time, each page costing only its own changes.

        Raises:
            InvalidDataError: ``seat`` is not a seat of the table, ``None`` or
                `OMNISCIENT`.
            ValueError: ``version`` is not a version of this table, or ``until`` is not
                one from ``version`` on.
        """
        if seat is not OMNISCIENT:
            check_seat(seat, self.game.players(self.rules))
        redact = self.game.redact
        with self._lock:
            self._check_since(version)
            end = self._until(version, until)
            return tuple(
                LogEntry(entry.change.version, redact(event, seat))
                for entry in self._log[version:end]
                for event in entry.events
            )

    def update(self, seat: int | None, since: int, *, until: int | None = None) -> TableUpdate[V]:
        """The version, ``seat``'s view (``None``: a spectator) and its log after
        ``since``, read together under the lock: what a client is sent after a change.
        Read one by one, a move landing in between would be in the view but not in the
        events, or the reverse.

        >>> from seaview_rules import Table, voyage
        >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
        >>> update = table.update(0, since=11)
        >>> update.version, update.view.to_move, [e.event.text(0) for e in update.events]
        (12, 1, ['you are dealt red 12', 'the deal is done; seat 1 leads'])

        ``until`` ends the events there (a page of a long log); the version and the
        view are still the current ones.

        Raises:
            ValueError: ``since`` is not a version of this table, or ``until`` is not
                one from ``since`` on.
        """
        with self._lock:
            events = self.events_since(since, seat, until=until)
            return TableUpdate(self.version, self.view(seat), events, self.chance_seat)

    def wait(self, version: int, timeout: float | None = None) -> int:
        """Block until the table's `version` is no longer ``version``, or ``timeout``
        seconds have passed (``None``: no limit): a long-polling request waits here.

        Returns:
            The version then (``version`` itself if the time ran out).
        """
        with self._changed:
            self._changed.wait_for(lambda: len(self._log) != version, timeout)
            return len(self._log)

    def subscribe(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """Call ``callback(new_version)`` after every change, from the thread that made
        it, once the table's lock is released (so the callback may call the table, and
        an asyncio server passes it on with ``loop.call_soon_threadsafe``).

        Changes made by several threads at once may be announced out of order: take the
        largest version seen, or read `version`. A callback that raises does not undo
        the change nor stop the other callbacks: its exception is logged (logger
        ``seaview_rules._table``, level ERROR, with the traceback) and the change stays
        made, since the table cannot know what else the failed callback did.

        Returns:
            A function that unsubscribes ``callback`` (calling it again does nothing).
        """
        with self._lock:
            token = next(self._tokens)
            self._subscribers[token] = callback

        def unsubscribe() -> None:
            with self._lock:
                self._subscribers.pop(token, None)

        return unsubscribe

    def rng_state(self) -> object | None:
        """The state of the table's generator as JSON data, if it is exactly a
        `random.Random` (a seeded table): what `to_dict` writes under ``rng``, for a
        server that stores it after every change beside `changes_since`. ``None`` for
        `random.SystemRandom` (it has no state) and for any other generator."""
        with self._lock:
            rng = self._rng
            if type(rng) is not random.Random:
                return None
            version, internal, gauss = rng.getstate()
            return [version, list(internal), gauss]

    def catch_up(self, changes: object, *, since: int, rng: object = None) -> int:
        """Make the changes another copy of this table made after version ``since``:
        for a server process whose copy fell behind a database that several processes
        write. Each change is given as `to_dict` writes it under ``changes``, and made as
        `from_dict` makes it (with its seat's check; chance moves as recorded, never
        resolved again); ``rng`` is the other copy's `rng_state` after them, or ``None``
        to keep this table's generator. Waiters and subscribers hear of the new version.

        >>> from seaview_rules import Table, voyage
        >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
        >>> behind = Table.loads(table.dumps())
        >>> since = table.version
        >>> table.submit(table.to_move, table.view(table.to_move).legal_moves[0])
        13
        >>> changes = table.to_dict()["data"]["changes"][since:]
        >>> behind.catch_up(changes, since=since, rng=table.rng_state())
        13
        >>> behind.state == table.state
        True

        Returns:
            The new `version`.

        Raises:
            InvalidDataError: ``since`` is not this table's version (``where`` is
                ``since``), or a change cannot be made (``where`` is ``changes[i]``;
                the table keeps the changes before it).
        """
        with self._lock:
            if since != self.version:
                raise InvalidDataError("since", f"the table is at version {self.version}")
            field = Field(changes, "changes")
            restored = _read_rng(Field(rng, "rng"))
            players = self.game.players(self.rules)
            for item in field.items(0, MAX_CHANGES - since):
                seat, move = _read_change(item, players, self.game.parse_move)
                self._redo(seat, move, auto=self.chance == "auto", where=item.path)
            if restored is not None:
                self._rng = restored
            now, callbacks = self._changed_now()
        self._tell(callbacks, now)
        return now

    def to_dict(self) -> dict[str, Any]:
        """The table as a JSON document of kind ``"table"``: the rules, the chance mode,
        every change and the generator's state (`rng_state`), from which `from_dict`
        rebuilds it. It holds every card dealt: it is for the server, not for a player.

        >>> from seaview_rules import Table, voyage
        >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
        >>> document = table.to_dict()
        >>> document["kind"], document["data"]["changes"][:2]
        ('table', [{'seat': None, 'move': 'deal G3'}, {'seat': None, 'move': 'deal B13'}])
        >>> again = Table.loads(table.dumps())
        >>> again.version, again.state == table.state, again.changes == table.changes
        (12, True, True)
        """
        with self._lock:
            changes: list[dict[str, object]] = []
            for entry in self._log:
                change = entry.change
                if change.move is None:
                    changes.append({"seat": change.seat, "undo": True})
                else:
                    changes.append({"seat": change.seat, "move": str(change.move)})
            data = {
                "rules": self.game.rules_to_data(self.rules),
                "chance": self.chance,
                "changes": changes,
                "rng": self.rng_state(),
            }
            return envelope(self.game.name, "table", TABLE_VERSION, data)

    def dumps(self) -> str:
        """`to_dict` as compact JSON text; `loads` reads it back."""
        return dump_document(self.to_dict())

    @classmethod
    def from_dict(
        cls, data: object, *, rng: random.Random | None = None
    ) -> Table[Any, Any, Any, Any]:
        """The table of a document of `to_dict` (parsed JSON, untrusted), rebuilt change
        by change: at the same version and state, with the same record, the same log
        for every seat and the same `changes`.

        Each change is applied as it was made, with its seat's check (a seat's move must
        be legal for that seat, an undo must be one `undo` allows, a chance move must be
        an outcome where chance is to move), and none is resolved again: with ``chance``
        ``"auto"``, the document's chance moves are the ones applied, and a seat's
        change where chance is to move is refused (such a table resolves chance at
        once). The game must be one of `seaview_rules.GAMES`.

        Args:
            data: the parsed document.
            rng: the generator for a document without a generator state (``rng`` is
                ``null``: it was not a `random.Random`); ``None`` gives
                `random.SystemRandom`. A document's generator state wins over it: the
                table then resolves the same chance outcomes as the original would.

        Raises:
            InvalidDataError: not a valid table document; ``where`` is the JSON path of
                the problem (``data.changes[12]`` for a change that cannot be made).
        """
        game = _document_game(data)
        _, field = read_envelope(data, game.name, {"table": TABLE_VERSION})
        field.keys({"rules", "chance", "changes", "rng"})
        rules = game.rules_from_data(field.get("rules").value, "data.rules")
        mode = cast(_ChanceMode, field.get("chance").choice(_MODES))
        changes = field.get("changes")
        players = game.players(rules)
        read = [
            _read_change(item, players, game.parse_move) for item in changes.items(0, MAX_CHANGES)
        ]
        restored = _read_rng(field.get("rng"))
        return cls.from_changes(
            game,
            rules,
            read,
            chance=mode,
            rng=rng if restored is None else restored,
            where=changes.path,
        )

    @classmethod
    def from_changes(
        cls,
        game: Game[R, S, M, V] | str,
        rules: R,
        changes: Iterable[tuple[int | None, M | str | None]],
        *,
        chance: _ChanceMode = "auto",
        rng: random.Random | None = None,
        rng_state: object = None,
        where: str = "changes",
    ) -> Table[R, S, M, V]:
        """The table of ``game`` under ``rules`` rebuilt from its changes, as a server
        stores them: each a ``(seat, move)`` pair, the move in notation or as a move
        object (``seat`` ``None`` for a chance move; ``move`` ``None`` for the undo of
        that seat's last move). It ends at the same version and state as the table that
        made them, with the same record, log and `changes`.

        Each change is made as it was made, with its seat's check, and no chance move is
        resolved again: with ``chance`` ``"auto"``, the chance moves given are the ones
        applied, and a seat's change where chance is to move is refused.

        >>> from seaview_rules import Table, voyage
        >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
        >>> table.submit(table.to_move, table.view(table.to_move).legal_moves[0])
        13
        >>> stored = [(c.seat, str(c.move)) for c in table.changes]
        >>> again = Table.from_changes("voyage", table.rules, stored, rng_state=table.rng_state())
        >>> again.version, again.state == table.state
        (13, True)

        Args:
            game: the game, or its name in `seaview_rules.GAMES`.
            rules: the table's rules.
            changes: the changes, in order.
            chance: the table's chance mode from now on.
            rng: the generator for the chance moves to come; ``None`` gives
                `random.SystemRandom`.
            rng_state: the state `rng_state` wrote after the last change (JSON data),
                which wins over ``rng``; ``None`` for none.
            where: the path of ``changes`` in error messages.

        Raises:
            InvalidDataError: a change cannot be made (``where`` is ``changes[i]``), or
                ``rng_state`` is not a state of `random.Random` (``where`` is ``rng``).
        """
        restored = _read_rng(Field(rng_state, "rng"))
        if restored is not None:
            generator = restored
        else:
            generator = rng if rng is not None else random.SystemRandom()
        # "external" resolves nothing by itself: every chance move comes from the changes.
        table = cls(game, rules, rng=generator, chance="external")
        for i, (seat, move) in enumerate(changes):
            table._redo(seat, move, auto=chance == "auto", where=f"{where}[{i}]")
        if chance == "auto" and table.game.current_player(table._state) is CHANCE:
            raise InvalidDataError(
                where,
                "ends where chance is to move, which a table with chance 'auto' resolves at once",
            )
        table.chance = chance
        return table

    @classmethod
    def loads(
        cls, text: str | bytes, *, rng: random.Random | None = None
    ) -> Table[Any, Any, Any, Any]:
        """The table of the JSON text `dumps` wrote, checked as `from_dict` checks it.

        Raises:
            InvalidDataError: not JSON, or not a valid table document.
        """
        return cls.from_dict(parse_json(text), rng=rng)

    def __reduce__(
        self,
    ) -> tuple[Callable[[dict[str, Any]], Table[Any, Any, Any, Any]], tuple[dict[str, Any]]]:
        """Pickle a table as its `to_dict` document (a lock cannot be pickled): it comes
        back as `from_dict` rebuilds it, its generator too if it was a `random.Random`
        (another generator comes back as `random.SystemRandom`), with no subscribers
        (callbacks belong to the process that subscribed them)."""
        return (_unpickle, (self.to_dict(),))

    def _check_version(self, version: int | None) -> None:
        if version is None:
            return
        if not isinstance(version, int) or isinstance(version, bool):
            reason = f"a version is a number, not {type(version).__name__}"
            raise IllegalMoveError(Violation("API-VERSION", reason))
        if version != self.version:
            shown = version if version.bit_length() < 64 else "that number"
            reason = f"the table is at version {self.version}, not {shown}"
            raise IllegalMoveError(Violation("API-VERSION", reason))

    def _until(self, version: int, until: int | None) -> int:
        if until is None:
            return self.version
        if not isinstance(until, int) or not version <= until <= self.version:
            raise ValueError(f"until must be {version} to {self.version}, not {until!r}")
        return until

    def _check_since(self, version: int) -> None:
        if not isinstance(version, int) or not 0 <= version <= self.version:
            raise ValueError(f"version must be 0 to {self.version}, not {version!r}")

    def _presser_violation(self, seat: object) -> Violation | None:
        """The API-SEAT refusal of a chance move asked for by ``seat``, if it is not the
        seat whose chance move it is. Like `seaview_rules._core.seat_violation`, the
        reason says only whose turn it is."""
        if seat is None:
            return None
        if not isinstance(seat, int) or isinstance(seat, bool):
            return Violation("API-SEAT", f"a seat is a seat number, not {type(seat).__name__}")
        presser = self.game.chance_seat(self._state)
        if seat == presser:
            return None
        name = f"seat {seat}" if seat.bit_length() < 64 else "that seat"
        if presser is None:
            return Violation("API-SEAT", f"this chance move is no seat's, not {name}'s")
        return Violation("API-SEAT", f"seat {presser} is to make the chance move, not {name}")

    def _parse(self, move: M | str) -> M:
        if not isinstance(move, str):
            return move
        try:
            return self.game.parse_move(move)
        except ValueError as exc:
            raise IllegalMoveError(Violation("API-MOVE", str(exc))) from None

    def _check_chance(self, move: M | None) -> None:
        to_move = self.to_move
        if to_move is None:
            raise IllegalMoveError(Violation("API-OVER", "the game is over"))
        if to_move is not CHANCE:
            what = "a chance outcome" if move is None else str(move)
            raise IllegalMoveError(Violation("API-TURN", f"seat {to_move} is to move, not {what}"))

    def _move(self, seat: int, move: M) -> None:
        self._push(move, seat)

    def _chance(self, move: M) -> None:
        self._check_chance(move)
        self._push(move, None)

    def _undo(self, seat: int) -> None:
        if not self._done:
            raise _undo_refused("there is no move to take back")
        last = self._done[-1]
        if last.change.seat != seat:
            raise _undo_refused(
                "the last move was a chance move"
                if last.change.seat is None
                else f"the last move was not seat {seat}'s"
            )
        if any(event.reveals for event in last.events):
            raise _undo_refused("the last move showed a card that was hidden")
        self._done.pop()
        self._state = last.before
        undone: Change[M] = Change(self.version + 1, seat, None)
        self._log.append(_Entry(undone, last.after, last.before, (Undone(seat),)))

    def _push(self, move: M, seat: int | None) -> None:
        """Make ``move``, sent by ``seat`` (``None``: chance, with no seat check), and log
        it with the events its transition records."""
        trace = Trace()
        after = self.game.apply_move(self._state, move, seat=seat, trace=trace)
        entry = _Entry(
            Change(self.version + 1, seat, move), self._state, after, tuple(trace.events)
        )
        self._log.append(entry)
        self._done.append(entry)
        self._state = after

    def _resolve(self) -> None:
        if self.chance != "auto":
            return
        game, rng = self.game, self._rng
        while game.current_player(self._state) is CHANCE:
            self._push(game.sample_chance(self._state, rng), None)

    def _changed_now(self) -> tuple[int, tuple[Callable[[int], None], ...]]:
        """Wake the waiters (the lock is held) and say whom to tell once it is not."""
        self._changed.notify_all()
        return self.version, tuple(self._subscribers.values())

    @staticmethod
    def _tell(callbacks: tuple[Callable[[int], None], ...], version: int) -> None:
        for callback in callbacks:
            try:
                callback(version)
            except Exception:
                _log.exception("a table subscriber failed on version %d", version)

    def _redo(self, seat: int | None, move: M | str | None, *, auto: bool, where: str) -> None:
        """Make a change again, as it was made (``where`` names it in errors)."""
        if seat is not None and not 0 <= seat < self.game.players(self.rules):
            raise InvalidDataError(where, f"no seat {seat} at this table")
        if auto and seat is not None and self.to_move is CHANCE:
            raise InvalidDataError(
                where, "chance is to move, which a table with chance 'auto' resolves at once"
            )
        try:
            if move is None:
                if seat is None:
                    raise InvalidDataError(where, "an undo is a seat's, not chance's")
                self._undo(seat)
            else:
                made = self._parse(move) if isinstance(move, str) else move
                if seat is None:
                    self._chance(made)
                else:
                    self._move(seat, made)
        except (IllegalMoveError, ValueError) as exc:
            if isinstance(exc, InvalidDataError):
                raise
            what = "undo" if move is None else f"move {str(move)!r}"
            raise InvalidDataError(where, f"refused {what}: {exc}") from None


def _read_change(
    item: Field, players: int, parse_move: Callable[[str], M]
) -> tuple[int | None, M | None]:
    """The seat and move (``None`` for an undo) of a change of a `to_dict` document."""
    item.keys({"seat"}, frozenset({"move", "undo"}))
    if item.has("move") == item.has("undo"):
        item.fail("a change has a 'move' or an 'undo', and not both")
    seat_field = item.get("seat")
    seat = None if seat_field.value is None else seat_field.integer(0, players - 1)
    if item.has("undo"):
        if item.get("undo").boolean() is not True:
            item.get("undo").fail("must be true")
        if seat is None:
            seat_field.fail("an undo is a seat's, not null")
        return seat, None
    return seat, item.get("move").parse(parse_move)


def _unpickle(document: dict[str, Any]) -> Table[Any, Any, Any, Any]:
    return Table.from_dict(document)


def _undo_refused(reason: str) -> IllegalMoveError:
    return IllegalMoveError(Violation("API-UNDO", reason))


def _document_game(data: object) -> Game[Any, Any, Any, Any]:
    """The game a table document names (its envelope is checked afterwards)."""
    if not isinstance(data, dict):
        raise InvalidDataError("document", f"must be an object, not {type(data).__name__}")
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidDataError("game", f"must be one of {sorted(GAMES)}")
    return GAMES[name]


def _read_rng(field: Field) -> random.Random | None:
    """A `random.Random` in the state `Table.rng_state` wrote, or ``None`` for null."""
    if field.value is None:
        return None
    version, words, gauss = field.items(3, 3)
    if version.integer() != random.Random.VERSION:
        version.fail(f"must be {random.Random.VERSION}, the version of random.Random's state")
    internal = tuple(word.integer(0, 2**32 - 1) for word in words.items(625, 625))
    if not any(internal[:-1]):
        words.fail("is all zeros, a state the generator never reaches")
    gauss_next = gauss.value
    if gauss_next is not None and (
        not isinstance(gauss_next, (int, float)) or isinstance(gauss_next, bool)
    ):
        gauss.fail(f"must be a number or null, not {type(gauss_next).__name__}")
    generator = random.Random()
    try:
        generator.setstate(
            (random.Random.VERSION, internal, None if gauss_next is None else float(gauss_next))
        )
    except (ValueError, TypeError) as exc:
        field.fail(f"not a state of random.Random ({exc})")
    return generator
