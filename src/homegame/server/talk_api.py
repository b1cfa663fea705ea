"""The host's doors over table talk, wired into :class:`~homegame.server.app.Server` beside
:class:`~homegame.server.host_api.HostApi` (whose room and seat checks they use):

- ``POST /api/tables/{t}/seats/{s}/mute`` with ``{"mute": true|false}``: the host mutes a seat's
  chat, or unmutes it. A muted seat's chats and reactions reach nobody (each is refused,
  ``forbidden``, and never logged); the seat, like every other, reads ``muted`` in its snapshot.
  A change in the table's log: it survives a restart.
- ``GET /api/tables/{t}/log``: the game log (:mod:`homegame.server.gamelog`), ``{"table", "lines":
  [{"at", "text"}]}``; ``?format=text`` the same as a text file to download, one line each.

Seats are counted from 0 here, as everywhere in the HTTP API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from homegame.server.gamelog import GameLog, as_text
from homegame.server.host_api import HostApi, HostRoom, _change
from homegame.server.table import ServerTable

__all__ = ["TalkApi", "TalkRoom"]


class TalkRoom(HostRoom, Protocol):
    """A room (:class:`~homegame.server.app.Room`) with its table's game log."""

    @property
    def gamelog(self) -> GameLog:
        """The table's game log, kept up to date as it is read."""


class TalkApi(HostApi):
    """The routes of this module, as methods of the server."""

    def talk_routes(self) -> list[tuple[str, Callable[[Request], object], list[str]]]:
        """The routes: path, endpoint, methods."""
        return [
            ("/api/tables/{table}/seats/{seat:int}/mute", self.mute, ["POST"]),
            ("/api/tables/{table}/log", self.log, ["GET"]),
        ]

    async def mute(self, request: Request) -> Response:
        """Mute a seat's chat (``{"mute": true}``) or unmute it (``false``)."""
        found = await self._seat_sent(request)
        if isinstance(found, Response):
            return found
        room, seat, body = found
        mute = body.get("mute")

        def muting(table: ServerTable) -> None:
            table.mute(seat, mute)

        return await _change(room, seat, muting)

    async def log(self, request: Request) -> Response:
        """The table's game log: JSON lines, or (``?format=text``) a text file."""
        found = self._room(request)
        if isinstance(found, Response):
            return found
        room = cast(TalkRoom, found)
        async with room.lock:  # what is committed
            lines = room.gamelog.lines(room.table)
        if request.query_params.get("format") == "text":
            attachment = {"Content-Disposition": f'attachment; filename="log-{room.table.id}.txt"'}
            return PlainTextResponse(as_text(lines), headers=attachment)
        return JSONResponse({"table": room.table.id, "lines": lines})
