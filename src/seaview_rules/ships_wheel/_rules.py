"""The Ship's Wheel engine: legal moves, chance, and transitions.

Each transition checks the move against the rule it could break and returns either the
next state or the `Violation`; `apply_move` and `check_move` are thin wrappers. Hands
and the deck are sorted tuples of card ids (multisets, so two decks just mean repeated
ids); the hot path does tuple slicing and table look-ups.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from fractions import Fraction

from seaview_rules._core import (
    CHANCE,
    IllegalMoveError,
    Outcome,
    Player,
    Termination,
    Violation,
    seat_violation,
    trusted_constructor,
)
from seaview_rules.ships_wheel._model import (
    CardTable,
    Ending,
    HandResult,
    Kind,
    Phase,
    Rules,
    Scoring,
    State,
    winning_limit,
)
from seaview_rules.ships_wheel._moves import (
    SIZES,
    TAKES,
    Action,
    Deal,
    Discard,
    Move,
    Pass,
    Size,
    Take,
    move_table,
)

# Module-level aliases: on the hot path an enum attribute look-up (Phase.DRAW) costs
# several times a global one.
_SIZE, _DEAL, _DRAW, _DECK, _DISCARD, _PASS, _OVER = (
    Phase.SIZE, Phase.DEAL, Phase.DRAW, Phase.DECK, Phase.DISCARD, Phase.PASS, Phase.OVER,
)  # fmt: skip
_state = trusted_constructor(State)
_NO_PASS: tuple[tuple[int | None, ...], ...] = tuple((None,) * n for n in range(7))
_EMPTY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(((),) * n for n in range(7))


def new_game(rules: Rules = Rules()) -> State:  # noqa: B008 - Rules is frozen
    """The start of a match: the first dealer is about to choose the hand size (SW-2).

    >>> state = new_game(Rules(players=3))
    >>> state.phase, current_player(state), len(state.deck)
    (<Phase.SIZE: 'size'>, 0, 76)
    """
    return _new_hand(rules, rules.first_dealer, 0, (0,) * rules.players, ())


def _new_hand(
    rules: Rules, dealer: int, size: int, scores: tuple[int, ...], results: tuple[HandResult, ...]
) -> State:
    # SW-2: the dealer chooses the size, unless a tie fixed it (SW-R9); the deal then
    # starts at his left.
    n = rules.players
    phase, player = (_DEAL, (dealer + 1) % n) if size else (_SIZE, dealer)
    return _state(
        rules, phase, player, dealer, size, _EMPTY[n], rules.table.full, _EMPTY[n],
        _NO_PASS[n], scores, results, 0,
    )  # fmt: skip


def current_player(state: State) -> Player | None:
    """The seat to move, `CHANCE` while a card comes off the deck, or ``None`` once the
    match is over (SW-R10).

    >>> current_player(new_game(Rules(players=2)))
    0
    """
    phase = state.phase
    if phase is _DEAL or phase is _DECK:
        return CHANCE
    return None if phase is _OVER else state.player


def is_terminal(state: State) -> bool:
    """Whether the match is over (SW-14)."""
    return state.phase is _OVER


def outcome(state: State) -> Outcome | None:
    """The winner and final totals once the match is over, else ``None`` (SW-14)."""
    if state.phase is not _OVER:
        return None
    return Outcome(state.player, state.scores, Termination.TARGET_SCORE)


def wins(hand: tuple[int, ...], table: CardTable) -> bool:
    """Whether the card ids ``hand`` make a winning hand (SW-3, SW-R4).

    No action card; no two plain cards share a shape or a colour; no two Lighthouses
    share a colour; and no more cards than shapes or colours, since each Lighthouse
    stands for a shape and a colour that no other card of the hand has.
    """
    if len(hand) > table.max_winning:
        return False
    masks = table.masks
    seen = 0
    for i in hand:
        mask = masks[i]
        if mask < 0 or seen & mask:
            return False
        seen |= mask
    return True


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order: hand sizes ascending; ``draw`` then ``take``
    by seat; cards by id.

    At a chance node these are the distinct cards that can come off the deck; after the
    match, nothing.

    >>> state = new_game(Rules(players=2))
    >>> [str(m) for m in legal_moves(state)]
    ['size 3', 'size 4', 'size 5', 'size 6', 'size 7', 'size 8']
    """
    phase = state.phase
    if phase is _DISCARD:
        discards = move_table(state.rules.table).discards
        return tuple(map(discards.__getitem__, dict.fromkeys(state.hands[state.player])))
    if phase is _DRAW:
        # SW-5, SW-7: the deck, or a pile whose top is not an action card.
        takeable = state.rules.table.takeable
        moves: list[Move] = [Action.DRAW]
        for seat, pile in enumerate(state.piles):
            if pile and takeable[pile[-1]]:
                moves.append(TAKES[seat])
        return tuple(moves)
    if phase is _DEAL or phase is _DECK:
        deals = move_table(state.rules.table).deals
        return tuple(map(deals.__getitem__, dict.fromkeys(state.deck)))
    if phase is _PASS:
        passes = move_table(state.rules.table).passes
        return tuple(map(passes.__getitem__, dict.fromkeys(state.hands[state.player])))
    if phase is _SIZE:
        return tuple([SIZES[n] for n in state.rules.hand_sizes])  # SW-R2
    return ()


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, every card that can come off the deck, with the share of the
    deck's cards it makes up (SW-R3, SW-R8); elsewhere, nothing.

    >>> from seaview_rules.ships_wheel import parse_move
    >>> state = apply_move(new_game(Rules(players=2)), parse_move("size 3"))
    >>> [(str(m), str(p)) for m, p in chance_outcomes(state)][-3:]
    [('deal white-starfish', '3/76'), ('deal black-starfish', '3/76'), ('deal anchor', '1/38')]
    """
    phase = state.phase
    if phase is not _DEAL and phase is not _DECK:
        return ()
    deals = move_table(state.rules.table).deals
    total = len(state.deck)
    return tuple((deals[i], Fraction(count, total)) for i, count in Counter(state.deck).items())


def sample_chance(state: State, rng: random.Random) -> Move:
    """A chance outcome drawn from ``rng`` with exactly the `chance_outcomes`
    distribution: every card of the deck is equally likely.

    Raises:
        IllegalMoveError: the state is not a chance node.
    """
    phase = state.phase
    if phase is not _DEAL and phase is not _DECK:
        raise IllegalMoveError(Violation("API-TURN", "it is a player's turn, not chance's"))
    deck = state.deck
    return move_table(state.rules.table).deals[deck[rng.randrange(len(deck))]]


def check_move(state: State, move: Move, *, seat: int | None = None) -> Violation | None:
    """The rule that ``move`` would break in ``state``, or ``None`` if it is legal; with
    ``seat``, also API-SEAT when that seat is not to move (see `apply_move`).

    >>> from seaview_rules.ships_wheel import parse_move
    >>> check_move(new_game(Rules(players=4)), parse_move("size 7"))
    Violation(rule='SW-R2', reason='hands of 7 are too large for 4 players on one deck: deal 6 or fewer, or play with two decks (Rules.decks=2); choose from 3 to 6')
    >>> check_move(new_game(Rules(players=4)), parse_move("size 7"), seat=1)
    Violation(rule='API-SEAT', reason='seat 0 is to move, not seat 1')
    """
    if seat is not None:
        refused = _seat_check(state, seat)
        if refused is not None:
            return refused
    result = _transition(state, move)
    return result if isinstance(result, Violation) else None


def apply_move(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after ``move``. ``state`` itself never changes.

    Args:
        state: the state to move from.
        move: the move.
        seat: the seat that sends the move, for a server: unless it is the seat to
            move, the move is refused (API-SEAT) before anything about it, or about any
            hand, is looked at. ``None`` (the default) checks no seat: the move is the
            current player's, chance's at a chance node.

    Raises:
        IllegalMoveError: the move is not legal in ``state``; it names the rule.

    >>> from seaview_rules.ships_wheel import parse_move
    >>> dealing = apply_move(new_game(Rules(players=2)), parse_move("size 3"))
    >>> apply_move(dealing, parse_move("deal red-star"), seat=1)
    Traceback (most recent call last):
    ...
    seaview_rules.IllegalMoveError: API-SEAT: the next move is a chance outcome, not seat 1's
    """
    if seat is not None:  # only a server's calls pay for the seat check
        refused = _seat_check(state, seat)
        if refused is not None:
            raise IllegalMoveError(refused)
    result = _transition(state, move)
    if isinstance(result, Violation):
        raise IllegalMoveError(result)
    return result


def _seat_check(state: State, seat: int) -> Violation | None:
    # API-OVER first, then API-SEAT, before the move or any hand is looked at.
    if state.phase is _OVER:
        return Violation("API-OVER", "the match is over")
    return seat_violation(current_player(state), seat)


_WRONG_PHASE = {
    _SIZE: ("SW-2", "the dealer first chooses how many cards to deal"),
    _DRAW: ("SW-5", "a turn starts by drawing one card: no discard without a draw"),
    _DISCARD: ("SW-6", "the player has drawn and now discards one card"),
    _PASS: ("SW-10", "every player is choosing the card to pass to the left"),
}


def _transition(state: State, move: Move) -> State | Violation:
    phase = state.phase
    if phase is _OVER:
        return Violation("API-OVER", "the match is over")
    kind = type(move)
    if kind is Deal:
        if phase is not _DEAL and phase is not _DECK:
            return Violation("API-TURN", f"it is seat {state.player}'s turn, not chance's")
        assert isinstance(move, Deal)
        i = state.rules.table.index.get(move.card)
        deck = state.deck
        k = -1 if i is None else bisect_left(deck, i)
        if i is None or k == len(deck) or deck[k] != i:
            return Violation("SW-R3", f"{move.card} is not in the deck")
        return _deal(state, i, k) if phase is _DEAL else _drawn(state, i, k)
    if phase is _DEAL or phase is _DECK:
        return Violation("API-TURN", f"the next move is a card off the deck (chance), not {move}")
    if kind is Discard and phase is _DISCARD:
        assert isinstance(move, Discard)
        return _discard(state, move)
    if kind is Take and phase is _DRAW:
        assert isinstance(move, Take)
        return _take(state, move.seat)
    if move is Action.DRAW and phase is _DRAW:
        # SW-5, SW-R5: draw the top card of the deck (a chance node follows).
        return _state(
            state.rules, _DECK, state.player, state.dealer, state.hand_size,
            state.hands, state.deck, state.piles, state.passing, state.scores,
            state.results, state.reshuffles,
        )  # fmt: skip
    if kind is Pass and phase is _PASS:
        assert isinstance(move, Pass)
        return _commit(state, move)
    if kind is Size and phase is _SIZE:
        assert isinstance(move, Size)
        if move.cards not in state.rules.hand_sizes:
            return _refused_size(state.rules, move.cards)
        return _state(
            state.rules, _DEAL, (state.dealer + 1) % state.rules.players, state.dealer,
            move.cards, state.hands, state.deck, state.piles, state.passing, state.scores,
            state.results, 0,
        )  # fmt: skip
    if kind is Size:
        return Violation("SW-2", f"not now ({move}): the dealer chooses the size before the deal")
    if kind is Pass and phase is not _SIZE:
        return Violation("SW-10", f"not now ({move}): cards are passed only after an Anchor")
    if kind in (Discard, Take, Pass) or move is Action.DRAW:
        rule, reason = _WRONG_PHASE[phase]
        return Violation(rule, f"not now ({move}): {reason}")
    return Violation("API-MOVE", f"{move!r} is not a Ship's Wheel move")


def _refused_size(rules: Rules, cards: int) -> Violation:
    # The rule that sets the bound the size crosses: the options and the printed advice
    # (SW-R2) before the deck's own limit (SW-R4), which only a custom deck reaches.
    sizes = rules.hand_sizes
    choose = f"choose from {sizes[0]} to {sizes[-1]}"
    if cards < sizes[0]:
        return Violation(
            "SW-R2", f"hands of {cards} are too small: Rules.min_hand_size is {sizes[0]}; {choose}"
        )
    if rules.max_hand_size == sizes[-1]:
        return Violation(
            "SW-R2", f"hands of {cards} are too large: Rules.max_hand_size is {sizes[-1]}; {choose}"
        )
    if rules.crowded and rules.crowded_max_hand_size == sizes[-1]:
        return Violation(
            "SW-R2",
            f"hands of {cards} are too large for {rules.players} players on one deck: deal "
            f"{sizes[-1]} or fewer, or play with two decks (Rules.decks=2); {choose}",
        )
    return Violation(
        "SW-R4",
        f"hands of {cards} can never win with this deck ({winning_limit(rules.deck)}); {choose}",
    )


def _insert(cards: tuple[int, ...], i: int) -> tuple[int, ...]:
    k = bisect_right(cards, i)
    return (*cards[:k], i, *cards[k:])


def _remove(cards: tuple[int, ...], i: int) -> tuple[int, ...]:
    k = bisect_left(cards, i)
    return cards[:k] + cards[k + 1 :]


def _deal(state: State, i: int, k: int) -> State:
    # SW-2, SW-R3: one card at a time, clockwise from the dealer's left.
    rules = state.rules
    seat = state.player
    hands = list(state.hands)
    hands[seat] = _insert(hands[seat], i)
    deck = state.deck[:k] + state.deck[k + 1 :]
    after = (seat + 1) % rules.players
    if len(hands[after]) < state.hand_size:
        return _state(
            rules, _DEAL, after, state.dealer, state.hand_size, tuple(hands), deck,
            state.piles, state.passing, state.scores, state.results, 0,
        )  # fmt: skip
    # SW-R6: after the deal, every hand is checked; SW-4: the dealer's left starts.
    table = rules.table
    winners = tuple(s for s in range(rules.players) if wins(hands[s], table))
    if winners:
        return _end_hand(state, tuple(hands), deck, state.piles, Ending.DEAL, winners)
    return _state(
        rules, _DRAW, after, state.dealer, state.hand_size, tuple(hands), deck,
        state.piles, state.passing, state.scores, state.results, 0,
    )  # fmt: skip


def _drawn(state: State, i: int, k: int) -> State:
    seat = state.player
    hands = list(state.hands)
    hands[seat] = _insert(hands[seat], i)
    deck = state.deck[:k] + state.deck[k + 1 :]
    piles = state.piles
    reshuffles = state.reshuffles
    if not deck:
        # SW-13, SW-R8: the moment the deck runs out, every discard pile becomes the
        # new deck; once the allowed reshuffles are used up, the hand is a tie.
        if reshuffles >= state.rules.max_reshuffles:
            return _end_hand(state, tuple(hands), deck, piles, Ending.EXHAUSTION, ())
        deck = tuple(sorted([c for pile in piles for c in pile]))
        piles = _EMPTY[state.rules.players]
        reshuffles += 1
    return _state(
        state.rules, _DISCARD, seat, state.dealer, state.hand_size, tuple(hands), deck,
        piles, state.passing, state.scores, state.results, reshuffles,
    )  # fmt: skip


def _take(state: State, seat: int) -> State | Violation:
    piles = state.piles
    if not 0 <= seat < len(piles):
        return Violation("SW-5", f"there is no seat {seat}")
    pile = piles[seat]
    if not pile:
        if not state.reshuffles and not any(piles):
            # SW-R5: nobody has discarded yet, so the first turn of a hand draws from the deck.
            return Violation(
                "SW-R5", "the first turn of a hand draws from the deck: no card has been discarded"
            )
        # SW-5: only a pile's top card can be taken, and an empty pile has none.
        return Violation("SW-5", f"seat {seat}'s discard pile is empty: it has no top card to take")
    top = pile[-1]
    table = state.rules.table
    if not table.takeable[top]:
        return Violation(
            "SW-7", f"{table.cards[top]} on seat {seat}'s pile is out of play and cannot be taken"
        )
    player = state.player
    hands = list(state.hands)
    hands[player] = _insert(hands[player], top)
    new_piles = list(piles)
    new_piles[seat] = pile[:-1]
    return _state(
        state.rules, _DISCARD, player, state.dealer, state.hand_size, tuple(hands),
        state.deck, tuple(new_piles), state.passing, state.scores, state.results,
        state.reshuffles,
    )  # fmt: skip


def _discard(state: State, move: Discard) -> State | Violation:
    rules = state.rules
    table = rules.table
    player = state.player
    i = table.index.get(move.card)
    hand = state.hands[player]
    if i is None or i not in hand:
        return Violation("SW-6", f"{move.card} is not in seat {player}'s hand")
    hands = list(state.hands)
    hand = hands[player] = _remove(hand, i)
    piles = list(state.piles)
    piles[player] = (*piles[player], i)
    n = rules.players
    if wins(hand, table):
        # SW-11, SW-R6: a winning hand wins at once; a discarded action card does nothing.
        return _end_hand(state, tuple(hands), state.deck, tuple(piles), Ending.DISCARD, (player,))
    kind = table.cards[i].kind
    if kind is Kind.WHITE_STARFISH:
        after = player  # SW-8: the same player takes another whole turn
    elif kind is Kind.BLACK_STARFISH:
        after = (player + 2) % n  # SW-9, SW-R11: the next player is skipped
    elif kind is Kind.ANCHOR:
        # SW-10, SW-R7: every seat chooses a card, from the discarder's left round to him.
        return _state(
            rules, _PASS, (player + 1) % n, state.dealer, state.hand_size, tuple(hands),
            state.deck, tuple(piles), state.passing, state.scores, state.results,
            state.reshuffles,
        )  # fmt: skip
    else:
        after = (player + 1) % n  # SW-4: play goes to the left
    return _state(
        rules, _DRAW, after, state.dealer, state.hand_size, tuple(hands), state.deck,
        tuple(piles), state.passing, state.scores, state.results, state.reshuffles,
    )  # fmt: skip


def _commit(state: State, move: Pass) -> State | Violation:
    rules = state.rules
    table = rules.table
    player = state.player
    i = table.index.get(move.card)
    if i is None or i not in state.hands[player]:
        return Violation("SW-10", f"{move.card} is not in seat {player}'s hand")
    passing = list(state.passing)
    passing[player] = i
    n = rules.players
    after = (player + 1) % n
    if passing[after] is None:
        return _state(
            rules, _PASS, after, state.dealer, state.hand_size, state.hands, state.deck,
            state.piles, tuple(passing), state.scores, state.results, state.reshuffles,
        )  # fmt: skip
    # SW-10, SW-R7: everyone has chosen; all cards move one seat left at the same time,
    # then every hand is checked (SW-R6).
    hands = []
    for seat in range(n):
        given, received = passing[seat], passing[seat - 1]
        assert given is not None
        assert received is not None
        hands.append(_insert(_remove(state.hands[seat], given), received))
    winners = tuple(s for s in range(n) if wins(hands[s], table))
    if winners:
        return _end_hand(state, tuple(hands), state.deck, state.piles, Ending.PASS, winners)
    return _state(
        rules, _DRAW, after, state.dealer, state.hand_size, tuple(hands), state.deck,
        state.piles, _NO_PASS[n], state.scores, state.results, state.reshuffles,
    )  # fmt: skip


def _end_hand(
    state: State,
    hands: tuple[tuple[int, ...], ...],
    deck: tuple[int, ...],
    piles: tuple[tuple[int, ...], ...],
    ending: Ending,
    winners: tuple[int, ...],
) -> State:
    rules = state.rules
    n = rules.players
    size = state.hand_size
    scores = state.scores
    points = 0
    if len(winners) == 1:
        # SW-14: a card per card in the winner's hand, or a point per hand won.
        points = size if rules.scoring is Scoring.CARDS else 1
        scores = tuple(s + points if seat == winners[0] else s for seat, s in enumerate(scores))
    result = HandResult(state.dealer, size, ending, winners, points, state.reshuffles)
    results = (*state.results, result)
    if points and scores[winners[0]] >= rules.target:
        # SW-R10: the match ends when a total reaches the target.
        return _state(
            rules, _OVER, winners[0], state.dealer, size, hands, deck, piles,
            _NO_PASS[n], scores, results, state.reshuffles,
        )  # fmt: skip
    # SW-12, SW-R9: after a tie the next dealer redeals the same number of cards.
    again = size if not points and rules.tie_keeps_size else 0
    # SW-14: the deal passes to the left after every hand.
    return _new_hand(rules, (state.dealer + 1) % n, again, scores, results)
