"""The cards of Voyage as values: colours, cards, sets of cards and the deck."""

from __future__ import annotations

import pytest

from seaview_rules import InvalidDataError
from seaview_rules.voyage import CARDS, Card, CardSet, Colour, Rules
from seaview_rules.voyage._pieces import MATCHES, bits, deck_of


@pytest.mark.rule("VOY-R1")
def test_the_deck_has_one_card_of_each_colour_and_number() -> None:
    assert len(Rules().deck) == 39
    assert {(c.colour, c.number) for c in Rules().deck} == {
        (c.colour, c.number)
        for c in (Card.parse(f"{letter}{n}") for letter in "RGB" for n in range(1, 14))
    }
    small = Rules(players=2, colours=2, numbers=3, hand_size=2)
    assert str(small.deck) == "R1 R2 R3 G1 G2 G3"
    assert small.deck == deck_of(2, 3)


@pytest.mark.rule("VOY-R1")
def test_a_deck_too_small_for_the_deal_is_refused() -> None:
    with pytest.raises(InvalidDataError, match="hand_size"):
        Rules(players=4, colours=2, numbers=3, hand_size=2)
    with pytest.raises(InvalidDataError, match="at least 2 cards"):
        Rules(players=2, colours=1, numbers=1, hand_size=1)


@pytest.mark.rule("VOY-R1")
def test_every_card_has_its_own_index_in_the_full_deck() -> None:
    assert [c.index for c in CARDS] == list(range(39))
    assert CARDS[14] == Card(Colour.GREEN, 2)
    assert str(CARDS[-1]) == "B13"


@pytest.mark.parametrize("text", ["", "R", "R0", "R14", "X3", "7R", "R1.5"])
def test_what_is_not_a_card_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a Voyage card"):
        Card.parse(text)


def test_a_number_out_of_range_is_refused_by_the_card_itself() -> None:
    with pytest.raises(InvalidDataError, match="number: must be 1 to 13, not 14"):
        Card(Colour.RED, 14)


def test_a_card_reads_back_from_its_notation_and_its_repr() -> None:
    for card in CARDS:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert eval(repr(card)) == card


@pytest.mark.rule("VOY-3")
def test_a_card_matches_the_same_colour_or_the_same_number() -> None:
    r7 = Card.parse("R7")
    assert r7.matches(Card.parse("R1"))
    assert r7.matches(Card.parse("B7"))
    assert not r7.matches(Card.parse("G8"))
    for card in CARDS:
        assert set(CardSet(MATCHES[card.index])) == {
            other for other in CARDS if other != card and other.matches(card)
        }


def test_a_card_set_is_a_set_in_index_order() -> None:
    hand = CardSet.of([Card.parse("B2"), Card.parse("R7"), Card.parse("R7")])
    assert [str(c) for c in hand] == ["R7", "B2"]
    assert len(hand) == 2
    assert Card.parse("R7") in hand
    assert Card.parse("R8") not in hand
    assert "R7" not in hand
    assert eval(repr(hand)) == hand
    assert str(CardSet(0)) == ""
    assert bits(hand) == [6, 27]
