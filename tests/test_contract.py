"""The server's contract: its OpenAPI document (what a generated client is typed from)
and its AsyncAPI document (the live channel), checked as documents and against what a
real ``seaview serve`` on 127.0.0.1 answers while every game is played to its end."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate as validate_openapi
from websockets.sync.client import connect

from seaview_rules import GAMES
from seaview_rules.schema import KINDS, schema
from seaview_rules.server import SEAT_KINDS, openapi
from seaview_rules.server._asyncapi import asyncapi
from tests.helpers import json_references
from tests.serving import ONE_CLIENT, Server, running_server

Document = dict[str, Any]

OPERATIONS = ("get", "post", "delete", "put", "patch")


def _operations(document: Document) -> Iterator[tuple[str, str, Document]]:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in OPERATIONS:
                yield path, method, operation


def _resolved(node: Any, document: Document, local: Document) -> Any:
    """``node`` with every reference into ``document``'s components that is one of
    ``local``'s (a game's hoisted ``$defs``) made a ``#/$defs/`` reference again."""
    if isinstance(node, dict):
        return {key: _resolved(value, document, local) for key, value in node.items()}
    if isinstance(node, list):
        return [_resolved(item, document, local) for item in node]
    if isinstance(node, str) and node.startswith("#/components/schemas/"):
        name = node.removeprefix("#/components/schemas/").partition(".")[2]
        if name in local:
            return f"#/$defs/{name}"
    return node


def test_every_operation_has_a_unique_operation_id() -> None:
    ids = [operation.get("operationId") for _, _, operation in _operations(openapi())]
    assert None not in ids
    assert len(ids) == len(set(ids)) == 18


def test_the_document_is_valid_openapi_and_every_reference_lands() -> None:
    document = openapi()
    validate_openapi(document)
    for ref in set(json_references(document)):
        node: Any = document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        assert isinstance(node, dict), ref
    # a nested $defs is read as a property by generators of types: none is left
    assert "$defs" not in json.dumps(document)


def test_every_game_document_is_its_published_schema_with_its_defs_hoisted() -> None:
    document = openapi()
    components = document["components"]["schemas"]
    for game in GAMES:
        for kind in KINDS:
            published = schema(game, kind)
            local = published.get("$defs", {})
            embedded = _resolved(components[f"{game}.{kind}"], document, local)
            expected = {k: v for k, v in published.items() if k not in ("$id", "$schema", "$defs")}
            assert embedded == expected
            for name, definition in local.items():
                assert _resolved(components[f"{game}.{name}"], document, local) == definition


def test_the_create_request_is_one_of_the_games_each_with_its_rules_and_players() -> None:
    document = openapi()
    components = document["components"]["schemas"]
    create = components["CreateTable"]
    assert create["discriminator"]["propertyName"] == "game"
    assert [ref["$ref"].rpartition("/")[2] for ref in create["oneOf"]] == [
        f"{game}.CreateTable" for game in GAMES
    ]
    for name, game in GAMES.items():
        body = components[f"{name}.CreateTable"]
        assert body["properties"]["game"] == {"const": name}
        seats = body["properties"]["seats"]
        assert (seats["minItems"], seats["maxItems"]) == (game.min_players, game.max_players)
        rules = body["properties"]["rules"]
        assert rules["anyOf"][0]["$ref"] == f"#/components/schemas/{name}.Rules"
        validator = _validator("CreateTable")
        assert validator.is_valid({"game": name, "seats": ["open"] * game.min_players})
        assert not validator.is_valid({"game": name, "seats": []})
        assert not validator.is_valid(
            {"game": name, "seats": ["open"] * game.min_players, "rules": {"no_such": 1}}
        )
    assert components["SeatKind"]["enum"] == list(SEAT_KINDS)


def test_every_route_lists_the_statuses_it_answers_with_a_body_and_every_post_a_body() -> None:
    for path, method, operation in _operations(openapi()):
        responses = operation["responses"]
        assert {"405", "500", "503"} <= set(responses), (path, method)
        for status, response in responses.items():
            if status != "304":  # Not Modified has no body
                assert response["content"], (path, method, status)
        if "{table}" in path:
            assert "404" in responses, path
        if method == "post":
            assert operation["requestBody"]["required"], path
            assert {"400", "413", "415"} <= set(responses), path


def test_the_asyncapi_document_describes_the_live_channel_with_the_openapi_schemas() -> None:
    document = asyncapi()
    assert document["asyncapi"] == "3.0.0"
    assert document["channels"]["live"]["address"] == "/api/tables/{table}/live"
    schemas = openapi()["components"]["schemas"]
    for name, embedded in document["components"]["schemas"].items():
        assert embedded == schemas[name]
    for ref in set(json_references(document)):
        node: Any = document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        assert isinstance(node, dict), ref
    payloads = {m["payload"]["$ref"] for m in document["components"]["messages"].values()}
    assert payloads == {f"#/components/schemas/{n}" for n in ("LiveHello", "Update", "LiveRefusal")}


def _validator(name: str) -> jsonschema.Draft202012Validator:
    root = {"$ref": f"#/components/schemas/{name}", "components": openapi()["components"]}
    return jsonschema.Draft202012Validator(root)


class Checked:
    """A client of a real server that validates every reply against the schema the
    OpenAPI document gives for its route, method and status, and notes the keys of every
    object of a named schema that it saw."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.document = openapi()
        self.seen: dict[str, list[set[str]]] = defaultdict(list)

    def call(self, method: str, route: str, path: str, body: object = None, **options: Any) -> Any:
        status, reply = self.server.request(method, path, body, **options)
        operation = self.document["paths"][route][method.lower()]
        answer = operation["responses"][str(status)]
        media = next(iter(answer["content"]))
        if media == "application/json":
            target = answer["content"][media]["schema"]
            root = {**target, "components": self.document["components"]}
            jsonschema.Draft202012Validator(root).validate(reply)
            self._note(target, reply)
        return status, reply

    def ok(self, method: str, route: str, path: str, body: object = None, **options: Any) -> Any:
        status, reply = self.call(method, route, path, body, **options)
        assert status in (200, 201), (status, reply)
        return reply

    def _note(self, target: Document, reply: Any) -> None:
        """Record the keys of ``reply`` under its schema's name, and of its items."""
        name = target.get("$ref", "").rpartition("/")[2]
        if not name or "." in name or not isinstance(reply, dict):
            return
        self.seen[name].append(set(reply))
        for key, value in reply.items():
            inner = self.document["components"]["schemas"][name].get("properties", {}).get(key)
            if inner and isinstance(value, list):
                for item in value:
                    self._note(inner.get("items", {}), item)
            elif inner:
                self._note(inner, value)


TABLE = "/api/tables/{table}"


def _play(client: Checked, game: str, rules: Document, chance: str) -> int:
    """Play a table of ``game`` with every seat joined over HTTP, each seat making a
    random legal move or pressing the chance button when ``chance_seat`` names it; the
    number of changes."""
    players = GAMES[game].min_players
    created = client.ok(
        "POST",
        "/api/tables",
        "/api/tables",
        {"game": game, "rules": rules, "seats": ["open"] * players, "chance": chance},
    )
    table = created["table"]
    tokens = [
        client.ok("POST", TABLE + "/seats/{seat}", f"/api/tables/{table}/seats/{seat}", {})["token"]
        for seat in range(players)
    ]
    chooser = random.Random(game)
    for _ in range(3000):
        entry = client.ok("GET", TABLE, f"/api/tables/{table}")
        if entry["over"]:
            break
        to_move = entry["to_move"]
        seen = client.ok(
            "GET",
            TABLE + "/view",
            f"/api/tables/{table}/view",
            token=tokens[to_move if isinstance(to_move, int) else 0],
        )
        version = seen["version"]
        if to_move == "chance":
            seat = seen["chance_seat"]
            assert isinstance(seat, int)
            other = tokens[(seat + 1) % players]
            status, refused = client.call(
                "POST", TABLE + "/step", f"/api/tables/{table}/step", {}, token=other
            )
            assert (status, refused["rule"]) == (409, "API-SEAT")
            client.ok(
                "POST",
                TABLE + "/step",
                f"/api/tables/{table}/step",
                {"version": version},
                token=tokens[seat],
            )
        else:
            assert seen["chance_seat"] is None
            move = chooser.choice(seen["view"]["data"]["legal_moves"])
            client.ok(
                "POST",
                TABLE + "/moves",
                f"/api/tables/{table}/moves",
                {"move": move, "version": version},
                token=tokens[to_move],
            )
    else:
        pytest.fail(f"the {game} table did not end")
    client.ok("GET", TABLE + "/events", f"/api/tables/{table}/events?since=0", token=tokens[0])
    client.ok("GET", TABLE + "/events", f"/api/tables/{table}/events?since=1")
    client.ok("GET", TABLE + "/record", f"/api/tables/{table}/record", token=tokens[0])
    client.ok("GET", TABLE + "/record", f"/api/tables/{table}/record", token=created["admin_token"])
    return int(entry["version"])


PLAYED = {
    "leagues": ({}, "step"),
    "voyage": ({"target": 1}, "step"),
    "ships_wheel": ({"target": 1}, "auto"),
}
"""How each game is played here: leagues and Voyage with the chance button (a seat
presses each spin, deal and draw), Ship's Wheel dealt by the server."""


def test_every_reply_of_whole_games_matches_the_contract_and_sends_every_required_key(
    tmp_path: Path,
) -> None:
    with running_server(tmp_path / "contract.sqlite", *ONE_CLIENT) as server:
        client = Checked(server)
        client.ok("GET", "/api/games", "/api/games")
        for game in GAMES:
            rules, chance = PLAYED.get(game, ({}, "auto"))
            assert _play(client, game, rules, chance) > 0
        client.ok("GET", "/api/tables", "/api/tables")
        refusals = [
            client.call("POST", "/api/tables", "/api/tables", {"game": "voyage", "seats": []}),
            client.call("GET", TABLE, "/api/tables/none"),
            client.call("POST", "/api/tables", "/api/tables", raw=b"{", headers={}),
        ]
        assert [status for status, _ in refusals] == [400, 404, 400]
    for name, instances in client.seen.items():
        always = set.intersection(*instances)
        required = set(openapi()["components"]["schemas"][name].get("required", ()))
        assert always <= required, (name, always - required)
    assert {"Seen", "Entry", "Events", "Table", "Lobby", "Created", "Joined"} <= set(client.seen)


def test_a_bare_join_is_refused_415_as_the_contract_says(tmp_path: Path) -> None:
    with running_server(tmp_path / "join.sqlite") as server:
        table = server.ok("POST", "/api/tables", {"game": "voyage", "seats": ["open", "open"]})
        status, reply = server.request(
            "POST",
            f"/api/tables/{table['table']}/seats/0",
            raw=b"",
            headers={"Content-Type": "text/plain"},
        )
        assert status == 415
        _validator("Error").validate(reply)
        assert "415" in openapi()["paths"][TABLE + "/seats/{seat}"]["post"]["responses"]


def test_a_405_names_every_method_of_its_path_in_allow(tmp_path: Path) -> None:
    with running_server(tmp_path / "allow.sqlite") as server:
        import urllib.error
        import urllib.request

        for path, methods in (("/api/tables", {"GET", "POST"}), ("/api/games", {"GET"})):
            request = urllib.request.Request(server.url + path, data=b"{}", method="PUT")
            request.add_header("Content-Type", "application/json")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=30)
            assert refused.value.code == 405
            allowed = {m.strip() for m in refused.value.headers["Allow"].split(",")}
            assert methods <= allowed <= methods | {"HEAD"}
            _validator("Error").validate(json.loads(refused.value.read()))


def test_the_live_channel_sends_what_the_asyncapi_document_says(tmp_path: Path) -> None:
    update, refusal, hello = (
        _validator("Update"),
        _validator("LiveRefusal"),
        _validator("LiveHello"),
    )
    with running_server(tmp_path / "live.sqlite") as server:
        created = server.ok("POST", "/api/tables", {"game": "leagues", "seats": ["open", "open"]})
        table = created["table"]
        token = server.ok("POST", f"/api/tables/{table}/seats/0", {})["token"]
        url = server.url.replace("http", "ws") + f"/api/tables/{table}/live"

        received = []
        with connect(url, open_timeout=10, close_timeout=5) as live:
            first = {"token": token, "since": 0}
            hello.validate(first)
            live.send(json.dumps(first))
            received.append(json.loads(live.recv(timeout=10)))
            server.ok("POST", f"/api/tables/{table}/step", {}, token=token)
            received.append(json.loads(live.recv(timeout=10)))
        with connect(url, open_timeout=10, close_timeout=5) as live:
            live.send(json.dumps({"token": 5}))
            refused = json.loads(live.recv(timeout=10))
    for message in received:
        update.validate(message)
    assert received[0]["chance_seat"] == 0  # the first spin, for the order of play
    assert received[1]["events"][0]["event"]["kind"] == "event"
    refusal.validate(refused)
    assert document_payload_names() == {"LiveHello", "Update", "LiveRefusal"}


def document_payload_names() -> set[str]:
    messages = asyncapi()["components"]["messages"].values()
    return {m["payload"]["$ref"].rpartition("/")[2] for m in messages}
