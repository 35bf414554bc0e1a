"""The Voyage rules: legal moves, chance, transitions, and the rules a move exercised.

`_violation` finds the rule a move breaks without building anything; `_SUCCESSORS`
holds, for each type of move, the function that builds the state after a legal one
(named after the move). `check_move` refuses API-OVER, API-SEAT and API-MOVE
(`seaview_rules._shell.refusal`) before `_violation`. Hands and piles are bit masks
(`CardSet`), so the hot path does integer arithmetic and table look-ups.

Given a `~seaview_rules.Trace`, a successor records in it, at the point where each rule
acts, the rule's ID and what happened, every card named
(`seaview_rules._shell.traced`); `events`, `narrate` and `rules_applied` only read that
record. Random play gives no trace.
"""

from __future__ import annotations

import random
from fractions import Fraction

from seaview_rules._compiled import Compiled, Kernels
from seaview_rules._core import CHANCE, IllegalMoveError, Outcome, Player, Trace, Violation
from seaview_rules._shell import Referee, Successor
from seaview_rules.voyage._events import (
    DealDone,
    Dealt,
    Drew,
    Kept,
    MustDraw,
    Passed,
    PileRebuilt,
    Played,
    WentOut,
    redact,
    words,
)
from seaview_rules.voyage._model import Phase, RoundResult, Rules, State, View, build_state
from seaview_rules.voyage._moves import DEALS, PLAYS, Action, Deal, Move, Play
from seaview_rules.voyage._pieces import CARDS, EMPTY, MATCHES, MAX_NUMBER, Card, CardSet, bits
from seaview_rules.voyage._rulebook import (
    ENDING,
    left_of,
    next_dealer,
    reaches_target,
    round_points,
)

# The enum members of the hot path as module constants: a look-up such as Phase.TURN
# goes through the enum's metaclass, many times the cost of a global look-up (what each
# speed trick buys is measured on the performance page).
_PHASE_DEAL, _PHASE_LEAD, _PHASE_TURN = Phase.DEAL, Phase.LEAD, Phase.TURN
_PHASE_DRAW, _PHASE_DRAWN, _PHASE_OVER = Phase.DRAW, Phase.DRAWN, Phase.OVER
_ACTION_DRAW, _ACTION_KEEP, _ACTION_PASS = Action.DRAW, Action.KEEP, Action.PASS
_DRAW_ONLY, _KEEP_ONLY, _PASS_ONLY = (_ACTION_DRAW,), (_ACTION_KEEP,), (_ACTION_PASS,)


def new_game(rules: Rules = Rules()) -> State:  # noqa: B008 - Rules is frozen
    """The start of a match: the first round's deal is about to begin (VOY-1).

    >>> state = new_game(Rules(players=3))
    >>> state.phase, state.dealer, current_player(state), len(state.draw_pile)
    (<Phase.DEAL: 'deal'>, 0, CHANCE, 39)
    """
    return _new_round(rules, rules.first_dealer, (0,) * rules.players, ())


def _new_round(
    rules: Rules, dealer: int, scores: tuple[int, ...], results: tuple[RoundResult, ...]
) -> State:
    # VOY-1, VOY-R7: the deal starts with the player on the dealer's left.
    return build_state(
        rules=rules,
        phase=_PHASE_DEAL,
        player=left_of(rules.players, dealer),
        dealer=dealer,
        hands=(EMPTY,) * rules.players,
        draw_pile=rules.deck,
        discard_top=None,
        discard_under=(),
        drawn=None,
        scores=scores,
        results=results,
        reshuffles=0,
    )


def current_player(state: State | View) -> Player | None:
    """The seat to move, `CHANCE` while a card comes off the draw pile, or ``None`` once
    the match is over (VOY-8); of a view, who is to move in the state it shows.

    >>> current_player(new_game(Rules(players=2)))
    CHANCE
    """
    phase = state.phase
    if phase is _PHASE_DEAL or phase is _PHASE_DRAW:
        return CHANCE
    return None if phase is _PHASE_OVER else state.player


def chance_seat(state: State) -> int | None:
    """The seat whose deal or draw the pending chance move is (the seat that presses a
    frontend's "deal" or "draw" button), or ``None`` when chance is not to move.

    During the deal it is the dealer, who deals every card (VOY-1); when a player draws,
    it is that player, who takes the card off the draw pile himself (VOY-4).

    >>> state = new_game(Rules(players=3, first_dealer=2))
    >>> state.player, chance_seat(state)  # the first card goes to seat 0, dealt by seat 2
    (0, 2)
    """
    phase = state.phase
    if phase is _PHASE_DEAL:
        return state.dealer
    return state.player if phase is _PHASE_DRAW else None


def is_terminal(state: State) -> bool:
    """Whether the match is over (VOY-8)."""
    return state.phase is _PHASE_OVER


def outcome(state: State | View) -> Outcome | None:
    """The winner and final totals once the match is over, else ``None`` (VOY-8): the
    seat that went out in the last round; of a view, the outcome of the state it shows
    (a view document writes it, and `loads` checks it).

    >>> outcome(new_game(Rules(players=2))) is None
    True
    """
    if state.phase is not _PHASE_OVER:
        return None
    return Outcome(state.results[-1].winner, state.scores, ENDING)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order: cards by index, then the card-less actions.

    At a chance node these are the possible cards off the draw pile; after the match,
    nothing.

    >>> state = new_game(Rules(players=2, colours=1, numbers=4, hand_size=1))
    >>> [str(m) for m in legal_moves(state)]
    ['deal R1', 'deal R2', 'deal R3', 'deal R4']
    """
    phase = state.phase
    if phase is _PHASE_TURN:
        top = state.discard_top
        assert top is not None
        matches = state.hands[state.player] & MATCHES[top.index]
        if not matches:
            # VOY-4, VOY-R5: no match, so draw; with nothing left to draw, pass.
            return _DRAW_ONLY if state.draw_pile or state.discard_under else _PASS_ONLY
        # bits(), inlined: a call fewer a decision (the performance page measures it).
        plays: list[Move] = []
        while matches:
            low = matches & -matches
            plays.append(PLAYS[low.bit_length() - 1])
            matches ^= low
        if not state.rules.must_play and (state.draw_pile or state.discard_under):
            plays.append(_ACTION_DRAW)  # VOY-R3 option: draw although able to play
        return tuple(plays)
    if phase is _PHASE_DRAWN:
        drawn, top = state.drawn, state.discard_top
        assert drawn is not None
        assert top is not None
        if MATCHES[top.index] >> drawn.index & 1:
            return (PLAYS[drawn.index], _ACTION_KEEP)  # VOY-4: a match may be played
        return _KEEP_ONLY  # VOY-R4
    if phase is _PHASE_DEAL or phase is _PHASE_DRAW:
        return tuple([DEALS[i] for i in bits(state.draw_pile)])
    if phase is _PHASE_LEAD:
        return tuple([PLAYS[i] for i in bits(state.hands[state.player])])  # VOY-2
    return ()


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, every card that can come off the draw pile, each equally
    likely (VOY-R2); elsewhere, nothing.

    >>> state = new_game(Rules(players=2, colours=1, numbers=2, hand_size=1))
    >>> [(str(m), str(p)) for m, p in chance_outcomes(state)]
    [('deal R1', '1/2'), ('deal R2', '1/2')]
    """
    if state.phase is not _PHASE_DEAL and state.phase is not _PHASE_DRAW:
        return ()
    probability = Fraction(1, len(state.draw_pile))
    return tuple((DEALS[i], probability) for i in bits(state.draw_pile))


def sample_chance(state: State, rng: random.Random) -> Move:
    """A chance outcome drawn from ``rng`` with exactly the `chance_outcomes` distribution.

    Raises:
        IllegalMoveError: the state is not a chance node.
    """
    phase = state.phase
    if phase is not _PHASE_DEAL and phase is not _PHASE_DRAW:
        raise IllegalMoveError(Violation("API-TURN", "it is a player's turn, not chance's"))
    pile = state.draw_pile
    # rng.randrange(cards), inlined: the same draws (getrandbits with rejection, as
    # random.Random makes them) without two calls (the performance page measures it).
    cards = pile.bit_count()
    width = cards.bit_length()
    n = rng.getrandbits(width)
    while n >= cards:
        n = rng.getrandbits(width)
    # The n-th card of the pile in index order: skip whole colours, then look it up.
    rest: int = pile
    offset = 0
    while True:
        colour = rest & _COLOUR_MASK
        count = colour.bit_count()
        if n < count:
            return DEALS[offset + _OFFSETS[colour][n]]
        n -= count
        rest >>= MAX_NUMBER
        offset += MAX_NUMBER


class _ColourOffsets(dict[int, tuple[int, ...]]):
    """The set bits of each 13-bit mask (one colour of a `CardSet`), lowest first; each
    is worked out the first time it is looked up."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        offsets = self[mask] = tuple(bits(mask))
        return offsets


_OFFSETS = _ColourOffsets()
_COLOUR_MASK = (1 << MAX_NUMBER) - 1


def _violation(state: State, move: Move) -> Violation | None:
    """The rule the well-formed ``move`` breaks in ``state``, or ``None`` if it is legal."""
    phase = state.phase
    if phase is _PHASE_OVER:
        return _OVER
    if phase is _PHASE_DEAL or phase is _PHASE_DRAW:
        if not isinstance(move, Deal):
            return Violation(
                "API-TURN",
                f"the next move is a chance outcome (a card off the draw pile), not {move}",
            )
        if not state.draw_pile >> move.card.index & 1:
            return Violation("VOY-R2", f"{move.card} is not in the draw pile")
        return None
    if isinstance(move, Play):
        card, seat = move.card, state.player
        if not state.hands[seat] >> card.index & 1:
            return Violation("VOY-3", f"{card} is not in seat {seat}'s hand")
        if phase is _PHASE_DRAWN and card != state.drawn:
            return Violation(
                "VOY-R4", f"after drawing, only the drawn card {state.drawn} may be played"
            )
        top = state.discard_top
        if top is not None and not MATCHES[top.index] >> card.index & 1:  # VOY-2: any lead
            return Violation("VOY-3", f"{card} matches neither the colour nor the number of {top}")
        return None
    if isinstance(move, Deal):
        return Violation("API-TURN", f"it is seat {state.player}'s turn, not chance's")
    if move is _ACTION_DRAW:
        return _draw_violation(state)
    if move is _ACTION_KEEP:
        if phase is not _PHASE_DRAWN:
            return Violation("VOY-R4", "keep only follows drawing a card")
        return None
    if phase is not _PHASE_TURN or legal_moves(state) != _PASS_ONLY:  # Action.PASS
        return Violation("VOY-R5", "a player may pass only with no match and nothing to draw")
    return None


def _draw_violation(state: State) -> Violation | None:
    phase = state.phase
    if phase is _PHASE_DRAWN:
        return Violation("VOY-4", "no draw now: the drawn card must be played or kept")
    if phase is not _PHASE_TURN:
        return Violation("VOY-2", "no draw now: lead a card")
    top = state.discard_top
    assert top is not None
    if state.rules.must_play and state.hands[state.player] & MATCHES[top.index]:
        return Violation("VOY-R3", f"seat {state.player} holds a card that matches {top}")
    if not state.draw_pile and not state.discard_under:
        return Violation("VOY-R5", "nothing to draw: no draw pile and no card under the top")
    return None


def _deal(state: State, move: Deal, trace: Trace | None = None) -> State:
    index = move.card.index
    bit = 1 << index
    seat = state.player
    hands = list(state.hands)
    hands[seat] = CardSet(hands[seat] | bit)
    draw_pile = CardSet(state.draw_pile ^ bit)
    if state.phase is _PHASE_DEAL:
        # VOY-1, VOY-R7: one card at a time, clockwise (seat s, then the seat on its
        # left); the deal ends when the next seat is full. VOY-R2: the card is any of
        # the pile's.
        rules = state.rules
        after = left_of(rules.players, seat)
        done = hands[after].bit_count() == rules.hand_size
        if trace is not None:
            trace.add("VOY-1", "VOY-R1", "VOY-R7", "VOY-R2", event=Dealt(seat, move.card))
            if not state.results:
                trace.add("VOY-R6")  # the first round's dealer
            if done:
                trace.add(event=DealDone(after))  # VOY-2: the seat after the last leads
        return build_state(
            rules=rules,
            phase=_PHASE_LEAD if done else _PHASE_DEAL,
            player=after,
            dealer=state.dealer,
            hands=tuple(hands),
            draw_pile=draw_pile,
            discard_top=None,
            discard_under=(),
            drawn=None,
            scores=state.scores,
            results=state.results,
            reshuffles=0,
        )
    # VOY-4, VOY-R4: the drawer then plays the card if it matches, or keeps it; he
    # keeps it even when it does not match, so that nobody else learns whether it did.
    if trace is not None:
        trace.add("VOY-4", "VOY-R4", "VOY-R2", event=Drew(seat, move.card))
    return build_state(
        rules=state.rules,
        phase=_PHASE_DRAWN,
        player=seat,
        dealer=state.dealer,
        hands=tuple(hands),
        draw_pile=draw_pile,
        discard_top=state.discard_top,
        discard_under=state.discard_under,
        drawn=CARDS[index],
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _play(state: State, move: Play, trace: Trace | None = None) -> State:
    seat = state.player
    index = move.card.index
    bit = 1 << index
    hand = state.hands[seat]
    top = state.discard_top
    # VOY-2: the lead starts the discard pile; VOY-R9: the old top stays in sight under
    # the new one, in the order of play.
    under = state.discard_under if top is None else (*state.discard_under, top)
    hands = list(state.hands)
    hands[seat] = CardSet(hand ^ bit)
    if trace is not None:
        # A lead (VOY-2), a match (VOY-3) or the card just drawn (VOY-R4).
        trace.add(_PLAY_RULES[state.phase])
        if top is not None:
            trace.add("VOY-R9")
    if hand == bit:
        return _end_round(state, tuple(hands), under, CARDS[index], trace)
    if trace is not None:
        trace.add(event=Played(seat, move.card))
    return _next_turn(state, tuple(hands), CARDS[index], under)


_OVER = Violation("API-OVER", "the match is over")

_PLAY_RULES = {_PHASE_LEAD: "VOY-2", _PHASE_TURN: "VOY-3", _PHASE_DRAWN: "VOY-R4"}


def _action(state: State, move: Action, trace: Trace | None = None) -> State:
    if move is _ACTION_DRAW:
        return _draw(state, trace)
    # VOY-R4 keep, VOY-R5 pass: the turn ends.
    if trace is not None:
        seat = state.player
        if move is _ACTION_KEEP:
            trace.add("VOY-R4", event=Kept(seat))
        else:
            trace.add("VOY-R5", event=Passed(seat))
    return _next_turn(state, state.hands, state.discard_top, state.discard_under)


def _draw(state: State, trace: Trace | None) -> State:
    draw_pile, under, reshuffles = state.draw_pile, state.discard_under, state.reshuffles
    if trace is not None:
        trace.add("VOY-4", event=MustDraw(state.player))
        top = state.discard_top
        assert top is not None
        if state.hands[state.player] & MATCHES[top.index]:
            trace.add("VOY-R3")  # could have played: the option of must_play=False
    if not draw_pile:
        # VOY-6: the discard pile except its top card becomes the new draw pile, face down
        # and unordered, so its cards are hidden again (VOY-R9). VOY-R10: there is no limit
        # on how often; nothing but VOY-5 ends a round, so a round can loop for ever.
        # VOY-R5: there was something to draw.
        if trace is not None:
            trace.add("VOY-6", "VOY-R5", "VOY-R9", event=PileRebuilt(len(under)))
            if reshuffles:
                trace.add("VOY-R10")
        draw_pile, under, reshuffles = CardSet.of(under), (), reshuffles + 1
    return build_state(
        rules=state.rules,
        phase=_PHASE_DRAW,
        player=state.player,
        dealer=state.dealer,
        hands=state.hands,
        draw_pile=draw_pile,
        discard_top=state.discard_top,
        discard_under=under,
        drawn=None,
        scores=state.scores,
        results=state.results,
        reshuffles=reshuffles,
    )


def _next_turn(
    state: State, hands: tuple[CardSet, ...], top: Card | None, under: tuple[Card, ...]
) -> State:
    # VOY-3: turns pass clockwise, to the seat on the mover's left (VOY-R7).
    return build_state(
        rules=state.rules,
        phase=_PHASE_TURN,
        player=left_of(state.rules.players, state.player),
        dealer=state.dealer,
        hands=hands,
        draw_pile=state.draw_pile,
        discard_top=top,
        discard_under=under,
        drawn=None,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
    )


def _end_round(
    state: State,
    hands: tuple[CardSet, ...],
    under: tuple[Card, ...],
    card: Card,
    trace: Trace | None,
) -> State:
    # VOY-5: the round ends at once.
    rules = state.rules
    winner = state.player
    left = tuple(len(h) for h in hands)
    points = round_points(left)
    result = RoundResult(state.dealer, winner, points, left, state.reshuffles)
    scores = list(state.scores)
    scores[winner] += points
    results = (*state.results, result)
    over = reaches_target(scores[winner], rules.target)  # VOY-8
    if trace is not None:
        trace.add("VOY-5", event=WentOut(winner, card, points, over))
        trace.add(*(("VOY-8",) if over else ("VOY-7", "VOY-R8")))
    if over:
        return build_state(
            rules=rules,
            phase=_PHASE_OVER,
            player=winner,
            dealer=state.dealer,
            hands=hands,
            draw_pile=state.draw_pile,
            discard_top=card,
            discard_under=under,
            drawn=None,
            scores=tuple(scores),
            results=results,
            reshuffles=state.reshuffles,
        )
    # VOY-7, VOY-R8: players take turns to deal, passing the deal to the left (clockwise).
    return _new_round(rules, next_dealer(rules.players, state.dealer), tuple(scores), results)


# The successor of each type of move.
_SUCCESSORS: dict[type, Successor[State]] = {
    Deal: _deal,
    Play: _play,
    Action: _action,
}


def _seats(state: State) -> int:
    return state.rules.players


def _kernels() -> Kernels[Rules, State]:
    """The compiled playout's kernels: the module imports numba (the ``fast`` extra)."""
    from seaview_rules.voyage._compiled import KERNELS

    return KERNELS


def _every_rules(rules: Rules) -> bool:
    return True


COMPILED: Compiled[Rules, State] = Compiled(load=_kernels, supports=_every_rules)
"""The Voyage card game's compiled playout (`seaview_rules.voyage._compiled`), which
covers every `Rules` value."""


REFEREE: Referee[State, Move] = Referee(
    game="Voyage",
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
    compiled=COMPILED,
)
"""The shared referee of the Voyage card game's moves, from its own pieces."""

check_move = REFEREE.check_move
apply_move = REFEREE.apply_move
events = REFEREE.events
narrate = REFEREE.narrate
rules_applied = REFEREE.rules_applied
playout = REFEREE.playout
