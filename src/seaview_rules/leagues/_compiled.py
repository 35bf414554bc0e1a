"""The compiled playout of 20,000 Leagues (the ``fast`` extra: numba).

A translation of the reference (`seaview_rules.leagues._rules`: ``sample_chance``, the
spin-off's and the race's spins) onto a state packed into one array of integers, played
in place, drawing the same random numbers from the same Mersenne Twister
(`seaview_rules._mt`). ``tests/test_compiled.py`` holds it to the reference bit for bit:
the same states and the same generator state after every playout.

Every move is a spin, so the kernel never chooses: it draws a spin as ``sample_chance``
does and plays it. Where a diver lands, where an effect sends him, where a rise may
stop and who spins again come from the rules' `Tables` (`Rules.tables`), turned once
per `Rules` into arrays (`_arrays`), and from the rulebook (`spins_again`,
`race_outcome`); the kernel states again only the order of the checks of a spin, as
``_turn_spin`` and ``_order_spin`` state it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from seaview_rules._compiled import Kernels, Summary
from seaview_rules._mt import MT_SIZE, compiled, from_rng, randbelow, seed, seed_key, to_rng
from seaview_rules.leagues._model import Phase, Rules, State, build_state
from seaview_rules.leagues._pieces import Square
from seaview_rules.leagues._rulebook import race_outcome, spins_again

__all__ = ["KERNELS"]

Ints = npt.NDArray[np.int64]

# The phases as numbers, in the kernel.
_ORDER, _SPIN, _OVER = range(3)
_PHASES = (Phase.ORDER, Phase.SPIN, Phase.OVER)
_CODES = {phase: code for code, phase in enumerate(_PHASES)}

# The slots of the packed state's scalars: the phase, the seat to spin, whether his spin
# is an extra one, the counters, the last spin (its index in the spinner's outcomes, -1:
# none made in the playout), how many groups of the spin-off there are and how many of
# the group now spinning have spun.
_PHASE, _PLAYER, _EXTRA, _SPINS, _TURNS, _ORDER_SPINS, _LAST, _GROUPS, _SPUN = range(9)
_SCALARS = 9

# The rows of the packed state's table of seats (`_Packed.seats`): each diver's square,
# whether he was put there, the order of play, the seat after each in that order, the
# seats of the spin-off's groups one after the other, each group's size, and the
# numbers the group now spinning has spun.
_POSITION, _PLACED, _ORDER_OF, _AFTER, _GROUP_SEATS, _GROUP_SIZES, _SPUN_NUMBERS = range(7)
_ROWS = 7


class _Arrays(NamedTuple):
    """`Rules.tables` as arrays, for the kernel (`_arrays`); ``-1`` is "none"."""

    cumulative: Ints
    """The spinner's cumulative weights, outcome by outcome (LEA-R2)."""
    numbers: Ints
    """Each outcome's number, for the spin-off (LEA-2)."""
    moves: Ints
    """``moves[placed, square, outcome]``: where the walk ends, -1 when blocked."""
    target: Ints
    """Where each square's effect sends a diver, or -1 (LEA-7, LEA-9, LEA-10)."""
    again: Ints
    """Whether a diver whose effect's target is free spins again (LEA-R6)."""
    again_taken: Ints
    """``again_taken[went_down, square]``: whether a diver whose effect's target is
    taken spins again, having risen below the effect's row or not (LEA-R6)."""
    above: Ints
    """Each square's `Tables.above`, padded with -1 (LEA-R7)."""
    rise: Ints
    """Each square's `Tables.rise`, padded with -1 (LEA-8, LEA-10, LEA-R10)."""
    row: Ints
    """Each square's row, from 0."""
    squares: Ints
    """The start, the red arrow and the columns."""


def _padded(lists: Sequence[Sequence[int]]) -> Ints:
    out = np.full((len(lists), 1 + max(map(len, lists))), -1, np.int64)
    for row, found in zip(out, lists, strict=True):
        row[: len(found)] = found
    return out


@lru_cache(maxsize=64)
def _arrays(rules: Rules) -> _Arrays:
    """The arrays of ``rules``' tables, built once per `Rules` value."""
    t = rules.tables
    option = rules.extra_spin_after_rise
    return _Arrays(
        cumulative=np.array(t.cumulative, np.int64),
        numbers=np.array([spin.number for spin in t.outcomes], np.int64),
        moves=np.array(
            [[[-1 if to is None else to for to, _ in row] for row in how] for how in t.moves],
            np.int64,
        ),
        target=np.array([-1 if to is None else to for to in t.target], np.int64),
        again=np.array(t.again, np.int64),
        again_taken=np.array(
            [
                [spins_again(kind, went_down, extra_spin_after_rise=option) for kind in t.kinds]
                for went_down in (False, True)
            ],
            np.int64,
        ),
        above=_padded(t.above),
        rise=_padded(t.rise),
        row=np.arange(len(t.kinds), dtype=np.int64) // t.columns,
        squares=np.array([t.start, t.red, t.columns], np.int64),
    )


@compiled
def _draw(mt: Ints, cumulative: Ints) -> int:
    """sample_chance: the outcome whose part of the dial the spinner stops on, a draw
    below the total weight (``bisect_right`` of the cumulative weights, LEA-R2)."""
    n = len(cumulative)
    r = randbelow(mt, cumulative[n - 1])
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) >> 1
        if r < cumulative[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


@compiled
def _free(square: int, positions: Ints, seat: int) -> bool:
    """Whether no diver but ``seat``'s stands on ``square``."""
    for other in range(len(positions)):
        if other != seat and positions[other] == square:
            return False
    return True


@compiled
def _rise(stops: Ints, positions: Ints, seat: int, start: int) -> int:
    """LEA-R7: the first of ``stops`` with no other diver; LEA-11, LEA-12: none, back
    to the start."""
    for square in stops:
        if square < 0:
            break
        if _free(square, positions, seat):
            return square  # type: ignore[no-any-return]  # numba's int64
    return start


@compiled
def _order_spin(s: Ints, seats: Ints, spin: int, numbers: Ints) -> None:
    """A spin of the spin-off for the order of play (``_order_spin``), in place."""
    groups, sizes, spun = seats[_GROUP_SEATS], seats[_GROUP_SIZES], seats[_SPUN_NUMBERS]
    players = len(groups)
    # LEA-2, LEA-R3: the first group still tied spins, one seat after another.
    current = first = 0
    while sizes[current] == 1:
        first += 1
        current += 1
    size = sizes[current]
    spun[s[_SPUN]] = numbers[spin]
    s[_SPUN] += 1
    s[_ORDER_SPINS] += 1
    s[_LAST] = spin
    s[_EXTRA] = s[_SPINS] = s[_TURNS] = 0
    if s[_SPUN] < size:
        s[_PLAYER] = groups[first + s[_SPUN]]
        return
    # The group is ranked by number, highest first, the seats of a number in the
    # group's order (a stable sort); seats that spun the same number stay grouped (LEA-R3).
    seated = groups[first : first + size].copy()
    ranks = np.arange(size)
    for k in range(1, size):
        j = k
        while j > 0 and spun[ranks[j - 1]] < spun[ranks[j]]:
            ranks[j - 1], ranks[j] = ranks[j], ranks[j - 1]
            j -= 1
    ranked = np.zeros(players, np.int64)
    made = 0
    for k in range(size):
        groups[first + k] = seated[ranks[k]]
        if k > 0 and spun[ranks[k]] != spun[ranks[k - 1]]:
            made += 1
        ranked[made] += 1
    made += 1
    count = s[_GROUPS]
    sizes[current + made : count + made - 1] = sizes[current + 1 : count].copy()
    sizes[current : current + made] = ranked[:made]
    count += made - 1
    s[_GROUPS] = count
    s[_SPUN] = 0
    first = 0
    for g in range(count):
        if sizes[g] > 1:
            s[_PLAYER] = groups[first]  # tied seats spin again (LEA-R3)
            return
        first += sizes[g]
    # LEA-2: the order is settled: every group is one seat.
    order = seats[_ORDER_OF]
    order[:] = groups
    for k in range(players):
        seats[_AFTER, order[k]] = order[(k + 1) % players]
    s[_GROUPS] = 0
    s[_PHASE] = _SPIN
    s[_PLAYER] = order[0]


@compiled
def _play_out(s: Ints, seats: Ints, mt: Ints, left: int, a: _Arrays) -> int:
    """Random play on the packed state, in place, until a diver wins or ``left`` spins
    are made (``-1``: no cap); the spins made. A spin of the race is played here
    (``_turn_spin``), one of the spin-off by `_order_spin`."""
    cumulative, moves, target, again, again_taken = (
        a.cumulative, a.moves, a.target, a.again, a.again_taken
    )  # fmt: skip
    above, rise, row = a.above, a.rise, a.row
    start, red, columns = a.squares[0], a.squares[1], a.squares[2]
    positions, placed, after = seats[_POSITION], seats[_PLACED], seats[_AFTER]
    made = 0
    while left != 0 and s[_PHASE] != _OVER:
        left -= 1
        made += 1
        spin = _draw(mt, cumulative)
        if s[_PHASE] == _ORDER:
            _order_spin(s, seats, spin, a.numbers)
            continue
        seat = s[_PLAYER]
        here = positions[seat]
        was_placed = placed[seat]
        if not s[_EXTRA]:
            s[_TURNS] += 1  # a turn begins with a spin that is not an extra one
        # LEA-3 to LEA-6, LEA-R4, LEA-R9, LEA-R11: the walk, from the tables.
        landing = moves[was_placed, here, spin]
        extra = False
        square = here  # LEA-6, LEA-R9: blocked on a row's end square, his turn is over
        if landing >= 0:
            square = landing
            to = target[landing]
            if landing == red:
                pass  # LEA-1: landing on the red arrow wins
            elif landing != start and not _free(landing, positions, seat):
                # LEA-11: landed on another diver: in row 1 back to the start, else a rise.
                square = (
                    start if landing < columns else _rise(above[landing], positions, seat, start)
                )
            elif to >= 0:
                if _free(to, positions, seat):
                    square = to  # LEA-7, LEA-9, LEA-10, LEA-R5
                    extra = again[landing] != 0
                else:
                    # LEA-8, LEA-9, LEA-10, LEA-R10: a rise; LEA-R6: spins again?
                    square = _rise(rise[landing], positions, seat, start)
                    extra = again_taken[int(row[square] > row[landing]), landing] != 0
            placed[seat] = square != landing  # he walked there, or was put there
        positions[seat] = square
        s[_SPINS] += 1
        s[_LAST] = spin
        s[_GROUPS] = s[_SPUN] = 0
        if square == red:
            s[_PHASE] = _OVER  # LEA-1, LEA-R8: the diver wins, and is the player
            s[_EXTRA] = False
        elif extra:
            s[_EXTRA] = True  # LEA-R6: he spins again
        else:
            s[_EXTRA] = False
            s[_PLAYER] = after[seat]  # LEA-2: in the settled order
    return made


class _Packed:
    """A state packed for the kernel (`of`), and back (`state`): one array of ``int64``
    of which ``s`` (the scalars, by the slots above) and ``seats`` (a row per seat
    table, a column per seat) are views."""

    def __init__(self, state: State, words: Ints) -> None:
        self.start, self.words = state, words
        self.s = words[:_SCALARS]
        self.seats = words[_SCALARS:].reshape(_ROWS, state.rules.players)

    @classmethod
    def of(cls, state: State) -> _Packed:
        players = state.rules.players
        order = state.order
        after = [0] * players
        for k, seat in enumerate(order):
            after[seat] = order[(k + 1) % len(order)]
        groups = [seat for group in state.groups for seat in group]
        words = [
            _CODES[state.phase], state.player, state.extra_spin, state.spins, state.turns,
            state.order_spins, -1, len(state.groups), len(state.spun),
            *state.positions, *state.placed,
        ]  # fmt: skip
        for row in (order, after, groups, [len(g) for g in state.groups], state.spun):
            words += [*row, *[0] * (players - len(row))]
        return cls(state, np.array(words, dtype=np.int64))

    def state(self) -> State:
        s = self.s.tolist()
        start = self.start
        if s[_LAST] < 0:
            return start  # no spin made
        rules = start.rules
        seats = self.seats.tolist()
        groups, sizes, first = seats[_GROUP_SEATS], seats[_GROUP_SIZES], 0
        grouped = []
        for size in sizes[: s[_GROUPS]]:
            grouped.append(tuple(groups[first : first + size]))
            first += size
        return build_state(
            rules=rules,
            phase=_PHASES[s[_PHASE]],
            player=s[_PLAYER],
            extra_spin=bool(s[_EXTRA]),
            positions=tuple(Square(square) for square in seats[_POSITION]),
            placed=tuple(bool(placed) for placed in seats[_PLACED]),
            order=tuple(seats[_ORDER_OF]) if s[_PHASE] != _ORDER else (),
            groups=tuple(grouped),
            spun=tuple(seats[_SPUN_NUMBERS][: s[_SPUN]]),
            spins=s[_SPINS],
            turns=s[_TURNS],
            order_spins=s[_ORDER_SPINS],
            last_spin=rules.tables.outcomes[s[_LAST]],
        )


def playout(state: State, rng: random.Random, max_moves: int | None) -> State:
    """The compiled playout: the state and ``rng`` as the reference loop leaves them."""
    packed = _Packed.of(state)
    mt, gauss = from_rng(rng)
    _play_out(
        packed.s, packed.seats, mt, -1 if max_moves is None else max_moves, _arrays(state.rules)
    )
    to_rng(mt, gauss, rng)
    return packed.state()


@compiled
def _many(
    keys: Ints, lengths: Ints, words: Ints, players: int, left: int, a: _Arrays, out: Ints
) -> None:
    """Play one game from the packed start ``words`` per row of ``keys`` (each a `seed`
    key of ``lengths[i]`` words), and write what it came to in ``out``'s row: the
    spins made, then the scalars of the final state."""
    mt = np.zeros(MT_SIZE, np.int64)
    state = words.copy()
    s, seats = state[:_SCALARS], state[_SCALARS:].reshape(_ROWS, players)
    for game in range(len(lengths)):
        seed(mt, keys[game, : lengths[game]])
        state[:] = words
        out[game, 0] = _play_out(s, seats, mt, left, a)
        out[game, 1:] = s


def many(state: State, seeds: Sequence[str], max_moves: int | None) -> list[Summary]:
    """Random play from ``state`` once per seed, game ``i`` with
    ``random.Random(seeds[i])``: what each came to (every move a spin, no decision)."""
    found = [seed_key(text) for text in seeds]
    keys = np.zeros((len(found), max((len(key) for key in found), default=1)), np.int64)
    for row, key in zip(keys, found, strict=True):
        row[: len(key)] = key
    players = state.rules.players
    out = np.zeros((len(found), 1 + _SCALARS), np.int64)
    _many(
        keys, np.array([len(key) for key in found], np.int64), _Packed.of(state).words,
        players, -1 if max_moves is None else max_moves, _arrays(state.rules), out,
    )  # fmt: skip
    scores = [race_outcome(players, winner).scores for winner in range(players)]
    summaries = []
    for made, *s in out.tolist():
        finished = s[_PHASE] == _OVER
        spins, turns = s[_SPINS], s[_TURNS]
        summaries.append(
            Summary(
                winner=s[_PLAYER] if finished else None,
                decisions=0,
                chance_moves=made,
                # the final state's counters, as `statistics` gives them
                statistics={
                    "spins": spins,
                    "turns": turns,
                    "extra_spins": spins - turns,
                    "order_spins": s[_ORDER_SPINS],
                },
                finished=finished,
                scores=scores[s[_PLAYER]] if finished else (),
            )
        )
    return summaries


KERNELS: Kernels[Rules, State] = Kernels(playout=playout, many=many)
"""20,000 Leagues' compiled playout."""
