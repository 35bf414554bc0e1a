"""Peer engines for ``bench.py --peers``: OpenSpiel ``crazy_eights`` and RLCard UNO.

Each peer is driven with the loop ``bench.py`` uses for our games (sample the chance
outcome, or pick a random legal move with the same ``random.Random``), through the
peer's own game API, without any environment or observation layer on top:

- OpenSpiel: ``pyspiel.load_game("crazy_eights", {"players": P})``; chance nodes are
  sampled from ``state.chance_outcomes()``, player moves chosen among
  ``state.legal_actions()``, both applied with ``state.apply_action``. Its core is C++.
- RLCard: ``rlcard.games.uno.game.UnoGame`` with ``configure`` / ``init_game`` /
  ``get_legal_actions`` / ``step`` / ``is_over``. UNO has no explicit chance nodes: its
  deck is shuffled inside the engine by its own ``numpy`` generator, seeded here.

Neither package is a dependency of seaview_rules: ``nox -s bench -- --peers`` installs
them into the benchmark's own virtualenv. A peer that cannot be imported is reported
as unavailable, with the reason, and is not measured.
"""

from __future__ import annotations

import copy
import ctypes
import random
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Engine:
    """What the benchmark measures of one engine, whoever wrote it."""

    name: str
    """Short name printed in the tables."""
    description: str
    """What exactly is driven, for the report."""
    playout: Callable[[random.Random], tuple[int, int]]
    """One random game: (player decisions, chance moves)."""
    mid_game_states: Callable[[int], list[Any]]
    """Up to that many states from random games where a player is to move."""
    legal_moves: Callable[[Any], object]
    """The engine's legal-move generator, called on one of those states."""
    history_bytes: Callable[[int], float | None]
    """Bytes per state when every state of the game with that seed is kept."""
    memory_note: str
    """How ``history_bytes`` is measured."""


class _MallInfo2(ctypes.Structure):
    _FIELDS = "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost"
    _fields_: ClassVar = [(name, ctypes.c_size_t) for name in _FIELDS.split(" ")]


def _malloc_in_use() -> Callable[[], int] | None:
    """Bytes in use on the C heap (glibc ``mallinfo2``), or ``None`` where unavailable."""
    try:
        function = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    function.restype = _MallInfo2

    def in_use() -> int:
        info = function()
        return int(info.uordblks + info.hblkhd)

    return in_use


def openspiel(players: int) -> Engine:
    """OpenSpiel's ``crazy_eights`` (C++ core driven from Python).

    Raises:
        ImportError: ``open_spiel`` is not installed.
    """
    import pyspiel  # type: ignore[import-not-found]  # optional, installed by nox

    game = pyspiel.load_game("crazy_eights", {"players": players})

    def chance_action(state: Any, rng: random.Random) -> int:
        outcomes = state.chance_outcomes()
        r = rng.random()
        for action, probability in outcomes:
            r -= probability
            if r < 0:
                return int(action)
        return int(outcomes[-1][0])  # r within rounding of 1

    def playout(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_action(state, rng))
                chance += 1
            else:
                moves = state.legal_actions()
                state.apply_action(moves[rng.randrange(len(moves))])
                decisions += 1
        return decisions, chance

    def mid_game_states(count: int) -> list[Any]:
        rng = random.Random(99)
        found: list[Any] = []
        while len(found) < count:
            state = game.new_initial_state()
            while not state.is_terminal() and len(found) < count:
                if state.is_chance_node():
                    state.apply_action(chance_action(state, rng))
                    continue
                if rng.random() < 0.2:
                    found.append(state.clone())
                moves = state.legal_actions()
                state.apply_action(moves[rng.randrange(len(moves))])
        return found

    in_use = _malloc_in_use()

    def history_bytes(seed: int) -> float | None:
        if in_use is None:
            return None
        rng = random.Random(seed)
        state = game.new_initial_state()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0], in_use()
        history = [state.clone()]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_action(state, rng))
            else:
                moves = state.legal_actions()
                state.apply_action(moves[rng.randrange(len(moves))])
            history.append(state.clone())
        used = tracemalloc.get_traced_memory()[0] - before[0] + in_use() - before[1]
        tracemalloc.stop()
        return used / len(history)

    return Engine(
        name="openspiel",
        description=f"OpenSpiel {_version('open_spiel')} crazy_eights, players={players}",
        playout=playout,
        mid_game_states=mid_game_states,
        legal_moves=lambda state: state.legal_actions(),
        history_bytes=history_bytes,
        memory_note="a state.clone() per state: Python objects (tracemalloc) + C++ heap (glibc mallinfo2)",
    )


def rlcard_uno(players: int) -> Engine:
    """RLCard's UNO game engine (pure Python, mutable), without its env layer.

    Raises:
        ImportError: ``rlcard`` is not installed.
    """
    import numpy as np  # type: ignore[import-not-found]  # comes with rlcard
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found]

    def new_game(seed: int, allow_step_back: bool = False) -> Any:
        game = UnoGame(allow_step_back=allow_step_back)
        game.configure({"game_num_players": players})
        game.np_random = np.random.RandomState(seed)
        return game

    engine_seed = random.Random(7)
    shared = new_game(engine_seed.randrange(2**32))

    def playout(rng: random.Random) -> tuple[int, int]:
        shared.init_game()
        decisions = 0
        while not shared.is_over():
            moves = shared.get_legal_actions()
            shared.step(moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions, 0

    def mid_game_states(count: int) -> list[Any]:
        rng = random.Random(99)
        game = new_game(99)
        found: list[Any] = []
        while len(found) < count:
            game.init_game()
            while not game.is_over() and len(found) < count:
                if rng.random() < 0.2:
                    found.append(copy.deepcopy(game))
                moves = game.get_legal_actions()
                game.step(moves[rng.randrange(len(moves))])
        return found

    def history_bytes(seed: int) -> float | None:
        rng = random.Random(seed)
        game = new_game(seed, allow_step_back=True)  # RLCard's own way to keep history
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        game.init_game()
        while not game.is_over():
            moves = game.get_legal_actions()
            game.step(moves[rng.randrange(len(moves))])
        used = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        return used / (len(game.history) + 1)

    return Engine(
        name="rlcard-uno",
        description=f"RLCard {_version('rlcard')} UnoGame (no env layer), players={players}",
        playout=playout,
        mid_game_states=mid_game_states,
        legal_moves=lambda game: game.get_legal_actions(),
        history_bytes=history_bytes,
        memory_note="UnoGame(allow_step_back=True): its deep copy per step (tracemalloc)",
    )


def _version(distribution: str) -> str:
    from importlib.metadata import version

    return version(distribution)


PEERS: dict[str, Callable[[int], Engine]] = {"openspiel": openspiel, "rlcard-uno": rlcard_uno}
"""Every peer by name: a function of the number of players that builds its `Engine`."""
