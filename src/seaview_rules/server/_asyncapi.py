"""The AsyncAPI 3.0 description of the server's live channel, from the same schemas as
its OpenAPI document: the messages' payloads are that document's components, which this
one carries under the same names, so that a reference means the same in both."""

from __future__ import annotations

import functools
from typing import Any

from seaview_rules import __version__
from seaview_rules.server._openapi import openapi

__all__ = ["asyncapi"]

_CHANNEL = "/api/tables/{table}/live"
_MESSAGES = ("LiveHello", "Update", "LiveRefusal")
"""The schemas of the messages of the live channel."""
_PREFIX = "#/components/schemas/"


def _message(schema: str, title: str, summary: str) -> dict[str, Any]:
    return {
        "name": schema,
        "title": title,
        "summary": summary,
        "contentType": "application/json",
        "payload": {"$ref": _PREFIX + schema},
    }


def _reachable(schemas: dict[str, Any], roots: tuple[str, ...]) -> dict[str, Any]:
    """The schemas of ``roots`` and every schema they refer to, by name."""
    found: dict[str, Any] = {}
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name not in found:
            found[name] = schemas[name]
            waiting.extend(_references(schemas[name]))
    return {name: found[name] for name in schemas if name in found}


def _references(node: Any) -> list[str]:
    """The names of the components ``node`` refers to."""
    if isinstance(node, dict):
        return [
            ref
            for key, value in node.items()
            for ref in (
                [value.removeprefix(_PREFIX)]
                if key == "$ref" and isinstance(value, str)
                else _references(value)
            )
        ]
    if isinstance(node, list):
        return [ref for item in node for ref in _references(item)]
    return []


def _operation(action: str, message: str, summary: str) -> dict[str, Any]:
    return {
        "action": action,
        "channel": {"$ref": "#/channels/live"},
        "summary": summary,
        "messages": [{"$ref": f"#/channels/live/messages/{message}"}],
    }


@functools.cache
def asyncapi() -> dict[str, Any]:
    """The AsyncAPI 3.0 document of the live channel of ``seaview serve``, from the
    server's side: it receives one ``LiveHello``, then sends an ``Update`` at once and
    after every change of the table, or one ``LiveRefusal`` before it closes."""
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "seaview serve: the live channel",
            "version": __version__,
            "description": "A WebSocket per seat (or spectator) of a table. The client "
            "sends one message first, within 10 seconds: its token and the last version "
            "it saw (a browser's WebSocket sends no header, and a URL ends up in logs). "
            "The server answers with an Update (the seat's log after that version, its "
            "view now and the seat whose chance move is pending, read in one go), then "
            "sends one after every change of the table. A client that loses the channel "
            "reconnects with the last version it saw as `since`. A refused channel gets "
            "one LiveRefusal and is closed: code 1008, or 1013 when the server or the "
            "table has as many channels as it takes (try again later). A seat's channel "
            "is closed the same way once the seat is left (DELETE "
            "/api/tables/{table}/seats/{seat}), as is every channel of a deleted table. "
            "Other messages "
            "from the client are ignored. The payloads are the schemas of the same names "
            "in /openapi.json.",
        },
        "defaultContentType": "application/json",
        "channels": {
            "live": {
                "address": _CHANNEL,
                "title": "A table's live updates",
                "parameters": {"table": {"description": "The table's id."}},
                "messages": {
                    "hello": {"$ref": "#/components/messages/hello"},
                    "update": {"$ref": "#/components/messages/update"},
                    "refusal": {"$ref": "#/components/messages/refusal"},
                },
                "bindings": {"ws": {"method": "GET", "bindingVersion": "0.1.0"}},
            }
        },
        "operations": {
            "receiveHello": _operation(
                "receive", "hello", "The first message of a client: who it is, what it saw."
            ),
            "sendUpdate": _operation(
                "send", "update", "At once, then after every change of the table."
            ),
            "sendRefusal": _operation(
                "send", "refusal", "Why the channel is refused, just before it is closed."
            ),
        },
        "components": {
            "messages": {
                "hello": _message(
                    "LiveHello", "Hello", '{"token"?, "since"?}: the first message, once.'
                ),
                "update": _message(
                    "Update",
                    "Update",
                    "The version, the new events and log lines, the view, the chance seat.",
                ),
                "refusal": _message(
                    "LiveRefusal", "Refusal", "The error, its HTTP status and the reason."
                ),
            },
            "schemas": _reachable(openapi()["components"]["schemas"], _MESSAGES),
        },
    }
