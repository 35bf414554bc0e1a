"""Reading a request: its JSON body (bounded, strict), its bearer token, its numbers;
and writing a refusal as a JSON error."""

from __future__ import annotations

import functools
import json
import re
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
    "required",
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
            response = error(exc.status, exc.code, exc.reason)
            if exc.status == 401:  # RFC 9110 section 15.5.2: say how to authenticate
                response.headers["WWW-Authenticate"] = 'Bearer realm="seaview"'
            return response
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

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that show nothing (the Hangul fillers, the blank Braille pattern)."""

SEAT_WORDS = re.compile(r"seat\d|^you$")
"""What a name may not say, folded (`_folded`): the words the page and the log use for
seats ("seat 1", "you"), so that no player passes for another."""


def name_of(data: Mapping[str, Any]) -> str | None:
    """The player's name, if one is given, in NFC: 1 to `NAME_LENGTH` characters once
    the white space around it is stripped; none of them a control, format, surrogate,
    private-use or unassigned character (Unicode category C) or a line or paragraph
    separator; at most one combining mark after each letter; something that shows (a
    letter, digit, punctuation or symbol that is not blank); and not a seat's words
    ("seat 1", "you").

    Raises:
        HubError: 400, a name that breaks one of these.
    """
    name = data.get("name")
    if name is None:
        return None
    if isinstance(name, str):
        name = unicodedata.normalize("NFC", name.strip())
        if 1 <= len(name) <= NAME_LENGTH and _plain(name):
            if SEAT_WORDS.search(_folded(name)):
                raise HubError(400, "bad_request", "a name may not be a seat's (seat 1, you)")
            return name
    raise HubError(
        400,
        "bad_request",
        f"name must be 1 to {NAME_LENGTH} characters that show, none of them a control "
        "character or a line break, with at most one accent on a letter",
    )


def _plain(name: str) -> bool:
    """Whether ``name`` has only characters that show or space them, and something
    that shows."""
    shows, marks = False, 1  # a mark first has no letter to go on
    for char in name:
        kind = unicodedata.category(char)
        if kind[0] == "C" or kind in ("Zl", "Zp"):
            return False
        if kind[0] == "M":
            marks += 1
            if marks > 1:
                return False
            continue
        marks = 0 if kind[0] in "LN" else 1  # a mark only after a letter or a digit
        shows = shows or (kind[0] in "LNPS" and char not in BLANK_LETTERS)
    return shows


def _folded(name: str) -> str:
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


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


def required(headers: Headers) -> str:
    """The token of the ``Authorization: Bearer`` header, which the route needs.

    Raises:
        HubError: 401, no token (answered with ``WWW-Authenticate: Bearer``); 403, a
            header of another form.
    """
    token = bearer(headers)
    if token is None:
        raise HubError(401, "unauthorized", "this needs a token: Authorization: Bearer <token>")
    return token


def seat_of(live: LiveTable, request: Request) -> int:
    """The seat whose token the request carries.

    Raises:
        HubError: 401, no token; 403, the admin token, or a token of no seat here.
    """
    role = live.role(required(request.headers))
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
