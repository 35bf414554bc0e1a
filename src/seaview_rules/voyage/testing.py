"""Hypothesis strategies for the Voyage card game (needs the ``testing`` extra).

Every state is reached by legal play from `~seaview_rules.voyage.new_game`, so a test
never sees a position the engine could not produce; every state and view drawn passes
the consistency checks that `~seaview_rules.voyage.loads` applies.

>>> from hypothesis import given
>>> from seaview_rules import voyage
>>> @given(states(rules=rules(max_players=3)))
... def test_cards_are_conserved(state: voyage.State) -> None:
...     held = sum(len(h) for h in state.hands)
...     top = state.discard_top is not None
...     assert held + len(state.draw_pile) + len(state.discard_under) + top == state.rules.deck_size
>>> test_cards_are_conserved()
"""

from __future__ import annotations

import random

import attrs
from hypothesis import strategies as st

from seaview_rules import voyage
from seaview_rules._strategies import legal_moves, played_states, register_types, seat_views
from seaview_rules._testkit import Kit
from seaview_rules.voyage._checks import check_state, check_view

__all__ = ["KIT", "hidden_twin", "moves", "rules", "states", "views"]


@st.composite
def _rules(
    draw: st.DrawFn, min_players: int, max_players: int, small_decks: bool, must_play: bool | None
) -> voyage.Rules:
    if small_decks:
        colours = draw(st.integers(1, 3))
        numbers = draw(st.integers(max(1, -(-min_players // colours)), voyage.Rules().numbers))
    else:
        colours, numbers = 3, voyage.Rules().numbers
    deck = colours * numbers
    players = draw(st.integers(min_players, min(max_players, deck)))
    hand_size = draw(st.integers(1, min(6, deck // players)))
    return voyage.Rules(
        players=players,
        colours=colours,
        numbers=numbers,
        hand_size=hand_size,
        target=draw(st.integers(1, 21)),
        first_dealer=draw(st.integers(0, players - 1)),
        must_play=draw(st.booleans()) if must_play is None else must_play,
    )


def rules(
    *,
    min_players: int = 2,
    max_players: int = 6,
    small_decks: bool = True,
    must_play: bool | None = None,
) -> st.SearchStrategy[voyage.Rules]:
    """Valid `~seaview_rules.voyage.Rules`.

    Args:
        min_players: fewest seats.
        max_players: most seats.
        small_decks: also draw decks with fewer colours and numbers, and small hands.
        must_play: fix the VOY-R3 option; ``None`` draws it.
    """
    return _rules(min_players, max_players, small_decks, must_play)


def states(
    *, rules: st.SearchStrategy[voyage.Rules] | None = None, max_moves: int = 400
) -> st.SearchStrategy[voyage.State]:
    """States reached by up to ``max_moves`` legal moves (chance included) from a new game.

    Args:
        rules: the rules to play under (default: `rules()`).
        max_moves: the longest path from the start.
    """
    return played_states(
        voyage.GAME, _rules(2, 6, True, None) if rules is None else rules, max_moves
    ).map(_checked_state)


def moves(state: voyage.State) -> st.SearchStrategy[voyage.Move]:
    """A legal move in ``state`` (which must not be over)."""
    return legal_moves(voyage.GAME, state)


def views(
    *, states: st.SearchStrategy[voyage.State] | None = None
) -> st.SearchStrategy[voyage.View]:
    """The view of a seat, or of a spectator (``None``), of a reachable state.

    Args:
        states: the states to view (default: `states()`).
    """
    default = played_states(voyage.GAME, _rules(2, 6, True, None), 400)
    return seat_views(voyage.GAME, default if states is None else states).map(_checked_view)


def _checked_state(state: voyage.State) -> voyage.State:
    check_state(state)  # every state that legal play reaches is consistent
    return state


def _checked_view(view: voyage.View) -> voyage.View:
    check_view(view)  # every view of a reachable state is consistent
    return view


def hidden_twin(state: voyage.State, seat: int, rng: random.Random) -> voyage.State:
    """A state that differs from ``state`` only in what ``seat`` cannot see: the other
    hands and the draw pile keep their sizes, but their cards are dealt out anew (and
    which card another seat just drew is chosen anew from its hand). The discard pile
    stays as it is: every card in it was played face up (VOY-R9).
    ``view(twin, seat)`` must equal ``view(state, seat)`` (whose turn it is and the
    seat's legal moves included), and a move legal in both must give ``seat`` the same
    ``events`` and ``narrate`` and the same view after it; give it to
    `~seaview_rules.testing.check_game` as ``twin``.

    It is also a determinization: a state a bot may imagine from its view.

    >>> state = voyage.apply_move(voyage.new_game(voyage.Rules(players=2)), voyage.DEALS[0])
    >>> twin = hidden_twin(state, 0, random.Random(1))
    >>> twin.hands[1] == state.hands[1], voyage.view(twin, 0) == voyage.view(state, 0)
    (False, True)
    """
    others = [s for s in range(state.rules.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    pool += state.draw_pile
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s] = voyage.CardSet.of(pool[:size])
        del pool[:size]
    drawn = state.drawn
    if drawn is not None and state.player != seat:  # which card was drawn is hidden too
        drawn = rng.choice(list(hands[state.player]))
    return attrs.evolve(state, hands=tuple(hands), draw_pile=voyage.CardSet.of(pool), drawn=drawn)


KIT: Kit[voyage.Rules, voyage.State, voyage.View] = Kit(
    rules=rules, states=states, views=views, hidden_twin=hidden_twin
)
"""The test kit of Voyage, `seaview_rules.Game.test_kit` of its entry."""

register_types(KIT)
