"""`Table`: one game in progress, for servers and apps, over the immutable engine.

The engines are pure functions of immutable states; a server wants one object that
holds the current state, says which version it is at for polling clients, checks each
move against the seat that sent it, resolves chance, keeps the record and gives each
seat its own log. `Table` is that object, and nothing more: every rule is the engine's.
"""

from __future__ import annotations

import random
import threading
from typing import Generic, Literal, TypeVar, cast

from attrs import frozen

from seaview_rules._core import (
    CHANCE,
    OMNISCIENT,
    Event,
    Game,
    IllegalMoveError,
    Player,
    Viewer,
    Violation,
    subject,
)
from seaview_rules._play import GameRecord, SeatRecord, seat_record

__all__ = ["LogEntry", "Table", "Undone"]

R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


@frozen
class Undone(Event):
    """A seat took back its last move (`Table.undo`)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer``."""
        whose = "your" if viewer == self.seat else "its"
        return f"{subject(self.seat, viewer)} took back {whose} last move"


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
class _Change(Generic[S, M]):
    """A move (``before`` to ``after``) or an undo (``move`` is ``None``)."""

    version: int
    before: S
    move: M | None
    after: S
    seat: int | None


class Table(Generic[R, S, M, V]):
    """One game in progress: the current state, a version number that grows with every
    change, moves checked against the seat that submits them, chance resolved as
    ``chance`` says, the record, and a log per seat.

    Args:
        game: a game of `seaview_rules.GAMES`, or its registry name.
        rules: the game's rules (default: the game's default `Rules`).
        seed: seeds the random generator that resolves chance (``None``: seeded from
            the operating system).
        chance: ``"auto"`` resolves chance at once from the seeded generator,
            ``"step"`` one move per `step` call (a "spin" button), ``"external"`` only
            from `enter_chance` (a table companion entering real draws and spins).

    Every method holds the table's lock while it runs, so a server may call a table
    from several threads; what it returns (states, views, events) is immutable.

    >>> from seaview_rules import Table, voyage
    >>> table = Table("voyage", voyage.Rules(players=2), seed=3)
    >>> table.to_move, table.version  # the deal was resolved at once
    (1, 12)
    >>> move = table.view(1).legal_moves[0]
    >>> table.submit(1, move)
    13
    >>> [str(e) for e in table.events_since(12, seat=0)]
    ['seat 1 plays R5']
    >>> table.submit(1, move)
    Traceback (most recent call last):
    ...
    seaview_rules.IllegalMoveError: API-SEAT: seat 0 is to move, not seat 1
    """

    def __init__(
        self,
        game: str | Game[R, S, M, V],
        rules: R | None = None,
        *,
        seed: int | str | None = None,
        chance: Literal["auto", "step", "external"] = "auto",
    ) -> None:
        if isinstance(game, str):
            from seaview_rules._registry import GAMES

            if game not in GAMES:
                raise ValueError(f"no game {game!r}; the games are {sorted(GAMES)}")
            game = cast("Game[R, S, M, V]", GAMES[game])
        if chance not in ("auto", "step", "external"):
            raise ValueError(f"chance must be 'auto', 'step' or 'external', not {chance!r}")
        self.game: Game[R, S, M, V] = game
        self.rules: R = rules if rules is not None else game.rules_type()
        self.chance: Literal["auto", "step", "external"] = chance
        self._rng = random.Random(seed)
        self._lock = threading.RLock()
        self._state: S = game.new_game(self.rules)
        self._changes: list[_Change[S, M]] = []
        self._done: list[_Change[S, M]] = []
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
        return len(self._changes)

    @property
    def to_move(self) -> Player | None:
        """Who moves next, a seat or `CHANCE`, or ``None`` once the game is over."""
        return self.game.current_player(self._state)

    @property
    def record(self) -> GameRecord[R, M]:
        """The game so far as a record that replays to `state` (undone moves are not
        in it). It holds every card dealt: it is for the server, not for a player."""
        with self._lock:
            return GameRecord(self.rules, tuple(cast(M, c.move) for c in self._done))

    def seat_record(self, seat: int | None) -> SeatRecord[R]:
        """The game so far as ``seat`` (``None``: a spectator) saw it: what a client of
        that seat may keep or download, unlike `record` (see `seaview_rules.seat_record`)."""
        with self._lock:
            return seat_record(self.game, self.record, seat)

    def view(self, seat: int | None) -> V:
        """What ``seat`` (``None``: a spectator) may see now, with whose turn it is and
        the moves this seat may make."""
        return self.game.view(self._state, seat)

    def submit(self, seat: int, move: M | str) -> int:
        """Play ``move`` (a move, or its notation) for ``seat``; then, with
        ``chance="auto"``, resolve the chance moves that follow.

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: ``seat`` is not to move (API-SEAT), ``move`` is not a move
                of the game (API-MOVE) or breaks a rule; the table is unchanged.
        """
        with self._lock:
            parsed = self._parse(move)
            self._push(parsed, self.game.apply_move(self._state, parsed, seat=seat), seat)
            self._resolve()
            return self.version

    def enter_chance(self, move: M | str) -> int:
        """Enter the chance outcome that really happened (the card drawn, the spin),
        when chance is to move.

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: a seat is to move or the game is over (API-TURN, API-OVER),
                or ``move`` is not a possible outcome; the table is unchanged.
        """
        with self._lock:
            parsed = self._parse(move)
            self._check_chance(parsed)
            self._push(parsed, self.game.apply_move(self._state, parsed), None)
            self._resolve()
            return self.version

    def step(self) -> int:
        """Resolve one chance move from the table's random generator (with
        ``chance="step"``: the frontend's "spin" or "deal a card" button).

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: chance is not to move (API-TURN, API-OVER).
            ValueError: the table takes its chance moves from `enter_chance`.
        """
        with self._lock:
            if self.chance == "external":
                raise ValueError("this table's chance moves are entered with enter_chance")
            self._check_chance(None)
            move = self.game.sample_chance(self._state, self._rng)
            self._push(move, self.game.apply_move(self._state, move), None)
            return self.version

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last move, if it is the last move of the game and showed
        the other seats nothing that was hidden from them (a card drawn, dealt, played or
        discarded stays where it is: it was seen). A chance move that followed it makes
        it final, so with ``chance="auto"`` only moves followed by a player's move can be
        taken back: a Voyage ``draw`` cannot, a Ship's Wheel Anchor choice can until the
        last seat chooses.

        Returns:
            The new `version`.

        Raises:
            IllegalMoveError: API-UNDO, with the reason; the table is unchanged.
        """
        with self._lock:
            if not self._done:
                raise _undo_refused("there is no move to take back")
            last = self._done[-1]
            if last.seat != seat:
                raise _undo_refused(
                    "the last move was a chance move"
                    if last.seat is None
                    else f"the last move was not seat {seat}'s"
                )
            events = self.game.events(last.before, cast(M, last.move), last.after, seat=OMNISCIENT)
            if any(event.reveals for event in events):
                raise _undo_refused("the last move showed a card that was hidden")
            self._done.pop()
            self._state = last.before
            self._changes.append(_Change(self.version + 1, last.after, None, last.before, seat))
            return self.version

    def events_since(self, version: int, seat: Viewer = None) -> tuple[LogEntry, ...]:
        """The log after ``version`` as ``seat`` saw it: a seat, ``None`` for a
        spectator, or `OMNISCIENT` for the server's own log.

        Raises:
            ValueError: ``version`` is not a version of this table.
        """
        with self._lock:
            if not isinstance(version, int) or not 0 <= version <= self.version:
                raise ValueError(f"version must be 0 to {self.version}, not {version!r}")
            entries = []
            for change in self._changes[version:]:
                if change.move is None:
                    events: tuple[Event, ...] = (Undone(cast(int, change.seat)),)
                else:
                    events = self.game.events(change.before, change.move, change.after, seat=seat)
                entries += [LogEntry(change.version, event) for event in events]
            return tuple(entries)

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

    def _push(self, move: M, after: S, seat: int | None) -> None:
        change = _Change(self.version + 1, self._state, move, after, seat)
        self._changes.append(change)
        self._done.append(change)
        self._state = after

    def _resolve(self) -> None:
        if self.chance != "auto":
            return
        game, rng = self.game, self._rng
        while game.current_player(self._state) is CHANCE:
            move = game.sample_chance(self._state, rng)
            self._push(move, game.apply_move(self._state, move), None)


def _undo_refused(reason: str) -> IllegalMoveError:
    return IllegalMoveError(Violation("API-UNDO", reason))
