"""What one seat, or a spectator, may see of a Ship's Wheel match."""

from __future__ import annotations

from seaview_rules._core import check_seat
from seaview_rules.ships_wheel._model import Phase, State, View, build_state
from seaview_rules.ships_wheel._rules import current_player, legal_moves


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat=None`` is the spectator's view.

    Other seats' cards and pending pass choices never show (SW-R7).

    >>> from seaview_rules import ships_wheel as sw
    >>> state = sw.new_game(sw.Rules(players=2))
    >>> for text in ("size 3", "deal red-star", "deal anchor"):
    ...     state = sw.apply_move(state, sw.parse_move(text))
    >>> v = view(state, 1)
    >>> [str(c) for c in state.cards(v.hand)], v.hand_sizes, v.deck_size, v.to_move
    (['red-star'], (1, 1), 74, CHANCE)
    >>> for text in ("deal red-circle", "deal blue-moon", "deal blue-star", "deal green-moon"):
    ...     state = sw.apply_move(state, sw.parse_move(text))
    >>> view(state, 1).to_move, view(state, 1).legal_moves, view(state, 0).legal_moves
    (1, (parse_move('draw'),), ())
    >>> view(state, None).hand_number
    1

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    check_seat(seat, state.rules.players)
    to_move = current_player(state)
    return View(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        player=state.player,
        dealer=state.dealer,
        hand_size=state.hand_size,
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck),
        pile_tops=tuple(p[-1] if p else None for p in state.piles),
        pile_sizes=tuple(len(p) for p in state.piles),
        anchor=_anchor(state),
        passing=None if seat is None else state.passing[seat],
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
        to_move=to_move,
        legal_moves=legal_moves(state) if seat is not None and to_move == seat else (),
    )


def _anchor(state: State) -> int | None:
    if state.phase is not Phase.PASS:
        return None
    chosen = sum(p is not None for p in state.passing)
    return (state.player - 1 - chosen) % state.rules.players


def stand_in(view: View) -> State:
    """A state with what ``view`` shows of the position of the seat to move, and
    nothing else: the phase, its hand (the view's own, when the view's seat is to move)
    and the top card of each pile; every other hand, the deck and the cards under the
    pile tops left out. In Ship's Wheel a seat's legal moves depend on nothing more, so
    they are ``legal_moves`` of this state: `loads` checks a view's `View.legal_moves`
    with it, and the rules stay in ``legal_moves`` alone.
    """
    players = view.rules.players
    return build_state(
        rules=view.rules,
        phase=view.phase,
        player=view.player,
        dealer=view.dealer,
        hand_size=view.hand_size,
        hands=tuple(view.hand or () if s == view.player else () for s in range(players)),
        deck=(),
        piles=tuple(() if top is None else (top,) for top in view.pile_tops),
        passing=(None,) * players,
        scores=view.scores,
        results=view.results,
        reshuffles=view.reshuffles,
    )
