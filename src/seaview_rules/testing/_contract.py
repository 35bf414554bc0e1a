"""The API contract of a game, checked on the states that seeded random play reaches."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from seaview_rules._core import CHANCE, OMNISCIENT, IllegalMoveError, Trace
from seaview_rules._game import Game
from seaview_rules._play import GameRecord, play, replay
from seaview_rules._testkit import ContractError, Kit, Twin

R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


def _fail(game: Game[Any, Any, Any, Any], state: object, problem: str) -> ContractError:
    return ContractError(f"{game.name}: {problem}\n  in state: {game.dumps(state)}")


def kit_of(game: Game[R, S, M, V]) -> Kit[R, S, V]:
    """The test kit of ``game`` (`Game.test_kit`), which needs Hypothesis.

    >>> from seaview_rules import GAMES
    >>> kit_of(GAMES["voyage"]).hidden_twin.__module__
    'seaview_rules.voyage.testing'

    Raises:
        LookupError: the game declares no test kit; the message names the game and
            the checks that need none (`check_game`, `check_state`).
    """
    if game.test_kit is None:
        raise LookupError(
            f"the game {game.name!r} declares no test kit (Game.test_kit), which the "
            "strategies and the shared properties draw from; check_game and check_state "
            "need none"
        )
    return game.test_kit()


def twin_of(game: Game[R, S, M, V]) -> Twin[S]:
    """The hidden-twin generator of ``game`` for the noninterference checks: its kit's
    ``hidden_twin``, or, for a game without hidden information, the state itself
    (every seat sees everything, so nothing may differ).

    >>> from seaview_rules import GAMES
    >>> state = GAMES["leagues"].new_game(GAMES["leagues"].rules_type())
    >>> twin_of(GAMES["leagues"])(state, 0, random.Random(0)) is state
    True

    Raises:
        LookupError: the game has hidden information and declares no test kit, or a
            kit without a ``hidden_twin``; the message names the game.
    """
    if not game.hidden_information:
        return _same
    twin = kit_of(game).hidden_twin
    if twin is None:
        raise LookupError(
            f"the game {game.name!r} hides part of its state but its test kit has no "
            "hidden_twin: the noninterference checks need one"
        )
    return twin


def _same(state: S, seat: int, rng: random.Random) -> S:
    return state


def check_state(
    game: Game[R, S, M, V],
    state: S,
    candidates: Iterable[M] = (),
    rng: random.Random | None = None,
    twin: Twin[S] | None = None,
) -> None:
    """Check the contract in one state.

    Checks that the chance player and the legal moves agree; that chance outcomes are
    exact probabilities summing to 1 and `sample_chance` returns one of them; that every
    legal move passes `check_move`, applies, and round-trips through its notation; that
    every move a seat's view offers passes `check_move` and applies when that seat
    sends it; that every candidate move that neither lists, and every move next to a
    legal one (an integer field of an attrs move one more or less, 0 or -1), is refused
    with a rule ID by both `check_move` and `apply_move`; that nothing changes the state; and that the state
    and every seat's and the spectator's view round-trip through JSON. With ``twin``,
    that each seat's view and the chance seat (which every seat is told) are the same
    in a hidden twin of the state.

    Raises:
        ContractError: the first broken promise, with the state as JSON.
    """
    before = game.dumps(state)
    moves = game.legal_moves(state)
    terminal = game.is_terminal(state)
    if terminal != (not moves):
        raise _fail(
            game, state, f"is_terminal is {terminal} but there are {len(moves)} legal moves"
        )
    if terminal != (game.outcome(state) is not None):
        raise _fail(game, state, "outcome() must be set exactly when the game is over")
    outcomes = game.chance_outcomes(state)
    if (game.current_player(state) is CHANCE) != bool(outcomes):
        raise _fail(game, state, "chance outcomes must exist exactly at chance nodes")
    if outcomes:
        if tuple(m for m, _ in outcomes) != moves:
            raise _fail(game, state, "at a chance node the legal moves are the chance outcomes")
        if sum(p for _, p in outcomes) != 1 or any(
            not isinstance(p, Fraction) or p <= 0 for _, p in outcomes
        ):
            raise _fail(game, state, "chance probabilities must be positive Fractions summing to 1")
        sampled = game.sample_chance(state, rng or random.Random(0))
        if sampled not in moves:
            raise _fail(game, state, f"sample_chance returned {sampled}, not a chance outcome")
    for move in moves:
        if game.parse_move(str(move)) != move:
            raise _fail(game, state, f"notation does not round-trip: {move!r} -> {move}")
        violation = game.check_move(state, move)
        if violation is not None:
            raise _fail(game, state, f"legal move {move} refused: {violation}")
        game.apply_move(state, move)
    legal = set(moves)
    for seat in range(game.players(_rules_of(state))):
        # A seat's own moves, which in a simultaneous phase (an Anchor pass) it may make
        # whoever `current_player` names: that seat may send them.
        seen: Any = game.view(state, seat)  # every game's view lists its legal moves
        for move in seen.legal_moves:
            violation = game.check_move(state, move, seat=seat)
            if violation is not None:
                raise _fail(game, state, f"seat {seat}'s legal move {move} refused: {violation}")
            game.apply_move(state, move, seat=seat)
            legal.add(move)
    for move in (*candidates, *_neighbours(moves)):
        if move in legal:
            continue
        violation = game.check_move(state, move)
        if violation is None or not violation.rule:
            raise _fail(game, state, f"{move!r}, in none of the legal moves, passes check_move")
        try:
            game.apply_move(state, move)
        except IllegalMoveError as exc:
            if exc.violation != violation:
                raise _fail(game, state, f"{move}: apply_move and check_move disagree") from None
        else:
            raise _fail(game, state, f"illegal move {move} was applied")
    if game.loads(before) != state:
        raise _fail(game, state, "the state does not round-trip through JSON")
    seats = range(game.players(_rules_of(state)))
    for seat in (None, *seats):
        seen = game.view(state, seat)
        if game.loads(game.dumps(seen)) != seen:
            raise _fail(game, state, f"the view of seat {seat} does not round-trip through JSON")
        if twin is not None and seat is not None:
            other = twin(state, seat, rng or random.Random(0))
            if game.view(other, seat) != seen:
                raise _fail(
                    game, state, f"seat {seat}'s view changes with what it cannot see: "
                    f"{game.dumps(seen)} != {game.dumps(game.view(other, seat))}",
                )  # fmt: skip
            if game.chance_seat(other) != game.chance_seat(state):
                raise _fail(
                    game, state, f"the chance seat told to seat {seat} changes with what it "
                    f"cannot see: {game.chance_seat(state)} != {game.chance_seat(other)}",
                )  # fmt: skip
    if game.dumps(state) != before:
        raise _fail(game, state, "the state changed while it was being checked")


def check_position(game: Game[R, S, M, V], state: S, rng: random.Random | None = None) -> None:
    """Check that everything works on a position that ``loads`` accepts, reached by play
    or written by hand: the contract of `check_state`; for every legal move (every
    seat's, in a simultaneous phase), its events for every viewer (the trace's,
    redacted) and their words (`Game.narrate` says `Game.words` of them), and a
    state after it that ``loads`` accepts again (the successors of a position are
    positions); every view, its picture (`Game.picture`) and its text (`Game.render`),
    and, but once the game is over, a determinization of it (`Game.determinize`) that
    gives the same view.

    Raises:
        ContractError: the first thing that does not work, with the state as JSON.
    """
    rng = rng or random.Random(0)
    check_state(game, state, (), rng)
    players = game.players(_rules_of(state))
    viewers: tuple[Any, ...] = (None, OMNISCIENT, *range(players))
    moves = set(game.legal_moves(state))
    for seat in range(players):
        moves.update(game.view(state, seat).legal_moves)  # type: ignore[attr-defined]  # every game's view lists its legal moves
    for move in moves:
        trace = Trace()
        after = game.apply_move(state, move, trace=trace)
        for viewer in viewers:
            told = game.events(state, move, seat=viewer)
            if told != tuple(game.redact(event, viewer) for event in trace.events):
                raise _fail(game, state, f"{move}: the events told to {viewer} are not the trace's")
            said = game.narrate(state, move, seat=viewer)
            if said != game.words(told, viewer):
                raise _fail(game, state, f"{move}: narrate says to {viewer} what words does not")
            if not said and any(event.ends_round for event in told):
                raise _fail(game, state, f"{move} ends a round, yet says nothing to {viewer}")
        if game.loads(game.dumps(after)) != after:
            raise _fail(game, state, f"the state after {move} does not load again")
    for seat in (None, *range(players)):
        seen = game.view(state, seat)
        game.render(seen)
        if game.picture is not None:
            game.picture(seen)
        if (
            seat is not None
            and not game.is_terminal(state)
            and game.view(game.determinize(seen, rng), seat) != seen
        ):
            raise _fail(game, state, f"a determinization of seat {seat}'s view shows another view")
    game.render(state)
    if game.picture is not None:
        game.picture(state)


def _neighbours(moves: Iterable[M]) -> list[M]:
    """Moves next to the legal ``moves``: each attrs move with one integer field one
    more, one less, 0 or -1, where the move's class builds it. A well-formed move that
    no state lists (a die showing 7, a seat that is not at the table) must be refused
    like any other illegal move, and a hole in ``check_move`` often lies just beyond
    the legal moves."""
    near: list[M] = []
    for move in moves:
        if not attrs.has(type(move)):
            continue
        for name, value in attrs.asdict(move, recurse=False).items():  # type: ignore[arg-type]  # an attrs class, tested above
            if type(value) is not int:
                continue
            for other in {value + 1, value - 1, 0, -1} - {value}:
                try:
                    near.append(attrs.evolve(move, **{name: other}))  # type: ignore[misc]  # an attrs class
                except (ValueError, TypeError):  # the class refuses it: not a move
                    continue
    return near


def _rules_of(state: object) -> Any:
    return getattr(state, "rules")  # noqa: B009 - every game's state carries its rules


def check_game(
    game: Game[R, S, M, V],
    rules: R,
    *,
    games: int = 5,
    seed: int = 0,
    max_moves: int | None = 2000,
    candidates: Callable[[S], Iterable[M]] = lambda state: (),
    twin: Twin[S] | None = None,
) -> int:
    """Play ``games`` seeded random games and check the contract at every step.

    Also checks that each game's record replays to its final state and round-trips
    through JSON.

    Args:
        game: the game, for example ``GAMES["voyage"]``.
        rules: the rules to play under (a variant, a custom board or deck...).
        games: how many games to play.
        seed: seeds the games; the same seed checks the same states.
        max_moves: cut each game off after this many moves.
        candidates: moves to try in each state besides the legal ones; the illegal
            ones must be refused.
        twin: for games with hidden information, checks view and chance-seat noninterference (see
            `check_state`).

    Returns:
        The number of states checked.

    Raises:
        ContractError: the first broken promise.
    """
    checked = 0
    for number in range(games):
        rng = random.Random(f"{seed}/{number}")

        def check(before: S, move: M, after: S, rng: random.Random = rng) -> None:
            nonlocal checked
            check_state(game, before, candidates(before), rng, twin)
            checked += 1

        result = play(game, rules, rng, max_moves=max_moves, on_move=check)
        check_state(game, result.final, candidates(result.final), rng, twin)
        checked += 1
        if replay(game, result.record) != result.final:
            raise _fail(game, result.final, "the record does not replay to the final state")
        loaded = game.loads(game.dumps(result.record))
        if not isinstance(loaded, GameRecord) or loaded != result.record:
            raise _fail(game, result.final, "the record does not round-trip through JSON")
    return checked
