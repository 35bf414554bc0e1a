"""`Search` and `Periods`: what the bots need of a game beyond its API, given on its
`seaview_rules.Game` entry as ``search=`` and ``periods=`` (with ``heuristic_bot=``, a
bot class of the game's own).

`seaview_rules.bots` reads them and names no game. What happens without them:

- no ``search``: `seaview_rules.bots.ISMCTSBot` refuses to choose a move of the game
  (`ValueError` naming the game), and a ``bot:ismcts`` seat of the table server plays
  at random; a game in which no seat ever chooses (every move is chance's) needs none.
- no ``periods``: the game has no rounds; the tables of `seaview_rules.bots.match` have
  no columns for them and ``seaview demo`` no headers.
- no ``heuristic_bot``: `seaview_rules.bots.make_bot` refuses ``"heuristic"``
  (`ValueError` naming the game).

>>> from seaview_rules import GAMES
>>> GAMES["voyage"].search.iterations, GAMES["voyage"].periods.name
(300, 'rounds')
>>> GAMES["leagues"].search is None, GAMES["leagues"].periods is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from attrs import field, frozen

__all__ = ["Periods", "Search"]

S = TypeVar("S")


def _unchanged(state: S) -> S:
    return state


@frozen(kw_only=True)
class Search(Generic[S]):
    """How `seaview_rules.bots.ISMCTSBot` searches a game: its defaults, and what an
    imagined game is played for.

    By default the search plays each imagined game to its end and counts a win for the
    game's winner. A game played in rounds can do better: ``start`` rewrites the state
    the search begins from so that the match ends with the round in play, and ``winner``
    reads who won that round; the imagined games are then shorter and their results
    less noisy.

    >>> search = Search(iterations=100, horizon=50)
    >>> search.start("any state"), search.winner is None
    ('any state', True)
    """

    iterations: int
    """The iterations of a decision, unless the bot is given a number or a time."""
    horizon: int
    """The longest playout in moves (chance included), unless the bot is given one; a
    playout cut off counts as won by nobody."""
    start: Callable[[S], S] = field(default=_unchanged, repr=False)
    """The state the search plays from, given the state drawn by the game's
    ``determinize``. By default the state itself."""
    winner: Callable[[S, S], int | None] | None = field(default=None, repr=False)
    """The seat whose win the search counts, given the state the search started from and
    the one its playout ended in (``None``: nobody). By default (``None``), the winner of
    the game (`seaview_rules.Game.outcome` of the playout's end; nobody if the playout
    was cut off)."""


@frozen(kw_only=True)
class Periods(Generic[S]):
    """The rounds (hands, ...) a match is played in, each won by one seat or by nobody,
    for the tables of `seaview_rules.bots.match` and the headers of ``seaview demo``.

    >>> periods = Periods(name="rounds", winners=lambda state: state)
    >>> periods.name, periods.winners((1, None))
    ('rounds', (1, None))
    """

    name: str
    """What the game calls them, in the plural and in lower case (``"rounds"``): the
    match report's columns are "rounds won", and the demo's headers "Round 1",
    "Round 2", ..."""
    winners: Callable[[S], tuple[int | None, ...]]
    """The winner of each round finished so far in a state, in order (``None`` for a
    round nobody won)."""
