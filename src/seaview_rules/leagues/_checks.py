"""What makes a 20,000 Leagues state or view consistent, checked on a built value.

A `State` (or a `View`) whose fields have the right types may still describe no
moment of a game: a diver on an arrow, two divers on one square, a spin-off that names
a seat twice, events that do not end where the diver stands. `check_state` and
`check_view` refuse such a value with the `InvalidDataError` that `loads` raises for
the document that holds it: ``where`` is the path of the field in the document
(``data.positions[1]``), and the problem names the rule it rests on, where there is
one. `loads` calls them on everything it builds; the test kit and the property tests
check that every state and view that play reaches passes them.
"""

from __future__ import annotations

from seaview_rules._core import CHANCE
from seaview_rules._json import Field
from seaview_rules.leagues._model import EventKind, Phase, State
from seaview_rules.leagues._pieces import SquareKind
from seaview_rules.leagues._views import View

__all__ = ["check_state", "check_view"]

_ORDER_EVENTS = frozenset({EventKind.ORDER_SPIN, EventKind.TIE, EventKind.ORDER})
"""The events of a spin of the spin-off for the order of play; they have no square."""
_PLACING = frozenset(
    {EventKind.ARROW, EventKind.STARFISH, EventKind.OCTOPUS, EventKind.RISE, EventKind.START}
)
"""The events that put a diver on a square he did not walk to."""
_STANDING = (SquareKind.START, SquareKind.YELLOW)
"""The squares a diver can stand on, but the winner, who stands on the red arrow."""

_DATA = Field(None, "data")
"""The data of the document, to name its fields."""


def _at(path: str, value: object = None) -> Field:
    """The field ``path`` of the document's data, holding ``value``."""
    return Field(value, f"data.{path}")


def check_state(state: State) -> None:
    """Check that ``state`` is a moment of a game under its rules.

    Raises:
        InvalidDataError: the first inconsistency, at the path of the field in the
            state's document.

    >>> from seaview_rules.leagues import Rules, new_game
    >>> import attrs
    >>> check_state(new_game(Rules(players=2)))
    >>> check_state(attrs.evolve(new_game(Rules(players=2)), order_spins=1))
    Traceback (most recent call last):
    ...
    seaview_rules.InvalidDataError: data.last_spin: a spin is recorded, with its events, exactly when one was made
    """
    _check_match(state)


def check_view(view: View) -> None:
    """Check that ``view`` is what a seat (or a spectator) sees of a moment of a game:
    the state's part as `check_state` checks it, then a seat of the game, and chance to
    move with no move of the seat's own until the game is over.

    Raises:
        InvalidDataError: the first inconsistency, at the path of the field in the
            view's document.
    """
    _check_match(view)
    if view.seat is not None:
        _at("seat", view.seat).int(0, view.rules.players - 1)
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


def _check_match(match: State | View) -> None:
    """The checks of a state, on a state or on a view (which holds the same fields)."""
    rules = match.rules
    board, seats = rules.board, rules.players
    _at("player", match.player).int(0, seats - 1)
    positions = match.positions
    _at("positions", list(positions)).list(seats, seats)
    for seat, square in enumerate(positions):
        kind = board.squares[square]
        item = _at(f"positions[{seat}]")
        if kind not in _STANDING and not (
            kind is SquareKind.RED_ARROW and match.phase is Phase.OVER
        ):
            item.fail(
                f"a diver cannot stand on {kind.name.lower()} square {board.coordinates(square)}"
            )
        if square != board.start and square in positions[:seat]:
            item.fail(
                f"two divers on square {board.coordinates(square)}: only the start holds several (LEA-11)"
            )
    _at("placed", list(match.placed)).list(seats, seats)
    _check_seats("order", match.order, seats)
    _at("groups", list(match.groups)).list(0, seats)
    for number, group in enumerate(match.groups):
        _check_seats(f"groups[{number}]", group, seats)
    _at("spun", list(match.spun)).list(0, seats)
    for number, spun in enumerate(match.spun):
        _at(f"spun[{number}]", spun).int(1)
    for name in ("spins", "turns", "order_spins"):
        _at(name, getattr(match, name)).int(0)
    if match.last_spin is not None and match.last_spin not in rules.tables.index:
        _at("last_spin").fail(f"the spinner has no {match.last_spin} segment (LEA-R2)")
    for number, event in enumerate(match.events):
        _at(f"events[{number}].seat", event.seat).int(0, seats - 1)
        if (event.square is None) != (event.kind in _ORDER_EVENTS):
            _at(f"events[{number}].square").fail(
                "the spin-off's events have no square, the others have one"
            )
    _check_phase(match)
    _check_history(match)
    _check_placed(match)


def _check_seats(path: str, seats: tuple[int, ...], players: int) -> None:
    """A list of seats of the game, at most one per seat (the order, a group)."""
    _at(path, list(seats)).list(0, players)
    for number, seat in enumerate(seats):
        _at(f"{path}[{number}]", seat).int(0, players - 1)


def _check_phase(match: State | View) -> None:
    rules, phase, player = match.rules, match.phase, match.player
    order, groups, spun = match.order, match.groups, match.spun
    seats = tuple(range(rules.players))
    if phase is Phase.ORDER:
        if not rules.spin_off:
            _at("phase").fail("these rules play in seat order, without a spin-off (LEA-R3)")
        if order:
            _at("order").fail("must be empty until the spin-off settles it (LEA-2)")
        if tuple(sorted(s for g in groups for s in g)) != seats or not all(groups):
            _at("groups").fail("must split every seat into ranked groups (LEA-R3)")
        tied = next((g for g in groups if len(g) > 1), None)
        if tied is None:
            _at("groups").fail("some seats must still be tied while the spin-off goes on (LEA-R3)")
        numbers = {s.number for s in rules.spinner.segments}
        if len(spun) >= len(tied) or any(n not in numbers for n in spun):
            _at("spun").fail("must be the numbers spun so far by the tied group (LEA-R3)")
        if player != tied[len(spun)]:
            _at("player").fail(f"seat {tied[len(spun)]} spins next in the spin-off (LEA-R3)")
        if any(p != rules.board.start for p in match.positions):
            _at("positions").fail("every diver is on the start until the order is settled (LEA-3)")
        return
    if groups or spun:
        _DATA.fail("groups and spun are empty once the order of play is settled (LEA-R3)")
    if tuple(sorted(order)) != seats:
        _at("order").fail("must list every seat once (LEA-2)")
    if not rules.spin_off and order != seats:
        _at("order").fail("without a spin-off the order is the seat order (LEA-R3)")
    if phase is Phase.OVER and match.positions[player] != rules.board.red_arrow:
        _at("positions").fail("the winner's diver is on the red arrow (LEA-1)")


def _check_history(match: State | View) -> None:
    rules, phase, player, order = match.rules, match.phase, match.player, match.order
    spins, turns, order_spins = match.spins, match.turns, match.order_spins
    last_spin, events = match.last_spin, match.events
    if not rules.spin_off and order_spins:
        _at("order_spins").fail("these rules have no spin-off (LEA-R3)")
    if rules.spin_off and phase is not Phase.ORDER and order_spins < rules.players:
        _at("order_spins").fail("every seat spins at least once in the spin-off (LEA-2)")
    if turns > spins or (spins > 0) != (turns > 0):
        _at("turns").fail("every turn begins with a spin, and the first spin begins one")
    if (last_spin is None) != (spins + order_spins == 0) or bool(events) != (last_spin is not None):
        _at("last_spin").fail("a spin is recorded, with its events, exactly when one was made")
    if spins == 0 and any(p != rules.board.start for p in match.positions):
        _at("positions").fail("no diver leaves the start before the first spin (LEA-3)")
    if not events:
        return
    field = _at("events")
    first, last = events[0], events[-1]
    if first.kind is EventKind.ORDER_SPIN:
        if any(e.kind not in _ORDER_EVENTS for e in events) or spins:
            field.fail("a spin-off spin has only spin-off events, before the first turn (LEA-2)")
        if (last.kind is EventKind.ORDER) != (phase is not Phase.ORDER) or (
            last.kind is EventKind.ORDER and last.seat != player
        ):
            field.fail("the spin-off ends with the order event naming the first player (LEA-2)")
        return
    if spins == 0 or any(e.kind in _ORDER_EVENTS or e.seat != first.seat for e in events):
        field.fail("the events of a turn's spin are about the diver who spun")
    if last.square != match.positions[last.seat]:
        field.fail("the last event leaves the diver on the square where he stands")
    if (last.kind is EventKind.WIN) != (phase is Phase.OVER) or (
        phase is Phase.OVER and last.seat != player
    ):
        field.fail("the game ends exactly when the diver who spun reaches the red arrow (LEA-1)")
    if last.kind is EventKind.EXTRA_SPIN and player != last.seat:
        _at("player").fail("after an extra spin the same diver spins again (LEA-7, LEA-9)")
    if phase is Phase.SPIN and last.kind is not EventKind.EXTRA_SPIN:
        following = order[(order.index(last.seat) + 1) % len(order)]
        if player != following:
            _at("player").fail(f"seat {following} plays after seat {last.seat} (LEA-2)")


def _check_placed(match: State | View) -> None:
    rules, placed, events = match.rules, match.placed, match.events
    field = _at("placed")
    if match.spins == 0:
        if not all(placed):
            field.fail("every diver is put on the start before the first spin (LEA-3)")
        return
    seat = events[0].seat  # of a turn's spin, as _check_history found
    kinds = {e.kind for e in events}
    if EventKind.BLOCKED not in kinds:
        if placed[seat] != bool(kinds & _PLACING):
            field.fail(
                f"seat {seat} walked to his square or was put there, as the last spin's events say"
            )
        return
    if match.positions[seat] == rules.board.start:
        if placed[seat]:
            field.fail("a diver put on the start square moves right, never blocked (LEA-R4)")
        if rules.start_always_right:
            field.fail("a diver who walked onto the start moves right, never blocked (LEA-R11)")
    elif placed[seat] and not rules.blocked_when_placed:
        field.fail("these rules never block a diver put on an end square (LEA-R9)")
