"""What the shared test kit and the conformance vectors take from Ship's Wheel: the
rules the vectors are drawn under, and the game's test kit
(`seaview_rules.ships_wheel.testing`)."""

from __future__ import annotations

from seaview_rules._testkit import Kit
from seaview_rules.ships_wheel._model import Rules, State, View
from seaview_rules.ships_wheel._rulebook import Scoring

CONFORMANCE_RULES = (
    Rules(players=4, target=5),
    Rules(players=2, scoring=Scoring.HANDS, target=1),
    Rules(players=3, decks=2, target=4, first_dealer=2, tie_keeps_size=False),
    Rules(players=6, max_reshuffles=0, target=3),
)
"""The rules of the seeded games the conformance vectors are taken from: both scorings,
two decks, a full table, and no reshuffle."""


def load_test_kit() -> Kit[Rules, State, View]:
    """The test kit of Ship's Wheel (`seaview_rules.ships_wheel.testing.KIT`)."""
    # Imported here, not above: the testing module needs Hypothesis (the testing extra),
    # which the game itself does not.
    from seaview_rules.ships_wheel.testing import KIT

    return KIT
