"""The server's ASGI application: `create_app` puts the routes, the middleware and the
lifespan together over a `Hub`. The endpoints are in `._endpoints` and `._channel`;
what they share is on ``app.state``: ``hub``, ``limits``, ``quota`` (what each client
may hold, `._quota.Quota`), ``expiry`` (when a table expires, `._quota.Expiry`) and
``pages``. The `._guard.Guard` middleware comes first of all; the lifespan sweeps
expired tables away (`sweep`)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

from attrs import frozen
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from seaview_rules.server import _endpoints as api
from seaview_rules.server._channel import live_channel
from seaview_rules.server._guard import Guard
from seaview_rules.server._hub import Hub
from seaview_rules.server._live import HubError
from seaview_rules.server._quota import Expiry, Quota
from seaview_rules.server._requests import error
from seaview_rules.server._worker import Worker

__all__ = ["GZIP_LEAST", "PAGE_THREADS", "Limits", "create_app", "routes", "sweep"]

GZIP_LEAST = 1_000
"""The smallest answer sent compressed (bytes), to a client that accepts gzip: the
page, its script, the pictures, the logs and the lobby are; the short answers that
carry a token (a join, a new table) are not, so that no secret is ever compressed
beside words the asker chose."""

PAGE_THREADS = 2
"""The threads that build large pages of logs and records (`._pages`)."""


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
    """The spectators' channels on one table (503 beyond; each seat has
    `max_live_per_seat` more of its own), so that the spectators of one table cannot
    take every channel of the server."""
    max_connections: int = 4_096
    """The most connections and requests at once, live channels included (503 beyond,
    from the ASGI server)."""
    first_message_seconds: float = 10.0
    """How long a live channel waits for its first message."""
    tables_per_minute: int = 60
    """The tables one client may create in a minute, in a burst or spread (429 beyond,
    with ``Retry-After``)."""
    tables_per_client: int = 200
    """The tables one client created that may be open at once (429 beyond)."""
    max_live_per_client: int = 64
    """The live channels one client may open, its seats' included (429 beyond)."""
    max_live_per_seat: int = 4
    """The live channels of one seat, not shared with spectators (503 beyond)."""
    bot_table_max_changes: int = 20_000
    """The most changes a table with no open seat takes (409 beyond)."""
    bot_tables_per_client: int = 4
    """The tables with no open seat one client may hold at once (429 beyond)."""
    max_held_changes: int = 1_000_000
    """The changes of all the tables the process holds, together (about 600 bytes of
    memory each): beyond, a new table and the bots of tables with no open seat are
    refused (503 ``server_full``) until tables are deleted or expire (see `Hub`)."""
    changes_per_client: int = 100_000
    """The changes of the tables one client created, together (429 beyond): a tenth of
    `max_held_changes`, so that no client holds the whole budget."""
    changes_per_second: int = 20
    """The changes a second of the tables one client created, in a burst of a hundred
    times as many (a whole deal): their bots wait, a player's move beyond is refused
    (429 with ``Retry-After``)."""
    moves_per_second: int = 10
    """The moves, undos, steps and chance outcomes one client sends in a second (a
    burst of twice as many; 429 with ``Retry-After`` beyond)."""
    seats_per_client: int = 16
    """The seats one client holds on tables whose game is not over (429 beyond): a
    family behind one address at a few tables."""
    joins_per_minute: int = 30
    """The seats one client joins in a minute, in a burst or spread (429 beyond)."""
    connections_per_client: int = 64
    """The connections one client holds open at once, live channels included (closed at
    once beyond); a trusted proxy's are not counted, as it speaks for many clients."""
    header_seconds: float = 10.0
    """How long a connection may take to send a request's headers, and then its body
    (slow senders are closed, or answered 408)."""
    idle_seconds: float = 5.0
    """How long a connection may stay open with no request (keep-alive)."""
    trusted_proxies: tuple[str, ...] = ()
    """The addresses (or networks) of reverse proxies whose ``X-Forwarded-For`` names
    the client; none by default: the client is the address the connection came from."""
    ipv6_prefix: int = 56
    """The IPv6 network one client stands for (a home is given a /56 or a /64)."""
    unjoined_table_seconds: float = 3_600.0
    """A table no player joined is deleted this long after its creation (0: never)."""
    idle_table_seconds: float = 7 * 24 * 3_600.0
    """A table that did not change for this long is deleted (0: never)."""


def routes() -> list[BaseRoute]:
    """Every route of the server."""
    table = "/api/tables/{table}"
    return [
        Route("/", api.page),
        Route("/openapi.json", api.openapi_document),
        Route("/asyncapi.json", api.asyncapi_document),
        Route("/api/games", api.games),
        Route("/api/tables", api.lobby, methods=["GET"]),
        Route("/api/tables", api.create, methods=["POST"]),
        Route(table, api.summary, methods=["GET"]),
        Route(table, api.delete, methods=["DELETE"]),
        Route(table + "/seats/{seat:int}", api.join, methods=["POST"]),
        Route(table + "/seats/{seat:int}", api.leave, methods=["DELETE"]),
        Route(table + "/rematch", api.rematch, methods=["POST"]),
        Route(table + "/view", api.view),
        Route(table + "/view.svg", api.picture),
        Route(table + "/replay.svg", api.replay_picture),
        Route(table + "/events", api.events),
        Route(table + "/record", api.record),
        Route(table + "/moves", api.move, methods=["POST"]),
        Route(table + "/step", api.step, methods=["POST"]),
        Route(table + "/undo", api.undo, methods=["POST"]),
        Route(table + "/chance", api.chance, methods=["POST"]),
        Route(table + "/chance", api.chance_outcomes, methods=["GET"]),
        WebSocketRoute(table + "/live", live_channel),
        Mount("/static", StaticFiles(directory=str(api.STATIC)), name="static"),
    ]


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

    Every request meets the `Guard` first (framing, path segments, strict UTF-8 bodies,
    the live channel's ``Origin``), then the host check, then CORS. An answer of
    `GZIP_LEAST` bytes or more is compressed for a client that accepts gzip (the live
    channel never is).
    """
    bounds = limits or Limits()
    middleware = [
        Middleware(
            Guard,
            max_body=bounds.max_body,
            body_seconds=bounds.header_seconds,
            origins=tuple(cors_origins),
        )
    ]
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

    middleware.append(Middleware(GZipMiddleware, minimum_size=GZIP_LEAST, compresslevel=6))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pages = Worker(PAGE_THREADS, "seaview-pages")
        app.state.pages = pages
        await hub.start()
        sweeping = asyncio.ensure_future(sweep(hub, app.state.expiry))
        try:
            yield
        finally:
            sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeping
            await hub.stop()
            await pages.close()

    app = Starlette(
        routes=routes(),
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={404: _not_found, 405: _not_allowed, Exception: _failed},
    )
    app.state.hub = hub
    app.state.limits = bounds
    app.state.quota = Quota(
        tables_per_minute=bounds.tables_per_minute,
        joins_per_minute=bounds.joins_per_minute,
        moves_per_second=bounds.moves_per_second,
        live=bounds.max_live,
        live_per_client=bounds.max_live_per_client,
        spectators_per_table=bounds.max_live_per_table,
        live_per_seat=bounds.max_live_per_seat,
    )
    app.state.expiry = Expiry(
        unjoined_seconds=bounds.unjoined_table_seconds, idle_seconds=bounds.idle_table_seconds
    )
    app.router.redirect_slashes = False  # /view/ is no route, not a redirect to /view
    return app


async def sweep(hub: Hub, expiry: Expiry) -> None:
    """Delete the tables ``expiry`` finds due, every ``expiry.period`` seconds (never,
    when ``expiry`` has no bound).

    A table is deleted only if it is still as the sweep saw it (`Hub.expire`: over a
    shared store, once this process's copy is in step with the store, so that a table
    played in another process is not taken for idle here). Every process of a shared
    store sweeps; a table two of them delete is deleted once, and the other forgets it.
    A table the store cannot delete now is tried again at the next sweep.
    """
    if not expiry.period:
        return
    while True:
        await asyncio.sleep(expiry.period)
        seen = {t.id: (t.table.version, t.joined) for t in hub.tables.values()}
        tables = [(t.id, t.created, *seen[t.id]) for t in hub.tables.values()]
        for table_id in expiry.due(tables, time.time()):
            live = hub.tables.get(table_id)
            if live is None:
                continue
            version, joined = seen[table_id]
            with contextlib.suppress(HubError):  # the store failed: the next sweep retries
                await hub.expire(live, version, joined)


async def _not_found(request: Request, exc: Exception) -> Response:
    return error(404, "not_found", "no such route")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    """405, with ``Allow`` naming the methods of every route of the path (a path such
    as ``/api/tables`` has one route for each method)."""
    path = request.url.path
    allowed = sorted(
        {
            method
            for route in request.app.router.routes
            if isinstance(route, Route) and route.methods and route.path_regex.match(path)
            for method in route.methods
        }
    )
    answer = error(405, "method_not_allowed", "this route does not take that method")
    answer.headers["Allow"] = ", ".join(allowed)
    return answer


async def _failed(request: Request, exc: Exception) -> Response:
    # A bug of the server: say no more than that (the traceback goes to the log).
    return error(500, "internal", "the server failed to answer this request")
