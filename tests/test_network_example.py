"""The networked frontend of the guide: a server on `Table` and bots that play through it
over HTTP on 127.0.0.1, each knowing nothing but its view."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

from seaview_rules import GAMES, Table, replay

from .test_examples import EXAMPLES, load

server_example = load("table_server")
client_example = load("table_client")


@contextmanager
def serving(
    game: str, players: int, seed: int
) -> Iterator[tuple[str, Table[Any, Any, Any, Any], dict[str, int]]]:
    httpd: ThreadingHTTPServer
    httpd, table, tokens = server_example.make_server(game, players, seed)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", table, tokens
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def get(url: str) -> Any:
    with urlopen(url, timeout=10) as reply:
        return json.load(reply)


@pytest.mark.parametrize(("game", "players"), [("voyage", 3), ("ships_wheel", 3)])
def test_bots_play_a_whole_game_through_the_server(game: str, players: int) -> None:
    with serving(game, players, seed=4) as (base, table, tokens):
        finals: dict[int, Any] = {}

        def client(token: str, seat: int) -> None:
            url = f"{base}/view?token={token}"
            finals[seat] = client_example.play_seat(game, url, seed=seat, max_polls=200_000)

        threads = [threading.Thread(target=client, args=item) for item in tokens.items()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
        assert not any(thread.is_alive() for thread in threads), "a client did not finish"
        engine = GAMES[game]
        assert engine.is_terminal(table.state)
        assert sorted(finals) == list(range(players))
        for seat, final in finals.items():
            assert final == engine.view(table.state, seat)
        assert replay(engine, table.record) == table.state
        for token, seat in tokens.items():  # each seat's log is what that seat saw
            log = get(f"{base}/log?token={token}&since=0")
            assert log["version"] == table.version
            seen = [[e.version, e.event.text(seat)] for e in table.events_since(0, seat)]
            assert log["events"] == seen


def test_a_request_without_a_seat_token_is_refused() -> None:
    with serving("voyage", 2, seed=1) as (base, _, _tokens):
        with pytest.raises(HTTPError) as refused:
            urlopen(f"{base}/view?token=guess", timeout=10)
        refused.value.close()
        assert refused.value.code == 403


@pytest.mark.rule("API-SEAT")
def test_a_move_posted_by_a_seat_that_is_not_to_move_is_refused_with_the_rule() -> None:
    with serving("voyage", 2, seed=1) as (base, table, tokens):
        state, version = table.state, table.version
        mover = GAMES["voyage"].current_player(state)
        token = next(t for t, seat in tokens.items() if seat != mover)
        move = str(GAMES["voyage"].legal_moves(state)[0])  # legal, but not this seat's
        with pytest.raises(HTTPError) as refused:
            urlopen(Request(f"{base}/move?token={token}", data=move.encode()), timeout=10)
        with refused.value as reply:
            assert reply.code == 409
            assert json.load(reply)["rule"] == "API-SEAT"
        assert (table.state, table.version) == (state, version)


def test_the_server_and_client_together_are_well_under_half_the_hand_written_glue() -> None:
    lines = sum(
        len((EXAMPLES / f"{name}.py").read_text(encoding="utf-8").splitlines())
        for name in ("table_server", "table_client")
    )
    assert lines < 190  # the hand-written Voyage server alone took about 190 lines
