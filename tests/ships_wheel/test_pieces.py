"""The pieces of Ship's Wheel as values: the deck, its cards and the winning hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from seaview_rules import InvalidDataError
from seaview_rules import ships_wheel as sw
from seaview_rules.ships_wheel import Card, DeckSpec, Rules

SIX = DeckSpec(
    shapes=["circle", "square", "triangle", "star", "diamond", "heart"],
    colours=["red", "orange", "yellow", "green", "blue", "purple"],
)
"""The 6 x 6 deck of earlier versions: hands of 7 or 8 can never win with it."""


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


@pytest.mark.rule("SW-1")
def test_the_default_deck_has_plain_cards_lighthouses_and_action_cards() -> None:
    table = Rules().table
    kinds = Counter(table.cards[i].kind for i in table.full)
    assert kinds == {
        sw.Kind.PLAIN: 64,
        sw.Kind.LIGHTHOUSE: 4,
        sw.Kind.WHITE_STARFISH: 3,
        sw.Kind.BLACK_STARFISH: 3,
        sw.Kind.ANCHOR: 2,
    }
    plain = [table.cards[i] for i in table.full if table.cards[i].kind is sw.Kind.PLAIN]
    assert {(c.shape, c.colour) for c in plain} == {
        (s, c) for s in DeckSpec().shapes for c in DeckSpec().colours
    }
    assert len({c.shape for c in plain}) == len({c.colour for c in plain}) == 8
    lighthouses = [
        table.cards[i].colour for i in table.full if table.cards[i].kind is sw.Kind.LIGHTHOUSE
    ]
    assert len(set(lighthouses)) == 4


@pytest.mark.rule("SW-R1")
def test_the_two_deck_option_doubles_every_card() -> None:
    one, two = Rules().table, Rules(decks=2).table
    assert len(two.full) == 152 == 2 * len(one.full)
    assert two.counts == tuple(2 * c for c in one.counts)
    assert DeckSpec().size == 76


@pytest.mark.rule("SW-R1")
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"shapes": []}, "a deck needs plain cards"),
        ({"colours": "red"}, "must be a list of names"),
        ({"shapes": ["star", "star"]}, "appears twice"),
        ({"shapes": ["lighthouse"]}, "is a card kind"),
        ({"shapes": ["Big Star"]}, "is not a name"),
        ({"lighthouses": ["gold"]}, "not a colour of the deck"),
        ({"anchors": -1}, "must be 0 to 20"),
        ({"plain": "red-star"}, "plain: must be a list of plain cards"),
        ({"plain": []}, "plain: a deck needs plain cards"),
        ({"plain": ["red-star", "red star"]}, r"plain\[1\]: not a Ship's Wheel card"),
        ({"plain": ["red-star", 7]}, r"plain\[1\]: must be a card such as 'red-star'"),
        ({"plain": ["red-lighthouse"]}, r"plain\[0\]: red-lighthouse is not a plain card"),
        ({"plain": ["anchor"]}, r"plain\[0\]: anchor is not a plain card"),
        ({"plain": ["red-star", "gold-star"]}, r"plain\[1\]: gold-star: 'gold' is not one"),
        ({"plain": ["red-sun"]}, r"plain\[0\]: red-sun: 'sun' is not one of the shapes"),
        (
            {"plain": ["red-star", "blue-moon", "red-star"]},
            r"plain\[2\]: red-star is listed twice \(also plain\[0\]\)",
        ),
        (
            {
                "shapes": ["star", "moon"],
                "colours": ["red"],
                "plain": ["red-star"],
                "lighthouses": [],
            },
            "shapes: 'moon' is on none of the plain cards",
        ),
        (
            {
                "shapes": ["star"],
                "colours": ["red", "blue"],
                "plain": ["red-star"],
                "lighthouses": [],
            },
            "colours: 'blue' is on none of the plain cards",
        ),
    ],
)
def test_a_deck_that_cannot_work_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidDataError, match=message):
        DeckSpec(**options)  # type: ignore[arg-type]


@pytest.mark.rule("SW-R1")
def test_a_partial_grid_lists_its_plain_cards_in_any_order() -> None:
    def spec(plain: Sequence[str | Card]) -> DeckSpec:
        return DeckSpec(
            shapes=["star", "moon"], colours=["red", "blue"], plain=plain, lighthouses=["red"]
        )

    deck = spec(["blue-star", "red-moon", "red-star"])
    assert deck == spec(cards("red-star red-moon blue-star"))
    assert deck.plain == tuple(cards("red-star red-moon blue-star"))
    assert deck.size == 3 + 1 + 3 + 3 + 2  # plain cards, a Lighthouse, action cards
    assert deck.plain_cards == deck.plain
    table = sw.table_of(deck)
    assert [str(c) for c in table.cards[:3]] == ["red-star", "red-moon", "blue-star"]
    with pytest.raises(InvalidDataError, match="not a card of this deck"):
        sw.is_winning_hand(cards("blue-moon"), deck)
    # The whole grid, listed card by card, is the same deck as the default form.
    whole = DeckSpec(plain=[f"{c}-{s}" for s in SIX.shapes for c in SIX.colours],
                     shapes=SIX.shapes, colours=SIX.colours)  # fmt: skip
    assert whole == SIX
    assert whole.plain is None


@pytest.mark.rule("SW-R2")
def test_too_few_cards_for_the_hands_is_refused() -> None:
    small = DeckSpec(shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=[])
    with pytest.raises(InvalidDataError, match="6 hands of 3 cards and 2 to draw"):
        Rules(players=6, deck=small)


@pytest.mark.rule("SW-3")
def test_all_shapes_and_colours_different_wins_with_lighthouses_wild() -> None:
    assert sw.is_winning_hand(cards("red-circle orange-square yellow-triangle"))
    assert sw.is_winning_hand(cards("red-circle red-lighthouse blue-lighthouse"))
    assert not sw.is_winning_hand(cards("red-circle red-square yellow-triangle"))
    assert not sw.is_winning_hand(cards("red-circle blue-circle yellow-triangle"))
    assert not sw.is_winning_hand(cards("red-circle orange-square anchor"))
    assert not sw.is_winning_hand(cards("red-circle orange-square white-starfish"))


@pytest.mark.rule("SW-3")
def test_two_matching_lighthouses_do_not_win() -> None:
    two = DeckSpec(lighthouses=["red", "red", "blue"])
    assert not sw.is_winning_hand(cards("red-lighthouse red-lighthouse green-star"), two)
    assert sw.is_winning_hand(cards("red-lighthouse blue-lighthouse green-star"), two)
    assert not sw.is_winning_hand(cards("green-lighthouse green-lighthouse"))


@pytest.mark.rule("SW-R4")
def test_a_hand_larger_than_the_shapes_or_colours_cannot_win() -> None:
    six = cards("red-circle orange-square yellow-triangle green-star blue-diamond purple-heart")
    assert sw.is_winning_hand(six, SIX)
    assert not sw.is_winning_hand([*six, Card.parse("red-lighthouse")], SIX)
    assert sw.distance_to_win([*six, Card.parse("red-lighthouse")], SIX) is None
    assert sw.distance_to_win(six, SIX) == 0
    assert sw.distance_to_win(cards("red-circle red-square anchor"), SIX) == 2
    with pytest.raises(InvalidDataError, match="not a card of this deck"):
        sw.is_winning_hand(cards("gold-star"))


@pytest.mark.rule("SW-R4")
def test_every_printed_hand_size_can_win_with_the_default_deck() -> None:
    eight = cards(
        "red-circle orange-square yellow-triangle green-star blue-diamond purple-heart "
        "pink-moon brown-wave"
    )
    assert sw.is_winning_hand(eight)
    assert sw.is_winning_hand([*eight[:6], *cards("red-lighthouse blue-lighthouse")])
    assert not sw.is_winning_hand([*eight, Card.parse("red-lighthouse")])
    assert sw.table_of(DeckSpec()).max_winning == 8
    assert Rules(players=2).hand_sizes[-1] == 8


@pytest.mark.rule("SW-R1")
def test_rules_take_a_deck_as_a_mapping_of_its_options() -> None:
    rules = Rules(
        deck={"shapes": ["a", "b", "c"], "colours": ["x", "y", "z"], "lighthouses": ["x"]}
    )
    assert rules.deck == DeckSpec(
        shapes=["a", "b", "c"], colours=["x", "y", "z"], lighthouses=["x"]
    )
    with pytest.raises(InvalidDataError, match=r"deck\.shapes: a deck needs plain cards"):
        Rules(deck={"shapes": []})
    with pytest.raises(InvalidDataError, match="unexpected keyword"):
        Rules(deck={"suits": 4})
