"""The networked frontend of the guide: a server on `Table` and bots that play through it
over HTTP on 127.0.0.1, each knowing nothing but its view; and every request the server
must refuse, refused with its status and the table unchanged."""

from __future__ import annotations

import hmac
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.client import HTTPConnection
from http.server import ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit
from urllib.request import Request, urlopen

import pytest

from seaview_rules import GAMES, Table, replay, ships_wheel
from seaview_rules.voyage import Play

from .test_examples import EXAMPLES, load

server_example = load("table_server")
client_example = load("table_client")

AnyTable = Table[Any, Any, Any, Any]


@contextmanager
def serving(
    game: str, players: int, seed: int, rules: Any = None
) -> Iterator[tuple[str, AnyTable, dict[str, int]]]:
    httpd: ThreadingHTTPServer
    httpd, table, tokens = server_example.make_server(game, players, seed, rules=rules)
    # A short poll interval: shutdown() waits for it, once per test.
    thread = threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", table, tokens
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture
def voyage() -> Iterator[tuple[str, AnyTable, dict[str, int]]]:
    """A two-seat Voyage server, seat 1 to move."""
    with serving("voyage", 2, seed=1) as served:
        yield served


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def send(
    base: str, method: str, path: str, headers: dict[str, str], body: bytes | None = None
) -> tuple[int, Any]:
    """Send exactly this request (no header added but Host) and return the reply's
    status and JSON body."""
    address = urlsplit(base)
    connection = HTTPConnection(str(address.hostname), address.port, timeout=10)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        reply = connection.getresponse()
        assert reply.getheader("Content-Type") == "application/json"
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


def post_move(base: str, headers: dict[str, str], body: bytes) -> tuple[int, Any]:
    return send(base, "POST", "/move", {**headers, "Content-Length": str(len(body))}, body)


def mover(table: AnyTable, tokens: dict[str, int]) -> tuple[str, bytes]:
    """The token of the seat to move and a body holding one of its legal moves."""
    seat = table.to_move
    assert isinstance(seat, int)
    move = str(table.view(seat).legal_moves[0])
    return next(t for t, s in tokens.items() if s == seat), json.dumps({"move": move}).encode()


def snapshot(table: AnyTable) -> tuple[Any, ...]:
    return table.state, table.version, table.record


# A Ship's Wheel match of one hand: random seats take thousands of moves to finish a
# match of the printed length, each an HTTP round trip here.
ONE_HAND = {"ships_wheel": ships_wheel.Rules(players=3, scoring="hands", target=1)}


@pytest.mark.parametrize(("game", "players"), [("voyage", 3), ("ships_wheel", 3)])
def test_bots_play_a_whole_game_through_the_server(game: str, players: int) -> None:
    with serving(game, players, seed=4, rules=ONE_HAND.get(game)) as (base, table, tokens):
        finals: dict[int, Any] = {}

        def client(token: str, seat: int) -> None:
            finals[seat] = client_example.play_seat(game, base, token, seed=seat, max_polls=200_000)

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
            with urlopen(Request(f"{base}/log?since=0", headers=bearer(token))) as reply:
                log = json.load(reply)
            assert log["version"] == table.version
            seen = [[e.version, e.event.text(seat)] for e in table.events_since(0, seat)]
            assert log["events"] == seen


def test_a_move_with_the_movers_token_in_the_header_is_played(
    voyage: tuple[str, AnyTable, dict[str, int]],
) -> None:
    base, table, tokens = voyage
    token, body = mover(table, tokens)
    version = table.version
    assert post_move(base, bearer(token), body) == (200, {"version": table.version})
    assert table.version > version
    status, log = send(base, "GET", f"/log?since={version}", bearer(token))
    seat = tokens[token]
    assert status == 200
    assert log["events"] == [
        [e.version, e.event.text(seat)] for e in table.events_since(version, seat)
    ]
    played = table.game.parse_move(json.loads(body)["move"])
    assert isinstance(played, Play)  # the seat's first legal move, a card
    assert played.card.words in log["events"][0][1]  # "you play red 5"


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer guess", "Bearer ", "Basic {token}", "{token}", "Bearer {token}x"],
    ids=["none", "guess", "empty", "basic", "no-scheme", "near-miss"],
)
@pytest.mark.parametrize("request_", ["GET /view", "GET /log", "POST /move"])
def test_a_request_without_a_seats_token_in_the_header_is_refused_with_403(
    voyage: tuple[str, AnyTable, dict[str, int]], authorization: str | None, request_: str
) -> None:
    base, table, tokens = voyage
    token, body = mover(table, tokens)
    before = snapshot(table)
    method, path = request_.split()
    headers = {} if authorization is None else {"Authorization": authorization.format(token=token)}
    if method == "POST":
        headers["Content-Length"] = str(len(body))
    status, reply = send(base, method, path, headers, body if method == "POST" else None)
    assert status == 403
    assert "Authorization: Bearer" in reply["error"]
    assert snapshot(table) == before


def test_a_token_in_the_query_string_is_not_a_token(
    voyage: tuple[str, AnyTable, dict[str, int]],
) -> None:
    base, table, tokens = voyage
    token, body = mover(table, tokens)
    before = snapshot(table)
    assert send(base, "GET", f"/view?token={token}", {})[0] == 403
    headers = {"Content-Length": str(len(body))}
    assert send(base, "POST", f"/move?token={token}", headers, body)[0] == 403
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "request_",
    ["GET /viewXYZ", "GET /view/", "GET /logs", "GET /", "GET /move", "POST /view",
     "POST /move/", "POST /moveXYZ"],
)  # fmt: skip
def test_any_other_method_or_path_is_refused_with_404(
    voyage: tuple[str, AnyTable, dict[str, int]], request_: str
) -> None:
    base, table, tokens = voyage
    token, body = mover(table, tokens)
    before = snapshot(table)
    method, path = request_.split()
    headers = {**bearer(token), "Content-Length": str(len(body))}
    status, reply = send(base, method, path, headers, body if method == "POST" else None)
    assert status == 404
    assert "GET /view" in reply["error"]
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "since", ["abc", "-1", "1.5", "", "+1", "%C2%B2", "%ff", "9" * 5000, "{too_late}"]
)
def test_a_malformed_since_is_refused_with_400(
    voyage: tuple[str, AnyTable, dict[str, int]], since: str
) -> None:
    base, table, tokens = voyage
    token, _ = mover(table, tokens)
    before = snapshot(table)
    path = f"/log?since={since.format(too_late=table.version + 1)}"
    status, reply = send(base, "GET", path, bearer(token))
    assert status == 400
    assert reply["error"] == f"since must be 0 to {table.version}"
    assert snapshot(table) == before


@pytest.mark.parametrize("length", [None, "-5", "abc", "1_0", "+5", "0x10", "\u00b2"])
def test_a_missing_negative_or_non_numeric_content_length_is_refused_with_400(
    voyage: tuple[str, AnyTable, dict[str, int]], length: str | None
) -> None:
    base, table, tokens = voyage
    token, _ = mover(table, tokens)
    before = snapshot(table)
    headers = bearer(token) if length is None else {**bearer(token), "Content-Length": length}
    status, reply = send(base, "POST", "/move", headers)
    assert status == 400
    assert "Content-Length" in reply["error"]
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "length", [server_example.MAX_BODY + 1, 2_000_000_000, 10**30], ids=["limit+1", "2G", "1e30"]
)
def test_a_body_over_64_kib_is_refused_with_413_before_it_is_read(
    voyage: tuple[str, AnyTable, dict[str, int]], length: int
) -> None:
    base, table, tokens = voyage
    token, _ = mover(table, tokens)
    before = snapshot(table)
    # Only the length is sent: the server must answer without waiting for the body.
    status, reply = send(base, "POST", "/move", {**bearer(token), "Content-Length": str(length)})
    assert status == 413
    assert reply == {"error": f"at most {64 * 1024} bytes"}
    assert snapshot(table) == before


def test_a_body_of_exactly_64_kib_is_read(voyage: tuple[str, AnyTable, dict[str, int]]) -> None:
    base, table, tokens = voyage
    token, body = mover(table, tokens)
    padded = body.ljust(server_example.MAX_BODY)  # JSON allows the trailing spaces
    version = table.version
    assert post_move(base, bearer(token), padded)[0] == 200
    assert table.version > version


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe", '{"move": "R5"}'.encode("utf-16"), b'{"move": "R5"', b"R5", b'"R5"',
     b'{"move": 5}', b"[]", b'{"play": "R5"}', b"", b"[" * 60_000],
    ids=["not-utf8", "utf16", "truncated", "text", "string", "number", "list", "key",
         "empty", "deep"],
)  # fmt: skip
def test_a_body_that_is_not_utf8_json_of_a_move_is_refused_with_400(
    voyage: tuple[str, AnyTable, dict[str, int]], body: bytes
) -> None:
    base, table, tokens = voyage
    token, _ = mover(table, tokens)
    before = snapshot(table)
    status, reply = post_move(base, bearer(token), body)
    assert status == 400
    assert reply == {"error": 'the body must be {"move": "<notation>"}'}
    assert snapshot(table) == before


@pytest.mark.rule("API-SEAT")
def test_a_move_posted_by_a_seat_that_is_not_to_move_is_refused_with_the_rule(
    voyage: tuple[str, AnyTable, dict[str, int]],
) -> None:
    base, table, tokens = voyage
    _, body = mover(table, tokens)  # legal, but not this seat's
    other = next(t for t, seat in tokens.items() if seat != table.to_move)
    before = snapshot(table)
    status, reply = post_move(base, bearer(other), body)
    assert status == 409
    assert reply["rule"] == "API-SEAT"
    assert snapshot(table) == before


@pytest.mark.rule("API-MOVE")
def test_text_that_is_not_a_move_is_refused_with_the_rule(
    voyage: tuple[str, AnyTable, dict[str, int]],
) -> None:
    base, table, tokens = voyage
    token, _ = mover(table, tokens)
    before = snapshot(table)
    status, reply = post_move(base, bearer(token), b'{"move": "Q99"}')
    assert status == 409
    assert reply["rule"] == "API-MOVE"
    assert snapshot(table) == before


def test_tokens_are_random_and_compared_in_constant_time(
    voyage: tuple[str, AnyTable, dict[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, table, tokens = voyage
    with serving("voyage", 2, seed=1) as (_, _, others):  # same game, same seed
        assert not set(tokens) & set(others)
    assert len(set(tokens)) == 2
    assert all(len(token) >= 22 for token in tokens)  # 16 random bytes, base64
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(given: bytes, known: bytes) -> bool:
        compared.append((given, known))
        return real(given, known)

    monkeypatch.setattr(server_example.hmac, "compare_digest", spy)
    token, _ = mover(table, tokens)
    assert send(base, "GET", "/view", bearer(token))[0] == 200
    assert sorted(known for _, known in compared) == sorted(t.encode() for t in tokens)


def test_no_token_reaches_a_log(
    voyage: tuple[str, AnyTable, dict[str, int]], capfd: pytest.CaptureFixture[str]
) -> None:
    base, table, tokens = voyage
    token, body = mover(table, tokens)
    version = table.version
    for headers in (bearer(token), {"Authorization": f"Basic {token}"}):
        send(base, "GET", "/view", headers)
        send(base, "GET", "/nowhere", headers)
        send(base, "GET", "/log?since=x", headers)
        post_move(base, headers, b"\xff")
        post_move(base, headers, body)
    out, err = capfd.readouterr()
    assert table.version > version  # the move was played: the requests reached the server
    assert not any(t in out + err for t in tokens)


def test_the_server_and_client_together_are_well_under_half_the_hand_written_glue() -> None:
    lines = sum(
        len((EXAMPLES / f"{name}.py").read_text(encoding="utf-8").splitlines())
        for name in ("table_server", "table_client")
    )
    assert lines < 190  # the hand-written Voyage server alone took about 190 lines
