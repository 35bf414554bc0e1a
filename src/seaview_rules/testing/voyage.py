"""Hypothesis strategies for the Voyage card game (needs the ``testing`` extra).

Every state is reached by legal play from `~seaview_rules.voyage.new_game`, so a test
never sees a position the engine could not produce.

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

from hypothesis import strategies as st

from seaview_rules import voyage

__all__ = ["moves", "rules", "states", "views"]


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


@st.composite
def _states(
    draw: st.DrawFn, rules: st.SearchStrategy[voyage.Rules], max_moves: int
) -> voyage.State:
    state = voyage.new_game(draw(rules))
    for _ in range(draw(st.integers(0, max_moves))):
        legal = voyage.legal_moves(state)
        if not legal:
            break
        state = voyage.apply_move(state, legal[draw(st.integers(0, len(legal) - 1))])
    return state


def states(
    *, rules: st.SearchStrategy[voyage.Rules] | None = None, max_moves: int = 400
) -> st.SearchStrategy[voyage.State]:
    """States reached by up to ``max_moves`` legal moves (chance included) from a new game.

    Args:
        rules: the rules to play under (default: `rules()`).
        max_moves: the longest path from the start.
    """
    return _states(rules if rules is not None else _rules(2, 6, True, None), max_moves)


def moves(state: voyage.State) -> st.SearchStrategy[voyage.Move]:
    """A legal move in ``state`` (which must not be over)."""
    return st.sampled_from(voyage.legal_moves(state))


@st.composite
def _views(draw: st.DrawFn, states: st.SearchStrategy[voyage.State]) -> voyage.View:
    state = draw(states)
    seat = draw(st.none() | st.integers(0, state.rules.players - 1))
    return voyage.view(state, seat)


def views(
    *, states: st.SearchStrategy[voyage.State] | None = None
) -> st.SearchStrategy[voyage.View]:
    """The view of a seat, or of a spectator, of a reachable state."""
    return _views(states if states is not None else _states(_rules(2, 6, True, None), 400))
