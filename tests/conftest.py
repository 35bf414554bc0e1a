"""Shared test settings: Hypothesis profiles that suit shared, noisy machines."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# No deadlines: timing is for the benchmarks, never for tests on a shared machine.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", parent=settings.get_profile("default"), derandomize=True, print_blob=True
)
# For mutation testing (nox -s mutation): each mutant reruns the tests, so fewer examples,
# and the same ones every run so that a score does not drift.
settings.register_profile(
    "mutation", parent=settings.get_profile("default"), max_examples=15, derandomize=True
)
# For the other CPythons in CI (.ci/run): every test, fewer examples, the same every run.
settings.register_profile(
    "quick", parent=settings.get_profile("default"), max_examples=10, derandomize=True
)
settings.load_profile(
    os.environ.get("SEAVIEW_HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``pytest -n auto`` (pytest-xdist), each worker takes whole modules, so that a
    module's fixtures are built once (the conformance vectors take a minute and a half);
    the plain ``--dist load`` hands a module's tests to every worker."""
    from xdist.scheduler import LoadScopeScheduling

    return LoadScopeScheduling(config, log)
