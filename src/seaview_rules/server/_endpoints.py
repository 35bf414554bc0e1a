"""The HTTP endpoints: each reads and bounds its request, finds the table and the
asker's role, calls one `Hub` or `seaview_rules.Table` method, and writes the answer.
What they share is on ``request.app.state``: ``hub`` (the `Hub`), ``limits`` (the
`Limits`), ``quota`` (the `Quota` of tables each client creates) and ``pages`` (the
worker that builds large pages). No rule of any game is here."""

from __future__ import annotations

import hashlib
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from seaview_rules import CHANCE, GAMES, InvalidDataError, svg
from seaview_rules.server._asyncapi import asyncapi
from seaview_rules.server._hub import Hub
from seaview_rules.server._live import ADMIN, SEAT_KINDS, HubError, LiveTable
from seaview_rules.server._lobby import LOBBY_MAX, LOBBY_PAGE
from seaview_rules.server._openapi import openapi, rules_inputs
from seaview_rules.server._pages import (
    EVENTS_PAGE,
    OFF_LOOP,
    PAGE_MAX,
    RECORD_PAGE,
    events_page,
    record_page,
)
from seaview_rules.server._quota import Quota, client_of
from seaview_rules.server._requests import (
    NO_STORE,
    bearer,
    body,
    guarded,
    move_of,
    name_of,
    number,
    required,
    seat_of,
    version_of,
    viewer,
)

__all__ = [
    "asyncapi_document",
    "chance",
    "chance_outcomes",
    "create",
    "delete",
    "events",
    "games",
    "join",
    "leave",
    "lobby",
    "move",
    "openapi_document",
    "page",
    "picture",
    "record",
    "rematch",
    "replay_picture",
    "step",
    "summary",
    "undo",
    "view",
]

STATIC = resources.files("seaview_rules.server") / "static"
"""The client page and its assets."""


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _quota(request: Request) -> Quota:
    quota: Quota = request.app.state.quota
    return quota


async def _table(request: Request) -> LiveTable:
    # An escaped slash ("%2Fview") is decoded into the path: no route has one.
    if b"%2f" in request.scope.get("raw_path", b"").lower():
        raise HubError(404, "not_found", "no such route")
    return await _hub(request).get(request.path_params["table"])


def _json(text: str, headers: dict[str, str] | None = None) -> Response:
    return Response(text, media_type="application/json", headers={**NO_STORE, **(headers or {})})


@guarded
async def games(request: Request) -> Response:
    """GET /api/games"""
    entries = [
        {
            "name": game.name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "chance": game.chance,
            "hidden_information": game.hidden_information,
            "table_chance": game.table_chance,
            "rules": game.rules_to_data(game.rules_type()),
            "rules_schema": rules_inputs(game.name),
        }
        for game in GAMES.values()
    ]
    return JSONResponse({"games": entries}, headers=NO_STORE)


@guarded
async def lobby(request: Request) -> Response:
    """GET /api/tables?limit=N&cursor=C"""
    limit = number(request, "limit", LOBBY_PAGE, LOBBY_MAX, least=1)
    cursor = request.query_params.get("cursor")
    if cursor is not None and len(cursor) > 100:
        raise HubError(400, "bad_request", "cursor must be the next of a page of the lobby")
    text, tag = await _hub(request).lobby(cursor, limit)
    return _tagged(request, text, tag)


def _tagged(request: Request, text: str, tag: str | None = None) -> Response:
    """``text`` (JSON) with a strong ``ETag`` (a hash of the body, unless given), or 304
    with no body if the request's ``If-None-Match`` names that tag: a page that polls
    the lobby is sent it only when it changed. ``Cache-Control: no-cache``: a browser
    may keep the reply but asks again every time (the lobby holds nothing secret)."""
    data = text.encode()
    tag = tag or f'"{hashlib.sha256(data).hexdigest()[:32]}"'
    headers = {"Cache-Control": "no-cache", "ETag": tag}
    asked = request.headers.get("if-none-match", "")
    if any(t.strip().removeprefix("W/") in (tag, "*") for t in asked.split(",")):
        return Response(status_code=304, headers=headers)
    return Response(data, media_type="application/json", headers=headers)


@guarded
async def create(request: Request) -> Response:
    """POST /api/tables

    The client's rate is taken once the request is read and checked (a bad request
    costs nothing); its share of tables is counted by the store."""
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
    mode = data.get("chance")
    if mode is not None and mode not in ("auto", "step", "external"):
        raise HubError(400, "bad_request", "chance must be 'auto', 'step' or 'external'")
    rules = _rules(name, data.get("rules"), len(seats))
    client = _client(request)
    _quota(request).take_table(client)
    live, admin = await _hub(request).create(name, rules, seats, mode, owner=client)
    return JSONResponse(
        {"table": live.id, "admin_token": admin, "version": live.table.version},
        status_code=201,
        headers=NO_STORE,
    )


def _client(request: Request) -> str:
    """The client of the request (`client_of`), by the address the connection came from
    or, behind a trusted proxy, the one it names."""
    prefix: int = request.app.state.limits.ipv6_prefix
    return client_of(request.client.host if request.client else None, prefix)


def _rules(name: str, data: object, players: int) -> Any:
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


@guarded
async def summary(request: Request) -> Response:
    """GET /api/tables/{table}"""
    return _tagged(request, (await _table(request)).entry_text)


@guarded
async def join(request: Request) -> Response:
    """POST /api/tables/{table}/seats/{seat}"""
    live = await _table(request)
    name = name_of(await body(request, frozenset({"name"})))
    seat = request.path_params["seat"]
    client = _client(request)
    _quota(request).take_join(client)
    token = await _hub(request).join(live, seat, name, client)
    return JSONResponse({"token": token, "seat": seat, "name": name}, headers=NO_STORE)


@guarded
async def leave(request: Request) -> Response:
    """DELETE /api/tables/{table}/seats/{seat}"""
    live = await _table(request)
    seat = request.path_params["seat"]
    role = live.role(required(request.headers))
    if role != ADMIN and role != seat:
        raise HubError(403, "forbidden", "a seat is left with its own token or the admin token")
    await _hub(request).leave(live, seat)
    return JSONResponse({"left": seat}, headers=NO_STORE)


@guarded
async def rematch(request: Request) -> Response:
    """POST /api/tables/{table}/rematch

    The first request makes the rematch, counted in the client's share as a new table
    (201); any later one names it (200)."""
    live = await _table(request)
    await body(request, frozenset())
    live.role(required(request.headers))  # a seat's or the admin token
    if live.table.to_move is not None:
        raise HubError(409, "not_over", "a rematch is made once the game is over")
    client = _client(request)
    if live.rematch is None:
        _quota(request).take_table(client)
    new, made = await _hub(request).rematch(live, owner=client)
    return JSONResponse(
        {"table": new.id, "version": new.version},
        status_code=201 if made else 200,
        headers=NO_STORE,
    )


@guarded
async def view(request: Request) -> Response:
    """GET /api/tables/{table}/view"""
    live = await _table(request)
    seat = viewer(live, request.headers)
    async with live.reading() as table:
        version, seen, chance_seat = table.version, table.view(seat), table.chance_seat
    return JSONResponse(
        {"version": version, "view": table.game.to_dict(seen), "chance_seat": chance_seat},
        headers=NO_STORE,
    )


PICTURE_WIDTHS = (280, 4_096)
"""The ``width`` a picture may be asked for (CSS pixels: the box the page shows it in),
the range `seaview_rules.svg.render` draws."""


@guarded
async def picture(request: Request) -> Response:
    """GET /api/tables/{table}/view.svg?width=W: the asker's view drawn for a box ``W``
    CSS pixels wide (the picture's own layout without it), naming the players, with
    the last change marked as the asker saw it (its events redacted for the asker's
    seat, as the log is)."""
    live = await _table(request)
    seat = viewer(live, request.headers)
    least, most = PICTURE_WIDTHS
    width = number(request, "width", least, most, least=least)
    async with live.reading() as table:
        seen = table.view(seat)
        version = table.version
        last = [entry.event for entry in table.events_since(version - 1, seat)] if version else []
    takes = table.game.picture_options
    wanted: dict[str, Any] = {
        "moves": True,
        "width": width if "width" in request.query_params else None,
        "names": [name or "" for name in live.entry["names"]],
        "last": last,
    }
    options = {key: value for key, value in wanted.items() if key in takes}
    return Response(
        svg.render(seen, **options),
        media_type="image/svg+xml",
        headers={
            **NO_STORE,
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        },
    )


REPLAY_MOVES = 10_000
"""The longest record a finished table's replay is drawn for (409 beyond): each
picture of the replay plays the record from its start up to its move."""


@guarded
async def replay_picture(request: Request) -> Response:
    """GET /api/tables/{table}/replay.svg?move=K&width=W: once the game is over, the
    asker's view after the record's first ``K`` moves (the last by default), drawn as
    the table's picture is, with move ``K`` marked; ``Record-Moves`` says how many the
    record has. A seat sees what it saw then, a spectator (and the admin) what the
    spectators saw: never more than the live table showed. A picture that plays more
    than `OFF_LOOP` moves is built on a worker thread and counted in the client's moves
    a second."""
    live = await _table(request)
    seat = viewer(live, request.headers)
    async with live.reading() as table:
        over, record = table.to_move is None, table.record
    if not over:
        raise HubError(409, "not_over", "a table is replayed once the game is over")
    moves = len(record.moves)
    if moves > REPLAY_MOVES:
        raise HubError(409, "too_long", f"a record of over {REPLAY_MOVES} moves is not replayed")
    upto = number(request, "move", moves, moves)
    least, most = PICTURE_WIDTHS
    width = number(request, "width", least, most, least=least)
    if upto > OFF_LOOP:  # a long replay, built on a worker thread: counted, as a move is
        _quota(request).take_move(_client(request))
    game = table.game
    names = [name or "" for name in live.entry["names"]]

    def draw() -> str:
        state = game.new_game(record.rules)
        last: list[Any] = []
        for at, played in enumerate(record.moves[:upto]):
            if at == upto - 1:
                last = list(game.events(state, played, seat=seat))
            state = game.apply_move(state, played)
        wanted = {
            "width": width if "width" in request.query_params else None,
            "names": names,
            "last": last,
        }
        options = {key: value for key, value in wanted.items() if key in game.picture_options}
        return svg.render(game.view(state, seat), **options)

    text = await request.app.state.pages.run(draw) if upto > OFF_LOOP else draw()
    return Response(
        text,
        media_type="image/svg+xml",
        headers={
            **NO_STORE,
            "Record-Moves": str(moves),
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        },
    )


@guarded
async def events(request: Request) -> Response:
    """GET /api/tables/{table}/events?since=V&limit=N"""
    live = await _table(request)
    seat = viewer(live, request.headers)
    since = number(request, "since", 0, live.version)
    limit = number(request, "limit", EVENTS_PAGE, PAGE_MAX, least=1)
    return _json(await events_page(live, request.app.state.pages, seat, since, limit))


@guarded
async def record(request: Request) -> Response:
    """GET /api/tables/{table}/record?since=M&limit=N: with the admin token, the full
    record once the game is over, and a spectator's before (the host sees no more than
    a spectator until the end)."""
    live = await _table(request)
    role = live.role(bearer(request.headers))
    if role == ADMIN and live.table.to_move is not None:
        role = None
    since = number(request, "since", 0, live.version)
    limit = number(request, "limit", RECORD_PAGE, PAGE_MAX, least=1)
    text, more = await record_page(live, request.app.state.pages, role, since, limit)
    if more is None:
        return _json(text)
    following = request.url.include_query_params(since=more, limit=limit)
    return _json(text, {"Link": f'<{following.path}?{following.query}>; rel="next"'})


async def _changed(request: Request, live: LiveTable, make: Any) -> Response:
    """Make the change with ``make(table)``, counted in the asker's moves a second; the
    reply is the table's new version."""
    _quota(request).take_move(_client(request))
    return JSONResponse({"version": await _hub(request).change(live, make)}, headers=NO_STORE)


def _chance_must_be(live: LiveTable, mode: str) -> None:
    if live.table.chance != mode:
        shown = live.table.chance
        raise HubError(409, "wrong_chance", f"this table's chance is {shown!r}, not {mode!r}")


@guarded
async def move(request: Request) -> Response:
    """POST /api/tables/{table}/moves"""
    live = await _table(request)
    data = await body(request, frozenset({"move", "version"}))
    seat, text, version = seat_of(live, request), move_of(data), version_of(data)
    return await _changed(request, live, lambda t: t.submit(seat, text, version=version))


STEPS_AT_ONCE = 1_000
"""The most chance moves one ``{"all": true}`` step makes. A deal ends by itself: each
of its moves takes a card from a finite deck, so it ends within the deck (a Voyage
deck holds 39 cards by default), and a spin is followed by a player's move.
The bound only keeps a game whose chance never hands the turn over from holding the
table's lock; a deal that would pass the table's change limit is refused whole (see
`Hub.change`)."""


@guarded
async def step(request: Request) -> Response:
    """POST /api/tables/{table}/step: one chance move, or with ``"all": true`` every
    chance move while the same seat is the one to press (a whole deal in one request),
    each stored as its own change."""
    live = await _table(request)
    data = await body(request, frozenset({"version", "all"}))
    seat, version = seat_of(live, request), version_of(data)
    every = data.get("all", False)
    if not isinstance(every, bool):
        raise HubError(400, "bad_request", "all must be true or false")
    _chance_must_be(live, "step")
    if not every:
        return await _changed(request, live, lambda t: t.step(seat, version=version))
    return await _changed(request, live, lambda t: _steps(t, seat, version))


def _steps(table: Any, seat: int, version: int | None) -> int:
    """Step ``table``'s chance for ``seat`` while ``seat`` is the one to press."""
    now: int = table.step(seat, version=version)
    for _ in range(STEPS_AT_ONCE - 1):
        if table.chance_seat != seat:
            break
        now = table.step(seat)
    return now


@guarded
async def undo(request: Request) -> Response:
    """POST /api/tables/{table}/undo"""
    live = await _table(request)
    data = await body(request, frozenset({"version"}))
    seat, version = seat_of(live, request), version_of(data)
    return await _changed(request, live, lambda t: t.undo(seat, version=version))


@guarded
async def chance(request: Request) -> Response:
    """POST /api/tables/{table}/chance"""
    live = await _table(request)
    data = await body(request, frozenset({"move", "version"}))
    if live.role(required(request.headers)) != ADMIN:
        raise HubError(403, "forbidden", "chance outcomes are entered with the admin token")
    _chance_must_be(live, "external")
    text, version = move_of(data), version_of(data)
    return await _changed(request, live, lambda t: t.enter_chance(text, version=version))


@guarded
async def chance_outcomes(request: Request) -> Response:
    """GET /api/tables/{table}/chance: the possible outcomes of the pending chance move,
    for the admin to offer (a table with chance 'external')."""
    live = await _table(request)
    if live.role(required(request.headers)) != ADMIN:
        raise HubError(403, "forbidden", "chance outcomes are read with the admin token")
    _chance_must_be(live, "external")
    async with live.reading() as table:
        version, chance_seat = table.version, table.chance_seat
        pending = table.game.chance_outcomes(table.state) if table.to_move is CHANCE else []
    outcomes = [{"move": str(move), "probability": str(p)} for move, p in pending]
    return JSONResponse(
        {"version": version, "chance_seat": chance_seat, "outcomes": outcomes}, headers=NO_STORE
    )


@guarded
async def delete(request: Request) -> Response:
    """DELETE /api/tables/{table}"""
    live = await _table(request)
    if live.role(required(request.headers)) != ADMIN:
        raise HubError(403, "forbidden", "a table is deleted with its admin token")
    await _hub(request).delete(live)
    return JSONResponse({"deleted": live.id}, headers=NO_STORE)


async def openapi_document(request: Request) -> Response:
    """GET /openapi.json"""
    return JSONResponse(openapi())


async def asyncapi_document(request: Request) -> Response:
    """GET /asyncapi.json: the live channel, in AsyncAPI 3.0."""
    return JSONResponse(asyncapi())


async def page(request: Request) -> Response:
    """GET /: the lobby and table page."""
    return Response(
        (STATIC / "index.html").read_bytes(),
        media_type="text/html",
        headers={
            "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'"
        },
    )
