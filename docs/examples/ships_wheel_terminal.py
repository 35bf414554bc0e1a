"""A complete terminal frontend for the Ship's Wheel card game: you are seat 0, bots the rest.

Run it with ``python ships_wheel_terminal.py``. It uses only the public API: the view of
your seat, the legal moves, the notation, ``distance_to_win`` as a hint, and chance
resolved by a seeded generator. Type a move's number or its notation.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from seaview_rules import CHANCE, RandomBot
from seaview_rules import ships_wheel as sw


def show(state: sw.State, view: sw.View) -> str:
    """What seat 0 may see, in a few lines."""
    cards = view.rules.table.cards
    piles = ", ".join(
        f"seat {s}: {cards[top] if top is not None else '-'}"
        for s, top in enumerate(view.pile_tops)
    )
    hand = [cards[i] for i in view.hand or ()]
    away = sw.distance_to_win(hand, view.rules.deck) if len(hand) == view.hand_size else None
    hint = f" ({away} to replace)" if away is not None else ""
    chosen = f"; you pass {cards[view.passing]}" if view.passing is not None else ""
    return (
        f"hand {view.hand_number}, scores {list(view.scores)}; deck {view.deck_size}; "
        f"piles {piles}\nyour hand: {' '.join(map(str, hand))}{hint}{chosen}"
    )


def ask(state: sw.State, read: Callable[[str], str], write: Callable[[str], None]) -> sw.Move:
    """Read a move's number or notation until it is legal; say why the others are not."""
    legal = sw.view(state, 0).legal_moves
    menu = " | ".join(f"{n} {m}" for n, m in enumerate(legal, 1))
    while True:
        text = read(f"your move ({menu}): ").strip()
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            move = sw.parse_move(text)
        except ValueError as err:
            write(str(err))
            continue
        violation = sw.check_move(state, move, seat=0)  # the rule that forbids it
        if violation is None:
            return move
        write(f"not now: {violation.reason} ({violation.rule})")


def main(
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    players: int = 3,
    seed: int | None = None,
) -> sw.State:
    rng = random.Random(seed)
    bot = RandomBot()
    state = sw.new_game(sw.Rules(players=players, target=20))
    while not sw.is_terminal(state):
        seat = sw.current_player(state)
        if seat is CHANCE:
            move = sw.sample_chance(state, rng)  # a table app would ask for the real card
        elif seat == 0:
            write(show(state, sw.view(state, 0)))
            move = ask(state, read, write)
        else:
            seen = sw.view(state, seat)  # all a bot may know, its legal moves included
            move = bot.choose(seen, seen.legal_moves, rng)
        before, state = state, sw.apply_move(state, move)
        said = sw.narrate(before, move, seat=0)  # what you saw, and no secret
        if said:
            write(said)
    winner = state.player
    write(f"seat {winner} wins the match with {state.scores[winner]} points")
    return state


if __name__ == "__main__":
    main()
