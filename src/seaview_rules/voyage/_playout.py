"""Determinization for the Voyage card game, for search bots: a determinization deals
the cards a seat cannot see (random playouts are the referee's, ``_rules.playout``).
"""

from __future__ import annotations

import random
from math import comb

from seaview_rules.voyage._model import Phase, State, View, build_state
from seaview_rules.voyage._pieces import Card, CardSet

__all__ = ["determinize"]


def determinize(view: View, rng: random.Random) -> State:
    """A state of the match whose view for ``view.seat`` (a seat, or ``None`` for a
    spectator) is ``view``, drawn uniformly from the states that agree with the view.

    The view fixes everything but where the unseen cards lie: the cards in no hand the
    view shows and not on the discard pile are dealt anew to the other hands, in the
    sizes the view shows, and to the draw pile, every way of dealing them equally
    likely. While another seat draws (phases DRAW and DRAWN), which of its cards it
    drew is hidden too, and under `Rules.must_play` (VOY-R3) its hand held no card that
    matched the top before the draw (VOY-4): only the states that say so are drawn, each
    as likely as any other.

    Only the view counts. A seat that remembers the match knows more: that a seat drew
    because it could not match the top of the time, the cards of the discard pile that
    VOY-6 turned into the draw pile; and the order of the discard pile with the hand
    sizes can rule out some of these states (no play reaches them). ``determinize``
    does not reason over the plays that led to the view, so it draws those too.

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
    unseen = list(CardSet(rules.deck & ~seen & ~(view.hand or 0)))
    hands = [view.hand or CardSet(0)] * rules.players
    hidden = [s for s in range(rules.players) if s != seat]
    drawn = view.drawn
    drawing = phase is Phase.DRAW or phase is Phase.DRAWN
    drawer = view.player if drawing and view.player != seat else None
    if drawer is not None and rules.must_play:
        assert top is not None  # a seat draws only once the discard pile is started
        held = _forced_hand(unseen, view.hand_sizes[drawer], top, phase, rng)
        if phase is Phase.DRAWN:
            drawn = held[-1]
        hands[drawer] = CardSet.of(held)
        hidden.remove(drawer)
        unseen = [c for c in unseen if c not in hands[drawer]]
    rng.shuffle(unseen)
    for s in hidden:
        size = view.hand_sizes[s]
        hands[s] = CardSet.of(unseen[:size])
        del unseen[:size]
    if drawer is not None and phase is Phase.DRAWN and drawn is None:
        drawn = rng.choice(list(hands[drawer]))  # VOY-R3 option: a draw says nothing
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


def _forced_hand(
    unseen: list[Card], size: int, top: Card, phase: Phase, rng: random.Random
) -> list[Card]:
    """The hand, drawn uniformly, of a seat that had to draw because none of its cards
    matched ``top``: ``size`` cards in phase DRAW; in phase DRAWN, ``size - 1`` such cards
    and last the card drawn, which may be any unseen card."""
    misses = [c for c in unseen if not c.matches(top)]
    if phase is Phase.DRAW:
        return rng.sample(misses, size)
    # As many hands go with a drawn card as there are ways to choose the size - 1 cards
    # held before it among the other misses: weigh each card by that count.
    alone, among = comb(len(misses) - 1, size - 1), comb(len(misses), size - 1)
    hits = [c for c in unseen if c.matches(top)]
    pick = rng.randrange(alone * len(misses) + among * len(hits))
    if pick < alone * len(misses):
        card = misses[pick // alone]
        misses.remove(card)
    else:
        card = hits[(pick - alone * len(misses)) // among]
    return [*rng.sample(misses, size - 1), card]
