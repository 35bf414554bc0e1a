"""What one seat, or a spectator, may see of a Ship's Wheel match."""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from seaview_rules._core import Player, check_seat
from seaview_rules.ships_wheel._model import HandResult, Phase, Rules, State, build_state
from seaview_rules.ships_wheel._moves import Move
from seaview_rules.ships_wheel._pieces import Card, CardId
from seaview_rules.ships_wheel._rules import current_player, legal_moves


@frozen
class View:
    """A seat's view: its own hand and its own pending pass, and of the others only what
    lies face up or is counted in the open. A spectator (``seat=None``) sees no hand.

    Cards are card ids of ``rules.table``. Of each discard pile only the top card and
    the number of cards show; the deck shows only its size.

    A view is all a client needs to draw the table and play: whose turn it is
    (`to_move`), the moves this seat may make (`legal_moves`), the scores and the hands
    finished, the number of the hand (`hand_number`), its dealer and size, and the size
    of every hand, every pile and the deck. Nothing in it depends on what the seat cannot see: not even its
    legal moves, which follow from its hand, the pile tops and the phase (`loads` works
    them out again).
    """

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    """The seat to act, or at a chance node the seat receiving the card, as in
    `State.player` (once the match is over, its winner); `to_move` says who moves."""
    dealer: int
    hand_size: int
    hand: tuple[CardId, ...] | None
    """The seat's own hand; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    pile_tops: tuple[CardId | None, ...]
    """The top card of each seat's discard pile (``None`` if empty)."""
    pile_sizes: tuple[int, ...]
    anchor: int | None
    """The seat that discarded the Anchor, in phase PASS (``None`` otherwise). The seats
    from its left up to `player` have chosen; whether they chose is public, what they
    chose is not."""
    passing: CardId | None
    """The card this seat chose to pass, while the pass is pending (SW-R7)."""
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    reshuffles: int
    to_move: Player | None
    """The seat to move next, `CHANCE` while a card comes off the deck, or ``None`` once
    the match is over. It is always ``current_player`` of the state, which every seat
    knows."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now, in ``legal_moves`` order, or none unless this
    seat is to move (so none for a spectator, at a chance node and after the match)."""

    @property
    def hand_number(self) -> int:
        """The number of the current hand, from 1 (the last one once the match is over),
        as `State.hand_number`."""
        return len(self.results) + (self.phase is not Phase.OVER)

    def cards(self, ids: Iterable[int | None]) -> tuple[Card | None, ...]:
        """The cards of card ids, such as ``view.hand`` or ``view.pile_tops`` (an empty
        pile's ``None`` stays ``None``).

        >>> from seaview_rules import ships_wheel as sw
        >>> state = sw.new_game(sw.Rules(players=2))
        >>> state = sw.apply_move(state, sw.parse_move("size 3"))
        >>> state = sw.apply_move(state, sw.parse_move("deal red-star"))
        >>> [str(c) for c in view(state, 1).cards(view(state, 1).hand)]
        ['red-star']
        """
        cards = self.rules.table.cards
        return tuple(None if i is None else cards[i] for i in ids)


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
