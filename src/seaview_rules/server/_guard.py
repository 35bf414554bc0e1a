"""The server's first line: an ASGI middleware that refuses, before any route sees it, a
request whose framing is ambiguous, whose path has a segment no route could take, whose
body comes too slowly, whose JSON body is not strict UTF-8, or a live channel opened by
a page of another site; and that adds to every answer the headers that keep its pages
out of other sites' frames and its replies from being sniffed as another type.

It works on the ASGI scope and messages themselves (not on Starlette's `Request`), so
that nothing it refuses is parsed by anything else first.
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import urlsplit

from attrs import field, frozen
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["MAX_SEGMENT", "Guard", "same_origin"]

MAX_SEGMENT = 64
"""The longest path segment, in bytes as sent (percent-escapes included): a table id is
12 characters and a seat number a few digits, so a longer segment names no resource.
Bounding it before any route converts it keeps, say, a 4,301-digit seat number away from
`int` (whose digit limit would raise, a 500 with a traceback)."""

BOM = b"\xef\xbb\xbf"

DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}

SAFETY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
"""Sent with every answer: no type sniffing, no page of the server in a frame of
another site (clickjacking of moves and admin buttons; `frame-ancestors` says the same
in the ``Content-Security-Policy``), no table id leaked to another site in a
``Referer``."""
FRAME_ANCESTORS = b"frame-ancestors 'none'"


@frozen
class Guard:
    """The middleware: ``Middleware(Guard, max_body=..., origins=...)`` in `create_app`.

    - A request with both ``Content-Length`` and ``Transfer-Encoding`` gets 400 and
      ``Connection: close`` (RFC 9112 section 6.1: a proxy in front may frame it by the
      other header, and what follows would be read as a request of someone else).
    - A path with a segment over `MAX_SEGMENT` bytes gets 404 (a live channel: 404).
    - A body over ``max_body`` bytes gets 413 and ``Connection: close``, by its
      ``Content-Length`` before a byte is read, or as it arrives; a JSON body that is
      not UTF-8, starts with a byte order mark, or holds a NUL byte (UTF-16 and UTF-32
      text does; JSON text never does) gets 400 (RFC 8259 section 8.1). The body is read
      here once and handed on whole.
    - A body that has not all come ``body_seconds`` after its headers gets 408 and
      ``Connection: close`` (a client sending a byte now and then holds no worker).
    - A live channel whose ``Origin`` names another host than its ``Host`` is refused
      (403) unless the origin is one of ``origins`` (the CORS origins); a channel with no
      ``Origin`` (a client that is not a browser) is let through.
    - Every answer gets `SAFETY_HEADERS`, and ``frame-ancestors 'none'`` in its
      ``Content-Security-Policy``.
    """

    app: ASGIApp
    max_body: int = field(default=65_536, kw_only=True)
    """The largest request body, in bytes (`Limits.max_body`)."""
    body_seconds: float = field(default=10.0, kw_only=True)
    """How long a body may take to come (`Limits.header_seconds`)."""
    origins: tuple[str, ...] = field(default=(), kw_only=True)
    """Origins of other sites whose pages may open a live channel (the CORS origins)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        send = _with_safety_headers(send)
        headers = {name.lower(): value for name, value in scope["headers"]}
        if b"transfer-encoding" in headers and b"content-length" in headers:
            reason = "a request has Content-Length or Transfer-Encoding, not both"
            await _answer(send, 400, "bad_request", reason, close=True)
            return
        if not _bounded_path(scope):
            await _answer(send, 404, "not_found", "no such route")
            return
        if b"transfer-encoding" not in headers and headers.get(b"content-length", b"0") == b"0":
            await self.app(scope, receive, send)  # no body
            return
        too_large = f"a request body is at most {self.max_body} bytes"
        length = headers.get(b"content-length", b"")
        if length.isdigit() and (len(length) > 18 or int(length) > self.max_body):
            await _answer(send, 413, "too_large", too_large, close=True)
            return
        try:
            body = await asyncio.wait_for(_read_body(receive, self.max_body), self.body_seconds)
        except asyncio.TimeoutError:
            reason = f"the body did not come within {self.body_seconds:g} seconds"
            await _answer(send, 408, "timeout", reason, close=True)
            return
        if body is None:
            await _answer(send, 413, "too_large", too_large, close=True)
            return
        if _media_type(headers) == "application/json" and not strict_utf8(body):
            reason = "the body must be JSON text in UTF-8, with no byte order mark"
            await _answer(send, 400, "bad_request", reason)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not _bounded_path(scope):
            await _refuse_websocket(scope, send, 404, "not_found", "no such route")
            return
        headers = {name.lower(): value for name, value in scope["headers"]}
        origin = headers.get(b"origin")
        if origin is not None:
            shown = origin.decode("latin-1")
            if shown not in self.origins and not same_origin(
                shown, headers.get(b"host", b"").decode("latin-1"), scope.get("scheme", "ws")
            ):
                reason = "a page of another site may not open a live channel here"
                await _refuse_websocket(scope, send, 403, "forbidden", reason)
                return
        await self.app(scope, receive, send)


def same_origin(origin: str, host: str, scheme: str = "ws") -> bool:
    """Whether ``origin`` (an ``Origin`` header) names the host and port of ``host`` (the
    ``Host`` header of a request that came in over ``scheme``). A port left out is the
    scheme's default; names are compared without case.

    >>> same_origin("http://localhost:8000", "localhost:8000")
    True
    >>> same_origin("https://example.org", "example.org", "wss")
    True
    >>> same_origin("http://evil.example", "localhost:8000")
    False
    >>> same_origin("null", "localhost:8000")
    False
    """
    try:
        seen = urlsplit(origin)
        asked = urlsplit(f"//{host}")
        if seen.scheme not in ("http", "https") or not seen.hostname or not asked.hostname:
            return False
        seen_port = seen.port or DEFAULT_PORTS[seen.scheme]
        asked_port = asked.port or DEFAULT_PORTS.get(scheme, 80)
    except ValueError:  # a port that is no number, a broken IPv6 literal
        return False
    return (seen.hostname, seen_port) == (asked.hostname, asked_port)


def strict_utf8(body: bytes) -> bool:
    """Whether ``body`` is JSON text as RFC 8259 section 8.1 has it sent: UTF-8, no byte
    order mark. A NUL byte is refused too: JSON text has none (a control character is
    escaped even in a string), while UTF-16 and UTF-32 text of ASCII is half or three
    quarters NUL, and Python's `json.loads` would take it as such.

    >>> strict_utf8('{"move": "R8"}'.encode())
    True
    >>> strict_utf8('{"move": "R8"}'.encode("utf-16-le"))
    False
    >>> strict_utf8(b"\\xef\\xbb\\xbf{}")
    False
    >>> strict_utf8(b'{"move": "\\xff"}')
    False
    """
    if body.startswith(BOM) or b"\x00" in body:
        return False
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _bounded_path(scope: Scope) -> bool:
    raw = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
    return all(len(segment) <= MAX_SEGMENT for segment in raw.split(b"/"))


def _media_type(headers: dict[bytes, bytes]) -> str:
    return headers.get(b"content-type", b"").partition(b";")[0].strip().lower().decode("latin-1")


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, ``None`` once it is over ``limit`` bytes (the rest is
    left unread: the answer closes the connection). A client that leaves mid-body ends
    it: the app then reads the disconnect as usual."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` whole, then what ``receive`` gives (the
    client's disconnect)."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


def _with_safety_headers(send: Send) -> Send:
    """A ``send`` that adds `SAFETY_HEADERS` and `FRAME_ANCESTORS` to the answer."""

    async def sent(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {name.lower() for name, _ in headers}
            headers += [header for header in SAFETY_HEADERS if header[0] not in names]
            policy = [
                i
                for i, (name, _) in enumerate(headers)
                if name.lower() == b"content-security-policy"
            ]
            if not policy:
                headers.append((b"content-security-policy", FRAME_ANCESTORS))
            elif b"frame-ancestors" not in headers[policy[0]][1]:
                name, value = headers[policy[0]]
                headers[policy[0]] = (name, value + b"; " + FRAME_ANCESTORS)
            message = {**message, "headers": headers}
        await send(message)

    return sent


def _error_body(status: int, code: str, reason: str) -> bytes:
    return json.dumps({"error": code, "reason": reason}).encode()


async def _answer(send: Send, status: int, code: str, reason: str, *, close: bool = False) -> None:
    """A JSON error in the server's one shape (``{"error", "reason"}``); ``close``: and
    ``Connection: close``, after which the ASGI server reads nothing more of the
    connection (so nothing sent after this request is taken as a request)."""
    body = _error_body(status, code, reason)
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def _refuse_websocket(scope: Scope, send: Send, status: int, code: str, reason: str) -> None:
    """Refuse a live channel before it is accepted: with an HTTP answer of ``status``
    and a JSON body where the ASGI server can send one (the ``websocket.http.response``
    extension), else a close, which the ASGI server answers with 403."""
    if "websocket.http.response" not in (scope.get("extensions") or {}):
        await send({"type": "websocket.close", "code": 1008})
        return
    body = _error_body(status, code, reason)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body, "more_body": False})
