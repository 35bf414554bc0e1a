"""What one seat, or a spectator, may see of a Ship's Wheel match."""

from __future__ import annotations

from seaview_rules._core import check_seat
from seaview_rules.ships_wheel._model import Phase, State, View, build_state
from seaview_rules.ships_wheel._pieces import CardId
from seaview_rules.ships_wheel._rules import choosing, current_player, seat_moves


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
        anchor=state.player if state.phase is Phase.PASS else None,
        choosing=choosing(state),
        passing=None if seat is None else state.passing[seat],
        scores=state.scores,
        results=state.results,
        reshuffles=state.reshuffles,
        to_move=to_move,
        legal_moves=() if seat is None else seat_moves(state, seat),
    )


def stand_in(view: View) -> State:
    """A state with what ``view`` shows of the position of the view's seat, and nothing
    else: the phase, its hand, the top card of each pile and, in an Anchor pass, which
    seats have chosen; every other hand, the deck, the cards under the pile tops and the
    cards others chose left out (a seat that has chosen shows card id 0 in ``passing``).
    In Ship's Wheel a seat's legal moves depend on nothing more, so they are
    ``seat_moves`` of this state: `loads` checks a view's `View.legal_moves` with it,
    and the rules stay in ``legal_moves`` alone.
    """
    players = view.rules.players
    seat = view.seat
    passing = tuple(None if s in view.choosing else CardId(0) for s in range(players))
    return build_state(
        rules=view.rules,
        phase=view.phase,
        player=view.player,
        dealer=view.dealer,
        hand_size=view.hand_size,
        hands=tuple(view.hand or () if s == seat else () for s in range(players)),
        deck=(),
        piles=tuple(() if top is None else (top,) for top in view.pile_tops),
        passing=passing if view.phase is Phase.PASS else (None,) * players,
        scores=view.scores,
        results=view.results,
        reshuffles=view.reshuffles,
    )
