"""The golden pictures: `seaview_rules.svg` and the games' ``svg`` drawings of seeded positions, kept byte for
byte under ``tests/golden/svg/``.

``tests/test_svg.py`` draws them again and fails with a diff on any change. When a
change of the pictures is intended, regenerate them deliberately, look at them, and
review the diff:

    python tests/golden/svg/regenerate_pictures.py
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from seaview_rules import CHANCE, GAMES, OMNISCIENT, leagues, ships_wheel, svg, voyage

HERE = Path(__file__).parent


def played(
    game: str, rules: Any, seed: int, moves: int, until: Callable[[Any], bool] | None = None
) -> Any:
    """The state after ``moves`` seeded random moves (chance included), then more until
    ``until`` holds of it, if given; or where the game ended."""
    engine = GAMES[game]
    rng = random.Random(seed)
    state = engine.new_game(rules)
    done = 0
    while done < moves or (until is not None and not until(state)):
        player = engine.current_player(state)
        if player is None:
            break
        legal = engine.legal_moves(state)
        move = engine.sample_chance(state, rng) if player is CHANCE else rng.choice(legal)
        state = engine.apply_move(state, move)
        done += 1
    return state


SMALL = leagues.Rules(
    players=3,
    board=leagues.Board.from_rows(
        ["S.v.*.", "...v..", "v.*..@", "....v.", ".@...v", "...X.."], name="six by six"
    ),
)
"""A small board with every kind of square, so that its pictures stay small."""


def _leagues_spin() -> str:
    # Seed 0, spin 7: 4R bounces at (3, 6) back to (3, 3), a starfish takes him down.
    before, after = played("leagues", SMALL, 0, 6), played("leagues", SMALL, 0, 7)
    return svg.render(after, before=before)


def _seat_to_move(state: Any) -> bool:
    return isinstance(GAMES["voyage"].current_player(state), int)


def _voyage() -> voyage.State:
    state: voyage.State = played("voyage", voyage.Rules(players=3), 2, 30, _seat_to_move)
    return state


def _passing(state: ships_wheel.State) -> bool:
    return state.phase is ships_wheel.Phase.PASS and state.passing.count(None) < 2


def _anchor() -> ships_wheel.State:
    state: ships_wheel.State = played("ships_wheel", ships_wheel.Rules(players=3), 4, 10, _passing)
    return state


NAMES = ("Ann", "Bo", "Cyrano de Bergerac")
"""The players' names of the pictures drawn for a phone."""


def _last(game: str, rules: Any, seed: int, moves: int, until: Callable[[Any], bool]) -> Any:
    """As `played`, then the view of the seat to move, drawn 390 pixels wide with the
    players' names and the events of the move that led to it."""
    engine = GAMES[game]
    before = played(game, rules, seed, moves, until)
    rng = random.Random(seed)
    while True:
        player = engine.current_player(before)
        legal = engine.legal_moves(before)
        move = engine.sample_chance(before, rng) if player is CHANCE else rng.choice(legal)
        after = engine.apply_move(before, move)
        if player is not CHANCE and until(after):
            break
        before = after
    told = engine.events(before, move, seat=OMNISCIENT)
    player = engine.current_player(after)
    seat = player if isinstance(player, int) else 0
    return svg.render(
        engine.view(after, seat), width=390, names=NAMES[: rules.players], last=told, moves=True
    )


def _leagues_phone(width: int) -> str:
    before = played("leagues", leagues.Rules(players=3), 3, 40)
    rng = random.Random(3)
    spin = GAMES["leagues"].sample_chance(before, rng)
    after = leagues.apply_move(before, spin)
    told = leagues.events(before, spin, seat=OMNISCIENT)
    return svg.render(leagues.view(after, 0), width=width, names=NAMES, last=told, before=before)


CASES: dict[str, Callable[[], str]] = {
    "leagues-board": lambda: leagues.svg.board(leagues.default_board()),
    "leagues-spinner": lambda: leagues.svg.spinner(
        leagues.default_spinner(), spun=leagues.parse_move("5L")
    ),
    "leagues-3p-last-spin": _leagues_spin,
    "leagues-spectator-game-over": lambda: svg.render(
        leagues.view(played("leagues", SMALL, 2, 10**4), None), legend=False
    ),
    "voyage-deck": lambda: voyage.svg.deck(voyage.Rules()),
    "voyage-3p-seat-view": lambda: svg.render(voyage.view(_voyage(), _voyage().player), moves=True),
    "voyage-3p-spectator": lambda: svg.render(voyage.view(_voyage(), None)),
    "voyage-3p-state": lambda: svg.render(_voyage()),
    "ships_wheel-deck": lambda: ships_wheel.svg.deck(ships_wheel.DeckSpec()),
    "ships_wheel-hand": lambda: ships_wheel.svg.hand(
        ships_wheel.Card.parse(c) for c in ("red-star", "blue-moon", "green-lighthouse", "anchor")
    ),
    "ships_wheel-3p-anchor-seat-view": lambda: svg.render(
        ships_wheel.view(_anchor(), _anchor().player), moves=True
    ),
    "ships_wheel-3p-anchor-state": lambda: svg.render(_anchor()),
    "voyage-3p-phone-named-last": lambda: _last(
        "voyage", voyage.Rules(players=3), 2, 30, _seat_to_move
    ),
    "ships_wheel-3p-phone-named-last": lambda: _last(
        "ships_wheel",
        ships_wheel.Rules(players=3),
        4,
        30,
        lambda s: s.phase is ships_wheel.Phase.DRAW,
    ),
    "leagues-3p-phone-named-last": lambda: _leagues_phone(390),
    "leagues-3p-laptop-named-last": lambda: _leagues_phone(1280),
}
"""Each golden picture by file name (without ``.svg``), and how it is drawn."""


def main() -> None:
    for old in HERE.glob("*.svg"):
        old.unlink()
    for name, draw in CASES.items():
        (HERE / f"{name}.svg").write_text(draw() + "\n", encoding="utf-8")
        print(f"wrote {name}.svg")


if __name__ == "__main__":
    main()
