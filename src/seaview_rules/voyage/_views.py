"""What one seat, or a spectator, may see of a Voyage match."""

from __future__ import annotations

from seaview_rules._core import check_seat
from seaview_rules.voyage._model import State, View, build_state
from seaview_rules.voyage._pieces import EMPTY
from seaview_rules.voyage._rules import current_player, legal_moves


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
