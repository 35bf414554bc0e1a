# /// script
# dependencies = ["nox>=2024.4.15"]
# ///
"""Sessions: tests (every supported CPython found), lint, mypy, docs, build, bench; dask
(optional, never by default: simulate on a local Dask cluster)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

import nox

nox.needs_version = ">=2024.4.15"
nox.options.sessions = ["lint", "mypy", "tests", "docs"]
nox.options.default_venv_backend = "venv"

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


def _find_pythons() -> list[str]:
    """The supported CPythons on this machine; pyenv-installed ones are put on PATH."""
    if shutil.which("pyenv"):
        root = subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=False)
        for version in PYTHONS:
            for bin_dir in Path(root.stdout.strip(), "versions").glob(f"{version}.*/bin"):
                os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    found = []
    for version in PYTHONS:
        command = shutil.which(f"python{version}")
        if command and subprocess.run([command, "--version"], capture_output=True).returncode == 0:
            found.append(version)
    return found


AVAILABLE = _find_pythons()


@nox.session(python=AVAILABLE or None)
def tests(session: nox.Session) -> None:
    """Run the test suite (doctests included)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff: lint and formatting."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def mypy(session: nox.Session) -> None:
    """mypy --strict over src, tests and this file."""
    session.install("-e", ".[test]", "mypy", "nox", "sphinx")
    session.run("mypy", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs (warnings are errors, nitpicky) and run their doctests."""
    session.install("-e", ".[docs,testing]")
    for builder in ("html", "doctest"):
        session.run(
            "sphinx-build",
            "-W",
            "-n",
            "--keep-going",
            "-b",
            builder,
            "docs",
            f"docs/_build/{builder}",
        )


@nox.session
def build(session: nox.Session) -> None:
    """Build the sdist and the wheel and check their metadata."""
    session.install("build", "twine")
    shutil.rmtree("dist", ignore_errors=True)
    session.run("python", "-m", "build")
    session.run("twine", "check", "--strict", *glob.glob("dist/*"))


@nox.session
def bench(session: nox.Session) -> None:
    """Speed and memory figures (not a test: this machine is shared and noisy).

    ``nox -s bench -- --peers`` also installs OpenSpiel and RLCard into this session's
    virtualenv and measures them with the same driver loop.
    """
    session.install("-e", ".")
    if "--peers" in session.posargs:
        session.install(*PEER_PACKAGES)
    session.run("python", "benchmarks/bench.py", *session.posargs)


PEER_PACKAGES = ["open_spiel", "rlcard"]
"""The peers that ``bench -- --peers`` compares with (see benchmarks/peers.py)."""


@nox.session
def dask(session: nox.Session) -> None:
    """`simulate` on a local Dask cluster (2 worker processes, loopback) equals the
    serial run. Optional: it installs ``distributed``; not part of CI."""
    session.install("-e", ".", "distributed")
    session.run("python", "benchmarks/dask_check.py", *session.posargs)
