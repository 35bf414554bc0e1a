"""Hypothesis strategies for the Ship's Wheel card game (needs the ``testing`` extra).

Decks and hands are data. The states of `states` are reached by legal play from
`~seaview_rules.ships_wheel.new_game`; those of `positions` are written as a person
writes a position by hand, every card anywhere it may lie: what ``loads`` accepts,
whether or not a game reaches it.

>>> from hypothesis import given
>>> from seaview_rules import ships_wheel as sw
>>> @given(states(rules=rules(max_players=3)))
... def test_cards_are_conserved(state: sw.State) -> None:
...     held = sum(len(h) for h in state.hands) + sum(len(p) for p in state.piles)
...     assert held + len(state.deck) == len(state.rules.table.full)
>>> test_cards_are_conserved()
"""

from __future__ import annotations

import random

import attrs
from hypothesis import reject
from hypothesis import strategies as st

from seaview_rules import ships_wheel as sw
from seaview_rules._seating import left_of
from seaview_rules._strategies import legal_moves, played_states, register_types, seat_views
from seaview_rules._testkit import Kit
from seaview_rules.ships_wheel._checks import check_state, check_view
from seaview_rules.ships_wheel._pieces import CardId, CardTable, wins
from seaview_rules.ships_wheel._rulebook import (
    CARDS_TO_DRAW,
    MAX_HAND_SIZE,
    MIN_HAND_SIZE,
    SMALLEST_HAND_SIZE,
    ends_match,
    hand_points,
)
from seaview_rules.ships_wheel._rules import choosing, seat_moves

__all__ = [
    "KIT",
    "decks",
    "hands",
    "hidden_twin",
    "moves",
    "positions",
    "rules",
    "states",
    "views",
]

SHAPE_NAMES = sw.DeckSpec().shapes
COLOUR_NAMES = sw.DeckSpec().colours


@st.composite
def _grid(
    draw: st.DrawFn, shapes: tuple[str, ...], colours: tuple[str, ...]
) -> tuple[sw.Card, ...] | None:
    """``None`` (every shape in every colour) or a partial grid that puts every shape
    and every colour on at least one card, as `~seaview_rules.ships_wheel.DeckSpec`
    requires."""
    if draw(st.booleans()):
        return None
    cells = {(s, draw(st.sampled_from(colours))) for s in shapes}
    cells |= {(draw(st.sampled_from(shapes)), c) for c in colours}
    extra = st.tuples(st.sampled_from(shapes), st.sampled_from(colours))
    cells |= set(draw(st.lists(extra, max_size=len(shapes) * len(colours))))
    return tuple(sw.Card(sw.Kind.PLAIN, c, s) for s, c in sorted(cells))


@st.composite
def _decks(
    draw: st.DrawFn,
    min_shapes: int,
    max_shapes: int,
    min_colours: int,
    max_colours: int,
    max_lighthouses: int,
    max_actions: int,
    partial: bool,
) -> sw.DeckSpec:
    shapes = SHAPE_NAMES[: draw(st.integers(min_shapes, max_shapes))]
    colours = COLOUR_NAMES[: draw(st.integers(min_colours, max_colours))]
    plain = draw(_grid(shapes, colours)) if partial else None
    lighthouses = draw(st.lists(st.sampled_from(colours), max_size=max_lighthouses))
    return sw.DeckSpec(
        shapes=shapes,
        colours=colours,
        plain=plain,
        lighthouses=lighthouses,
        white_starfish=draw(st.integers(0, max_actions)),
        black_starfish=draw(st.integers(0, max_actions)),
        anchors=draw(st.integers(0, max_actions)),
    )


def decks(
    *,
    min_shapes: int = 1,
    max_shapes: int = 6,
    min_colours: int = 1,
    max_colours: int = 6,
    max_lighthouses: int = 4,
    max_actions: int = 3,
    partial: bool = True,
) -> st.SearchStrategy[sw.DeckSpec]:
    """Valid `~seaview_rules.ships_wheel.DeckSpec` values, many of them partial grids
    (``DeckSpec.plain``: every shape and colour on some card, not every combination)
    unless ``partial`` is false.

    Args:
        min_shapes: fewest shapes (at least 1).
        max_shapes: most shapes (at most 8).
        min_colours: fewest colours (at least 1).
        max_colours: most colours (at most 8).
        max_lighthouses: most Lighthouses; their colours may repeat.
        max_actions: most cards of each action kind.
        partial: also draw decks that lack some shape-colour combinations.
    """
    return _decks(
        min_shapes, max_shapes, min_colours, max_colours, max_lighthouses, max_actions, partial
    )


@st.composite
def _hands(
    draw: st.DrawFn, deck: sw.DeckSpec, copies: int, min_size: int, max_size: int
) -> tuple[sw.Card, ...]:
    table = sw.table_of(deck, copies)
    size = draw(st.integers(min_size, min(max_size, len(table.full))))
    ids = draw(st.permutations(table.full))[:size]
    return tuple(table.cards[i] for i in sorted(ids))


def hands(
    *,
    deck: sw.DeckSpec | None = None,
    copies: int = 1,
    min_size: int = 1,
    max_size: int = 8,
) -> st.SearchStrategy[tuple[sw.Card, ...]]:
    """Hands of cards taken from ``copies`` decks ``deck`` (sorted by card id; a card
    repeats only if the decks hold it more than once).

    Args:
        deck: the deck (default: the default deck).
        copies: how many copies of the deck the cards come from (1 or 2).
        min_size: fewest cards.
        max_size: most cards.
    """
    return _hands(deck if deck is not None else sw.DeckSpec(), copies, min_size, max_size)


@st.composite
def _rules(
    draw: st.DrawFn, min_players: int, max_players: int, small_decks: bool, copies: int | None
) -> sw.Rules:
    players = draw(st.integers(min_players, max_players))
    deck = draw(_decks(2, 6, 2, 6, 4, 3, True)) if small_decks else sw.DeckSpec()
    number = draw(st.integers(1, 2)) if copies is None else copies
    total = deck.size * number
    room = (total - CARDS_TO_DRAW) // players  # the largest hand that leaves cards to draw
    # Hands the options allow (SW-R2) that the deck can win (SW-R4).
    low = min(MIN_HAND_SIZE, sw.table_of(deck).max_winning, room)
    if low < SMALLEST_HAND_SIZE:  # too many players for so small a deck: the default deck
        deck, total = sw.DeckSpec(), sw.DeckSpec().size * number
        room, low = (total - CARDS_TO_DRAW) // players, MIN_HAND_SIZE
    top = min(MAX_HAND_SIZE, room)
    scoring = draw(st.sampled_from(sw.Scoring))
    return sw.Rules(
        players=players,
        deck=deck,
        decks=number,
        scoring=scoring,
        target=draw(st.integers(3, 40) if scoring is sw.Scoring.CARDS else st.integers(1, 6)),
        first_dealer=draw(st.integers(0, players - 1)),
        min_hand_size=low,
        max_hand_size=draw(st.integers(low, top)),
        crowded_max_hand_size=draw(st.integers(low, top)),
        max_reshuffles=draw(st.integers(0, 2)),
        tie_keeps_size=draw(st.booleans()),
    )


def rules(
    *,
    min_players: int = 2,
    max_players: int = 6,
    small_decks: bool = True,
    copies: int | None = None,
) -> st.SearchStrategy[sw.Rules]:
    """Valid `~seaview_rules.ships_wheel.Rules`, with small targets so matches end.

    Args:
        min_players: fewest seats.
        max_players: most seats.
        small_decks: also draw smaller decks (2-6 shapes and colours, some of them
            partial grids).
        copies: fix the number of decks (1 or 2); ``None`` draws it.
    """
    return _rules(min_players, max_players, small_decks, copies)


@st.composite
def _states(
    draw: st.DrawFn,
    rules: st.SearchStrategy[sw.Rules],
    max_moves: int,
    phases: frozenset[sw.Phase] | None,
) -> sw.State:
    state = draw(played_states(sw.GAME, rules, max_moves))
    if phases is not None:
        # Play on from a drawn seed (one draw, so examples stay small) to a wanted phase.
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        for _ in range(20 * max_moves):
            legal = sw.legal_moves(state)
            if not legal or (state.phase in phases and rng.random() < 0.5):
                break
            # SW-R7: in an Anchor pass, any seat still choosing may choose next.
            left = choosing(state)
            seat = left[rng.randrange(len(left))] if left else None
            if seat is not None:
                legal = seat_moves(state, seat)
            state = sw.apply_move(state, legal[rng.randrange(len(legal))], seat=seat)
    check_state(state)  # every state that legal play reaches is consistent
    return state


def states(
    *,
    rules: st.SearchStrategy[sw.Rules] | None = None,
    max_moves: int = 300,
    phases: frozenset[sw.Phase] | None = None,
) -> st.SearchStrategy[sw.State]:
    """States reached by legal moves (chance included) from a new game.

    Args:
        rules: the rules to play under (default: `rules()`).
        max_moves: the longest random path from the start.
        phases: if given, play on (up to ``20 * max_moves`` more random moves, from a
            drawn seed) until the state is in one of these phases, for example
            ``{Phase.PASS}``; the match may end first. In an Anchor pass the seat that
            chooses next is drawn too, so mid-pass states have any seats chosen.
    """
    return _states(rules if rules is not None else _rules(2, 6, True, None), max_moves, phases)


@st.composite
def _results(draw: st.DrawFn, rules: sw.Rules) -> tuple[sw.HandResult, ...]:
    """Up to four hand results that fit ``rules`` and each other: each with the points
    its winners score (SW-14) and reshuffles that fit its ending (SW-13), and none after
    the one in which a total reached the target (SW-R10)."""
    n = rules.players
    seat = st.integers(0, n - 1)
    found: list[sw.HandResult] = []
    totals = [0] * n
    for _ in range(draw(st.integers(0, 4))):
        ending = draw(st.sampled_from(sw.Ending))
        winners: tuple[int, ...] = ()
        if ending is sw.Ending.DISCARD:
            winners = (draw(seat),)
        elif ending is not sw.Ending.EXHAUSTION:
            winners = tuple(sorted(draw(st.sets(seat, min_size=1))))
        size = draw(st.sampled_from(rules.hand_sizes))
        reshuffles = {sw.Ending.EXHAUSTION: rules.max_reshuffles, sw.Ending.DEAL: 0}.get(ending)
        points = hand_points(rules.scoring, size, winners)
        found.append(
            sw.HandResult(
                dealer=draw(seat),
                hand_size=size,
                ending=ending,
                winners=winners,
                points=points,
                reshuffles=draw(st.integers(0, rules.max_reshuffles))
                if reshuffles is None
                else reshuffles,
            )
        )
        if points:
            totals[winners[0]] += points
            if ends_match(totals[winners[0]], rules.target):
                break
    return tuple(found)


def _spoiled(hand: list[CardId], rest: list[CardId], table: CardTable) -> None:
    """Exchange the first card of the winning ``hand`` for one of ``rest`` that makes
    it lose (in place), or reject the example if none does."""
    for k, card in enumerate(rest):
        if not wins((card, *hand[1:]), table):
            hand[0], rest[k] = card, hand[0]
            return
    reject()


def _winning(cards: list[CardId], size: int, table: CardTable) -> list[CardId]:
    """A winning hand of ``size`` cards taken from ``cards`` (in place), the first
    cards that keep it winning; the example is rejected if they make none."""
    hand: list[CardId] = []
    for card in list(cards):
        if len(hand) < size and wins((*hand, card), table):
            hand.append(card)
            cards.remove(card)
    if len(hand) < size:
        reject()
    return hand


def _sizes(draw: st.DrawFn, phase: sw.Phase, n: int, player: int, size: int) -> list[int]:
    """The number of cards in each hand: none before the size is chosen; in the deal,
    going left from the seat to receive the next card, k cards and then k + 1 (SW-R3);
    after it, the size, and one more in the hand of the discarder (SW-5, SW-6)."""
    if phase is sw.Phase.SIZE:
        return [0] * n
    if phase is sw.Phase.DEAL:
        low, behind = draw(st.integers(0, size - 1)), draw(st.integers(1, n))
        sizes = [0] * n
        for k in range(n):
            sizes[left_of(n, player, k)] = low + (k >= behind)
        return sizes
    return [size + (phase is sw.Phase.DISCARD and s == player) for s in range(n)]


@st.composite
def _positions(draw: st.DrawFn, rules: st.SearchStrategy[sw.Rules]) -> sw.State:
    chosen = draw(rules)
    n, table = chosen.players, chosen.table
    results = draw(_results(chosen))
    scores = [0] * n
    for result in results:
        if result.winner is not None:
            scores[result.winner] += result.points
    last = results[-1] if results else None
    anchor = table.index[sw.Card(sw.Kind.ANCHOR)]
    if (
        last is not None
        and last.winner is not None
        and ends_match(scores[last.winner], chosen.target)
    ):
        phase, dealer, player, size = sw.Phase.OVER, last.dealer, last.winner, last.hand_size
    else:
        # The phases of play first: the examples Hypothesis shrinks towards.
        phases = [p for p in _PHASES if p is not sw.Phase.PASS or table.counts[anchor]]
        phase, dealer = draw(st.sampled_from(phases)), draw(st.integers(0, n - 1))
        player = dealer if phase is sw.Phase.SIZE else draw(st.integers(0, n - 1))
        size = 0 if phase is sw.Phase.SIZE else draw(st.sampled_from(chosen.hand_sizes))
    cards = list(draw(st.permutations(table.full)))
    if phase is sw.Phase.PASS:
        cards.remove(anchor)  # SW-10: on top of the discarder's pile
    hands = _dealt(phase, cards, _sizes(draw, phase, n, player, size), size, player, table)
    piles, passing = _laid(draw, phase, cards, hands, player, anchor)
    state = sw.State(
        rules=chosen,
        phase=phase,
        player=player,
        dealer=dealer,
        hand_size=size,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        deck=tuple(sorted(cards)),
        piles=piles,
        passing=passing,
        scores=tuple(scores),
        results=results,
        reshuffles=0
        if phase in (sw.Phase.SIZE, sw.Phase.DEAL)
        else draw(st.integers(0, chosen.max_reshuffles)),
    )
    check_state(state)  # what loads accepts
    return state


def _laid(
    draw: st.DrawFn,
    phase: sw.Phase,
    cards: list[CardId],
    hands: list[list[CardId]],
    player: int,
    anchor: CardId,
) -> tuple[tuple[tuple[CardId, ...], ...], tuple[CardId | None, ...]]:
    """The discard piles, from ``cards`` (in place, leaving at least one in the deck)
    once the deal is done, an Anchor on top of the discarder's in a pass (SW-10); and
    the pending choices of a pass, any seats but one (SW-R7)."""
    n = len(hands)
    piles: list[list[CardId]] = [[] for _ in range(n)]
    passing: list[CardId | None] = [None] * n
    if phase in (sw.Phase.SIZE, sw.Phase.DEAL):
        return tuple(map(tuple, piles)), tuple(passing)
    for _ in range(draw(st.integers(0, len(cards) - 1))):
        piles[draw(st.integers(0, n - 1))].append(cards.pop())
    if phase is sw.Phase.PASS:
        piles[player].append(anchor)
        for s in draw(st.sets(st.integers(0, n - 1), max_size=n - 1)):
            passing[s] = draw(st.sampled_from(hands[s]))
    return tuple(map(tuple, piles)), tuple(passing)


def _dealt(
    phase: sw.Phase, cards: list[CardId], sizes: list[int], size: int, player: int, table: CardTable
) -> list[list[CardId]]:
    """Hands of ``sizes`` cards taken from ``cards`` (in place): once the deal is done,
    none of ``size`` cards that wins (SW-R6), but at the end of a match the winner's."""
    hands: list[list[CardId]] = []
    winner = _winning(cards, size, table) if phase is sw.Phase.OVER else None
    for s, count in enumerate(sizes):
        if winner is not None and s == player:
            hands.append(winner)
            continue
        hand = [cards.pop() for _ in range(count)]
        if phase not in _DEALING and count == size and wins(tuple(hand), table):
            _spoiled(hand, cards, table)
        hands.append(hand)
    return hands


_PHASES = (
    sw.Phase.DRAW,
    sw.Phase.DISCARD,
    sw.Phase.PASS,
    sw.Phase.DECK,
    sw.Phase.DEAL,
    sw.Phase.SIZE,
)
_DEALING = frozenset({sw.Phase.SIZE, sw.Phase.DEAL, sw.Phase.OVER})


def positions(*, rules: st.SearchStrategy[sw.Rules] | None = None) -> st.SearchStrategy[sw.State]:
    """Positions as a person writes them by hand, for a test, a puzzle or a bug report:
    what ``loads`` accepts, whether or not a game reaches them. Results that fit the
    rules and each other, and scores that are their sums; any dealer; in the deal, hands
    dealt round from any seat; every card not in a hand in the deck or on any pile (an
    Anchor on top of the discarder's in a pass); any seat to move that may move in the
    phase; any pending choices in a pass; no complete hand that wins while the hand goes
    on, and the winner's at the end of a match.

    Args:
        rules: the rules (default: `rules()`).
    """
    return _positions(rules if rules is not None else _rules(2, 6, True, None))


def moves(state: sw.State) -> st.SearchStrategy[sw.Move]:
    """A legal move in ``state`` (which must not be over)."""
    return legal_moves(sw.GAME, state)


def views(*, states: st.SearchStrategy[sw.State] | None = None) -> st.SearchStrategy[sw.View]:
    """The view of a seat, or of a spectator (``None``), of a reachable state.

    Args:
        states: the states to view (default: `states()`).
    """
    default = _states(_rules(2, 6, True, None), 300, None)
    return seat_views(sw.GAME, default if states is None else states).map(_checked)


def _checked(view: sw.View) -> sw.View:
    check_view(view)  # every view of a reachable state is consistent
    return view


def hidden_twin(state: sw.State, seat: int, rng: random.Random) -> sw.State:
    """A state that differs from ``state`` only in what ``seat`` cannot see: the other
    hands and the deck keep their sizes but are dealt out anew from the same cards, and
    the other seats' pending pass choices change to other cards of their new hands.
    ``view(twin, seat)`` must equal ``view(state, seat)`` (whose turn it is and the
    seat's legal moves included); give it to `~seaview_rules.testing.check_game` as
    ``twin``. It is also a determinization: a state a bot may imagine from its view.

    A move legal in both must tell ``seat`` the same (``events`` and ``narrate``), unless
    it shows ``seat`` something: the view after it (a hand won or not, the seat's own new
    hand), a winning hand shown, or the card the seat receives in a pass (SW-R7). Those
    may differ, since the twin's hidden cards are not the same.

    >>> state = sw.apply_move(sw.new_game(sw.Rules(players=2)), sw.parse_move("size 3"))
    >>> state = sw.apply_move(state, sw.parse_move("deal red-star"))
    >>> twin = hidden_twin(state, 0, random.Random(1))
    >>> twin.hands[1] == state.hands[1], sw.view(twin, 0) == sw.view(state, 0)
    (False, True)
    """
    others = [s for s in range(state.rules.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    passing = list(state.passing)
    for s in others:
        if passing[s] is not None:
            passing[s] = rng.choice(hands[s])
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(sorted(pool)), passing=tuple(passing))


KIT: Kit[sw.Rules, sw.State, sw.View] = Kit(
    rules=rules,
    states=states,
    views=views,
    positions=positions,
    hidden_twin=hidden_twin,
    types={sw.DeckSpec: decks},
)
"""The test kit of Ship's Wheel, `seaview_rules.Game.test_kit` of its entry."""

register_types(KIT)
