"""What one seat, or a spectator, may see of a 20,000 Leagues game: everything.

The board, the divers and the spinner are in plain sight, and nobody holds a secret,
so a view is the state with the seat that looks at it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from seaview_rules._core import check_seat

if TYPE_CHECKING:
    from seaview_rules.leagues._model import Event, Phase, Rules, State
    from seaview_rules.leagues._moves import Spin


@frozen
class View:
    """A seat's (or, with ``seat=None``, a spectator's) view: the whole state, since
    20,000 Leagues hides nothing."""

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    positions: tuple[int, ...]
    placed: tuple[bool, ...]
    order: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    spun: tuple[int, ...]
    spins: int
    turns: int
    order_spins: int
    last_spin: Spin | None
    events: tuple[Event, ...]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat=None`` is the spectator's view.

    >>> from seaview_rules import leagues
    >>> v = view(leagues.new_game(leagues.Rules(players=2)), 1)
    >>> v.seat, v.positions
    (1, (0, 0))

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    check_seat(seat, state.rules.players)
    return View(
        state.rules, seat, state.phase, state.player, state.positions, state.placed,
        state.order, state.groups, state.spun, state.spins, state.turns, state.order_spins,
        state.last_spin, state.events,
    )  # fmt: skip
