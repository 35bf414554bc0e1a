"""`simulate` and ``seaview simulate``: the same seed gives the same report whatever
executor, whatever number of processes, plays the games."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from seaview_rules import GAMES, Game, simulate
from seaview_rules._simulate import play_games
from seaview_rules.cli import main


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


def test_a_process_pool_gives_the_report_played_without_one() -> None:
    """Spawned workers (not forked) share nothing with this process: the game, its
    rules and the task function reach them pickled, as they reach Dask or Ray workers."""
    game = GAMES["voyage"]
    rules = small_rules(game)
    serial = simulate(game, rules, 12, seed=5)
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
        )
    assert parallel == serial
    assert [g.index for g in parallel.games] == list(range(12))
    assert done == [(5, 12), (10, 12), (12, 12)]
    assert simulate(game, rules, 12, seed=6) != serial


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


def without_elapsed_time(output: str) -> list[str]:
    """The printed report, less the elapsed seconds that end its first line."""
    header, *rest = output.splitlines()
    return [header.rsplit(", ", 1)[0], *rest]


def test_seaview_simulate_prints_the_same_figures_with_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = ["simulate", "voyage", "--players", "3", "--games", "60", "--seed", "4"]
    assert main([*command, "--jobs", "1"]) == 0
    one_job = capsys.readouterr().out
    assert main([*command, "--jobs", "2"]) == 0
    two_jobs = capsys.readouterr().out
    assert one_job.startswith("voyage: 60 games, 3 players, seed 4, ")
    assert without_elapsed_time(two_jobs) == without_elapsed_time(one_job)
    assert main([*command[:-1], "5", "--jobs", "2"]) == 0
    assert without_elapsed_time(capsys.readouterr().out) != without_elapsed_time(one_job)
