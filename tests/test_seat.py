"""API-SEAT: the shared seat check that frontends pass the seat their client sent."""

from __future__ import annotations

import pytest

from seaview_rules._core import CHANCE, seat_violation


@pytest.mark.rule("API-SEAT")
@pytest.mark.parametrize(
    ("to_move", "seat", "refused"),
    [(1, None, False), (1, 1, False), (1, 0, True), (CHANCE, 0, True), (None, 0, True),
     (0, True, True), (0, "0", True), (0, 2**80, True)],
)  # fmt: skip
def test_a_seat_is_refused_iff_it_is_not_the_one_to_move(
    to_move: object, seat: object, refused: bool
) -> None:
    violation = seat_violation(to_move, seat)  # type: ignore[arg-type]
    assert (violation is not None) == refused
    if violation is not None:
        assert violation.rule == "API-SEAT"
