"""The rulebook of the Voyage card game: each rule's numbers and small functions, stated
once, under its rule ID. Everything else in the package (the options, the transitions,
the checks of a loaded document, the encoding, the test kit) reads them from here.

- the table: `MIN_PLAYERS` to `MAX_PLAYERS` seats;
- the deck (VOY-R1): `COLOURS` colours of `NUMBERS` numbers (what matches what, VOY-3,
  is the cards' own vocabulary: `Card.matches` and its table `MATCHES`, in the pieces);
- the deal (VOY-1): `HAND_SIZE` cards each, clockwise (`left_of`, VOY-R7), the first
  dealer `FIRST_DEALER` (VOY-R6);
- a turn: `MUST_PLAY`, the ruling that a player who can match plays (VOY-R3);
- the end of a round (VOY-5): `round_points`, and `least_round_points` and
  `most_round_points`, the least and the most one round scores;
- the next round (VOY-7, VOY-R8): `next_dealer`;
- the end of the match (VOY-8): `TARGET`, `reaches_target`, and `ENDING`, how it ends.
"""

from __future__ import annotations

from seaview_rules._core import Termination
from seaview_rules._seating import left_of, next_dealer, reaches_target
from seaview_rules.voyage._pieces import MAX_NUMBER, Colour

__all__ = [
    "COLOURS",
    "ENDING",
    "FIRST_DEALER",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MUST_PLAY",
    "NUMBERS",
    "TARGET",
    "least_round_points",
    "left_of",
    "most_round_points",
    "next_dealer",
    "reaches_target",
    "round_points",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""The seats at the table: the sheet is "for 2 to 6 players"."""

COLOURS, NUMBERS = len(Colour), MAX_NUMBER
"""VOY-R1: the full deck, one card of each colour (red, green, blue) and number (1 to
13); `Rules.colours` and `Rules.numbers` make smaller decks."""

HAND_SIZE = 6
"""VOY-1: the cards dealt to each player, one at a time, clockwise from the dealer's
left (VOY-R7: the seat on seat s's left is `left_of` s, s + 1)."""

FIRST_DEALER = 0
"""VOY-R6: the seat that deals the first round."""

MUST_PLAY = True
"""VOY-R3: a player who can match must play; the option `Rules.must_play` lets him draw
instead (the transition's legal moves offer the draw only then)."""

TARGET = 21
"""VOY-8: the match total that wins the game."""

ENDING = Termination.TARGET_SCORE
"""VOY-8: how every match ends: a total reached the target (`reaches_target`); the seat
that went out in the last round wins."""


def round_points(cards_left: tuple[int, ...]) -> int:
    """VOY-5: what the winner of a round scores, given the cards left in each hand (his
    own none): one point per card left in the other hands, whatever its number.

    >>> round_points((0, 3, 2))
    5
    """
    return sum(cards_left)


def least_round_points(players: int) -> int:
    """VOY-5: the least one round scores: `round_points` with one card left in every
    other hand (a round ends when the first hand is empty).

    >>> least_round_points(4)
    3
    """
    return round_points((0, *(1,) * (players - 1)))


def most_round_points(players: int, deck_size: int) -> int:
    """VOY-5: a bound on what one round scores: `round_points` with every card of the
    deck left in another hand.

    >>> most_round_points(4, 39)
    39
    """
    return round_points((0, deck_size, *(0,) * (players - 2)))
