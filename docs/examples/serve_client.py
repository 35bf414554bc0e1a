"""A client of ``seaview serve`` that plays one seat of a new table against a server bot.

Standard library for HTTP, and the ``websockets`` package (installed with the server
extra) for the live channel: create a table, join a seat, send the token in the live
channel's first message, and answer every update in which the seat may move. A move
refused because the table moved on meanwhile (409, API-VERSION: in a Ship's Wheel Anchor
pass the bot chooses at the same time) is simply answered by the next update.

Run it against a running server: ``python serve_client.py http://127.0.0.1:8000``.
"""

from __future__ import annotations

import json
import random
import sys
import urllib.error
import urllib.request
from typing import Any

from websockets.sync.client import connect


def call(base: str, method: str, path: str, body: object = None, token: str = "") -> Any:
    """One JSON request; an error status raises `urllib.error.HTTPError`."""
    request = urllib.request.Request(base + path, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")  # never in the URL
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(request, data, timeout=30) as reply:
        return json.loads(reply.read())


def play(base: str, game: str = "voyage", rules: object = None, seed: int = 1) -> list[str]:
    """Play seat 0 of a new two-seat table of ``game`` (with ``rules``, an object of the
    options that differ from the print) against a random bot, choosing moves at random;
    return the seat's log: its ``lines``, one a change, in the game's words for the seat."""
    body = {"game": game, "seats": ["open", "bot:random"], "rules": rules or {}}
    table = call(base, "POST", "/api/tables", body)
    tables = f"/api/tables/{table['table']}"
    token = call(base, "POST", f"{tables}/seats/0")["token"]
    rng, log = random.Random(seed), []
    with connect(base.replace("http", "ws", 1) + f"{tables}/live") as live:
        live.send(json.dumps({"token": token, "since": 0}))
        for message in live:  # one update after every change of the table
            update = json.loads(message)
            log += [line["text"] for line in update["lines"]]
            view = update["view"]["data"]
            if view["to_move"] is None:  # the match is over
                return log
            if view["legal_moves"]:  # we may move (in an Anchor pass, with the bot)
                move = rng.choice(view["legal_moves"])
                body = {"move": move, "version": update["version"]}  # not applied twice
                try:
                    call(base, "POST", f"{tables}/moves", body, token)
                except urllib.error.HTTPError as refused:
                    # Refused as stale: the bot moved first (seats that choose together),
                    # and the next update says what is left to do.
                    if refused.code != 409:
                        raise
                    if json.loads(refused.read())["rule"] != "API-VERSION":
                        raise
    raise ConnectionError("the server closed the live channel")


if __name__ == "__main__":
    for line in play(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"):
        print(line)
