"""What one seat, or a spectator, may see of a Voyage match."""

from __future__ import annotations

from attrs import frozen

from seaview_rules._core import check_seat
from seaview_rules.voyage._model import Card, CardSet, Phase, RoundResult, Rules, State


@frozen
class View:
    """A seat's view: its own hand, and of the others only what lies face up or is
    counted in the open. A spectator (``seat=None``) sees no hand at all.

    The whole discard pile is in sight: its top card, and the cards under it in the order
    they were played, since each was played face up in front of everyone (VOY-R9). Once
    the pile is turned into a new draw pile (VOY-6) those cards are hidden again. The other
    hands and the draw pile are shown as counts only.
    """

    rules: Rules
    seat: int | None
    phase: Phase
    player: int
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


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat=None`` is the spectator's view.

    >>> from seaview_rules import voyage
    >>> state = voyage.new_game(voyage.Rules(players=2))
    >>> for text in ("deal R1", "deal B5"):
    ...     state = voyage.apply_move(state, voyage.parse_move(text))
    >>> v = view(state, 1)
    >>> str(v.hand), v.hand_sizes
    ('R1', (1, 1))

    Raises:
        InvalidDataError: ``seat`` is not a seat of the game.
    """
    check_seat(seat, state.rules.players)
    own = seat is not None and seat == state.player
    return View(
        state.rules, seat, state.phase, state.player, state.dealer,
        None if seat is None else state.hands[seat],
        tuple(len(h) for h in state.hands), len(state.draw_pile),
        state.discard_top, state.discard_under,  # VOY-R9: played face up, in sight
        state.drawn if own else None,
        state.scores, state.results, state.reshuffles,
    )  # fmt: skip
