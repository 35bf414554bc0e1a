"""Ship's Wheel events and narration: what each seat is told of a move, and nothing more."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any, cast

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from seaview_rules import CHANCE, OMNISCIENT, Event, InvalidDataError, Viewer, play
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import (
    Card,
    CardsPassed,
    DealDone,
    Dealt,
    DeckChosen,
    DeckRanOut,
    DeckRebuilt,
    Discarded,
    Drew,
    Ending,
    GoesAgain,
    HandTied,
    HandWon,
    Kind,
    PassBegins,
    PassChosen,
    Phase,
    Received,
    SizeChosen,
    Skipped,
    State,
    Took,
    parse_move,
)
from seaview_rules.ships_wheel import testing as sst
from seaview_rules.ships_wheel._rulebook import skipped as skipped_seats
from tests.helpers import examples, full_run, scaled

TINY = sw.DeckSpec(
    shapes=["circle", "square", "star"],
    colours=["red", "green", "blue"],
    lighthouses=["red"],
    white_starfish=1,
    black_starfish=1,
    anchors=2,
)
GAMES = [
    (sw.Rules(players=3, scoring=sw.Scoring.HANDS, target=3), 1),
    (sw.Rules(players=2, deck=TINY, min_hand_size=2, scoring=sw.Scoring.HANDS, target=3), 2),
    (sw.Rules(players=6, deck=TINY, decks=2, min_hand_size=2, scoring=sw.Scoring.HANDS), 4),
]


@cache
def steps() -> tuple[tuple[State, sw.Move, State], ...]:
    """Every move of the seeded games, with the states before and after it."""
    found: list[tuple[State, sw.Move, State]] = []
    for rules, seed in GAMES:
        play(sw.GAME, rules, random.Random(seed), on_move=lambda b, m, a: found.append((b, m, a)))
    return tuple(found)


VIEWERS: tuple[Viewer, ...] = (None, OMNISCIENT, *range(6))


def viewers(state: State) -> tuple[Viewer, ...]:
    return VIEWERS[: 2 + state.rules.players]


_EFFECTS = {
    Kind.WHITE_STARFISH: ": seat {seat} takes another turn",
    Kind.BLACK_STARFISH: ": {skipped}",
    Kind.ANCHOR: ": every seat chooses a card to pass to the left",
}


def narrated_from_the_states(before: State, move: sw.Move, after: State) -> str:
    """``ships_wheel.narrate`` as it was before events existed, worked out from the
    states alone, each card in words ("red star"; issue 47) and several seats one by
    one."""
    seat = before.player
    text = ""
    if isinstance(move, sw.Size):
        text = f"seat {seat} deals hands of {move.cards}"
    elif isinstance(move, sw.Deal):
        if before.phase is Phase.DECK:
            text = f"seat {seat} draws from the deck"
            if after.reshuffles > before.reshuffles:
                text += "; the deck ran out and the discards become the new deck"
        elif after.phase is not Phase.DEAL or after.results != before.results:
            text = "the deal is done"
    elif isinstance(move, sw.Take):
        pile = "his own pile" if move.seat == seat else f"seat {move.seat}'s pile"
        text = (
            f"seat {seat} takes {before.cards(before.piles[move.seat][-1:])[0].words} from {pile}"
        )
    elif isinstance(move, sw.Discard):
        text = f"seat {seat} discards {move.card.words}"
        if len(after.results) == len(before.results):
            skipped = Skipped(skipped_seats(before.rules.players, seat))  # SW-9's words
            text += _EFFECTS.get(move.card.kind, "").format(seat=seat, skipped=skipped.text())
    elif isinstance(move, sw.Pass) and after.phase is not Phase.PASS:
        text = "every seat passes its chosen card to the left"
    if len(after.results) > len(before.results):
        result = after.results[-1]
        if result.winner is not None:
            text += f"; seat {result.winner} wins the hand, scoring {result.points}"
        elif result.ending is Ending.EXHAUSTION:
            text += "; the deck ran out again: the hand is a tie"
        else:
            *others, last = (f"seat {s}" for s in result.winners)
            text += f"; {', '.join(others)} and {last} all win: the hand is a tie"
        if after.phase is Phase.OVER:
            text += f"; seat {result.winner} wins the match"
    return text.removeprefix("; ")


def test_the_games_show_every_kind_of_event() -> None:
    kinds = Counter(type(e) for b, m, a in steps() for e in sw.events(b, m, seat=OMNISCIENT))
    assert set(kinds) == {SizeChosen, Dealt, DealDone, DeckChosen, Drew, DeckRebuilt, Took,
                          Discarded, GoesAgain, Skipped, PassBegins, PassChosen, CardsPassed,
                          Received, HandWon, HandTied, DeckRanOut}  # fmt: skip


def test_the_omniscient_log_says_what_the_states_say_and_names_the_hidden_cards() -> None:
    """The omniscient log (which ``seaview demo`` prints) says what it said before, and
    also names the card drawn from the deck and each card chosen for a pass."""
    for before, move, after in steps():
        expected = narrated_from_the_states(before, move, after)
        if isinstance(move, sw.Deal) and before.phase is Phase.DECK:
            expected = expected.replace(" draws ", f" draws {move.card.words} ", 1)
        if isinstance(move, sw.Pass):
            choice = f"seat {sw.current_player(before)} chooses {move.card.words} to pass"
            expected = f"{choice}; {expected}" if expected else choice
        assert sw.narrate(before, move, seat=OMNISCIENT) == expected


@pytest.mark.rule("SW-R3")
def test_a_card_off_the_deck_is_named_to_its_receiver_only() -> None:
    for before, move, _ in steps():
        if not isinstance(move, sw.Deal):
            continue
        receiver = before.player
        for seat in viewers(before):
            first = sw.events(before, move, seat=seat)[0]
            assert isinstance(first, Dealt | Drew)
            assert first.seat == receiver
            sees = seat is OMNISCIENT or seat == receiver
            assert first.card == (move.card if sees else None)
            assert (move.card.words in first.text(seat)) == sees


@pytest.mark.rule("SW-10", "SW-R7")
def test_a_pass_choice_is_named_to_its_chooser_and_a_card_passed_to_its_receiver_only() -> None:
    passes = 0
    for before, move, after in steps():
        if not isinstance(move, sw.Pass):
            continue
        n = before.rules.players
        chooser = sw.current_player(before)
        assert isinstance(chooser, int)
        chosen = list(before.passing)
        chosen[chooser] = before.rules.table.index[move.card]
        for seat in viewers(before):
            told = sw.events(before, move, seat=seat)
            choice = told[0]
            assert isinstance(choice, PassChosen)
            assert choice.seat == chooser
            own = seat is OMNISCIENT or seat == chooser
            assert choice.card == (move.card if own else None)
            received = [e for e in told if isinstance(e, Received)]
            if after.phase is Phase.PASS:  # not everyone has chosen: nothing moves yet
                assert told == (choice,)
                continue
            assert isinstance(told[1], CardsPassed)
            assert [(e.seat, e.giver) for e in received] == [(s, (s - 1) % n) for s in range(n)]
            for e in received:
                shown = seat is OMNISCIENT or seat == e.seat
                given = chosen[e.giver]
                assert given is not None
                assert e.card == (before.rules.table.cards[given] if shown else None)
        passes += 1
    assert passes > 20


def test_a_draw_and_a_pass_read_as_the_issue_asks() -> None:
    state = sw.apply_move(sw.new_game(sw.Rules(players=3)), parse_move("size 3"))
    dealt = ["anchor", "blue-star", "red-moon", "red-circle", "black-starfish", "green-moon",
             "blue-moon", "green-star", "yellow-star"]  # fmt: skip
    for text in dealt:  # seat 1 first, one card at a time (SW-2)
        state = sw.apply_move(state, parse_move(f"deal {text}"))
    state = sw.apply_move(state, parse_move("draw"))
    assert (state.phase, state.player) == (Phase.DECK, 1)
    move = parse_move("deal yellow-circle")
    after = sw.apply_move(state, move)
    assert sw.narrate(state, move, seat=1) == "you draw yellow circle from the deck"
    assert sw.narrate(state, move, seat=0) == "seat 1 draws from the deck"
    assert sw.narrate(state, move) == "seat 1 draws from the deck"  # a spectator
    assert sw.narrate(state, move, seat=OMNISCIENT) == ("seat 1 draws yellow circle from the deck")
    assert sw.events(state, move, seat=1) == (Drew(1, Card.parse("yellow-circle")),)
    assert sw.events(state, move, seat=2) == (Drew(1, None),)
    anchor = parse_move("anchor")
    state = sw.apply_move(after, anchor)
    assert sw.narrate(after, anchor, seat=2) == (
        "seat 1 discards anchor: every seat chooses a card to pass to the left"
    )
    for text in ("black-starfish by 2", "red-moon by 0", "red-circle by 1"):
        before, state = state, sw.apply_move(state, parse_move(f"pass {text}"))
    assert state.phase is Phase.DRAW
    last = parse_move("pass red-circle by 1")
    assert [sw.narrate(before, last, seat=s) for s in (0, 1, 2, None)] == [
        "seat 1 chooses a card to pass; every seat passes its chosen card to the left; "
        "you receive black starfish from seat 2",
        "you choose red circle to pass; every seat passes its chosen card to the left; "
        "you receive red moon from seat 0",
        "seat 1 chooses a card to pass; every seat passes its chosen card to the left; "
        "you receive red circle from seat 1",
        "seat 1 chooses a card to pass; every seat passes its chosen card to the left",
    ]


@pytest.mark.parametrize(
    ("event", "own", "other"),
    [
        (SizeChosen(1, 4), "you deal hands of 4", "seat 1 deals hands of 4"),
        (Dealt(1, Card.parse("red-star")), "you are dealt red star", "seat 1 is dealt red star"),
        (DeckChosen(1), "you choose to draw from the deck", "seat 1 chooses to draw from the deck"),
        (
            Drew(1, Card.parse("red-star")),
            "you draw red star from the deck",
            "seat 1 draws red star from the deck",
        ),
        (
            Took(1, 1, Card.parse("blue-lighthouse")),
            "you take blue lighthouse from your own pile",
            "seat 1 takes blue lighthouse from his own pile",
        ),
        (
            Took(1, 2, Card.parse("red-star")),
            "you take red star from seat 2's pile",
            "seat 1 takes red star from seat 2's pile",
        ),
        (Discarded(1, Card.parse("anchor")), "you discard anchor", "seat 1 discards anchor"),
        (GoesAgain(1), "you take another turn", "seat 1 takes another turn"),
        (Skipped((1,)), "you are skipped", "seat 1 is skipped"),
        (
            Skipped((2, 3, 1)),
            "seat 2, seat 3 and you are skipped",
            "seat 2, seat 3 and seat 1 are skipped",
        ),
        (
            PassChosen(1, Card.parse("red-star")),
            "you choose red star to pass",
            "seat 1 chooses red star to pass",
        ),
        (
            Received(1, 2, Card.parse("red-star")),
            "you receive red star from seat 2",
            "seat 1 receives red star from seat 2",
        ),
        (
            HandWon(1, (Card.parse("red-star"),), 1, False),
            "you win the hand, scoring 1",
            "seat 1 wins the hand, scoring 1",
        ),
        (
            HandWon(1, (Card.parse("red-star"),), 1, True),
            "you win the hand, scoring 1; you win the match",
            "seat 1 wins the hand, scoring 1; seat 1 wins the match",
        ),
        (
            HandTied((1, 3, 4), ((), (), ())),
            "you, seat 3 and seat 4 all win: the hand is a tie",
            "seat 1, seat 3 and seat 4 all win: the hand is a tie",
        ),
    ],
)
def test_each_event_has_words_for_its_seat_and_for_the_others(
    event: Event, own: str, other: str
) -> None:
    assert event.text(1) == own
    assert event.text(0) == event.text(None) == event.text(OMNISCIENT) == str(event) == other


@pytest.mark.parametrize(
    ("event", "viewer", "text"),
    [
        (Dealt(1, None), 0, "seat 1 is dealt a card"),
        (Drew(1, None), None, "seat 1 draws from the deck"),
        (Took(1, 2, Card.parse("red-star")), 2, "seat 1 takes red star from your pile"),
        (PassChosen(1, None), 2, "seat 1 chooses a card to pass"),
        (Received(1, 0, None), 2, "seat 1 receives a card from seat 0"),
        (Received(1, 0, None), 0, "seat 1 receives a card from you"),
        (HandTied((1, 3), ((), ())), 3, "you and seat 1 all win: the hand is a tie"),
        (Skipped((3, 0)), 2, "seat 3 and seat 0 are skipped"),
        (Skipped(()), 2, "nobody is skipped"),
        (DealDone(), 1, "the deal is done"),
        (DeckRebuilt(12), 1, "the deck ran out and the discards become the new deck"),
        (PassBegins(), 1, "every seat chooses a card to pass to the left"),
        (CardsPassed(), 1, "every seat passes its chosen card to the left"),
        (DeckRanOut(), 1, "the deck ran out again: the hand is a tie"),
    ],
)
def test_the_words_of_an_event_for_a_viewer(event: Event, viewer: Viewer, text: str) -> None:
    assert event.text(viewer) == text


def test_a_card_out_of_a_hand_into_sight_reveals_what_was_hidden() -> None:
    """`seaview_rules.Table.undo` never takes back a move whose events reveal: a discard,
    a winning hand shown, and a card passed (its receiver sees it). A pass choice reveals
    nothing until the last seat chooses."""
    revealing = {type(e) for b, m, a in steps() for e in sw.events(b, m) if e.reveals}
    assert revealing == {Discarded, Received, HandWon, HandTied}
    for before, move, after in steps():
        if isinstance(move, sw.Pass):
            told = sw.events(before, move, seat=OMNISCIENT)
            assert any(e.reveals for e in told) == (after.phase is not Phase.PASS)
    assert all(e.seat is None for e in (DealDone(), DeckRebuilt(3), PassBegins(), CardsPassed(),
                                        DeckRanOut(), HandTied((0, 1), ((), ()))))  # fmt: skip


@pytest.mark.rule("SW-3", "SW-12", "SW-R6")
def test_the_hands_shown_at_the_end_of_a_hand_are_the_winning_hands() -> None:
    shown = 0
    for before, move, after in steps():
        for e in sw.events(before, move, seat=None):
            if isinstance(e, HandWon | HandTied):
                hands = (e.hand,) if isinstance(e, HandWon) else e.hands
                winners = (e.seat,) if isinstance(e, HandWon) else e.winners
                assert winners == after.results[-1].winners
                for hand in hands:
                    assert len(hand) == before.hand_size
                    assert sw.is_winning_hand(hand, before.rules.deck)
                if after.phase is Phase.OVER and isinstance(e, HandWon):
                    assert e.hand == after.cards(after.hands[e.seat])
                shown += 1
    assert shown > 10


def test_every_viewer_is_told_the_same_events_but_for_the_cards_it_may_not_see() -> None:
    for before, move, _ in steps():
        everything = sw.events(before, move, seat=OMNISCIENT)
        for seat in viewers(before):
            told = sw.events(before, move, seat=seat)
            assert [type(e) for e in told] == [type(e) for e in everything]
            for seen, full in zip(told, everything, strict=True):
                assert seen == full or seen == attrs.evolve(cast(Any, full), card=None)


def test_each_card_of_the_deal_and_the_choice_of_the_deck_are_events_but_not_lines() -> None:
    start = sw.apply_move(sw.new_game(sw.Rules(players=2)), parse_move("size 3"))
    move = parse_move("deal red-star")
    assert sw.events(start, move, seat=1) == (Dealt(1, Card.parse("red-star")),)
    assert sw.narrate(start, move, seat=1) == ""
    drawing = next(b for b, m, a in steps() if m is sw.Action.DRAW)
    assert sw.events(drawing, sw.Action.DRAW) == (DeckChosen(drawing.player),)
    assert sw.narrate(drawing, sw.Action.DRAW, seat=OMNISCIENT) == ""


@pytest.mark.parametrize("seat", [2, -1, True, "0"])
def test_a_viewer_that_is_no_seat_is_refused(seat: object) -> None:
    start = sw.new_game(sw.Rules(players=2))
    move = parse_move("size 3")
    with pytest.raises(InvalidDataError, match="seat"):
        sw.events(start, move, seat=seat)  # type: ignore[arg-type]  # a bad seat on purpose
    with pytest.raises(InvalidDataError, match="seat"):
        sw.narrate(start, move, seat=seat)  # type: ignore[arg-type]  # a bad seat on purpose


SMALL = sst.rules(max_players=4)
PASSING = sst.states(rules=SMALL, phases=frozenset({Phase.PASS}))
MID_HAND = st.one_of(
    sst.states(rules=SMALL, phases=frozenset({Phase.DRAW, Phase.DECK, Phase.DISCARD})),
    PASSING,
    PASSING,
    sst.states(rules=SMALL, max_moves=60),
)
"""States in the middle of a hand (a pass in progress for half of them), and states of
the first hands, the deal included."""


def disclosed(before: State, move: sw.Move, after: State, seat: int) -> object:
    """What ``move`` shows ``seat`` that it could not see before: the view after it, the
    winning hands shown, and the card it receives if the move completes a pass."""
    hands = [
        (type(e), getattr(e, "hand", None), getattr(e, "hands", None))
        for e in sw.events(before, move, seat=OMNISCIENT)
        if isinstance(e, HandWon | HandTied)
    ]
    received = None
    if isinstance(move, sw.Pass) and after.phase is not Phase.PASS:
        chosen = list(before.passing)
        chosen[move.seat] = before.rules.table.index[move.card]  # the last to choose
        received = chosen[seat - 1]
    return sw.view(after, seat), hands, received


@pytest.mark.rule("SW-R3", "SW-R7")
def test_what_a_seat_is_told_of_a_move_is_the_same_in_every_state_it_cannot_tell_apart() -> None:
    """Noninterference of events: for a state reached by legal play, a seat ``s`` and a
    twin that differs only in what ``s`` cannot see (`hidden_twin`), each move legal in
    both (the mover's own when ``s`` is the mover, chance outcomes possible in both)
    gives ``s`` and the spectator the same events and the same narration, unless the
    move shows ``s`` something that differs between the two (`disclosed`: the hand won
    or not, a winning hand, the card it receives in a pass)."""
    pairs: set[tuple[State, State, int, sw.Move]] = set()
    kinds: Counter[str] = Counter()
    shown = 0  # pairs that the move tells apart, legitimately
    hidden_differs = 0  # pairs whose omniscient logs differ: the twins are no copies

    @examples(1000)
    @given(MID_HAND, st.randoms(use_true_random=False), st.data())
    def check(state: State, rng: random.Random, data: st.DataObject) -> None:
        nonlocal shown, hidden_differs
        # The mover half the time (in a pass, state.player is the discarder, not the mover).
        mover = sw.current_player(state)
        mover = mover if isinstance(mover, int) else state.player
        seats = [mover] * state.rules.players + [*range(state.rules.players)]
        if state.phase is Phase.PASS:
            # The twin deals the mover's hand anew, so a seat that watches a pass has few
            # of the mover's moves in common with its twin: it is drawn as often.
            others = [s for s in range(state.rules.players) if s != mover]
            seats = [mover] * len(others) + others
        seat = data.draw(st.sampled_from(seats))
        twin = sst.hidden_twin(state, seat, rng)
        assert sw.view(twin, seat) == sw.view(state, seat)
        in_twin = set(sw.legal_moves(twin))
        common = [m for m in sw.legal_moves(state) if m in in_twin]
        to_move = sw.current_player(state)
        kind = "chance" if to_move is CHANCE else "own" if to_move == seat else "other"
        if state.phase is Phase.PASS:
            kind += " pass"
        event(f"{kind} moves, {'some' if common else 'none'} legal in both")
        if kind == "chance" and len(common) > 4:  # a few cards: the others are alike
            common = data.draw(
                st.lists(st.sampled_from(common), min_size=4, max_size=4, unique=True)
            )
        for move in common:
            after, twin_after = sw.apply_move(state, move), sw.apply_move(twin, move)
            if disclosed(state, move, after, seat) != disclosed(twin, move, twin_after, seat):
                shown += 1
                continue
            for viewer in (seat, None):
                assert sw.events(state, move, seat=viewer) == sw.events(twin, move, seat=viewer)
                assert sw.narrate(state, move, seat=viewer) == sw.narrate(twin, move, seat=viewer)
            hidden_differs += (
                sw.events(state, move, seat=OMNISCIENT) != sw.events(twin, move, seat=OMNISCIENT)
                or after != twin_after
            )
            pairs.add((state, twin, seat, move))
            kinds[kind] += 1

    check()
    print(
        f"events noninterference: {len(pairs)} pairs ({dict(kinds)}), no leak; "
        f"{shown} pairs told apart by what the move shows"
    )
    assert len(pairs) > scaled(500), len(pairs)
    if full_run():  # each kind of move met: a run of fewer examples may miss the rare
        assert min(kinds["own"], kinds["other"], kinds["chance"]) > 20, kinds
        assert min(kinds["own pass"], kinds["other pass"]) > 2, kinds  # about 150 and 25
    assert hidden_differs > scaled(100), hidden_differs


def held(state: State, seat: int) -> Counter[Card]:
    return Counter(state.cards(state.hands[seat]))


def assert_events_agree(
    before: State, move: sw.Move, after: State, chooser: int | None = None
) -> list[Event]:
    """Assert that the omniscient events of ``move`` say what the two states show it
    did, every card named; return the events. A Pass is ``chooser``'s, by default the
    first seat still choosing (SW-R7)."""
    told = sw.events(before, move, seat=OMNISCIENT)
    n, mover, cards = before.rules.players, before.player, before.rules.table.cards
    if before.phase is Phase.PASS:
        first_seat = sw.current_player(before)
        assert isinstance(first_seat, int)
        mover = first_seat if chooser is None else chooser
    ended = len(after.results) > len(before.results)
    kept = not ended or after.phase is Phase.OVER  # `after` still shows this hand's cards
    assert all(getattr(e, "card", True) is not None for e in told)
    assert all(e.seat is None or 0 <= e.seat < n for e in told)  # type: ignore[attr-defined]
    first = told[0]
    accounted = 1
    if isinstance(move, sw.Size):
        assert first == SizeChosen(mover, move.cards)
        assert after.hand_size == move.cards
    elif move is sw.Action.DRAW:
        assert first == DeckChosen(mover)
        assert after.phase is Phase.DECK
    elif isinstance(move, sw.Deal):
        # The card comes off the deck into the mover's hand.
        assert first == (Dealt if before.phase is Phase.DEAL else Drew)(mover, move.card)
        if kept:
            assert held(after, mover) - held(before, mover) == Counter([move.card])
    elif isinstance(move, sw.Take):
        top = cards[before.piles[move.seat][-1]]
        assert first == Took(mover, move.seat, top)
        assert after.piles[move.seat] == before.piles[move.seat][:-1]
        assert held(after, mover) - held(before, mover) == Counter([top])
    elif isinstance(move, sw.Discard):
        assert first == Discarded(mover, move.card)
        if kept:
            assert cards[after.piles[mover][-1]] == move.card
            assert held(before, mover) - held(after, mover) == Counter([move.card])
    else:
        assert isinstance(move, sw.Pass)
        assert first == PassChosen(mover, move.card)
    if before.phase is Phase.DEAL:
        # The deal is done when every hand is full (or the hand is already won).
        done = ended or all(len(h) == after.hand_size for h in after.hands)
        assert told.count(DealDone()) == done
        accounted += done
    rebuilt = [e for e in told if isinstance(e, DeckRebuilt)]
    if after.reshuffles > before.reshuffles:  # the discards became the deck
        assert rebuilt == [DeckRebuilt(sum(map(len, before.piles)))]
        assert rebuilt[0].cards == len(after.deck)
        assert after.piles == ((),) * n
    else:
        assert not rebuilt
    accounted += len(rebuilt)
    again = [e.seat for e in told if isinstance(e, GoesAgain)]
    skipped = [e.seats for e in told if isinstance(e, Skipped)]
    begins = told.count(PassBegins())
    if isinstance(move, sw.Discard) and not ended:
        assert begins == (after.phase is Phase.PASS)
        if again:
            assert again == [mover]
            assert (after.phase, after.player) == (Phase.DRAW, mover)
        else:
            # The turn passes over the seats `Skipped` names, in order, on its way left
            # to the next player (round the table more than once if need be).
            assert len(skipped) == (move.card.kind is Kind.BLACK_STARFISH)
            for seats in skipped:
                assert seats == tuple((mover + k) % n for k in range(1, len(seats) + 1))
                assert after.player == (mover + len(seats) + 1) % n
    else:
        assert not again
        assert not skipped
        assert not begins
    accounted += len(again) + len(skipped) + begins
    if isinstance(move, sw.Pass):
        gave = [None if c is None else cards[c] for c in before.passing]
        gave[mover] = move.card
        if after.phase is Phase.PASS:  # not everyone has chosen: nothing moves yet
            choice = after.passing[mover]  # the choice waits in the state
            assert choice is not None
            assert cards[choice] == move.card
        else:
            assert told[1] == CardsPassed()
            received = [e for e in told if isinstance(e, Received)]
            assert received == [Received(s, (s - 1) % n, gave[s - 1]) for s in range(n)]
            for e in received:
                given, taken = gave[e.seat], e.card
                assert given is not None
                assert taken is not None
                if kept:  # the card chosen leaves the hand, the card received joins it
                    expected = held(before, e.seat) - Counter([given]) + Counter([taken])
                    assert held(after, e.seat) == expected
            accounted += 1 + n
    endings = [e for e in told if isinstance(e, HandWon | HandTied | DeckRanOut)]
    assert len(endings) == ended
    if ended:
        result, ending = after.results[-1], endings[0]
        assert told[-1] is ending
        shown: list[tuple[int, tuple[Card, ...]]] = []
        if isinstance(ending, HandWon):
            assert (ending.seat,) == result.winners
            assert ending.points == result.points
            assert ending.wins_match == (after.phase is Phase.OVER)
            shown = [(ending.seat, ending.hand)]
        elif isinstance(ending, HandTied):
            assert ending.winners == result.winners
            assert len(ending.winners) > 1
            shown = list(zip(ending.winners, ending.hands, strict=True))
        else:
            assert result.ending is Ending.EXHAUSTION
            assert result.winners == ()
        for seat, hand in shown:
            # The hand shown is the seat's hand once the move is made: a winning one.
            assert len(hand) == before.hand_size
            assert sw.is_winning_hand(hand, before.rules.deck)
            if kept:
                assert Counter(hand) == held(after, seat)
            else:  # the next hand has begun: the seat's hand before, but for one card
                assert (Counter(hand) - held(before, seat)).total() <= 1
                assert (held(before, seat) - Counter(hand)).total() <= 1
        accounted += 1
    assert len(told) == accounted, told  # no event this did not check
    applied = sw.rules_applied(before, move)
    assert set(applied) == expected_rules(before, move, after), (move, applied)
    return list(told)


@pytest.mark.rule("SW-R5", "SW-R9", "SW-R10")
def test_every_move_of_the_seeded_games_agrees_with_its_events_and_rules() -> None:
    """The check of `test_events_agree_with_the_transition` over the seeded games,
    which meet every kind of event: fixed and quick, where that test plays at random."""
    applied: Counter[str] = Counter()
    for before, move, after in steps():
        assert_events_agree(before, move, after, move.seat if isinstance(move, sw.Pass) else None)
        applied.update(sw.rules_applied(before, move))
    assert {"SW-11", "SW-R5", "SW-R9", "SW-R10"} <= set(applied), applied  # rare ones met


def expected_rules(before: State, move: sw.Move, after: State) -> set[str]:
    """The rules that the move from ``before`` to ``after`` applied, by ID, as the rule
    reference states them and the states show them (an oracle from the states alone)."""
    ended = len(after.results) > len(before.results)
    if isinstance(move, sw.Size):  # SW-R10: the first hand's dealer is the option's
        rules = {"SW-2", "SW-R2"} | (set() if before.results else {"SW-R10"})
    elif move is sw.Action.DRAW:  # SW-R5: before any discard, the turn draws from the deck
        rules = {"SW-5"} | (set() if before.reshuffles or any(before.piles) else {"SW-R5"})
    elif isinstance(move, sw.Deal) and before.phase is Phase.DEAL:
        rules = {"SW-1", "SW-R1", "SW-R3", "SW-2"}
        if ended or all(len(h) == after.hand_size for h in after.hands):  # the deal is done
            rules |= {"SW-R6"} | (set() if ended else {"SW-4"})
    elif isinstance(move, sw.Deal):
        rules = {"SW-1", "SW-R1", "SW-R3", "SW-5"}
        if len(before.deck) == 1:  # the deck runs out
            rules |= {"SW-13", "SW-R8"}
    elif isinstance(move, sw.Take):
        rules = {"SW-5", "SW-7"}
    elif isinstance(move, sw.Discard) and ended:  # an action card discarded to win does nothing
        rules = {"SW-6", "SW-R6"} | ({"SW-11"} if move.card.is_action else set())
    elif isinstance(move, sw.Discard):
        kind = move.card.kind
        rules = {"SW-6"} | {
            Kind.WHITE_STARFISH: {"SW-8"},
            Kind.BLACK_STARFISH: {"SW-9", "SW-R11"},
            Kind.ANCHOR: {"SW-10", "SW-R7"},
        }.get(kind, {"SW-4"})
    else:
        assert isinstance(move, sw.Pass)
        rules = {"SW-10", "SW-R7"} | (set() if after.phase is Phase.PASS else {"SW-R6"})
    if ended:
        result = after.results[-1]
        rules.add("SW-14")
        if result.points:  # one winning hand, which scores
            rules |= {"SW-3", "SW-R4"} | ({"SW-R10"} if after.phase is Phase.OVER else set())
        elif result.ending is not Ending.EXHAUSTION:
            rules.add("SW-12")
        if not result.points and before.rules.tie_keeps_size:
            rules.add("SW-R9")
    return rules


@pytest.mark.rule("SW-1", "SW-2", "SW-3", "SW-4", "SW-5", "SW-6", "SW-7", "SW-8", "SW-9", "SW-10",
                  "SW-11", "SW-12", "SW-13", "SW-14", "SW-R1", "SW-R2", "SW-R3", "SW-R4", "SW-R5",
                  "SW-R6", "SW-R7", "SW-R8", "SW-R9", "SW-R10", "SW-R11")  # fmt: skip
def test_events_agree_with_the_transition() -> None:
    """For every move of random play from states reached by legal play, the omniscient
    events say what the states before and after show the move did: the card dealt or
    drawn is in the seat's hand, the card discarded on its pile, each seat receives the
    card chosen on its right, the seats a Black Starfish passes over are the ones
    `Skipped` names, a hand ends with the winners of its result, and so on. And the
    rules applied are the ones the rule reference says the move applied, as the states
    show it."""
    kinds: Counter[str] = Counter()

    # The same examples every run, so that the counts below (how often each rare event
    # was met) cannot fall short by chance.
    @settings(max_examples=150, derandomize=True)  # rare events must be met: not scaled
    @given(MID_HAND, st.randoms(use_true_random=False))
    def check(state: State, rng: random.Random) -> None:
        for _ in range(200):  # to the end of the match, mostly
            if sw.is_terminal(state):
                break
            seat = None
            if sw.current_player(state) is CHANCE:
                move = sw.sample_chance(state, rng)
            elif state.phase is Phase.PASS:  # SW-R7: any seat still choosing, in any order
                seat = rng.choice(sw.view(state, None).choosing)
                move = rng.choice(sw.view(state, seat).legal_moves)
            else:
                move = rng.choice(sw.legal_moves(state))
            after = sw.apply_move(state, move, seat=seat)
            told = assert_events_agree(state, move, after, seat)
            kinds.update(type(e).__name__ for e in told)
            state = after

    check()
    print(f"events agree with the transition: {dict(kinds)}")
    for kind in ("Dealt", "Drew", "Took", "Discarded", "DealDone", "HandWon"):
        assert kinds[kind] > 100, kinds
    for kind in ("GoesAgain", "Skipped", "PassBegins", "Received", "HandTied"):
        assert kinds[kind] > 0, kinds  # rare: met at least once
    assert kinds["DeckRebuilt"] + kinds["DeckRanOut"] > 0, kinds
