"""`seaview serve`'s player features over the wire, on a real server process: names in
the lobby, leaving a seat (and the admin freeing one), a rematch for the same players,
the lobby's ETag, the chance outcomes the admin offers, and a whole deal in one press.
Every JSON reply is checked against the OpenAPI document (`Checked`)."""

from __future__ import annotations

import contextlib
import functools
import json
import random
import re
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from websockets.sync.client import connect

from seaview_rules import GAMES
from seaview_rules.server import SQLiteStore
from tests.serving import ONE_CLIENT, Server, running_server, stored_record, wait_until
from tests.test_contract import TABLE, Checked

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SEAT = TABLE + "/seats/{seat}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("players") / "tables.sqlite"
    with running_server(db, "--seeded", "11", *ONE_CLIENT) as running:
        yield running


@pytest.fixture
def client(server: Server) -> Checked:
    return Checked(server)


def _table(client: Checked, game: str, seats: list[str], **body: Any) -> tuple[str, str]:
    made = client.ok("POST", "/api/tables", "/api/tables", {"game": game, "seats": seats, **body})
    return made["table"], made["admin_token"]


def _entry(client: Checked, table: str) -> Any:
    return client.ok("GET", TABLE, f"/api/tables/{table}")


def _join(client: Checked, table: str, seat: int, name: str | None = None) -> str:
    body = {} if name is None else {"name": name}
    token: str = client.ok("POST", SEAT, f"/api/tables/{table}/seats/{seat}", body)["token"]
    return token


def _moved_on(client: Checked, table: str, version: int) -> bool:
    return bool(_entry(client, table)["version"] != version)


def _play_to_the_end(client: Checked, table: str, tokens: dict[int, str]) -> None:
    """Random legal moves for the seats of ``tokens`` (bots play the others) until the
    game is over."""
    rng = random.Random(table)
    for _ in range(2000):
        entry = _entry(client, table)
        if entry["over"]:
            return
        seat = entry["to_move"]
        if seat not in tokens:  # a bot's turn, or chance being played
            wait_until(functools.partial(_moved_on, client, table, entry["version"]), 30)
            continue
        seen = client.ok("GET", TABLE + "/view", f"/api/tables/{table}/view", token=tokens[seat])
        move = rng.choice(seen["view"]["data"]["legal_moves"])
        client.ok(
            "POST",
            TABLE + "/moves",
            f"/api/tables/{table}/moves",
            {"move": move, "version": seen["version"]},
            token=tokens[seat],
        )
    pytest.fail("the game did not end")


def test_a_player_named_on_joining_is_named_in_the_lobby_and_a_bad_name_is_refused(
    client: Checked,
) -> None:
    table, _ = _table(client, "leagues", ["open", "bot:random", "open"])
    joined = client.ok("POST", SEAT, f"/api/tables/{table}/seats/0", {"name": "  Ann Bonny "})
    assert (joined["seat"], joined["name"]) == (0, "Ann Bonny")
    for bad in ["", "   ", "x" * 25, "An\x00n", "Ann\u200b", "\u202eAnn", 7, ["Ann"]]:
        status, reply = client.call("POST", SEAT, f"/api/tables/{table}/seats/2", {"name": bad})
        assert (status, reply["error"]) == (400, "bad_request"), bad
    assert client.ok("POST", SEAT, f"/api/tables/{table}/seats/2", {"name": "y" * 24})
    entry = _entry(client, table)
    assert entry["names"] == ["Ann Bonny", None, "y" * 24]
    assert entry["seats"] == ["taken", "bot:random", "taken"]
    listed = client.ok("GET", "/api/tables", "/api/tables")["tables"]
    assert next(t for t in listed if t["table"] == table)["names"] == entry["names"]
    other, _ = _table(client, "voyage", ["open", "open"])
    assert client.ok("POST", SEAT, f"/api/tables/{other}/seats/1")["name"] is None
    assert client.ok("POST", SEAT, f"/api/tables/{other}/seats/0", {})["name"] is None
    assert _entry(client, other)["names"] == [None, None]


def test_a_player_leaves_with_the_seat_token_the_admin_frees_a_seat_and_both_can_be_rejoined(
    client: Checked,
) -> None:
    table, admin = _table(client, "leagues", ["open", "open", "bot:random"])
    first, second = _join(client, table, 0, "Ann"), _join(client, table, 1, "Mary")
    path = f"/api/tables/{table}/seats/0"
    for token, refused in ((None, (401, "unauthorized")), (second, (403, "forbidden"))):
        status, reply = client.call("DELETE", SEAT, path, token=token)  # none, another seat's
        assert (status, reply["error"]) == refused
    status, reply = client.call("DELETE", SEAT, path, token="not-a-token")  # a stranger's
    assert (status, reply["error"]) == (403, "forbidden")
    status, reply = client.call("DELETE", SEAT, f"/api/tables/{table}/seats/2", token=admin)
    assert (status, reply["error"]) == (409, "not_a_player_seat")
    assert client.ok("DELETE", SEAT, path, token=first) == {"left": 0}
    assert client.call("GET", TABLE + "/view", f"/api/tables/{table}/view", token=first)[0] == 403
    entry = _entry(client, table)
    assert (entry["seats"], entry["names"]) == (
        ["open", "taken", "bot:random"],
        [None, "Mary", None],
    )
    assert entry["free_seats"] == [0]
    status, reply = client.call("DELETE", SEAT, path, token=admin)
    assert (status, reply["error"]) == (409, "seat_open")
    again = _join(client, table, 0, "Grace")
    seen = client.ok("GET", TABLE + "/view", f"/api/tables/{table}/view", token=again)
    assert seen["view"]["data"]["seat"] == 0
    assert client.ok("DELETE", SEAT, f"/api/tables/{table}/seats/1", token=admin) == {"left": 1}
    assert client.call("GET", TABLE + "/view", f"/api/tables/{table}/view", token=second)[0] == 403
    assert _entry(client, table)["names"] == ["Grace", None, None]
    assert _join(client, table, 1, "Anne")


def test_leaving_a_seat_closes_its_live_channel(server: Server, client: Checked) -> None:
    table, _ = _table(client, "voyage", ["open", "open"])
    token = _join(client, table, 0)
    url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"
    with connect(url, open_timeout=10) as channel, connect(url, open_timeout=10) as spectator:
        channel.send(json.dumps({"token": token}))
        spectator.send(json.dumps({}))
        assert "view" in json.loads(channel.recv(10))
        assert "view" in json.loads(spectator.recv(10))
        client.ok("DELETE", SEAT, f"/api/tables/{table}/seats/0", token=token)
        refusal = json.loads(channel.recv(10))
        assert (refusal["error"], refusal["status"]) == ("forbidden", 403)
        with pytest.raises(Exception, match="1008"):
            channel.recv(10)
        client.ok("POST", SEAT, f"/api/tables/{table}/seats/1")
        with pytest.raises(TimeoutError):  # a spectator's channel stays open
            spectator.recv(0.5)


def test_a_rematch_is_made_once_the_game_is_over_for_the_same_tokens_names_and_admin(
    client: Checked,
) -> None:
    table, admin = _table(client, "voyage", ["open", "bot:random"], rules={"target": 1})
    token = _join(client, table, 0, "Ann")
    route, path = TABLE + "/rematch", f"/api/tables/{table}/rematch"
    status, reply = client.call("POST", route, path, {}, token=token)
    assert (status, reply["error"]) == (409, "not_over")
    assert _entry(client, table)["outcome"] is None
    _play_to_the_end(client, table, {0: token})
    over = _entry(client, table)
    outcome = over["outcome"]
    assert over["rematch"] is None
    assert outcome["winner"] in (0, 1)
    assert len(outcome["scores"]) == 2
    assert max(outcome["scores"]) == outcome["scores"][outcome["winner"]]
    assert client.call("POST", route, path, {}, token=None)[0] == 401
    assert client.call("POST", route, path, {}, token="not-a-token")[0] == 403
    status, made = client.call("POST", route, path, {}, token=token)
    assert status == 201
    new = made["table"]
    assert new != table
    assert _entry(client, table)["rematch"] == new
    entry = _entry(client, new)
    assert (entry["names"], entry["seats"]) == (["Ann", None], ["taken", "bot:random"])
    assert entry["version"] >= made["version"] == 12  # dealt; then the bot may have moved
    assert (entry["over"], entry["outcome"], entry["rematch"]) == (False, None, None)
    seen = client.ok("GET", TABLE + "/view", f"/api/tables/{new}/view", token=token)
    assert seen["view"]["data"]["seat"] == 0
    record = client.ok("GET", TABLE + "/record", f"/api/tables/{new}/record", token=admin)
    assert record["kind"] == "seat_record"  # the admin sees no more than a spectator mid-game
    assert record["data"]["seat"] is None
    assert record["data"]["rules"]["target"] == 1
    again = client.call("POST", route, path, {}, token=admin)
    assert again[0] == 200
    assert again[1]["table"] == new
    _play_to_the_end(client, new, {0: token})  # the bot plays the new table too
    assert _entry(client, new)["outcome"] is not None


def test_a_rematch_counts_in_the_clients_table_quota(tmp_path: Path) -> None:
    with running_server(tmp_path / "quota.sqlite", "--tables-per-client", "1") as small:
        client = Checked(small)
        table, admin = _table(client, "voyage", ["bot:random", "bot:random"], rules={"target": 1})
        wait_until(lambda: _entry(client, table)["over"], 60)
        route, path = TABLE + "/rematch", f"/api/tables/{table}/rematch"
        status, reply = client.call("POST", route, path, {}, token=admin)
        assert (status, reply["error"]) == (429, "too_many_tables")
        assert _entry(client, table)["rematch"] is None


def _exchange(server: Server, path: str, tag: str | None = None) -> tuple[int, Any, bytes]:
    """The status, headers and body of a GET, with ``If-None-Match: tag`` if given."""
    request = urllib.request.Request(server.url + path)
    if tag is not None:
        request.add_header("If-None-Match", tag)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.mark.parametrize("lobby", [True, False])
def test_the_lobby_and_a_table_entry_answer_304_while_their_etag_still_matches(
    server: Server, client: Checked, lobby: bool
) -> None:
    table, _ = _table(client, "voyage", ["open", "open"])
    path = "/api/tables" if lobby else f"/api/tables/{table}"
    status, headers, body = _exchange(server, path)
    tag = headers["ETag"]
    assert (status, headers["Cache-Control"]) == (200, "no-cache")
    assert tag.startswith('"')
    assert _exchange(server, path)[1]["ETag"] == tag  # a hash of the reply
    status, headers, body = _exchange(server, path, tag)
    assert (status, body, headers["ETag"]) == (304, b"", tag)
    assert _exchange(server, path, f'"other", W/{tag}')[0] == 304
    assert _exchange(server, path, '"other"')[0] == 200
    _join(client, table, 0, "Ann")
    status, headers, body = _exchange(server, path, tag)
    assert status == 200
    assert headers["ETag"] != tag
    assert "Ann" in body.decode()


def test_the_admin_reads_the_chance_outcomes_of_an_external_table_and_enters_one(
    client: Checked,
) -> None:
    table, admin = _table(client, "voyage", ["open", "open"], chance="external")
    token = _join(client, table, 0)
    route, path = TABLE + "/chance", f"/api/tables/{table}/chance"
    for stranger, refused in ((None, (401, "unauthorized")), (token, (403, "forbidden"))):
        status, reply = client.call("GET", route, path, token=stranger)
        assert (status, reply["error"]) == refused
    stepped, step_admin = _table(client, "voyage", ["open", "open"], chance="step")
    status, reply = client.call("GET", route, f"/api/tables/{stepped}/chance", token=step_admin)
    assert (status, reply["error"]) == (409, "wrong_chance")
    offered = client.ok("GET", route, path, token=admin)
    assert (offered["version"], offered["chance_seat"]) == (0, 0)
    moves = [o["move"] for o in offered["outcomes"]]
    assert "deal R1" in moves
    assert len(moves) == len(set(moves)) == 39  # 3 colours of 13 cards
    assert sum(Fraction(o["probability"]) for o in offered["outcomes"]) == 1
    dealt = 0
    while offered["outcomes"]:
        move = offered["outcomes"][-1]["move"]
        body = {"move": move, "version": offered["version"]}
        assert client.ok("POST", route, path, body, token=admin) == {"version": dealt + 1}
        dealt += 1
        offered = client.ok("GET", route, path, token=admin)
        assert move not in [o["move"] for o in offered["outcomes"]]
    assert (offered["version"], offered["chance_seat"]) == (dealt, None)
    assert dealt == 12  # two hands of six
    assert isinstance(_entry(client, table)["to_move"], int)


def test_one_press_of_step_all_deals_a_whole_voyage_hand(client: Checked) -> None:
    table, _admin = _table(client, "voyage", ["open", "open"], chance="step")
    tokens = [_join(client, table, 0), _join(client, table, 1)]
    route, path = TABLE + "/step", f"/api/tables/{table}/step"
    dealer = client.ok("GET", TABLE + "/view", f"/api/tables/{table}/view")["chance_seat"]
    status, reply = client.call("POST", route, path, {"all": "yes"}, token=tokens[dealer])
    assert (status, reply["error"]) == (400, "bad_request")
    status, reply = client.call("POST", route, path, {"all": True}, token=tokens[1 - dealer])
    assert (status, reply["rule"]) == (409, "API-SEAT")
    assert client.ok("POST", route, path, {"version": 0}, token=tokens[dealer]) == {"version": 1}
    dealt = client.ok("POST", route, path, {"all": True, "version": 1}, token=tokens[dealer])
    assert dealt == {"version": 12}  # two hands of six, one change each
    entry = _entry(client, table)
    assert (entry["version"], entry["to_move"]) == (12, 1 - dealer)
    record = stored_record(client.server, table)
    assert len(record.moves) == 12
    events = client.ok("GET", TABLE + "/events", f"/api/tables/{table}/events", token=tokens[0])
    assert [e["version"] for e in events["events"]][-1] == 12


SCHEMA_1 = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
CREATE TABLE tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, chance TEXT NOT NULL,
    seats TEXT NOT NULL, admin_hash BLOB NOT NULL, created REAL NOT NULL,
    version INTEGER NOT NULL, rng TEXT
);
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id), seat INTEGER NOT NULL,
    token_hash BLOB NOT NULL, PRIMARY KEY (table_id, seat)
);
CREATE TABLE changes (
    table_id TEXT NOT NULL REFERENCES tables (id), version INTEGER NOT NULL, seat INTEGER,
    move TEXT, PRIMARY KEY (table_id, version)
);
INSERT INTO tables VALUES
    ('t', 'voyage', '{"players": 2}', 'auto', '["open", "open"]', x'00', 1.0, 0, NULL);
INSERT INTO seats VALUES ('t', 1, x'68');
"""
"""A file of the first schema (before names and rematches), with one table."""


def test_a_file_of_schema_version_1_is_migrated_and_its_tables_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.executescript(SCHEMA_1)
    store = SQLiteStore(str(path))
    stored = store.table("t")
    assert stored is not None
    assert (stored.token_hashes, stored.names, stored.rematch) == ((None, b"h"), (None, None), None)
    assert store.join("t", 0, b"i", "Ann")
    assert store.table("t") == attrs.evolve(
        stored, token_hashes=(b"i", b"h"), names=("Ann", None), revision=1
    )
    store.close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(3,)]


def test_a_table_whose_players_all_left_is_not_swept_as_one_nobody_joined(
    tmp_path: Path,
) -> None:
    with running_server(tmp_path / "ttl.sqlite", "--unjoined-table-ttl", "1") as s:
        body = {"game": "voyage", "seats": ["open", "bot:random"]}
        left = s.ok("POST", "/api/tables", body)
        token = s.ok("POST", f"/api/tables/{left['table']}/seats/0")["token"]
        s.ok("DELETE", f"/api/tables/{left['table']}/seats/0", token=token)
        lonely = s.ok("POST", "/api/tables", body)["table"]  # younger: swept no sooner
        wait_until(lambda: s.request("GET", f"/api/tables/{lonely}")[0] == 404, 20)
        assert s.ok("GET", f"/api/tables/{left['table']}")["free_seats"] == [0]
        s.ok("POST", f"/api/tables/{left['table']}/seats/0")  # the player back


@pytest.mark.parametrize(
    ("game", "rules", "rounds"),
    [
        ("voyage", {"target": 10, "hand_size": 3}, 2),
        # hands of three: random play ends a hand in tens of moves, not thousands
        ("ships_wheel", {"scoring": "hands", "target": 2, "max_hand_size": 3}, 2),
    ],
)
def test_the_log_says_each_change_in_the_games_words_and_marks_the_end_of_each_round(
    client: Checked, game: str, rules: dict[str, Any], rounds: int
) -> None:
    """Issue 47, 6: the log's ``lines`` are one a change that the game has words for,
    ``narrate``'s words for the asker (a seat is told the cards it drew, "you draw red
    3", a spectator not; no line for each card of a deal, none for the choice to draw),
    and mark the change that ends a round."""
    table, admin = _table(client, game, ["open", "bot:random"], rules=rules)
    token = _join(client, table, 0)
    _play_to_the_end(client, table, {0: token})
    engine = GAMES[game]
    doc = client.ok("GET", TABLE + "/record", f"/api/tables/{table}/record", token=admin)
    record = engine.from_dict(doc)
    path = f"/api/tables/{table}/events?limit=10000"
    for seat, asker in ((None, None), (0, token)):
        events = client.ok("GET", TABLE + "/events", path, token=asker)
        assert events["next"] is None
        expected, state = [], engine.new_game(record.rules)
        for version, move in enumerate(record.moves, start=1):
            said = engine.narrate(state, move, seat=seat)
            if said:
                ends = any(e.ends_round for e in engine.events(state, move, seat=seat))
                expected.append({"version": version, "text": said, "ends_round": ends})
            state = engine.apply_move(state, move)
        assert events["lines"] == expected
        ended = [line for line in events["lines"] if line["ends_round"]]
        assert engine.periods is not None
        assert len(ended) == len(engine.periods.winners(state)) >= rounds
        assert all(
            (" out, scoring " in t or "the hand" in t) for t in (line["text"] for line in ended)
        )
        said = " ".join(line["text"] for line in events["lines"])
        assert "dealt" not in said
        assert "must draw" not in said
        assert "chooses to draw" not in said
        assert not re.search(r"\b[RGB]\d+\b|\w-\w", said)  # cards in words, not notation
        assert ("you " in said) == (seat == 0)  # the seat's own moves, as "you" made them
