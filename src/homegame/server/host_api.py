"""The host's doors over a seat and the host's live feed, wired into :class:`~homegame.server.app.Server`.

- ``POST /api/tables/{t}/seats/{s}/invite``: a new link for the seat (``{"invite": url}``); every
  secret of the seat before it stops working at once, and a socket the seat has open is closed
  (``taken over``). The link seats the same player, with the same stack.
- ``POST /api/tables/{t}/seats/{s}/adjust`` with ``{"amount": delta}``: the host corrects a stack.
- ``POST /api/tables/{t}/seats/{s}/remove``: the player is cashed out and the seat freed.
- ``POST /api/tables/{t}/bomb`` with ``{"amount": N}``: a bomb pot for the next hand whose game has
  a flop (every seat antes N, no blinds, no betting before the flop); refused for a table none of
  whose games has a flop.
- ``POST /api/events/ticket`` then ``GET /api/events?ticket=T``: the tables as ``GET /api/tables``
  lists them, as server-sent events, again whenever one of them changes. A browser's
  ``EventSource`` cannot send the host's secret in a header, so the secret buys a ticket (one use,
  :data:`TICKET_SECONDS`), never put in an address itself.

Seats are counted from 0 here, as everywhere in the HTTP API.

>>> link("http://127.0.0.1:8000/", "t1", "s3cret")
'http://127.0.0.1:8000/t/t1#s3cret'
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from homegame.engine.wire import JSON
from homegame.server.doors import read_json, refusal, storage_refusal
from homegame.server.store import StorageError, Store
from homegame.server.table import RefusedError, ServerTable
from homegame.server.texts import dumps

__all__ = ["TICKET_SECONDS", "Feed", "HostApi", "HostRoom", "ServerDoors", "link", "listing"]

TICKET_SECONDS = 30.0
"""How long a ticket for the host's live feed may wait to be used."""


def link(base: str, table_id: str, secret: str) -> str:
    """The link a secret opens the table with (``base``: the server's address, ending in ``/``)."""
    return f"{base}t/{table_id}#{secret}"


class HostRoom(Protocol):
    """What the host's doors use of a room (:class:`~homegame.server.app.Room`)."""

    @property
    def table(self) -> ServerTable:
        """The table."""

    @property
    def lock(self) -> asyncio.Lock:
        """Held while the table changes."""

    async def change(self, do: Callable[[], bool]) -> bool:
        """Make a change, committed before anyone hears of it."""

    def drop(self, seat: int, reason: str) -> None:
        """Close the socket a seat has open, if any."""


def listing(rooms: Mapping[str, HostRoom], damaged: Mapping[str, str]) -> list[JSON]:
    """The tables as the host lists them (``GET /api/tables``): each with its seats' players."""
    tables: list[JSON] = []
    for table_id, room in rooms.items():
        table = room.table
        tables.append(
            {
                "table": table_id,
                "title": table.config.display_title(),
                "seats": table.config.seats,
                "hands": table.number,
                "status": table.status,
                "rebuys": table.roster.rebuys(),
                "players": table.roster.players(table.connected),
                "requests": table.seating.for_host(),
                "flop": any(game.has_flop for game in table.config.single_games),  # bomb pots possible
                "bomb": table.bombs.json(None),
            }
        )
    return tables + [{"table": table_id, "status": "damaged", "reason": why} for table_id, why in damaged.items()]


class Feed:
    """Wakes the host's live feeds when a table changes: :meth:`changed` from any room,
    :meth:`wait` in each feed."""

    def __init__(self) -> None:
        self.version = 0
        self._event: asyncio.Event | None = None

    def changed(self) -> None:
        """Something a host sees changed."""
        self.version += 1
        if self._event is not None:
            self._event.set()
            self._event = None

    async def wait(self, version: int, timeout: float) -> int:
        """The version once it is past ``version`` (or ``timeout`` seconds passed)."""
        if self.version == version:
            if self._event is None:
                self._event = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._event.wait(), timeout)
        return self.version


class ServerDoors:
    """What the server (:class:`~homegame.server.app.Server`) gives the doors it is made of
    (:class:`HostApi`, :class:`~homegame.server.seating_api.SeatingApi`): its store, the host's
    feed, the tables' rooms and the address links begin with."""

    store: Store
    feed: Feed
    keepalive: float = 15.0
    """Seconds a live answer waits before it says something (a comment of the host's feed that keeps
    proxies from closing it, a request's unchanged status)."""

    def _room(self, request: Request) -> HostRoom | Response:
        """The room of the table the request names, if the host asks; else the refusal."""
        raise NotImplementedError

    def _base(self, request: Request) -> str:
        """The address links begin with."""
        raise NotImplementedError

    def _rooms(self) -> tuple[Mapping[str, HostRoom], Mapping[str, str]]:
        """The rooms and the damaged tables."""
        raise NotImplementedError


class HostApi(ServerDoors):
    """The routes of this module, as methods of the server (it gives :meth:`_room` and the rest)."""

    tickets: dict[str, float]

    def _deny(self, request: Request) -> Response | None:
        """The answer to a call that is not the host's (``None``: it is), wrong secrets counted."""
        raise NotImplementedError

    def host_routes(self) -> list[tuple[str, Callable[[Request], object], list[str]]]:
        """The routes: path, endpoint, methods."""
        seat = "/api/tables/{table}/seats/{seat:int}"
        return [
            (f"{seat}/invite", self.invite, ["POST"]),
            (f"{seat}/adjust", self.adjust, ["POST"]),
            (f"{seat}/remove", self.remove, ["POST"]),
            ("/api/tables/{table}/bomb", self.bomb, ["POST"]),
            ("/api/events/ticket", self.ticket, ["POST"]),
            ("/api/events", self.events, ["GET"]),
        ]

    def _seat(self, request: Request) -> tuple[HostRoom, int] | Response:
        """The room and the seat a host's request names (refused: the answer)."""
        room = self._room(request)
        if isinstance(room, Response):
            return room
        seat: int = request.path_params["seat"]
        if not 0 <= seat < room.table.config.seats:
            return refusal(400, "bad_request", "seat: a seat of the table")
        return room, seat

    async def _seat_sent(self, request: Request) -> tuple[HostRoom, int, dict[str, object]] | Response:
        """The room, the seat and the JSON object a host's request to a seat names and sends
        (refused: the answer)."""
        found = self._seat(request)
        if isinstance(found, Response):
            return found
        body = await _sent(request)
        return body if isinstance(body, Response) else (*found, body)

    async def invite(self, request: Request) -> Response:
        """A new link for a person's seat; the seat's old secrets stop working at once."""
        found = self._seat(request)
        if isinstance(found, Response):
            return found
        room, seat = found
        table = room.table
        if table.seats[seat].bot is not None:
            return refusal(409, "forbidden", f"seat {seat + 1} is a bot's")
        async with room.lock:
            fresh = secrets.token_urlsafe(24)
            self.store.add_secret(fresh, table.id, seat)
            self.store.keep_secret(table.id, seat, fresh)
            try:
                await self.store.durable(table.id)
            except StorageError as error:
                return storage_refusal(error)
            room.drop(seat, "taken over")
        return JSONResponse({"invite": link(self._base(request), table.id, fresh)})

    async def adjust(self, request: Request) -> Response:
        """Correct a seat's stack by ``amount`` chips."""
        found = await self._seat_sent(request)
        if isinstance(found, Response):
            return found
        room, seat, body = found
        amount = body.get("amount")
        return await _change(room, seat, lambda table: table.adjust(seat, amount))

    async def remove(self, request: Request) -> Response:
        """Cash a player out and free the seat; the secrets of the seat stop working at once."""
        found = self._seat(request)
        if isinstance(found, Response):
            return found
        room, seat = found

        def remove(table: ServerTable) -> None:
            table.remove(seat)
            self.store.keep_secret(table.id, seat, "")  # no secret is the empty one's: none is kept

        answer = await _change(room, seat, remove)
        if answer.status_code == 200:
            room.drop(seat, "removed")
        return answer

    async def bomb(self, request: Request) -> Response:
        """Call a bomb pot for the next hand whose game has a flop."""
        room = self._room(request)
        if isinstance(room, Response):
            return room
        body = await _sent(request)
        if isinstance(body, Response):
            return body
        return await _change(room, None, lambda table: table.call_bomb(body.get("amount")))

    async def ticket(self, request: Request) -> Response:
        """A ticket that opens the live feed once, within :data:`TICKET_SECONDS`."""
        denied = self._deny(request)
        if denied is not None:
            return denied
        now = time.monotonic()
        for old in [ticket for ticket, until in self.tickets.items() if until < now]:
            del self.tickets[old]
        if len(self.tickets) >= 64:
            return refusal(429, "rate", "too many tickets waiting")
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = now + TICKET_SECONDS
        return JSONResponse({"ticket": ticket})

    async def events(self, request: Request) -> Response:
        """The host's live feed (server-sent events): ``tables`` events, each the whole listing."""
        until = self.tickets.pop(request.query_params.get("ticket", ""), 0.0)
        if until < time.monotonic():
            return refusal(401, "host", "the ticket is missing, used or too old: ask for a new one")
        return StreamingResponse(self._stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def _stream(self) -> AsyncIterator[str]:
        """The listing now, then each time a table changes it; a comment when nothing happens."""
        sent = ""
        version = -1
        while True:
            if version != self.feed.version:
                version = self.feed.version
                rooms, damaged = self._rooms()
                text = dumps(await _committed(rooms, damaged))
                if text != sent:
                    sent = text
                    yield f"event: tables\ndata: {text}\n\n"
            if await self.feed.wait(version, self.keepalive) == version:
                yield ": still here\n\n"


async def _committed(rooms: Mapping[str, HostRoom], damaged: Mapping[str, str]) -> list[JSON]:
    """:func:`listing` of what is committed: made when no room is in the middle of a change."""
    for _ in range(100):  # bounded: a change waited for, then a look again
        busy = next((room for room in list(rooms.values()) if room.lock.locked()), None)
        if busy is None:
            break
        async with busy.lock:
            pass
    return listing(rooms, damaged)


async def _change(room: HostRoom, seat: int | None, request: Callable[[ServerTable], object]) -> Response:
    """A host's change to a seat (``None``: to the table), made and committed: the answer."""

    def do() -> bool:
        request(room.table)
        return True

    try:
        await room.change(do)
    except RefusedError as refused:
        return refusal(409 if refused.code in ("illegal", "forbidden") else 400, refused.code, str(refused))
    except StorageError as error:
        return storage_refusal(error)
    table = room.table
    if seat is None:
        return JSONResponse({"table": table.id, "bomb": table.bombs.json(None)})
    return JSONResponse({"table": table.id, "seat": seat, "players": table.roster.players(table.connected)})


async def _sent(request: Request) -> dict[str, object] | Response:
    """The JSON object a host's request sends (an empty body: ``{}``), or the refusal saying why not
    (not JSON, nested too deep, not an object)."""
    try:
        body = read_json(await request.body() or b"{}")
    except ValueError as error:
        return refusal(400, "bad_request", f"the body is {error}")
    if not isinstance(body, dict):
        return refusal(400, "bad_request", "the body must be a JSON object")
    return body
