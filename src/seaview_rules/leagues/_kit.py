"""What the shared test kit and the conformance vectors take from 20,000 Leagues: the
rules the vectors are drawn under, and the game's test kit
(`seaview_rules.leagues.testing`)."""

from __future__ import annotations

from functools import cache

from seaview_rules._testkit import Kit
from seaview_rules.leagues._model import Rules, State
from seaview_rules.leagues._pieces import Board
from seaview_rules.leagues._views import View


@cache
def conformance_rules() -> tuple[Rules, ...]:
    """The rules of the seeded games the conformance vectors are taken from: four, two
    and three divers, without the spin-off, with the LEA-R6 option, and a small crowded
    board with the other reading of every ruling that has an option; built when the
    vectors are, never when the game is imported (the default board is data)."""
    return (
        Rules(players=4),
        Rules(players=2, spin_off=False),
        Rules(players=3, extra_spin_after_rise=True),
        Rules(
            # A small crowded board with the start in the middle of row 1, and the other
            # reading of every leagues ruling that has an option.
            players=3,
            board=Board.from_rows(
                [
                    ". v S . * .",
                    "v . . * . .",
                    ". . v . . *",
                    "* @ . . v .",
                    ". . * v . .",
                    ". v . . @ *",
                    "v . . . . v",
                    ". . . X . .",
                ],
                name="conformance",
            ),
            starfish_rise_above_taken=True,
            blocked_when_placed=False,
            start_always_right=False,
        ),
    )


def load_test_kit() -> Kit[Rules, State, View]:
    """The test kit of 20,000 Leagues (`seaview_rules.leagues.testing.KIT`)."""
    # Imported here, not above: the testing module needs Hypothesis (the testing extra),
    # which the game itself does not.
    from seaview_rules.leagues.testing import KIT

    return KIT
