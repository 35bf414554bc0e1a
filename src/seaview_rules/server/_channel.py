"""The live channel, ``/api/tables/{table}/live``: the first message is
``{"token"?, "since"?}``; then ``{"version", "events", "lines", "view", "chance_seat"}``
after every change. A channel far behind (``since``) is caught up a page of the log at a
time (see `seaview_rules.server._pages.catch_up_pages`).

Channels are counted by ``app.state.quota`` (`Quota`): for their client from the moment
they are accepted until they close, and, once the first message said whose they are, in
the table's spectators' slots or in their seat's own slots, so that spectators never
lock a player out."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json

from starlette.websockets import WebSocket, WebSocketDisconnect

from seaview_rules.server._hub import Hub
from seaview_rules.server._live import HubError, LiveTable
from seaview_rules.server._pages import catch_up_pages
from seaview_rules.server._quota import Channel, Quota, QuotaError, client_of
from seaview_rules.server._requests import unique_keys

__all__ = ["live_channel", "refuse"]


async def live_channel(websocket: WebSocket) -> None:
    """/api/tables/{table}/live"""
    quota: Quota = websocket.app.state.quota
    await websocket.accept()
    prefix: int = websocket.app.state.limits.ipv6_prefix
    client = client_of(websocket.client.host if websocket.client else None, prefix)
    try:
        channel = quota.open_channel(client)
    except QuotaError as exc:
        await refuse(websocket, exc.status, exc.code, exc.reason)
        return
    try:
        await _serve(websocket, channel)
    except WebSocketDisconnect:
        pass
    finally:
        quota.close_channel(channel)


async def _first(
    websocket: WebSocket, live: LiveTable, channel: Channel
) -> tuple[int | None, int, bytes | None] | None:
    """The seat, ``since`` and the seat's token hash of the channel's first message
    (``None``: it left); the channel is then counted on the table, for its seat or with
    the spectators.

    Raises:
        HubError: the first message is late or wrong.
        QuotaError: the seat's or the spectators' slots of the table are taken.
    """
    limits = websocket.app.state.limits
    quota: Quota = websocket.app.state.quota
    try:
        message = await asyncio.wait_for(websocket.receive(), limits.first_message_seconds)
    except asyncio.TimeoutError:
        raise HubError(408, "timeout", "the first message did not come") from None
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is None:
        raise HubError(400, "bad_request", "the first message is JSON text")
    try:
        first = json.loads(message["text"], object_pairs_hook=unique_keys)
    except (ValueError, RecursionError):
        raise HubError(400, "bad_request", "the first message is not JSON") from None
    if not isinstance(first, dict) or set(first) - {"token", "since"}:
        raise HubError(400, "bad_request", 'the first message is {"token", "since"}')
    token = first.get("token")
    if token is not None and not isinstance(token, str):
        raise HubError(403, "forbidden", "the token must be a string")
    role = live.role(token)
    since = first.get("since", 0)
    if type(since) is not int or not 0 <= since <= live.version:
        raise HubError(400, "bad_request", f"since must be 0 to {live.version}")
    seat = role if isinstance(role, int) else None
    # no await since the message came: the slot is checked and counted in one step
    quota.seat_channel(channel, live.id, seat)
    return seat, since, None if seat is None else live.token_hashes[seat]


async def _serve(websocket: WebSocket, channel: Channel) -> None:
    hub: Hub = websocket.app.state.hub
    try:
        live = await hub.get(websocket.path_params["table"])
        first = await _first(websocket, live, channel)
    except (HubError, QuotaError) as exc:
        await refuse(websocket, exc.status, exc.code, exc.reason)
        return
    if first is None:
        return
    seat, since, held = first
    live.channels += 1
    hub.arrive(live.id, seat)
    try:
        with contextlib.suppress(HubError):  # news skipped while no channel was open here
            await hub.sync(live.id)
        await _push(websocket, hub, live, seat, since, held)
    finally:
        live.channels -= 1
        hub.depart(live.id, seat)


async def _push(
    websocket: WebSocket,
    hub: Hub,
    live: LiveTable,
    seat: int | None,
    since: int,
    held: bytes | None,
) -> None:
    """Send ``seat`` every change after ``since``, until the channel or the table ends,
    or the seat is no longer held by the token of hash ``held`` (the seat was left);
    what the client sends meanwhile is read and ignored."""
    pages = websocket.app.state.pages
    receiving = asyncio.ensure_future(websocket.receive())
    sent: int | None = None
    try:
        while True:
            if hub.tables.get(live.id) is not live:
                await refuse(websocket, 404, "not_found", "the table was deleted")
                return
            if seat is not None and not hmac.compare_digest(
                live.token_hashes[seat] or b"", held or b""
            ):
                await refuse(websocket, 403, "forbidden", "the seat was left")
                return
            changed = live.changed
            if sent is None or live.version != sent:
                try:
                    sent, text = await catch_up_pages(live, pages, seat, since)
                except HubError:  # a stale copy: sent once it is read again (announced)
                    pass
                else:
                    if not await _send(websocket, text):
                        return
                    since = sent
                    if sent < live.version:
                        continue  # the next page of a catch-up at once
            waiting = asyncio.ensure_future(changed.wait())
            done, _ = await asyncio.wait({receiving, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if receiving in done:
                waiting.cancel()
                if receiving.result()["type"] == "websocket.disconnect":
                    return
                receiving = asyncio.ensure_future(websocket.receive())
    finally:
        receiving.cancel()
        with contextlib.suppress(BaseException):
            await receiving


async def _send(websocket: WebSocket, text: str) -> bool:
    """Send ``text``; whether the channel was still open (a client that closed it
    while its message was being written is no error of the server's)."""
    try:
        await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError):  # RuntimeError: a close was sent already
        return False
    return True


async def refuse(websocket: WebSocket, status: int, code: str, reason: str) -> None:
    """Tell a live client why it is refused, then close the channel (code 1008, or
    1013 when the server is full)."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"error": code, "status": status, "reason": reason}))
        await websocket.close(code=1013 if status == 503 else 1008)
