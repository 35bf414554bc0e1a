"""A table server for every game: a lobby, seats with secret tokens, live updates, and
tables that survive a crash. Install it with ``pip install 'seaview-rules[server]'``
and start it with ``seaview serve``; the docs page "The table server" describes every
route.

It is an ASGI application on Starlette, served by uvicorn: Starlette because the server
is a thin layer over `seaview_rules.Table` (routing, request bodies, WebSockets) and
needs nothing a larger framework adds, least of all a second validation layer, since
the library's codecs already validate every document; uvicorn because it is the
maintained reference ASGI server, with WebSockets.
"""

from __future__ import annotations

import gc
import re
import socket
import sys
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import urlsplit, urlunsplit

from seaview_rules.server._app import Limits, create_app
from seaview_rules.server._asyncapi import asyncapi
from seaview_rules.server._hub import SEAT_KINDS, Hub
from seaview_rules.server._openapi import openapi
from seaview_rules.server._store import (
    CapError,
    Caps,
    Head,
    SharedStore,
    SQLiteStore,
    StaleVersionError,
    Store,
    StoredChange,
    StoredTable,
)

if TYPE_CHECKING:
    from seaview_rules.server._postgres import PostgresStore

__all__ = [
    "COLLECTOR_THRESHOLDS",
    "SEAT_KINDS",
    "CapError",
    "Caps",
    "Head",
    "Hub",
    "Limits",
    "PostgresStore",
    "SQLiteStore",
    "SharedStore",
    "StaleVersionError",
    "Store",
    "StoredChange",
    "StoredTable",
    "asyncapi",
    "create_app",
    "open_store",
    "openapi",
    "serve",
]


def __getattr__(name: str) -> Any:
    """`PostgresStore` on first use: it needs psycopg (``seaview-rules[postgres]``),
    which a server on SQLite does without."""
    if name == "PostgresStore":
        from seaview_rules.server._postgres import PostgresStore

        return PostgresStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def open_store(db: str) -> Store:
    """The store ``db`` names: a ``postgresql://`` (or ``postgres://``) URL gives a
    `PostgresStore` that several server processes share; anything else is the path of
    an SQLite file (`SQLiteStore`, one process)."""
    if db.startswith(("postgresql://", "postgres://")):
        from seaview_rules.server._postgres import PostgresStore

        return PostgresStore(db)
    return SQLiteStore(db)


def _shown(db: str) -> str:
    """``db`` as it may be printed: a URL's password (or a libpq ``password=``) is
    replaced by ``***``."""
    if "://" in db:
        parts = urlsplit(db)
        if parts.password is not None:
            host = parts.netloc.rpartition("@")[2]
            user = parts.username or ""
            return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
        return db
    return re.sub(r"(password\s*=\s*)('[^']*'|\S+)", r"\1***", db)


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "tables.sqlite",
    seed: int | None = None,
    limits: Limits | None = None,
    cors_origins: tuple[str, ...] = (),
    access_log: bool = False,
    out: TextIO = sys.stdout,
) -> None:
    """Serve the tables of ``db`` (`open_store`: an SQLite file, or a PostgreSQL URL
    that several processes share) on ``host``:``port`` until interrupted
    (``port=0``: any free port; the line printed once listening names it).

    Args:
        seed: ``None`` (a live server): chance from the operating system's generator;
            a number: seeded tables, for tests and replays only.
        limits: request and server bounds.
        cors_origins: origins whose pages may call the API (none: CORS closed).
        access_log: log every request line (never a token: tokens travel in headers
            and in the live channel's first message only).
    """
    import uvicorn

    from seaview_rules.server._connections import Doorman, ServerConfig, trusted

    bounds = limits or Limits()
    proxies = trusted(bounds.trusted_proxies)  # a bad address fails before anything opens
    store = open_store(db)
    hub = Hub(
        store,
        seed=seed,
        max_tables=bounds.max_tables,
        max_changes=bounds.max_changes,
        bot_table_max_changes=bounds.bot_table_max_changes,
        max_held_changes=bounds.max_held_changes,
        tables_per_client=bounds.tables_per_client,
        bot_tables_per_client=bounds.bot_tables_per_client,
        seats_per_client=bounds.seats_per_client,
        changes_per_client=bounds.changes_per_client,
        changes_per_second=bounds.changes_per_second,
    )
    hub.load()
    _quiet_collector()
    # A server on a loopback address takes only loopback names (DNS rebinding), unless
    # a trusted proxy in front passes on the public name it was asked by (and checks it)
    loopback = host in ("127.0.0.1", "localhost", "::1") and not proxies
    app = create_app(
        hub,
        limits=bounds,
        cors_origins=cors_origins,
        allowed_hosts=("127.0.0.1", "localhost", "::1", "[::1]") if loopback else (),
    )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that name it, and
    # without it every keep-alive reply waits 40 ms for the client's delayed ACK
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(
        f"seaview serve: {len(hub.tables)} tables from {_shown(db)}"
        + (f" ({len(hub.unreadable)} that cannot be rebuilt left out)" if hub.unreadable else "")
        + f"; listening on http://{shown}:{bound}/",
        file=out,
        flush=True,
    )
    doorman = Doorman(
        per_client=bounds.connections_per_client,
        header_seconds=bounds.header_seconds,
        proxies=proxies,
        ipv6_prefix=bounds.ipv6_prefix,
    )
    config = ServerConfig(
        app,
        doorman=doorman,
        log_level="info" if access_log else "warning",
        access_log=access_log,
        ws_max_size=bounds.max_body,
        # Live messages go uncompressed: each is a few kilobytes, and compressing it for
        # each channel (a context per connection) cost about a tenth of the server's time
        # a move, and more than building it once for all a table's spectators.
        ws_per_message_deflate=False,
        limit_concurrency=bounds.max_connections,  # 503 beyond
        timeout_keep_alive=max(1, round(bounds.idle_seconds)),
        # X-Forwarded-For (and -Proto) read from the trusted proxies only, and from none
        # by default (uvicorn's own default trusts 127.0.0.1)
        proxy_headers=bool(proxies),
        forwarded_allow_ips=[str(network) for network in proxies],
        server_header=False,
        lifespan="on",
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        store.close()


COLLECTOR_THRESHOLDS = (50_000, 20, 100)
"""The cyclic garbage collector's thresholds in a server process (`gc.set_threshold`;
Python's are 700, 10, 10)."""


def _quiet_collector() -> None:
    """Keep the cyclic garbage collector from stalling the server.

    A table keeps about five Python objects a change (its states and its log), so a
    process holding long tables holds millions, and a full collection walks them all
    while every thread waits: about 300 ms for a 200,000-change table. With Python's
    thresholds, reading such a table a page at a time (whose objects live long enough
    to be promoted) set one off every few pages, and every other client waited with
    it. Here the young generation is collected every 50,000 allocations instead of 700,
    so that a page's objects mostly die before a collection sees them, and a full
    collection comes a hundred times rarer; the tables loaded at start are frozen out of
    the collector's walks (`gc.freeze`: they live until deleted, and are freed by their
    reference counts, as a table's objects form no cycles).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
