"""The doors of open seating (:mod:`homegame.server.seating`), wired into :class:`~homegame.server.app.Server`.

For whoever has the table's open link (``/t/{t}/join#SECRET``; the page sends the secret as
``Authorization: Bearer SECRET``, never in an address):

- ``GET /api/join/{t}``: the table as a newcomer sees it (:meth:`~homegame.server.seating.Seating.newcomer`);
- ``POST /api/join/{t}`` with ``{"seat": S or null, "name": N, "buy_in": B}``: a request for a seat,
  answered ``{request, status, name, position, seat, secret}``; ``secret`` is said this once;
- ``GET /api/join/{t}/request?known=K`` with the request's secret: where it stands, once it is no
  longer ``K`` (the ``key`` of the last answer) or :attr:`SeatingApi.keepalive` seconds passed;
  given a seat, ``link`` is the seat's link (the request's secret in its fragment).

A wrong secret counts against the address as a failed ``hello`` does (slower answers, then 429);
requests for seats are limited per address (:meth:`~homegame.server.throttle.Throttle.join_allowed`).

For the host: ``POST /api/tables/{t}/link`` (a new open link, ``{"join": url}``: the old one stops
working at once) and ``POST /api/tables/{t}/requests/{n}`` with ``{"approve": true|false}``.

>>> join_link("http://127.0.0.1:8000/", "t1", "s3cret")
'http://127.0.0.1:8000/t/t1/join#s3cret'
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from homegame.engine.wire import JSON
from homegame.server.doors import approval, read_json, refusal, storage_refusal
from homegame.server.host_api import HostRoom, ServerDoors, link
from homegame.server.requests import RefusedError
from homegame.server.store import StorageError
from homegame.server.texts import dumps
from homegame.server.throttle import Throttle

__all__ = ["MAX_BODY", "SeatingApi", "join_link"]


def join_link(base: str, table_id: str, secret: str) -> str:
    """The table's open link (``base``: the server's address, ending in ``/``)."""
    return f"{base}t/{table_id}/join#{secret}"


MAX_BODY = 4096
"""The longest body a request for a seat may have, in bytes."""


class SeatingApi(ServerDoors):
    """The routes of this module, as methods of the server (it gives :meth:`_room` and the rest)."""

    throttle: Throttle

    def seating_routes(self) -> list[tuple[str, Callable[[Request], object], list[str]]]:
        """The routes: path, endpoint, methods."""
        return [
            ("/api/join/{table}", self.join, ["GET", "POST"]),
            ("/api/join/{table}/request", self.join_status, ["GET"]),
            ("/api/tables/{table}/link", self.new_link, ["POST"]),
            ("/api/tables/{table}/requests/{number:int}", self.answer_request, ["POST"]),
        ]

    # -- the open link's doors -------------------------------------------------------------------

    async def _opened(
        self, request: Request, opens: Callable[[HostRoom, str], bool]
    ) -> tuple[HostRoom, str] | Response:
        """The room and the secret of a request by the open link (or a request's secret, ``opens``
        saying which it must be); a wrong one is answered 401, slower and slower, then 429."""
        address = request.client.host if request.client is not None else ""
        if self.throttle.hello_refused(address):
            return refusal(429, "rate", "too many wrong secrets from this address: try again later")
        scheme, _, secret = request.headers.get("authorization", "").partition(" ")
        room = self._rooms()[0].get(request.path_params["table"])
        if room is None or scheme != "Bearer" or not 0 < len(secret) <= 128 or not opens(room, secret):
            await asyncio.sleep(self.throttle.hello_failed(address))
            return refusal(401, "bad_link", "this link does not open the table: ask the host for the table's link")
        return room, secret

    async def join(self, request: Request) -> Response:
        """The table as the open link shows it (GET), or a request for a seat (POST)."""
        found = await self._opened(request, lambda room, secret: room.table.seating.opens(secret))
        if isinstance(found, Response):
            return found
        room, _ = found
        if request.method == "GET":
            async with room.lock:  # what is committed
                return JSONResponse(room.table.seating.newcomer())
        address = request.client.host if request.client is not None else ""
        body = await request.body()
        try:
            data = read_json(body) if len(body) <= MAX_BODY else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or set(data) - {"seat", "name", "buy_in"}:
            return refusal(400, "bad_request", "the body is {seat, name, buy_in}")
        if not self.throttle.join_allowed(address):
            return refusal(429, "rate", "too many requests for a seat from this address: try again later")
        made: list[tuple[JSON, str]] = []

        def ask() -> bool:
            _, secret = room.table.seating.ask(data.get("seat"), data.get("name"), data.get("buy_in"))
            made.append((room.table.seating.status_of(secret), secret))
            return True

        refused = await _change(room, ask)
        if refused is not None:
            return refused
        told, secret = made[0]
        assert isinstance(told, dict)
        return JSONResponse({**told, "key": _key(told), "secret": secret})

    async def join_status(self, request: Request) -> Response:
        """Where a request stands, once it changed from ``known`` (or a while passed)."""
        found = await self._opened(request, lambda room, secret: room.table.seating.status_of(secret) is not None)
        if isinstance(found, Response):
            return found
        room, secret = found
        known = request.query_params.get("known", "")
        until = time.monotonic() + self.keepalive
        told: dict[str, JSON] | None = None
        for _ in range(1000):  # bounded: each turn waits for a change, or ends the wait
            async with room.lock:  # what is committed
                told = room.table.seating.status_of(secret)
                version = self.feed.version
            left = until - time.monotonic()
            if told is None or _key(told) != known or left <= 0:
                break
            await self.feed.wait(version, left)
        if told is None:
            return refusal(404, "not_found", "no such request")
        answer: dict[str, JSON] = {**told, "key": _key(told)}
        if told["status"] == "seated":
            answer["link"] = link(self._base(request), room.table.id, secret)
        return JSONResponse(answer, headers={"Cache-Control": "no-store"})

    # -- the host's doors ------------------------------------------------------------------------

    async def new_link(self, request: Request) -> Response:
        """A new open link for the table; the old one stops working at once."""
        room = self._room(request)
        if isinstance(room, Response):
            return room
        async with room.lock:
            secret = room.table.seating.new_link()
            try:
                await self.store.durable(room.table.id)
            except StorageError as error:
                return storage_refusal(error)
        return JSONResponse({"join": join_link(self._base(request), room.table.id, secret)})

    async def answer_request(self, request: Request) -> Response:
        """The host approves or denies a request for a seat."""
        room = self._room(request)
        if isinstance(room, Response):
            return room
        approve = approval(await request.body())
        if approve is None:
            return refusal(400, "bad_request", "approve: true or false")
        number: int = request.path_params["number"]

        def answer() -> bool:
            room.table.seating.answer(number, approve=approve)
            return True

        refused = await _change(room, answer)
        if refused is not None:
            return refused
        return JSONResponse({"table": room.table.id, "request": number, "requests": room.table.seating.for_host()})


async def _change(room: HostRoom, do: Callable[[], bool]) -> Response | None:
    """A change made and committed (``None``), or the refusal's answer."""
    try:
        await room.change(do)
    except RefusedError as refused:
        status = {"bad_request": 400, "rate": 429}.get(refused.code, 409)
        return refusal(status, refused.code, str(refused))
    except StorageError as error:
        return storage_refusal(error)
    return None


def _key(told: Mapping[str, JSON]) -> str:
    """What a requester's page knows of its request (sent back as ``known``)."""
    return dumps([told["status"], told["position"], told["seat"]])
