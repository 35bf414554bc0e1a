"""The ``seaview`` command: demos for every game and clear errors for bad arguments."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import pytest

from seaview_rules import GAMES
from seaview_rules._play import play
from seaview_rules.cli import demo, main


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_demo_plays_a_whole_seeded_game_and_names_the_winner(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", name, "--seed", "3"]) == 0
    first = capsys.readouterr().out
    assert first.startswith(GAMES[name].title)
    assert "wins:" in first.splitlines()[-1]
    main(["demo", name, "--seed", "3"])
    assert capsys.readouterr().out == first  # the same seed, the same log


def test_the_demo_without_a_game_plays_the_first_game_of_the_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--seed", "2", "--quiet"]) == 0
    default = capsys.readouterr().out
    main(["demo", next(iter(GAMES)), "--seed", "2", "--quiet"])
    assert capsys.readouterr().out == default
    assert default.startswith(next(iter(GAMES.values())).title)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_demo_heads_each_round_of_a_game_with_rounds(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["demo", name, "--seed", "3"])
    lines = capsys.readouterr().out.splitlines()
    periods = GAMES[name].periods
    if periods is None:
        assert not any(line.startswith(("Round ", "Hand ")) for line in lines)
        return
    header = periods.name[:-1].capitalize()
    numbers = [int(line.split()[1]) for line in lines if line.startswith(f"{header} ")]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) > 1


@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g.periods is not None))
def test_the_demo_draws_each_round_as_the_move_that_ended_it_left_the_table(name: str) -> None:
    # Not as it stood before that move: the picture shows the round's score counted.
    game, periods = GAMES[name], GAMES[name].periods
    assert periods is not None
    ends: list[tuple[object, object]] = []

    def ended(before: object, move: object, after: object) -> None:
        won = len(periods.winners(after)) != len(periods.winners(before))
        if won and not game.is_terminal(after):
            ends.append((before, after))

    play(game, game.rules_type(), random.Random(3), on_move=ended)
    out = io.StringIO()
    demo(game, None, 3, out)
    shown = out.getvalue()
    assert ends
    for before, after in ends:
        assert "\n" + game.render(after) + "\n" in shown
        assert game.render(before) not in shown


def test_the_demo_of_a_game_cut_off_by_the_cap_says_it_is_unfinished() -> None:
    out = io.StringIO()
    demo(GAMES["voyage"], 2, 3, out, max_moves=40)
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("Unfinished: the move cap of 40 stopped the game")
    assert "40 moves in all" in last


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["simulate", "voyage", "--games", "0"], "--games: must be at least 1"),
        (["simulate", "voyage", "--jobs", "-1"], "--jobs: must be at least 1"),
        (["simulate", "voyage", "--max-moves", "0"], "--max-moves: must be at least 1"),
        (["simulate", "voyage", "--players", "9"], "--players: must be 2 to 6"),
        (["demo", "chess"], "invalid choice"),
        (["conformance", "export", "x", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_arguments_end_with_a_one_line_error(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(arguments)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_python_dash_m_runs_the_seaview_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "seaview_rules", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: seaview")
