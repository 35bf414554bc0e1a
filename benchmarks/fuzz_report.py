"""Count, per game, the mutated documents the fuzzer of tests/test_fuzz.py tries and
the "accepted but impossible" ones: documents that ``loads`` accepted with the checks
of the last commit (``git show HEAD:src/seaview_rules/<game>/_checks.py``) but that the
current checks refuse (before), and documents the current ``loads`` accepts whose
object then fails the game's checks, the API contract or the round trip (after).

    python benchmarks/fuzz_report.py [--documents 3000] [--seed 0]

The "after" oracle is the one the suite uses; it is not exact reachability (which no
check decides for 20,000 Leagues' counters or Ship's Wheel's hidden history), so
"after: 0" means none found by these checks, not none possible.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_fuzz import mutate, sources, verdict  # noqa: E402

from seaview_rules import GAMES, InvalidDataError  # noqa: E402


def _old_checks(name: str) -> types.ModuleType | None:
    try:
        text = subprocess.run(
            ["git", "show", f"HEAD:src/seaview_rules/{name}/_checks.py"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    except subprocess.CalledProcessError:
        return None  # no _checks module in the last commit
    module = types.ModuleType(f"seaview_rules.{name}._checks_before")
    exec(compile(text, module.__name__, "exec"), module.__dict__)
    return module


def _accepted_by(codec: Any, old: types.ModuleType, document: dict[str, Any]) -> bool:
    saved = codec.check_state, codec.check_view
    codec.check_state, codec.check_view = old.check_state, old.check_view
    try:
        codec.loads(json.dumps(document))
    except InvalidDataError:
        return False
    except Exception:
        return False
    finally:
        codec.check_state, codec.check_view = saved
    return True


def report(name: str, documents: int, seed: int) -> dict[str, int]:
    codec = sys.modules[f"seaview_rules.{name}._codec"]
    old = _old_checks(name)
    rng = random.Random(f"fuzz/{name}/{seed}")
    pool = sources(name, seed)
    counts = {"tried": 0, "refused": 0, "accepted": 0, "before": 0, "after": 0, "crashes": 0}
    while counts["tried"] < documents:
        mutated = mutate(rng.choice(pool), rng)
        if mutated is None:
            continue
        _, document = mutated
        counts["tried"] += 1
        try:
            result = verdict(name, document)
        except AssertionError:
            counts["after"] += 1
            result = "accepted"
        except Exception:
            counts["crashes"] += 1
            continue
        counts[result] += 1
        if result == "refused" and old is not None and _accepted_by(codec, old, document):
            counts["before"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("game         tried  refused  accepted  impossible before  after  crashes")
    for name in sorted(GAMES):
        c = report(name, args.documents, args.seed)
        print(
            f"{name:<12} {c['tried']:>5}  {c['refused']:>7}  {c['accepted']:>8}  "
            f"{c['before']:>17}  {c['after']:>5}  {c['crashes']:>7}"
        )


if __name__ == "__main__":
    main()
