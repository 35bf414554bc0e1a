"""The OpenAPI 3.1 description of the server, with every game's document schemas (from
`seaview_rules.schema`) as its components."""

from __future__ import annotations

import functools
from typing import Any

from seaview_rules import GAMES, __version__

__all__ = ["openapi"]

_KINDS_SENT = ("view", "record", "seat_record", "event")
"""The document kinds the server sends."""


def _embedded(document: dict[str, Any], name: str) -> dict[str, Any]:
    """A document schema as a component of this document: the same schema, without its
    ``$id`` and ``$schema``, its references to its own ``$defs`` made references within
    this document (OpenAPI tools resolve a ``$ref`` from the document's root)."""

    def rebased(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                key: f"#/components/schemas/{name}/$defs/{value.removeprefix('#/$defs/')}"
                if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/")
                else rebased(value)
                for key, value in node.items()
                if key not in ("$id", "$schema")
            }
        if isinstance(node, list):
            return [rebased(item) for item in node]
        return node

    embedded: dict[str, Any] = rebased(document)
    return embedded


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _one_of(kind: str) -> dict[str, Any]:
    return {"oneOf": [_ref(f"{game}.{kind}") for game in GAMES]}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    "400": _json(_ref("Error"), "Malformed request: not JSON, a wrong key or value."),
    "403": _json(_ref("Error"), "No token where one is needed, or a token of no seat here."),
    "404": _json(_ref("Error"), "No such table, seat or route."),
    "413": _json(_ref("Error"), "The body is larger than the server takes."),
    "415": _json(_ref("Error"), "A POST without Content-Type: application/json."),
}
_REFUSAL = {
    "409": _json(
        _ref("Error"),
        "Refused, and nothing changed: `rule` names the rule the request breaks "
        "(API-SEAT, API-MOVE, API-VERSION for a stale version, a game rule, ...).",
    )
}
_BEARER: list[dict[str, list[str]]] = [{"bearer": []}, {}]
"""A token is optional: without one the asker is a spectator."""
_SEAT: list[dict[str, list[str]]] = [{"bearer": []}]


def _table(**operations: dict[str, Any]) -> dict[str, Any]:
    return {
        "parameters": [
            {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}
        ],
        **operations,
    }


def _post(
    summary: str, body: dict[str, Any] | None, security: list[Any], **responses: Any
) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "summary": summary,
        "security": security,
        "responses": {**responses, **_ERRORS},
    }
    if body is not None:
        operation["requestBody"] = {
            "required": False,
            "content": {"application/json": {"schema": body}},
        }
    return operation


_VERSION_BODY = {
    "type": "object",
    "properties": {"version": {"type": "integer", "minimum": 0}},
    "additionalProperties": False,
}
_MOVE_BODY = {
    "type": "object",
    "properties": {
        "move": {"type": "string", "description": "A move in the game's notation."},
        "version": {
            "type": "integer",
            "minimum": 0,
            "description": "The version the client acted on: refused (API-VERSION) if the "
            "table has moved on, so a retried request is never applied twice.",
        },
    },
    "required": ["move"],
    "additionalProperties": False,
}
_VERSION_REPLY = _json(_ref("Version"), "Done: the table's new version.")


@functools.cache
def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``seaview serve``."""
    from seaview_rules.schema import KINDS, schema

    components: dict[str, Any] = {
        f"{game}.{kind}": _embedded(schema(game, kind), f"{game}.{kind}")
        for game in GAMES
        for kind in KINDS
    }
    components.update(
        {
            "Error": {
                "type": "object",
                "properties": {
                    "error": {"type": "string", "description": "A short code of the error."},
                    "reason": {"type": "string", "description": "What is wrong, in words."},
                    "rule": {"type": "string", "description": "The rule a refused request breaks."},
                },
                "required": ["error", "reason"],
            },
            "Version": {
                "type": "object",
                "properties": {"version": {"type": "integer", "minimum": 0}},
                "required": ["version"],
            },
            "Entry": {
                "type": "object",
                "description": "One event of a seat's log, as that seat saw it.",
                "properties": {
                    "version": {"type": "integer", "minimum": 1},
                    "event": {
                        "type": "object",
                        "description": "The data of the game's event document "
                        "(see the game's `event` schema).",
                    },
                    "text": {"type": "string", "description": "The event in words, for this seat."},
                },
                "required": ["version", "event", "text"],
            },
            "Update": {
                "type": "object",
                "description": "What a seat is sent: read in one go, so that no change falls "
                "between the version, the events and the view.",
                "properties": {
                    "version": {"type": "integer", "minimum": 0},
                    "events": {"type": "array", "items": _ref("Entry")},
                    "view": _one_of("view"),
                },
                "required": ["version", "events"],
            },
            "Table": {
                "type": "object",
                "description": "A table's lobby entry.",
                "properties": {
                    "table": {"type": "string"},
                    "game": {"type": "string", "enum": list(GAMES)},
                    "players": {"type": "integer"},
                    "seats": {
                        "type": "array",
                        "items": {"enum": ["open", "taken", "bot:random", "bot:ismcts"]},
                    },
                    "free_seats": {"type": "array", "items": {"type": "integer"}},
                    "chance": {"enum": ["auto", "step", "external"]},
                    "version": {"type": "integer"},
                    "to_move": {"type": ["integer", "string", "null"]},
                    "over": {"type": "boolean"},
                },
                "required": ["table", "game", "players", "seats", "free_seats", "version", "over"],
            },
        }
    )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "seaview serve",
            "version": __version__,
            "description": "The table server of seaview_rules: a lobby, seats with secret "
            "tokens, moves checked by the engine, live updates, tables that survive a "
            "restart. The live channel is a WebSocket at /api/tables/{table}/live (not "
            'described by OpenAPI): send {"token"?, "since"?} first, then receive an '
            "Update after every change.",
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
    games_reply = {
        "type": "object",
        "properties": {
            "games": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "title": {"type": "string"},
                        "min_players": {"type": "integer"},
                        "max_players": {"type": "integer"},
                        "chance": {"type": "boolean"},
                        "hidden_information": {"type": "boolean"},
                        "table_chance": {"enum": ["auto", "step"]},
                        "rules": {"type": "object", "description": "The default rules' data."},
                    },
                },
            }
        },
    }
    create_body = {
        "type": "object",
        "properties": {
            "game": {"enum": list(GAMES)},
            "rules": {"type": "object", "description": "Options that differ from the print."},
            "seats": {"type": "array", "items": {"enum": ["open", "bot:random", "bot:ismcts"]}},
            "chance": {"enum": ["auto", "step", "external"]},
        },
        "required": ["game", "seats"],
        "additionalProperties": False,
    }
    created = {
        "type": "object",
        "properties": {
            "table": {"type": "string"},
            "admin_token": {"type": "string"},
            "version": {"type": "integer"},
        },
        "required": ["table", "admin_token", "version"],
    }
    view_reply = {
        "type": "object",
        "properties": {"version": {"type": "integer"}, "view": _one_of("view")},
        "required": ["version", "view"],
    }
    table = "/api/tables/{table}"
    return {
        "/api/games": {
            "get": {
                "summary": "The games, their players range and their default rules.",
                "responses": {"200": _json(games_reply, "The games.")},
            }
        },
        "/api/tables": {
            "get": {
                "summary": "The lobby.",
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {"tables": {"type": "array", "items": _ref("Table")}},
                        },
                        "Every table.",
                    )
                },
            },
            "post": {
                "summary": "Create a table; bots play their seats inside the server.",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": create_body}},
                },
                "responses": {
                    "201": _json(created, "The table and its admin token (keep it secret)."),
                    "429": _json(_ref("Error"), "The server holds as many tables as it takes."),
                    **_ERRORS,
                },
            },
        },
        table: _table(
            get={
                "summary": "A table's lobby entry.",
                "responses": {"200": _json(_ref("Table"), "The table."), **_ERRORS},
            },
            delete={
                "summary": "Remove the table (admin token).",
                "security": _SEAT,
                "responses": {
                    "200": _json(
                        {"type": "object", "properties": {"deleted": {"type": "string"}}},
                        "Removed.",
                    ),
                    **_ERRORS,
                },
            },
        ),
        table + "/seats/{seat}": {
            "parameters": [
                {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}},
            ],
            "post": {
                "summary": "Join a free seat: its token, given once.",
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {
                                "token": {"type": "string"},
                                "seat": {"type": "integer"},
                            },
                            "required": ["token", "seat"],
                        },
                        "The seat's token.",
                    ),
                    "409": _json(_ref("Error"), "The seat is taken or a bot's."),
                    **_ERRORS,
                },
            },
        },
        table + "/view": _table(
            get={
                "summary": "The asker's view (a spectator's without a token) and the version.",
                "security": _BEARER,
                "responses": {"200": _json(view_reply, "The view."), **_ERRORS},
            },
        ),
        table + "/view.svg": _table(
            get={
                "summary": "The asker's view as an SVG picture.",
                "security": _BEARER,
                "responses": {
                    "200": {
                        "description": "The picture.",
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                    },
                    **_ERRORS,
                },
            },
        ),
        table + "/events": _table(
            get={
                "summary": "The asker's log after version `since`.",
                "security": _BEARER,
                "parameters": [
                    {"name": "since", "in": "query", "schema": {"type": "integer", "minimum": 0}}
                ],
                "responses": {"200": _json(_ref("Update"), "The events (no view)."), **_ERRORS},
            },
        ),
        table + "/record": _table(
            get={
                "summary": "The asker's seat record; with the admin token, the full record.",
                "security": _BEARER,
                "responses": {
                    "200": _json(
                        {"oneOf": [*_one_of("seat_record")["oneOf"], *_one_of("record")["oneOf"]]},
                        "A seat record, or (admin) the game record, which replays.",
                    ),
                    **_ERRORS,
                },
            },
        ),
        table + "/moves": _table(
            post=_post(
                "Play a move for the token's seat.",
                _MOVE_BODY,
                _SEAT,
                **{"200": _VERSION_REPLY},
                **_REFUSAL,
            ),
        ),
        table + "/step": _table(
            post=_post(
                "Resolve the pending chance move (tables with chance 'step'): the seat whose "
                "spin, deal or draw it is presses it.",
                _VERSION_BODY,
                _SEAT,
                **{"200": _VERSION_REPLY},
                **_REFUSAL,
            ),
        ),
        table + "/undo": _table(
            post=_post(
                "Take back the seat's last move (API-UNDO).",
                _VERSION_BODY,
                _SEAT,
                **{"200": _VERSION_REPLY},
                **_REFUSAL,
            ),
        ),
        table + "/chance": _table(
            post=_post(
                "Enter the real card or spin (tables with chance 'external'; admin token).",
                _MOVE_BODY,
                _SEAT,
                **{"200": _VERSION_REPLY},
                **_REFUSAL,
            ),
        ),
    }
