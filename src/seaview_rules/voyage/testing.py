"""Hypothesis strategies for the Voyage card game (needs the ``testing`` extra).

`states` and `views` are reached by legal play from `~seaview_rules.voyage.new_game`,
so a test of them never sees a position the engine could not produce; `positions` are
written as a person writes them by hand, reachable or not. Every state, view and
position drawn passes the checks that `~seaview_rules.voyage.loads` applies.

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
from hypothesis import assume
from hypothesis import strategies as st

from seaview_rules import voyage
from seaview_rules._strategies import legal_moves, played_states, register_types, seat_views
from seaview_rules._testkit import Kit
from seaview_rules.voyage._checks import check_state, check_view
from seaview_rules.voyage._rulebook import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TARGET,
    left_of,
    round_points,
)

__all__ = ["KIT", "hidden_twin", "moves", "positions", "rules", "states", "views"]


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
    hand_size = draw(st.integers(1, min(HAND_SIZE, deck // players)))
    return voyage.Rules(
        players=players,
        colours=colours,
        numbers=numbers,
        hand_size=hand_size,
        target=draw(st.integers(1, TARGET)),
        first_dealer=draw(st.integers(0, players - 1)),
        must_play=draw(st.booleans()) if must_play is None else must_play,
    )


def rules(
    *,
    min_players: int = MIN_PLAYERS,
    max_players: int = MAX_PLAYERS,
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
    return played_states(voyage.GAME, _rules_or_default(rules), max_moves).map(_checked_state)


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
    default = played_states(voyage.GAME, _rules_or_default(None), 400)
    return seat_views(voyage.GAME, default if states is None else states).map(_checked_view)


def _rules_or_default(
    given: st.SearchStrategy[voyage.Rules] | None,
) -> st.SearchStrategy[voyage.Rules]:
    return rules() if given is None else given


def positions(
    *, rules: st.SearchStrategy[voyage.Rules] | None = None
) -> st.SearchStrategy[voyage.State]:
    """Positions as a person writes them by hand, for a test, a puzzle or a bug report,
    reachable by play or not: every card anywhere it may lie (a discard pile of cards
    that match each other), any phase, any dealer, any seat to move that may move in the
    phase (in the deal, any seat whose hand the deal can still fill), round results and
    scores that agree. Each passes the checks of `~seaview_rules.voyage.loads`, and
    everything works on it (`seaview_rules.testing.check_position`).

    Args:
        rules: the rules to write positions for (default: `rules()`); each position's
            target is drawn anew, above the totals of its results (or, once the match is
            over, reached by the last one).
    """
    return _positions(_rules_or_default(rules))


@st.composite
def _positions(draw: st.DrawFn, rules: st.SearchStrategy[voyage.Rules]) -> voyage.State:
    chosen = draw(rules)
    n, deck = chosen.players, chosen.deck_size
    phase = draw(st.sampled_from([p for p, more in _MORE_CARDS.items() if deck >= n + more]))
    results, target = draw(_record(chosen, phase is voyage.Phase.OVER))
    over = results[-1] if phase is voyage.Phase.OVER else None
    cards = draw(st.permutations(list(chosen.deck)))
    pile: list[voyage.Card] = []
    rest = cards
    if phase is not voyage.Phase.DEAL and phase is not voyage.Phase.LEAD:
        # a card for each hand (the last round's, once over), and one to draw in DRAW
        keep = sum(over.cards_left) if over else n + (phase is voyage.Phase.DRAW)
        pile, rest = _discard_pile(cards, draw(st.integers(1, deck - keep)))
    if phase is voyage.Phase.DEAL:
        player, sizes = draw(_deal(chosen))
    elif over is not None:
        player, sizes = over.winner, list(over.cards_left)
    else:
        player = draw(st.integers(0, n - 1))
        sizes = draw(_sizes(n, 1, len(rest) - n - (phase is voyage.Phase.DRAW)))
    hands = []
    for size in sizes:
        hands.append(voyage.CardSet.of(rest[:size]))
        del rest[:size]
    drawn = None
    if phase is voyage.Phase.DRAWN:
        drawn = draw(st.sampled_from(list(hands[player])))
    return voyage.State(
        rules=attrs.evolve(chosen, target=target),
        phase=phase,
        player=player,
        dealer=draw(st.integers(0, n - 1)) if over is None else over.dealer,
        hands=tuple(hands),
        draw_pile=voyage.CardSet.of(rest),
        discard_top=pile[-1] if pile else None,
        discard_under=tuple(pile[:-1]),
        drawn=drawn,
        scores=tuple(sum(r.points for r in results if r.winner == s) for s in range(n)),
        results=tuple(results),
        reshuffles=0 if pile == [] else draw(st.integers(0, 3)),
    )


@st.composite
def _record(
    draw: st.DrawFn, rules: voyage.Rules, over: bool
) -> tuple[list[voyage.RoundResult], int]:
    """The results of the rounds finished so far, and a target that no total reached,
    or, when the match is ``over``, that only its last round's winner reached (VOY-8)."""
    results = draw(st.lists(_result(rules), max_size=3))
    totals = [sum(r.points for r in results if r.winner == s) for s in range(rules.players)]
    if not over:
        return results, draw(st.integers(max(totals) + 1, max(totals) + TARGET))
    last = draw(_last_result(rules, results))
    return [*results, last], draw(st.integers(max(totals) + 1, totals[last.winner] + last.points))


_MORE_CARDS = {
    voyage.Phase.DEAL: 0,
    voyage.Phase.LEAD: 0,
    voyage.Phase.TURN: 1,
    voyage.Phase.DRAW: 2,
    voyage.Phase.DRAWN: 1,
    voyage.Phase.OVER: 0,
}
"""For each phase, how many cards a position needs beyond one in each hand: a top card
once play has begun, and a card to draw in phase DRAW (once the match is over, the
winner's hand is empty)."""


def _discard_pile(
    cards: list[voyage.Card], most: int
) -> tuple[list[voyage.Card], list[voyage.Card]]:
    """A discard pile of at most ``most`` of ``cards``, each card on one it matches
    (VOY-3), and the cards left."""
    pile, rest = [cards[0]], cards[1:]
    while len(pile) < most:
        card = next((c for c in rest if c.matches(pile[-1])), None)
        if card is None:
            break
        pile.append(card)
        rest.remove(card)
    return pile, rest


@st.composite
def _sizes(draw: st.DrawFn, seats: int, least: int, spare: int) -> list[int]:
    """Hand sizes of at least ``least`` cards, with ``spare`` cards more to share."""
    sizes = []
    for _ in range(seats):
        more = draw(st.integers(0, max(0, min(spare, HAND_SIZE))))
        spare -= more
        sizes.append(least + more)
    return sizes


@st.composite
def _deal(draw: st.DrawFn, rules: voyage.Rules) -> tuple[int, list[int]]:
    """A seat to receive the next card of a deal, and hand sizes that the deal can fill
    (VOY-1, VOY-R7): going clockwise from that seat, each hand below `Rules.hand_size`
    (its own too) until the first full one, and none empty after it."""
    n, full = rules.players, rules.hand_size
    player = draw(st.integers(0, n - 1))
    sizes = [0] * n
    stopped = False
    for k in range(n):
        seat = left_of(n, player, k)
        sizes[seat] = draw(st.integers(1 if stopped else 0, full - (k == 0)))
        stopped = stopped or sizes[seat] == full
    return player, sizes


@st.composite
def _result(draw: st.DrawFn, rules: voyage.Rules) -> voyage.RoundResult:
    """A finished round: a winner who went out, a card or more in each other hand (but
    no more than the deck holds beside the winner's last card), the points of VOY-5."""
    n = rules.players
    winner = draw(st.integers(0, n - 1))
    left = draw(_sizes(n, 1, rules.deck_size - n))
    left[winner] = 0
    return voyage.RoundResult(
        dealer=draw(st.integers(0, n - 1)),
        winner=winner,
        points=round_points(tuple(left)),
        cards_left=tuple(left),
        reshuffles=draw(st.integers(0, 3)),
    )


@st.composite
def _last_result(
    draw: st.DrawFn, rules: voyage.Rules, results: list[voyage.RoundResult]
) -> voyage.RoundResult:
    """A round that ends the match after ``results``: won by a seat that its points take
    past every total before it (the leader, if need be)."""
    last = draw(_result(rules))
    totals = [sum(r.points for r in results if r.winner == s) for s in range(rules.players)]
    if totals[last.winner] + last.points > max(totals):
        return last
    leader = totals.index(max(totals))
    left = list(last.cards_left)
    left[leader], left[last.winner] = left[last.winner], left[leader]
    points = round_points(tuple(left))
    assume(points > 0)  # VOY-5 scores every round that leaves a card
    return attrs.evolve(last, winner=leader, cards_left=tuple(left), points=points)


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
    rules=rules, states=states, views=views, positions=positions, hidden_twin=hidden_twin
)
"""The test kit of Voyage, `seaview_rules.Game.test_kit` of its entry."""

register_types(KIT)
