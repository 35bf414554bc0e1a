"""What one seat, or a spectator, may see of a 20,000 Leagues game: everything.

The board, the divers and the spinner are in plain sight, and nobody holds a secret,
so a view is the state with the seat that looks at it, whose turn it is, and the moves
that seat may make (none: every move is a spin of the chance player).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from seaview_rules._core import Player, check_seat
from seaview_rules.leagues._model import Phase, Rules, State, build_state
from seaview_rules.leagues._moves import Move, Spin
from seaview_rules.leagues._pieces import Square
from seaview_rules.leagues._rules import current_player


@frozen
class View:
    """A seat's (or, with ``seat=None``, a spectator's) view: the whole state, since
    20,000 Leagues hides nothing, then `to_move` and `legal_moves`, which every game's
    view ends with. It is all a client needs to draw the board and the divers, say
    whose diver spins next (`player`) or who won (`winner`), and show the spin the
    spinner's arrow rests on (`last_spin`); what a spin did comes with it, as the
    events of the move (``events``)."""

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    """The seat whose diver spins next, as in `State.player`; once the game is over,
    the winner."""
    extra_spin: bool
    """Whether `player` spins again after a descent, as in `State.extra_spin`."""
    positions: tuple[Square, ...]
    placed: tuple[bool, ...]
    order: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    spun: tuple[int, ...]
    spins: int
    turns: int
    order_spins: int
    last_spin: Spin | None
    to_move: Player | None
    """`CHANCE` until the game is over, then ``None``: ``current_player`` of the state,
    which every seat knows."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now. There are none, ever, since every move is a
    spin of the chance player; a frontend offers a "spin" button instead, or asks what
    the real spinner showed."""

    @property
    def winner(self) -> int | None:
        """The seat whose diver reached the red arrow once the game is over (LEA-1),
        else ``None``: the winner `outcome` would name."""
        return self.player if self.phase is Phase.OVER else None


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat=None`` is the spectator's view.

    >>> from seaview_rules import leagues
    >>> v = view(leagues.new_game(leagues.Rules(players=2)), 1)
    >>> v.seat, v.positions, v.to_move, v.legal_moves
    (1, (0, 0), CHANCE, ())

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    check_seat(seat, state.rules.players)
    return View(
        **attrs.asdict(state, recurse=False),
        seat=seat,
        to_move=current_player(state),
        legal_moves=(),
    )


def state_of(view: View) -> State:
    """The state whose view ``view`` is: a view holds every field of its state (20,000
    Leagues hides nothing)."""
    return build_state(**{a.name: getattr(view, a.name) for a in attrs.fields(State)})
