"""Game records, replay, bots, and the seeded driver that plays whole games.

This is the only place where a `random.Random` meets the rules: the engines expose
chance as explicit moves, and the driver resolves them with ``sample_chance``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from attrs import field, frozen

from seaview_rules._core import (
    CHANCE,
    DEFAULT_MAX_MOVES,
    Bot,
    Event,
    IllegalMoveError,
    InvalidDataError,
    Outcome,
    Trace,
    quote,
)
from seaview_rules._game import Game
from seaview_rules._reader import Field

__all__ = [
    "DEFAULT_MAX_MOVES",
    "Bot",
    "GameRecord",
    "PlayedGame",
    "RandomBot",
    "SeatRecord",
    "play",
    "replay",
    "seat_record",
]


R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)


@frozen
class GameRecord(Generic[R, M]):
    """Everything needed to replay a game exactly: its rules and every move, chance
    outcomes included, in order."""

    rules: R
    moves: tuple[M, ...] = field(converter=tuple)


@frozen
class SeatRecord(Generic[R]):
    """A game as one seat saw it: for each move of the game, chance included, the events
    that seat was told (see `seat_record`). Unlike a `GameRecord`, which holds every card
    dealt and every pending choice and is for the server, it holds nothing the seat may
    not see, so a client may have it."""

    rules: R
    seat: int | None
    """The seat, or ``None`` for a spectator."""
    moves: tuple[tuple[Event, ...], ...]
    """The events of each move, in order, as `Game.events` gives them to `seat`."""

    def lines(self) -> list[str]:
        """The events in words, one per line, as the seat is told them."""
        return [event.text(self.seat) for events in self.moves for event in events]

    def to_data(self) -> dict[str, object]:
        """The text form of the record, each event in words as the seat is told it:
        ``{"seat": ..., "moves": [[text, ...], ...]}``, JSON data with no envelope, to
        show (there is no reader of it). The document of the record, typed events and
        rules included, which a client can read back, is the game's ``to_dict(record)``
        (kind ``"seat_record"``)."""
        return {
            "seat": self.seat,
            "moves": [[event.text(self.seat) for event in events] for events in self.moves],
        }


def seat_record(
    game: Game[R, S, M, Any], record: GameRecord[R, M], seat: int | None
) -> SeatRecord[R]:
    """The game of ``record`` as ``seat`` (``None``: a spectator) saw it.

    >>> import random
    >>> from seaview_rules import GAMES, voyage
    >>> game = GAMES["voyage"]
    >>> played = play(game, voyage.Rules(players=2), random.Random(1))
    >>> mine = seat_record(game, played.record, 0)
    >>> len(mine.moves) == len(played.record.moves)
    True
    >>> mine.lines()[:2]
    ['seat 1 is dealt a card', 'you are dealt blue 12']

    Raises:
        IllegalMoveError: a move of the record is not legal where it stands.
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    state = game.new_game(record.rules)
    game.view(state, seat)  # checks the seat
    moves = []
    redact = game.redact
    for move in record.moves:
        trace = Trace()
        state = game.apply_move(state, move, trace=trace)
        moves.append(tuple(redact(event, seat) for event in trace.events))
    return SeatRecord(record.rules, seat, tuple(moves))


def seat_record_to_data(
    record: SeatRecord[R],
    rules_to_data: Callable[[R], object],
    event_to_data: Callable[[Event], object],
) -> dict[str, object]:
    """The data of a ``"seat_record"`` document: ``{"rules": ..., "seat": ..., "moves":
    [[event, ...], ...]}``, each event as ``event_to_data`` writes it."""
    return {
        "rules": rules_to_data(record.rules),
        "seat": record.seat,
        "moves": [[event_to_data(event) for event in events] for events in record.moves],
    }


def seat_record_from_data(
    data: Field,
    players: Callable[[R], int],
    rules_from_data: Callable[[Field], R],
    event_from_data: Callable[[Field, R], Event],
) -> SeatRecord[R]:
    """Read the data of a ``"seat_record"`` document of at most `DEFAULT_MAX_MOVES`
    moves: the rules, a seat of them (or ``null``), and every event well-formed (read
    by ``event_from_data``, given the rules).

    Raises:
        InvalidDataError: a key is missing or unknown, the seat is not one of the
            rules' seats, or an event is malformed.
    """
    data.keys({"rules", "seat", "moves"})
    rules = rules_from_data(data.get("rules"))
    seat_field = data.get("seat")
    seat = None if seat_field.value is None else seat_field.integer(0, players(rules) - 1)
    moves = tuple(
        tuple(event_from_data(item, rules) for item in move.items())
        for move in data.get("moves").items(0, DEFAULT_MAX_MOVES)
    )
    return SeatRecord(rules, seat, moves)


def replay(game: Game[R, S, M, Any], record: GameRecord[R, M]) -> S:
    """The state reached by playing ``record`` from a new game.

    Raises:
        IllegalMoveError: a move of the record is not legal where it stands.
    """
    state = game.new_game(record.rules)
    for move in record.moves:
        state = game.apply_move(state, move)
    return state


def record_to_data(record: GameRecord[R, M], rules_to_data: Callable[[R], object]) -> object:
    """The JSON data of a record; moves are written in the game's notation."""
    return {"rules": rules_to_data(record.rules), "moves": [str(m) for m in record.moves]}


def record_from_data(
    data: Field,
    rules_from_data: Callable[[Field], R],
    new_game: Callable[[R], S],
    parse_move: Callable[[str], M],
    apply_move: Callable[[S, M], S],
) -> GameRecord[R, M]:
    """Read a record of at most `DEFAULT_MAX_MOVES` moves and check that every move is
    legal where it stands, by playing it with the game's own functions (so reading
    takes time in proportion to the moves)."""
    data.keys({"rules", "moves"})
    rules = rules_from_data(data.get("rules"))
    state = new_game(rules)
    moves = []
    for item in data.get("moves").items(0, DEFAULT_MAX_MOVES):
        move = item.parse(parse_move)
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:
            raise InvalidDataError(item.path, f"illegal move {quote(item.value)}: {exc}") from None
        moves.append(move)
    return GameRecord(rules, tuple(moves))


class RandomBot:
    """Chooses uniformly among the legal moves.

    >>> RandomBot().choose(None, ("a", "b"), random.Random(1))
    'a'
    """

    def choose(self, view: object, legal_moves: tuple[M, ...], rng: random.Random) -> M:
        """Pick a legal move uniformly at random."""
        return legal_moves[rng.randrange(len(legal_moves))]


@frozen
class PlayedGame(Generic[R, S, M]):
    """A game from `play`: finished, or cut off by the move cap."""

    record: GameRecord[R, M]
    final: S
    """The last state, where the game ended or where the move cap stopped it."""
    outcome: Outcome | None
    """How the game ended; ``None`` if it was cut off unfinished."""
    decisions: int
    """Moves chosen by players (chance moves not counted)."""

    @property
    def finished(self) -> bool:
        """Whether the game reached its end; ``False`` when the move cap stopped it.

        >>> from seaview_rules import GAMES, voyage
        >>> rules = voyage.Rules(players=2)
        >>> play(GAMES["voyage"], rules, random.Random(1)).finished
        True
        >>> cut = play(GAMES["voyage"], rules, random.Random(1), max_moves=20)
        >>> cut.finished, cut.outcome, len(cut.record.moves)
        (False, None, 20)
        """
        return self.outcome is not None


def play(
    game: Game[R, S, M, V],
    rules: R,
    rng: random.Random,
    bots: Sequence[Bot[V, M]] | None = None,
    max_moves: int | None = DEFAULT_MAX_MOVES,
    on_move: Callable[[S, M, S], None] | None = None,
) -> PlayedGame[R, S, M]:
    """Play one game: chance from ``rng``, each seat's moves from its bot.

    Args:
        game: the game, for example ``GAMES["voyage"]``.
        rules: its rules; they also set the number of seats.
        rng: the only source of randomness, for chance and for the bots.
        bots: one bot per seat (default: `RandomBot` everywhere).
        max_moves: stop after this many moves (chance included) if the game has not
            ended by then (default `DEFAULT_MAX_MOVES`); ``None`` plays on however long it
            takes, for ever if the game never ends (VOY-R10).
        on_move: called with (state before, move, state after) for every move.

    Returns:
        The record, final state, outcome and number of player decisions;
        `PlayedGame.finished` is ``False`` (and the outcome ``None``) if the cap cut the
        game off.

    Raises:
        ValueError: not one bot per seat, or a negative ``max_moves``.
    """
    seats = game.players(rules)
    players: Sequence[Bot[V, M]] = bots if bots is not None else [RandomBot()] * seats
    if len(players) != seats:
        raise ValueError(f"{seats} bots are needed, not {len(players)}")
    if max_moves is not None and max_moves < 0:
        raise ValueError(f"max_moves must be at least 0 (or None), not {max_moves}")
    state = game.new_game(rules)
    moves: list[M] = []
    decisions = 0
    while max_moves is None or len(moves) < max_moves:
        player = game.current_player(state)
        if player is None:  # the game is over
            break
        if player is CHANCE:
            move = game.sample_chance(state, rng)
        else:
            move = players[player].choose(game.view(state, player), game.legal_moves(state), rng)
            decisions += 1
        after = game.apply_move(state, move)
        if on_move is not None:
            on_move(state, move, after)
        moves.append(move)
        state = after
    return PlayedGame(GameRecord(rules, tuple(moves)), state, game.outcome(state), decisions)
