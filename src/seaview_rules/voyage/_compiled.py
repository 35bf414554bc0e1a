"""The compiled playout of the Voyage card game (the ``fast`` extra: numba).

A translation of the reference (`seaview_rules.voyage._rules`: ``legal_moves``,
``sample_chance`` and the successors) onto a state packed into integers and arrays,
played in place, drawing the same random numbers from the same Mersenne Twister
(`seaview_rules._mt`). ``tests/test_compiled.py`` holds it to the reference bit for bit:
the same states and the same generator state after every playout.

The packed state (`_Packed`): hands and the draw pile are bit masks over `Card.index`,
as in `CardSet`; the discard pile is an array of card indices, its top last; ``-1`` is
"no card"; the rounds finished in the playout are rows of ``results``. What the rules
say is read from the rulebook (`round_points`, `left_of`, `next_dealer`,
`reaches_target`, compiled as they are) and from the pieces (`MATCHES`, the deck); the
kernel states the order of the legal moves and the transitions again, as `legal_moves`
and the successors state them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from seaview_rules._compiled import Kernels, Summary
from seaview_rules._mt import MT_SIZE, compiled, from_rng, randbelow, seed, seed_key, to_rng
from seaview_rules.voyage._model import Phase, RoundResult, Rules, State, build_state
from seaview_rules.voyage._pieces import CARDS, MATCHES, CardSet
from seaview_rules.voyage._rulebook import (
    least_round_points,
    left_of,
    next_dealer,
    reaches_target,
    round_points,
)

__all__ = ["KERNELS"]

Ints = npt.NDArray[np.int64]

# The phases as numbers, in the kernel.
_DEAL, _LEAD, _TURN, _DRAW, _DRAWN, _OVER = range(6)
_PHASES = (Phase.DEAL, Phase.LEAD, Phase.TURN, Phase.DRAW, Phase.DRAWN, Phase.OVER)
_CODES = {phase: code for code, phase in enumerate(_PHASES)}

# The slots of the packed state's scalars (`_Packed.scalars`).
_PHASE, _PLAYER, _DEALER, _TOP, _UNDER, _DRAWN_CARD, _PILE, _RESHUFFLES, _ROUNDS = range(9)
_SCALARS = 9

# The moves a kernel chooses among: a card's index to play it, or one of these.
_DRAW_MOVE, _KEEP_MOVE, _PASS_MOVE = -1, -2, -3

_MATCHES = np.array(MATCHES, dtype=np.int64)

# The rulebook's functions, compiled: the kernels ask them where the successors do.
_left_of = compiled(left_of)
_next_dealer = compiled(next_dealer)
_reaches_target = compiled(reaches_target)
_round_points = compiled(round_points)
_DECK_CARDS = len(CARDS)

# The columns of a finished round (`RoundResult`), then its cards left, seat by seat.
_R_DEALER, _R_WINNER, _R_POINTS, _R_RESHUFFLES, _R_LEFT = range(5)


@compiled
def _popcount(mask: int) -> int:
    """The cards of ``mask`` (``int.bit_count``; masks have at most 39 bits)."""
    mask = mask - ((mask >> 1) & 0x5555555555555555)
    mask = (mask & 0x3333333333333333) + ((mask >> 2) & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (mask * 0x0101010101010101) >> 56  # the top byte: at most 64, never negative


@compiled
def _lowest(mask: int) -> int:
    """The index of the lowest card of ``mask``, which is not empty."""
    return _popcount((mask & -mask) - 1)


@compiled
def _nth(mask: int, n: int) -> int:
    """The index of the ``n``-th card (from 0) of ``mask`` in index order."""
    for _ in range(n):
        mask &= mask - 1
    return _lowest(mask)


@compiled
def _legal(s: Ints, hands: Ints, matches: Ints, must_play: bool, moves: Ints) -> int:
    """Fill ``moves`` with the legal moves of a player, in `legal_moves` order; their
    number."""
    phase, player = s[_PHASE], s[_PLAYER]
    hand = hands[player]
    count = 0
    if phase == _TURN:
        found = hand & matches[s[_TOP]]
        can_draw = s[_PILE] != 0 or s[_UNDER] != 0
        if found == 0:
            # VOY-4, VOY-R5: no match, so draw; with nothing left to draw, pass.
            moves[0] = _DRAW_MOVE if can_draw else _PASS_MOVE
            return 1
        while found:
            moves[count] = _lowest(found)
            count += 1
            found &= found - 1
        if not must_play and can_draw:
            moves[count] = _DRAW_MOVE  # VOY-R3 option: draw although able to play
            count += 1
        return count
    if phase == _DRAWN:
        drawn = s[_DRAWN_CARD]
        if matches[s[_TOP]] >> drawn & 1:
            moves[0] = drawn  # VOY-4: a match may be played
            moves[1] = _KEEP_MOVE
            return 2
        moves[0] = _KEEP_MOVE  # VOY-R4
        return 1
    # LEAD: any card of the hand (VOY-2).
    while hand:
        moves[count] = _lowest(hand)
        count += 1
        hand &= hand - 1
    return count


@compiled
def _play_out(
    s: Ints,
    hands: Ints,
    under: Ints,
    scores: Ints,
    results: Ints,
    mt: Ints,
    left: int,
    players: int,
    hand_size: int,
    target: int,
    must_play: bool,
    deck: int,
    matches: Ints,
    counts: Ints,
) -> None:
    """Random play on the packed state, in place, until the match is over or ``left``
    moves are made (``-1``: no cap); ``counts`` gains the decisions and chance moves."""
    moves = np.empty(_DECK_CARDS + 1, np.int64)
    while left != 0:
        phase = s[_PHASE]
        if phase == _OVER:
            break
        left -= 1
        player = s[_PLAYER]
        if phase in (_DEAL, _DRAW):
            # sample_chance: the n-th card of the draw pile in index order (VOY-R2).
            pile = s[_PILE]
            card = _nth(pile, randbelow(mt, _popcount(pile)))
            bit = 1 << card
            hands[player] |= bit
            s[_PILE] = pile ^ bit
            counts[1] += 1
            if phase == _DEAL:
                # VOY-1, VOY-R7: the deal goes on clockwise until the next seat is full.
                after = _left_of(players, player)
                s[_PLAYER] = after
                if _popcount(hands[after]) == hand_size:
                    s[_PHASE] = _LEAD
                s[_TOP] = s[_DRAWN_CARD] = -1
                s[_UNDER] = s[_RESHUFFLES] = 0
            else:
                s[_PHASE] = _DRAWN  # VOY-4: the drawer plays it or keeps it (VOY-R4)
                s[_DRAWN_CARD] = card
            continue
        counts[0] += 1
        move = moves[randbelow(mt, _legal(s, hands, matches, must_play, moves))]
        if move >= 0:
            # A play: the old top goes under the new one (VOY-2, VOY-3, VOY-R9).
            if s[_TOP] >= 0:
                under[s[_UNDER]] = s[_TOP]
                s[_UNDER] += 1
            hands[player] ^= 1 << move
            s[_TOP] = move
            s[_DRAWN_CARD] = -1
            if hands[player] == 0:
                _end_round(s, hands, scores, results, players, target, deck)
                continue
            s[_PHASE] = _TURN
            s[_PLAYER] = _left_of(players, player)
        elif move == _DRAW_MOVE:
            if s[_PILE] == 0:
                # VOY-6: the discard pile but its top becomes the draw pile.
                pile = 0
                for k in range(s[_UNDER]):
                    pile |= 1 << under[k]
                s[_PILE] = pile
                s[_UNDER] = 0
                s[_RESHUFFLES] += 1
            s[_PHASE] = _DRAW
            s[_DRAWN_CARD] = -1
        else:
            # VOY-R4 keep, VOY-R5 pass: the turn passes to the left.
            s[_PHASE] = _TURN
            s[_PLAYER] = _left_of(players, player)
            s[_DRAWN_CARD] = -1


@compiled
def _end_round(
    s: Ints,
    hands: Ints,
    scores: Ints,
    results: Ints,
    players: int,
    target: int,
    deck: int,
) -> None:
    """VOY-5: the round ends; its result is the next row of ``results``; VOY-8: the
    match ends at the target, else VOY-7: the next round's deal begins."""
    winner = s[_PLAYER]
    row = results[s[_ROUNDS]]
    s[_ROUNDS] += 1
    for seat in range(players):
        row[_R_LEFT + seat] = _popcount(hands[seat])
    points = _round_points(row[_R_LEFT : _R_LEFT + players])
    row[_R_DEALER] = s[_DEALER]
    row[_R_WINNER] = winner
    row[_R_POINTS] = points
    row[_R_RESHUFFLES] = s[_RESHUFFLES]
    scores[winner] += points
    if _reaches_target(scores[winner], target):
        s[_PHASE] = _OVER
        return
    dealer = _next_dealer(players, s[_DEALER])
    s[_PHASE] = _DEAL
    s[_DEALER] = dealer
    s[_PLAYER] = _left_of(players, dealer)
    for seat in range(players):
        hands[seat] = 0
    s[_PILE] = deck
    s[_TOP] = -1
    s[_UNDER] = 0
    s[_DRAWN_CARD] = -1
    s[_RESHUFFLES] = 0


def _rounds_bound(rules: Rules, scores: Sequence[int]) -> int:
    """The most rounds a playout can finish: each gives its winner at least
    `least_round_points` (VOY-5), and the match ends when a total reaches the target."""
    least = least_round_points(rules.players)
    return sum(-(-max(0, rules.target - score) // least) for score in scores) + 1


class _Packed:
    """A state packed for the kernel (`of`), and back (`state`): one array of ``int64``,
    of which ``s`` (the scalars, by the slots above), ``hands``, ``scores`` and ``under``
    (the discard pile under its top, ``-1`` past its end) are views; and ``table``, the
    rounds the playout finishes."""

    def __init__(self, rules: Rules, results: tuple[RoundResult, ...], words: Ints) -> None:
        self.rules, self.results, self.words = rules, results, words
        players = rules.players
        self.s, self.hands = words[:_SCALARS], words[_SCALARS : _SCALARS + players]
        self.scores = words[_SCALARS + players : _SCALARS + 2 * players]
        self.under = words[_SCALARS + 2 * players :]
        rows = _rounds_bound(rules, self.scores.tolist())
        self.table = np.zeros((rows, _R_LEFT + players), dtype=np.int64)

    @classmethod
    def of(cls, state: State) -> _Packed:
        top, drawn, under = state.discard_top, state.drawn, state.discard_under
        words = [
            _CODES[state.phase], state.player, state.dealer, -1 if top is None else top.index,
            len(under), -1 if drawn is None else drawn.index, state.draw_pile,
            state.reshuffles, 0, *state.hands, *state.scores, *[card.index for card in under],
        ]  # fmt: skip
        words += [-1] * (_SCALARS + 2 * state.rules.players + _DECK_CARDS - len(words))
        return cls(state.rules, state.results, np.array(words, dtype=np.int64))

    def copy(self) -> _Packed:
        return _Packed(self.rules, self.results, self.words.copy())

    def run(self, mt: Ints, max_moves: int | None, counts: Ints) -> None:
        """Random play in place (see `_play_out`)."""
        rules = self.rules
        _play_out(
            self.s, self.hands, self.under, self.scores, self.table, mt,
            -1 if max_moves is None else max_moves, rules.players, rules.hand_size,
            rules.target, rules.must_play, int(rules.deck), _MATCHES, counts,
        )  # fmt: skip

    def state(self) -> State:
        words = self.words.tolist()
        players = self.rules.players
        top, drawn, under = words[_TOP], words[_DRAWN_CARD], _SCALARS + 2 * players
        rows = self.table[: words[_ROUNDS]].tolist()
        return build_state(
            rules=self.rules,
            phase=_PHASES[words[_PHASE]],
            player=words[_PLAYER],
            dealer=words[_DEALER],
            hands=tuple(CardSet(hand) for hand in words[_SCALARS : _SCALARS + players]),
            draw_pile=CardSet(words[_PILE]),
            discard_top=None if top < 0 else CARDS[top],
            discard_under=tuple(CARDS[index] for index in words[under : under + words[_UNDER]]),
            drawn=None if drawn < 0 else CARDS[drawn],
            scores=tuple(words[_SCALARS + players : under]),
            results=self.results
            + tuple(
                RoundResult(
                    row[_R_DEALER],
                    row[_R_WINNER],
                    row[_R_POINTS],
                    tuple(row[_R_LEFT:]),
                    row[_R_RESHUFFLES],
                )
                for row in rows
            ),
            reshuffles=words[_RESHUFFLES],
        )


def playout(state: State, rng: random.Random, max_moves: int | None) -> State:
    """The compiled playout: the state and ``rng`` as the reference loop leaves them."""
    packed = _Packed.of(state)
    mt, gauss = from_rng(rng)
    packed.run(mt, max_moves, np.zeros(2, np.int64))
    to_rng(mt, gauss, rng)
    return packed.state()


@compiled
def _many(
    keys: Ints,
    lengths: Ints,
    s0: Ints,
    hands0: Ints,
    under0: Ints,
    scores0: Ints,
    table0: Ints,
    left: int,
    players: int,
    hand_size: int,
    target: int,
    must_play: bool,
    deck: int,
    matches: Ints,
    out: Ints,
) -> None:
    """Play one match from the packed start per row of ``keys`` (each a `seed` key of
    ``lengths[i]`` words), and write what it came to in ``out``'s row: the winner (-1:
    none), the decisions, the chance moves, the rounds, the rebuilds of the draw pile,
    whether it ended, and the scores."""
    mt = np.zeros(MT_SIZE, np.int64)
    counts = np.zeros(2, np.int64)
    for game in range(len(lengths)):
        seed(mt, keys[game, : lengths[game]])
        s, hands, under = s0.copy(), hands0.copy(), under0.copy()
        scores, table = scores0.copy(), table0.copy()
        counts[:] = 0
        _play_out(
            s, hands, under, scores, table, mt, left, players, hand_size, target,
            must_play, deck, matches, counts,
        )  # fmt: skip
        row = out[game]
        finished = s[_PHASE] == _OVER
        row[0] = s[_PLAYER] if finished else -1
        row[1], row[2], row[3] = counts[0], counts[1], s[_ROUNDS]
        row[4] = table[: s[_ROUNDS], _R_RESHUFFLES].sum() + s[_RESHUFFLES]
        row[5] = finished
        row[6:] = scores


def many(state: State, seeds: Sequence[str], max_moves: int | None) -> list[Summary]:
    """Random play from ``state`` once per seed, game ``i`` with
    ``random.Random(seeds[i])``: what each came to."""
    found = [seed_key(text) for text in seeds]
    keys = np.zeros((len(found), max((len(key) for key in found), default=1)), np.int64)
    for row, key in zip(keys, found, strict=True):
        row[: len(key)] = key
    start = _Packed.of(state)
    rules = state.rules
    out = np.zeros((len(found), 6 + rules.players), np.int64)
    _many(
        keys, np.array([len(key) for key in found], np.int64), start.s, start.hands,
        start.under, start.scores, start.table, -1 if max_moves is None else max_moves,
        rules.players, rules.hand_size, rules.target, rules.must_play, int(rules.deck),
        _MATCHES, out,
    )  # fmt: skip
    # statistics: the rounds and rebuilds before the state, and those of the playout
    before = len(state.results), sum(result.reshuffles for result in state.results)
    return [
        Summary(
            winner=None if winner < 0 else winner,
            decisions=decisions,
            chance_moves=chance,
            statistics={"rounds": before[0] + rounds, "reshuffles": before[1] + reshuffles},
            finished=bool(finished),
            scores=tuple(scores) if finished else (),
        )
        for winner, decisions, chance, rounds, reshuffles, finished, *scores in out.tolist()
    ]


KERNELS: Kernels[Rules, State] = Kernels(playout=playout, many=many)
"""The Voyage card game's compiled playout."""
