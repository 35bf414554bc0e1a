"""`render`, the plain-text picture: of a state, everything; of a view, what its seat sees
and nothing else (the same text for every state that seat cannot tell apart)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from seaview_rules import leagues, ships_wheel, voyage
from seaview_rules.leagues import testing as lst
from seaview_rules.ships_wheel import testing as sst
from seaview_rules.voyage import testing as vst


@given(sst.states(), st.integers(0, 2**32))
def test_a_ships_wheel_view_renders_the_same_for_every_state_its_seat_cannot_tell_apart(
    state: ships_wheel.State, seed: int
) -> None:
    rng = random.Random(seed)
    for seat in (None, *range(state.rules.players)):
        text = ships_wheel.render(ships_wheel.view(state, seat))
        twin = sst.hidden_twin(state, 0 if seat is None else seat, rng)
        if seat is None:
            twin = sst.hidden_twin(twin, (state.player + 1) % state.rules.players, rng)
        assert ships_wheel.render(ships_wheel.view(twin, seat)) == text
        lines = text.splitlines()[2:]
        for other, line in enumerate(lines):
            hand = line.split(" | ")[1]
            if other == seat:
                assert hand == ships_wheel._render._names(state.rules, state.hands[seat])
            else:
                count = len(state.hands[other])
                assert hand == f"{count} card{'s' * (count != 1)}"


@given(vst.states(), st.integers(0, 2**32))
def test_a_voyage_view_renders_the_same_for_every_state_its_seat_cannot_tell_apart(
    state: voyage.State, seed: int
) -> None:
    rng = random.Random(seed)
    for seat in (None, *range(state.rules.players)):
        text = voyage.render(voyage.view(state, seat))
        twin = vst.hidden_twin(state, 0 if seat is None else seat, rng)
        if seat is None:
            twin = vst.hidden_twin(twin, 1, rng)
        assert voyage.render(voyage.view(twin, seat)) == text


@given(lst.states())
def test_a_leagues_view_renders_its_state_and_says_whose_view_it_is(
    state: leagues.State,
) -> None:
    for seat in (None, *range(state.rules.players)):
        text = leagues.render(leagues.view(state, seat)).splitlines()
        whole = leagues.render(state).splitlines()
        viewer = "a spectator" if seat is None else f"seat {seat}"
        status = len(whole) - 1 - (state.last_spin is not None)
        assert text[:status] == whole[:status]
        assert text[status] == f"{whole[status]}, seen by {viewer}"
        assert text[status + 1 :] == whole[status + 1 :]
