"""What makes a 20,000 Leagues state or view consistent, checked on a built value.

A `State` (or a `View`) whose fields have the right types may still describe no
moment of a game: a diver on an arrow, two divers on one square, a spin-off that names
a seat twice, a last spin that no position before it could have made. `check_state` and
`check_view` refuse such a value with the `InvalidDataError` that `loads` raises for
the document that holds it: ``where`` is the path of the field in the document
(``data.positions[1]``), and the problem names the rule it rests on, where there is
one. `loads` calls them on everything it builds; the test kit and the property tests
check that every state and view that play reaches passes them.

What they guarantee of an accepted document, and what they leave unchecked, is listed
in the API guide, "What loads guarantees".
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from seaview_rules._core import CHANCE
from seaview_rules._reader import Field
from seaview_rules.leagues._model import Phase, State, build_state
from seaview_rules.leagues._pieces import Square, SquareKind
from seaview_rules.leagues._rules import _spin, last_spinner
from seaview_rules.leagues._tables import Tables
from seaview_rules.leagues._views import View

__all__ = ["check_state", "check_view"]

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
    seaview_rules.errors.InvalidDataError: data.last_spin: a spin is recorded exactly when one was made
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


def _check_match(match: State | View) -> None:
    """The checks of a state, on a state or on a view (which holds the same fields)."""
    rules = match.rules
    board, seats = rules.board, rules.players
    _at("player", match.player).integer(0, seats - 1)
    positions = match.positions
    _at("positions", list(positions)).items(seats, seats)
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
    _at("placed", list(match.placed)).items(seats, seats)
    _check_seats("order", match.order, seats)
    _at("groups", list(match.groups)).items(0, seats)
    for number, group in enumerate(match.groups):
        _check_seats(f"groups[{number}]", group, seats)
    _at("spun", list(match.spun)).items(0, seats)
    for number, spun in enumerate(match.spun):
        _at(f"spun[{number}]", spun).integer(1)
    for name in ("spins", "turns", "order_spins"):
        _at(name, getattr(match, name)).integer(0)
    if match.last_spin is not None and match.last_spin not in rules.tables.index:
        _at("last_spin").fail(f"the spinner has no {match.last_spin} segment (LEA-R2)")
    _check_phase(match)
    _check_history(match)
    _check_placed(match)
    _check_turns(match)
    _check_reachable(match)
    _check_last_spin(match)


def _check_seats(path: str, seats: tuple[int, ...], players: int) -> None:
    """A list of seats of the game, at most one per seat (the order, a group)."""
    _at(path, list(seats)).items(0, players)
    for number, seat in enumerate(seats):
        _at(f"{path}[{number}]", seat).integer(0, players - 1)


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
    # LEA-2: the first turn is order[0]'s. After a turn the turns counted say who is
    # next (_check_history); before the first one only this says it, spin-off or none.
    if phase is Phase.SPIN and match.spins == 0 and player != order[0]:
        _at("player").fail(f"seat {order[0]} plays first, the first of the order of play (LEA-2)")


def _check_history(match: State | View) -> None:
    rules, phase, player, order = match.rules, match.phase, match.player, match.order
    spins, turns, order_spins = match.spins, match.turns, match.order_spins
    if not rules.spin_off and order_spins:
        _at("order_spins").fail("these rules have no spin-off (LEA-R3)")
    if rules.spin_off and phase is not Phase.ORDER and order_spins < rules.players:
        _at("order_spins").fail("every seat spins at least once in the spin-off (LEA-2)")
    if turns > spins or (spins > 0) != (turns > 0):
        _at("turns").fail("every turn begins with a spin, and the first spin begins one")
    if (match.last_spin is None) != (spins + order_spins == 0):
        _at("last_spin").fail("a spin is recorded exactly when one was made")
    if spins == 0 and any(p != rules.board.start for p in match.positions):
        _at("positions").fail("no diver leaves the start before the first spin (LEA-3)")
    if match.extra_spin and (phase is not Phase.SPIN or spins == 0):
        _at("extra_spin").fail(
            "only a turn's spin earns an extra spin, and the game goes on (LEA-7, LEA-9)"
        )
    if spins == 0:
        return
    # LEA-2: turn k is the diver order[(k - 1) % players]'s, extra spins included, so
    # he made the last spin.
    spun = order[(turns - 1) % len(order)]
    if phase is Phase.OVER:
        if player != spun:
            _at("player").fail(f"seat {spun} spun last: no other diver can have won (LEA-1)")
    elif match.extra_spin:
        if player != spun:
            _at("player").fail("after an extra spin the same diver spins again (LEA-7, LEA-9)")
    elif player != order[turns % len(order)]:
        following = order[turns % len(order)]
        _at("player").fail(f"seat {following} plays after seat {spun} (LEA-2)")


def _check_placed(match: State | View) -> None:
    """Before the first spin every diver was put on the start (LEA-3); after it, the
    last spin's search (`_check_last_spin`) checks how its diver came to his square."""
    if match.spins == 0 and not all(match.placed):
        _at("placed").fail("every diver is put on the start before the first spin (LEA-3)")


def _check_turns(match: State | View) -> None:
    """LEA-2: turn ``k`` (from 1) is the diver ``order[(k - 1) % players]``'s, extra
    spins included, so a diver whose first turn has not come yet is still on the start
    where the game put him."""
    if match.spins == 0:
        return
    for seat in match.order[match.turns :]:
        if match.positions[seat] != match.rules.board.start or not match.placed[seat]:
            _at(f"positions[{seat}]").fail(
                f"seat {seat} has had no turn yet: his diver is on the start (LEA-2, LEA-3)"
            )


def _check_reachable(match: State | View) -> None:
    """Every diver stands where some sequence of spins can put him, walked there or
    put there as `State.placed` says (LEA-3 to LEA-12)."""
    rules = match.rules
    reachable = _reachable(rules.tables, rules.players)
    for seat, (square, placed) in enumerate(zip(match.positions, match.placed, strict=True)):
        if square != rules.board.red_arrow and (square, placed) not in reachable:
            how = "put" if placed else "walk"
            _at(f"positions[{seat}]").fail(
                f"no play can {how} a diver on square {rules.board.coordinates(square)} "
                "(LEA-3 to LEA-12)"
            )


@lru_cache(maxsize=64)
def _reachable(t: Tables, players: int) -> frozenset[tuple[Square, bool]]:
    """The (square, placed) pairs that some sequence of spins from the start reaches
    with ``players`` divers, the others anywhere they could be (so a collision, or a
    taken square under an effect, may happen wherever a diver could stand), but never
    more than ``players - 2`` of them blocking the squares a rise passes over (LEA-11,
    LEA-12, LEA-R7)."""
    blockers = players - 2
    start = (t.start, True)
    found = {start}
    queue = deque([start])

    def rise(above: tuple[Square, ...]) -> list[tuple[Square, bool]]:
        ends = [(square, True) for square in above[: blockers + 1]]
        return [*ends, start] if len(above) <= blockers else ends

    while queue:
        square, placed = queue.popleft()
        nexts: list[tuple[Square, bool]] = []
        for landing, _ in t.moves[placed][square]:
            if landing is None or landing == t.red:
                continue
            target = t.target[landing]
            if target is None:
                nexts.append((landing, False))
                if landing != t.start:  # LEA-11: another diver may stand there
                    nexts.extend([start] if landing < t.columns else rise(t.above[landing]))
            elif target != t.red:
                nexts.append((target, True))  # LEA-7, LEA-9, LEA-10
                nexts.extend(rise(t.rise[landing]))  # LEA-8, LEA-R10: the target is taken
        for node in nexts:
            if node not in found:
                found.add(node)
                queue.append(node)
    return frozenset(found)


def _check_last_spin(match: State | View) -> None:
    """The position, the phase, the player and the extra spin are exactly what the last
    spin makes of some position that play reaches: the diver whose turn it was (LEA-2)
    on a square he can stand on (walked there or put there), the others where they stand
    now (LEA-2 to LEA-12, LEA-R3 to LEA-R11)."""
    spin = match.last_spin
    if spin is None:
        return
    if match.spins == 0:
        _check_order_spin(match)
        return
    rules = match.rules
    t = rules.tables
    seat = match.order[(match.turns - 1) % len(match.order)]  # as _check_history found
    others = match.positions[:seat] + match.positions[seat + 1 :]
    found = (match.positions, match.placed, match.phase, match.player, match.extra_spin)
    for square, placed in _reachable(t, rules.players):
        if square != t.start and square in others:
            continue
        before = _position(
            match,
            phase=Phase.SPIN,
            player=seat,
            positions=(*others[:seat], square, *others[seat:]),
            placed=(*match.placed[:seat], placed, *match.placed[seat + 1 :]),
            spins=match.spins - 1,
        )
        after = _spin(before, spin)
        if (after.positions, after.placed, after.phase, after.player, after.extra_spin) == found:
            return
    _at("last_spin").fail(
        f"no square seat {seat}'s diver could spin {spin} from leads to this position "
        "(LEA-3 to LEA-12)"
    )


def _check_order_spin(match: State | View) -> None:
    """The last spin of the spin-off: mid-round, the seat before the player spun the
    last number of `State.spun`; at the end of a round, a tied group split into the
    ranked groups now in its place (each spun a number of the spinner, highest first),
    and, once nobody is tied, the order they make (LEA-2, LEA-R3)."""
    spin = match.last_spin
    assert spin is not None  # _check_last_spin's caller
    groups = match.groups or tuple((seat,) for seat in match.order)
    candidates: list[State] = []
    if match.spun:
        tied = next(g for g in groups if len(g) > 1)  # _check_phase found one
        candidates.append(_position(match, player=tied[len(match.spun) - 1], spun=match.spun[:-1]))
    else:
        numbers = sorted({s.number for s in match.rules.spinner.segments}, reverse=True)
        # The round's group was the first tied one: the groups before it are single.
        singles = next((i for i, g in enumerate(groups) if len(g) > 1), len(groups))
        for i in range(min(singles, len(groups) - 1) + 1):
            for j in range(i, len(groups)):
                split = groups[i : j + 1]
                group = tuple(sorted(s for g in split for s in g))
                if len(group) < 2:
                    continue
                last = next(k for k, g in enumerate(split) if group[-1] in g)
                higher = [n for n in numbers if n > spin.number]
                lower = [n for n in numbers if n < spin.number]
                if len(higher) < last or len(lower) < len(split) - 1 - last:
                    continue
                spun_by = dict.fromkeys(split[last], spin.number)
                for k, g in enumerate(split):
                    if k != last:
                        number = higher[-last + k] if k < last else lower[k - last - 1]
                        spun_by.update(dict.fromkeys(g, number))
                candidates.append(
                    _position(
                        match,
                        player=group[-1],
                        groups=(*groups[:i], group, *groups[j + 1 :]),
                        spun=tuple(spun_by[s] for s in group[:-1]),
                    )
                )
    found = (match.groups, match.spun, match.order, match.phase, match.player)
    for before in candidates:
        after = _spin(before, spin)
        if (after.groups, after.spun, after.order, after.phase, after.player) == found:
            return
    seat = last_spinner(match)
    who = "a seat" if seat is None else f"seat {seat}"
    _at("last_spin").fail(
        f"no spin-off position that {who} spins {spin} in leads to these groups and this "
        "order (LEA-2, LEA-R3)"
    )


def _position(
    match: State | View,
    *,
    phase: Phase = Phase.ORDER,
    player: int,
    positions: tuple[Square, ...] | None = None,
    placed: tuple[bool, ...] | None = None,
    groups: tuple[tuple[int, ...], ...] | None = None,
    spun: tuple[int, ...] = (),
    spins: int = 0,
) -> State:
    """The state one spin before ``match``, as far as the spin's transition reads it:
    what is given, the rest as in ``match``."""
    return build_state(
        rules=match.rules,
        phase=phase,
        player=player,
        extra_spin=False,
        positions=match.positions if positions is None else positions,
        placed=match.placed if placed is None else placed,
        order=match.order if phase is Phase.SPIN else (),
        groups=match.groups if groups is None else groups,
        spun=spun,
        spins=spins,
        turns=max(match.turns - 1, 0),
        order_spins=max(match.order_spins - 1, 0),
        last_spin=None,
    )
