"""Registers our strategies with Hypothesis, so that ``st.from_type(voyage.State)`` and
``@given(state=...)`` with type hints work. Hypothesis calls this through the
``hypothesis`` entry point of the installed package; nothing here runs otherwise."""

from __future__ import annotations


def _hypothesis_setup_hook() -> None:
    from hypothesis import strategies as st

    from seaview_rules import leagues, voyage
    from seaview_rules.testing import leagues as leagues_testing
    from seaview_rules.testing import voyage as voyage_testing

    for kind, make in (
        (voyage.Rules, voyage_testing.rules),
        (voyage.State, voyage_testing.states),
        (voyage.View, voyage_testing.views),
        (leagues.Board, leagues_testing.boards),
        (leagues.Spinner, leagues_testing.spinners),
        (leagues.Rules, leagues_testing.rules),
        (leagues.State, leagues_testing.states),
        (leagues.View, leagues_testing.views),
    ):
        st.register_type_strategy(kind, st.deferred(make))
