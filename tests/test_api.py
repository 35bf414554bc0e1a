"""The shared API: the registry, errors, the API-* rules, and the contract for every game."""

from __future__ import annotations

import functools
import importlib
import pickle
import random
import re
from typing import Any

import attrs
import pytest

import seaview_rules
from seaview_rules import (
    CHANCE,
    GAMES,
    Game,
    IllegalMoveError,
    InvalidDataError,
    RandomBot,
    Violation,
    play,
    replay,
)
from seaview_rules._game import API
from seaview_rules.testing import ContractError, check_game, check_state

ALL_GAMES = sorted(GAMES)


def default_rules(game: Game[Any, Any, Any, Any]) -> Any:
    return game.rules_type()


def test_errors_are_value_errors_that_carry_the_rule() -> None:
    err = IllegalMoveError(Violation("VOY-3", "no match"))
    assert isinstance(err, ValueError)
    assert (err.rule, err.reason, str(err)) == ("VOY-3", "no match", "VOY-3: no match")
    bad = InvalidDataError("data.hands[1]", "must be a list")
    assert isinstance(bad, ValueError)
    assert (bad.where, bad.problem) == ("data.hands[1]", "must be a list")


def test_the_registry_names_every_game_with_its_facts() -> None:
    assert "voyage" in GAMES
    for name, game in GAMES.items():
        assert game.name == name
        assert 2 <= game.min_players <= game.max_players
        assert game.title
    with pytest.raises(TypeError):
        GAMES["x"] = GAMES["voyage"]  # type: ignore[index]


def test_the_public_names_are_exported() -> None:
    for name in seaview_rules.__all__:
        assert hasattr(seaview_rules, name)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_game_module_exposes_the_shared_api(name: str) -> None:
    import importlib

    module = importlib.import_module(f"seaview_rules.{name}")
    for attribute in ("Rules", "State", "View", "GAME", *API):
        assert attribute in module.__all__, attribute
    for function in API:
        assert callable(getattr(module, function)), function
        # the entry holds the package's own function of that name
        assert getattr(module.GAME, function) is getattr(module, function), function
    assert module.GAME is GAMES[name]


def _reachable_states(game: Game[Any, Any, Any, Any], seed: int, limit: int) -> list[Any]:
    """Every state of a seeded random game up to ``limit`` moves, the last one too."""
    rng = random.Random(seed)
    state = game.new_game(default_rules(game))
    states = [state]
    while not game.is_terminal(state) and len(states) < limit:
        if game.current_player(state) is CHANCE:
            move = game.sample_chance(state, rng)
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.apply_move(state, move)
        states.append(state)
    return states


@pytest.mark.rule("API-SEAT")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_move_from_every_seat_that_is_not_to_move_is_refused(name: str) -> None:
    game = GAMES[name]
    rules = default_rules(game)
    seats = range(game.players(rules))
    moves = game.every_move(rules)
    finished = play(game, rules, random.Random(5)).final
    refused = 0
    for state in [*_reachable_states(game, 5, 150)[::10], finished]:
        to_move = game.current_player(state)
        for seat in seats:
            if seat == to_move:
                continue
            for move in moves:
                violation = game.check_move(state, move, seat=seat)
                assert violation is not None
                assert violation.rule == ("API-OVER" if to_move is None else "API-SEAT")
                with pytest.raises(IllegalMoveError) as err:
                    game.apply_move(state, move, seat=seat)
                assert err.value.rule == violation.rule
                refused += 1
    assert refused > 100


@pytest.mark.parametrize("name", ALL_GAMES)
def test_the_seat_to_move_gets_exactly_what_it_would_without_a_seat(name: str) -> None:
    game = GAMES[name]
    rules = default_rules(game)
    for state in _reachable_states(game, 8, 120):
        to_move = game.current_player(state)
        if not isinstance(to_move, int):
            continue
        # In a simultaneous phase (Ship's Wheel's Anchor pass, SW-R7) another seat's own
        # moves are that seat's alone to send.
        others = {
            move
            for seat in range(game.players(rules))
            if seat != to_move
            for move in game.view(state, seat).legal_moves
        }
        for move in game.every_move(rules):
            with_seat = game.check_move(state, move, seat=to_move)
            without = game.check_move(state, move)
            if move in others:
                assert with_seat is not None
                assert with_seat.rule == "API-SEAT"
            elif with_seat != without:
                # Another seat's move (a Pass naming it), refused for its seat first.
                assert without is not None
                assert with_seat is not None
                assert with_seat.rule == "API-SEAT"
        move = game.legal_moves(state)[0]
        assert game.apply_move(state, move, seat=to_move) == game.apply_move(state, move)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_view_says_whose_turn_it_is_and_what_this_seat_may_do(name: str) -> None:
    game = GAMES[name]
    rules = default_rules(game)
    finished = play(game, rules, random.Random(2)).final
    assert game.current_player(finished) is None
    for state in [*_reachable_states(game, 2, 300), finished]:
        to_move = game.current_player(state)
        assert (to_move is None) == game.is_terminal(state)
        for seat in [None, *range(game.players(rules))]:
            seen = game.view(state, seat)
            assert seen.to_move == to_move
            if seat is not None and seat == to_move:
                assert seen.legal_moves == game.legal_moves(state)
            else:
                # Only a seat that may move now, out of turn (Ship's Wheel's simultaneous
                # Anchor pass, SW-R7), is offered moves: moves legal from that seat.
                assert seat is not None or seen.legal_moves == ()
                for move in seen.legal_moves:
                    assert game.check_move(state, move, seat=seat) is None


@pytest.mark.rule("API-TURN")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_player_move_at_a_chance_node_and_vice_versa_are_refused(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(3)
    state = game.new_game(default_rules(game))
    chance_states: list[Any] = []
    player_states: list[Any] = []
    while not game.is_terminal(state) and len(chance_states) + len(player_states) < 400:
        if game.current_player(state) is CHANCE:
            chance_states.append(state)
            state = game.apply_move(state, game.sample_chance(state, rng))
        else:
            player_states.append(state)
            state = game.apply_move(state, rng.choice(game.legal_moves(state)))
    assert chance_states
    for at_chance in chance_states:
        for at_player in player_states[:20]:
            player_move = game.legal_moves(at_player)[0]
            if player_move not in game.legal_moves(at_chance):
                violation = game.check_move(at_chance, player_move)
                assert violation is not None
                assert violation.rule == "API-TURN"
            chance_move = game.legal_moves(at_chance)[0]
            with pytest.raises(IllegalMoveError) as err:
                game.apply_move(at_player, chance_move)
            assert err.value.rule == "API-TURN"


@pytest.mark.rule("API-MOVE")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_something_that_is_not_a_move_of_the_game_is_refused(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(default_rules(game))
    for not_a_move in ("R7", 7, None, object()):
        violation = game.check_move(state, not_a_move)
        assert violation is not None
        assert violation.rule in {"API-MOVE", "API-TURN"}
    with pytest.raises(IllegalMoveError):
        game.apply_move(state, object())


@pytest.mark.rule("API-OVER")
@pytest.mark.parametrize("name", ALL_GAMES)
def test_no_move_is_legal_once_the_game_is_over(name: str) -> None:
    game = GAMES[name]
    result = play(game, default_rules(game), random.Random(11))
    assert game.is_terminal(result.final)
    assert game.legal_moves(result.final) == ()
    assert game.outcome(result.final) == result.outcome
    last = result.record.moves[-1]
    violation = game.check_move(result.final, last)
    assert violation is not None
    assert violation.rule == "API-OVER"


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_game_meets_the_contract(name: str) -> None:
    game = GAMES[name]
    assert game.every_move is not None
    twin = TWINS.get(name)
    assert (twin is not None) == game.hidden_information
    for players in range(game.min_players, game.max_players + 1):
        rules = game.with_players(default_rules(game), players)
        checked = check_game(
            game, rules, games=1, seed=players, max_moves=300,
            candidates=functools.partial(every_move_of, game.every_move(rules)), twin=twin,
        )  # fmt: skip
        assert checked > 0


def every_move_of(moves: tuple[Any, ...], state: Any) -> tuple[Any, ...]:
    return moves


def _voyage_twin(state: Any, seat: int, rng: random.Random) -> Any:
    from seaview_rules.voyage.testing import hidden_twin

    return hidden_twin(state, seat, rng)


def _ships_wheel_twin(state: Any, seat: int, rng: random.Random) -> Any:
    from seaview_rules.ships_wheel.testing import hidden_twin

    return hidden_twin(state, seat, rng)


TWINS = {"voyage": _voyage_twin, "ships_wheel": _ships_wheel_twin}
"""How to vary what a seat cannot see, for each game with hidden information."""


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_seeded_game_replays_exactly(name: str) -> None:
    game = GAMES[name]
    first = play(game, default_rules(game), random.Random(42))
    again = play(game, default_rules(game), random.Random(42))
    assert first.record == again.record
    assert replay(game, first.record) == first.final
    assert game.loads(game.dumps(first.record)) == first.record
    assert game.render(first.final)
    assert all(value >= 0 for value in game.statistics(first.final).values())


def test_play_needs_one_bot_per_seat() -> None:
    game = GAMES["voyage"]
    with pytest.raises(ValueError, match="4 bots are needed"):
        play(game, default_rules(game), random.Random(1), bots=[RandomBot()])


def test_the_contract_check_reports_a_broken_game() -> None:
    from seaview_rules import voyage

    def lying_legal_moves(state: voyage.State) -> tuple[voyage.Move, ...]:
        return voyage.legal_moves(state)[:-1] or voyage.legal_moves(state)

    broken = attrs.evolve(voyage.GAME, legal_moves=lying_legal_moves)
    state = voyage.new_game(voyage.Rules(players=2))
    with pytest.raises(ContractError, match="chance outcomes"):
        check_state(broken, state)


def test_the_contract_check_finds_a_move_next_to_the_legal_ones_that_check_move_lets_by() -> None:
    """A hole just beyond the legal moves (here, a spin of 7 on a spinner of 1 to 6,
    which no state lists) is caught without any candidate moves given."""
    from seaview_rules import leagues

    def lenient(
        state: leagues.State, move: leagues.Move, *, seat: int | None = None
    ) -> Violation | None:
        if move.number == 7 and seat is None and not leagues.is_terminal(state):
            return None
        return leagues.check_move(state, move, seat=seat)

    broken = attrs.evolve(leagues.GAME, check_move=lenient)
    with pytest.raises(
        ContractError, match=r"parse_move\('7R'\), in none of the legal moves, passes check_move"
    ):
        check_game(broken, leagues.Rules(players=2), games=1, max_moves=20)
    assert check_game(leagues.GAME, leagues.Rules(players=2), games=1, max_moves=20) > 0


@pytest.mark.parametrize("name", ALL_GAMES)
def test_huge_numbers_in_a_document_raise_invalid_data_only(name: str) -> None:
    """Python refuses to turn integers of thousands of digits into text, so an error
    message that quotes one must not try to: a huge number loads or is refused."""
    game = GAMES[name]
    result = play(game, default_rules(game), random.Random(5), max_moves=60)
    text = game.dumps(result.final)
    numbers = list(re.finditer(r"(?<=[:\[,])\d+(?=[,\]}])", text))
    assert numbers
    for number in numbers[:60]:
        tampered = text[: number.start()] + "9" * 4000 + text[number.end() :]
        try:
            loaded = game.loads(tampered)
        except InvalidDataError:
            continue  # refused with the documented error
        assert game.loads(game.dumps(loaded)) == loaded


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_view_is_for_a_seat_or_a_spectator_only(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(default_rules(game))
    bad_seats: tuple[Any, ...] = (True, -1, game.players(default_rules(game)), "0", 1.0)
    for bad in bad_seats:
        with pytest.raises(InvalidDataError, match="seat"):
            game.view(state, bad)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_games_state_builder_is_its_constructor_by_keyword(name: str) -> None:
    game = GAMES[name]
    build_state = importlib.import_module(f"seaview_rules.{name}._model").build_state
    state = game.new_game(default_rules(game))
    fields = attrs.asdict(state, recurse=False)
    built = build_state(**fields)
    assert type(built) is game.state_type
    assert (built, hash(built), repr(built)) == (state, hash(state), repr(state))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.player = 1
    with pytest.raises(TypeError):  # by keyword only, every field named
        build_state(*fields.values())
    with pytest.raises(TypeError):
        build_state(**{k: v for k, v in fields.items() if k != "player"})


@pytest.mark.parametrize("name", ALL_GAMES)
def test_the_engine_builds_states_equal_to_the_public_constructor(name: str) -> None:
    game = GAMES[name]
    state, rng, moves_made = game.new_game(default_rules(game)), random.Random(3), 0
    while not game.is_terminal(state):
        if moves_made % 7 == 0:  # every seventh state of a whole game, deals and play alike
            rebuilt = game.state_type(*attrs.astuple(state, recurse=False))
            assert (rebuilt, hash(rebuilt)) == (state, hash(state))
            assert pickle.loads(pickle.dumps(state)) == state
        if game.current_player(state) is CHANCE:
            move = game.sample_chance(state, rng)
        else:
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state, moves_made = game.apply_move(state, move), moves_made + 1


@pytest.mark.parametrize("name", ALL_GAMES)
def test_documents_beyond_the_size_limits_are_refused_before_they_are_read(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from seaview_rules import _envelope, _play

    game = GAMES[name]
    record = play(game, default_rules(game), random.Random(1), max_moves=40).record
    text = game.dumps(record)
    assert game.loads(text) == record
    monkeypatch.setattr(_envelope, "MAX_DOCUMENT_SIZE", len(text) - 1)
    with pytest.raises(InvalidDataError, match="a document is at most"):
        game.loads(text)
    monkeypatch.setattr(_envelope, "MAX_DOCUMENT_SIZE", len(text))
    assert game.loads(text) == record
    monkeypatch.setattr(_envelope, "MAX_VALUES", 10)
    with pytest.raises(InvalidDataError, match="at most 10 values"):
        game.from_dict(game.to_dict(record))
    monkeypatch.setattr(_envelope, "MAX_VALUES", 10**6)
    monkeypatch.setattr(_play, "DEFAULT_MAX_MOVES", len(record.moves) - 1)
    with pytest.raises(InvalidDataError, match=f"must have 0 to {len(record.moves) - 1} items"):
        game.loads(text)
