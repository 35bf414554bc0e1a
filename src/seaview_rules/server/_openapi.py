"""The OpenAPI 3.1 description of the server, with every game's document schemas (from
`seaview_rules.schema`) as its components.

It is written for the tools that read it: every operation has an ``operationId``, every
status a route answers with is listed with its body, every key the server always sends
is ``required``, and the create request is a ``oneOf`` on ``game`` whose every member
carries that game's ``Rules`` schema and players range. The games' schemas keep their
own ``$defs`` in their published form; here those are hoisted to components of their
own (``voyage.Card``), since a generator of types reads a nested ``$defs`` as one more
property of the object (openapi-typescript makes it a required one)."""

from __future__ import annotations

import functools
from typing import Any

from seaview_rules import GAMES, __version__
from seaview_rules.schema import KINDS, schema
from seaview_rules.server._lobby import LOBBY_MAX, LOBBY_PAGE

__all__ = ["api_schemas", "openapi", "rules_inputs"]

_SEAT_KINDS = ("open", "bot:random", "bot:ismcts")
"""What a seat of a new table may be (`seaview_rules.server.SEAT_KINDS`)."""
_CHANCE_MODES = ("auto", "step", "external")
"""A table's chance mode (the docs' "Chance")."""

Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _one_of(kind: str) -> Schema:
    """A document of ``kind`` of any game (its ``game`` key says which)."""
    return {"oneOf": [_ref(f"{game}.{kind}") for game in GAMES]}


def _hoisted(game: str) -> dict[str, Schema]:
    """Every document schema of ``game`` as a component ``{game}.{kind}``, and every one
    of their ``$defs`` as a component ``{game}.{name}``, each reference rewritten to
    point at it.

    Raises:
        ValueError: two kinds of ``game`` define one name differently (they share
            one component).
    """
    prefix = f"#/components/schemas/{game}."

    def rebased(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                key: prefix + value.removeprefix("#/$defs/")
                if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/")
                else rebased(value)
                for key, value in node.items()
                if key not in ("$id", "$schema", "$defs")
            }
        if isinstance(node, list):
            return [rebased(item) for item in node]
        return node

    components: dict[str, Schema] = {}
    for kind in KINDS:
        document = schema(game, kind)
        components[f"{game}.{kind}"] = rebased(document)
        for name, definition in document.get("$defs", {}).items():
            hoisted = rebased(definition)
            if components.setdefault(f"{game}.{name}", hoisted) != hoisted:
                raise ValueError(f"{game}: two schemas named {name!r}")
    return components


def _rules_of(game: str, components: dict[str, Schema]) -> Schema:
    """The schema of ``game``'s rules: the one its record documents carry."""
    record = components[f"{game}.record"]
    rules: Schema = record["properties"]["data"]["properties"]["rules"]
    return rules


@functools.cache
def rules_inputs(game: str) -> Schema:
    """The schema of ``game``'s rules with only the options a form sets with one input
    (a number and its bounds, a yes or no, a choice of words): the ``rules_schema`` of
    ``GET /api/games``, from which the page builds its rules' inputs."""
    rules: Schema = schema(game, "record")["$defs"]["Rules"]
    return {
        "type": "object",
        "properties": {
            key: spec
            for key, spec in rules["properties"].items()
            if "$ref" not in spec and spec.get("type") != "object"
        },
    }


def _create_body(game: str, rules: Schema) -> Schema:
    spec = GAMES[game]
    return {
        "type": "object",
        "description": f"A new table of {spec.title}.",
        "properties": {
            "game": {"const": game},
            "rules": {
                "anyOf": [rules, {"type": "null"}],
                "description": "Only the options that differ from the print (null or absent: "
                "the print); `players`, if given, must be the number of seats (400 otherwise).",
            },
            "seats": {
                "type": "array",
                "items": _ref("SeatKind"),
                "minItems": spec.min_players,
                "maxItems": spec.max_players,
            },
            "chance": {
                "anyOf": [_ref("ChanceMode"), {"type": "null"}],
                "description": "Null or absent: the game's `table_chance`.",
            },
        },
        "required": ["game", "seats"],
        "additionalProperties": False,
    }


_VERSION: Schema = {"type": "integer", "minimum": 0}
_SEAT: Schema = {"type": "integer", "minimum": 0}
_CHANCE_SEAT: Schema = {
    "type": ["integer", "null"],
    "minimum": 0,
    "description": "The seat that makes the pending chance move (`Game.chance_seat`: "
    "presses 'spin', 'deal' or 'draw' on a table with chance 'step'), or null when "
    "chance is not to move.",
}
_NAME: Schema = {
    "type": ["string", "null"],
    "description": "The name a player gave on joining the seat, or null (none given, a "
    "bot's seat, an open seat).",
}
_ACTED_ON: Schema = {
    **_VERSION,
    "description": "The version the client acted on: refused (API-VERSION) if the table "
    "has moved on, so a request sent again after a lost reply is never applied twice.",
}


def _object(description: str, required: dict[str, Schema], **optional: Schema) -> Schema:
    """An object with ``required`` keys (always sent) and ``optional`` ones."""
    return {
        "type": "object",
        "description": description,
        "properties": {**required, **optional},
        "required": list(required),
    }


def _body(description: str, **optional: Schema) -> Schema:
    """A request body: an object with only these keys."""
    return {
        "type": "object",
        "description": description,
        "properties": optional,
        "additionalProperties": False,
    }


def api_schemas() -> dict[str, Schema]:
    """The schemas of what the server sends and takes besides the games' documents,
    by component name (the live channel's messages included: `asyncapi` points here)."""
    return {
        "Error": _object(
            "A refusal: nothing changed.",
            {
                "error": {"type": "string", "description": "A short code of the error."},
                "reason": {"type": "string", "description": "What is wrong, in words."},
            },
            rule={
                "type": "string",
                "description": "The rule a refused change breaks (409): API-SEAT, API-MOVE, "
                "API-VERSION, API-UNDO, or a rule of the game such as VOY-3.",
            },
        ),
        "SeatKind": {"enum": list(_SEAT_KINDS)},
        "ChanceMode": {"enum": list(_CHANCE_MODES)},
        "Game": _object(
            "A game the server plays.",
            {
                "name": {"enum": list(GAMES)},
                "title": {"type": "string"},
                "min_players": {"type": "integer", "minimum": 1},
                "max_players": {"type": "integer", "minimum": 1},
                "chance": {"type": "boolean"},
                "hidden_information": {"type": "boolean"},
                "table_chance": _ref("ChanceMode"),
                "rules": {
                    "type": "object",
                    "description": "The default rules' data (the game's `Rules` schema).",
                },
                "rules_schema": {
                    "type": "object",
                    "description": "The JSON Schema of the options of the rules a form "
                    "sets with one input each: a number (its bounds), a yes or no, a "
                    "choice of words (an `enum`).",
                },
            },
        ),
        "Games": _object("The games.", {"games": {"type": "array", "items": _ref("Game")}}),
        "Table": _object(
            "A table's lobby entry.",
            {
                "table": {"type": "string"},
                "game": {"enum": list(GAMES)},
                "players": {"type": "integer", "minimum": 1},
                "seats": {
                    "type": "array",
                    "items": {"enum": ["taken", *_SEAT_KINDS]},
                    "description": "Each seat: open, taken (by a player who joined it), or "
                    "a bot's.",
                },
                "free_seats": {"type": "array", "items": _SEAT},
                "names": {
                    "type": "array",
                    "items": _NAME,
                    "description": "Each seat's player's name (null for none, an open seat "
                    "or a bot).",
                },
                "chance": _ref("ChanceMode"),
                "version": _VERSION,
                "to_move": {
                    "oneOf": [_SEAT, {"const": "chance"}, {"type": "null"}],
                    "description": "The seat to move, 'chance', or null once the game is over.",
                },
                "over": {"type": "boolean"},
                "outcome": {
                    "oneOf": [_ref("Outcome"), {"type": "null"}],
                    "description": "How the game ended; null until it is over.",
                },
                "rematch": {
                    "type": ["string", "null"],
                    "description": "The table of this one's rematch, once one was made "
                    "(POST .../rematch); null until then.",
                },
                "connected": {
                    "type": "array",
                    "items": {"type": "boolean"},
                    "description": "Whether each seat has a live channel open on the "
                    "process that answers (its player is at the table now).",
                },
            },
        ),
        "Outcome": _object(
            "How a finished game ended (`Game.outcome`).",
            {
                "winner": {
                    "oneOf": [_SEAT, {"type": "null"}],
                    "description": "The winning seat, or null if nobody won.",
                },
                "scores": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "Each seat's final score.",
                },
            },
        ),
        "Lobby": _object(
            "A page of the lobby: open tables (a seat free, the game not over) first, then "
            "the others, each group newest first.",
            {
                "tables": {"type": "array", "items": _ref("Table")},
                "next": {
                    "type": ["string", "null"],
                    "description": "The cursor of the next page (null: this is the last).",
                },
            },
        ),
        "CreateTable": {
            "oneOf": [_ref(f"{game}.CreateTable") for game in GAMES],
            "discriminator": {
                "propertyName": "game",
                "mapping": {game: f"#/components/schemas/{game}.CreateTable" for game in GAMES},
            },
        },
        "Created": _object(
            "The new table and its admin token (given once: keep it secret).",
            {"table": {"type": "string"}, "admin_token": {"type": "string"}, "version": _VERSION},
        ),
        "Join": _body(
            "The player's name, if any: an object, an empty one, or no body at all, but "
            "sent as `Content-Type: application/json`. A POST without that header is "
            "refused (415): a page of another site can then send one only if CORS lets it.",
            name={
                "type": ["string", "null"],
                "minLength": 1,
                "description": "1 to 24 characters once the white space around it is "
                "stripped, none of them a control character (Unicode category C); 400 "
                "otherwise. Null or absent: no name.",
            },
        ),
        "Joined": _object(
            "The seat's token (given once: keep it), the seat, and the name as kept.",
            {"token": {"type": "string"}, "seat": _SEAT, "name": _NAME},
        ),
        "Left": _object("The seat left: open again.", {"left": _SEAT}),
        "Nothing": _body(
            "Nothing: an empty object, or no body at all, but sent as "
            "`Content-Type: application/json` (415 otherwise)."
        ),
        "Rematch": _object(
            "The rematch table and its version. Every player's token and the admin token "
            "of the old table work there.",
            {"table": {"type": "string"}, "version": _VERSION},
        ),
        "ChanceOutcomes": _object(
            "The possible outcomes of the pending chance move (none when chance is not "
            "to move), for the admin to offer and enter with POST .../chance.",
            {
                "version": _VERSION,
                "chance_seat": _CHANCE_SEAT,
                "outcomes": {
                    "type": "array",
                    "items": _object(
                        "One outcome.",
                        {
                            "move": {"type": "string", "description": "Its notation."},
                            "probability": {
                                "type": "string",
                                "description": "An exact fraction, such as '1/44'.",
                            },
                        },
                    ),
                },
            },
        ),
        "Deleted": _object("The table removed.", {"deleted": {"type": "string"}}),
        "Move": {
            **_body(
                "A move, and the version the client acted on.",
                move={
                    "type": "string",
                    "description": "A move in the game's notation.",
                },
                version=_ACTED_ON,
            ),
            "required": ["move"],
        },
        "Acted": _body("The version the client acted on (or `{}`).", version=_ACTED_ON),
        "Step": _body(
            "The version the client acted on (or `{}`), and whether to step every chance "
            "move the asker is to press.",
            version=_ACTED_ON,
            all={
                "type": "boolean",
                "description": "True: step chance while the asker stays the seat to press "
                "it (a whole deal in one request; a draw is still one card), each step "
                "stored as its own change. False or absent: one step.",
            },
        ),
        "Version": _object("Done: the table's new version.", {"version": _VERSION}),
        "Seen": _object(
            "The asker's view and whose chance move is pending, read in one go.",
            {"version": _VERSION, "view": _one_of("view"), "chance_seat": _CHANCE_SEAT},
        ),
        "Entry": _object(
            "One event of a seat's log, as that seat was told it.",
            {
                "version": {"type": "integer", "minimum": 1},
                "event": {
                    **_one_of("event"),
                    "description": "The game's event document, as the view is its view document.",
                },
                "text": {"type": "string", "description": "The event in words, for this seat."},
            },
        ),
        "Line": _object(
            "One line of a seat's log: what one change did, in the game's words for that "
            "seat (a change the game says nothing of, such as each card of a deal, has "
            "no line).",
            {
                "version": {"type": "integer", "minimum": 1},
                "text": {"type": "string", "description": "The change in words, for this seat."},
                "ends_round": {
                    "type": "boolean",
                    "description": "Whether the change ended a round (a hand) of the "
                    "match: a log sets the lines after it apart.",
                },
            },
        ),
        "Events": _object(
            "A page of the asker's log after `since`: the version it runs to, and the "
            "`since` of the next page (null once the page reaches the table's version).",
            {
                "version": _VERSION,
                "events": {"type": "array", "items": _ref("Entry")},
                "lines": {"type": "array", "items": _ref("Line")},
                "next": {"oneOf": [_VERSION, {"type": "null"}]},
            },
        ),
        "Update": _object(
            "What a seat is sent on the live channel after every change: read in one go, "
            "so that no change falls between the version, the events and the view. A "
            "channel more than 1,000 changes behind is first caught up a page of the log "
            "at a time: those messages have no `view` and no `chance_seat`; the one that "
            "reaches the table's version has both.",
            {
                "version": _VERSION,
                "events": {"type": "array", "items": _ref("Entry")},
                "lines": {"type": "array", "items": _ref("Line")},
            },
            view=_one_of("view"),
            chance_seat=_CHANCE_SEAT,
        ),
        "LiveHello": _body(
            "The first message on the live channel, within 10 seconds (a browser's "
            "WebSocket sends no header, and a URL ends up in logs).",
            token={
                "type": ["string", "null"],
                "description": "A seat's token; none or null: a spectator.",
            },
            since={
                **_VERSION,
                "description": "The last version the client saw (default 0): the first "
                "update carries the events after it.",
            },
        ),
        "LiveRefusal": _object(
            "Why the live channel is refused, sent just before it is closed (code 1008, "
            "1013 when the server is full).",
            {
                "error": {"type": "string"},
                "status": {"type": "integer", "description": "The HTTP status it would be."},
                "reason": {"type": "string"},
            },
        ),
    }


def _json(schema: Schema, description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_STATUS = {
    "400": "Malformed: not a JSON object, a key twice or unknown, a value of the wrong kind.",
    "401": "No token where one is needed (with `WWW-Authenticate: Bearer`).",
    "403": "A malformed Authorization header, or a token that is not the one needed.",
    "408": "The body did not all come within the server's time (the connection closes).",
    "404": "No such table, seat or route.",
    "405": "The route does not take this method (the Allow header lists those it takes).",
    "304": "The reply has not changed since the one whose ETag `If-None-Match` names (no body).",
    "409": "Refused, and nothing changed: `rule` names the rule the request breaks.",
    "413": "The body is larger than the server takes (64 KiB by default).",
    "415": "A POST without Content-Type: application/json.",
    "429": "This client asked for more than its share: tables, seats, moves a second, "
    "changes of its tables (with `Retry-After` when waiting helps); or the server holds "
    "as many tables as it may.",
    "500": "A bug of the server; it says no more (the traceback goes to its log).",
    "503": "Busy, full or failing: the store could not be read or written, or the "
    "tables held have all the changes the server holds (`server_full`: a new table, or a "
    "change of a table with no open seat) (JSON); or more connections at once than the "
    "server takes (plain text, from the ASGI server).",
}


def _answers(*statuses: str, **described: str) -> dict[str, Schema]:
    """The refusals of an operation (with 405, 500 and 503, which every route may
    answer), each with its body; ``described`` overrides a description."""
    answers = {}
    for status in sorted({*statuses, "405", "500", "503"}):
        answer = _json(_ref("Error"), described.get(f"_{status}", _STATUS[status]))
        if status == "503":
            answer["content"]["text/plain"] = {"schema": {"type": "string"}}
        answers[status] = answer
    return answers


_LOBBY_PAGE: list[Schema] = [
    {
        "name": "limit",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 1, "maximum": LOBBY_MAX, "default": LOBBY_PAGE},
        "description": "The most tables of the page.",
    },
    {
        "name": "cursor",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "maxLength": 100},
        "description": "The `next` of the page before (none: the first page).",
    },
]

_SPECTATOR_OR_SEAT: list[dict[str, list[str]]] = [{"bearer": []}, {}]
"""A token is optional: without one the asker is a spectator."""
_TOKEN: list[dict[str, list[str]]] = [{"bearer": []}]
_OPEN: list[dict[str, list[str]]] = []


_IF_NONE_MATCH: Schema = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "The ETag of the reply the client holds: 304 with no body while it "
    "still matches.",
}


def _tagged(operation_id: str, summary: str, reply: Schema, *statuses: str) -> Schema:
    """A GET of the lobby whose reply carries a strong ``ETag`` and
    ``Cache-Control: no-cache``, and that answers 304 to a matching ``If-None-Match``."""
    tag = {
        "ETag": {
            "required": True,
            "schema": {"type": "string"},
            "description": "A strong tag of the reply: a hash of its body.",
        }
    }
    return {
        "operationId": operation_id,
        "summary": summary,
        "security": _OPEN,
        "parameters": [_IF_NONE_MATCH],
        "responses": {
            "200": {**reply, "headers": tag},
            "304": {"description": _STATUS["304"], "headers": tag},
            **_answers(*statuses),
        },
    }


def _get(operation_id: str, summary: str, reply: Schema, *statuses: str) -> Schema:
    return {
        "operationId": operation_id,
        "summary": summary,
        "security": _SPECTATOR_OR_SEAT,
        "responses": {"200": reply, **_answers("403", "404", *statuses)},
    }


def _change(operation_id: str, summary: str, body: str, *, security: Any = _TOKEN) -> Schema:
    """A POST that changes a table; its reply is the table's new version."""
    return {
        "operationId": operation_id,
        "summary": summary,
        "security": security,
        "requestBody": {"required": True, "content": {"application/json": {"schema": _ref(body)}}},
        "responses": {
            "200": _json(_ref("Version"), "Done: the table's new version."),
            **_answers("400", "401", "403", "404", "408", "409", "413", "415", "429"),
        },
    }


_TABLE_PARAMETER: Schema = {
    "name": "table",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "minLength": 1, "maxLength": 64},
}
_WIDTH: Schema = {
    "name": "width",
    "in": "query",
    "schema": {"type": "integer", "minimum": 280, "maximum": 4096},
    "description": "The CSS pixels the picture is shown at: it is drawn at most that wide, "
    "its texts readable (a narrow layout below 600); its own layout without it.",
}
_PAGE: list[Schema] = [
    {
        "name": "since",
        "in": "query",
        "schema": _VERSION,
        "description": "Where the page starts: a version (log) or a move (record); 0 by default.",
    },
    {
        "name": "limit",
        "in": "query",
        "schema": {"type": "integer", "minimum": 1},
        "description": "The most changes (log) or moves (record) of the page; a limit "
        "over the server's page size is refused (400).",
    },
]
_LINKS = {
    name: {"operationId": operation, "parameters": {"table": "$response.body#/table"}}
    for name, operation in (
        ("GetTable", "getTable"),
        ("GetView", "getView"),
        ("GetEvents", "getEvents"),
        ("GetRecord", "getRecord"),
        ("JoinSeat", "joinSeat"),
    )
}
"""Where a new table's id leads (for tools that chain requests, as Schemathesis's
stateful tests do)."""


@functools.cache
def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``seaview serve``."""
    components: dict[str, Schema] = {}
    for game in GAMES:
        components.update(_hoisted(game))
    for game in GAMES:
        components[f"{game}.CreateTable"] = _create_body(game, _rules_of(game, components))
    components.update(api_schemas())
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "seaview serve",
            "version": __version__,
            "description": "The table server of seaview_rules: a lobby, seats with secret "
            "tokens, moves checked by the engine, live updates, tables that survive a "
            "restart. Every POST is sent as Content-Type: application/json (415 "
            "otherwise), a guard against cross-site form posts. The live channel, a "
            "WebSocket at /api/tables/{table}/live, is described by the AsyncAPI 3.0 "
            "document at /asyncapi.json, whose messages are schemas of this document "
            "(LiveHello, Update, LiveRefusal).",
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "components": {
            "schemas": components,
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's token (from joining it) or a table's admin token "
                    "(from creating it).",
                }
            },
        },
        "paths": _paths(),
    }


def _paths() -> dict[str, Any]:
    table = "/api/tables/{table}"
    return {
        "/api/games": {
            "get": {
                "operationId": "listGames",
                "summary": "The games, their players range and their default rules.",
                "security": _OPEN,
                "responses": {"200": _json(_ref("Games"), "The games."), **_answers()},
            }
        },
        "/api/tables": {
            "get": {
                **_tagged(
                    "listTables", "A page of the lobby.", _json(_ref("Lobby"), "A page."), "400"
                ),
                "parameters": [_IF_NONE_MATCH, *_LOBBY_PAGE],
            },
            "post": {
                "operationId": "createTable",
                "summary": "Create a table; bots play their seats inside the server.",
                "security": _OPEN,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("CreateTable")}},
                },
                "responses": {
                    "201": {**_json(_ref("Created"), "The table."), "links": _LINKS},
                    **_answers("400", "408", "413", "415", "429"),
                },
            },
        },
        table: {
            "parameters": [_TABLE_PARAMETER],
            "get": _tagged(
                "getTable", "A table's lobby entry.", _json(_ref("Table"), "The table."), "404"
            ),
            "delete": {
                "operationId": "deleteTable",
                "summary": "Remove the table, its seats and its changes (admin token).",
                "security": _TOKEN,
                "responses": {
                    "200": _json(_ref("Deleted"), "Removed."),
                    **_answers("401", "403", "404"),
                },
            },
        },
        table + "/seats/{seat}": {
            "parameters": [
                _TABLE_PARAMETER,
                {"name": "seat", "in": "path", "required": True, "schema": _SEAT},
            ],
            "post": {
                "operationId": "joinSeat",
                "summary": "Join a free seat: its token, given once.",
                "security": _OPEN,
                "requestBody": {
                    "required": True,
                    "description": "The player's name, or empty; the Content-Type is required.",
                    "content": {"application/json": {"schema": _ref("Join")}},
                },
                "responses": {
                    "200": _json(_ref("Joined"), "The seat's token."),
                    **_answers(
                        "400",
                        "404",
                        "408",
                        "409",
                        "413",
                        "415",
                        "429",
                        _409="The seat is taken or a bot's (`seat_taken`), or another player "
                        "of the table has that name (`name_taken`).",
                    ),
                },
            },
            "delete": {
                "operationId": "leaveSeat",
                "summary": "Leave the seat (its token), or free a player's seat (the admin "
                "token): the token no longer works, its live channels are closed, the name "
                "is cleared and the seat is open again.",
                "security": _TOKEN,
                "responses": {
                    "200": _json(_ref("Left"), "The seat is open."),
                    **_answers(
                        "401",
                        "403",
                        "404",
                        "409",
                        _409="The seat is a bot's (`not_a_player_seat`) or open (`seat_open`).",
                    ),
                },
            },
        },
        table + "/rematch": {
            "parameters": [_TABLE_PARAMETER],
            "post": {
                "operationId": "rematchTable",
                "summary": "The rematch of a finished table (a seat's or the admin token): "
                "a new table of the same game, rules, chance and seats, each player's seat "
                "held by the same token and name, the same admin token. Made once: a later "
                "request answers 200 with the same table. Counts as a new table in the "
                "client's quota.",
                "security": _TOKEN,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("Nothing")}},
                },
                "responses": {
                    "201": {**_json(_ref("Rematch"), "Made now."), "links": _LINKS},
                    "200": {**_json(_ref("Rematch"), "Made before."), "links": _LINKS},
                    **_answers(
                        "400",
                        "401",
                        "403",
                        "404",
                        "408",
                        "409",
                        "413",
                        "415",
                        "429",
                        _409="The game is not over (`not_over`).",
                    ),
                },
            },
        },
        table + "/view": {
            "parameters": [_TABLE_PARAMETER],
            "get": _get(
                "getView",
                "The asker's view (a spectator's without a token), the version, and the "
                "seat whose chance move is pending.",
                _json(_ref("Seen"), "The view."),
            ),
        },
        table + "/view.svg": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                **_get(
                    "getViewPicture",
                    "The asker's view as an SVG picture, naming the players, with the last "
                    "change marked as the asker saw it.",
                    {
                        "description": "The picture.",
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                    },
                    "400",
                ),
                "parameters": [_WIDTH],
            },
        },
        table + "/replay.svg": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                **_get(
                    "getReplayPicture",
                    "Once the game is over, the asker's view after the record's first "
                    "`move` moves as an SVG picture (a seat's as it saw it then, a "
                    "spectator's otherwise), that move marked; one of over 200 moves "
                    "counts in the client's moves a second.",
                    {
                        "description": "The picture.",
                        "headers": {
                            "Record-Moves": {
                                "description": "How many moves the record has.",
                                "schema": {"type": "integer", "minimum": 0},
                            }
                        },
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                    },
                    "400",
                    "409",
                    "429",
                ),
                "parameters": [
                    {
                        "name": "move",
                        "in": "query",
                        "schema": {"type": "integer", "minimum": 0},
                        "description": "How many moves of the record are played (all of "
                        "them by default); more than the record has is refused (400).",
                    },
                    _WIDTH,
                ],
            },
        },
        table + "/events": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                **_get(
                    "getEvents",
                    "The asker's log after version `since`.",
                    _json(_ref("Events"), "The events."),
                    "400",
                ),
                "parameters": _PAGE,
            },
        },
        table + "/record": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                "parameters": _PAGE,
                **_get(
                    "getRecord",
                    "The asker's seat record; with the admin token, the full record once "
                    "the game is over (a spectator's before).",
                    _json(
                        {"oneOf": [*_one_of("seat_record")["oneOf"], *_one_of("record")["oneOf"]]},
                        "A page of the seat record, or (admin) of the game record, which "
                        "replays; a Link header with rel=next names the next page.",
                    ),
                    "400",
                ),
            },
        },
        table + "/moves": {
            "parameters": [_TABLE_PARAMETER],
            "post": _change("playMove", "Play a move for the token's seat.", "Move"),
        },
        table + "/step": {
            "parameters": [_TABLE_PARAMETER],
            "post": _change(
                "stepChance",
                "Resolve the pending chance move (tables with chance 'step'): only the "
                "seat named by `chance_seat` may; with `all`, every one it is to press.",
                "Step",
            ),
        },
        table + "/undo": {
            "parameters": [_TABLE_PARAMETER],
            "post": _change("undoMove", "Take back the seat's last move (API-UNDO).", "Acted"),
        },
        table + "/chance": {
            "parameters": [_TABLE_PARAMETER],
            "post": _change(
                "enterChance",
                "Enter the real card or spin (tables with chance 'external'; admin token).",
                "Move",
            ),
            "get": {
                "operationId": "getChanceOutcomes",
                "summary": "The outcomes the pending chance move may have, with their "
                "probabilities (tables with chance 'external'; admin token).",
                "security": _TOKEN,
                "responses": {
                    "200": _json(_ref("ChanceOutcomes"), "The outcomes."),
                    **_answers(
                        "401", "403", "404", "409", _409="The table's chance is not 'external'."
                    ),
                },
            },
        },
    }
