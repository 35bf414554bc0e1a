"""Check what the web page showed against CPython, and print the page's figures.

    python web/tests/check_results.py OUT

OUT is the folder ``play.mjs`` wrote. For every game played in the browser, the game
record the page showed is loaded and replayed here, in CPython: the game must be over,
and its result, worded by the page's own ``describe``, must be the result the page
showed. Then the figures: the bytes the page fetched, the time to the first move, and
the milliseconds per move of random play in the browser and here.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from seaview_rules import GAMES, GameRecord, replay

WEB = Path(__file__).parents[1]


def page_module() -> ModuleType:
    """The page's ``app.py``, imported here as it is in the browser."""
    spec = importlib.util.spec_from_file_location("seaview_web", WEB / "app.py")
    if spec is None or spec.loader is None:
        raise ImportError(WEB / "app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(results: dict[str, Any], app: ModuleType) -> list[str]:
    """The games whose shown result differs from the replay's, as messages."""
    problems = []
    for played in results["games"]:
        game = GAMES[played["game"]]
        record = game.from_dict(json.loads(played["record"]), kind=GameRecord)
        final = replay(game, record)
        shown, replayed = played["result"], app.describe(game.outcome(final))
        if not game.is_terminal(final) or shown != replayed:
            problems.append(
                f"{game.name}: the page showed {shown!r}, the replay gives {replayed!r}"
            )
        else:
            print(f"{game.name}: {len(record.moves)} moves, {played['clicks']} clicks: {shown}")
    return problems


def figures(results: dict[str, Any], app: ModuleType) -> None:
    """Print the page weight, the time to the first move and the speed of play."""
    weight: dict[str, int] = results["weight"]
    runtime = sum(size for path, size in weight.items() if path.startswith("/pyodide/"))
    wheels = {
        path.rsplit("/", 1)[1]: size for path, size in weight.items() if path.endswith(".whl")
    }
    print(f"page weight: {sum(weight.values()):,} bytes in {len(weight)} files")
    print(f"  Pyodide runtime: {runtime:,} bytes")
    for name, size in sorted(wheels.items()):
        print(f"  {name}: {size:,} bytes")
    timings: dict[str, float] = results["timings"]
    print(
        f"time to first move: {timings['firstMove'] / 1000:.1f} s after the page was opened "
        f"(Python started at {timings['python'] / 1000:.1f} s, the wheels installed at "
        f"{timings['ready'] / 1000:.1f} s)"
    )
    speed: dict[str, dict[str, float]] = results["speed"]
    version = ".".join(map(str, sys.version_info[:3]))
    print(f"random play, ms per move: browser (Pyodide) against CPython {version}")
    for name, browser in speed.items():
        here = json.loads(app.speed(name, 3))
        ratio = browser["ms_per_move"] / here["ms_per_move"]
        print(
            f"  {name}: {browser['ms_per_move']:.4f} against {here['ms_per_move']:.4f} ({ratio:.2f}x)"
        )


def main() -> None:
    results = json.loads(Path(sys.argv[1], "results.json").read_text(encoding="utf-8"))
    app = page_module()
    problems = check(results, app)
    figures(results, app)
    if problems:
        sys.exit("\n".join(problems))


if __name__ == "__main__":
    main()
