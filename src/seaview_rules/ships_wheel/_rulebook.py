"""The Ship's Wheel rulebook: each rule's numbers and small functions, stated once, with
the ID of the rule or ruling they state.

- The table: 2 to 6 players (`MIN_PLAYERS`, `MAX_PLAYERS`); the first dealer
  (`FIRST_DEALER`, SW-R10); the deal passing left (`dealer_after`, SW-14).
- The hand sizes (SW-R2): the options' bounds and defaults (`SMALLEST_HAND_SIZE`,
  `MIN_HAND_SIZE`, `MAX_HAND_SIZE`, `CROWDED_MAX_HAND_SIZE`), the table that the printed
  advice caps (`crowded`, from `CROWDED_PLAYERS` on one deck), the cards left to draw
  after the deal (`CARDS_TO_DRAW`) and the most cards a hand holds (`MOST_HELD`).
- The turn (SW-4, SW-8, SW-9, SW-10, SW-R11): `turn_after`, and the seats a Black
  Starfish passes over (`SKIPPED_SEATS`, `skipped`).
- The deck running out (SW-13, SW-R8): `RESHUFFLES`, the rebuilds a hand allows.
- Ties (SW-12, SW-R9): `TIE_KEEPS_SIZE` and `redealt_size`.
- Scoring and the match (SW-14, SW-R10): `Scoring`, `DEFAULT_TARGETS`, `hand_points`,
  `ends_match`, `ENDING` and `match_outcome`.

The deck (SW-1, SW-R1) and the winning hand (SW-3, SW-R4) are the pieces'
(`seaview_rules.ships_wheel._pieces`), which this module stands on. The transitions
(``_rules``) act on these rules; the options (``_model``), the checks of a loaded
position, the notation, the encoding, the pictures and the test kit read them here.
"""

from __future__ import annotations

import enum

from seaview_rules._core import Outcome, Termination
from seaview_rules._seating import left_of, next_dealer, reaches_target
from seaview_rules.ships_wheel._pieces import Kind

MIN_PLAYERS = 2
"""The fewest players (the box: 2 to 6)."""
MAX_PLAYERS = 6
"""The most players."""
FIRST_DEALER = 0
"""SW-R10: the seat that deals the first hand, unless `Rules.first_dealer` says
otherwise."""


def dealer_after(players: int, dealer: int) -> int:
    """SW-14: the deal passes to the left after every hand, won or tied.

    >>> dealer_after(4, 3)
    0
    """
    return next_dealer(players, dealer)


SMALLEST_HAND_SIZE = 2
"""SW-R2: the smallest hand `Rules.min_hand_size` may allow. A hand of one card wins
unless it is an action card, so nearly every deal would tie, and a tie redeals the
same size (SW-R9)."""
MIN_HAND_SIZE = 3
"""SW-R2: the smallest hand a dealer may choose by default (the page: 3, 4 or 5 cards
"to learn")."""
MAX_HAND_SIZE = 8
"""SW-R2: the largest hand a dealer may choose (the page deals "5, 6, 7, or 8 cards");
no option goes beyond it."""
CROWDED_PLAYERS = 4
"""SW-R2: from this many players on one deck, the printed advice caps the hands."""
CROWDED_MAX_HAND_SIZE = 6
"""SW-R2: the cap with `CROWDED_PLAYERS` or more on one deck ("six or less cards")."""
CARDS_TO_DRAW = 2
"""SW-R2, SW-13: the fewest cards the deck keeps after a deal of the largest hands, so
that it can be drawn from and rebuilt."""
MOST_HELD = MAX_HAND_SIZE + 1
"""SW-5, SW-6: the most cards a hand holds, the largest hand and the card drawn before
the discard."""


def crowded(players: int, decks: int) -> bool:
    """SW-R2: whether the printed advice caps the hands at `CROWDED_MAX_HAND_SIZE`:
    `CROWDED_PLAYERS` or more players share one deck.

    >>> crowded(4, 1), crowded(4, 2), crowded(3, 1)
    (True, False, False)
    """
    return players >= CROWDED_PLAYERS and decks == 1


SKIPPED_SEATS = 1
"""SW-9, SW-R11: how many seats a Black Starfish passes over: the next player loses his
turn, so the turn goes that many seats and one more to the discarder's left."""
_SKIP_TO = SKIPPED_SEATS + 1
_KIND_WHITE_STARFISH, _KIND_BLACK_STARFISH = Kind.WHITE_STARFISH, Kind.BLACK_STARFISH


def turn_after(players: int, seat: int, kind: Kind) -> int:
    """The seat whose turn follows ``seat``'s discard of a card of ``kind`` (after an
    Anchor, once the cards have been passed).

    >>> [turn_after(4, 3, kind) for kind in (Kind.PLAIN, Kind.WHITE_STARFISH, Kind.BLACK_STARFISH)]
    [0, 3, 1]
    """
    if kind is _KIND_WHITE_STARFISH:
        return seat  # SW-8: the same player takes another whole turn
    if kind is _KIND_BLACK_STARFISH:
        return left_of(players, seat, _SKIP_TO)  # SW-9, SW-R11: the next player is skipped
    return left_of(players, seat)  # SW-4, SW-10: play goes to the left


def skipped(players: int, seat: int) -> tuple[int, ...]:
    """SW-9, SW-R11: the seats that lose their turn when ``seat`` discards a Black
    Starfish, in the order the turn passes over them.

    >>> skipped(4, 3), skipped(2, 1)
    ((0,), (0,))
    """
    return tuple([left_of(players, seat, k) for k in range(1, _SKIP_TO)])


RESHUFFLES = 1
"""SW-13, SW-R8: how often the discards become the deck in one hand; the next time the
deck runs out, the hand is a tie."""

TIE_KEEPS_SIZE = True
"""SW-12, SW-R9: after a tie the next dealer redeals the same number of cards."""


def redealt_size(tie_keeps_size: bool, size: int, winners: tuple[int, ...]) -> int:
    """The size of the hand after one of ``size`` cards that ``winners`` held winning
    hands in, or 0 when its dealer chooses it (SW-2): after a tie, the same size
    (SW-12, SW-R9), unless the option lets the dealer choose.

    >>> redealt_size(True, 5, (0, 2)), redealt_size(True, 5, (1,)), redealt_size(False, 5, ())
    (5, 0, 0)
    """
    return size if len(winners) != 1 and tie_keeps_size else 0


class Scoring(enum.Enum):
    """How a match is scored (SW-14)."""

    CARDS = "cards"
    """The winner of a hand scores one point per card in his hand."""
    HANDS = "hands"
    """The winner of a hand scores one point."""


DEFAULT_TARGETS = {Scoring.CARDS: 50, Scoring.HANDS: 5}
"""SW-R10: the match total that wins, by default, for each scoring (the page's
examples for cards are 50 and 100)."""


def hand_points(scoring: Scoring, size: int, winners: tuple[int, ...]) -> int:
    """What a hand of ``size`` cards that ``winners`` held winning hands in scores its
    winner: nothing for a tie or a deck run out (SW-12, SW-13); one point per card in
    the winning hand, or one point for the hand (SW-14).

    >>> hand_points(Scoring.CARDS, 5, (2,)), hand_points(Scoring.HANDS, 5, (2,))
    (5, 1)
    >>> hand_points(Scoring.CARDS, 5, (0, 2))
    0
    """
    if len(winners) != 1:
        return 0
    return size if scoring is Scoring.CARDS else 1


def ends_match(total: int, target: int) -> bool:
    """SW-R10: whether a seat's match total ends the match: it reached the target.

    >>> ends_match(49, 50), ends_match(52, 50)
    (False, True)
    """
    return reaches_target(total, target)


ENDING = Termination.TARGET_SCORE
"""SW-R10: why a match ends: a total reached the target."""


def match_outcome(winner: int, scores: tuple[int, ...]) -> Outcome:
    """SW-R10: how a match ends: the seat whose total reached the target wins, with the
    totals as they stand.

    >>> match_outcome(1, (12, 50)).termination
    Termination('target_score', 'the match total reached the target')
    """
    return Outcome(winner, scores, ENDING)
