"""`play`, `simulate` and ``seaview simulate``: the same seed gives the same report
whatever executor, whatever number of processes, plays the games; the move cap reports a
game that does not end as unfinished instead of hanging."""

from __future__ import annotations

import inspect
import multiprocessing
import pickle
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from seaview_rules import DEFAULT_MAX_MOVES, GAMES, Game, play, replay, simulate, voyage
from seaview_rules._simulate import play_games
from seaview_rules.cli import main

needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="a process pool needs processes, which Pyodide has not"
)


def small_rules(game: Game[Any, Any, Any, Any]) -> Any:
    return game.with_players(game.rules_type(), game.min_players)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_records_and_rules_pickle_for_worker_processes(name: str) -> None:
    game = GAMES[name]
    rules = small_rules(game)
    assert pickle.loads(pickle.dumps(game)) == game
    assert pickle.loads(pickle.dumps(rules)) == rules
    report = simulate(game, rules, 2, seed=1)
    assert pickle.loads(pickle.dumps(report)) == report


def test_the_task_function_is_pickled_by_reference() -> None:
    assert pickle.loads(pickle.dumps(play_games)) is play_games


@needs_processes
def test_a_process_pool_gives_the_report_played_without_one() -> None:
    """Spawned workers (not forked) share nothing with this process: the game, its
    rules and the task function reach them pickled, as they reach Dask or Ray workers."""
    game = GAMES["voyage"]
    rules = small_rules(game)
    # A cap that half the games run past, from the games themselves (not the rules).
    lengths = sorted(g.decisions + g.chance_moves for g in simulate(game, rules, 12, seed=5).games)
    cap = lengths[5]
    serial = simulate(game, rules, 12, seed=5, max_moves=cap)
    assert 0 < serial.unfinished() < 12  # the cap reaches the workers too
    done: list[tuple[int, int]] = []
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        parallel = simulate(
            game,
            rules,
            12,
            seed=5,
            executor=pool,
            batch=5,
            progress=lambda d, t: done.append((d, t)),
            max_moves=cap,
        )
    assert parallel == serial
    assert [g.index for g in parallel.games] == list(range(12))
    assert done == [(5, 12), (10, 12), (12, 12)]
    assert simulate(game, rules, 12, seed=6, max_moves=cap) != serial


def test_the_batch_size_does_not_change_the_report() -> None:
    game = GAMES["voyage"]
    rules = small_rules(game)
    assert simulate(game, rules, 7, seed=2, batch=3) == simulate(game, rules, 7, seed=2)


@pytest.mark.parametrize(("name", "has_decisions"), [("voyage", True), ("leagues", False)])
def test_the_figures_list_decisions_only_for_a_game_that_has_them(
    name: str, has_decisions: bool
) -> None:
    game = GAMES[name]
    figures = simulate(game, small_rules(game), 3, seed=1).figures()
    assert ("decisions" in figures) is has_decisions
    assert figures["chance moves"][0] > 0


class FirstMove:
    """A deterministic bot: always the first legal move."""

    def choose(self, view: object, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        return legal_moves[0]


LOOPING = voyage.Rules(players=2, colours=2, numbers=4, hand_size=4)
"""A deck so small that two `FirstMove` bots go round a cycle for ever in most games."""


def test_play_and_simulate_cap_the_moves_by_default() -> None:
    assert 0 < DEFAULT_MAX_MOVES < 10**9
    for function in (play, simulate):
        assert inspect.signature(function).parameters["max_moves"].default == DEFAULT_MAX_MOVES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_cut_off_by_the_cap_is_reported_unfinished(name: str) -> None:
    game = GAMES[name]
    rules = small_rules(game)
    whole = play(game, rules, random.Random(8), max_moves=None)
    length = len(whole.record.moves)
    assert whole.finished
    assert whole.outcome is not None
    exact = play(game, rules, random.Random(8), max_moves=length)
    assert exact.finished  # a game that ends on the cap's last move is finished
    assert exact == whole
    cut = play(game, rules, random.Random(8), max_moves=length - 1)
    assert not cut.finished
    assert cut.outcome is None
    assert not game.is_terminal(cut.final)
    assert cut.record.moves == whole.record.moves[:-1]
    assert replay(game, cut.record) == cut.final


def test_a_negative_cap_is_refused() -> None:
    with pytest.raises(ValueError, match="max_moves must be at least 0"):
        play(GAMES["voyage"], voyage.Rules(players=2), random.Random(1), max_moves=-1)


@pytest.mark.rule("VOY-R10")
def test_a_game_that_loops_for_ever_stops_at_the_cap() -> None:
    """Two deterministic bots in a tiny deck come back to the same position again and
    again; without a cap `play` would never return."""
    positions: list[tuple[object, ...]] = []

    def record(before: voyage.State, move: voyage.Move, after: voyage.State) -> None:
        if after.phase is voyage.Phase.TURN:
            positions.append((after.player, after.hands, after.draw_pile, after.discard_top,
                              after.discard_under, after.scores))  # fmt: skip

    bots = [FirstMove(), FirstMove()]
    result = play(GAMES["voyage"], LOOPING, random.Random(0), bots=bots, max_moves=3000,
                  on_move=record)  # fmt: skip
    assert not result.finished
    assert result.outcome is None
    assert len(result.record.moves) == 3000
    assert len(set(positions[-100:])) < 10  # the same few positions, over and over
    longer = play(GAMES["voyage"], LOOPING, random.Random(0), bots=bots, max_moves=6000)
    assert not longer.finished
    assert longer.record.moves[:3000] == result.record.moves
    assert longer.final.results == result.final.results  # not one more round ended


def test_the_report_counts_unfinished_games_and_leaves_them_out_of_the_figures() -> None:
    game = GAMES["voyage"]
    rules = voyage.Rules(players=2)
    report = simulate(game, rules, 20, seed=3, max_moves=700)
    uncapped = simulate(game, rules, 20, seed=3, max_moves=None)
    assert report.max_moves == 700
    assert uncapped.unfinished() == 0
    long_games = [g for g in uncapped.games if g.decisions + g.chance_moves > 700]
    assert 0 < report.unfinished() == len(long_games) < 20
    finished = [g for g in report.games if g.finished]
    assert all(g.winner is None for g in report.games if not g.finished)
    assert sum(report.wins_by_seat()) == len(finished)
    mean, median, _ = report.figures()["decisions"]
    assert mean == statistics.fmean(g.decisions for g in finished)
    assert median == statistics.median(g.decisions for g in finished)
    assert simulate(game, rules, 3, seed=3, max_moves=10).figures() == {}


def without_elapsed_time(output: str) -> list[str]:
    """The printed report, less the elapsed seconds that end its first line."""
    header, *rest = output.splitlines()
    return [header.rsplit(", ", 1)[0], *rest]


@needs_processes
def test_seaview_simulate_prints_the_same_figures_with_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = ["simulate", "voyage", "--players", "3", "--games", "60", "--seed", "4"]
    assert main([*command, "--jobs", "1"]) == 0
    one_job = capsys.readouterr().out
    assert main([*command, "--jobs", "2"]) == 0
    two_jobs = capsys.readouterr().out
    assert one_job.startswith("voyage: 60 games, 3 players, seed 4, ")
    assert one_job.splitlines()[-1].startswith(
        "unfinished games        0 of 60 (cut off at 1,000,000 moves"
    )
    assert without_elapsed_time(two_jobs) == without_elapsed_time(one_job)
    assert main([*command[:-1], "5", "--jobs", "2"]) == 0
    assert without_elapsed_time(capsys.readouterr().out) != without_elapsed_time(one_job)


def test_seaview_simulate_prints_the_number_of_unfinished_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = GAMES["voyage"]
    expected = simulate(game, voyage.Rules(players=2), 20, seed=3, max_moves=700).unfinished()
    assert expected > 0
    command = ["simulate", "voyage", "--players", "2", "--games", "20", "--seed", "3"]
    assert main([*command, "--max-moves", "700"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith(f"unfinished games        {expected} of 20 (cut off at 700 moves")
    assert main([*command, "--max-moves", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("unfinished games        20 of 20")
    assert not any(line.startswith("decisions") for line in lines)
