"""Determinization for the Voyage card game, for search bots: a determinization deals
the cards a seat cannot see (random playouts are the referee's, ``_rules.playout``).
"""

from __future__ import annotations

import random

from seaview_rules.voyage._model import Phase, State, View, build_state
from seaview_rules.voyage._pieces import EMPTY, CardSet

__all__ = ["determinize"]


def determinize(view: View, rng: random.Random) -> State:
    """A state of the match whose view for ``view.seat`` (a seat, or ``None`` for a
    spectator) is ``view``, drawn uniformly from the states that agree with the view.

    The view fixes everything but where the unseen cards lie: the cards in no hand the
    view shows and not on the discard pile are dealt anew to the other hands, in the
    sizes the view shows, and to the draw pile, every way of dealing them equally
    likely. While another seat has just drawn (phase DRAWN), which of its cards it drew
    is hidden too: each is as likely as any other.

    Only the view counts, as it does for `loads`: a position is a position. Under
    `Rules.must_play` (VOY-R3) a seat that draws held no card that matched the top,
    but a view of a draw does not say what the drawer held before it, and a position
    written by hand may show a drawer who holds a match. So ``determinize`` draws the
    drawer's hand like any other hidden hand; it does not reason over the moves that
    led to the view (this draw, the draws and passes before it, the cards VOY-6 turned
    into the draw pile), and it draws states that no play reaches too. A seat that
    remembers the match knows more.

    >>> from seaview_rules import voyage
    >>> state = voyage.new_game(voyage.Rules(players=3))
    >>> rng = random.Random(5)
    >>> while voyage.current_player(state) != 0:
    ...     state = voyage.playout(state, rng, max_moves=1)
    >>> seen = voyage.view(state, 0)
    >>> imagined = determinize(seen, random.Random(1))
    >>> voyage.view(imagined, 0) == seen, imagined.hands[0] == state.hands[0]
    (True, True)

    Raises:
        ValueError: the match is over.
    """
    phase = view.phase
    if phase is Phase.OVER:
        raise ValueError("the match is over: there is nothing left to deal")
    rules, seat, top = view.rules, view.seat, view.discard_top
    seen = CardSet.of((*view.discard_under, *([] if top is None else [top])))
    unseen = list(CardSet(rules.deck & ~seen & ~(view.hand or EMPTY)))
    rng.shuffle(unseen)
    hands = []
    for s, size in enumerate(view.hand_sizes):
        if s == seat and view.hand is not None:
            hands.append(view.hand)
        else:
            hands.append(CardSet.of(unseen[:size]))
            del unseen[:size]
    drawn = view.drawn
    if phase is Phase.DRAWN and drawn is None:
        drawn = rng.choice(list(hands[view.player]))  # which card was drawn is hidden
    return build_state(
        rules=rules,
        phase=phase,
        player=view.player,
        dealer=view.dealer,
        hands=tuple(hands),
        draw_pile=CardSet.of(unseen),
        discard_top=top,
        discard_under=view.discard_under,
        drawn=drawn,
        scores=view.scores,
        results=view.results,
        reshuffles=view.reshuffles,
    )
