"""Reading a request: its JSON body (bounded, strict), its bearer token, its numbers;
and writing a refusal as a JSON error."""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from seaview_rules import IllegalMoveError
from seaview_rules.server._live import HubError, LiveTable
from seaview_rules.server._quota import QuotaError, retry_after

__all__ = [
    "NO_STORE",
    "bearer",
    "body",
    "error",
    "guarded",
    "move_of",
    "name_of",
    "number",
    "seat_of",
    "unique_keys",
    "version_of",
    "viewer",
]

Handler = Callable[[Request], Awaitable[Response]]

NO_STORE = {"Cache-Control": "no-store"}


def error(status: int, code: str, reason: str, rule: str | None = None) -> JSONResponse:
    """The JSON error ``{"error", "reason", "rule"?}`` with ``status``."""
    data: dict[str, Any] = {"error": code, "reason": reason}
    if rule is not None:
        data["rule"] = rule
    return JSONResponse(data, status_code=status, headers=NO_STORE)


def guarded(handler: Handler) -> Handler:
    """``handler`` with every refusal written as a JSON error: a `HubError` with its
    status, an `IllegalMoveError` as 409 with the rule and the reason (reasons of moves
    checked with the asker's seat, so they say nothing the asker may not see), a
    `QuotaError` with its status and, when waiting helps, ``Retry-After``."""

    @functools.wraps(handler)
    async def checked(request: Request) -> Response:
        try:
            return await handler(request)
        except HubError as exc:
            return error(exc.status, exc.code, exc.reason)
        except IllegalMoveError as exc:
            return error(409, "refused", exc.reason, exc.rule)
        except QuotaError as exc:
            response = error(exc.status, exc.code, exc.reason)
            if exc.retry_after is not None:
                response.headers["Retry-After"] = retry_after(exc.retry_after)
            return response

    return checked


async def body(request: Request, allowed: frozenset[str]) -> dict[str, Any]:
    """The request's JSON object, bounded in size (``app.state.limits.max_body``), with
    only ``allowed`` keys, each once. The request must say it is JSON: a page of another
    site can then send it only if CORS lets it (a cross-site form post is plain text).

    Raises:
        HubError: 400, 413 or 415.
    """
    largest: int = request.app.state.limits.max_body
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        raise HubError(415, "unsupported_media_type", "send Content-Type: application/json")
    length = request.headers.get("content-length")
    if length is not None and (not _digits(length) or len(length) > 18):
        raise HubError(400, "bad_request", "Content-Length must be a number of bytes")
    if length is not None and int(length) > largest:
        raise HubError(413, "too_large", f"a request body is at most {largest} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > largest:
            raise HubError(413, "too_large", f"a request body is at most {largest} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        data: object = {}
    else:
        try:
            data = json.loads(raw, object_pairs_hook=unique_keys)
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


NAME_LENGTH = 24
"""The most characters of a player's name."""


def name_of(data: Mapping[str, Any]) -> str | None:
    """The player's name, if one is given: 1 to `NAME_LENGTH` characters once the white
    space around it is stripped, none of them a control, format, surrogate, private-use
    or unassigned character (Unicode category C)."""
    name = data.get("name")
    if name is None:
        return None
    if isinstance(name, str):
        name = name.strip()
        if 1 <= len(name) <= NAME_LENGTH and not any(
            unicodedata.category(c).startswith("C") for c in name
        ):
            return name
    raise HubError(
        400,
        "bad_request",
        f"name must be 1 to {NAME_LENGTH} characters, none of them a control character",
    )


def version_of(data: Mapping[str, Any]) -> int | None:
    """The version the client acted on, if it gave one."""
    version = data.get("version")
    if version is not None and (type(version) is not int or version < 0):
        raise HubError(400, "bad_request", "version must be a table version (an integer)")
    return version


def bearer(headers: Headers) -> str | None:
    """The token of an ``Authorization: Bearer`` header, ``None`` without the header.

    Raises:
        HubError: 403, a header of another form, or two of them.
    """
    given = headers.getlist("authorization")
    if not given:
        return None
    if len(given) > 1:
        raise HubError(403, "forbidden", "send one Authorization header")
    scheme, _, token = given[0].partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HubError(403, "forbidden", "the Authorization header must be 'Bearer <token>'")
    return token.strip()


def seat_of(live: LiveTable, request: Request) -> int:
    """The seat whose token the request carries.

    Raises:
        HubError: 403, no token, the admin token, or a token of no seat here.
    """
    role = live.role(bearer(request.headers))
    if not isinstance(role, int):
        raise HubError(403, "forbidden", "this needs the token of a seat of this table")
    return role


def viewer(live: LiveTable, headers: Headers) -> int | None:
    """The seat of the asker, ``None`` for a spectator (and the admin)."""
    role = live.role(bearer(headers))
    return role if isinstance(role, int) else None


def number(request: Request, name: str, default: int, largest: int, *, least: int = 0) -> int:
    """The query parameter ``name``, a number from ``least`` to ``largest``
    (``default`` when absent), checked as text before it is converted.

    Raises:
        HubError: 400, not such a number.
    """
    text = request.query_params.get(name)
    if text is None:
        return default
    if not _digits(text) or len(text) > 18 or not least <= int(text) <= largest:
        raise HubError(400, "bad_request", f"{name} must be a number from {least} to {largest}")
    return int(text)


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (``{"move": "R8", "move": "R9"}`` is
    no request)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key appears twice")
    return data


def _digits(text: str) -> bool:
    """Whether ``text`` is a plain number (``"²".isdigit()`` is true, but no number)."""
    return text.isascii() and text.isdigit()
