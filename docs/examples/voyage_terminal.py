"""A complete terminal frontend for the Voyage card game: you are seat 0, bots the rest.

Run it with ``python voyage_terminal.py``. It uses only the public API: the view of
your seat (with your legal moves), the notation, moves sent with the seat that makes
them, the log as your seat saw it, and chance resolved by a seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from seaview_rules import CHANCE, RandomBot, voyage


def show(view: voyage.View) -> str:
    """What seat 0 may see, in a few lines."""
    top = view.discard_top or "nothing yet"
    before = " ".join(map(str, view.discard_under[-4:]))  # the pile lies face up, in order
    others = ", ".join(
        f"seat {s}: {n} cards" for s, n in enumerate(view.hand_sizes) if s != view.seat
    )
    drawn = f" (you drew {view.drawn})" if view.drawn else ""
    return (
        f"round {view.round}, scores {list(view.scores)}; top card {top}"
        f"{f' (played before it: {before})' if before else ''}; "
        f"draw pile {view.draw_pile_size}; {others}\nyour hand: {view.hand}{drawn}"
    )


def ask(
    state: voyage.State, read: Callable[[str], str], write: Callable[[str], None]
) -> voyage.Move:
    """Read moves in notation until one is legal; say why the others are not."""
    legal = voyage.view(state, 0).legal_moves
    while True:
        text = read(f"your move ({' '.join(map(str, legal))}): ")
        try:
            move = voyage.parse_move(text)
        except ValueError as err:
            write(str(err))
            continue
        violation = voyage.check_move(state, move, seat=0)  # the rule that forbids it
        if violation is None:
            return move
        write(f"not now: {violation.reason} ({violation.rule})")


def main(
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    players: int = 3,
    seed: int | None = None,
) -> voyage.State:
    rng = random.Random(seed)
    bot = RandomBot()
    state = voyage.new_game(voyage.Rules(players=players))
    while not voyage.is_terminal(state):
        seat = voyage.current_player(state)
        if seat is CHANCE:
            move = voyage.sample_chance(state, rng)  # a table app would ask for the real card
        elif seat == 0:
            write(show(voyage.view(state, 0)))
            move = ask(state, read, write)
        else:
            seen = voyage.view(state, seat)  # all a bot may know, its legal moves included
            move = bot.choose(seen, seen.legal_moves, rng)
        after = voyage.apply_move(state, move, seat=None if seat is CHANCE else seat)
        said = voyage.narrate(state, move, seat=0)  # what you saw: no hidden card
        if said:
            write(said)
        state = after
    winner = state.results[-1].winner
    write(f"seat {winner} wins the match with {state.scores[winner]} points")
    return state


if __name__ == "__main__":
    main()
