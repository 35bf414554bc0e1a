"""The tests of the agents' adapters need the ``rl`` extra (numpy, PettingZoo, OpenSpiel).

They carry the ``rl`` marker, which the default run deselects (``nox -s rl`` installs the
extra and runs ``pytest -m rl``). Where the extra is not installed, pytest does not even
import their modules, unless the run asks for them, which is then refused with the
command that installs the extra.

The modules of the compiled playouts import the ``fast`` extra (numba, numpy): where it is
not installed, pytest does not import them; their doctests carry the ``fast`` marker,
which the default run deselects like the tests of ``tests/test_compiled.py``.

A run on several cores (``pytest -n auto``) stops at the first worker that crashes.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).parent
RL_MODULES = frozenset(
    ROOT / path
    for path in (
        "src/seaview_rules/_agents.py",
        "src/seaview_rules/pettingzoo.py",
        "src/seaview_rules/openspiel.py",
        "tests/test_pettingzoo.py",
        "tests/test_openspiel.py",
        "tests/test_training_docs.py",
    )
)
"""The modules that import the rl extra: the adapters (their doctests) and their tests."""


def _needs_fast(path: Path) -> bool:
    """Whether a module imports the fast extra (numba, numpy): the MT19937 in numba and
    each game's compiled playout (Pyodide's run leaves them out in noxfile.py).
    The shared ``seaview_rules/_compiled.py`` imports them only on use."""
    package = path.parent.name == "seaview_rules"
    return (package and path.name == "_mt.py") or (
        path.name == "_compiled.py" and path.parent.parent.name == "seaview_rules"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    # Under pytest-xdist (``-n``), a worker that crashes ends the run at once, naming
    # the test it ran: xdist would start another in its place, and a replacement can
    # wait for work forever, so that the run never ends. ``--max-worker-restart`` given
    # on the command line still wins.
    if getattr(config.option, "maxworkerrestart", "") is None:
        config.option.maxworkerrestart = "0"


def _rl_installed() -> bool:
    return all(find_spec(name) is not None for name in ("numpy", "pettingzoo", "pyspiel"))


def _fast_installed() -> bool:
    return all(find_spec(name) is not None for name in ("numpy", "numba"))


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if _needs_fast(collection_path) and not _fast_installed():
        # Their doctests run with the fast tests (nox -s fast installs the extra).
        return True
    if collection_path not in RL_MODULES or _rl_installed():
        return None
    expression = str(config.getoption("markexpr", ""))
    if "rl" in expression.split() and "not rl" not in expression:
        raise pytest.UsageError("the rl tests need the rl extra: pip install -e '.[test,rl]'")
    return True


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The adapters' doctests need the extra too: they run with the rl tests.
    for item in items:
        if item.path in RL_MODULES and isinstance(item, pytest.DoctestItem):
            item.add_marker(pytest.mark.rl)
        elif _needs_fast(item.path) and isinstance(item, pytest.DoctestItem):
            item.add_marker(pytest.mark.fast)
