"""A game server for Voyage or Ship's Wheel: one `Table`, one HTTP endpoint per need.

Standard library only (``http.server``): nothing to install, and the point is how
little the library leaves to a server. Each seat gets a random secret token at start; a
request names its seat by that token alone, in the header ``Authorization: Bearer
<token>``, so no client can move for another. Every reply is JSON:

    GET  /view           the seat's view (whose turn, its legal moves)
    GET  /log?since=V    {"version": N, "events": [[version, words], ...]}: what the
                         seat was told after version V (default 0)
    POST /move           body {"move": "R7"} (a move in notation: "draw", "size 5"):
                         {"version": N}, or 409 {"rule": ..., "reason": ...} if refused

Anything else is refused with {"error": ...}: 404 for any other method or path, 403
without a seat's token, 400 for a bad ``since``, Content-Length or body (not UTF-8 JSON),
413 for a body over 64 KiB. Nothing is logged, so no token is either.

Run it: ``python table_server.py voyage 4`` (game, players); it prints each seat's token
once, to hand to that seat's player. To run games for real, use ``seaview serve``.
"""

from __future__ import annotations

import argparse
import hmac
import json
import secrets
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from seaview_rules import GAMES, IllegalMoveError, InvalidDataError, Table

ROUTES = ("GET /view", "GET /log", "POST /move")
MAX_BODY = 64 * 1024  # a move is a few bytes: refuse more before reading any of it


class Refused(Exception):
    """A request answered with ``status`` and ``{"error": message}``."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


def make_server(
    game: str, players: int, seed: int | None = None, port: int = 0, rules: Any = None
) -> tuple[ThreadingHTTPServer, Table[Any, Any, Any, Any], dict[str, int]]:
    """A server on 127.0.0.1 (``port=0``: any free port), its table and each seat's secret
    token (token: seat); printed ``rules`` if none. ``seed`` foretells every card: tests only."""
    rules = rules or GAMES[game].with_players(GAMES[game].rules_type(), players)
    table: Table[Any, Any, Any, Any] = Table(game, rules, seed=seed)  # the lock is the table's
    tokens = {secrets.token_urlsafe(16): seat for seat in range(players)}

    def seat_of(authorization: str) -> int:
        scheme, _, given = authorization.partition(" ")
        seat = None
        for token, each in tokens.items():  # constant time: no early exit on a near miss
            if hmac.compare_digest(given.strip().encode(), token.encode()):
                seat = each
        if scheme.lower() != "bearer" or seat is None:
            raise Refused(HTTPStatus.FORBIDDEN, "send a seat's token: Authorization: Bearer T")
        return seat

    class Handler(BaseHTTPRequestHandler):
        timeout = 10  # seconds: a client that stops sending mid-request is let go

        def do_GET(self) -> None:  # and do_POST: one route table for both
            url = urlsplit(self.path)
            try:
                if f"{self.command} {url.path}" not in ROUTES:  # exactly: /viewXYZ is not /view
                    raise Refused(HTTPStatus.NOT_FOUND, f"the pages are {', '.join(ROUTES)}")
                seat = seat_of(self.headers.get("Authorization", ""))
                if url.path == "/view":
                    self.reply(HTTPStatus.OK, table.game.to_dict(table.view(seat)))
                elif url.path == "/log":
                    self.reply(HTTPStatus.OK, self.log(seat, url.query))
                else:
                    self.reply(HTTPStatus.OK, {"version": table.submit(seat, self.move())})
            except Refused as err:
                self.reply(err.status, {"error": str(err)})
            except IllegalMoveError as err:  # the reason is safe to show this seat
                self.reply(HTTPStatus.CONFLICT, {"rule": err.rule, "reason": err.reason})

        do_POST = do_GET

        def log(self, seat: int, query: str) -> dict[str, Any]:
            text = parse_qs(query, keep_blank_values=True).get("since", ["0"])[0]
            # isdigit alone lets "²" through; a version has fewer than ten digits
            since = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else -1
            if not 0 <= since <= table.version:  # and stays valid: the version only grows
                raise Refused(HTTPStatus.BAD_REQUEST, f"since must be 0 to {table.version}")
            events = [[e.version, e.event.text(seat)] for e in table.events_since(since, seat)]
            return {"version": table.version, "events": events}

        def move(self) -> str:
            length = self.headers.get("Content-Length", "")
            if not (length.isascii() and length.isdigit()):
                raise Refused(HTTPStatus.BAD_REQUEST, "Content-Length must be a number of bytes")
            if len(length) > 9 or int(length) > MAX_BODY:
                raise Refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"at most {MAX_BODY} bytes")
            try:  # bad UTF-8 and bad JSON are ValueErrors; deep nesting a RecursionError
                body = json.loads(self.rfile.read(int(length)).decode("utf-8"))
            except (ValueError, RecursionError):
                body = None
            move = body.get("move") if isinstance(body, dict) else None
            if not isinstance(move, str):
                raise Refused(HTTPStatus.BAD_REQUEST, 'the body must be {"move": "<notation>"}')
            return move

        def reply(self, status: HTTPStatus, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # log nothing, so no token either (the game's own log is at /log)

    return ThreadingHTTPServer(("127.0.0.1", port), Handler), table, tokens


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Serve one game on 127.0.0.1:8000.")
    parser.add_argument("game", choices=["ships_wheel", "voyage"])  # leagues: all spins, no route
    parser.add_argument("players", type=int)
    args = parser.parse_args()
    try:
        httpd, _, tokens = make_server(args.game, args.players, port=8000)
    except (InvalidDataError, OSError) as err:  # a bad number of players, a busy port
        parser.error(str(err))
    print("http://127.0.0.1:8000: hand each player the token of their seat")
    for token, seat in tokens.items():
        print(f"seat {seat}: {token}")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:  # Ctrl-C ends the game
        httpd.server_close()
