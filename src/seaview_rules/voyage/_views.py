"""What one seat, or a spectator, may see of a Voyage match."""

from __future__ import annotations

from attrs import frozen

from seaview_rules._core import Player, check_seat
from seaview_rules.voyage._model import Phase, RoundResult, Rules, State, build_state
from seaview_rules.voyage._moves import Move
from seaview_rules.voyage._pieces import EMPTY, Card, CardSet
from seaview_rules.voyage._rules import current_player, legal_moves


@frozen
class View:
    """A seat's view: its own hand, and of the others only what lies face up or is
    counted in the open. A spectator (``seat=None``) sees no hand at all.

    The whole discard pile is in sight: its top card, and the cards under it in the order
    they were played, since each was played face up in front of everyone (VOY-R9). Once
    the pile is turned into a new draw pile (VOY-6) those cards are hidden again. The other
    hands and the draw pile are shown as counts only.

    A view is all a client needs to draw the table and play: whose turn it is
    (`to_move`), the moves this seat may make (`legal_moves`), the scores, the round
    and its dealer, and the size of every hand and of the draw pile. The number of the
    round is the property `round`, not a field: the view's JSON document (version 2)
    writes it after the fields, with the outcome, and the reader checks both. Nothing
    in it depends on what the seat cannot see: not even its legal moves, which follow
    from its hand, the top card, the phase, the card it drew and whether anything is
    left to draw (`loads` works them out again).
    """

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    """The seat to act, or at a chance node the seat receiving the card, as in
    `State.player`; `to_move` says who moves."""
    dealer: int
    hand: CardSet | None
    """The seat's own hand; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard_top: Card | None
    discard_under: tuple[Card, ...]
    """The cards under the top, in the order they were played (the card just below the
    top last), as in `State.discard_under`."""
    drawn: Card | None
    """The card the seat just drew (phase DRAWN, own seat only)."""
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    reshuffles: int
    to_move: Player | None
    """The seat to move next, `CHANCE` while a card comes off the draw pile, or ``None``
    once the match is over. It is always ``current_player`` of the state, which every
    seat knows."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now, in ``legal_moves`` order, or none unless this
    seat is to move (so none for a spectator, at a chance node and after the match)."""

    @property
    def round(self) -> int:
        """The number of the current round, from 1 (the last one once the match is
        over), as `State.round`: ``len(results) + 1`` while the match goes on."""
        return len(self.results) + (self.phase is not Phase.OVER)


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat=None`` is the spectator's view.

    >>> from seaview_rules import voyage
    >>> state = voyage.new_game(voyage.Rules(players=2, hand_size=2))
    >>> for text in ("deal R1", "deal B5", "deal G7"):
    ...     state = voyage.apply_move(state, voyage.parse_move(text))
    >>> v = view(state, 1)
    >>> str(v.hand), v.hand_sizes, v.to_move, v.legal_moves
    ('R1 G7', (1, 2), CHANCE, ())
    >>> state = voyage.apply_move(state, voyage.parse_move("deal B9"))
    >>> view(state, 1).to_move, view(state, 1).legal_moves, view(state, 0).legal_moves
    (1, (parse_move('R1'), parse_move('G7')), ())
    >>> view(state, None).round
    1

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    check_seat(seat, state.rules.players)
    own = seat is not None and seat == state.player
    to_move = current_player(state)
    return View(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        player=state.player,
        dealer=state.dealer,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_pile_size=len(state.draw_pile),
        discard_top=state.discard_top,  # VOY-R9: the discard pile was played face up
        discard_under=state.discard_under,
        drawn=state.drawn if own else None,
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
        to_move=to_move,
        legal_moves=legal_moves(state) if own and to_move == seat else (),
    )


def stand_in(view: View) -> State:
    """A state with what ``view`` shows of the position of the seat to move, and
    nothing else: its hand (the view's own, when the view's seat is to move), the
    discard pile, the card it drew, and a draw pile that is empty or not as the view's;
    every other hand empty. In Voyage a seat's legal moves depend on nothing more, so
    they are ``legal_moves`` of this state: `loads` checks a view's
    `View.legal_moves` with it, and the rules stay in ``legal_moves`` alone.
    """
    rules = view.rules
    hands = [EMPTY] * rules.players
    hands[view.player] = view.hand or EMPTY
    return build_state(
        rules=rules,
        phase=view.phase,
        player=view.player,
        dealer=view.dealer,
        hands=tuple(hands),
        draw_pile=rules.deck if view.draw_pile_size else EMPTY,  # only its size counts
        discard_top=view.discard_top,
        discard_under=view.discard_under,
        drawn=view.drawn,
        scores=view.scores,
        results=view.results,
        reshuffles=view.reshuffles,
    )
