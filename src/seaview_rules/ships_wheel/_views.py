"""What one seat, or a spectator, may see of a Ship's Wheel match."""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from seaview_rules._core import check_seat
from seaview_rules.ships_wheel._model import Card, HandResult, Phase, Rules, State


@frozen
class View:
    """A seat's view: its own hand and its own pending pass, and of the others only what
    lies face up or is counted in the open. A spectator (``seat=None``) sees no hand.

    Cards are card ids of ``rules.table``. Of each discard pile only the top card and
    the number of cards show; the deck shows only its size.
    """

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
    dealer: int
    hand_size: int
    hand: tuple[int, ...] | None
    """The seat's own hand; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    pile_tops: tuple[int | None, ...]
    """The top card of each seat's discard pile (``None`` if empty)."""
    pile_sizes: tuple[int, ...]
    anchor: int | None
    """The seat that discarded the Anchor, in phase PASS (``None`` otherwise). The seats
    from its left up to `player` have chosen; whether they chose is public, what they
    chose is not."""
    passing: int | None
    """The card this seat chose to pass, while the pass is pending (SW-R7)."""
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    reshuffles: int

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
    >>> [str(c) for c in state.cards(v.hand)], v.hand_sizes, v.deck_size
    (['red-star'], (1, 1), 74)

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    check_seat(seat, state.rules.players)
    return View(
        state.rules, seat, state.phase, state.player, state.dealer, state.hand_size,
        None if seat is None else state.hands[seat],
        tuple(len(h) for h in state.hands), len(state.deck),
        tuple(p[-1] if p else None for p in state.piles),
        tuple(len(p) for p in state.piles),
        _anchor(state), None if seat is None else state.passing[seat],
        state.scores, state.results, state.reshuffles,
    )  # fmt: skip


def _anchor(state: State) -> int | None:
    if state.phase is not Phase.PASS:
        return None
    chosen = sum(p is not None for p in state.passing)
    return (state.player - 1 - chosen) % state.rules.players
