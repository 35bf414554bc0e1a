"""The bots of a table: which seats they play, whose turn it is, and the loop that
plays their turns. A bot sees only its seat's view; a search (IS-MCTS) thinks in a
worker thread; its move goes through the same change as a player's, version check
included."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Awaitable, Callable
from typing import Any

from seaview_rules import CHANCE, Bot, IllegalMoveError, RandomBot, Table
from seaview_rules.bots import ISMCTSBot
from seaview_rules.server._live import HubError, LiveTable
from seaview_rules.server._quota import QuotaError

__all__ = ["bot_turn", "make_bots", "play_bots"]

AnyTable = Table[Any, Any, Any, Any]
Change = Callable[[LiveTable, Callable[[AnyTable], int]], Awaitable[int]]
"""How a bot's move is made: `Hub.change`."""
Wait = Callable[[LiveTable], float]
"""Seconds until a table's bots may move (`Hub.wait_for`: its creator's change rate)."""


def make_bots(
    table: AnyTable, seats: tuple[str, ...], rng: random.Random
) -> dict[int, Bot[Any, Any]]:
    """The bot of each bot seat of ``seats`` (IS-MCTS where the game has a search)."""
    bots: dict[int, Bot[Any, Any]] = {}
    for seat, kind in enumerate(seats):
        if kind == "bot:ismcts" and table.game.search is not None:
            bots[seat] = ISMCTSBot(seed=rng.randrange(2**32))
        elif kind.startswith("bot:"):
            bots[seat] = RandomBot()
    return bots


def bot_turn(live: LiveTable) -> tuple[int, bool] | None:
    """The bot seat that is to act on ``live`` and whether it presses the chance button
    (``True``) or moves, or ``None``."""
    table = live.table
    to_move = table.to_move
    if isinstance(to_move, int):
        if to_move in live.bots:
            return to_move, False
        # A simultaneous phase (Ship's Wheel's Anchor pass, SW-R7): a bot seat whose view
        # offers it moves acts without waiting for the seat to move.
        return next(((s, False) for s in live.bots if table.view(s).legal_moves), None)
    if to_move is CHANCE and table.chance == "step":
        seat = table.game.chance_seat(table.state)
        if seat in live.bots:
            return seat, True
    return None


async def play_bots(live: LiveTable, change: Change, wait: Wait) -> None:
    """Play the bots' turns of ``live`` until a player (or the admin) is to act, each
    once ``wait`` lets it. A bot acts on the version it saw: if the table moved on
    meanwhile (an undo), its move is refused and it thinks again; if the store fails,
    or a cap is reached, the bots stop until the next change wakes them."""
    while (turn := bot_turn(live)) is not None:
        delay = wait(live)
        if delay > 0:
            await asyncio.sleep(delay)
            continue
        seat, press = turn
        version = live.table.version
        if press:
            act: Callable[[AnyTable], int] = functools.partial(_step, seat=seat, version=version)
        else:
            view = live.table.view(seat)
            bot = live.bots[seat]
            if isinstance(bot, ISMCTSBot):  # a search: off the event loop
                move = await asyncio.to_thread(bot.choose, view, view.legal_moves, live.bot_rng)
            else:
                move = bot.choose(view, view.legal_moves, live.bot_rng)
            act = functools.partial(_submit, seat=seat, move=move, version=version)
        try:
            await change(live, act)
        except IllegalMoveError:
            pass
        except QuotaError as exc:  # a player's change took the rate meanwhile
            await asyncio.sleep(exc.retry_after or 0.0)
        except HubError:
            return
        await asyncio.sleep(0)  # let the replies and pushes of the other tables go out


def _step(table: AnyTable, *, seat: int, version: int) -> int:
    return table.step(seat, version=version)


def _submit(table: AnyTable, *, seat: int, move: Any, version: int) -> int:
    return table.submit(seat, move, version=version)
