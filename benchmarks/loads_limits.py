"""Time ``loads`` at the documented size limits, and at half and a quarter of them, to
show that the time grows linearly with each dimension within the limits.

    python benchmarks/loads_limits.py [--repeat 3]

20,000 Leagues: the engine's tables cost rows x columns x spinner outcomes x the spun
number, so each of the board's squares and the spinner's segments is scaled on its own
(the other held at its limit); spins of 75 to 99 are the dearest. Ship's Wheel: decks
of up to `MAX_NAMES` shapes and colours, `MAX_ACTION_CARDS` Lighthouses and action
cards of each kind, two decks. Every figure is the best of ``--repeat`` runs of
``loads`` (the leagues tables cache emptied first, so each pays for building them).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

from seaview_rules import leagues
from seaview_rules import ships_wheel as sw
from seaview_rules.leagues import Board, Spinner
from seaview_rules.leagues._model import tables
from seaview_rules.leagues._pieces import MAX_LOADED_COLUMNS, MAX_LOADED_ROWS, MAX_LOADED_SEGMENTS
from seaview_rules.ships_wheel._pieces import MAX_ACTION_CARDS, MAX_NAMES


def board(rows: int, columns: int) -> Board:
    """A start, an arrow in every row but the last, the red arrow: all else yellow."""
    layout = []
    for row in range(rows):
        squares = ["."] * columns
        if row == 0:
            squares[0] = "S"
        if row < rows - 1:
            squares[2 + row % 2 if columns > 3 else 1] = "v"
        else:
            squares[columns // 2] = "X"
        layout.append("".join(squares))
    return Board.from_rows(layout)


def spinner(segments: int) -> Spinner:
    return Spinner.parse(" ".join(f"{99 - k // 2}{'RL'[k % 2]}" for k in range(segments)))


def best(run: Callable[[], object], clear: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        clear()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows, columns, segments = MAX_LOADED_ROWS, MAX_LOADED_COLUMNS, MAX_LOADED_SEGMENTS
    print("20,000 Leagues: rows x columns, segments -> document characters, loads time")
    for r, c, s in [
        (rows, columns, segments),
        (rows // 2, columns, segments),
        (rows // 4, columns, segments),
        (rows, columns, segments // 2),
        (rows, columns, segments // 4),
    ]:
        played = leagues.Rules(players=4, board=board(r, c), spinner=spinner(s))
        text = leagues.dumps(leagues.new_game(played))
        seconds = best(partial(leagues.loads, text), tables.cache_clear, args.repeat)
        print(f"  {r:>2} x {c:>2}, {s:>2} segments  {len(text):>6,}  {seconds * 1000:7.1f} ms")
    print("Ship's Wheel: shapes x colours, Lighthouses, action cards, decks -> ...")
    full = MAX_NAMES
    for names, extra, decks in [
        (full, MAX_ACTION_CARDS, 2),
        (full // 2, MAX_ACTION_CARDS // 2, 2),
        (full // 4 + 1, MAX_ACTION_CARDS // 4, 2),
        (full, MAX_ACTION_CARDS, 1),
    ]:
        deck = sw.DeckSpec(
            shapes=[f"s{k}" for k in range(names)],
            colours=[f"c{k}" for k in range(names)],
            lighthouses=[f"c{k % names}" for k in range(extra)],
            white_starfish=extra,
            black_starfish=extra,
            anchors=extra,
        )
        rules = sw.Rules(players=6, deck=deck, decks=decks, min_hand_size=3, max_hand_size=6)
        state = sw.apply_move(sw.new_game(rules), sw.parse_move(f"size {rules.hand_sizes[-1]}"))
        text = sw.dumps(state)
        cards = len(rules.table.full)
        seconds = best(partial(sw.loads, text), lambda: None, args.repeat)
        print(
            f"  {names:>2} x {names:>2}, {extra:>2}, {extra:>2} each, {decks} deck(s): "
            f"{cards:>3} cards  {len(text):>6,}  {seconds * 1000:7.1f} ms"
        )


if __name__ == "__main__":
    main()
