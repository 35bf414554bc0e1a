"""A game server for any seaview_rules game: one `Table`, one HTTP endpoint per need.

Standard library only (``http.server``): nothing to install, and the point is how
little the library leaves to the server. Each seat gets a secret token at start; a
request names its seat by that token alone, so no client can move for another.

    GET  /view?token=T          the seat's view as JSON (whose turn, its legal moves)
    GET  /log?token=T&since=V   what the seat saw after version V, in words
    POST /move?token=T          body: a move in notation ("R7", "draw", "size 5")

Run it: ``python table_server.py voyage 4`` (game, players); it prints one URL per seat.
"""

from __future__ import annotations

import json
import secrets
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from seaview_rules import GAMES, IllegalMoveError, Table


def make_server(
    game: str, players: int, seed: int, port: int = 0
) -> tuple[ThreadingHTTPServer, Table[Any, Any, Any, Any], dict[str, int]]:
    """A server on 127.0.0.1 (``port=0``: any free port) for one game, its table, and
    the secret token of each seat (token: seat), to hand to each player."""
    rules = GAMES[game].with_players(GAMES[game].rules_type(), players)
    table: Table[Any, Any, Any, Any] = Table(game, rules, seed=seed)  # the lock is the table's
    tokens = {secrets.token_urlsafe(16): seat for seat in range(players)}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seat, query = self.seat()
            if seat is None:
                return
            if self.path.startswith("/view"):
                self.reply(HTTPStatus.OK, table.game.to_dict(table.view(seat)))
            elif self.path.startswith("/log"):
                since = int(query.get("since", ["0"])[0])
                events = [[e.version, e.event.text(seat)] for e in table.events_since(since, seat)]
                self.reply(HTTPStatus.OK, {"version": table.version, "events": events})
            else:
                self.reply(HTTPStatus.NOT_FOUND, {"error": "no such page"})

        def do_POST(self) -> None:
            seat, _ = self.seat()
            if seat is None:
                return
            text = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
            try:
                version = table.submit(seat, text)
            except IllegalMoveError as err:  # the reason is safe to show this seat
                self.reply(HTTPStatus.CONFLICT, {"rule": err.rule, "reason": err.reason})
            else:
                self.reply(HTTPStatus.OK, {"version": version})

        def seat(self) -> tuple[int | None, dict[str, list[str]]]:
            query = parse_qs(urlsplit(self.path).query)
            seat = tokens.get(query.get("token", [""])[0])
            if seat is None:
                self.reply(HTTPStatus.FORBIDDEN, {"error": "unknown token"})
            return seat, query

        def reply(self, status: HTTPStatus, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet: the game's own log is at /log

    return ThreadingHTTPServer(("127.0.0.1", port), Handler), table, tokens


if __name__ == "__main__":
    name, seats = sys.argv[1], int(sys.argv[2])
    httpd, _, tokens = make_server(name, seats, seed=secrets.randbits(32), port=8000)
    for token, seat in tokens.items():
        print(f"seat {seat}: http://127.0.0.1:8000/view?token={token}")
    httpd.serve_forever()
