"""The bots: the search bot is deterministic for a seed and sees only its view, the
heuristic bots follow their rules of thumb, tournaments are seeded and fair, and what a
game does not declare (a search, a heuristic bot, rounds) is refused by name or left
out."""

from __future__ import annotations

import gc
import random
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest

from seaview_rules import CHANCE, GAMES, Game, RandomBot, play, ships_wheel, voyage
from seaview_rules.bots import ISMCTSBot, make_bot, match, wilson_interval
from seaview_rules.bots._match import _seed
from seaview_rules.cli import main
from seaview_rules.search import Search
from seaview_rules.ships_wheel import ShipsWheelHeuristicBot
from seaview_rules.testing import twin_of
from seaview_rules.voyage import VoyageHeuristicBot

CARD_GAMES = ["voyage", "ships_wheel"]


def choices(game: Game[Any, Any, Any, Any], count: int, seed: int = 0) -> Iterator[Any]:
    """``count`` states of random 3-player games where a seat chooses among several moves."""
    rng = random.Random(seed)
    rules = game.with_players(game.rules_type(), 3)
    found = 0
    while found < count:
        state = game.new_game(rules)
        while game.current_player(state) is not None and found < count:
            if game.current_player(state) is CHANCE:
                state = game.apply_move(state, game.sample_chance(state, rng))
                continue
            moves = game.legal_moves(state)
            if len(moves) > 1 and rng.random() < 0.05:
                found += 1
                yield state
            state = game.apply_move(state, rng.choice(moves))


def seat_to_move(game: Game[Any, Any, Any, Any], state: Any) -> int:
    seat = game.current_player(state)
    assert isinstance(seat, int)
    return seat


def decide(bot: Any, game: Game[Any, Any, Any, Any], state: Any) -> Any:
    seen = game.view(state, seat_to_move(game, state))
    return bot.choose(seen, game.legal_moves(state), random.Random(0))


@pytest.mark.parametrize("name", CARD_GAMES)
def test_the_search_bot_chooses_a_legal_move_and_the_same_one_for_the_same_seed(
    name: str,
) -> None:
    game = GAMES[name]
    for state in choices(game, 6):
        move = decide(ISMCTSBot(seed=5, iterations=40), game, state)
        assert move in game.legal_moves(state)
        assert decide(ISMCTSBot(seed=5, iterations=40), game, state) == move


@pytest.mark.parametrize("name", CARD_GAMES)
def test_a_bot_chooses_alike_in_states_that_look_alike_to_its_seat(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(2)
    bots: list[Callable[[], Any]] = [
        lambda: ISMCTSBot(seed=1, iterations=30),
        lambda: make_bot("heuristic", name),
    ]
    for state in choices(game, 6, seed=1):
        seat = seat_to_move(game, state)
        twin = twin_of(game)(state, seat, rng)
        assert game.view(twin, seat) == game.view(state, seat)
        for fresh in bots:
            assert decide(fresh(), game, twin) == decide(fresh(), game, state)


def reachable(start: object) -> Iterator[object]:
    """Every object reachable from ``start`` through references, short of classes,
    modules and functions (through which everything is reachable)."""
    seen, todo = {id(start)}, [start]
    while todo:
        obj = todo.pop()
        yield obj
        for ref in gc.get_referents(obj):
            if id(ref) not in seen and not isinstance(ref, type | type(gc) | type(reachable)):
                seen.add(id(ref))
                todo.append(ref)


@pytest.mark.parametrize("name", CARD_GAMES)
def test_a_bot_given_a_view_cannot_reach_the_state_a_hidden_hand_or_the_pile(name: str) -> None:
    game = GAMES[name]
    for state in choices(game, 10, seed=3):
        seat = seat_to_move(game, state)
        pile = state.draw_pile if name == "voyage" else state.deck
        hidden = [h for s, h in enumerate(state.hands) if s != seat and h] + [pile] * bool(pile)
        given = (game.view(state, seat), game.legal_moves(state))
        found = {id(obj) for obj in reachable(given)}
        assert id(state) not in found
        assert not any(id(h) in found for h in hidden)
        assert {id(h) for h in hidden} <= {id(obj) for obj in reachable(state)}  # the walk works


def test_the_search_bot_plays_a_single_legal_move_without_searching() -> None:
    bot = ISMCTSBot(seed=1, iterations=10)
    before = bot._rng.getstate()
    assert bot.choose(None, ("only",), random.Random(0)) == "only"
    assert bot._rng.getstate() == before


def test_the_search_bot_can_search_for_a_time_instead() -> None:
    state = next(choices(GAMES["voyage"], 1))
    assert decide(ISMCTSBot(seconds=0.01), GAMES["voyage"], state) in voyage.legal_moves(state)


@pytest.mark.parametrize(
    "options", [{"iterations": 10, "seconds": 1.0}, {"iterations": 0}, {"seconds": -1.0}]
)
def test_the_search_bot_refuses_a_bad_budget(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"iterations|seconds"):
        ISMCTSBot(**options)


def test_the_voyage_heuristic_plays_the_card_that_most_of_its_hand_can_follow() -> None:
    hand = voyage.CardSet.of(voyage.Card.parse(c) for c in ("R1", "R5", "G5", "B9"))
    others = voyage.CardSet(voyage.Rules().deck & ~hand & ~(1 << voyage.Card.parse("R3").index))
    state = voyage.State(
        rules=voyage.Rules(players=2), phase=voyage.Phase.TURN, player=0, dealer=1,
        hands=(hand, voyage.CardSet.of(list(others)[:4])),
        draw_pile=voyage.CardSet.of(list(others)[4:]), discard_top=voyage.Card.parse("R3"),
        discard_under=(), drawn=None, scores=(0, 0), results=(), reshuffles=0,
    )  # fmt: skip
    assert [str(m) for m in voyage.legal_moves(state)] == ["R1", "R5"]
    assert str(decide(VoyageHeuristicBot(), GAMES["voyage"], state)) == "R5"  # G5 follows R5


def ids(*names: str) -> tuple[Any, ...]:
    """The card ids of the default deck's cards ``names``, sorted."""
    table = ships_wheel.Rules().table
    return tuple(sorted(table.index[ships_wheel.Card.parse(n)] for n in names))


def test_the_ships_wheel_heuristic_takes_the_card_that_wins_and_discards_the_anchor() -> None:
    rules = ships_wheel.Rules(players=2)
    hand = ids("red-star", "blue-circle", "anchor")
    piles = (ids("green-moon"), ids("red-moon"))
    rest = list(rules.table.full)
    for i in (*hand, *piles[0], *piles[1]):
        rest.remove(i)
    state = ships_wheel.State(
        rules=rules, phase=ships_wheel.Phase.DRAW, player=0, dealer=1, hand_size=3,
        hands=(hand, tuple(rest[:3])), deck=tuple(rest[3:]), piles=piles,
        passing=(None, None), scores=(0, 0), results=(), reshuffles=0,
    )  # fmt: skip
    game = GAMES["ships_wheel"]
    take = decide(ShipsWheelHeuristicBot(), game, state)
    assert str(take) == "take 0"  # green-moon fits; red-moon shares red with red-star
    drawn = ships_wheel.apply_move(state, take)
    assert str(decide(ShipsWheelHeuristicBot(), game, drawn)) == "anchor"


def test_a_tournament_is_the_same_with_workers_and_seats_every_bot_everywhere() -> None:
    line_up = ["heuristic", "random", "random"]
    serial = match(GAMES["voyage"], line_up, 9, seed=4)
    with ThreadPoolExecutor(2) as pool:
        assert match(GAMES["voyage"], line_up, 9, seed=4, executor=pool, batch=2) == serial
    assert [seat.games for seat in serial.seats] == [9, 9, 9]
    assert sum(seat.wins for seat in serial.seats) == 9
    assert serial.seats[0].rounds == serial.seats[1].rounds > 9
    assert match(GAMES["voyage"], line_up, 9, seed=5) != serial


def test_a_tournament_refuses_unknown_bots_and_a_line_up_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        match(GAMES["voyage"], ["clever", "random"], 1)
    with pytest.raises(ValueError, match="no heuristic bot"):
        match(GAMES["leagues"], ["heuristic", "random"], 1)
    with pytest.raises(ValueError, match="4 bots are needed, not 2"):
        match(GAMES["voyage"], ["random", "random"], 1, rules=voyage.Rules())


def test_leagues_gives_its_bots_nothing_to_choose() -> None:
    report = match(GAMES["leagues"], ["ismcts", "random"], 4)
    assert [seat.decisions for seat in report.seats] == [0, 0]
    assert sum(seat.wins for seat in report.seats) == 4


def test_wilson_intervals_hold_the_rate_and_stay_within_zero_and_one() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 50)
    assert low == 0.0 < high < 0.08
    low, high = wilson_interval(50, 50)
    assert 0.92 < low < high == pytest.approx(1.0)
    low, high = wilson_interval(375, 1000)
    assert low < 0.375 < high
    assert high - low == pytest.approx(0.06, abs=0.001)


def test_the_match_command_prints_a_table_of_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "voyage", "--bots", "heuristic,random", "--games", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("voyage: 6 games, bots heuristic,random, seed 0")
    assert lines[1].split()[:3] == ["bot", "games", "won"]
    assert [line.split()[0] for line in lines[2:]] == ["heuristic", "random"]


def cells(line: str) -> list[str]:
    """The cells of a line of the match table (they are two or more spaces apart)."""
    return re.split(r"\s{2,}", line.strip())


@pytest.mark.parametrize(
    ("game", "won", "games"), [("voyage", "rounds won", 4), ("ships_wheel", "hands won", 2)]
)
def test_the_match_table_counts_rounds_for_a_game_with_rounds(
    capsys: pytest.CaptureFixture[str], game: str, won: str, games: int
) -> None:
    assert main(["match", game, "--bots", "random,random", "--games", str(games)]) == 0
    header, *rows = capsys.readouterr().out.splitlines()[1:]
    assert cells(header) == [
        "bot", "games won", "95 % interval", won, "95 % interval", "mean score", "s/decision",
        "one move",
    ]  # fmt: skip
    report = match(GAMES[game], ["random", "random"], games)
    for row, seat in zip(rows, report.seats, strict=True):
        assert seat.rounds > 0
        assert cells(row)[3] == f"{seat.rounds_won} ({100 * seat.rounds_won / seat.rounds:.1f} %)"
        assert cells(row)[5] == f"{seat.mean_score:.2f}"


def test_the_match_table_of_a_game_without_rounds_has_no_rounds_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["match", "leagues", "--bots", "random,random", "--games", "4"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()[1:]
    assert cells(header) == [
        "bot", "games won", "95 % interval", "mean score", "s/decision", "one move"
    ]  # fmt: skip
    assert [len(cells(row)) for row in rows] == [6, 6]
    report = match(GAMES["leagues"], ["random", "random"], 4)
    assert [seat.rounds for seat in report.seats] == [0, 0]  # the engine has none to count


def test_a_bot_named_twice_is_labelled_with_its_entry(capsys: pytest.CaptureFixture[str]) -> None:
    line_up = "heuristic,random,random"
    assert main(["match", "voyage", "--bots", line_up, "--games", "3"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row[:12].strip() for row in rows] == ["heuristic", "random 2", "random 3"]


def test_the_match_command_names_a_bad_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "voyage", "--bots", "ismcts,clever"])
    assert "unknown bot 'clever'" in capsys.readouterr().err


def test_random_bots_are_bots_too() -> None:
    assert isinstance(make_bot("random", "voyage"), RandomBot)


def test_the_games_that_choose_declare_their_bots_and_leagues_declares_none() -> None:
    assert GAMES["voyage"].heuristic_bot is VoyageHeuristicBot
    assert GAMES["ships_wheel"].heuristic_bot is ShipsWheelHeuristicBot
    ours = ("voyage", "leagues", "ships_wheel")
    assert [name for name in ours if GAMES[name].search is not None] == CARD_GAMES
    names = [periods.name for name in CARD_GAMES if (periods := GAMES[name].periods) is not None]
    assert names == ["rounds", "hands"]
    leagues = GAMES["leagues"]
    assert (leagues.heuristic_bot, leagues.search, leagues.periods) == (None, None, None)


@pytest.mark.parametrize("name", CARD_GAMES)
def test_the_periods_of_a_game_are_the_rounds_its_statistics_count(name: str) -> None:
    game = GAMES[name]
    periods = game.periods
    assert periods is not None
    final = game.playout(game.new_game(game.rules_type()), random.Random(1))
    outcome = game.outcome(final)
    assert outcome is not None
    assert len(periods.winners(final)) == game.statistics(final)[periods.name] > 1
    assert outcome.winner in periods.winners(final)


def games_with(name: str, **changes: Any) -> dict[str, Game[Any, Any, Any, Any]]:
    """The registry with the game ``name`` changed as in `attrs.evolve`."""
    return {**GAMES, name: attrs.evolve(GAMES[name], **changes)}


def test_a_game_without_a_search_is_refused_by_name_when_the_search_bot_must_choose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("seaview_rules.bots._ismcts.GAMES", games_with("voyage", search=None))
    state = next(choices(GAMES["voyage"], 1))
    with pytest.raises(ValueError, match=r"^voyage has no search for ISMCTSBot"):
        decide(ISMCTSBot(seed=1, iterations=5), GAMES["voyage"], state)
    assert ISMCTSBot().choose(object(), ("only",), random.Random(0)) == "only"  # no search


def test_the_search_bot_refuses_a_view_of_no_registered_game() -> None:
    with pytest.raises(ValueError, match="no game in GAMES has views of type object"):
        ISMCTSBot().choose(object(), ("a", "b"), random.Random(0))


def test_a_game_without_a_heuristic_bot_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = games_with("ships_wheel", heuristic_bot=None)
    monkeypatch.setattr("seaview_rules.bots._match.GAMES", registry)
    with pytest.raises(ValueError, match=r"^ships_wheel has no heuristic bot$"):
        make_bot("heuristic", "ships_wheel")
    assert isinstance(make_bot("ismcts", "ships_wheel"), ISMCTSBot)


def test_a_search_without_a_start_and_a_winner_plays_for_the_winner_of_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain: Search[voyage.State] = Search(iterations=8, horizon=5_000)
    monkeypatch.setattr("seaview_rules.bots._ismcts.GAMES", games_with("voyage", search=plain))
    rules = voyage.Rules(players=2, target=3)
    result = play(GAMES["voyage"], rules, random.Random(2), [ISMCTSBot(seed=3), RandomBot()])
    assert result.finished


def test_a_match_of_a_game_without_periods_has_no_rounds_and_no_columns_for_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = games_with("voyage", periods=None)
    monkeypatch.setattr("seaview_rules.bots._match.GAMES", registry)
    report = match(registry["voyage"], ["heuristic", "random"], 3, seed=2)
    assert [seat.rounds for seat in report.seats] == [0, 0]
    assert "rounds won" not in report.table()
    assert sum(seat.wins for seat in report.seats) == 3


def test_the_mean_score_of_an_entry_is_its_final_scores_over_the_finished_games() -> None:
    report = match("voyage", ["heuristic", "random"], 6, seed=3)
    totals = [0, 0]
    for index in range(6):
        result = play(GAMES["voyage"], voyage.Rules(players=2), random.Random(f"3/{index}"),
                      [make_bot(name, "voyage", seed=_seed(3, index, k))
                       for k, name in enumerate(("heuristic", "random")[index % 2 :] +
                                                 ("heuristic", "random")[: index % 2])])  # fmt: skip
        assert result.outcome is not None
        for k in range(2):
            totals[k] += result.outcome.scores[(k + index) % 2]
    assert [seat.score for seat in report.seats] == totals
    assert [seat.mean_score for seat in report.seats] == [total / 6 for total in totals]
    assert [seat.finished for seat in report.seats] == [6, 6]


def test_make_bot_and_match_take_a_game_or_its_name() -> None:
    game = GAMES["voyage"]
    assert hash(game) == hash(GAMES["voyage"])
    assert repr(game) == "<Game 'voyage'>"
    assert type(make_bot("heuristic", game)) is type(make_bot("heuristic", "voyage"))
    assert match(game, ["random", "random"], 2) == match("voyage", ["random", "random"], 2)
    with pytest.raises(ValueError, match=r"^leagues has no heuristic bot$"):
        make_bot("heuristic", GAMES["leagues"])
