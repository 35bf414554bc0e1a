"""What the shared test kit and the conformance vectors take from Voyage: the rules the
vectors are drawn under, and the game's test kit (`seaview_rules.voyage.testing`)."""

from __future__ import annotations

from seaview_rules._testkit import Kit
from seaview_rules.voyage._model import Rules, State, View

CONFORMANCE_RULES = (
    Rules(players=4, target=8),
    Rules(players=2, colours=2, numbers=3, hand_size=2, target=3),
    Rules(players=3, must_play=False, first_dealer=1, target=6),
    Rules(players=2, colours=1, numbers=4, hand_size=2, target=2),
)
"""The rules of the seeded games the conformance vectors are taken from: the full deck,
small decks, and the other reading of VOY-R3."""


def load_test_kit() -> Kit[Rules, State, View]:
    """The test kit of Voyage (`seaview_rules.voyage.testing.KIT`)."""
    # Imported here, not above: the testing module needs Hypothesis (the testing extra),
    # which the game itself does not.
    from seaview_rules.voyage.testing import KIT

    return KIT
