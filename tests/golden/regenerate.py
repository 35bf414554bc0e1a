"""The golden replays: seeded games whose every state is kept under ``tests/golden/``.

``tests/test_golden.py`` replays them and fails with a diff on any change of behaviour.
When a change is intended, regenerate them deliberately and review the diff:

    python tests/golden/regenerate.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from seaview_rules import GAMES, play

HERE = Path(__file__).parent

CASES: dict[str, tuple[str, dict[str, Any], int]] = {
    # name: (game, Rules options, seed)
    "voyage-2p": ("voyage", {"players": 2, "target": 7}, 1),
    "voyage-4p-draw-when-able": ("voyage", {"players": 4, "target": 5, "must_play": False}, 2),
    "voyage-6p-second-dealer": ("voyage", {"players": 6, "target": 4, "first_dealer": 1}, 3),
    "voyage-3p-small-deck": (
        "voyage",
        {"players": 3, "colours": 2, "numbers": 5, "hand_size": 3, "target": 6},
        4,
    ),
    "leagues-4p": ("leagues", {"players": 4}, 5),
    "leagues-2p-no-spin-off": ("leagues", {"players": 2, "spin_off": False}, 6),
    "leagues-3p-extra-spin-after-rise": (
        "leagues",
        {"players": 3, "extra_spin_after_rise": True},
        7,
    ),
    "leagues-3p-other-readings": (  # seed 138: each option changes at least one spin
        "leagues",
        {
            "players": 3,
            "starfish_rise_above_taken": True,
            "blocked_when_placed": False,
            "start_always_right": False,
        },
        138,
    ),
    "ships_wheel-2p-tiny-deck": (
        "ships_wheel",
        {
            "players": 2,
            "deck": {
                "shapes": ["circle", "square", "star"],
                "colours": ["red", "green", "blue"],
                "lighthouses": ["red"],
                "white_starfish": 1,
                "black_starfish": 1,
                "anchors": 1,
            },
            "min_hand_size": 2,
            "scoring": "hands",
            "target": 2,
        },
        193,
    ),
    "ships_wheel-3p-hands": ("ships_wheel", {"players": 3, "scoring": "hands", "target": 2}, 396),
    "ships_wheel-5p-two-decks": (
        "ships_wheel",
        {"players": 5, "decks": 2, "scoring": "hands", "target": 1, "first_dealer": 3},
        211,
    ),
    "ships_wheel-2p-partial-grid": (
        "ships_wheel",
        {
            "players": 2,
            "deck": {
                # Red comes in every shape, the other colours only as circles and squares:
                # at most 3 plain cards differ in both, and one Lighthouse makes 4 (SW-R4).
                "shapes": ["circle", "square", "triangle", "star", "moon"],
                "colours": ["red", "yellow", "green", "blue", "purple"],
                "plain": ["red-circle", "red-square", "red-triangle", "red-star", "red-moon"]
                + [
                    f"{c}-{s}"
                    for c in ("yellow", "green", "blue", "purple")
                    for s in ("circle", "square")
                ],
                "lighthouses": ["yellow"],
                "white_starfish": 1,
                "black_starfish": 1,
                "anchors": 1,
            },
            "min_hand_size": 2,
            "scoring": "hands",
            "target": 2,
        },
        8,
    ),
}


def state_data(name: str, state: Any) -> dict[str, Any]:
    """A state's JSON data without its rules (the record holds them once)."""
    data: dict[str, Any] = json.loads(GAMES[name].dumps(state))["data"]
    data.pop("rules")
    return data


def golden(case: str) -> dict[str, Any]:
    """The golden document of ``case``, computed anew."""
    name, options, seed = CASES[case]
    game = GAMES[name]
    result = play(game, game.rules_type(**options), random.Random(seed))
    state = game.new_game(result.record.rules)
    states = [state_data(name, state)]
    for move in result.record.moves:
        state = game.apply_move(state, move)
        states.append(state_data(name, state))
    record = json.loads(game.dumps(result.record))
    return {"case": case, "game": name, "seed": seed, "record": record, "states": states}


def write(document: dict[str, Any], path: Path) -> None:
    """One state per line, so that a change shows as a readable diff."""
    head = {k: v for k, v in document.items() if k != "states"}
    lines = [json.dumps(head)[:-1] + ', "states": [']
    lines += [json.dumps(s, separators=(",", ":")) + "," for s in document["states"]]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    for case in CASES:
        write(golden(case), HERE / f"{case}.json")
        print(f"wrote {case}.json")


if __name__ == "__main__":
    main()
