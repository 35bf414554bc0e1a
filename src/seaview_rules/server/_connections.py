"""The connections themselves, below the ASGI application: how many one client holds,
and how long a connection may take to send a request's headers.

uvicorn closes a kept-alive connection that sends nothing for a while after a reply,
but not one that never sends a whole request: a client sending a byte of headers now
and then (slowloris) would hold its connection for ever, and a few hundred of them every
connection the server takes. Here every connection must send a request's headers
within `Doorman.header_seconds` of being opened, or of the reply before; and a client
holds at most `Doorman.per_client` connections at once (a live channel's included),
so that one client cannot take the `Limits.max_connections` of everyone. A trusted
proxy's connections are not counted: it speaks for many clients, and limits them
itself (see the docs page "Deploying").

These are uvicorn's own HTTP/1.1 (h11) and WebSocket (websockets) protocols with the
counting and the deadline added: `ServerConfig` names them.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from typing import Any, cast

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from seaview_rules.server._quota import client_of

__all__ = ["Doorman", "HTTPConnection", "LiveConnection", "ServerConfig", "trusted"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    """The networks of ``proxies`` (addresses or networks, as ``--trusted-proxy`` takes
    them).

    >>> trusted(("127.0.0.1", "10.0.0.0/8"))
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))

    Raises:
        ValueError: one of them is neither.
    """
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


class Doorman:
    """The open connections of each client, and the deadlines they are held to.

    Args:
        per_client: connections one client holds at once.
        header_seconds: how long a connection may take to send a request's headers.
        proxies: the trusted proxies (`trusted`), whose connections are not counted.
        ipv6_prefix: the IPv6 network one client stands for (`client_of`).
    """

    def __init__(
        self,
        *,
        per_client: int,
        header_seconds: float,
        proxies: tuple[Network, ...] = (),
        ipv6_prefix: int = 56,
    ) -> None:
        self.per_client = per_client
        self.header_seconds = header_seconds
        self.proxies = proxies
        self.ipv6_prefix = ipv6_prefix
        self._open: Counter[str] = Counter()
        self._clients: dict[object, str] = {}
        """transport: the client it is counted for"""

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport``'s connection for its client; whether it may stay open."""
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        if address is not None and self._proxy(address):
            return True
        client = client_of(address, self.ipv6_prefix)
        if self._open[client] >= self.per_client:
            return False
        self._open[client] += 1
        self._clients[transport] = client
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """``transport``'s connection closed (once: a second call does nothing)."""
        client = self._clients.pop(transport, None)
        if client is not None:
            self._open[client] -= 1
            if self._open[client] <= 0:
                del self._open[client]

    def open(self, client: str) -> int:
        """The connections ``client`` holds."""
        return self._open[client]

    def _proxy(self, address: str) -> bool:
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(parsed in network for network in self.proxies)


class ServerConfig(uvicorn.Config):
    """uvicorn's configuration with this module's protocols and the `Doorman` they
    share."""

    def __init__(self, app: Any, *, doorman: Doorman, **options: Any) -> None:
        super().__init__(app, http=HTTPConnection, ws=LiveConnection, **options)
        self.doorman = doorman


class HTTPConnection(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, counted by the `Doorman` and closed when a request's
    headers are not all there in time."""

    _deadline: asyncio.TimerHandle | None = None

    @property
    def _doorman(self) -> Doorman:
        return cast(ServerConfig, self.config).doorman

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self._doorman.admit(transport):
            transport.close()  # one client's share of the connections is taken
            return
        self._expect_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._no_deadline()
        self._doorman.release(self.transport)
        super().connection_lost(exc)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's headers came
            self._no_deadline()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._no_deadline()  # the live channel's protocol takes the connection over
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self._expect_headers()  # before: a request pipelined behind may cancel it
        super().on_response_complete()

    def _expect_headers(self) -> None:
        self._no_deadline()
        self._deadline = self.loop.call_later(self._doorman.header_seconds, self._too_slow)

    def _no_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and not self.transport.is_closing():
            self.transport.close()


class LiveConnection(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, whose connection the `Doorman` counted while it
    was HTTP: given back when it closes."""

    def connection_lost(self, exc: Exception | None) -> None:
        cast(ServerConfig, self.config).doorman.release(self.transport)
        super().connection_lost(exc)
