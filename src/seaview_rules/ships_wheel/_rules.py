"""The Ship's Wheel rules: legal moves, chance, transitions, and what a move did: its
events and the rules it exercised.

`_violation` finds the rule a move breaks without building anything; `_SUCCESSORS`
holds, for each type of move, the function that builds the state after a legal one
(named after the move). Where a transition applies a rule's numbers or small functions
(the turn after a discard, the seats a Black Starfish skips, the points of a hand, the
end of the match, the next dealer and size), it asks the rulebook, ``_rulebook``.
`check_move` refuses API-OVER, API-SEAT and API-MOVE
(`seaview_rules._shell.refusal`) before `_violation`. Hands and the deck are sorted
tuples of card ids (multisets, so two decks just mean repeated ids); the hot path does
tuple slicing and table look-ups.

Given a `~seaview_rules.Trace`, a successor records in it, at the point where each rule
acts, the rule's ID and what happened, every card named
(`seaview_rules._shell.traced`); `events`, `narrate` and `rules_applied` only read that
record, so nothing works out a second time what a transition did. Random play gives no
trace and pays a test or two of ``trace is not None`` a move.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from fractions import Fraction

from seaview_rules._compiled import Compiled, Kernels
from seaview_rules._core import (
    CHANCE,
    IllegalMoveError,
    Outcome,
    Player,
    Trace,
    Violation,
    seat_violation,
)
from seaview_rules._seating import left_of
from seaview_rules._shell import Referee, Successor
from seaview_rules.ships_wheel._events import (
    CardsPassed,
    DealDone,
    Dealt,
    DeckChosen,
    DeckRanOut,
    DeckRebuilt,
    Discarded,
    Drew,
    GoesAgain,
    HandTied,
    HandWon,
    PassBegins,
    PassChosen,
    Received,
    SizeChosen,
    Skipped,
    Took,
    redact,
    words,
)
from seaview_rules.ships_wheel._model import (
    Ending,
    HandResult,
    Phase,
    Rules,
    State,
    View,
    build_state,
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
from seaview_rules.ships_wheel._pieces import CardId, Kind, winning_limit, wins
from seaview_rules.ships_wheel._rulebook import (
    dealer_after,
    ends_match,
    hand_points,
    match_outcome,
    redealt_size,
    skipped,
    turn_after,
)

# The enum members of the hot path as module constants: a look-up such as Phase.DRAW
# goes through the enum's metaclass, many times the cost of a global look-up (what each
# speed trick buys is measured on the performance page).
_PHASE_SIZE, _PHASE_DEAL, _PHASE_DRAW, _PHASE_DECK = Phase.SIZE, Phase.DEAL, Phase.DRAW, Phase.DECK
_PHASE_DISCARD, _PHASE_PASS, _PHASE_OVER = Phase.DISCARD, Phase.PASS, Phase.OVER
_ACTION_DRAW = Action.DRAW
_KIND_WHITE_STARFISH, _KIND_BLACK_STARFISH = Kind.WHITE_STARFISH, Kind.BLACK_STARFISH
_KIND_ANCHOR = Kind.ANCHOR


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
    return build_state(
        rules=rules,
        phase=_PHASE_DEAL if size else _PHASE_SIZE,
        player=left_of(rules.players, dealer) if size else dealer,
        dealer=dealer,
        hand_size=size,
        hands=((),) * n,
        deck=rules.table.full,
        piles=((),) * n,
        passing=(None,) * n,
        scores=scores,
        results=results,
        reshuffles=0,
    )


def current_player(state: State | View) -> Player | None:
    """The seat to move, `CHANCE` while a card comes off the deck, or ``None`` once the
    match is over (SW-R10); of a view, who is to move in the state it shows.

    >>> current_player(new_game(Rules(players=2)))
    0

    During an Anchor pass every seat still choosing may move (SW-10, SW-R7); the answer
    is the first of them in the order the rules give, from the discarder's left round
    to him (`choosing`), so that a driver that moves one seat at a time stays valid.
    """
    phase = state.phase
    if phase is _PHASE_DEAL or phase is _PHASE_DECK:
        return CHANCE
    if phase is _PHASE_PASS:
        return state.choosing[0] if isinstance(state, View) else choosing(state)[0]
    return None if phase is _PHASE_OVER else state.player


def choosing(state: State) -> tuple[int, ...]:
    """The seats still choosing the card they pass in an Anchor pass, in the order the
    rules give, from the discarder (`State.player`) 's left round to him; outside the
    pass, none (SW-10, SW-R7).

    >>> from seaview_rules.ships_wheel import parse_move
    >>> state = apply_move(new_game(Rules(players=3)), parse_move("size 3"))
    >>> for text in "red-star blue-star green-star red-moon blue-moon green-moon anchor".split():
    ...     state = apply_move(state, parse_move(f"deal {text}"))
    >>> for text in ("deal blue-wave", "deal green-wave", "draw", "deal pink-wave", "anchor"):
    ...     state = apply_move(state, parse_move(text))  # seat 1 discards the Anchor
    >>> choosing(state), current_player(state)
    ((2, 0, 1), 2)
    >>> choosing(apply_move(state, parse_move("pass green-star by 0"), seat=0))
    (2, 1)
    """
    if state.phase is not _PHASE_PASS:
        return ()
    rules, passing = state.rules, state.passing
    seats = [left_of(rules.players, state.player, k) for k in range(1, rules.players + 1)]
    return tuple([s for s in seats if passing[s] is None])


def chance_seat(state: State) -> int | None:
    """The seat whose deal or draw the pending chance move is (the seat that presses a
    frontend's "deal" or "draw" button), or ``None`` when chance is not to move.

    During a deal, a redeal after a tie included, it is that hand's dealer (SW-2,
    SW-R9: the next dealer to the left redeals); when a player draws from the deck, it
    is that player (SW-5).

    >>> from seaview_rules.ships_wheel import parse_move
    >>> state = apply_move(new_game(Rules(players=2)), parse_move("size 5"))
    >>> state.player, chance_seat(state)  # the first card goes to seat 1, dealt by seat 0
    (1, 0)
    """
    phase = state.phase
    if phase is _PHASE_DEAL:
        return state.dealer
    return state.player if phase is _PHASE_DECK else None


def is_terminal(state: State) -> bool:
    """Whether the match is over (SW-14)."""
    return state.phase is _PHASE_OVER


def outcome(state: State) -> Outcome | None:
    """The winner and final totals once the match is over, else ``None`` (SW-14,
    SW-R10)."""
    if state.phase is not _PHASE_OVER:
        return None
    return match_outcome(state.player, state.scores)


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
    if phase is _PHASE_DISCARD:
        discards = move_table(state.rules.table).discards
        return tuple(map(discards.__getitem__, dict.fromkeys(state.hands[state.player])))
    if phase is _PHASE_DRAW:
        # SW-5, SW-7: the deck, or a pile whose top is not an action card.
        takeable = state.rules.table.takeable
        moves: list[Move] = [_ACTION_DRAW]
        for seat, pile in enumerate(state.piles):
            if pile and takeable[pile[-1]]:
                moves.append(TAKES[seat])
        return tuple(moves)
    if phase is _PHASE_DEAL or phase is _PHASE_DECK:
        deals = move_table(state.rules.table).deals
        return tuple(map(deals.__getitem__, dict.fromkeys(state.deck)))
    if phase is _PHASE_PASS:
        return _pass_moves(state, choosing(state)[0])
    if phase is _PHASE_SIZE:
        return tuple([SIZES[n] for n in state.rules.hand_sizes])  # SW-R2
    return ()


def seat_moves(state: State, seat: int) -> tuple[Move, ...]:
    """The moves ``seat`` may make now, in `legal_moves` order: during an Anchor pass,
    its choices of a card to pass while it is still choosing (SW-10, SW-R7), whoever
    `current_player` names; otherwise `legal_moves` if it is to move, else none.

    >>> state = new_game(Rules(players=2))
    >>> len(seat_moves(state, 0)), seat_moves(state, 1)
    (6, ())
    """
    if state.phase is _PHASE_PASS:
        return _pass_moves(state, seat) if state.passing[seat] is None else ()
    return legal_moves(state) if current_player(state) == seat else ()


def _pass_moves(state: State, seat: int) -> tuple[Move, ...]:
    # SW-10: a card of the chooser's own hand.
    passes = move_table(state.rules.table).passes[seat]
    return tuple(map(passes.__getitem__, dict.fromkeys(state.hands[seat])))


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, every card that can come off the deck, with the share of the
    deck's cards it makes up (SW-R3, SW-R8); elsewhere, nothing.

    >>> from seaview_rules.ships_wheel import parse_move
    >>> state = apply_move(new_game(Rules(players=2)), parse_move("size 3"))
    >>> [(str(m), str(p)) for m, p in chance_outcomes(state)][-3:]
    [('deal white-starfish', '3/76'), ('deal black-starfish', '3/76'), ('deal anchor', '1/38')]
    """
    phase = state.phase
    if phase is not _PHASE_DEAL and phase is not _PHASE_DECK:
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
    if phase is not _PHASE_DEAL and phase is not _PHASE_DECK:
        raise IllegalMoveError(Violation("API-TURN", "it is a player's turn, not chance's"))
    deck = state.deck
    return move_table(state.rules.table).deals[deck[rng.randrange(len(deck))]]


_WRONG_PHASE = {
    _PHASE_SIZE: ("SW-2", "the dealer first chooses how many cards to deal"),
    _PHASE_DRAW: ("SW-5", "a turn starts by drawing one card: no discard without a draw"),
    _PHASE_DISCARD: ("SW-6", "the player has drawn and now discards one card"),
    _PHASE_PASS: ("SW-10", "every player is choosing the card to pass to the left"),
}


_OVER = Violation("API-OVER", "the match is over")


def _violation(state: State, move: Move) -> Violation | None:
    """The rule the well-formed ``move`` breaks in ``state``, or ``None`` if it is legal."""
    phase = state.phase
    if phase is _PHASE_OVER:
        return _OVER
    chance = phase is _PHASE_DEAL or phase is _PHASE_DECK
    if isinstance(move, Deal):
        if not chance:
            return Violation("API-TURN", f"it is seat {state.player}'s turn, not chance's")
        return _deal_violation(state, move)
    if chance:
        return Violation("API-TURN", f"the next move is a card off the deck (chance), not {move}")
    if isinstance(move, Discard) and phase is _PHASE_DISCARD:
        # SW-6: any card of the hand.
        i = state.rules.table.index.get(move.card)
        if i is None or i not in state.hands[state.player]:
            return Violation("SW-6", f"{move.card} is not in seat {state.player}'s hand")
        return None
    if isinstance(move, Take) and phase is _PHASE_DRAW:
        return _take_violation(state, move.seat)
    if move is _ACTION_DRAW and phase is _PHASE_DRAW:
        return None  # SW-5, SW-R5: the deck can always be drawn from
    if isinstance(move, Pass) and phase is _PHASE_PASS:
        return _pass_violation(state, move)
    if isinstance(move, Size) and phase is _PHASE_SIZE:
        return (
            None if move.cards in state.rules.hand_sizes else _refused_size(state.rules, move.cards)
        )
    return _out_of_phase(phase, move)


def _deal_violation(state: State, move: Deal) -> Violation | None:
    # SW-R3: the card comes off the deck, so it must be in it (the deck is sorted).
    i = state.rules.table.index.get(move.card)
    deck = state.deck
    k = 0 if i is None else bisect_left(deck, i)
    if i is None or k == len(deck) or deck[k] != i:
        return Violation("SW-R3", f"{move.card} is not in the deck")
    return None


def _out_of_phase(phase: Phase, move: Move) -> Violation:
    """The refusal of a move that the phase does not take."""
    if isinstance(move, Size):
        return Violation("SW-2", f"not now ({move}): the dealer chooses the size before the deal")
    if isinstance(move, Pass) and phase is not _PHASE_SIZE:
        return Violation("SW-10", f"not now ({move}): cards are passed only after an Anchor")
    # A Discard, Take, Pass or draw in the wrong phase (_FORMS let nothing else through).
    rule, reason = _WRONG_PHASE[phase]
    return Violation(rule, f"not now ({move}): {reason}")


def _pass_violation(state: State, move: Pass) -> Violation | None:
    # SW-10, SW-R7: every seat still choosing chooses a card of its own hand, in any
    # order; a choice is final.
    chooser = move.seat
    if not 0 <= chooser < state.rules.players:
        return Violation("SW-10", f"there is no seat {chooser}")
    if state.passing[chooser] is not None:
        return Violation(
            "SW-R7", f"seat {chooser} has already chosen the card it passes: a choice is final"
        )
    i = state.rules.table.index.get(move.card)
    if i is None or i not in state.hands[chooser]:
        return Violation("SW-10", f"{move.card} is not in seat {chooser}'s hand")
    return None


def _take_violation(state: State, seat: int) -> Violation | None:
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
    table = state.rules.table
    if not table.takeable[pile[-1]]:
        return Violation(
            "SW-7",
            f"{table.cards[pile[-1]]} on seat {seat}'s pile is out of play and cannot be taken",
        )
    return None


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


def _size(state: State, move: Size, trace: Trace | None = None) -> State:
    # SW-2: the hand as it begins when a tie fixed its size (nothing was dealt yet).
    if trace is not None:
        # SW-R2: a size the options allow; SW-R10: the first dealer is the option's.
        first = () if state.results else ("SW-R10",)
        trace.add("SW-2", "SW-R2", *first, event=SizeChosen(state.player, move.cards))
    return _new_hand(state.rules, state.dealer, move.cards, state.scores, state.results)


def _action(state: State, move: Action, trace: Trace | None = None) -> State:
    # SW-5, SW-R5: draw the top card of the deck (a chance node follows).
    if trace is not None:
        # SW-R5: the first turn of a hand, before any discard, draws from the deck.
        first = () if state.reshuffles or any(state.piles) else ("SW-R5",)
        trace.add("SW-5", *first, event=DeckChosen(state.player))
    return build_state(
        rules=state.rules,
        phase=_PHASE_DECK,
        player=state.player,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hands=state.hands,
        deck=state.deck,
        piles=state.piles,
        passing=state.passing,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _deal(state: State, move: Deal, trace: Trace | None = None) -> State:
    i = state.rules.table.index[move.card]
    k = bisect_left(state.deck, i)
    return _dealt(state, i, k, trace) if state.phase is _PHASE_DEAL else _drawn(state, i, k, trace)


def _insert(cards: tuple[CardId, ...], i: CardId) -> tuple[CardId, ...]:
    k = bisect_right(cards, i)
    return (*cards[:k], i, *cards[k:])


def _remove(cards: tuple[CardId, ...], i: CardId) -> tuple[CardId, ...]:
    k = bisect_left(cards, i)
    return cards[:k] + cards[k + 1 :]


def _dealt(state: State, i: CardId, k: int, trace: Trace | None = None) -> State:
    # SW-2, SW-R3: one card at a time, clockwise from the dealer's left.
    rules = state.rules
    seat = state.player
    hands = list(state.hands)
    hands[seat] = _insert(hands[seat], i)
    deck = state.deck[:k] + state.deck[k + 1 :]
    if trace is not None:
        # SW-1, SW-R1: a card of the deck(s); SW-R3: off the deck, face down.
        trace.add("SW-1", "SW-R1", "SW-R3", "SW-2", event=Dealt(seat, rules.table.cards[i]))
    after = left_of(rules.players, seat)
    phase = _PHASE_DEAL
    if len(hands[after]) >= state.hand_size:
        # SW-R6: after the deal, every hand is checked; SW-4: the dealer's left starts.
        table = rules.table
        winners = tuple(s for s in range(rules.players) if wins(hands[s], table))
        if trace is not None:
            trace.add("SW-R6", event=DealDone())
        if winners:
            return _end_hand(state, tuple(hands), deck, state.piles, Ending.DEAL, winners, trace)
        phase = _PHASE_DRAW
        if trace is not None:
            trace.add("SW-4")
    return build_state(
        rules=rules,
        phase=phase,
        player=after,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hands=tuple(hands),
        deck=deck,
        piles=state.piles,
        passing=state.passing,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _drawn(state: State, i: CardId, k: int, trace: Trace | None = None) -> State:
    seat = state.player
    hands = list(state.hands)
    hands[seat] = _insert(hands[seat], i)
    deck = state.deck[:k] + state.deck[k + 1 :]
    if trace is not None:
        # SW-5: the top card of the deck; SW-1, SW-R1, SW-R3: a card of the deck(s), chance.
        card = state.rules.table.cards[i]
        trace.add("SW-1", "SW-R1", "SW-R3", "SW-5", event=Drew(seat, card))
    piles, reshuffles = state.piles, state.reshuffles
    if not deck:
        # SW-13, SW-R8: the moment the deck runs out, every discard pile becomes the new
        # deck; once the allowed reshuffles are used up, the hand is a tie.
        if reshuffles >= state.rules.max_reshuffles:
            if trace is not None:
                trace.add("SW-13", "SW-R8")
            return _end_hand(state, tuple(hands), deck, piles, Ending.EXHAUSTION, (), trace)
        deck = tuple(sorted([c for pile in piles for c in pile]))
        piles, reshuffles = ((),) * state.rules.players, reshuffles + 1
        if trace is not None:
            trace.add("SW-13", "SW-R8", event=DeckRebuilt(len(deck)))
    return build_state(
        rules=state.rules,
        phase=_PHASE_DISCARD,
        player=seat,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hands=tuple(hands),
        deck=deck,
        piles=piles,
        passing=state.passing,
        scores=state.scores,
        results=state.results,
        reshuffles=reshuffles,
    )


def _take(state: State, move: Take, trace: Trace | None = None) -> State:
    # SW-5: the top card of a pile goes into the hand (SW-7: never an action card).
    seat = move.seat
    player = state.player
    pile = state.piles[seat]
    if trace is not None:
        trace.add("SW-5", "SW-7", event=Took(player, seat, state.rules.table.cards[pile[-1]]))
    hands = list(state.hands)
    hands[player] = _insert(hands[player], pile[-1])
    piles = list(state.piles)
    piles[seat] = pile[:-1]
    return build_state(
        rules=state.rules,
        phase=_PHASE_DISCARD,
        player=player,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hands=tuple(hands),
        deck=state.deck,
        piles=tuple(piles),
        passing=state.passing,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _discard(state: State, move: Discard, trace: Trace | None = None) -> State:
    rules = state.rules
    table = rules.table
    i = table.index[move.card]
    player = state.player
    hands = list(state.hands)
    hand = hands[player] = _remove(hands[player], i)
    piles = list(state.piles)
    piles[player] = (*piles[player], i)
    if trace is not None:
        trace.add("SW-6", event=Discarded(player, table.cards[i]))  # SW-6: face up on his pile
    if wins(hand, table):
        # SW-11, SW-R6: a winning hand wins at once; a discarded action card does nothing.
        if trace is not None:
            trace.add("SW-R6", *(("SW-11",) if table.cards[i].is_action else ()))
        return _end_hand(
            state, tuple(hands), state.deck, tuple(piles), Ending.DISCARD, (player,), trace
        )
    kind = table.cards[i].kind
    phase, after = _PHASE_DRAW, turn_after(rules.players, player, kind)
    if kind is _KIND_ANCHOR:
        # SW-10, SW-R7: every seat chooses a card, all at the same time; the discarder
        # stays `State.player` until the cards have moved.
        phase, after = _PHASE_PASS, player
        if trace is not None:
            trace.add("SW-10", "SW-R7", event=PassBegins())
    elif trace is not None:
        if kind is _KIND_WHITE_STARFISH:
            trace.add("SW-8", event=GoesAgain(player))
        elif kind is _KIND_BLACK_STARFISH:
            trace.add("SW-9", "SW-R11", event=Skipped(skipped(rules.players, player)))
        else:
            trace.add("SW-4")
    return build_state(
        rules=state.rules,
        phase=phase,
        player=after,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hands=tuple(hands),
        deck=state.deck,
        piles=tuple(piles),
        passing=state.passing,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _pass(state: State, move: Pass, trace: Trace | None = None) -> State:
    # SW-10, SW-R7: the move's seat commits a card of its hand, in secret; the
    # discarder of the Anchor stays `State.player`.
    rules = state.rules
    i = rules.table.index[move.card]
    anchor = state.player
    chooser = move.seat
    chosen = list(state.passing)
    chosen[chooser] = i
    n = rules.players
    if trace is not None:
        trace.add("SW-10", "SW-R7", event=PassChosen(chooser, rules.table.cards[i]))
    phase, hands, passing, after = _PHASE_PASS, state.hands, tuple(chosen), anchor
    if None not in passing:
        # SW-10, SW-R7: everyone has chosen; all cards move one seat left at the same
        # time, then every hand is checked (SW-R6), and play goes on at the discarder's
        # left (SW-4).
        moved = []
        givers = [left_of(n, s, -1) for s in range(n)]  # each seat's right
        for s in range(n):
            given, received = chosen[s], chosen[givers[s]]
            assert given is not None
            assert received is not None
            moved.append(_insert(_remove(state.hands[s], given), received))
        table = rules.table
        if trace is not None:
            trace.add("SW-R6", event=CardsPassed())
            passed = [table.cards[c] for c in chosen if c is not None]  # every seat's
            for s in range(n):
                trace.add(event=Received(s, givers[s], passed[givers[s]]))
        winners = tuple(s for s in range(n) if wins(moved[s], table))
        if winners:
            return _end_hand(
                state, tuple(moved), state.deck, state.piles, Ending.PASS, winners, trace
            )
        phase, hands, passing = _PHASE_DRAW, tuple(moved), (None,) * n
        after = turn_after(n, anchor, _KIND_ANCHOR)
    return build_state(
        rules=rules,
        phase=phase,
        player=after,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hands=hands,
        deck=state.deck,
        piles=state.piles,
        passing=passing,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _end_hand(
    state: State,
    hands: tuple[tuple[CardId, ...], ...],
    deck: tuple[CardId, ...],
    piles: tuple[tuple[CardId, ...], ...],
    ending: Ending,
    winners: tuple[int, ...],
    trace: Trace | None = None,
) -> State:
    rules = state.rules
    n = rules.players
    size = state.hand_size
    scores = state.scores
    points = hand_points(rules.scoring, size, winners)
    if points:
        scores = tuple(s + points if seat == winners[0] else s for seat, s in enumerate(scores))
    result = HandResult(
        dealer=state.dealer,
        hand_size=size,
        ending=ending,
        winners=winners,
        points=points,
        reshuffles=state.reshuffles,
    )
    results = (*state.results, result)
    over = points > 0 and ends_match(scores[winners[0]], rules.target)  # SW-R10
    if trace is not None:
        # SW-3: the winning hands are shown to claim the win, a tie's too (SW-12).
        shown = tuple(state.cards(hands[s]) for s in winners)
        if points:  # SW-3, SW-R4: one winning hand; SW-14: it scores
            trace.add("SW-14", "SW-3", "SW-R4", event=HandWon(winners[0], shown[0], points, over))
        elif ending is Ending.EXHAUSTION:  # SW-13, SW-R8: the deck ran out once too often
            trace.add("SW-14", event=DeckRanOut())
        else:  # SW-12: two or more winning hands at once
            trace.add("SW-14", "SW-12", event=HandTied(winners, shown))
    if over:
        # SW-R10: the match ends when a total reaches the target.
        if trace is not None:
            trace.add("SW-R10")
        return build_state(
            rules=rules,
            phase=_PHASE_OVER,
            player=winners[0],
            dealer=state.dealer,
            hand_size=size,
            hands=hands,
            deck=deck,
            piles=piles,
            passing=(None,) * n,
            scores=scores,
            results=results,
            reshuffles=state.reshuffles,
        )
    again = redealt_size(rules.tie_keeps_size, size, winners)  # SW-R9: a tie fixes the size
    if again and trace is not None:
        trace.add("SW-R9")
    # SW-14: the deal passes to the left after every hand.
    return _new_hand(rules, dealer_after(rules.players, state.dealer), again, scores, results)


# The successor of each type of move (Action is Action.DRAW, the only one).
_SUCCESSORS: dict[type, Successor[State]] = {
    Deal: _deal,
    Discard: _discard,
    Take: _take,
    Pass: _pass,
    Size: _size,
    Action: _action,
}


def _sender(state: State, move: Move, seat: int) -> Violation | None:
    """The API-SEAT refusal of ``move`` sent by ``seat``: during an Anchor pass a Pass
    is the choice of the seat it names, whoever `current_player` names, and only that
    seat may send it (SW-10, SW-R7); any other move is the current player's."""
    if state.phase is _PHASE_PASS and type(move) is Pass and type(seat) is int:
        if seat == move.seat:
            return None
        if 0 <= seat < state.rules.players:
            return Violation(
                "API-SEAT", f"seat {seat} may not choose seat {move.seat}'s card to pass"
            )
    return seat_violation(current_player(state), seat)


def _seats(state: State) -> int:
    return state.rules.players


def _kernels() -> Kernels[Rules, State]:
    """The compiled playout's kernels: the module imports numba (the ``fast`` extra)."""
    from seaview_rules.ships_wheel._compiled import KERNELS

    return KERNELS


def _every_rules(rules: Rules) -> bool:
    return True


COMPILED: Compiled[Rules, State] = Compiled(load=_kernels, supports=_every_rules)
"""The Ship's Wheel card game's compiled playout (`seaview_rules.ships_wheel._compiled`),
which covers every `Rules` value."""


REFEREE: Referee[State, Move] = Referee(
    game="Ship's Wheel",
    successors=_SUCCESSORS,
    violation=_violation,
    is_terminal=is_terminal,
    over=_OVER,
    current_player=current_player,
    legal_moves=legal_moves,
    sample_chance=sample_chance,
    seats=_seats,
    redact=redact,
    words=words,
    sender=_sender,
    compiled=COMPILED,
)
"""The shared referee of Ship's Wheel's moves, from the game's own pieces. During an
Anchor pass, a Pass names the seat whose choice it is: any seat still choosing may send
its own, in any order (SW-10, SW-R7); a second choice of the same seat breaks SW-R7."""

check_move = REFEREE.check_move
apply_move = REFEREE.apply_move
events = REFEREE.events
narrate = REFEREE.narrate
rules_applied = REFEREE.rules_applied
playout = REFEREE.playout
