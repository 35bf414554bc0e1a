"""The Voyage engine: legal moves, chance, and transitions.

`apply_move` checks the move against each rule it could break and raises the first
`Violation` it finds; `check_move` returns that violation instead. Hands and piles are bit
masks, so the hot path does integer arithmetic and table look-ups.
"""

from __future__ import annotations

import random
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
from seaview_rules.voyage._model import (
    CARDS,
    EMPTY,
    MATCHES,
    MAX_NUMBER,
    Card,
    CardSet,
    Phase,
    RoundResult,
    Rules,
    State,
)
from seaview_rules.voyage._moves import DEALS, PLAYS, Action, Deal, Move, Play

# Module-level aliases: on the hot path an enum attribute look-up (Phase.TURN) costs
# several times a global one.
_DEAL, _LEAD, _TURN, _DRAW, _DRAWN, _OVER = (
    Phase.DEAL, Phase.LEAD, Phase.TURN, Phase.DRAW, Phase.DRAWN, Phase.OVER,
)  # fmt: skip
_DRAW_CARD, _KEEP, _PASS = Action.DRAW, Action.KEEP, Action.PASS
_DRAW_ONLY, _KEEP_ONLY, _PASS_ONLY = (_DRAW_CARD,), (_KEEP,), (_PASS,)
_state = trusted_constructor(State)


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
    # VOY-1, VOY-R7: the deal starts with the player on the dealer's left, seat d + 1.
    empty = (EMPTY,) * rules.players
    return _state(
        rules, _DEAL, (dealer + 1) % rules.players, dealer, empty, rules.deck,
        None, (), None, scores, results, 0,
    )  # fmt: skip


def current_player(state: State) -> Player | None:
    """The seat to move, `CHANCE` while a card comes off the draw pile, or ``None`` once
    the match is over (VOY-8).

    >>> current_player(new_game(Rules(players=2)))
    CHANCE
    """
    phase = state.phase
    if phase is _DEAL or phase is _DRAW:
        return CHANCE
    return None if phase is _OVER else state.player


def is_terminal(state: State) -> bool:
    """Whether the match is over (VOY-8)."""
    return state.phase is _OVER


def outcome(state: State) -> Outcome | None:
    """The winner and final totals once the match is over, else ``None`` (VOY-8)."""
    if state.phase is not _OVER:
        return None
    return Outcome(state.results[-1].winner, state.scores, Termination.TARGET_SCORE)


def _bits(mask: int) -> list[int]:
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


class _ChunkOffsets(dict[int, tuple[int, ...]]):
    """The set bits of each 13-bit chunk (one colour of a `CardSet`), lowest first; each
    chunk is worked out the first time it is looked up."""

    def __missing__(self, chunk: int) -> tuple[int, ...]:
        offsets = self[chunk] = tuple(_bits(chunk))
        return offsets


_OFFSETS = _ChunkOffsets()
_CHUNK = (1 << MAX_NUMBER) - 1


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order: cards by index, then the card-less actions.

    At a chance node these are the possible cards off the draw pile; after the match,
    nothing.

    >>> state = new_game(Rules(players=2, colours=1, numbers=4, hand_size=1))
    >>> [str(m) for m in legal_moves(state)]
    ['deal R1', 'deal R2', 'deal R3', 'deal R4']
    """
    phase = state.phase
    if phase is _TURN:
        top = state.discard_top
        assert top is not None
        matches = state.hands[state.player] & MATCHES[top.index]
        if not matches:
            # VOY-4, VOY-R5: no match, so draw; with nothing left to draw, pass.
            return _DRAW_ONLY if state.draw_pile or state.discard_under else _PASS_ONLY
        plays: list[Move] = []
        while matches:  # _bits, inlined: this is the hot path
            low = matches & -matches
            plays.append(PLAYS[low.bit_length() - 1])
            matches ^= low
        if not state.rules.must_play and (state.draw_pile or state.discard_under):
            plays.append(_DRAW_CARD)  # VOY-R3 option: draw although able to play
        return tuple(plays)
    if phase is _DRAWN:
        drawn, top = state.drawn, state.discard_top
        assert drawn is not None
        assert top is not None
        if MATCHES[top.index] >> drawn.index & 1:
            return (PLAYS[drawn.index], _KEEP)  # VOY-4: a match may be played
        return _KEEP_ONLY  # VOY-R4
    if phase is _DEAL or phase is _DRAW:
        return tuple([DEALS[i] for i in _bits(state.draw_pile)])
    if phase is _LEAD:
        return tuple([PLAYS[i] for i in _bits(state.hands[state.player])])  # VOY-2
    return ()


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, every card that can come off the draw pile, each equally
    likely (VOY-R2); elsewhere, nothing.

    >>> state = new_game(Rules(players=2, colours=1, numbers=2, hand_size=1))
    >>> [(str(m), str(p)) for m, p in chance_outcomes(state)]
    [('deal R1', '1/2'), ('deal R2', '1/2')]
    """
    if state.phase is not _DEAL and state.phase is not _DRAW:
        return ()
    probability = Fraction(1, len(state.draw_pile))
    return tuple((DEALS[i], probability) for i in _bits(state.draw_pile))


def sample_chance(state: State, rng: random.Random) -> Move:
    """A chance outcome drawn from ``rng`` with exactly the `chance_outcomes` distribution.

    Raises:
        IllegalMoveError: the state is not a chance node.
    """
    phase = state.phase
    if phase is not _DEAL and phase is not _DRAW:
        raise IllegalMoveError(Violation("API-TURN", "it is a player's turn, not chance's"))
    pile = state.draw_pile
    cards = pile.bit_count()
    width = cards.bit_length()
    n = rng.getrandbits(width)
    while n >= cards:  # rejection keeps every card exactly equally likely
        n = rng.getrandbits(width)
    # The n-th card of the pile in index order: skip whole colours, then look it up.
    red = pile & _CHUNK
    count = red.bit_count()
    if n < count:
        return DEALS[_OFFSETS[red][n]]
    n -= count
    green = pile >> MAX_NUMBER & _CHUNK
    count = green.bit_count()
    if n < count:
        return DEALS[MAX_NUMBER + _OFFSETS[green][n]]
    return DEALS[2 * MAX_NUMBER + _OFFSETS[pile >> 2 * MAX_NUMBER][n - count]]


def check_move(state: State, move: Move, *, seat: int | None = None) -> Violation | None:
    """The rule that ``move`` would break in ``state``, or ``None`` if it is legal; with
    ``seat``, also API-SEAT when that seat is not to move (see `apply_move`).

    >>> state = new_game(Rules(players=2))
    >>> from seaview_rules.voyage import parse_move
    >>> check_move(state, parse_move("draw"))
    Violation(rule='API-TURN', reason='the next move is a chance outcome (a card off the draw pile), not draw')
    >>> check_move(state, parse_move("draw"), seat=1)
    Violation(rule='API-SEAT', reason="the next move is a chance outcome, not seat 1's")
    """
    try:
        apply_move(state, move, seat=seat)
    except IllegalMoveError as err:
        return err.violation
    return None


def _refuse(rule: str, reason: str) -> IllegalMoveError:
    return IllegalMoveError(Violation(rule, reason))


def apply_move(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after ``move``. ``state`` itself never changes.

    Each branch checks the move against the rules it could break, then builds the next
    state directly (this is the hot path: no re-validation of what the engine built,
    and the commonest moves, dealing and playing a card, are handled inline).

    Args:
        state: the state to move from.
        move: the move.
        seat: the seat that sends the move, for a server: unless it is the seat to
            move, the move is refused (API-SEAT) before anything about it, or about any
            hand, is looked at. ``None`` (the default) checks no seat: the move is the
            current player's, chance's at a chance node.

    Raises:
        IllegalMoveError: the move is not legal in ``state``; it names the rule.

    >>> state = new_game(Rules(players=2))
    >>> apply_move(state, DEALS[0], seat=0)
    Traceback (most recent call last):
    ...
    seaview_rules.IllegalMoveError: API-SEAT: the next move is a chance outcome, not seat 0's
    """
    phase = state.phase
    if seat is not None:  # only a server's calls pay for the seat check
        if phase is _OVER:
            raise _refuse("API-OVER", "the match is over")
        refused = seat_violation(current_player(state), seat)  # API-SEAT
        if refused is not None:
            raise IllegalMoveError(refused)
    if phase is _DEAL or phase is _DRAW:
        if type(move) is not Deal:
            raise _refuse(
                "API-TURN",
                f"the next move is a chance outcome (a card off the draw pile), not {move}",
            )
        index = move.card.index
        bit = 1 << index
        draw_pile = state.draw_pile
        if not draw_pile & bit:
            raise _refuse("VOY-R2", f"{move.card} is not in the draw pile")
        seat = state.player
        hands = list(state.hands)
        hands[seat] = CardSet(hands[seat] | bit)
        draw_pile = CardSet(draw_pile ^ bit)
        if phase is _DEAL:
            # VOY-1, VOY-R7: one card at a time, clockwise (seat s, then seat s + 1); the
            # deal ends when the next seat is full.
            rules = state.rules
            after = (seat + 1) % rules.players
            return _state(
                rules, _LEAD if hands[after].bit_count() == rules.hand_size else _DEAL,
                after, state.dealer, tuple(hands), draw_pile, None, (),
                None, state.scores, state.results, 0,
            )  # fmt: skip
        # VOY-4, VOY-R4: the drawer then plays the card if it matches, or keeps it; he
        # keeps it even when it does not match, so that nobody else learns whether it did.
        return _state(
            state.rules, _DRAWN, seat, state.dealer, tuple(hands), draw_pile,
            state.discard_top, state.discard_under, CARDS[index], state.scores,
            state.results, state.reshuffles,
        )  # fmt: skip
    if phase is _OVER:
        raise _refuse("API-OVER", "the match is over")
    if type(move) is Play:
        return _play(state, move.card)
    if move is _DRAW_CARD:
        return _draw(state)
    if move is _KEEP:
        if phase is not _DRAWN:
            raise _refuse("VOY-R4", "keep only follows drawing a card")
        return _next_turn(state, state.hands, state.discard_top, state.discard_under)
    if move is _PASS:
        if phase is not _TURN or legal_moves(state) != _PASS_ONLY:
            raise _refuse("VOY-R5", "a player may pass only with no match and nothing to draw")
        return _next_turn(state, state.hands, state.discard_top, state.discard_under)
    if type(move) is Deal:
        raise _refuse("API-TURN", f"it is seat {state.player}'s turn, not chance's")
    raise _refuse("API-MOVE", f"{move!r} is not a Voyage move")


def _play(state: State, card: Card) -> State:
    seat = state.player
    index = card.index
    bit = 1 << index
    hand = state.hands[seat]
    if not hand & bit:
        raise _refuse("VOY-3", f"{card} is not in seat {seat}'s hand")
    if state.phase is _DRAWN and card != state.drawn:
        raise _refuse("VOY-R4", f"after drawing, only the drawn card {state.drawn} may be played")
    top = state.discard_top
    if top is None:  # VOY-2: the lead starts the discard pile
        under = state.discard_under
    elif MATCHES[top.index] & bit:
        # VOY-R9: the old top stays in sight under the new one, in the order of play.
        under = (*state.discard_under, top)
    else:
        raise _refuse("VOY-3", f"{card} matches neither the colour nor the number of {top}")
    hands = list(state.hands)
    hands[seat] = CardSet(hand ^ bit)
    if hand == bit:
        return _end_round(state, tuple(hands), under, CARDS[index])
    return _next_turn(state, tuple(hands), CARDS[index], under)


def _draw(state: State) -> State:
    phase = state.phase
    if phase is not _TURN:
        if phase is _DRAWN:
            raise _refuse("VOY-4", "no draw now: the drawn card must be played or kept")
        raise _refuse("VOY-2", "no draw now: lead a card")
    top = state.discard_top
    assert top is not None
    if state.rules.must_play and state.hands[state.player] & MATCHES[top.index]:
        raise _refuse("VOY-R3", f"seat {state.player} holds a card that matches {top}")
    draw_pile, under, reshuffles = state.draw_pile, state.discard_under, state.reshuffles
    if not draw_pile:
        if not under:
            raise _refuse("VOY-R5", "nothing to draw: no draw pile and no card under the top")
        # VOY-6: the discard pile except its top card becomes the new draw pile, face down
        # and unordered, so its cards are hidden again (VOY-R9). VOY-R10: there is no limit
        # on how often; nothing but VOY-5 ends a round, so a round can loop for ever.
        draw_pile, under, reshuffles = CardSet.of(under), (), reshuffles + 1
    return _state(
        state.rules, _DRAW, state.player, state.dealer, state.hands, draw_pile,
        top, under, None, state.scores, state.results, reshuffles,
    )  # fmt: skip


def _next_turn(
    state: State, hands: tuple[CardSet, ...], top: Card | None, under: tuple[Card, ...]
) -> State:
    # VOY-3: turns pass clockwise, to seat s + 1 (VOY-R7).
    return _state(
        state.rules, _TURN, (state.player + 1) % state.rules.players, state.dealer, hands,
        state.draw_pile, top, under, None, state.scores, state.results, state.reshuffles,
    )  # fmt: skip


def _end_round(
    state: State, hands: tuple[CardSet, ...], under: tuple[Card, ...], card: Card
) -> State:
    # VOY-5: the round ends at once; the winner scores one point per card left elsewhere.
    rules = state.rules
    winner = state.player
    left = tuple(len(h) for h in hands)
    points = sum(left)
    result = RoundResult(state.dealer, winner, points, left, state.reshuffles)
    scores = list(state.scores)
    scores[winner] += points
    results = (*state.results, result)
    if scores[winner] >= rules.target:  # VOY-8
        return _state(
            rules, _OVER, winner, state.dealer, hands, state.draw_pile,
            card, under, None, tuple(scores), results, state.reshuffles,
        )  # fmt: skip
    # VOY-7, VOY-R8: players take turns to deal, passing the deal to the left (clockwise).
    return _new_round(rules, (state.dealer + 1) % rules.players, tuple(scores), results)
