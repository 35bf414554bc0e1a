"""Assemble the static web page: this folder's page, the Pyodide runtime from the pinned
npm package, and the wheels to install in the browser.

    python web/build.py OUT WHEEL...

``nox -s web`` runs it with the project's wheel and attrs' wheel. OUT is a site that any
static file server can serve, beside the docs or on its own; it fetches nothing else.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

HERE = Path(__file__).parent
PAGE = ("index.html", "app.js", "app.py", "style.css")
RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the Pyodide package that loading the interpreter needs (no packages:
the page installs its own wheels)."""


def build(out: Path, wheels: list[Path]) -> None:
    """Write the site to ``out``, replacing what was there."""
    shutil.rmtree(out, ignore_errors=True)
    (out / "pyodide").mkdir(parents=True)
    (out / "wheels").mkdir()
    for name in PAGE:
        shutil.copy2(HERE / name, out / name)
    runtime = HERE / "node_modules" / "pyodide"
    for name in RUNTIME:
        shutil.copy2(runtime / name, out / "pyodide" / name)
    for wheel in wheels:
        shutil.copy2(wheel, out / "wheels" / wheel.name)
    names = sorted(wheel.name for wheel in wheels)
    (out / "wheels.json").write_text(json.dumps(names) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write the site to")
    parser.add_argument("wheels", type=Path, nargs="+", help="the wheels to install in the page")
    args = parser.parse_args()
    build(args.out, args.wheels)


if __name__ == "__main__":
    main()
