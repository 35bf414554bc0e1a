"""The rules of Dice under Cups, each where it acts, named by its ID (see the package's
docstring), and what the shared layers ask of a game: views, events, words, playouts.

Every transition is `_successor`; given a `~seaview_rules.Trace` it records the rules it
applied and its events as the omniscient log sees them, and `events`, `narrate` and
`rules_applied` only read that record.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

import attrs
from attrs import frozen

from seaview_cups._model import FACES, ROLLS, Decision, Move, Phase, Roll, Rules, State, View
from seaview_rules import (
    CHANCE,
    OMNISCIENT,
    Event,
    InvalidDataError,
    Outcome,
    Player,
    Termination,
    Trace,
    Viewer,
    Violation,
)
from seaview_rules.game import Referee


def _who(seat: int | None, viewer: Viewer) -> str:
    return "you" if seat is not None and viewer == seat else f"seat {seat}"


@frozen
class Rolled(Event):
    """A die was rolled under ``seat``'s cup; ``face`` is ``None`` for other viewers."""

    seat: int
    face: int | None

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer``."""
        shown = f": {self.face}" if self.face is not None else ""
        return f"{_who(self.seat, viewer)} rolled under the cup{shown}"


@frozen
class Kept(Event):
    """``seat`` keeps its die (CUP-2)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer``."""
        return f"{_who(self.seat, viewer)} kept the die"


@frozen
class Rerolled(Event):
    """``seat`` lifts its die to roll it again (CUP-2)."""

    seat: int

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer``."""
        return f"{_who(self.seat, viewer)} rolled again"


@frozen
class Lifted(Event):
    """The cups are lifted: every die, and the seat that scored (CUP-3)."""

    reveals: ClassVar[bool] = True
    seat: None
    dice: tuple[int, ...]
    scorer: int | None

    def text(self, viewer: Viewer = None) -> str:
        """The event in words for ``viewer``."""
        who = "nobody" if self.scorer is None else _who(self.scorer, viewer)
        return f"the cups show {' '.join(map(str, self.dice))}: {who} scored"


EVENT_TYPES = (Rolled, Kept, Rerolled, Lifted)


def new_game(rules: Rules = Rules()) -> State:  # noqa: B008 - Rules is frozen
    """The first state: seat 0's die is to be rolled (CUP-1)."""
    zeros = (0,) * rules.players
    return State(
        rules=rules, phase=Phase.ROLL, player=0, dice=zeros, scores=zeros, round=1, last_round=()
    )


def current_player(state: State) -> Player | None:
    """`~seaview_rules.CHANCE` while a die is rolled, the deciding seat, or ``None``."""
    if state.phase is Phase.DECIDE:
        return state.player
    return None if state.phase is Phase.OVER else CHANCE


def chance_seat(state: State) -> int | None:
    """The seat whose die chance rolls, or ``None``."""
    return state.player if state.phase in (Phase.ROLL, Phase.REROLL) else None


def is_terminal(state: State) -> bool:
    """Whether a seat has reached the target."""
    return state.phase is Phase.OVER


def outcome(state: State | View) -> Outcome | None:
    """The winner and scores, once the game is over (CUP-4); a view says it too."""
    if state.phase is not Phase.OVER:
        return None
    return Outcome(state.scores.index(state.rules.target), state.scores, Termination.TARGET_SCORE)


_SIXTH = Fraction(1, FACES)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Each face with probability 1/6 while a die is rolled (CUP-1), else nothing."""
    return tuple((roll, _SIXTH) for roll in ROLLS) if chance_seat(state) is not None else ()


def sample_chance(state: State, rng: random.Random) -> Move:
    """A roll drawn with ``rng``."""
    return ROLLS[rng.randrange(FACES)]


def legal_moves(state: State) -> tuple[Move, ...]:
    """The rolls at a chance node, keep and reroll for the deciding seat (CUP-2)."""
    if state.phase is Phase.DECIDE:
        return tuple(Decision)
    return ROLLS if state.phase is not Phase.OVER else ()


def _violation(state: State, move: Move) -> Violation | None:
    """The rule the well-formed ``move`` breaks (API-OVER, CUP-1, CUP-2), or ``None``.

    >>> check_move(new_game(), Decision.KEEP)
    Violation(rule='CUP-1', reason='a die is being rolled under a cup: keep is not a roll')
    >>> check_move(new_game(), Roll(7))
    Violation(rule='CUP-1', reason='a die shows 1 to 6, not 7')
    """
    if state.phase is Phase.OVER:
        return _OVER
    to_move = current_player(state)
    if to_move is CHANCE and not isinstance(move, Roll):
        return Violation("CUP-1", f"a die is being rolled under a cup: {move} is not a roll")
    if to_move is not CHANCE and isinstance(move, Roll):
        return Violation("CUP-2", f"seat {to_move} keeps or rerolls: {move} is for chance")
    if isinstance(move, Roll) and not 1 <= move.face <= FACES:
        return Violation("CUP-1", f"a die shows 1 to {FACES}, not {move.face}")
    return None


_OVER = Violation("API-OVER", "the game is over")


def _successor(state: State, move: Move, trace: Trace | None = None) -> State:
    seat, players = state.player, state.rules.players
    if isinstance(move, Roll):
        dice = (*state.dice[:seat], move.face, *state.dice[seat + 1 :])
        if trace is not None:
            trace.add(
                "CUP-1" if state.phase is Phase.ROLL else "CUP-2", event=Rolled(seat, move.face)
            )
        if state.phase is Phase.ROLL and seat + 1 < players:
            return attrs.evolve(state, player=seat + 1, dice=dice)
        return _next_decision(attrs.evolve(state, dice=dice), trace)
    if move is Decision.REROLL:
        if trace is not None:
            trace.add("CUP-2", event=Rerolled(seat))
        zeroed = (*state.dice[:seat], 0, *state.dice[seat + 1 :])
        return attrs.evolve(state, phase=Phase.REROLL, dice=zeroed)
    if trace is not None:
        trace.add("CUP-2", event=Kept(seat))
    return _next_decision(state, trace, done=seat)


def _next_decision(state: State, trace: Trace | None, done: int | None = None) -> State:
    """After the last roll of CUP-1 (seat 0 decides), a reroll or a keep (the next seat
    decides, or the cups are lifted)."""
    if state.phase is Phase.ROLL:
        return attrs.evolve(state, phase=Phase.DECIDE, player=0)
    following = state.player + 1
    if following < state.rules.players:
        return attrs.evolve(state, phase=Phase.DECIDE, player=following)
    return _lift(state, trace)


def _lift(state: State, trace: Trace | None) -> State:
    high = max(state.dice)
    scorer = state.dice.index(high) if state.dice.count(high) == 1 else None
    scores = state.scores
    if scorer is not None:
        scores = (*scores[:scorer], scores[scorer] + 1, *scores[scorer + 1 :])
    if trace is not None:
        trace.add("CUP-3", event=Lifted(None, state.dice, scorer))
    over = scorer is not None and scores[scorer] == state.rules.target
    if over and trace is not None:
        trace.add("CUP-4")
    return State(
        rules=state.rules,
        phase=Phase.OVER if over else Phase.ROLL,
        player=0,
        dice=(0,) * state.rules.players,
        scores=scores,
        round=state.round if over else state.round + 1,
        last_round=state.dice,
    )


def redact(event: Event, viewer: Viewer) -> Event:
    """What ``viewer`` may see of ``event``: a roll's face only for its own seat (and
    `~seaview_rules.OMNISCIENT`)."""
    if isinstance(event, Rolled) and viewer is not OMNISCIENT and viewer != event.seat:
        return Rolled(event.seat, None)
    return event


def _check_seat(seat: int | None, players: int) -> None:
    if seat is not None and not (type(seat) is int and 0 <= seat < players):
        raise InvalidDataError("seat", f"must be None or a seat from 0 to {players - 1}")


def view(state: State, seat: int | None) -> View:
    """What ``seat`` sees: its own die only (CUP-1).

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    _check_seat(seat, state.rules.players)
    to_move = current_player(state)
    return View(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        player=state.player,
        die=state.dice[seat] or None if seat is not None else None,
        scores=state.scores,
        round=state.round,
        last_round=state.last_round,
        to_move=to_move,
        legal_moves=legal_moves(state) if seat is not None and seat == to_move else (),
    )


def has_die(state: State | View, seat: int) -> bool:
    """Whether ``seat`` has a die under its cup, by the phase alone."""
    if state.phase is Phase.ROLL:
        return seat < state.player
    return state.phase is not Phase.OVER and not (
        state.phase is Phase.REROLL and seat == state.player
    )


def check_state(state: State) -> None:
    """Refuse a state that play cannot reach (for `loads`).

    Raises:
        InvalidDataError: names the field.
    """
    rules = state.rules
    if len(state.dice) != rules.players or len(state.scores) != rules.players:
        raise InvalidDataError("data", "one die and one score a seat")
    if not 0 <= state.player < rules.players:
        raise InvalidDataError("data.player", f"must be a seat, not {state.player}")
    if state.last_round and len(state.last_round) != rules.players:
        raise InvalidDataError("data.last_round", "one die a seat, or none")
    for seat, die in enumerate(state.dice):
        if not (1 <= die <= FACES if has_die(state, seat) else die == 0):
            raise InvalidDataError(f"data.dice[{seat}]", f"{die} is not possible now (CUP-1)")
    winners = [seat for seat, score in enumerate(state.scores) if score >= rules.target]
    if (state.phase is Phase.OVER) != bool(winners) or len(winners) > 1:
        raise InvalidDataError("data.scores", "one seat reaches the target, and ends the game")
    finished = state.round if state.phase is Phase.OVER else state.round - 1
    if any(score < 0 for score in state.scores) or sum(state.scores) > finished:
        raise InvalidDataError("data.scores", "at most one point a round (CUP-3)")


def check_view(seen: View) -> None:
    """Refuse a view that no state gives (for `loads`).

    Raises:
        InvalidDataError: names the field.
    """
    stand_in = State(
        rules=seen.rules,
        phase=seen.phase,
        player=seen.player,
        dice=tuple(1 if has_die(seen, seat) else 0 for seat in range(seen.rules.players)),
        scores=seen.scores,
        round=seen.round,
        last_round=seen.last_round,
    )
    check_state(stand_in)
    if seen.seat is not None:
        _check_seat(seen.seat, seen.rules.players)
    expected = None if seen.seat is None or not has_die(seen, seen.seat) else seen.die
    if seen.die != expected or (seen.die is not None and not 1 <= seen.die <= FACES):
        raise InvalidDataError("data.die", "the seat's own die, when it has one")
    if view(stand_in, seen.seat).to_move != seen.to_move:
        raise InvalidDataError("data.to_move", "not the seat to move")
    if view(stand_in, seen.seat).legal_moves != seen.legal_moves:
        raise InvalidDataError("data.legal_moves", "not this seat's legal moves")


def statistics(state: State) -> dict[str, int]:
    """Counters of a game so far."""
    return {"rounds": state.round}


def render(position: State | View) -> str:
    """A plain-text picture: the cups (``?`` hidden, ``.`` empty) and the scores."""
    players = position.rules.players
    if isinstance(position, State):
        cups = [str(die) if die else "." for die in position.dice]
    else:
        cups = ["?" if has_die(position, seat) else "." for seat in range(players)]
        if position.die is not None and position.seat is not None:
            cups[position.seat] = str(position.die)
    last = " ".join(map(str, position.last_round)) or "-"
    return (
        f"round {position.round}, {position.phase.value} (seat {position.player})\n"
        f"cups: {' '.join(cups)}   last round: {last}\n"
        f"scores: {' '.join(map(str, position.scores))} (target {position.rules.target})"
    )


def determinize(seen: View, rng: random.Random) -> State:
    """A state whose view for ``seen.seat`` is ``seen``: every die the view does not show
    rolled anew, each face equally likely."""
    dice = tuple(
        (seen.die or 0)
        if seat == seen.seat
        else rng.randint(1, FACES)
        if has_die(seen, seat)
        else 0
        for seat in range(seen.rules.players)
    )
    return State(
        rules=seen.rules,
        phase=seen.phase,
        player=seen.player,
        dice=dice,
        scores=seen.scores,
        round=seen.round,
        last_round=seen.last_round,
    )


def hidden_twin(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every die but ``seat``'s rolled anew: what ``seat`` cannot tell from
    ``state`` (for the noninterference check, `seaview_rules.testing.check_game`)."""
    return attrs.evolve(
        state,
        dice=tuple(
            rng.randint(1, FACES) if die and other != seat else die
            for other, die in enumerate(state.dice)
        ),
    )


def _seats(state: State) -> int:
    return state.rules.players


REFEREE: Referee[State, Move] = Referee(
    game="Dice under Cups",
    successors={Roll: _successor, Decision: _successor},
    violation=_violation,
    is_terminal=is_terminal,
    over=_OVER,
    current_player=current_player,
    legal_moves=legal_moves,
    sample_chance=sample_chance,
    seats=_seats,
    redact=redact,
)
"""The library's referee of the game's moves: API-OVER, API-SEAT and API-MOVE, then
`_violation`; the successor; the events of each viewer, their words; random play."""

check_move = REFEREE.check_move
apply_move = REFEREE.apply_move
events = REFEREE.events
narrate = REFEREE.narrate
rules_applied = REFEREE.rules_applied
playout = REFEREE.playout
