"""What makes a 20,000 Leagues state or view a position of the game.

A value whose fields have the right types may still be no position: a diver on an arrow,
two divers on one square, a spin-off that names a seat twice, counters that disagree.
`check_state` and `check_view` refuse it with the `InvalidDataError` that `loads` raises:
``where`` is the path of the field in the document (``data.positions[1]``), the problem
says in words what is wrong and names the rule. They check a position, not its history:
a position written by hand loads whether or not some game reaches it, and everything
works on it; a record (`seaview_rules.replay`) is what proves it reachable. The API
guide's "What loads guarantees" lists what they promise.
"""

from __future__ import annotations

from seaview_rules._core import CHANCE
from seaview_rules._reader import Field
from seaview_rules.leagues._model import Phase, State
from seaview_rules.leagues._pieces import SquareKind
from seaview_rules.leagues._rulebook import STANDS_ON
from seaview_rules.leagues._views import View

__all__ = ["check_state", "check_view"]


def _at(path: str, value: object = None) -> Field:
    """The field ``path`` of the document's data, holding ``value``."""
    return Field(value, f"data.{path}")


def check_state(state: State) -> None:
    """Check that ``state`` is a position of a game under its rules.

    Raises:
        InvalidDataError: the first inconsistency, at the path of the field in the
            state's document.

    >>> from seaview_rules.leagues import Rules, new_game
    >>> import attrs
    >>> check_state(new_game(Rules(players=2)))
    >>> check_state(attrs.evolve(new_game(Rules(players=2)), order_spins=1))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data.last_spin: must be the spin the spinner shows: 1 spin was made
    """
    _check_position(state)


def check_view(view: View) -> None:
    """Check that ``view`` is what a seat (or a spectator) sees of a position: the
    state's part as `check_state` checks it, then a seat of the game, and chance to
    move with no move of the seat's own until the game is over.

    Raises:
        InvalidDataError: the first inconsistency, at the path of the field in the
            view's document.
    """
    _check_position(view)
    if view.seat is not None:
        _at("seat", view.seat).integer(0, view.rules.players - 1)
    # Every move is a spin of the chance player: chance is to move until the end, and
    # no seat ever has a move of its own.
    if view.phase is Phase.OVER:
        if view.to_move is not None:
            _at("to_move").fail("must be null: the game is over")
    elif view.to_move is not CHANCE:
        _at("to_move").fail(
            f"must be {CHANCE.value!r}: every move is a spin until the game is over"
        )
    if view.legal_moves:
        _at("legal_moves").fail("must be empty: every move is a spin of the chance player")


def _check_position(match: State | View) -> None:
    """The checks of a state, on a state or on a view (which holds the same fields)."""
    _check_fields(match)
    _check_divers(match)
    if match.phase is Phase.ORDER:
        _check_spin_off(match)
    else:
        _check_play(match)
    _check_counters(match)


def _check_fields(match: State | View) -> None:
    """Every field in its range under the rules."""
    rules = match.rules
    seats = rules.players
    _at("player", match.player).integer(0, seats - 1)
    _at("positions", list(match.positions)).items(seats, seats)
    _at("placed", list(match.placed)).items(seats, seats)
    _check_seats("order", match.order, seats)
    _at("groups", list(match.groups)).items(0, seats)
    for number, group in enumerate(match.groups):
        _check_seats(f"groups[{number}]", group, seats)
    _at("spun", list(match.spun)).items(0, seats)
    numbers = {segment.number for segment in rules.spinner.segments}
    for number, spun in enumerate(match.spun):
        if _at(f"spun[{number}]", spun).integer(1) not in numbers:
            _at(f"spun[{number}]").fail(f"the spinner shows no {spun} (LEA-R2)")
    for name in ("spins", "turns", "order_spins"):
        _at(name, getattr(match, name)).integer(0)
    if match.last_spin is not None and match.last_spin not in rules.tables.index:
        _at("last_spin").fail(f"the spinner has no {match.last_spin} segment (LEA-R2)")


def _check_seats(path: str, seats: tuple[int, ...], players: int) -> None:
    """A list of seats of the game, at most one per seat (the order, a group)."""
    _at(path, list(seats)).items(0, players)
    for number, seat in enumerate(seats):
        _at(f"{path}[{number}]", seat).integer(0, players - 1)


def _check_divers(match: State | View) -> None:
    """Every diver on the start, a yellow square or (the winner only) the red arrow,
    never two on a square but the start, and all on the start, put there, until the
    race begins (LEA-1, LEA-3, LEA-11, LEA-R4, LEA-R5)."""
    board = match.rules.board
    positions = match.positions
    over = match.phase is Phase.OVER
    for seat, square in enumerate(positions):
        kind = board.squares[square]
        item = _at(f"positions[{seat}]")
        where = board.coordinates(square)
        if kind is SquareKind.RED_ARROW:
            if not over or seat != match.player:
                item.fail(f"only the winner stands on the red arrow {where} (LEA-1)")
        elif kind not in STANDS_ON:
            item.fail(
                f"a diver cannot stand on the {kind.name.lower()} at {where}: "
                "it sends him on at once (LEA-R5)"
            )
        if square != board.start and square in positions[:seat]:
            item.fail(f"two divers on square {where}: only the start holds several (LEA-11)")
    if over and positions[match.player] != board.red_arrow:
        _at(f"positions[{match.player}]").fail(
            f"seat {match.player} won: his diver is on the red arrow (LEA-1)"
        )
    if match.spins == 0 and any(p != board.start for p in positions):
        _at("positions").fail("no diver leaves the start before the first spin of the race (LEA-3)")
    if match.spins == 0 and not all(match.placed):
        _at("placed").fail("every diver is put on the start until the race begins (LEA-3)")


def _check_spin_off(match: State | View) -> None:
    """The spin-off for the order of play: the seats split into ranked groups, the
    first tied group spinning in seat order, and no spin of the race yet (LEA-2,
    LEA-R3)."""
    rules, spun = match.rules, match.spun
    if not rules.spin_off:
        _at("phase").fail("these rules play in seat order, without a spin-off (LEA-R3)")
    if match.order:
        _at("order").fail("must be empty until the spin-off settles it (LEA-2)")
    tied = _tied(match)
    if len(spun) >= len(tied):
        _at("spun").fail(
            f"the tied seats {', '.join(map(str, tied))} spin in turn: fewer than "
            f"{len(tied)} of them have spun while one is still to spin (LEA-R3)"
        )
    if match.player != tied[len(spun)]:
        _at("player").fail(f"seat {tied[len(spun)]} spins next in the spin-off (LEA-R3)")
    for name in ("spins", "turns"):
        if getattr(match, name):
            _at(name).fail(
                "must be 0 until the order of play is settled: it counts the race's (LEA-2)"
            )
    if match.order_spins < len(spun):
        _at("order_spins").fail(
            f"counts every spin of the spin-off: at least the {len(spun)} in spun (LEA-2)"
        )


def _tied(match: State | View) -> tuple[int, ...]:
    """The group now spinning in the spin-off: the first of the ranked groups whose
    seats are still tied (LEA-R3)."""
    groups = match.groups
    if sorted(s for g in groups for s in g) != list(range(match.rules.players)) or not all(groups):
        _at("groups").fail("must split the seats into ranked groups, each seat in one (LEA-R3)")
    for number, group in enumerate(groups):
        if list(group) != sorted(group):
            _at(f"groups[{number}]").fail("a group lists its seats in seat order (LEA-R3)")
    tied = next((g for g in groups if len(g) > 1), None)
    if tied is None:
        _at("groups").fail("some seats must still be tied while the spin-off goes on (LEA-R3)")
    return tied


def _check_play(match: State | View) -> None:
    """The race, once the order of play is settled: every seat in it once, and the
    first of the order to spin before the first spin (LEA-2, LEA-R3)."""
    rules, order = match.rules, match.order
    seats = list(range(rules.players))
    for name in ("groups", "spun"):
        if getattr(match, name):
            _at(name).fail("must be empty once the order of play is settled (LEA-R3)")
    if sorted(order) != seats:
        _at("order").fail("must list every seat once (LEA-2)")
    if not rules.spin_off:
        if list(order) != seats:
            _at("order").fail("without a spin-off the order is the seat order (LEA-R3)")
        if match.order_spins:
            _at("order_spins").fail("must be 0: these rules have no spin-off (LEA-R3)")
    if match.spins == 0 and match.player != order[0]:
        _at("player").fail(f"seat {order[0]} plays first, the first of the order of play (LEA-2)")


def _check_counters(match: State | View) -> None:
    """The counters, the last spin and the extra spin agree with each other (LEA-7,
    LEA-9)."""
    spins, turns = match.spins, match.turns
    if turns > spins:
        _at("turns").fail(f"must be at most spins ({spins}): every turn begins with a spin")
    if spins and not turns:
        _at("turns").fail("must be at least 1 once a spin was made: the first spin begins a turn")
    made = spins + match.order_spins
    if match.last_spin is None and made:
        made_words = "1 spin was" if made == 1 else f"{made} spins were"
        _at("last_spin").fail(f"must be the spin the spinner shows: {made_words} made")
    if match.last_spin is not None and not made:
        _at("last_spin").fail("must be null: no spin was made (spins and order_spins are 0)")
    if match.extra_spin and (match.phase is not Phase.SPIN or spins == 0):
        _at("extra_spin").fail(
            "only a spin of the race earns an extra spin, and the game goes on (LEA-7, LEA-9)"
        )
