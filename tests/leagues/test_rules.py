"""One example per 20,000 Leagues rule and ruling, from divers placed by hand."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from seaview_rules import (
    CHANCE,
    OMNISCIENT,
    Event,
    IllegalMoveError,
    InvalidDataError,
    Violation,
    voyage,
)
from seaview_rules.leagues import (
    TREASURE,
    Blocked,
    Board,
    Bounced,
    Collided,
    FoundTaken,
    Moved,
    OrderSettled,
    Phase,
    Rose,
    Rules,
    SentBack,
    SentUp,
    Spinner,
    SpinsAgain,
    State,
    Tied,
    TookArrow,
    TookStarfish,
    Won,
    apply_move,
    chance_outcomes,
    check_move,
    current_player,
    describe,
    events,
    is_terminal,
    legal_moves,
    narrate,
    new_game,
    outcome,
    parse_move,
    sample_chance,
)

# A small board that has every kind of square (rows top to bottom, columns 1-6):
#   1: S . * . . v    starfish (1,3) -> (3,3); arrow (1,6) -> (2,6)
#   2: . v . . . .    arrow (2,2) -> (3,2)
#   3: . . . v @ .    arrow (3,4) -> (4,4); octopus (3,5) -> (2,5)
#   4: . X . . . .    the red arrow (4,2)
# Only the tests of an effect depend on how far it sends a diver: the squares one and
# two rows above the octopus, and two and three below the starfish, are all yellow.
BOARD = Board.from_rows(["S.*..v", ".v....", "...v@.", ".X...."])
SPINNER = Spinner.parse("1R 1L 2R 2L 3R 3L 4R 4L 5R 5L 6R 6L")
Square = tuple[int, int] | None
"""A square as (row, column), or ``None`` for the start square."""


def rules(players: int = 2, *, board: Board = BOARD, **options: bool) -> Rules:
    return Rules(players=players, board=board, spinner=SPINNER, spin_off=False, **options)


def placed(
    squares: list[Square],
    *,
    player: int = 0,
    game: Rules | None = None,
    put: tuple[int, ...] = (),
    walked: tuple[int, ...] = (),
) -> State:
    """Divers placed by hand, seat ``player`` to spin; play goes in seat order. Divers
    walked to their squares, but those on the start (put there, unless in ``walked``)
    and the seats in ``put`` (put there by an effect or a rise)."""
    game = game or rules(len(squares))
    board = game.board
    positions = tuple(board.start if sq is None else board.index(*sq) for sq in squares)
    flags = tuple(
        seat in put or (sq is None and seat not in walked) for seat, sq in enumerate(squares)
    )
    seats = tuple(range(len(squares)))
    return State(
        rules=game,
        phase=Phase.SPIN,
        player=player,
        extra_spin=False,
        positions=positions,
        placed=flags,
        order=seats,
        groups=(),
        spun=(),
        spins=5,
        turns=5,
        order_spins=0,
        last_spin=None,
    )


_SPUN: dict[int, tuple[State, tuple[Event, ...]]] = {}
"""The events of the spin that made each state `spin` returned, by the state's id (the
state is kept with them, so that no other state takes its id)."""


def spin(state: State, *spins: str) -> State:
    for text in spins:
        move = parse_move(text)
        before, state = state, apply_move(state, move)
        _SPUN[id(state)] = (state, events(before, move, seat=OMNISCIENT))
    return state


def told(state: State) -> tuple[Event, ...]:
    """What the spin that `spin` made to reach ``state`` did, after the spin itself."""
    return _SPUN[id(state)][1][1:]


def at(state: State, seat: int) -> tuple[int, int]:
    return state.rules.board.coordinates(state.positions[seat])


def kinds(state: State) -> list[type[Event]]:
    return [type(e) for e in told(state)]


@pytest.mark.rule("LEA-1")
def test_landing_exactly_on_the_red_arrow_wins_and_ends_the_game() -> None:
    state = spin(placed([(4, 4), (3, 1)]), "2L")
    assert at(state, 0) == (4, 2)
    assert kinds(state) == [Moved, Won]
    assert is_terminal(state)
    assert state.phase is Phase.OVER
    assert current_player(state) is None  # nobody is to move; the winner is state.player
    assert state.player == 0
    result = outcome(state)
    assert result is not None
    assert (result.winner, result.scores, result.termination) == (0, (1, 0), TREASURE)
    assert legal_moves(state) == ()
    assert chance_outcomes(state) == ()
    with pytest.raises(IllegalMoveError) as err:
        spin(state, "1R")
    assert err.value.violation == Violation(
        "API-OVER", "the game is over: a diver reached the red arrow"
    )
    with pytest.raises(IllegalMoveError) as over:
        sample_chance(state, random.Random(0))
    assert (over.value.rule, over.value.reason) == ("API-OVER", "the game is over")


@pytest.mark.rule("LEA-1")
def test_passing_over_the_red_arrow_does_not_win() -> None:
    state = spin(placed([(4, 4), (3, 1)]), "3L")
    assert at(state, 0) == (4, 1)  # over the red arrow (4,2) to the end of the row
    assert not is_terminal(state)


@pytest.mark.rule("LEA-2", "LEA-R3")
def test_the_order_of_play_is_spun_for_highest_first_and_ties_spin_again() -> None:
    state = new_game(Rules(players=3, board=BOARD, spinner=SPINNER))
    assert state.phase is Phase.ORDER
    assert current_player(state) is CHANCE
    spinners = []
    for text in ("2R", "5L", "2L"):  # seats 0, 1, 2; seats 0 and 2 tie with a 2
        spinners.append(state.player)
        state = spin(state, text)
    assert spinners == [0, 1, 2]
    assert state.groups == ((1,), (0, 2))
    assert state.phase is Phase.ORDER
    assert told(state) == (Tied((0, 2)),)
    assert state.player == 0  # only the tied seats spin again
    state = spin(state, "1R")
    assert state.player == 2
    before, state = state, spin(state, "3R")
    assert state.order == (1, 2, 0)
    assert state.phase is Phase.SPIN
    assert state.player == 1
    assert told(state)[-1] == OrderSettled((1, 2, 0))
    assert state.order_spins == 5
    assert "order of play: seat 1, seat 2, seat 0" in describe(state, before)
    assert describe(state, before) == narrate(before, parse_move("3R"), seat=OMNISCIENT)
    # Play then goes round in that order, every diver from the start.
    state = spin(state, "1R")
    assert state.player == 2
    state = spin(state, "4R")
    assert state.player == 0


@pytest.mark.rule("LEA-R3")
def test_without_the_spin_off_play_goes_in_seat_order_and_the_spin_off_needs_two_numbers() -> None:
    state = new_game(rules(3))
    assert (state.phase, state.order, state.player) == (Phase.SPIN, (0, 1, 2), 0)
    with pytest.raises(InvalidDataError) as err:
        Rules(players=2, board=BOARD, spinner=Spinner.parse("1R 1L"))
    assert err.value.where == "spin_off"


@pytest.mark.rule("LEA-3", "LEA-R4")
def test_from_the_start_a_diver_moves_right_whatever_the_letter() -> None:
    state = spin(new_game(rules(3)), "4L")
    assert at(state, 0) == (1, 5)
    assert kinds(state) == [Moved]
    state = spin(state, "1R")  # seat 1 from the start, onto a plain square
    assert at(state, 1) == (1, 2)
    assert state.positions[2] == BOARD.start


@pytest.mark.rule("LEA-4")
def test_later_turns_move_in_the_direction_of_the_letter() -> None:
    assert at(spin(placed([(3, 3), None]), "2L"), 0) == (3, 1)
    assert at(spin(placed([(3, 1), None]), "2R"), 0) == (3, 3)


@pytest.mark.rule("LEA-5")
def test_at_the_end_of_a_row_the_diver_reverses_and_the_end_square_counts_once() -> None:
    state = spin(placed([(4, 4), None]), "3R")
    assert at(state, 0) == (4, 5)
    assert told(state) == (Bounced(0, (4, 6)), Moved(0, (4, 5)))
    assert at(spin(placed([(3, 2), None]), "3L"), 0) == (3, 3)  # 1, then back to 2 and 3


@pytest.mark.rule("LEA-6")
def test_a_diver_on_an_end_square_waits_for_the_letter_that_leads_back() -> None:
    state = spin(placed([(3, 6), (3, 2)]), "2R")
    assert at(state, 0) == (3, 6)
    assert kinds(state) == [Blocked]
    assert state.player == 1  # the turn is over
    assert at(spin(placed([(3, 6), None]), "3L"), 0) == (3, 3)
    assert kinds(spin(placed([(3, 1), None]), "5L")) == [Blocked]
    assert at(spin(placed([(3, 1), None]), "2R"), 0) == (3, 3)


@pytest.mark.rule("LEA-R9")
def test_a_diver_placed_on_an_end_square_is_blocked_too_and_loses_his_extra_spin() -> None:
    state = spin(placed([(1, 4), None]), "2R")  # arrow (1,6) places him on (2,6), an end
    assert at(state, 0) == (2, 6)
    assert state.player == 0
    state = spin(state, "3R")
    assert kinds(state) == [Blocked]
    assert state.player == 1


@pytest.mark.rule("LEA-7")
def test_an_arrow_takes_the_diver_one_row_down_and_gives_another_spin() -> None:
    state = spin(placed([(2, 4), None]), "2L")
    assert at(state, 0) == (3, 2)
    assert kinds(state) == [Moved, TookArrow, SpinsAgain]
    assert state.player == 0
    assert state.extra_spin  # the position owes him the extra spin
    assert current_player(state) is CHANCE
    turns = state.turns
    state = spin(state, "1R")
    assert state.turns == turns  # the extra spin is part of the same turn
    assert state.player == 1
    assert not state.extra_spin


@pytest.mark.rule("LEA-8", "LEA-R6")
def test_an_arrow_whose_square_below_is_taken_sends_the_diver_up_without_a_spin() -> None:
    state = spin(placed([(3, 2), (4, 4)]), "2R")  # arrow (3,4); (4,4) is taken
    assert kinds(state) == [Moved, FoundTaken, Rose]
    assert at(state, 0) == (2, 4)  # the first open yellow square above the arrow
    assert state.player == 1


@pytest.mark.rule("LEA-R6")
def test_the_option_grants_the_extra_spin_after_a_rise() -> None:
    game = rules(extra_spin_after_rise=True)
    state = spin(placed([(3, 2), (4, 4)], game=game), "2R")
    assert kinds(state)[-1] is SpinsAgain
    assert state.player == 0


@pytest.mark.rule("LEA-10", "LEA-R6")
def test_the_option_gives_no_spin_after_the_rise_of_an_octopus() -> None:
    game = rules(extra_spin_after_rise=True)
    octopus = spin(placed([(3, 3), (2, 5)], game=game), "2R")  # (2,5) above it is taken
    assert kinds(octopus) == [Moved, FoundTaken, Rose]
    assert octopus.player == 1


@pytest.mark.rule("LEA-9", "LEA-12")
def test_a_starfish_takes_the_diver_two_rows_down_or_up_if_that_square_is_taken() -> None:
    state = spin(placed([None, (1, 2)], player=0), "2R")
    assert at(state, 0) == (3, 3)
    assert kinds(state) == [Moved, TookStarfish, SpinsAgain]
    taken = spin(placed([None, (3, 3)]), "2R")
    # Nothing above row 1: back to the start, and no extra spin.
    assert kinds(taken) == [Moved, FoundTaken, SentBack]
    assert taken.positions[0] == BOARD.start
    assert taken.player == 1


@pytest.mark.rule("LEA-10", "LEA-12")
def test_an_octopus_sends_the_diver_one_row_up_with_no_extra_spin() -> None:
    state = spin(placed([(3, 3), None]), "2R")
    assert at(state, 0) == (2, 5)
    assert kinds(state) == [Moved, SentUp]
    assert state.player == 1
    # (2,5) taken: higher, to the first open yellow square; none up to row 1: the start.
    taken = spin(placed([(3, 3), (2, 5), None]), "2R")
    assert kinds(taken) == [Moved, FoundTaken, Rose]
    assert at(taken, 0) == (1, 5)
    taken = spin(placed([(3, 3), (2, 5), (1, 5)]), "2R")
    assert kinds(taken) == [Moved, FoundTaken, SentBack]


@pytest.mark.rule("LEA-11", "LEA-R7")
def test_landing_on_a_diver_rises_to_the_first_open_yellow_square_above() -> None:
    state = spin(placed([(3, 1), (3, 3), None]), "2R")
    assert kinds(state) == [Moved, Collided, Rose]
    assert at(state, 0) == (2, 3)
    assert at(state, 1) == (3, 3)
    # (2,3) taken too, and (1,3) is a starfish, not yellow: back to the start.
    state = spin(placed([(3, 1), (3, 3), (2, 3)]), "2R")
    assert kinds(state)[-1] is SentBack
    assert state.positions[0] == BOARD.start


@pytest.mark.rule("LEA-11", "LEA-12")
def test_landing_on_a_diver_in_row_1_sends_the_diver_back_to_the_start() -> None:
    state = spin(placed([(1, 4), (1, 2)]), "2L")
    assert kinds(state) == [Moved, Collided, SentBack]
    assert state.positions[0] == BOARD.start


@pytest.mark.rule("LEA-11", "LEA-R7")
def test_landing_on_a_diver_at_the_start_of_row_2_rises_and_does_not_restart() -> None:
    # (2,1) is the first square past row 1: a rise to the yellow (1,1), not a restart.
    board = Board.from_rows([".S...v", "....v.", ".X...."])
    state = spin(placed([(2, 3), (2, 1)], game=rules(board=board)), "2L")
    assert kinds(state) == [Moved, Collided, Rose]
    assert state.positions[0] == board.index(1, 1)


@pytest.mark.rule("LEA-R4")
def test_the_start_square_holds_any_number_of_divers_and_never_blocks() -> None:
    state = spin(placed([(1, 2), None, None]), "1L")  # onto the start, where two divers are
    assert kinds(state) == [Moved]
    assert state.positions[0] == BOARD.start
    state = spin(placed([None, None]), "1L")  # the start is the left end, yet he moves
    assert at(state, 0) == (1, 2)


@pytest.mark.rule("LEA-R5")
def test_only_the_square_where_the_move_ends_acts() -> None:
    state = spin(placed([(3, 1), None]), "5R")  # over the arrow (3,4) and the octopus (3,5)
    assert at(state, 0) == (3, 6)
    assert kinds(state) == [Moved]


@pytest.mark.rule("LEA-R8")
def test_a_diver_placed_on_the_red_arrow_wins() -> None:
    board = Board.from_rows(["S..v", "...X"])
    state = spin(new_game(rules(board=board)), "3R")
    assert kinds(state) == [Moved, TookArrow, Won]
    result = outcome(state)
    assert result is not None
    assert result.winner == 0


@pytest.mark.rule("LEA-R2")
def test_chance_outcomes_are_the_spinner_segments_with_merged_exact_weights() -> None:
    spinner = Spinner.parse("1R 2L*3 1R*2 6L")
    state = new_game(Rules(players=2, board=BOARD, spinner=spinner))
    outcomes = chance_outcomes(state)
    assert [(str(m), p) for m, p in outcomes] == [
        ("1R", Fraction(3, 7)),
        ("2L", Fraction(3, 7)),
        ("6L", Fraction(1, 7)),
    ]
    assert tuple(m for m, _ in outcomes) == legal_moves(state)

    class Dial(random.Random):
        """Stops on every part of the dial once, in turn."""

        def __init__(self) -> None:
            super().__init__(0)
            self.next = 0

        def randrange(self, stop: int, *args: object, **kwargs: object) -> int:  # type: ignore[override]  # a fake dial
            value, self.next = self.next, self.next + 1
            return value % stop

    dial = Dial()
    counts = Counter(str(sample_chance(state, dial)) for _ in range(7))
    assert counts == {"1R": 3, "2L": 3, "6L": 1}


@pytest.mark.rule("LEA-R2")
def test_a_spin_the_spinner_cannot_show_is_refused_and_changes_nothing() -> None:
    state = placed([(3, 1), None])
    move = parse_move("9R")
    violation = check_move(state, move)
    assert violation is not None
    assert (violation.rule, violation.reason) == ("LEA-R2", "the spinner has no 9R segment")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, move)
    assert err.value.violation == violation
    assert state == placed([(3, 1), None])
    not_a_move = check_move(state, "3R")  # type: ignore[arg-type]  # a string, not a Spin
    assert not_a_move is not None
    assert not_a_move.rule == "API-MOVE"


# A board for the starfish over a taken square (rows top to bottom, columns 1-6):
#   3: . . * . . .    starfish (3,3) -> (5,3), with (4,3) and (2,3) plain squares
STARFISH_BOARD = Board.from_rows(["S...v.", ".v....", "..*...", "...v..", ".....v", ".X...."])


@pytest.mark.rule("LEA-R10", "LEA-R6")
def test_a_starfish_over_a_taken_square_rises_above_the_starfish() -> None:
    game = rules(3, board=STARFISH_BOARD)
    state = spin(placed([(3, 1), (5, 3), None], game=game), "2R")
    assert kinds(state) == [Moved, FoundTaken, Rose]
    assert at(state, 0) == (2, 3)  # the first open yellow square above the starfish
    assert state.player == 1  # he went up: no extra spin


@pytest.mark.rule("LEA-R10", "LEA-R6")
def test_the_option_rises_from_the_taken_square_and_below_the_starfish_spins_again() -> None:
    game = rules(3, board=STARFISH_BOARD, starfish_rise_above_taken=True)
    state = spin(placed([(3, 1), (5, 3), None], game=game), "2R")
    assert kinds(state) == [Moved, FoundTaken, Rose, SpinsAgain]
    assert at(state, 0) == (4, 3)  # just above the taken square, below the starfish's row
    assert state.player == 0  # he went down a row: the extra spin (LEA-R6)
    # (4,3) taken too: the starfish itself is skipped, and he ends above it, no spin.
    state = spin(placed([(3, 1), (5, 3), (4, 3)], game=game), "2R")
    assert kinds(state) == [Moved, FoundTaken, Rose]
    assert at(state, 0) == (2, 3)
    assert state.player == 1


@pytest.mark.rule("LEA-R9")
def test_the_option_frees_a_diver_placed_on_an_end_square_but_not_one_who_walked_there() -> None:
    game = rules(blocked_when_placed=False)
    state = spin(placed([(1, 4), None], game=game), "2R")  # arrow (1,6) places him on (2,6)
    assert at(state, 0) == (2, 6)
    assert state.placed == (True, True)
    state = spin(state, "3R")  # the extra spin: he reverses at once and moves 3 squares
    assert told(state) == (Bounced(0, (2, 6)), Moved(0, (2, 3)))
    assert state.placed == (False, True)
    walked = spin(placed([(3, 6), None], game=game), "2R")  # he walked to the end square
    assert kinds(walked) == [Blocked]


@pytest.mark.rule("LEA-R9")
def test_a_diver_placed_on_an_end_square_stays_placed_while_blocked() -> None:
    state = spin(placed([(3, 6), (3, 2)], put=(0,)), "4R")
    assert kinds(state) == [Blocked]
    assert state.placed == (True, False)
    state = spin(placed([(3, 6), (3, 2)], put=(0,)), "3L")  # the letter that leads back
    assert at(state, 0) == (3, 3)
    assert state.placed == (False, False)  # he walked to (3,3)


@pytest.mark.rule("LEA-R11", "LEA-R4")
def test_a_diver_who_walked_onto_the_start_moves_right_like_a_restarted_diver() -> None:
    state = spin(placed([(1, 2), (3, 1)]), "1L")
    assert state.positions[0] == BOARD.start
    assert state.placed == (False, False)  # he walked there
    state = spin(state, "1R", "3L")  # seat 1, then seat 0 from the start with an L
    assert at(state, 0) == (1, 4)
    assert kinds(state) == [Moved]


@pytest.mark.rule("LEA-R11", "LEA-6")
def test_the_option_moves_a_diver_who_walked_onto_the_start_by_the_letter() -> None:
    game = rules(start_always_right=False)
    walked = placed([None, (3, 1)], game=game, walked=(0,))
    state = spin(walked, "3L")  # the start is the left end of row 1: blocked
    assert kinds(state) == [Blocked]
    assert state.positions[0] == BOARD.start
    assert state.player == 1
    assert at(spin(walked, "3R"), 0) == (1, 4)
    # A diver put on the start (his first turn, or sent back) still moves right.
    assert at(spin(placed([None, (3, 1)], game=game), "3L"), 0) == (1, 4)


# A board whose start is in the middle of row 1 (columns 1-6):
#   1: . . S . v .    arrow (1,5) -> (2,5)
MIDDLE_START = Board.from_rows(["..S.v.", ".v....", "...v..", ".X...."])


@pytest.mark.rule("LEA-R12", "LEA-R4")
def test_the_start_square_may_be_anywhere_in_row_1() -> None:
    game = rules(3, board=MIDDLE_START)
    assert MIDDLE_START.coordinates(MIDDLE_START.start) == (1, 3)
    state = spin(new_game(game), "1L")  # from the start: to the right, whatever the letter
    assert at(state, 0) == (1, 4)
    passing = spin(placed([(1, 1), None, None], game=game), "3R")  # over the start
    assert at(passing, 0) == (1, 4)
    assert kinds(passing) == [Moved]
    onto = spin(placed([(1, 4), None, None], game=game), "1L")  # onto it, two divers there
    assert kinds(onto) == [Moved]
    assert onto.positions[0] == MIDDLE_START.start
    # The option moves a diver who walked onto it by the letter: left, from the middle.
    by_letter = rules(3, board=MIDDLE_START, start_always_right=False)
    assert at(spin(placed([None, None, None], game=by_letter, walked=(0,)), "2L"), 0) == (1, 1)


@pytest.mark.rule("LEA-R12", "LEA-5")
def test_from_a_start_at_the_right_end_of_row_1_a_diver_reverses_at_once() -> None:
    board = Board.from_rows([".v...S", "...v..", "X....."])
    state = spin(new_game(rules(board=board)), "2L")
    assert told(state) == (Bounced(0, (1, 6)), Moved(0, (1, 4)))


@pytest.mark.rule("API-MOVE", "API-SEAT")
def test_what_is_not_a_leagues_move_is_refused_in_the_games_name() -> None:
    """Text, a number, nothing or another game's move: API-MOVE, whose reason says that
    it is not a 20,000 Leagues move and what one is; sent by a seat, API-SEAT first,
    since every move is chance's."""
    state = new_game(Rules(players=2))
    for thing in ("3R", 3, None, voyage.parse_move("draw")):
        assert check_move(state, thing) == Violation(  # type: ignore[arg-type]
            "API-MOVE",
            f"{thing!r} is not a 20,000 Leagues move: a move is a Spin, not {type(thing).__name__}",
        )
        assert check_move(state, thing, seat=0) == Violation(  # type: ignore[arg-type]
            "API-SEAT", "the next move is a chance outcome, not seat 0's"
        )
