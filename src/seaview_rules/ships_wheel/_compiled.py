"""The compiled playout of the Ship's Wheel card game (the ``fast`` extra: numba).

A translation of the reference (`seaview_rules.ships_wheel._rules`: ``legal_moves``,
``sample_chance``, the successors and ``_end_hand``) onto a state packed into one array
of integers, played in place, drawing the same random numbers from the same Mersenne
Twister (`seaview_rules._mt`). ``tests/test_compiled.py`` holds it to the reference bit
for bit: the same states and the same generator state after every playout.

The packed state (`_pack`, `_unpack`): the scalars, then each hand as a sorted row of
card ids (a multiset, as the state's sorted tuples), the pending passes (``-1``: still
choosing), the scores, each discard pile from bottom to top, and the deck as its sorted
ids. While it plays, the kernel keeps the deck as counts by card id in a Fenwick tree
(`_Board`), so that ``deck[k]`` of the sorted deck, the card `sample_chance` draws, is
found and taken off in a few steps. The hands finished in the playout are rows of
``results``, which grows as a hand ends past its end.

What the rules say is read from the rulebook and the card table once per `Rules` value
(`_book`): the hand sizes (SW-R2), the card masks of the winning-hand test (SW-3,
SW-R4), the cards that may be taken (SW-7), the seat whose turn follows a discard
(``turn_after``: SW-4, SW-8, SW-9, SW-10), the deal passing left (``dealer_after``), the
points of a hand (``hand_points``) and the size redealt after it (``redealt_size``).
The kernel states the order of the legal moves and the transitions again, as
``legal_moves`` and the successors state them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from seaview_rules._compiled import Kernels, Summary
from seaview_rules._mt import MT_SIZE, compiled, from_rng, randbelow, seed, seed_key, to_rng
from seaview_rules._seating import left_of
from seaview_rules.ships_wheel._model import Ending, HandResult, Phase, Rules, State, build_state
from seaview_rules.ships_wheel._pieces import CardId, Kind
from seaview_rules.ships_wheel._rulebook import (
    MAX_HAND_SIZE,
    MOST_HELD,
    dealer_after,
    hand_points,
    redealt_size,
    turn_after,
)

__all__ = ["KERNELS"]

Ints = npt.NDArray[np.int64]

# The phases as numbers, in the kernel.
_SIZE, _DEAL, _DRAW, _DECK, _DISCARD, _PASS, _OVER = range(7)
_PHASES = (
    Phase.SIZE, Phase.DEAL, Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS, Phase.OVER,
)  # fmt: skip
_CODES = {phase: code for code, phase in enumerate(_PHASES)}

# How a hand ended, as numbers (a result's `Ending`).
_BY_DEAL, _BY_DISCARD, _BY_PASS, _BY_EXHAUSTION = range(4)
_ENDINGS = (Ending.DEAL, Ending.DISCARD, Ending.PASS, Ending.EXHAUSTION)

# The slots of the packed state's scalars: the state's own, the size of the deck, and
# the hands finished in the playout (rows of ``results``).
_PHASE, _PLAYER, _DEALER, _HAND_SIZE, _RESHUFFLES, _DECK_SIZE, _HANDS = range(7)
_SCALARS = 7

# Where each part of a packed state starts (`_Book.at`), and where it ends.
_AT_HANDS, _AT_HELD, _AT_PASSING, _AT_SCORES, _AT_HEIGHTS, _AT_PILES, _AT_DECK, _AT_END = range(8)

# The columns of a finished hand (`HandResult`): its winners as a bit mask of seats.
_R_DEALER, _R_SIZE, _R_ENDING, _R_WINNERS, _R_POINTS, _R_RESHUFFLES = range(6)
_R_COLUMNS = 6
_ROWS = 8
"""The rows of ``results`` a playout starts with (it doubles them as it needs)."""

# The columns of a game of `many` (`Summary`), then the scores, seat by seat.
_M_WINNER, _M_DECISIONS, _M_CHANCE, _M_HANDS, _M_TIES, _M_RESHUFFLES, _M_FINISHED = range(7)
_M_COLUMNS = 7


class _Book(NamedTuple):
    """What the kernels read of one `Rules` value, worked out once from the rulebook
    and the card table (`_book`). Seats and card ids index the tables."""

    players: int
    width: int
    """The most cards a hand holds (`MOST_HELD`), the length of a hand's row."""
    capacity: int
    """The cards of the deck(s): the most a pile or the deck holds."""
    nodes: int
    """The length of the deck's Fenwick tree, a power of two at least the card ids."""
    max_winning: int
    """The largest hand that can win (SW-R4)."""
    max_reshuffles: int
    target: int
    at: Ints
    """Where each part of a packed state starts (by ``_AT_*``), and its length last."""
    sizes: Ints
    """The hand sizes a dealer chooses from, in `legal_moves` order (SW-R2)."""
    masks: Ints
    """Each card's shape and colour bits, -1 for an action card (SW-3)."""
    takeable: Ints
    """Whether each card may be taken from a pile (SW-7)."""
    anchors: Ints
    """Whether each card is an Anchor, whose discard begins a pass (SW-10)."""
    counts: Ints
    """The copies of each card in a full deck, ``nodes`` long (SW-1, SW-R1)."""
    tree: Ints
    """The Fenwick tree of a full deck."""
    left: Ints
    """The seat on each seat's left (the deal, SW-2, SW-4)."""
    right: Ints
    """The seat on each seat's right, which passes it a card (SW-10)."""
    order: Ints
    """``order[anchor, k]``: the ``k``-th seat to choose a card to pass after ``anchor``
    discarded an Anchor, from his left round to him (``choosing``, SW-R7)."""
    turns: Ints
    """``turns[card, seat]``: whose turn follows ``seat``'s discard of ``card``
    (``turn_after``: SW-4, SW-8, SW-9)."""
    passed: Ints
    """Whose turn follows a pass after each seat's Anchor (``turn_after``, SW-10)."""
    dealers: Ints
    """The dealer after each dealer (``dealer_after``, SW-14)."""
    points: Ints
    """``points[winners, size]``: what a hand of ``size`` with that many winning hands
    scores its winner (``hand_points``, SW-14)."""
    redeal: Ints
    """``redeal[winners, size]``: the size of the next hand, 0 when its dealer chooses
    (``redealt_size``, SW-R9)."""


class _Board(NamedTuple):
    """The views of a packed state that the kernel plays on, and the deck as counts by
    card id in a Fenwick tree (``tree[j]``, from 1, counts the cards of ids from
    ``j - (j & -j)`` to ``j - 1``)."""

    s: Ints
    hands: Ints
    held: Ints
    passing: Ints
    scores: Ints
    heights: Ints
    piles: Ints
    deck: Ints
    counts: Ints
    tree: Ints


@compiled
def _plant(counts: Ints, tree: Ints) -> None:
    """Fill the Fenwick ``tree`` of the deck whose copies by card id are ``counts``."""
    nodes = len(counts)
    tree[:] = 0
    for j in range(1, nodes + 1):
        tree[j] += counts[j - 1]
        up = j + (j & -j)
        if up <= nodes:
            tree[up] += tree[j]


@compiled
def _board(words: Ints, book: _Book) -> _Board:
    """The views of the packed state ``words``, its deck counted in a new tree."""
    at, players = book.at, book.players
    counts = np.zeros(book.nodes, np.int64)
    deck = words[at[_AT_DECK] : at[_AT_END]]
    for k in range(words[_DECK_SIZE]):
        counts[deck[k]] += 1
    tree = np.zeros(book.nodes + 1, np.int64)
    _plant(counts, tree)
    return _Board(
        words[:_SCALARS],
        words[at[_AT_HANDS] : at[_AT_HELD]].reshape((players, book.width)),
        words[at[_AT_HELD] : at[_AT_PASSING]],
        words[at[_AT_PASSING] : at[_AT_SCORES]],
        words[at[_AT_SCORES] : at[_AT_HEIGHTS]],
        words[at[_AT_HEIGHTS] : at[_AT_PILES]],
        words[at[_AT_PILES] : at[_AT_DECK]].reshape((players, book.capacity)),
        deck,
        counts,
        tree,
    )


@compiled
def _off_deck(b: _Board, book: _Book, k: int) -> int:
    """Take the card ``deck[k]`` of the sorted deck off it (`sample_chance`'s card): the
    card id whose copies and those of the ids below it first pass ``k``."""
    tree = b.tree
    card = 0
    step = book.nodes >> 1
    while step:
        if tree[card + step] <= k:
            card += step
            k -= tree[card]
        step >>= 1
    b.counts[card] -= 1
    j = card + 1
    while j <= book.nodes:
        tree[j] -= 1
        j += j & -j
    b.s[_DECK_SIZE] -= 1
    return card


@compiled
def _insert(b: _Board, seat: int, card: int) -> None:
    """Put ``card`` into ``seat``'s sorted hand."""
    row = b.hands[seat]
    k = b.held[seat]
    while k > 0 and row[k - 1] > card:
        row[k] = row[k - 1]
        k -= 1
    row[k] = card
    b.held[seat] += 1


@compiled
def _remove(b: _Board, seat: int, card: int) -> None:
    """Take one copy of ``card`` out of ``seat``'s hand."""
    row = b.hands[seat]
    held = b.held[seat] - 1
    k = 0
    while row[k] != card:
        k += 1
    while k < held:
        row[k] = row[k + 1]
        k += 1
    b.held[seat] = held


@compiled
def _choose(b: _Board, seat: int, mt: Ints) -> int:
    """A card of ``seat``'s hand as ``rng.choice`` picks its discard or its pass from
    `legal_moves`: one move per card id, ids ascending (SW-6, SW-10)."""
    row = b.hands[seat]
    held = b.held[seat]
    distinct = 1
    for k in range(1, held):
        distinct += row[k] != row[k - 1]
    r = randbelow(mt, distinct)
    k = 0
    while r:
        k += 1
        r -= row[k] != row[k - 1]
    return row[k]  # type: ignore[no-any-return]  # numba's int64


@compiled
def _wins(b: _Board, book: _Book, seat: int) -> bool:
    """`wins` (SW-3, SW-R4): no more cards than a hand can win with, no action card, and
    no shape or colour (a Lighthouse's colour included) twice."""
    held = b.held[seat]
    if held > book.max_winning:
        return False
    row = b.hands[seat]
    seen = 0
    for k in range(held):
        mask = book.masks[row[k]]
        if mask < 0 or seen & mask:
            return False
        seen |= mask
    return True


@compiled
def _winners(b: _Board, book: _Book) -> int:
    """SW-R6: the seats holding a winning hand, as a bit mask."""
    winners = 0
    for seat in range(book.players):
        if _wins(b, book, seat):
            winners |= 1 << seat
    return winners


@compiled
def _new_hand(b: _Board, book: _Book, dealer: int, size: int) -> None:
    """``_new_hand``: the dealer chooses the size, or the deal of ``size`` cards begins
    at his left (SW-2, SW-R9); no card is dealt yet, the deck is full."""
    s = b.s
    s[_PHASE] = _DEAL if size else _SIZE
    s[_PLAYER] = book.left[dealer] if size else dealer
    s[_DEALER] = dealer
    s[_HAND_SIZE] = size
    s[_RESHUFFLES] = 0
    s[_DECK_SIZE] = book.capacity
    b.held[:] = 0
    b.heights[:] = 0
    b.passing[:] = -1
    b.counts[:] = book.counts
    b.tree[:] = book.tree


@compiled
def _end_hand(b: _Board, book: _Book, results: Ints, ending: int, winners: int) -> Ints:
    """``_end_hand``: the hand's result is the next row of ``results`` (grown when it
    is full), its winner scores (SW-14); the match ends at the target (SW-R10), else
    the deal passes left (SW-14) and a tie may fix the next size (SW-R9). The
    results, grown or not."""
    s = b.s
    size = s[_HAND_SIZE]
    count = 0
    first = -1
    for seat in range(book.players):
        if winners >> seat & 1:
            count += 1
            if first < 0:
                first = seat
    points = book.points[count, size]
    if points:
        b.scores[first] += points
    row = s[_HANDS]
    if row == len(results):
        grown = np.zeros((2 * row, _R_COLUMNS), np.int64)
        grown[:row] = results
        results = grown
    results[row, _R_DEALER] = s[_DEALER]
    results[row, _R_SIZE] = size
    results[row, _R_ENDING] = ending
    results[row, _R_WINNERS] = winners
    results[row, _R_POINTS] = points
    results[row, _R_RESHUFFLES] = s[_RESHUFFLES]
    s[_HANDS] = row + 1
    if points and b.scores[first] >= book.target:  # ends_match (SW-R10)
        s[_PHASE] = _OVER
        s[_PLAYER] = first
        b.passing[:] = -1
        return results
    _new_hand(b, book, book.dealers[s[_DEALER]], book.redeal[count, size])
    return results


@compiled
def _draw(b: _Board, book: _Book, mt: Ints) -> None:
    """A draw as ``rng.choice`` picks it from `legal_moves`: the deck first, then the
    pile of each seat in turn whose top card may be taken (SW-5, SW-7)."""
    heights, piles = b.heights, b.piles
    moves = 1
    for seat in range(book.players):
        height = heights[seat]
        if height and book.takeable[piles[seat, height - 1]]:
            moves += 1
    r = randbelow(mt, moves)
    if r == 0:
        b.s[_PHASE] = _DECK  # SW-5: from the deck, a chance node follows
        return
    for seat in range(book.players):
        height = heights[seat]
        if height and book.takeable[piles[seat, height - 1]]:
            r -= 1
            if r == 0:
                # _take: the pile's top card goes into the hand.
                heights[seat] = height - 1
                _insert(b, b.s[_PLAYER], piles[seat, height - 1])
                b.s[_PHASE] = _DISCARD
                return


@compiled
def _drawn(b: _Board, book: _Book, results: Ints) -> Ints:
    """``_drawn``, once the card is in the hand: the moment the deck runs out, the
    discard piles become the deck, or the hand is a tie once the rebuilds are used up
    (SW-13, SW-R8); then the player discards."""
    s = b.s
    if s[_DECK_SIZE] == 0:
        if s[_RESHUFFLES] >= book.max_reshuffles:
            return _end_hand(b, book, results, _BY_EXHAUSTION, 0)
        cards = 0
        for seat in range(book.players):
            height = b.heights[seat]
            for k in range(height):
                b.counts[b.piles[seat, k]] += 1
            cards += height
            b.heights[seat] = 0
        _plant(b.counts, b.tree)
        s[_DECK_SIZE] = cards
        s[_RESHUFFLES] += 1
    s[_PHASE] = _DISCARD
    return results


@compiled
def _dealt(b: _Board, book: _Book, results: Ints) -> Ints:
    """``_dealt``, once the card is in the hand: the deal goes on to the left until the
    next hand is full (SW-2, SW-R3); then every hand is checked (SW-R6), and the
    dealer's left draws first (SW-4)."""
    s = b.s
    after = book.left[s[_PLAYER]]
    if b.held[after] >= s[_HAND_SIZE]:
        winners = _winners(b, book)
        if winners:
            return _end_hand(b, book, results, _BY_DEAL, winners)
        s[_PHASE] = _DRAW
    s[_PLAYER] = after
    return results


@compiled
def _discard(b: _Board, book: _Book, results: Ints, card: int) -> Ints:
    """``_discard``: the card goes face up on the player's pile (SW-6); a winning hand
    wins at once (SW-11, SW-R6); else the turn passes as the card says (SW-4, SW-8,
    SW-9), or an Anchor begins a pass (SW-10)."""
    s = b.s
    player = s[_PLAYER]
    _remove(b, player, card)
    b.piles[player, b.heights[player]] = card
    b.heights[player] += 1
    if _wins(b, book, player):
        return _end_hand(b, book, results, _BY_DISCARD, 1 << player)
    if book.anchors[card]:
        s[_PHASE] = _PASS  # the discarder stays the state's player until the cards move
    else:
        s[_PHASE] = _DRAW
        s[_PLAYER] = book.turns[card, player]
    return results


@compiled
def _pass(b: _Board, book: _Book, results: Ints, mt: Ints) -> Ints:
    """``_pass`` of the first seat still choosing, from the Anchor's discarder's left
    (`current_player`): it chooses a card of its hand (SW-10, SW-R7). Once every seat
    has chosen, all the cards move one seat left at once, every hand is checked
    (SW-R6), and play goes on at the discarder's left."""
    s, passing = b.s, b.passing
    anchor = s[_PLAYER]
    chooser = anchor
    for k in range(book.players):
        chooser = book.order[anchor, k]
        if passing[chooser] < 0:
            break
    passing[chooser] = _choose(b, chooser, mt)
    for seat in range(book.players):
        if passing[seat] < 0:
            return results
    for seat in range(book.players):
        _remove(b, seat, passing[seat])
    for seat in range(book.players):
        _insert(b, seat, passing[book.right[seat]])
    winners = _winners(b, book)
    if winners:
        return _end_hand(b, book, results, _BY_PASS, winners)
    passing[:] = -1
    s[_PHASE] = _DRAW
    s[_PLAYER] = book.passed[anchor]
    return results


@compiled
def _play_out(b: _Board, book: _Book, results: Ints, mt: Ints, left: int, tally: Ints) -> Ints:
    """Random play on the board, in place, until the match is over or ``left`` moves
    are made (``-1``: no cap); ``tally`` gains the decisions and chance moves. The
    results, grown or not."""
    s = b.s
    while left != 0:
        phase = s[_PHASE]
        if phase == _OVER:
            break
        left -= 1
        if phase in (_DEAL, _DECK):
            # sample_chance: deck[randrange(len(deck))] of the sorted deck (SW-R3).
            tally[1] += 1
            _insert(b, s[_PLAYER], _off_deck(b, book, randbelow(mt, s[_DECK_SIZE])))
            results = _dealt(b, book, results) if phase == _DEAL else _drawn(b, book, results)
            continue
        tally[0] += 1
        if phase == _DRAW:
            _draw(b, book, mt)
        elif phase == _DISCARD:
            results = _discard(b, book, results, _choose(b, s[_PLAYER], mt))
        elif phase == _PASS:
            results = _pass(b, book, results, mt)
        else:
            # _size: the dealer's choice, sizes ascending (SW-2, SW-R2).
            sizes = book.sizes
            _new_hand(b, book, s[_DEALER], sizes[randbelow(mt, len(sizes))])
    return results


@compiled
def _playout(words: Ints, results: Ints, mt: Ints, left: int, book: _Book, tally: Ints) -> Ints:
    """Random play on the packed state ``words`` (see `_play_out`), its deck written
    back sorted at the end. The results, grown or not."""
    b = _board(words, book)
    results = _play_out(b, book, results, mt, left, tally)
    k = 0
    for card in range(book.nodes):
        for _ in range(b.counts[card]):
            b.deck[k] = card
            k += 1
    return results


def _layout(players: int, capacity: int) -> Ints:
    """Where each part of a packed state starts (`_Book.at`)."""
    lengths = (_SCALARS, players * MOST_HELD, players, players, players, players)
    starts = np.cumsum((*lengths, players * capacity, capacity))
    return starts.astype(np.int64)


@cache
def _book(rules: Rules) -> _Book:
    """The tables of ``rules`` that the kernels read (computed once per `Rules` value)."""
    table, n = rules.table, rules.players
    seats = range(n)
    nodes = 1 << (len(table.cards) - 1).bit_length()
    counts = np.zeros(nodes, np.int64)
    counts[: len(table.counts)] = table.counts
    tree = np.zeros(nodes + 1, np.int64)
    _plant(counts, tree)
    kinds = [card.kind for card in table.cards]
    winners = [tuple(range(k)) for k in range(n + 1)]  # as many winning hands as the index
    sizes = range(MAX_HAND_SIZE + 1)
    return _Book(
        players=n,
        width=MOST_HELD,
        capacity=len(table.full),
        nodes=nodes,
        max_winning=table.max_winning,
        max_reshuffles=rules.max_reshuffles,
        target=rules.target,
        at=_layout(n, len(table.full)),
        sizes=np.array(rules.hand_sizes, np.int64),
        masks=np.array(table.masks, np.int64),
        takeable=np.array(table.takeable, np.int64),
        anchors=np.array([kind is Kind.ANCHOR for kind in kinds], np.int64),
        counts=counts,
        tree=tree,
        left=np.array([left_of(n, seat) for seat in seats], np.int64),
        right=np.array([left_of(n, seat, -1) for seat in seats], np.int64),
        order=np.array([[left_of(n, a, k) for k in range(1, n + 1)] for a in seats], np.int64),
        turns=np.array([[turn_after(n, seat, kind) for seat in seats] for kind in kinds], np.int64),
        passed=np.array([turn_after(n, seat, Kind.ANCHOR) for seat in seats], np.int64),
        dealers=np.array([dealer_after(n, seat) for seat in seats], np.int64),
        points=np.array([[hand_points(rules.scoring, z, w) for z in sizes] for w in winners], np.int64),
        redeal=np.array([[redealt_size(rules.tie_keeps_size, z, w) for z in sizes] for w in winners], np.int64),
    )  # fmt: skip


def _pack(state: State, book: _Book) -> Ints:
    """``state`` as one array of ``int64`` (the module's docstring says how)."""
    pad = [-1] * max(book.capacity, MOST_HELD)
    words = [
        _CODES[state.phase], state.player, state.dealer, state.hand_size, state.reshuffles,
        len(state.deck), 0,
    ]  # fmt: skip
    for hand in state.hands:
        words += hand
        words += pad[: MOST_HELD - len(hand)]
    words += [len(hand) for hand in state.hands]
    words += [-1 if card is None else card for card in state.passing]
    words += state.scores
    words += [len(pile) for pile in state.piles]
    for pile in state.piles:
        words += pile
        words += pad[: book.capacity - len(pile)]
    words += state.deck
    words += pad[: book.capacity - len(state.deck)]
    return np.array(words, np.int64)


def _unpack(state: State, book: _Book, packed: Ints, results: Ints) -> State:
    """The state that the packed ``packed`` is, after ``state`` and the hands finished
    in ``results``."""
    words = packed.tolist()
    n, at = book.players, book.at.tolist()
    held = words[at[_AT_HELD] : at[_AT_PASSING]]
    heights = words[at[_AT_HEIGHTS] : at[_AT_PILES]]
    hands, piles = at[_AT_HANDS], at[_AT_PILES]
    deck = at[_AT_DECK]
    rows = results[: words[_HANDS]].tolist()
    return build_state(
        rules=state.rules,
        phase=_PHASES[words[_PHASE]],
        player=words[_PLAYER],
        dealer=words[_DEALER],
        hand_size=words[_HAND_SIZE],
        hands=tuple(
            tuple(words[hands + seat * MOST_HELD : hands + seat * MOST_HELD + held[seat]])
            for seat in range(n)
        ),
        deck=tuple(words[deck : deck + words[_DECK_SIZE]]),
        piles=tuple(
            tuple(words[piles + seat * book.capacity : piles + seat * book.capacity + height])
            for seat, height in enumerate(heights)
        ),
        passing=tuple(
            None if card < 0 else CardId(card) for card in words[at[_AT_PASSING] : at[_AT_SCORES]]
        ),
        scores=tuple(words[at[_AT_SCORES] : at[_AT_HEIGHTS]]),
        results=state.results
        + tuple(
            HandResult(
                dealer=row[_R_DEALER],
                hand_size=row[_R_SIZE],
                ending=_ENDINGS[row[_R_ENDING]],
                winners=tuple(seat for seat in range(n) if row[_R_WINNERS] >> seat & 1),
                points=row[_R_POINTS],
                reshuffles=row[_R_RESHUFFLES],
            )
            for row in rows
        ),
        reshuffles=words[_RESHUFFLES],
    )


def playout(state: State, rng: random.Random, max_moves: int | None) -> State:
    """The compiled playout: the state and ``rng`` as the reference loop leaves them."""
    book = _book(state.rules)
    words = _pack(state, book)
    mt, gauss = from_rng(rng)
    results = np.zeros((_ROWS, _R_COLUMNS), np.int64)
    tally = np.zeros(2, np.int64)
    left = -1 if max_moves is None else max_moves
    results = _playout(words, results, mt, left, book, tally)
    to_rng(mt, gauss, rng)
    return _unpack(state, book, words, results)


@compiled
def _many(keys: Ints, lengths: Ints, start: Ints, left: int, book: _Book, out: Ints) -> None:
    """Play one match from the packed ``start`` per row of ``keys`` (each a `seed` key
    of ``lengths[i]`` words), and write what it came to in ``out``'s row (by the
    ``_M_*`` columns): the winner (-1: none), the decisions, the chance moves, the hands
    finished, the ties among them, the rebuilds of the deck, whether it ended, and the
    scores."""
    mt = np.zeros(MT_SIZE, np.int64)
    tally = np.zeros(2, np.int64)
    results = np.zeros((_ROWS, _R_COLUMNS), np.int64)
    words = np.empty_like(start)
    for game in range(len(lengths)):
        seed(mt, keys[game, : lengths[game]])
        words[:] = start
        tally[:] = 0
        b = _board(words, book)
        results = _play_out(b, book, results, mt, left, tally)
        s, row = b.s, out[game]
        finished = s[_PHASE] == _OVER
        ties = reshuffles = 0
        for hand in range(s[_HANDS]):
            winners = results[hand, _R_WINNERS]
            ties += winners == 0 or winners & (winners - 1) != 0  # not one winner (SW-12)
            reshuffles += results[hand, _R_RESHUFFLES]
        row[_M_WINNER] = s[_PLAYER] if finished else -1
        row[_M_DECISIONS], row[_M_CHANCE] = tally[0], tally[1]
        row[_M_HANDS], row[_M_TIES] = s[_HANDS], ties
        row[_M_RESHUFFLES] = reshuffles + (0 if finished else s[_RESHUFFLES])
        row[_M_FINISHED] = finished
        row[_M_COLUMNS:] = b.scores


def many(state: State, seeds: Sequence[str], max_moves: int | None) -> list[Summary]:
    """Random play from ``state`` once per seed, game ``i`` with
    ``random.Random(seeds[i])``: what each came to."""
    found = [seed_key(text) for text in seeds]
    keys = np.zeros((len(found), max((len(key) for key in found), default=1)), np.int64)
    for row, key in zip(keys, found, strict=True):
        row[: len(key)] = key
    book = _book(state.rules)
    out = np.zeros((len(found), _M_COLUMNS + book.players), np.int64)
    _many(
        keys, np.array([len(key) for key in found], np.int64), _pack(state, book),
        -1 if max_moves is None else max_moves, book, out,
    )  # fmt: skip
    # statistics: the hands, ties and rebuilds before the state, and those of the playout
    done = state.results
    hands, ties = len(done), sum(result.winner is None for result in done)
    rebuilt = sum(result.reshuffles for result in done)
    return [
        Summary(
            winner=None if winner < 0 else winner,
            decisions=decisions,
            chance_moves=chance,
            statistics={
                "hands": hands + played,
                "ties": ties + tied,
                "reshuffles": rebuilt + reshuffles,
            },
            finished=bool(finished),
            scores=tuple(scores) if finished else (),
        )
        for winner, decisions, chance, played, tied, reshuffles, finished, *scores in out.tolist()
    ]


KERNELS: Kernels[Rules, State] = Kernels(playout=playout, many=many)
"""The Ship's Wheel card game's compiled playout."""
