"""The consistency of a built Voyage state or view: whether it is a position that
legal play can reach, as far as its own fields tell.

`check_state` and `check_view` raise `InvalidDataError(where, problem)`, ``where``
being the path of the field in a document (``data.hands``, ``data.results[2].points``,
or ``data`` for the whole) and the problem naming the rule it rests on. `loads` calls
them on every state and view it builds; the test kit and the property tests call them
on every state and view that legal play reaches.

What `loads` guarantees of a Voyage state it accepts:

- its rules are valid `Rules`; every card of their deck is in exactly one place (a
  hand, the draw pile, the top of the discard pile or under it), and no other card
  is anywhere (VOY-R1);
- every round result could have ended a round: dealt by the seat left of the
  previous dealer, from `Rules.first_dealer` on (VOY-7, VOY-R8); won by a seat with
  no card left while every other seat held one or more, and no more cards left in all
  than the deck holds beside the card that went out; worth the cards left (VOY-5);
  none after a total reached the target (VOY-8); the scores are their sums;
- the fields fit the phase: the dealer is the one after the rounds finished; in a
  deal, the hands of a deal in progress clockwise from the dealer's left and nothing
  else moved (VOY-1, VOY-R7); at the lead, full hands, the dealer's left to lead, no
  card played and no pile rebuilt (VOY-2), both as the transition's own deal leaves
  them; during play, a top card, no empty hand (VOY-2, VOY-5), the discard pile a chain
  in which each card matches the one under it (VOY-3), until the pile is first rebuilt
  a seat to move that the plays and draws since the lead can have brought the turn to
  (VOY-3, VOY-4, VOY-R5), a card to draw in phase DRAW (VOY-6), the drawn card in the
  drawer's hand in phase DRAWN and nowhere else (VOY-R4), and under `Rules.must_play`
  no card that matched the top in the drawer's hand before his draw (VOY-R3); once the
  match is over, the final round's hands and a winner at or past the target (VOY-5,
  VOY-8);
- what the hands say of earlier turns, where it is sure: a seat that passed held no
  match of the lead, nor did the cards it played later (VOY-R5); under
  `Rules.must_play`, a seat that kept a drawn card since the lead holds one match at
  most of the card on top when it last drew, and with one colour or one number (every
  card matches every other) nobody draws, so no pile is ever rebuilt (VOY-R3).

A view it accepts meets the same conditions on what it shows, with counts for the
hands it hides and for the draw pile (which add up to the deck), its drawn card shown
to the drawer only, and ``to_move`` and ``legal_moves`` as its other fields decide.

This is not "every accepted state is reachable": what only the history decides is not
checked, such as, once the pile was rebuilt, whether the hand sizes, the draw pile and
the number of rebuilds (`State.reshuffles`, `RoundResult.reshuffles`) can come from the
plays and draws that the discard pile and the rounds imply, or, beyond the above,
which cards a seat held when it drew earlier: deciding that means searching the
histories that reach the position, which a check of untrusted input cannot afford.
"""

from __future__ import annotations

from seaview_rules._consistency import check_per_seat, check_turn, fail
from seaview_rules._core import check_seat
from seaview_rules._reader import Field
from seaview_rules._seating import left_of, next_dealer, reaches_target
from seaview_rules.voyage._model import Phase, Rules, State, View
from seaview_rules.voyage._pieces import MATCHES, Card, CardSet
from seaview_rules.voyage._rules import (
    current_player,
    deal_so_far,
    legal_moves,
    round_points,
)
from seaview_rules.voyage._views import stand_in


def check_state(state: State) -> None:
    """Check that ``state`` is consistent: every card of the deck exactly once in the
    hands, the draw pile and the discard pile (VOY-R1); the hands and piles that fit
    the phase; the round results that add up to the scores and the dealers that follow
    them.

    >>> import attrs
    >>> from seaview_rules import voyage
    >>> check_state(voyage.new_game(voyage.Rules(players=2)))
    >>> check_state(attrs.evolve(voyage.new_game(voyage.Rules(players=2)), draw_pile=voyage.CardSet(0)))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data: R1 is missing: every card must be somewhere (VOY-R1)

    Raises:
        InvalidDataError: the first inconsistency found.
    """
    rules = state.rules
    n = rules.players
    phase, player, dealer = state.phase, state.player, state.dealer
    check_seat(player, n, "data.player", spectator=False)
    check_seat(dealer, n, "data.dealer", spectator=False)
    hands, draw_pile, top = state.hands, state.draw_pile, state.discard_top
    under, drawn = state.discard_under, state.drawn
    check_per_seat("data.hands", hands, n)
    for s, hand in enumerate(hands):
        _in_deck(f"data.hands[{s}]", hand, rules)
    _in_deck("data.draw_pile", draw_pile, rules)
    _card("data.discard_top", top, rules)
    _pile("data.discard_under", under, rules)
    _card("data.drawn", drawn, rules)
    _results(state)

    # VOY-R1: every card of the deck exactly once.
    where: dict[int, str] = {}  # card index -> the place that holds it
    places = [*(f"hands[{i}]" for i in range(n)), "draw_pile", "discard_under", "discard_top"]
    held = (*hands, draw_pile, CardSet.of(under), CardSet.of([] if top is None else [top]))
    for place, cards in zip(places, held, strict=True):
        for card in cards:
            if card.index in where:
                fail(
                    f"data.{place}",
                    f"{card} is in data.{where[card.index]} too: a card is in one place (VOY-R1)",
                )
            where[card.index] = place
    missing = CardSet(rules.deck & ~sum(1 << index for index in where))
    if missing:
        fail("data", f"{next(iter(missing))} is missing: every card must be somewhere (VOY-R1)")

    # A drawn card is known only in phase DRAWN, in the drawer's hand (VOY-R4).
    if phase is Phase.DRAWN:
        if drawn is None or not hands[player] >> drawn.index & 1:
            fail("data.drawn", "must be a card of the player's hand (VOY-R4)")
    elif drawn is not None:
        fail("data.drawn", f"must be null in phase {phase.value} (VOY-R4)")
    _position(state)
    if phase is Phase.DRAW or phase is Phase.DRAWN:
        _forced_draw("data.hands", state.rules, hands[player], top, drawn)


def check_view(view: View) -> None:
    """Check that ``view`` is consistent: what a seat's view can show of a state that
    legal play reaches (the counts that add up to the deck, a discard pile that is in no
    hand, the drawn card only to its drawer, the results that add up to the scores),
    with whose turn it is and the seat's legal moves as the view's other fields decide.

    >>> import attrs
    >>> from seaview_rules import voyage
    >>> seen = voyage.view(voyage.new_game(voyage.Rules(players=2)), 0)
    >>> check_view(seen)
    >>> check_view(attrs.evolve(seen, to_move=1))
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: data.to_move: must be 'chance' in phase deal with seat 1 to act

    Raises:
        InvalidDataError: the first inconsistency found.
    """
    rules = view.rules
    n = rules.players
    seat, phase, player, hand = view.seat, view.phase, view.player, view.hand
    if seat is not None:
        check_seat(seat, n, "data.seat", spectator=False)
    check_seat(player, n, "data.player", spectator=False)
    check_seat(view.dealer, n, "data.dealer", spectator=False)
    if hand is not None:
        _in_deck("data.hand", hand, rules)
    if (hand is None) != (seat is None):
        fail("data.hand", "a seat's view has its hand; a spectator's has none")
    sizes = view.hand_sizes
    _counts("data.hand_sizes", sizes, n)
    if seat is not None and hand is not None and sizes[seat] != len(hand):
        fail("data.hand_sizes", "must agree with the seat's hand")
    draw_size = view.draw_pile_size
    Field(draw_size, "data.draw_pile_size").integer(0, rules.deck_size)
    top, under = view.discard_top, view.discard_under
    _card("data.discard_top", top, rules)
    _pile("data.discard_under", under, rules)
    if sum(sizes) + draw_size + len(under) + (top is not None) != rules.deck_size:
        fail("data", "the counts must add up to the deck size (VOY-R1)")
    if (top is None) != (phase is Phase.DEAL or phase is Phase.LEAD):
        fail(
            "data.discard_top",
            f"in phase {phase.value} the discard pile {'has no' if top else 'has a'} top "
            "card (VOY-2)",
        )
    if under and top is None:
        fail(
            "data.discard_under",
            "cards lie under the top card only once the lead is made (VOY-2)",
        )
    for k, card in enumerate(under):
        if card == top:
            fail(f"data.discard_under[{k}]", f"{card} is the top card: a card is in one place")
        if hand is not None and card in hand:
            fail(
                f"data.discard_under[{k}]",
                f"{card} is in the seat's hand too: a card is in one place",
            )
    drawn = view.drawn
    _card("data.drawn", drawn, rules)
    own = seat is not None and seat == player
    if drawn is not None and (
        hand is None or drawn not in hand or not own or phase is not Phase.DRAWN
    ):
        fail("data.drawn", "only the drawing seat sees its drawn card, in its hand (VOY-R4)")
    if drawn is None and own and phase is Phase.DRAWN:
        fail("data.drawn", "the drawing seat sees the card it drew (VOY-R4)")
    _results(view)
    _position(view)
    if own and hand is not None and (phase is Phase.DRAW or phase is Phase.DRAWN):
        _forced_draw("data.hand", rules, hand, top, drawn)
    elif phase is Phase.DRAW or phase is Phase.DRAWN:
        _unseen_forced_draw(view)
    # A seat's legal moves depend only on what its view shows: they are those of the
    # state that shows just that.
    check_turn(view, current_player(view), lambda: legal_moves(stand_in(view)))


def _shown(obj: State | View) -> tuple[list[int], list[CardSet | None], int, str]:
    """The hand sizes, the hands that ``obj`` shows (``None`` for a hidden one), the
    size of the draw pile and where a document gives it."""
    if isinstance(obj, View):
        hands = [obj.hand if s == obj.seat else None for s in range(obj.rules.players)]
        return list(obj.hand_sizes), hands, obj.draw_pile_size, "data.draw_pile_size"
    return [len(hand) for hand in obj.hands], list(obj.hands), len(obj.draw_pile), "data.draw_pile"


def _position(obj: State | View) -> None:
    """The hand sizes, the discard pile and the draw pile that fit the phase."""
    sizes, _, draw_size, draw_where = _shown(obj)
    rules, phase, player, dealer = obj.rules, obj.phase, obj.player, obj.dealer
    top, under = obj.discard_top, obj.discard_under
    if phase is Phase.DEAL or phase is Phase.LEAD:
        # The deal so far as the transition deals it (VOY-1, VOY-R7): whose card is
        # next, or who leads (VOY-2), and how many cards each hand holds.
        dealt = deal_so_far(rules, dealer, sum(sizes) if phase is Phase.DEAL else None)
        fits = sizes == [len(hand) for hand in dealt.hands] and player == dealt.player
        if phase is Phase.LEAD and (top or under or obj.reshuffles or not fits):
            fail(
                "data",
                "not a position of the lead: the dealer's left leads after a full deal, no "
                "card played yet (VOY-2)",
            )
        if top or under or obj.reshuffles or not fits:
            fail(
                "data",
                "not a position of the deal: cards go one at a time clockwise from the "
                "dealer's left (VOY-1, VOY-R7)",
            )
        if dealt.phase is not phase:
            fail("data.phase", "the deal is complete (VOY-1)")
    elif phase is Phase.OVER:
        if top is None or sizes[player] != 0 or list(obj.results[-1].cards_left) != sizes:
            fail(
                "data",
                "a finished match shows the final round's hands, the winner's empty (VOY-5)",
            )
        _chain(top, under)
    else:
        if top is None or 0 in sizes:
            fail(
                "data",
                f"in phase {phase.value} the discard pile has a top card and every hand a "
                "card (VOY-2, VOY-5)",
            )
        _chain(top, under)
        if phase is Phase.DRAW and not draw_size:
            fail(draw_where, "a draw takes a card from a pile that is not empty (VOY-6)")
        _turns(obj)


def _turns(obj: State | View) -> None:
    """Whether the seat to move can be, after the lead, the cards played on it and the
    cards drawn: each turn after the lead plays a card that matches (VOY-3), draws and
    plays the drawn card, draws and keeps it (VOY-4, VOY-R4), or passes, with nothing to
    draw, no card under the top and no match in hand (VOY-R5); so a seat's hand holds
    its kept cards less its matched plays, and the turns go clockwise (VOY-3, VOY-R7)
    from the leader (VOY-2). Under `Rules.must_play` a seat draws only with no match in
    hand (VOY-R3). Before the pile is first rebuilt (VOY-6), the cards on the discard
    pile and the cards gone from the draw pile are the plays and the draws; after it
    they are not known, and nothing is checked."""
    rules, phase, player = obj.rules, obj.phase, obj.player
    if obj.reshuffles:
        return
    sizes, hands, draw_size, draw_where = _shown(obj)
    n, size = rules.players, rules.hand_size
    leader = deal_so_far(rules, obj.dealer).player
    drawn = phase is Phase.DRAWN  # the card just drawn is in the hand; its turn goes on
    top = obj.discard_top
    assert top is not None  # _position refused play without a top card
    chain = (*obj.discard_under, top)  # the lead first
    plays = len(chain)  # the lead and the cards played on it
    draws = rules.deck_size - n * size - draw_size - drawn  # by the turns that are over
    if rules.must_play and draws and _always_matches(rules):
        fail(draw_where, "every hand holds a match of every card, so nobody draws (VOY-R3)")
    # A seat's kept cards less its matched plays (the lead is neither).
    kept = [sizes[s] - size + (s == leader) - (drawn and s == player) for s in range(n)]
    if rules.must_play:
        _last_draws(obj, hands, kept, chain)
    if not draw_size and phase is Phase.TURN:
        # Passes were possible only once every card was drawn with none played on the
        # lead: the draws all kept, then the passes, then the plays, each a match.
        drew = [0] * n
        for turn in range(1, draws + 1):
            drew[left_of(rules.players, leader, turn)] += 1
        for passes in range(1, n + 1):
            counted = list(drew)
            # A passer holds no match of the lead (VOY-R5), nor do the cards it plays later.
            later = [0] * n
            for turn in range(draws + passes + 1, draws + passes + plays):
                seat = left_of(rules.players, leader, turn)
                counted[seat] -= 1
                later[seat] |= 1 << chain[turn - draws - passes].index
            turns = range(draws + 1, draws + passes + 1)
            passers = [left_of(rules.players, leader, turn) for turn in turns]
            if (
                counted == kept
                and left_of(rules.players, leader, draws + passes + plays) == player
                and _could_pass(obj, hands, sizes, passers, later, chain)
            ):
                return
    for turn in range(_first_turn(rules, leader, player), plays + draws + 1, n):  # lead: 0
        over = turn - 1  # the turns over since the lead, none a pass
        low = high = 0  # the matched plays the turns over can hold
        for s in range(n):
            first = _first_turn(rules, leader, s)
            own = (over - first) // n + 1 if first <= over else 0
            if own < abs(kept[s]):
                break
            low, high = low + max(0, -kept[s]), high + (own - kept[s]) // 2
        else:
            # Every turn over drew a card or matched: the matched plays are the rest.
            if low <= over - draws <= high:
                return
    fail(
        "data.player",
        f"seat {player} cannot be to move after {plays} cards played and {draws} drawn "
        f"since the lead of seat {leader}: turns go clockwise, and each plays, draws or "
        "passes, with no match in hand (VOY-3, VOY-4, VOY-R5)",
    )


def _first_turn(rules: Rules, leader: int, seat: int) -> int:
    """Seat ``seat``'s first turn after ``leader``'s lead (turn 0), from 1 to the number
    of players, as the turns go round (VOY-R7)."""
    return next(k for k in range(1, rules.players + 1) if left_of(rules.players, leader, k) == seat)


def _always_matches(rules: Rules) -> bool:
    """Whether every card of the deck matches every other: one colour, or one number."""
    return rules.colours == 1 or rules.numbers == 1


def _never_rebuilt(where: str, rules: Rules, reshuffles: int) -> None:
    """Under `Rules.must_play`, with a deck whose every card matches every other, every
    hand can match, so nobody draws (VOY-R3) and the draw pile is never rebuilt (VOY-6)."""
    if reshuffles and rules.must_play and _always_matches(rules):
        fail(where, "every hand holds a match of every card, so nobody draws (VOY-R3, VOY-6)")


def _last_draws(
    obj: State | View, hands: list[CardSet | None], kept: list[int], chain: tuple[Card, ...]
) -> None:
    """Under `Rules.must_play` a seat draws only with no match in hand (VOY-R3). A seat
    that kept a drawn card since the lead drew last with one of the chain's cards on
    top; since then its hand has gained one card at most (the card drawn then) and only
    lost others, so it holds one match of that card at most."""
    for s, hand in enumerate(hands):
        if hand is None or kept[s] <= 0:
            continue
        if all((hand & MATCHES[top.index]).bit_count() > 1 for top in chain):
            fail(
                "data.hand" if isinstance(obj, View) else f"data.hands[{s}]",
                f"seat {s} drew and kept a card since the lead, but holds two matches of "
                "every card the discard pile has shown: a seat that can match plays, not "
                "draws (VOY-R3)",
            )


def _could_pass(
    obj: State | View,
    hands: list[CardSet | None],
    sizes: list[int],
    passers: list[int],
    later: list[int],
    chain: tuple[Card, ...],
) -> bool:
    """Whether each of ``passers`` can have held no match of the lead when it passed
    (VOY-R5): neither the cards it holds now nor those it played later (``later``, a
    mask per seat) match it; the hands ``obj`` hides are made of the cards it does not
    show, and enough of those must miss the lead."""
    matches = MATCHES[chain[0].index]
    hidden = 0  # the cards of the hidden passers' hands
    for p in set(passers):
        hand = hands[p]
        if later[p] & matches or (hand is not None and hand & matches):
            return False
        hidden += sizes[p] if hand is None else 0
    shown = CardSet.of(chain) | sum(hand for hand in hands if hand is not None)
    return hidden <= (obj.rules.deck & ~shown & ~matches).bit_count()


def _forced_draw(
    where: str, rules: Rules, hand: CardSet, top: Card | None, drawn: Card | None
) -> None:
    """Under `Rules.must_play`, a player draws only when no card of his hand matches the
    top (VOY-R3): in phase DRAW his hand, in phase DRAWN his hand but the drawn card."""
    assert top is not None  # _position refused a draw without a top card
    if not rules.must_play:
        return
    held = hand if drawn is None else CardSet(hand & ~(1 << drawn.index))
    if held & MATCHES[top.index]:
        fail(where, f"a player who holds a card that matches {top} plays, not draws (VOY-R3)")


def _unseen_forced_draw(view: View) -> None:
    """Under `Rules.must_play`, the hand of a player who draws holds no card that
    matches the top (VOY-R3): a view that does not show that hand must leave enough
    unseen cards that do not match the top to make it (in phase DRAWN, all but the card
    just drawn, which may match)."""
    rules, top = view.rules, view.discard_top
    assert top is not None  # _position refused a draw without a top card
    if not rules.must_play:
        return
    seen = CardSet.of(view.discard_under) | 1 << top.index | (view.hand or 0)
    unmatched = (rules.deck & ~seen & ~MATCHES[top.index]).bit_count()
    held = view.hand_sizes[view.player] - (view.phase is Phase.DRAWN)
    if held > unmatched:
        fail(
            "data.hand_sizes",
            f"seat {view.player} draws holding {held} cards, but only {unmatched} unseen "
            f"cards do not match {top}: a player who can match plays, not draws (VOY-R3)",
        )


def _chain(top: Card | None, under: tuple[Card, ...]) -> None:
    """Each card of the discard pile was played on the one under it (VOY-3); the first
    card under the top is the lead, or the top when the pile was rebuilt (VOY-6)."""
    pile = (*under, top) if top is not None else under
    for k in range(1, len(pile)):
        if not pile[k].matches(pile[k - 1]):
            where = f"data.discard_under[{k}]" if k < len(under) else "data.discard_top"
            fail(where, f"{pile[k]} was played on {pile[k - 1]}, which it does not match (VOY-3)")


def _counts(where: str, counts: tuple[int, ...], seats: int) -> None:
    """A count per seat, none negative."""
    check_per_seat(where, counts, seats)
    for s, count in enumerate(counts):
        Field(count, f"{where}[{s}]").integer(0)


def _card(where: str, card: Card | None, rules: Rules) -> None:
    if card is not None and not rules.deck >> card.index & 1:
        fail(where, f"{card} is not in the deck of these rules (VOY-R1)")


def _in_deck(where: str, cards: CardSet, rules: Rules) -> None:
    outside = CardSet(cards & ~rules.deck)
    if outside:
        fail(where, f"{next(iter(outside))} is not in the deck of these rules (VOY-R1)")


def _pile(where: str, pile: tuple[Card, ...], rules: Rules) -> None:
    """The cards of the discard pile under its top: of the deck, none twice."""
    seen = 0
    for k, card in enumerate(pile):
        _card(f"{where}[{k}]", card, rules)
        if seen >> card.index & 1:
            fail(f"{where}[{k}]", f"{card} appears twice (VOY-R1)")
        seen |= 1 << card.index


def _results(obj: State | View) -> None:
    """The scores, the finished rounds and the phase facts that follow from them: the
    deal passing left (VOY-7, VOY-R8), the points (VOY-5) and the end of the match
    (VOY-8)."""
    rules = obj.rules
    n = rules.players
    _counts("data.scores", obj.scores, n)
    results = obj.results
    dealer = rules.first_dealer
    for number, result in enumerate(results):
        where = f"data.results[{number}]"
        check_seat(result.dealer, n, f"{where}.dealer", spectator=False)
        if result.dealer != dealer:
            fail(
                f"{where}.dealer",
                "the deal passes one seat to the left each round (VOY-7, VOY-R8)",
            )
        dealer = next_dealer(rules.players, dealer)
        check_seat(result.winner, n, f"{where}.winner", spectator=False)
        left = result.cards_left
        check_per_seat(f"{where}.cards_left", left, n)
        for s, count in enumerate(left):
            Field(count, f"{where}.cards_left[{s}]").integer(0, rules.deck_size)
        if left[result.winner] != 0:
            fail(f"{where}.cards_left", "the winner has no card left (VOY-5)")
        if left.count(0) > 1:
            fail(
                f"{where}.cards_left",
                "only the winner has no card left: the round ends "
                "when the first hand is empty (VOY-5)",
            )
        if sum(left) >= rules.deck_size:
            fail(
                f"{where}.cards_left",
                "more cards are left than the deck holds beside the card that went out (VOY-R1)",
            )
        Field(result.points, f"{where}.points").integer(0)
        if result.points != round_points(left):
            fail(f"{where}.points", "must be the number of cards left in the other hands (VOY-5)")
        Field(result.reshuffles, f"{where}.reshuffles").integer(0)
        _never_rebuilt(f"{where}.reshuffles", rules, result.reshuffles)
    totals = [0] * n
    for result in results:
        totals[result.winner] += result.points
        if reaches_target(totals[result.winner], rules.target) and result is not results[-1]:
            fail("data.results", "the match ends when a total reaches the target (VOY-8)")
    if tuple(totals) != obj.scores:
        fail("data.scores", "must be the sums of the round results (VOY-5)")
    Field(obj.reshuffles, "data.reshuffles").integer(0)
    _never_rebuilt("data.reshuffles", rules, obj.reshuffles)
    _phase_facts(obj, dealer)


def _phase_facts(obj: State | View, dealer: int) -> None:
    """The phase facts that follow from the finished rounds; ``dealer`` deals the
    round after them."""
    rules, results = obj.rules, obj.results
    over = obj.phase is Phase.OVER
    if over and not results:
        fail("data.phase", "no round was finished (VOY-8)")
    expected = results[-1].dealer if over else dealer
    if obj.dealer != expected:
        fail("data.dealer", f"must be seat {expected} after {len(results)} rounds (VOY-7, VOY-R8)")
    if over:
        winner = results[-1].winner
        if winner != obj.player:
            fail("data.player", "a finished match names the last round's winner (VOY-8)")
        if not reaches_target(obj.scores[winner], rules.target):
            fail(
                f"data.scores[{winner}]",
                f"the match ends when a total reaches the target of {rules.target} (VOY-8)",
            )
    elif results and any(
        reaches_target(sum(r.points for r in results if r.winner == s), rules.target)
        for s in range(rules.players)
    ):
        fail("data.phase", "a total reached the target, so the match is over (VOY-8)")
