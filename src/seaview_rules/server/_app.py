"""The HTTP API and the live channel, a thin layer over the `Hub`: it reads and bounds
the request, finds the table and the asker's role, calls one `seaview_rules.Table`
method, and writes the answer. No rule of any game is here."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import Awaitable, Callable, Mapping
from importlib import resources
from typing import Any

from attrs import frozen
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from seaview_rules import GAMES, IllegalMoveError, InvalidDataError, svg
from seaview_rules.server._hub import ADMIN, SEAT_KINDS, Hub, HubError, LiveTable
from seaview_rules.server._openapi import openapi

__all__ = ["Limits", "create_app"]


@frozen(kw_only=True)
class Limits:
    """What one request and the whole server may ask for."""

    max_body: int = 65_536
    """The largest request body and live-channel message, in bytes (413 beyond)."""
    max_tables: int = 10_000
    """The most tables the server holds (429 beyond)."""
    max_changes: int = 200_000
    """The most changes a table takes (409 beyond; see `Hub`)."""
    max_live: int = 2_000
    """The most live channels open at once (503 beyond)."""
    max_live_per_table: int = 32
    """The most live channels open at once on one table (503 beyond), so that the
    spectators of one table cannot take every channel of the server."""
    max_connections: int = 4_096
    """The most connections and requests at once, live channels included (503 beyond,
    from the ASGI server)."""
    first_message_seconds: float = 10.0
    """How long a live channel waits for its first message."""


Handler = Callable[[Request], Awaitable[Response]]

NO_STORE = {"Cache-Control": "no-store"}


def _error(status: int, code: str, reason: str, rule: str | None = None) -> JSONResponse:
    body: dict[str, Any] = {"error": code, "reason": reason}
    if rule is not None:
        body["rule"] = rule
    return JSONResponse(body, status_code=status, headers=NO_STORE)


def _guarded(handler: Handler) -> Handler:
    """``handler`` with every refusal written as a JSON error: a `HubError` with its
    status, an `IllegalMoveError` as 409 with the rule and the reason (reasons of moves
    checked with the asker's seat, so they say nothing the asker may not see)."""

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except HubError as exc:
            return _error(exc.status, exc.code, exc.reason)
        except IllegalMoveError as exc:
            return _error(409, "refused", exc.reason, exc.rule)

    return guarded


def _bearer(headers: Headers) -> str | None:
    """The token of an ``Authorization: Bearer`` header, ``None`` without the header.

    Raises:
        HubError: 403, a header of another form, or two of them.
    """
    given = headers.getlist("authorization")
    if not given:
        return None
    if len(given) > 1:
        raise HubError(403, "forbidden", "send one Authorization header")
    header = given[0]
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HubError(403, "forbidden", "the Authorization header must be 'Bearer <token>'")
    return token.strip()


def create_app(
    hub: Hub,
    *,
    limits: Limits | None = None,
    cors_origins: tuple[str, ...] = (),
    allowed_hosts: tuple[str, ...] = (),
) -> Starlette:
    """The server's ASGI application over ``hub``.

    Args:
        hub: the tables, already loaded from their store.
        limits: request and server bounds (default `Limits`).
        cors_origins: the origins whose pages may call the API from a browser; none by
            default (CORS closed: only pages served by this server may).
        allowed_hosts: the names a request may give in its ``Host`` header (none: any).
            A server on a loopback address takes only loopback names, so that a page of
            another site whose name resolves to 127.0.0.1 (DNS rebinding) cannot call it.
    """
    bounds = limits or Limits()
    live_count = 0

    async def body(request: Request, allowed: frozenset[str]) -> dict[str, Any]:
        """The request's JSON object, bounded in size, with only ``allowed`` keys, each
        once. The request must say it is JSON: a page of another site can then send it
        only if CORS lets it (a cross-site form post is plain text)."""
        kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if kind != "application/json":
            raise HubError(415, "unsupported_media_type", "send Content-Type: application/json")
        length = request.headers.get("content-length")
        if length is not None and (not _digits(length) or len(length) > 18):
            raise HubError(400, "bad_request", "Content-Length must be a number of bytes")
        if length is not None and int(length) > bounds.max_body:
            raise HubError(413, "too_large", f"a request body is at most {bounds.max_body} bytes")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > bounds.max_body:
                raise HubError(
                    413, "too_large", f"a request body is at most {bounds.max_body} bytes"
                )
            chunks.append(chunk)
        raw = b"".join(chunks)
        if not raw.strip():
            data: object = {}
        else:
            try:
                data = json.loads(raw, object_pairs_hook=_unique_keys)
            except (ValueError, RecursionError):  # bad JSON, bad UTF-8, too deep, a key twice
                raise HubError(400, "bad_request", "the body is not JSON") from None
        if not isinstance(data, dict):
            raise HubError(400, "bad_request", "the body must be a JSON object")
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise HubError(400, "bad_request", f"unknown key {unknown[0][:40]!r}")
        return data

    def move_of(data: Mapping[str, Any]) -> str:
        """The move's notation; whether it is a move of the game is the table's to say."""
        if not isinstance(data.get("move"), str):
            raise HubError(400, "bad_request", "move must be a move's notation (a string)")
        text: str = data["move"]
        return text

    def version_of(data: Mapping[str, Any]) -> int | None:
        version = data.get("version")
        if version is not None and (type(version) is not int or version < 0):
            raise HubError(400, "bad_request", "version must be a table version (an integer)")
        return version

    def seat_of(live: LiveTable, request: Request) -> int:
        """The seat whose token the request carries.

        Raises:
            HubError: 403, no token, the admin token, or a token of no seat here.
        """
        role = live.role(_bearer(request.headers))
        if not isinstance(role, int):
            raise HubError(403, "forbidden", "this needs the token of a seat of this table")
        return role

    def viewer(live: LiveTable, headers: Headers) -> int | None:
        """The seat of the asker, ``None`` for a spectator (and the admin)."""
        role = live.role(_bearer(headers))
        return role if isinstance(role, int) else None

    def table_of(request: Request) -> LiveTable:
        # An escaped slash ("%2Fview") is decoded into the path: no route has one.
        if b"%2f" in request.scope.get("raw_path", b"").lower():
            raise HubError(404, "not_found", "no such route")
        return hub.get(request.path_params["table"])

    @_guarded
    async def games(request: Request) -> Response:
        """GET /api/games"""
        entries = []
        for game in GAMES.values():
            rules = game.rules_type()
            entries.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "chance": game.chance,
                    "hidden_information": game.hidden_information,
                    "table_chance": game.table_chance,
                    "rules": game.rules_to_data(rules),
                }
            )
        return JSONResponse({"games": entries}, headers=NO_STORE)

    @_guarded
    async def lobby(request: Request) -> Response:
        """GET /api/tables"""
        return JSONResponse({"tables": hub.lobby()}, headers=NO_STORE)

    @_guarded
    async def create(request: Request) -> Response:
        """POST /api/tables"""
        data = await body(request, frozenset({"game", "rules", "seats", "chance"}))
        name = data.get("game")
        if not isinstance(name, str) or name not in GAMES:
            raise HubError(400, "bad_request", f"game must be one of {sorted(GAMES)}")
        game = GAMES[name]
        seats = data.get("seats")
        if (
            not isinstance(seats, list)
            or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats)
            or not game.min_players <= len(seats) <= game.max_players
        ):
            raise HubError(
                400,
                "bad_request",
                f"seats must be a list of {game.min_players} to {game.max_players} of "
                f"{', '.join(SEAT_KINDS)}",
            )
        chance = data.get("chance")
        if chance is not None and chance not in ("auto", "step", "external"):
            raise HubError(400, "bad_request", "chance must be 'auto', 'step' or 'external'")
        rules = read_rules(name, data.get("rules"), len(seats))
        live, admin = hub.create(name, rules, seats, chance)
        return JSONResponse(
            {"table": live.id, "admin_token": admin, "version": live.table.version},
            status_code=201,
            headers=NO_STORE,
        )

    def read_rules(name: str, data: object, players: int) -> Any:
        game = GAMES[name]
        if data is None:
            return game.with_players(game.rules_type(), players)
        if not isinstance(data, dict):
            raise HubError(400, "bad_request", "rules must be an object")
        try:
            rules = game.rules_from_data({"players": players, **data})
        except InvalidDataError as exc:
            raise HubError(400, "bad_request", str(exc)) from None
        if game.players(rules) != players:
            raise HubError(400, "bad_request", f"rules.players must be {players}, one per seat")
        return rules

    @_guarded
    async def summary(request: Request) -> Response:
        """GET /api/tables/{table}"""
        return JSONResponse(table_of(request).summary(), headers=NO_STORE)

    @_guarded
    async def join(request: Request) -> Response:
        """POST /api/tables/{table}/seats/{seat}"""
        live = table_of(request)
        await body(request, frozenset())
        token = hub.join(live, request.path_params["seat"])
        return JSONResponse({"token": token, "seat": request.path_params["seat"]}, headers=NO_STORE)

    @_guarded
    async def view(request: Request) -> Response:
        """GET /api/tables/{table}/view"""
        live = table_of(request)
        seat = viewer(live, request.headers)
        update = live.table.update(seat, live.table.version)
        return JSONResponse(
            {"version": update.version, "view": live.table.game.to_dict(update.view)},
            headers=NO_STORE,
        )

    @_guarded
    async def picture(request: Request) -> Response:
        """GET /api/tables/{table}/view.svg"""
        live = table_of(request)
        seen = live.table.view(viewer(live, request.headers))
        options = {"moves": True} if "moves" in live.table.game.picture_options else {}
        return Response(
            svg.render(seen, **options),
            media_type="image/svg+xml",
            headers={
                **NO_STORE,
                "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
            },
        )

    @_guarded
    async def events(request: Request) -> Response:
        """GET /api/tables/{table}/events?since=V"""
        live = table_of(request)
        seat = viewer(live, request.headers)
        since = _since(request.query_params.get("since", "0"), live.table.version)
        return JSONResponse(update_data(live, seat, since, view=False), headers=NO_STORE)

    @_guarded
    async def record(request: Request) -> Response:
        """GET /api/tables/{table}/record"""
        live = table_of(request)
        role = live.role(_bearer(request.headers))
        game, table = live.table.game, live.table
        if role == ADMIN:
            return JSONResponse(game.to_dict(table.record), headers=NO_STORE)
        seat = role if isinstance(role, int) else None
        return JSONResponse(game.to_dict(table.seat_record(seat)), headers=NO_STORE)

    def changed(live: LiveTable, make: Callable[[Any], int]) -> Response:
        """Make the change with ``make(table)``; the reply is the table's new version."""
        return JSONResponse({"version": hub.change(live, make)}, headers=NO_STORE)

    def chance_must_be(live: LiveTable, mode: str) -> None:
        if live.table.chance != mode:
            shown = live.table.chance
            raise HubError(409, "wrong_chance", f"this table's chance is {shown!r}, not {mode!r}")

    @_guarded
    async def move(request: Request) -> Response:
        """POST /api/tables/{table}/moves"""
        live = table_of(request)
        data = await body(request, frozenset({"move", "version"}))
        seat, text, version = seat_of(live, request), move_of(data), version_of(data)
        return changed(live, lambda t: t.submit(seat, text, version=version))

    @_guarded
    async def step(request: Request) -> Response:
        """POST /api/tables/{table}/step"""
        live = table_of(request)
        data = await body(request, frozenset({"version"}))
        seat, version = seat_of(live, request), version_of(data)
        chance_must_be(live, "step")
        return changed(live, lambda t: t.step(seat, version=version))

    @_guarded
    async def undo(request: Request) -> Response:
        """POST /api/tables/{table}/undo"""
        live = table_of(request)
        data = await body(request, frozenset({"version"}))
        seat, version = seat_of(live, request), version_of(data)
        return changed(live, lambda t: t.undo(seat, version=version))

    @_guarded
    async def chance(request: Request) -> Response:
        """POST /api/tables/{table}/chance"""
        live = table_of(request)
        data = await body(request, frozenset({"move", "version"}))
        if live.role(_bearer(request.headers)) != ADMIN:
            raise HubError(403, "forbidden", "chance outcomes are entered with the admin token")
        chance_must_be(live, "external")
        text, version = move_of(data), version_of(data)
        return changed(live, lambda t: t.enter_chance(text, version=version))

    @_guarded
    async def delete(request: Request) -> Response:
        """DELETE /api/tables/{table}"""
        live = table_of(request)
        if live.role(_bearer(request.headers)) != ADMIN:
            raise HubError(403, "forbidden", "a table is deleted with its admin token")
        hub.delete(live)
        return JSONResponse({"deleted": live.id}, headers=NO_STORE)

    def update_data(live: LiveTable, seat: int | None, since: int, *, view: bool) -> dict[str, Any]:
        """What a seat is sent: the version, its log after ``since`` and its view,
        read in one go so that no change can fall between them."""
        game = live.table.game
        update = live.table.update(seat, since)
        data: dict[str, Any] = {
            "version": update.version,
            "events": [
                {
                    "version": entry.version,
                    "event": game.to_dict(entry.event)["data"],
                    "text": entry.event.text(seat),
                }
                for entry in update.events
            ],
        }
        if view:
            data["view"] = game.to_dict(update.view)
        return data

    async def live_channel(websocket: WebSocket) -> None:
        """/api/tables/{table}/live: the first message is ``{"token"?, "since"?}``; then
        ``{"version", "events", "view"}`` after every change."""
        nonlocal live_count
        await websocket.accept()
        if live_count >= bounds.max_live:
            await _refuse(websocket, 503, "unavailable", "too many live channels; try again later")
            return
        live_count += 1
        try:
            await _serve_live(websocket)
        except WebSocketDisconnect:
            pass
        finally:
            live_count -= 1

    async def _serve_live(websocket: WebSocket) -> None:
        try:
            live = hub.get(websocket.path_params["table"])
            if live.channels >= bounds.max_live_per_table:
                raise HubError(503, "unavailable", "too many live channels on this table")
            try:
                message = await asyncio.wait_for(websocket.receive(), bounds.first_message_seconds)
            except asyncio.TimeoutError:
                raise HubError(408, "timeout", "the first message did not come") from None
            if message["type"] == "websocket.disconnect":
                return
            if message.get("text") is None:
                raise HubError(400, "bad_request", "the first message is JSON text")
            try:
                first = json.loads(message["text"], object_pairs_hook=_unique_keys)
            except (ValueError, RecursionError):
                raise HubError(400, "bad_request", "the first message is not JSON") from None
            if not isinstance(first, dict) or set(first) - {"token", "since"}:
                raise HubError(400, "bad_request", 'the first message is {"token", "since"}')
            token = first.get("token")
            if token is not None and not isinstance(token, str):
                raise HubError(403, "forbidden", "the token must be a string")
            role = live.role(token)
            seat = role if isinstance(role, int) else None
            since = first.get("since", 0)
            if type(since) is not int or not 0 <= since <= live.table.version:
                raise HubError(400, "bad_request", f"since must be 0 to {live.table.version}")
        except HubError as exc:
            await _refuse(websocket, exc.status, exc.code, exc.reason)
            return
        live.channels += 1
        with contextlib.suppress(HubError):  # news skipped while no channel was open here
            hub.sync(live.id)
        receiving = asyncio.ensure_future(websocket.receive())
        try:
            sent = None
            while True:
                if hub.tables.get(live.id) is not live:
                    await _refuse(websocket, 404, "not_found", "the table was deleted")
                    return
                changed = live.changed
                if sent is None or live.table.version != sent:
                    data = update_data(live, seat, since, view=True)
                    await websocket.send_text(json.dumps(data, separators=(",", ":")))
                    sent = since = data["version"]
                waiting = asyncio.ensure_future(changed.wait())
                done, _ = await asyncio.wait(
                    {receiving, waiting}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiving in done:
                    waiting.cancel()
                    message = receiving.result()
                    if message["type"] == "websocket.disconnect":
                        return
                    receiving = asyncio.ensure_future(websocket.receive())  # ignored
        finally:
            live.channels -= 1
            receiving.cancel()
            with contextlib.suppress(BaseException):
                await receiving

    async def openapi_document(request: Request) -> Response:
        """GET /openapi.json"""
        return JSONResponse(openapi())

    static = resources.files("seaview_rules.server") / "static"

    async def page(request: Request) -> Response:
        """GET /: the lobby and table page."""
        return Response(
            (static / "index.html").read_bytes(),
            media_type="text/html",
            headers={
                "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'"
            },
        )

    table = "/api/tables/{table}"
    routes = [
        Route("/", page),
        Route("/openapi.json", openapi_document),
        Route("/api/games", games),
        Route("/api/tables", lobby, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route(table, summary, methods=["GET"]),
        Route(table, delete, methods=["DELETE"]),
        Route(table + "/seats/{seat:int}", join, methods=["POST"]),
        Route(table + "/view", view),
        Route(table + "/view.svg", picture),
        Route(table + "/events", events),
        Route(table + "/record", record),
        Route(table + "/moves", move, methods=["POST"]),
        Route(table + "/step", step, methods=["POST"]),
        Route(table + "/undo", undo, methods=["POST"]),
        Route(table + "/chance", chance, methods=["POST"]),
        WebSocketRoute(table + "/live", live_channel),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]
    middleware = []
    if allowed_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    if cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(cors_origins),
                allow_headers=["Authorization", "Content-Type"],
                allow_methods=["GET", "POST", "DELETE"],
            )
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={404: _not_found, 405: _not_allowed, Exception: _failed},
    )
    app.router.redirect_slashes = False  # /view/ is no route, not a redirect to /view
    return app


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(404, "not_found", "no such route")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return _error(405, "method_not_allowed", "this route does not take that method")


async def _failed(request: Request, exc: Exception) -> Response:
    # A bug of the server: say no more than that (the traceback goes to the log).
    return _error(500, "internal", "the server failed to answer this request")


async def _refuse(websocket: WebSocket, status: int, code: str, reason: str) -> None:
    """Tell a live client why it is refused, then close the channel (code 1008, or
    1013 when the server is full)."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"error": code, "status": status, "reason": reason}))
        await websocket.close(code=1013 if status == 503 else 1008)


def _since(text: str, version: int) -> int:
    if not _digits(text) or len(text) > 18 or int(text) > version:
        raise HubError(400, "bad_request", f"since must be a version from 0 to {version}")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (``{"move": "R8", "move": "R9"}`` is
    no request)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key appears twice")
    return data


def _digits(text: str) -> bool:
    """Whether ``text`` is a plain number (``"²".isdigit()`` is true, but no number)."""
    return text.isascii() and text.isdigit()
