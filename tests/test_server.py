"""`seaview serve` over the wire: a real server process on 127.0.0.1, a real SQLite file.

Whole games of every game are played through the HTTP API and the live channel; around
every move, every wrong-seat, wrong-token, no-token, stale and malformed request is tried
and must be refused without changing the table; every view a seat receives must equal
the engine's view of the replayed full record at that version, so no reply to a seat
holds what that seat's view hides.
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import importlib.util
import json
import random
import re
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate as validate_openapi
from websockets.sync.client import connect

from seaview_rules import GAMES, GameRecord, replay, seat_record, svg
from tests.helpers import json_references
from tests.serving import ONE_CLIENT, Server, running_server, stored_record, wait_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

SHORT_RULES: dict[str, dict[str, Any]] = {
    "voyage": {"target": 4},
    "leagues": {},
    "ships_wheel": {"target": 2},
}
"""Options that keep a game played request by request short."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("server") / "tables.sqlite"
    with running_server(db, "--seeded", "7", "--max-tables", "40", *ONE_CLIENT) as running:
        yield running


def _table(server: Server, game: str, seats: list[str], **body: Any) -> tuple[str, str]:
    made = server.ok("POST", "/api/tables", {"game": game, "seats": seats, **body})
    return made["table"], made["admin_token"]


def _join_all(server: Server, table: str, players: int) -> list[str]:
    return [
        server.ok("POST", f"/api/tables/{table}/seats/{seat}")["token"] for seat in range(players)
    ]


def _replayed_views(
    game: str, record: GameRecord[Any, Any], seats: list[int | None]
) -> list[dict[int | None, Any]]:
    """The engine's document of each seat's view at every version of ``record``."""
    g = GAMES[game]
    state = g.new_game(record.rules)
    views = [{seat: g.to_dict(g.view(state, seat)) for seat in seats}]
    for move in record.moves:
        state = g.apply_move(state, move)
        views.append({seat: g.to_dict(g.view(state, seat)) for seat in seats})
    return views


def _refusals(
    server: Server, table: str, tokens: list[str], admin: str, seat: int, move: str, version: int
) -> None:
    """Every wrong way to make ``seat``'s ``move`` is refused, and changes nothing."""
    path = f"/api/tables/{table}/moves"
    other = (seat + 1) % len(tokens)
    attempts: list[tuple[int, str | None, dict[str, Any] | None, bytes | None]] = [
        (409, tokens[other], {"move": move}, None),  # API-SEAT
        (401, None, {"move": move}, None),  # no token: 401, WWW-Authenticate
        (403, "not-a-token", {"move": move}, None),
        (403, admin, {"move": move}, None),  # the admin token plays no seat
        (409, tokens[seat], {"move": move, "version": version - 1}, None),  # API-VERSION
        (409, tokens[seat], {"move": "no such move"}, None),  # API-MOVE
        (400, tokens[seat], {"move": 7}, None),  # not even notation
        (400, tokens[seat], None, b'{"move": '),
        (400, tokens[seat], None, b"\xff\xfe"),
        (400, tokens[seat], {"move": move, "colour": "red"}, None),
    ]
    for status, token, body, raw in attempts:
        got, reply = server.request("POST", path, body, token=token, raw=raw)
        assert got == status, (status, token, body, raw, reply)
        assert set(reply) >= {"error", "reason"}
        if status == 409:
            assert reply["rule"] in ("API-SEAT", "API-VERSION", "API-MOVE")
    assert server.ok("GET", f"/api/tables/{table}")["version"] == version


@pytest.mark.rule("API-SEAT", "API-VERSION", "API-MOVE")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_over_http_refuses_every_wrong_request_and_shows_each_seat_only_its_view(
    server: Server, game: str
) -> None:
    players = 2
    chance = "step" if game == "leagues" else "auto"
    table, admin = _table(server, game, ["open"] * players, rules=SHORT_RULES[game], chance=chance)
    tokens = _join_all(server, table, players)
    rng = random.Random(game)
    received: list[tuple[int, int | None, Any]] = []
    for _ in range(3000):
        seen = {}
        for seat in [*range(players), None]:
            reply = server.ok(
                "GET", f"/api/tables/{table}/view", token=None if seat is None else tokens[seat]
            )
            received.append((reply["version"], seat, reply["view"]))
            seen[seat] = reply
        view = seen[0]["view"]["data"]
        version = seen[0]["version"]
        if view["to_move"] is None:
            break
        if view["to_move"] == "chance":  # a leagues spin: the diver whose turn it is presses it
            spinner = view["player"]
            refused, reply = server.request(
                "POST", f"/api/tables/{table}/step", {}, token=tokens[1 - spinner]
            )
            assert (refused, reply["rule"]) == (409, "API-SEAT")
            server.ok(
                "POST", f"/api/tables/{table}/step", {"version": version}, token=tokens[spinner]
            )
            continue
        seat = view["to_move"]
        move = rng.choice(seen[seat]["view"]["data"]["legal_moves"])
        if rng.random() < 0.2:
            _refusals(server, table, tokens, admin, seat, move, version)
        server.ok(
            "POST",
            f"/api/tables/{table}/moves",
            {"move": move, "version": version},
            token=tokens[seat],
        )
    else:
        pytest.fail("the game did not end in 3000 turns")
    record = GAMES[game].from_dict(
        server.ok("GET", f"/api/tables/{table}/record", token=admin), GameRecord
    )
    views = _replayed_views(game, record, [*range(players), None])
    for version, seat, document in received:
        assert document == views[version][seat]
    from seaview_rules.schema import schema

    view_schema = schema(game, "view")
    for _, _, document in received[:: max(1, len(received) // 20)]:
        jsonschema.validate(document, view_schema)


@pytest.mark.rule("API-SEAT")
def test_the_live_channel_pushes_each_change_and_a_reconnect_gets_what_it_missed(
    server: Server,
) -> None:
    table, _admin = _table(server, "voyage", ["open", "open"], rules={"target": 3})
    tokens = _join_all(server, table, 2)
    url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"
    pushes: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    channels = {seat: connect(url, open_timeout=10) for seat in pushes}
    for seat, channel in channels.items():
        channel.send(json.dumps({"token": None if seat is None else tokens[seat], "since": 0}))
        pushes[seat].append(json.loads(channel.recv(10)))
    rng = random.Random(5)
    for _ in range(25):
        view = server.ok("GET", f"/api/tables/{table}/view", token=tokens[0])
        seat = view["view"]["data"]["to_move"]
        if seat is None:
            break
        mine = server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])["view"]["data"]
        server.ok(
            "POST",
            f"/api/tables/{table}/moves",
            {"move": rng.choice(mine["legal_moves"])},
            token=tokens[seat],
        )
        final = server.ok("GET", f"/api/tables/{table}")["version"]
        for watcher, channel in channels.items():
            while pushes[watcher][-1]["version"] < final:
                pushes[watcher].append(json.loads(channel.recv(10)))
    channels[1].close()
    missed_from = pushes[1][len(pushes[1]) // 2]["version"]
    with connect(url, open_timeout=10) as again:
        again.send(json.dumps({"token": tokens[1], "since": missed_from}))
        caught_up = json.loads(again.recv(10))
    for channel in channels.values():
        channel.close()
    record = stored_record(server, table)  # the game is not over: the admin gets no more
    views = _replayed_views("voyage", record, [0, 1, None])
    full = seat_record(GAMES["voyage"], record, 1)
    for watcher, updates in pushes.items():
        for update in updates:
            assert update["view"] == views[update["version"]][watcher]
        texts = [entry["text"] for update in updates for entry in update["events"]]
        assert texts == seat_record(GAMES["voyage"], record, watcher).lines()[: len(texts)]
    assert caught_up["view"] == views[caught_up["version"]][1]
    missed = [event.text(1) for events in full.moves[missed_from:] for event in events]
    assert [e["text"] for e in caught_up["events"]] == missed
    assert [e["version"] for e in caught_up["events"]] == sorted(
        e["version"] for e in caught_up["events"]
    )


def test_the_live_channel_refuses_a_wrong_token_and_a_bad_first_message(server: Server) -> None:
    table, _ = _table(server, "voyage", ["open", "bot:random"])
    url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"
    for first, status in (({"token": "nope"}, 403), ("not json", 400), ({"since": -1}, 400)):
        with connect(url, open_timeout=10) as channel:
            channel.send(first if isinstance(first, str) else json.dumps(first))
            reply = json.loads(channel.recv(10))
            assert reply["status"] == status, reply
            assert "view" not in reply


@pytest.mark.rule("API-MOVE")
def test_bad_requests_get_a_clear_json_error_and_change_nothing(server: Server) -> None:
    table, admin = _table(server, "voyage", ["open", "open"])
    token = server.ok("POST", f"/api/tables/{table}/seats/0")["token"]
    version = server.ok("GET", f"/api/tables/{table}")["version"]
    moves = f"/api/tables/{table}/moves"
    cases = [
        ("POST", "/api/tables/nope/moves", {"move": "R1"}, None, {}, 404),
        ("GET", "/api/tables/nope/view", None, None, {}, 404),
        ("GET", f"/api/tables/{table}/viewXYZ", None, None, {}, 404),
        ("POST", f"/api/tables/{table}/seats/0", None, None, {}, 409),  # taken
        ("POST", f"/api/tables/{table}/seats/9", None, None, {}, 404),
        ("POST", moves, None, b"x" * 70_000, {}, 413),
        ("POST", moves, {"move": "R1"}, None, {"Authorization": "Basic abc"}, 403),
        ("GET", f"/api/tables/{table}/events?since=abc", None, None, {}, 400),
        ("GET", f"/api/tables/{table}/events?since=-1", None, None, {}, 400),
        ("GET", f"/api/tables/{table}/events?since=99999999999999999999999", None, None, {}, 400),
        ("POST", "/api/tables", {"game": "chess", "seats": ["open"]}, None, {}, 400),
        ("POST", "/api/tables", {"game": "voyage", "seats": ["open"] * 9}, None, {}, 400),
        (
            "POST",
            "/api/tables",
            {"game": "voyage", "seats": ["open", "open"], "rules": {"target": -1}},
            None,
            {},
            400,
        ),
        (
            "POST",
            "/api/tables",
            {"game": "voyage", "seats": ["open", "open"], "rules": {"players": 3}},
            None,
            {},
            400,
        ),
        ("POST", f"/api/tables/{table}/chance", {"move": "deal R1"}, None, {}, 401),
        ("POST", f"/api/tables/{table}/step", {}, None, {}, 401),
    ]
    for method, path, body, raw, headers, status in cases:
        got, reply = server.request(
            method,
            path,
            body,
            token=token if "Authorization" not in headers and path == moves else None,
            raw=raw,
            headers=headers,
        )
        assert got == status, (method, path, body, headers, reply)
        assert isinstance(reply, dict), reply
        assert reply["error"], reply
        assert reply["reason"], reply
    got, reply = server.request("POST", moves, {"move": "x" * 60_000}, token=token)
    assert got == 409
    assert reply["rule"] == "API-MOVE"
    assert len(reply["reason"]) < 200
    got, reply = server.request(
        "POST", f"/api/tables/{table}/chance", {"move": "deal R1"}, token=admin
    )
    assert got == 409  # this table's chance is automatic
    assert server.ok("GET", f"/api/tables/{table}")["version"] == version


def test_an_external_chance_table_takes_the_real_cards_from_the_admin_token_only(
    server: Server,
) -> None:
    table, admin = _table(server, "voyage", ["open", "open"], chance="external")
    token = server.ok("POST", f"/api/tables/{table}/seats/0")["token"]
    assert server.ok("GET", f"/api/tables/{table}")["to_move"] == "chance"
    got, reply = server.request(
        "POST", f"/api/tables/{table}/chance", {"move": "deal R1"}, token=token
    )
    assert got == 403
    assert server.ok(
        "POST", f"/api/tables/{table}/chance", {"move": "deal R1", "version": 0}, token=admin
    ) == {"version": 1}
    got, reply = server.request(
        "POST", f"/api/tables/{table}/chance", {"move": "deal R1"}, token=admin
    )
    assert got == 409
    assert reply["rule"].startswith("VOY")
    got, reply = server.request(
        "POST", f"/api/tables/{table}/chance", {"move": "deal R2", "version": 0}, token=admin
    )
    assert (got, reply["rule"]) == (409, "API-VERSION")


def test_bots_play_their_seats_and_a_spectator_sees_no_hand(server: Server) -> None:
    table, admin = _table(server, "ships_wheel", ["bot:random", "bot:ismcts"], rules={"target": 1})
    wait_until(lambda: server.ok("GET", f"/api/tables/{table}")["over"], 120)
    spectator = server.ok("GET", f"/api/tables/{table}/view")["view"]["data"]
    record = server.ok("GET", f"/api/tables/{table}/record")
    assert record["kind"] == "seat_record"
    assert record["data"]["seat"] is None
    full = GAMES["ships_wheel"].from_dict(
        server.ok("GET", f"/api/tables/{table}/record", token=admin), GameRecord
    )
    assert spectator == _replayed_views("ships_wheel", full, [None])[-1][None]["data"]
    picture = server.ok("GET", f"/api/tables/{table}/view.svg")
    assert "<svg" in picture


def test_the_lobby_games_and_openapi_describe_the_server(server: Server) -> None:
    games = server.ok("GET", "/api/games")["games"]
    assert [g["name"] for g in games] == list(GAMES)
    assert {g["name"]: g["table_chance"] for g in games}["leagues"] == "step"
    table, _ = _table(server, "leagues", ["open", "bot:random", "open"])
    entry = next(t for t in server.ok("GET", "/api/tables")["tables"] if t["table"] == table)
    assert entry["free_seats"] == [0, 2]
    assert entry["players"] == 3
    assert not entry["over"]

    document = server.ok("GET", "/openapi.json")
    assert document["openapi"].startswith("3.1")
    validate_openapi(document)  # OpenAPI 3.1, every reference resolved
    # each game's documents as published: tests/test_contract.py
    jsonschema.Draft202012Validator.check_schema(document["components"]["schemas"]["Update"])
    refs = set(json_references(document))
    assert refs
    for ref in refs:  # every reference lands (a JSON pointer within the document)
        node: Any = document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        assert isinstance(node, dict)
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table}/moves",
        "/api/tables/{table}/step",
        "/api/tables/{table}/chance",
        "/api/tables/{table}/record",
        "/api/tables/{table}/view.svg",
        "/api/tables/{table}/events",
        "/api/tables/{table}/seats/{seat}",
    ):
        assert path in document["paths"]


def test_the_client_page_is_light_and_plain(server: Server) -> None:
    page = server.ok("GET", "/")
    assert "<script" in page
    assert "pyodide" not in page.lower()
    weight = len(page.encode())
    for asset in ("/static/client.js", "/static/client.css"):
        weight += len(server.ok("GET", asset).encode())
    assert weight < 60_000


def test_the_picture_is_drawn_for_a_width_names_the_players_and_marks_the_last_change_unleaked(
    server: Server,
) -> None:
    table, _ = _table(server, "voyage", ["open", "open"])
    tokens = [
        server.ok("POST", f"/api/tables/{table}/seats/{seat}", {"name": name})["token"]
        for seat, name in enumerate(["Ann", "Bob"])
    ]
    wait_until(lambda: isinstance(server.ok("GET", f"/api/tables/{table}")["to_move"], int), 30)
    path = f"/api/tables/{table}/view.svg"
    hands = [
        server.ok("GET", f"/api/tables/{table}/view", token=t)["view"]["data"]["hand"]
        for t in tokens
    ]
    narrow = server.ok("GET", path + "?width=390", token=tokens[0])
    drawn = re.search(r'<svg[^>]* width="([\d.]+)"', narrow)
    assert drawn is not None
    assert float(drawn[1]) <= 390
    assert "Ann" in narrow
    assert "Bob" in narrow
    assert "seat 1" not in narrow
    assert "last move" in narrow
    # The last change is the deal's end, whose events hold Ann's last card: no other
    # page's picture names any card of Ann's hand (the discard pile is still empty).
    for token in (None, tokens[1]):
        for width in ("", "?width=390", "?width=1280"):
            seen = server.ok("GET", path + width, token=token)
            assert not [card for card in hands[0] if re.search(rf"\b{card}\b", seen)]
    for wrong in ("10", "4097", "abc", "-1", "390.5", "9" * 30):
        status, answer = server.request("GET", path + f"?width={wrong}", token=tokens[0])
        assert (status, answer["error"]) == (400, "bad_request"), wrong


def test_a_table_entry_says_which_seats_have_a_live_channel_open(server: Server) -> None:
    table, _ = _table(server, "voyage", ["open", "open"])
    tokens = _join_all(server, table, 2)
    path = f"/api/tables/{table}"
    assert server.ok("GET", path)["connected"] == [False, False]
    live = server.url.replace("http", "ws") + f"{path}/live"
    with connect(live) as channel, connect(live) as spectator:
        channel.send(json.dumps({"token": tokens[1], "since": 0}))
        spectator.send(json.dumps({"token": None, "since": 0}))
        channel.recv(timeout=10)
        spectator.recv(timeout=10)
        assert server.ok("GET", path)["connected"] == [False, True]
        listed = [
            t for t in server.ok("GET", "/api/tables?limit=200")["tables"] if t["table"] == table
        ]
        assert listed[0]["connected"] == [False, True]
    wait_until(lambda: server.ok("GET", path)["connected"] == [False, False], 10)


def test_a_finished_table_is_replayed_move_by_move_each_asker_seeing_what_it_saw(
    server: Server,
) -> None:
    table, admin = _table(server, "voyage", ["open", "bot:random"], rules={"target": 1})
    token = server.ok("POST", f"/api/tables/{table}/seats/0", {"name": "Ann"})["token"]
    path = f"/api/tables/{table}/replay.svg"
    status, answer = server.request("GET", path, token=token)
    assert (status, answer["error"]) == (409, "not_over")
    game = GAMES["voyage"]
    while not (entry := server.ok("GET", f"/api/tables/{table}"))["over"]:
        if entry["to_move"] == 0:
            legal = server.ok("GET", f"/api/tables/{table}/view", token=token)["view"]["data"]
            server.request(
                "POST",
                f"/api/tables/{table}/moves",
                {"move": legal["legal_moves"][0], "version": entry["version"]},
                token=token,
            )
        time.sleep(0.02)
    full = game.from_dict(server.ok("GET", f"/api/tables/{table}/record", token=admin), GameRecord)
    moves = len(full.moves)
    names = ["Ann", ""]
    for upto in sorted({0, 1, 5, 12, 13, moves // 2, moves - 1, moves}):
        state = replay(game, GameRecord(full.rules, full.moves[:upto]))
        before = replay(game, GameRecord(full.rules, full.moves[: upto - 1])) if upto else None
        for seat, key in ((0, token), (None, None), (None, admin)):
            last = game.events(before, full.moves[upto - 1], seat=seat) if before else ()
            wanted = svg.render(game.view(state, seat), width=390, names=names, last=last)
            request = urllib.request.Request(f"{server.url}{path}?move={upto}&width=390")
            if key is not None:
                request.add_header("Authorization", f"Bearer {key}")
            with urllib.request.urlopen(request, timeout=30) as response:
                assert response.headers["Record-Moves"] == str(moves)
                assert response.read().decode() == wanted, (upto, seat)
    for wrong in (f"?move={moves + 1}", "?move=-1", "?width=100"):
        assert server.request("GET", path + wrong, token=token)[0] == 400, wrong


def _fetched(server: Server, path: str, token: str | None = None) -> tuple[bytes, Any]:
    """The body of ``path`` as sent to a client that accepts gzip, and the headers."""
    request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": "gzip"})
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read(), response.headers


def test_the_page_the_pictures_and_the_json_are_sent_compressed_and_tokens_never_are(
    server: Server,
) -> None:
    table, admin = _table(server, "leagues", ["open", "open"])
    tokens = _join_all(server, table, 2)
    server.ok("POST", f"/api/tables/{table}/step", {"version": 0}, token=tokens[0])
    for _ in range(6):  # a lobby of a few tables
        _table(server, "voyage", ["open", "bot:random"])
    sizes = {}
    for path, token in [
        ("/", None),
        ("/static/client.js", None),
        ("/static/client.css", None),
        ("/api/games", None),
        ("/api/tables", None),
        (f"/api/tables/{table}/view.svg", tokens[0]),
        (f"/api/tables/{table}/view", tokens[1]),
    ]:
        sent, headers = _fetched(server, path, token)
        assert headers["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in headers["Vary"], path
        whole = gzip.decompress(sent)
        assert len(sent) * 2 < len(whole), path
        sizes[path] = (len(whole), len(sent))
    # The same answer, uncompressed, to a client that does not accept gzip.
    plain = server.request("GET", f"/api/tables/{table}/view.svg", token=tokens[0])[1]
    picture = f"/api/tables/{table}/view.svg"
    assert len(plain.encode()) == sizes[picture][0]
    # The leagues picture, redrawn at every spin, crosses the wire at under a fifth.
    assert sizes[picture][1] * 5 < sizes[picture][0]
    # The answers that carry a token are never compressed.
    request = urllib.request.Request(
        server.url + f"/api/tables/{table}/seats/0",
        method="DELETE",
        headers={"Accept-Encoding": "gzip", "Authorization": f"Bearer {admin}"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert "Content-Encoding" not in response.headers
    request = urllib.request.Request(
        server.url + f"/api/tables/{table}/seats/0",
        data=json.dumps({"name": "Ann" * 8}).encode(),
        method="POST",
        headers={"Accept-Encoding": "gzip", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert "Content-Encoding" not in response.headers
        assert json.loads(response.read())["token"]
    # The live channel is not touched: it still speaks plain JSON.
    with connect(server.url.replace("http", "ws") + f"/api/tables/{table}/live") as live:
        live.send(json.dumps({"token": tokens[1], "since": 0}))
        assert json.loads(live.recv(timeout=10))["version"] >= 1
    print("compressed:", {path: f"{whole} -> {sent}" for path, (whole, sent) in sizes.items()})


def test_the_server_refuses_tables_beyond_its_limit(tmp_path: Path) -> None:
    with running_server(tmp_path / "full.sqlite", "--max-tables", "2") as small:
        for _ in range(2):
            small.ok("POST", "/api/tables", {"game": "voyage", "seats": ["open", "open"]})
        status, reply = small.request(
            "POST", "/api/tables", {"game": "voyage", "seats": ["open", "open"]}
        )
        assert status == 429
        assert reply["error"] == "too_many_tables"


def test_after_a_sigkill_every_table_resumes_at_its_version_and_its_tokens_still_work(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "kill.sqlite", "--seeded", "3")
    try:
        tables = []
        for game, chance in (("voyage", "auto"), ("ships_wheel", "auto"), ("leagues", "step")):
            table, admin = _table(server, game, ["open", "open"], chance=chance)
            tokens = _join_all(server, table, 2)
            for _ in range(6):
                view = server.ok("GET", f"/api/tables/{table}/view", token=tokens[0])["view"][
                    "data"
                ]
                if view["to_move"] == "chance":
                    server.ok("POST", f"/api/tables/{table}/step", {}, token=tokens[view["player"]])
                elif view["to_move"] is not None:
                    seat = view["to_move"]
                    moves = server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])[
                        "view"
                    ]["data"]["legal_moves"]
                    server.ok(
                        "POST",
                        f"/api/tables/{table}/moves",
                        {"move": moves[-1]},
                        token=tokens[seat],
                    )
            before = {
                seat: server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])
                for seat in (0, 1)
            }
            tables.append(
                (
                    table,
                    admin,
                    tokens,
                    before,
                    server.ok("GET", f"/api/tables/{table}/record", token=admin),
                )
            )
        server.kill()
        server.start()
        for table, admin, tokens, before, record in tables:
            for seat in (0, 1):
                assert (
                    server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])
                    == before[seat]
                )
            assert server.ok("GET", f"/api/tables/{table}/record", token=admin) == record
            got, _ = server.request("POST", f"/api/tables/{table}/seats/0")
            assert got == 409
    finally:
        server.stop()


@pytest.mark.parametrize("game", ["voyage", "ships_wheel"])
def test_the_docs_client_example_plays_a_whole_match_against_a_server_bot(
    server: Server, game: str
) -> None:
    spec = importlib.util.spec_from_file_location("serve_client", EXAMPLES / "serve_client.py")
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    log = example.play(server.url, game, SHORT_RULES[game], seed=3)
    tables = server.ok("GET", "/api/tables")["tables"]
    finished = [
        t
        for t in tables
        if t["game"] == game and t["over"] and t["seats"] == ["taken", "bot:random"]
    ]
    assert finished
    assert "match" in log[-1]
    assert all(log)


@pytest.mark.rule("API-MOVE")
def test_requests_of_the_wrong_shape_are_refused_before_they_reach_a_table(server: Server) -> None:
    table, admin = _table(server, "voyage", ["open", "open"])
    token = server.ok("POST", f"/api/tables/{table}/seats/0")["token"]
    version = server.ok("GET", f"/api/tables/{table}")["version"]
    moves = f"/api/tables/{table}/moves"
    for body, status in (({"move": 5}, 400), ({"move": None}, 400), ({"move": ["R1"]}, 400)):
        assert server.request("POST", moves, body, token=token)[0] == status
    twice = b'{"move": "R1", "move": "R2"}'
    assert server.request("POST", moves, raw=twice, token=token)[0] == 400
    plain = {"Content-Type": "text/plain"}  # what a cross-site form may post
    assert server.request("POST", moves, {"move": "R1"}, token=token, headers=plain)[0] == 415
    assert (
        server.request(
            "POST", "/api/tables", {"game": "voyage", "seats": ["open"] * 2}, headers=plain
        )[0]
        == 415
    )
    assert server.request("GET", f"/api/tables/{table}%2Fview")[0] == 404
    assert server.request("GET", f"/api/tables/{table}/view/")[0] == 404
    assert server.request("GET", "/api/games", headers={"Host": "evil.example"})[0] == 400
    assert server.ok("GET", f"/api/tables/{table}")["version"] == version
    assert server.request("DELETE", f"/api/tables/{table}", token=token)[0] == 403
    assert server.ok("DELETE", f"/api/tables/{table}", token=admin) == {"deleted": table}
    assert server.request("GET", f"/api/tables/{table}/view")[0] == 404


def test_a_live_channel_first_message_of_the_wrong_shape_gets_an_error_not_a_crash(
    server: Server,
) -> None:
    table, _ = _table(server, "voyage", ["open", "bot:random"])
    url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"
    for first in (b"\x00binary", "[" * 20_000, '{"since": 0, "since": 1}'):
        with connect(url, open_timeout=10) as channel:
            channel.send(first)
            reply = json.loads(channel.recv(10))
            assert reply["status"] == 400, reply


def test_an_endless_match_stops_at_the_change_limit_and_a_table_that_cannot_be_rebuilt_is_left_out(
    tmp_path: Path,
) -> None:
    db = tmp_path / "endless.sqlite"
    server = Server(db, "--max-changes", "300")
    try:
        endless, _ = _table(server, "voyage", ["bot:random", "bot:random"], rules={"target": 10**9})
        kept, _ = _table(server, "voyage", ["open", "open"])
        wait_until(lambda: server.ok("GET", f"/api/tables/{endless}")["version"] >= 280)
        time.sleep(0.3)
        stopped = server.ok("GET", f"/api/tables/{endless}")["version"]
        assert 280 <= stopped <= 300  # exactly: a move that would bring a deal past it is undone
        time.sleep(0.3)
        assert server.ok("GET", f"/api/tables/{endless}")["version"] == stopped
        server.kill()
        database = sqlite3.connect(db)
        try:  # a change no table could have made
            with database:  # (commits; only close() releases the file)
                database.execute(
                    "UPDATE changes SET move = 'R99' WHERE table_id = ? AND version = 5", (endless,)
                )
        finally:
            database.close()
        server.start()
        assert server.request("GET", f"/api/tables/{endless}")[0] == 404
        assert server.ok("GET", f"/api/tables/{kept}")["table"] == kept
    finally:
        out = server.stop()
    assert f"table {endless} cannot be rebuilt" in out


def test_one_process_at_a_time_serves_an_sqlite_file(tmp_path: Path) -> None:
    from seaview_rules.server import SQLiteStore, open_store

    db = str(tmp_path / "tables.sqlite")
    first = open_store(db)
    assert isinstance(first, SQLiteStore)
    with pytest.raises(ValueError, match="another server process has"):
        SQLiteStore(db)  # its copies of the tables would drift from the first's
    first.close()
    SQLiteStore(db).close()  # free again


def test_a_database_password_is_never_shown() -> None:
    from seaview_rules.server import _shown

    assert _shown("postgresql://ann:s3cret@db:5432/games") == "postgresql://ann:***@db:5432/games"
    assert _shown("postgresql://ann@db/games") == "postgresql://ann@db/games"
    assert _shown("host=db password=s3cret user=ann") == "host=db password=*** user=ann"
    assert _shown("host=db password = 'two words' dbname=g") == "host=db password = *** dbname=g"
    assert _shown("tables.sqlite") == "tables.sqlite"


def _get(server: Server, path: str) -> tuple[Any, str | None]:
    """The JSON reply of a GET and its ``Link`` header."""
    with urllib.request.urlopen(server.url + path, timeout=30) as response:
        return json.loads(response.read()), response.headers.get("Link")


def test_long_logs_and_records_come_in_pages_that_join_up_and_a_page_is_bounded(
    tmp_path: Path,
) -> None:
    with running_server(tmp_path / "long.sqlite", "--max-changes", "2500", *ONE_CLIENT) as server:
        table, admin = _table(server, "voyage", ["bot:random"] * 2, rules={"target": 10**9})
        # at its cap, or just under it (a move that would bring a deal past it is refused)
        wait_until(lambda: server.ok("GET", f"/api/tables/{table}")["version"] >= 2400)
        time.sleep(0.3)
        version = server.ok("GET", f"/api/tables/{table}")["version"]
        assert 2400 <= version <= 2500
        events = f"/api/tables/{table}/events"
        whole = server.ok("GET", f"{events}?since=0&limit=10000")
        assert whole["next"] is None
        assert whole["events"][-1]["version"] == version
        joined, since, pages = [], 0, 0
        while since is not None:
            page = server.ok("GET", f"{events}?since={since}")  # the default page: 1,000
            assert page["version"] == version
            assert all(since < e["version"] <= since + 1000 for e in page["events"])
            joined += page["events"]
            since, pages = page["next"], pages + 1
        assert pages == 3
        assert joined == whole["events"]
        for limit in ("10001", "0", "-1", "1" * 40):
            assert server.request("GET", f"{events}?limit={limit}")[0] == 400
        record = f"/api/tables/{table}/record"
        for token in (admin, None):
            whole_record = server.ok("GET", record, token=token)
            moves, path = [], f"{record}?limit=700"
            while path:
                request = urllib.request.Request(server.url + path)
                if token is not None:
                    request.add_header("Authorization", f"Bearer {token}")
                with urllib.request.urlopen(request, timeout=30) as response:
                    page = json.loads(response.read())
                    link = response.headers.get("Link")
                assert page["kind"] == whole_record["kind"]
                moves += page["data"]["moves"]
                path = link.partition("<")[2].partition(">")[0] if link else ""
            assert moves == whole_record["data"]["moves"]
        assert server.request("GET", f"{record}?limit=10001")[0] == 400
        url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"
        with connect(url, open_timeout=10) as channel:
            channel.send(json.dumps({"since": 0}))
            messages = [json.loads(channel.recv(10))]
            while "view" not in messages[-1]:
                messages.append(json.loads(channel.recv(10)))
        assert [m["version"] for m in messages] == [1000, 2000, version]
        assert [e for m in messages for e in m["events"]] == whole["events"]


def test_a_store_call_that_waits_does_not_stall_the_other_requests(tmp_path: Path) -> None:
    db = tmp_path / "busy.sqlite"
    with running_server(db) as server:
        table, _ = _table(server, "voyage", ["open", "open"])
        tokens = _join_all(server, table, 2)
        seat = server.ok("GET", f"/api/tables/{table}")["to_move"]
        move = server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])["view"]["data"][
            "legal_moves"
        ][0]
        blocker = sqlite3.connect(db, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")  # the server's next write waits for it (5 s)
        try:
            with ThreadPoolExecutor(1) as pool:
                waiting = pool.submit(
                    server.request,
                    "POST",
                    f"/api/tables/{table}/moves",
                    {"move": move},
                    token=tokens[seat],
                )
                time.sleep(0.5)  # the move is waiting on the store
                assert not waiting.done()
                slowest = 0.0
                for _ in range(10):
                    started = time.monotonic()
                    server.ok("GET", "/api/games")
                    server.ok("GET", "/api/tables")
                    slowest = max(slowest, time.monotonic() - started)
                assert slowest < 0.5, slowest
                blocker.execute("ROLLBACK")
                status, _ = waiting.result(30)
        finally:
            blocker.close()
        assert status in (200, 503)


def test_concurrent_submits_of_one_version_on_one_table_apply_exactly_once(server: Server) -> None:
    table, _ = _table(server, "voyage", ["open", "open"])
    tokens = _join_all(server, table, 2)
    for _ in range(5):
        entry = server.ok("GET", f"/api/tables/{table}")
        seat, version = entry["to_move"], entry["version"]
        view = server.ok("GET", f"/api/tables/{table}/view", token=tokens[seat])["view"]["data"]
        body = {"move": view["legal_moves"][0], "version": version}
        submit = functools.partial(
            server.request, "POST", f"/api/tables/{table}/moves", body, token=tokens[seat]
        )
        with ThreadPoolExecutor(8) as pool:
            replies = [reply.result(30) for reply in [pool.submit(submit) for _ in range(8)]]
        assert sorted(status for status, _ in replies) == [200] + [409] * 7
        assert server.ok("GET", f"/api/tables/{table}")["version"] > version
        refused = [reply for status, reply in replies if status == 409]
        assert {reply["rule"] for reply in refused} == {"API-VERSION"}


def test_a_change_whose_commit_failed_is_never_read_and_the_table_is_read_again(
    tmp_path: Path,
) -> None:
    """The store goes away under a change, and cannot be read either: the change is
    refused (503), the copy is stale, and until it is read again no reader (a view, a
    page of the log, a live channel's next message) sees the change the store never
    committed, nor its version; once the store is back, the next use reads the table
    again, as committed."""
    from seaview_rules.server import SQLiteStore
    from seaview_rules.server._hub import Hub, HubError
    from seaview_rules.server._pages import catch_up_pages, events_page

    path = str(tmp_path / "away.sqlite")

    async def scenario() -> None:
        hub = Hub(SQLiteStore(path))
        game = GAMES["voyage"]
        live, _ = await hub.create(
            "voyage", game.with_players(game.rules_type(), 2), ["open"] * 2, None
        )
        before = live.table.version
        seat = live.table.to_move
        assert isinstance(seat, int)
        move = live.table.view(seat).legal_moves[0]
        changed = live.changed
        hub.store.close()  # the database goes away
        with pytest.raises(HubError) as refused:
            await hub.change(live, lambda table: table.submit(seat, move, version=before))
        assert refused.value.status == 503
        assert live.stale
        assert live.version == before
        assert not changed.is_set()
        for read in (
            lambda: catch_up_pages(live, hub.worker, seat, 0),
            lambda: events_page(live, hub.worker, None, 0, 10),
        ):
            with pytest.raises(HubError) as unreadable:
                await read()
            assert unreadable.value.status == 503
        hub.store = SQLiteStore(path)  # the database is back
        again = await hub.get(live.id)
        assert not again.stale
        assert again.version == before == again.table.version
        assert changed.is_set()  # the live channels are woken to send what is committed
        version, text = await catch_up_pages(again, hub.worker, seat, 0)
        assert version == before == json.loads(text)["version"]
        await hub.stop()
        hub.store.close()

    asyncio.run(scenario())


_STOP_UNDER_COMMITS = """
import asyncio, os, sys
from seaview_rules import GAMES
from seaview_rules.server import SQLiteStore
from seaview_rules.server._hub import Hub

game = GAMES["voyage"]

async def once(path):
    hub = Hub(SQLiteStore(path))
    await hub.start()
    for _ in range(3):
        await hub.create(
            "voyage", game.with_players(game.rules_type(), 2), ["bot:random"] * 2, None
        )
    await asyncio.sleep(0.02)  # the bots' moves are being committed
    await hub.stop()
    hub.store.close()

for i in range(int(sys.argv[2])):
    asyncio.run(once(os.path.join(sys.argv[1], f"{i}.sqlite")))
"""


def test_a_store_is_closed_only_once_the_commits_under_way_have_ended(tmp_path: Path) -> None:
    """A bot's move whose task `Hub.stop` cancels is still being committed on the
    store's thread: `Hub.stop` returns only once that commit has ended, so that the
    store (here an SQLite connection, which crashes the process if closed under a
    statement) can be closed after it. Forty hubs stopped under their bots' commits, in
    a process of their own so that a crash fails this test only."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _STOP_UNDER_COMMITS, str(tmp_path), "40"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_tables_frozen_out_of_the_collector_are_freed_when_deleted(tmp_path: Path) -> None:
    """The server freezes the tables it loads at start out of the cyclic collector's
    walks (`seaview_rules.server.COLLECTOR_THRESHOLDS`): that frees them on deletion
    only if nothing of a table, its bots' task included, is in a reference cycle."""
    import gc
    import weakref

    from seaview_rules.server import SQLiteStore
    from seaview_rules.server._hub import Hub

    path = str(tmp_path / "frozen.sqlite")
    game = GAMES["voyage"]
    kinds = (["open", "open"], ["open", "bot:random"], ["bot:random"] * 2)

    async def create() -> None:
        hub = Hub(SQLiteStore(path))
        await hub.start()
        for seats in kinds:
            await hub.create("voyage", game.with_players(game.rules_type(), 2), seats, None)
        await asyncio.sleep(0.2)  # the bots play
        await hub.stop()
        hub.store.close()

    async def load_and_delete() -> list[list[bool]]:
        hub = Hub(SQLiteStore(path))
        hub.load()
        gc.collect()
        gc.freeze()
        gc.disable()  # nothing but reference counting frees what is deleted
        try:
            await hub.start()
            await asyncio.sleep(0.2)
            held = list(hub.tables.values())
            refs: list[list[weakref.ref[object]]] = [
                [weakref.ref(live), weakref.ref(live.table), weakref.ref(live.table.state)]
                for live in held
            ]
            for live in held:
                await hub.delete(live)
            del held, live

            def alive() -> list[list[bool]]:
                return [[ref() is not None for ref in table] for table in refs]

            # A bot's move on a worker thread may still hold its table for a moment (a
            # busy machine): wait for it, within a bound.
            deadline = time.monotonic() + 10
            while any(map(any, alive())) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            return alive()
        finally:
            gc.enable()
            gc.unfreeze()
            await hub.stop()
            hub.store.close()

    asyncio.run(create())
    assert asyncio.run(load_and_delete()) == [[False] * 3] * len(kinds)


@pytest.mark.rule("SW-10", "SW-R7")
def test_in_an_anchor_pass_every_seat_still_choosing_sends_its_choice_in_any_order(
    server: Server,
) -> None:
    """Seat 2 discards an Anchor; seat 0, a player, is the first still choosing, yet the
    bot at seat 1 chooses at once, and seat 2 chooses before seat 0. The record replays."""
    rules = {"first_dealer": 0, "target": 2}
    table, admin = _table(
        server, "ships_wheel", ["open", "bot:random", "open"], chance="external", rules=rules
    )
    zero, two = (server.ok("POST", f"/api/tables/{table}/seats/{s}")["token"] for s in (0, 2))
    server.ok("POST", f"/api/tables/{table}/moves", {"move": "size 3"}, token=zero)
    # SW-2: the dealer deals from his left; no hand wins on the deal (two of a colour).
    deal = "red-circle anchor green-circle red-square blue-circle green-square red-triangle"
    for card in (*deal.split(), "blue-square", "green-triangle"):
        server.ok("POST", f"/api/tables/{table}/chance", {"move": f"deal {card}"}, token=admin)
    # Seat 1, the bot, draws (a red card) and discards; seat 2 draws and discards the Anchor.
    wait_until(lambda: server.ok("GET", f"/api/tables/{table}")["to_move"] == "chance")
    server.ok("POST", f"/api/tables/{table}/chance", {"move": "deal red-star"}, token=admin)
    wait_until(lambda: server.ok("GET", f"/api/tables/{table}")["to_move"] == 2)
    server.ok("POST", f"/api/tables/{table}/moves", {"move": "draw"}, token=two)
    server.ok("POST", f"/api/tables/{table}/chance", {"move": "deal blue-star"}, token=admin)
    server.ok("POST", f"/api/tables/{table}/moves", {"move": "anchor"}, token=two)

    def spectator() -> dict[str, Any]:
        return server.ok("GET", f"/api/tables/{table}/view")["view"]["data"]  # type: ignore[no-any-return]

    wait_until(lambda: spectator()["choosing"] == [0, 2])  # the bot did not wait for seat 0
    assert server.ok("GET", f"/api/tables/{table}")["to_move"] == 0
    seen = server.ok("GET", f"/api/tables/{table}/view", token=two)["view"]["data"]
    assert "pass blue-star by 2" in seen["legal_moves"]
    got, reply = server.request(
        "POST", f"/api/tables/{table}/moves", {"move": "pass green-circle by 0"}, token=two
    )
    assert (got, reply["rule"]) == (409, "API-SEAT")
    server.ok("POST", f"/api/tables/{table}/moves", {"move": "pass blue-star by 2"}, token=two)
    assert spectator()["choosing"] == [0]
    got, reply = server.request(
        "POST", f"/api/tables/{table}/moves", {"move": "pass blue-circle by 2"}, token=two
    )
    assert (got, reply["rule"]) == (409, "SW-R7")
    server.ok("POST", f"/api/tables/{table}/moves", {"move": "pass green-circle by 0"}, token=zero)
    assert spectator()["phase"] != "pass"
    game = GAMES["ships_wheel"]
    full = stored_record(server, table)
    texts = [str(move) for move in full.moves]
    assert texts.index("pass blue-star by 2") < texts.index("pass green-circle by 0")
    assert game.to_dict(game.view(replay(game, full), None))["data"] == spectator()
