"""The web application of ``homegame serve``: Starlette routes for the host and the pages, and one
WebSocket per player (docs/protocol.md is the contract).

A :class:`Room` holds one :class:`~homegame.server.table.ServerTable`, the sockets at it and the
task that makes the table's own moves (bots, clocks, deals). Each socket has its own bounded queue
of messages and its own writer, so a client that stops reading never stalls its table: when its
queue fills, the snapshots it has not read yet are dropped (each snapshot is whole, only the last
matters), and past that it is disconnected. Messages in are limited in size and rate.

>>> from starlette.testclient import TestClient
>>> from homegame.server.store import Store
>>> server = Server(Store(":memory:"), host_token="a-host-secret-of-some-length")
>>> with TestClient(server.app()) as client:
...     client.get("/api/tables").status_code, client.get("/api/tables", headers=server.auth()).json()
(401, [])
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sys
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from homegame.engine.wire import JSON
from homegame.errors import ParseError, PokerError
from homegame.server.chat import Pace
from homegame.server.config import TableConfig
from homegame.server.doors import HostSecret, Origins, SecurityHeaders, approval, read_json
from homegame.server.doors import refusal as _refusal
from homegame.server.doors import storage_refusal as _storage
from homegame.server.gamelog import GameLog
from homegame.server.host_api import Feed, link, listing
from homegame.server.hosting import Health, prometheus, public_base, server_figures
from homegame.server.ledger import ledger_csv
from homegame.server.messages import (
    PROTOCOL,
    Act,
    BadMessageError,
    Chat,
    Choose,
    History,
    Leave,
    Ledger,
    Log,
    Message,
    Preview,
    React,
    Rebuy,
    SitIn,
    SitOut,
    Straddle,
    check_protocol,
    parse,
)
from homegame.server.seating import OPEN_LINK
from homegame.server.seating_api import SeatingApi, join_link
from homegame.server.store import StorageError, Store
from homegame.server.table import RefusedError, ServerTable
from homegame.server.talk_api import TalkApi
from homegame.server.texts import dumps
from homegame.server.throttle import Throttle

__all__ = ["Connection", "Limits", "Room", "Server"]

_NOT_HOST = "the host's secret is missing or wrong"
"""A host endpoint's answer (401) to a request without the host's secret."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """What one client may cost the server: messages queued for it, the size of a message it
    sends, its rate (messages a second, with a burst), and the seconds it has to say ``hello``."""

    queue: int = 64
    message_bytes: int = 8192
    rate: float = 20.0
    burst: int = 40
    hello_seconds: float = 10.0
    body_bytes: int = 65536
    retry: float = 5.0
    """The longest pause, in seconds, between tries of a table's own move the disk refused."""
    heartbeat: float = 5.0
    """Seconds between the server's ``ping``s to each socket (``serve --heartbeat``; the ``welcome``
    tells the client, which pings as often): a socket that says nothing for two of them is gone."""


class Connection:
    """One WebSocket: the viewer it speaks for (a table seat, ``None`` for a spectator), its queue
    of messages out and its rate budget in."""

    def __init__(
        self, websocket: WebSocket, seat: int | None, limits: Limits, farewell: Callable[[str], str] | None = None
    ) -> None:
        self.websocket = websocket
        self.farewell = farewell or _closed
        """The text of the ``closed`` message for a reason."""
        self.seat = seat
        self.limits = limits
        self.queue: deque[tuple[str, str]] = deque()
        self.ready = asyncio.Event()
        self.closing: str | None = None
        self.tokens = float(limits.burst)
        self.stamp = time.monotonic()
        self.welcomed = False
        """Nothing but the welcome (a whole snapshot) goes out before the welcome."""
        self.unconfirmed: str | None = None
        """The seat's new secret, sent in the welcome, until the client's first message shows it has it."""

    def send(self, kind: str, text: str) -> None:
        """Queue a message (``kind`` is its type); a client that falls behind loses the snapshots
        it has not read, then its connection."""
        if self.closing is not None or not (self.welcomed or kind == "welcome"):
            return
        self.welcomed = True
        if len(self.queue) >= self.limits.queue:
            kept = [item for item in self.queue if item[0] != "state"]
            self.queue = deque(kept)
            if len(self.queue) >= self.limits.queue:
                self.close("too slow")
                return
        self.queue.append((kind, text))
        self.ready.set()

    def close(self, reason: str, message: str = "") -> None:
        """Send ``closed`` (``message``, else :attr:`farewell`'s for ``reason``) after what is queued,
        and end the connection."""
        if self.closing is None:
            self.queue.append(("closed", message or self.farewell(reason)))
            self.closing = reason
            self.ready.set()

    def allow(self) -> bool:
        """Spend one message of the rate budget; False when it is spent."""
        now = time.monotonic()
        self.tokens = min(float(self.limits.burst), self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def write(self) -> None:
        """Send the queued messages until the connection closes."""
        websocket = self.websocket
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                while self.queue:
                    kind, text = self.queue.popleft()
                    await websocket.send_text(text)
                    if kind == "closed":
                        await websocket.close(code=4000)
                        return
        except (WebSocketDisconnect, RuntimeError, OSError):
            return


def _message(table: ServerTable, kind: str, *, state: str | None = None, **fields: JSON) -> str:
    """A message's text; ``state``: the text of a snapshot (:meth:`ServerTable.snapshot_text`). Written
    without the encoder's machinery but for the ``fields``, the same text as ``json.dumps`` of the
    message (compact, UTF-8). Its ``hand`` and ``seq`` are the table's last committed
    (:attr:`ServerTable.published`): even an error never tells of a change not yet on disk."""
    number, seq = table.published
    head = f'{{"type":{dumps(kind)},"table":{dumps(table.id)},"hand":{number},"seq":{seq}'
    if fields:
        head += f",{dumps(fields)[1:-1]}"
    return f"{head}}}" if state is None else f'{head},"state":{state}}}'


_STORAGE = "the table could not save this change (the server's storage failed): nothing changed, send it again"


class Room:
    """A table and the sockets at it. Every change is made under the room's lock and heard of only
    once it is committed (:meth:`change`): outside the lock, the table is what the disk holds, and
    nothing is sent from it but under the lock or from what is committed. A change the disk refuses
    is not applied (the table is read back from its log), and nobody hears of it but the one who
    asked (``error``, ``code: "storage"``); the table's own moves are tried again, less and less
    often (at most every ``retry`` seconds), until the disk takes them."""

    def __init__(self, table: ServerTable, *, retry: float = 5.0, changed: Callable[[], None] | None = None) -> None:
        self.table = table
        self.changed = changed or (lambda: None)
        """Called whenever everyone is told of a change (the host's live feed listens)."""
        self.seats: dict[int, Connection] = {}
        self.spectators: set[Connection] = set()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        self.retry = retry
        self._backoff = 0.0
        self.pace = Pace()
        """How often each seat may chat."""
        self.reacting = Pace()
        """How often each seat may react (as often as it may chat)."""
        self.gamelog = GameLog()
        """The table's game log, brought up to date when asked for."""
        self.asking = Pace(most=3)
        """How often each seat may ask for the game log."""

    def state(self, connection: Connection) -> None:
        """Send one connection the whole snapshot."""
        table = self.table
        connection.send("state", _message(table, "state", state=table.snapshot_text(connection.seat)))

    def broadcast(self) -> None:
        """Send everyone the snapshot as they may see it (spectators share one)."""
        table = self.table
        self.changed()
        for connection in self.seats.values():
            self.state(connection)
        if self.spectators:
            text = _message(table, "state", state=table.snapshot_text(None))
            for connection in self.spectators:
                connection.send("state", text)

    async def change(self, do: Callable[[], bool]) -> bool:
        """Make a change (``do`` makes it, True when it changed the table; it raises
        :class:`RefusedError` when refused), and once it is committed tell everyone and let the
        table make its own moves. :class:`StorageError` when it could not be committed: the table
        is as it was."""
        async with self.lock:
            return await self._change(do)

    async def _change(self, do: Callable[[], bool], *, tell: bool = True) -> bool:
        """:meth:`change`, the lock held (``tell``: False when the caller tells everyone itself)."""
        try:
            changed = do()
            await self.table.store.durable(self.table.id)
        except StorageError as error:
            self._lost(error)
            raise
        self.table.publish()
        if changed and tell:
            self.broadcast()
            self.wake.set()
        return changed

    def _lost(self, error: StorageError) -> None:
        """A change the disk refused: the table as its log holds it again, the cause on stderr."""
        table = self.table
        print(f"homegame serve: table {table.id}: a change was not saved: {error}", file=sys.stderr, flush=True)
        self.table = table.reload()

    async def attach(self, connection: Connection, token: str, secrets: Store) -> bool:
        """A player (or spectator) arrives with ``token`` (what it opens: ``secrets``): a second
        socket of the same seat takes over. False (the connection closed) when its seat could not
        be saved."""
        seat = connection.seat

        def arrive() -> bool:
            if seat is None:
                self.spectators.add(connection)
            else:
                self.seats[seat] = connection
                self.table.connected.add(seat)
                self.table.sit(seat)
            return True

        async with self.lock:
            previous = self.seats.get(seat) if seat is not None else None
            try:
                await self._change(arrive, tell=False)  # the new secret and the seat taken, on disk before the welcome
            except StorageError:
                connection.close("storage", _message(self.table, "closed", reason="storage"))
                return False
            if seat is not None and secrets.find_secret(token) != (self.table.id, seat):
                connection.close("taken over", _message(self.table, "closed", reason="taken over"))
                return False  # the host made a new invite meanwhile
            if previous is not None and previous is not connection:
                previous.close("taken over", _message(self.table, "closed", reason="taken over"))
            table = self.table
            chat, snapshot = table.chats.entries(), table.snapshot_text(seat)
            beat = round(connection.limits.heartbeat * 1000)  # the client pings as often
            text = _message(
                table, "welcome", token=token, you=seat, protocol=PROTOCOL, chat=chat, heartbeat_ms=beat, state=snapshot
            )
            connection.send("welcome", text)
            self.broadcast()  # the new arrival too: its own first state
            self.wake.set()
            return True

    def drop(self, seat: int, reason: str) -> None:
        """Close the socket ``seat`` has open, if any (its secret no longer opens the seat)."""
        connection = self.seats.get(seat)
        if connection is not None:
            connection.unconfirmed = None
            connection.close(reason, _message(self.table, "closed", reason=reason))

    async def detach(self, connection: Connection) -> None:
        """A socket is gone."""
        seat = connection.seat
        async with self.lock:
            if seat is None:
                self.spectators.discard(connection)
            elif self.seats.get(seat) is connection:
                del self.seats[seat]
                self.table.connected.discard(seat)
                self.broadcast()
                self.wake.set()

    async def handle(self, connection: Connection, data: dict[str, Any]) -> None:
        """One message from a client; a refusal is answered with ``error``, the table unchanged."""
        seat = connection.seat
        async with self.lock:
            table = self.table
            try:
                if seat is None:
                    raise RefusedError("forbidden", "spectators only watch")
                message = parse(data)
                match message:
                    case Ledger():  # a question, not a change: answered to this socket only
                        connection.send("ledger", _message(table, "ledger", ledger=table.roster.ledger()))
                    case Preview(hands):  # a question too: what the seat's own division would make
                        answer = table.preview(seat, hands)
                        parts, dead, refused = answer["parts"], answer["dead"], answer["refused"]
                        connection.send("preview", _message(table, "preview", parts=parts, dead=dead, refused=refused))
                    case Chat(said):
                        await self._chat(seat, said)
                    case React(emoji):
                        self._react(seat, emoji)
                    case Log():  # a question: the game log, as every seat may read it
                        if not self.asking.allow(seat):
                            raise RefusedError("rate", "log: at most 3 asks in 10 seconds")
                        connection.send("log", _message(table, "log", lines=self.gamelog.lines(table)))
                    case History(before):  # a question: the seat's previous hands (written aside: the table waits)
                        connection.send("history", await asyncio.to_thread(_history, table, seat, before))
                    case _:
                        if not await self._change(partial(self._request, seat, message)):
                            self.state(connection)  # already applied: acknowledged again
            except BadMessageError as bad:
                connection.send("error", _message(self.table, "error", code="bad_request", message=str(bad)))
            except RefusedError as refused:
                connection.send("error", _message(self.table, "error", code=refused.code, message=str(refused)))
            except StorageError:
                connection.send("error", _message(self.table, "error", code="storage", message=_STORAGE))

    async def _chat(self, seat: int, text: str) -> None:
        """A seat's chat, paced, committed, then sent to every socket of the table."""
        if not self.pace.allow(seat):
            raise RefusedError("rate", f"chat: at most {self.pace.most} messages in {self.pace.window:g} seconds")

        def say() -> bool:
            self.table.chat(seat, text)
            return True

        await self._change(say, tell=False)
        said = self.table.chats.last()
        told = _message(self.table, "chat", seat=said["seat"], name=said["name"], text=said["text"], at=said["at"])
        for connection in (*self.seats.values(), *self.spectators):
            connection.send("chat", told)

    def _react(self, seat: int, emoji: str) -> None:
        """A seat's reaction, paced, sent to every socket of the table (not a change: nothing logged)."""
        table = self.table
        table.unmuted(seat)
        if not self.reacting.allow(seat):
            most, window = self.reacting.most, self.reacting.window
            raise RefusedError("rate", f"react: at most {most} reactions in {window:g} seconds")
        told = _message(table, "react", seat=seat, name=table.seats[seat].name, emoji=emoji, at=table.now())
        for connection in (*self.seats.values(), *self.spectators):
            connection.send("react", told)

    def _request(self, seat: int, message: Message) -> bool:
        """A seat's request made (True; False: an action already applied)."""
        table = self.table
        match message:
            case Act(hand, seq, action):
                return table.act(seat, hand, seq, action)
            case Choose(game, options):
                table.choose(seat, game, options)
            case SitOut():
                table.sit_out(seat)
            case Straddle(post):
                table.straddle(seat, post)
            case SitIn(wait):
                table.sit_in(seat, wait)
            case Rebuy(amount):
                table.request_rebuy(seat, amount)
            case Leave():
                table.leave(seat)
        return True

    def _auto(self) -> bool:
        """One of the table's own moves, if one is due (one the engine refuses waits for the next change)."""
        try:
            return self.table.moves.auto(self.table.now())
        except RefusedError:
            return False

    async def _move(self) -> bool:
        """Make one of the table's own moves that is due; True when one was made, or must be tried
        again (after a pause that grows while the disk refuses it)."""
        try:
            moved = await self.change(self._auto)
        except StorageError:
            self._backoff = min(self.retry, max(0.05, self._backoff * 2))
            await asyncio.sleep(self._backoff)
            return True
        self._backoff = 0.0
        return moved

    async def drive(self) -> None:
        """Make the table's own moves as they fall due, forever."""
        while True:
            self.wake.clear()
            for _ in range(10_000):  # a burst of moves (bots, deals), then a look at the clock
                if not await self._move():
                    break
                await asyncio.sleep(0)
            table = self.table
            due = table.moves.wake_at()
            timeout = None if due is None else max(0.0, (due - table.now()) / 1000)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout)


class _Sockets:
    """The socket door of :class:`Server`: the handshake (the page's origin, ``hello``, the seat's
    secret rotated) and the loop that reads a client's messages."""

    store: Store
    rooms: dict[str, Room]
    limits: Limits
    origins: Origins
    throttle: Throttle

    async def socket(self, websocket: WebSocket) -> None:
        """One player's (or spectator's) connection: a page from another site is refused before the
        handshake completes (HTTP 403)."""
        if not self.origins.allows(websocket.headers.get("origin"), websocket.headers.get("host")):
            await websocket.close(code=1008)
            return
        await websocket.accept()
        try:
            text = await asyncio.wait_for(_receive(websocket), self.limits.hello_seconds)
            hello = read_json(text) if isinstance(text, str) and len(text) <= self.limits.message_bytes else None
        except (TimeoutError, ValueError):
            hello = None
        address = websocket.client.host if websocket.client is not None else ""
        if self.throttle.hello_refused(address):  # whatever it says: its address failed too often
            await _refuse(websocket, "too many attempts")
            return
        token = hello.get("token") if isinstance(hello, dict) and hello.get("type") == "hello" else None
        unspoken = check_protocol(hello.get("protocol")) if isinstance(hello, dict) else None
        if unspoken is not None:
            await _refuse(websocket, "protocol", unspoken)
            return
        found = self.store.find_secret(token) if isinstance(token, str) and len(token) <= 128 else None
        found = None if found is not None and found[1] == OPEN_LINK else found  # the open link opens no seat
        room = self.rooms.get(found[0]) if found is not None else None
        watching = found is not None and found[1] < 0
        if not isinstance(token, str) or room is None or (watching and room.table.config.spectators == "none"):
            await asyncio.sleep(self.throttle.hello_failed(address))  # a guesser's answers come slower and slower
            await _refuse(websocket, "bad token")
            return
        assert found is not None
        seat = None if watching else found[1]
        connection = Connection(websocket, seat, self.limits, partial(_farewell, room))
        if seat is not None:
            # The secret rotates: the one just used and the new one both open the seat until the
            # client shows it has the new one (its first message), so a welcome lost to a dropped
            # connection does not lose the seat. Written before the new secret is sent.
            fresh = secrets.token_urlsafe(24)
            self.store.keep_secret(found[0], seat, token)
            self.store.add_secret(fresh, found[0], seat)
            token = connection.unconfirmed = fresh
        writer = asyncio.get_running_loop().create_task(connection.write())
        await room.attach(connection, token, self.store)
        beat = asyncio.get_running_loop().create_task(_beat(room, connection))
        try:
            await self._read(room, connection)
        finally:
            beat.cancel()
            await room.detach(connection)
            connection.close("gone")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 1.0)
            writer.cancel()

    async def _confirm(self, room: Room, connection: Connection) -> None:
        """The client has the seat's new secret: the one before it is refused from now on, at once
        and, before anything else from this socket is answered, on disk (a storage failure leaves
        both working, and the next message tries again)."""
        fresh, seat = connection.unconfirmed, connection.seat
        assert fresh is not None and seat is not None
        self.store.keep_secret(room.table.id, seat, fresh)
        connection.unconfirmed = None
        try:
            await self.store.durable()
        except StorageError:
            connection.unconfirmed = fresh

    async def _read(self, room: Room, connection: Connection) -> None:
        websocket, limits = connection.websocket, self.limits
        while connection.closing is None:
            try:  # a client answers every ping: one silent for two is gone (a stalled network closes nothing)
                text = await asyncio.wait_for(_receive(websocket), 2 * limits.heartbeat)
            except TimeoutError:
                return
            if text is None or connection.closing is not None:  # taken over meanwhile: its secret is not kept
                return
            if isinstance(text, bytes):
                connection.close("binary frame")
                return
            if len(text) > limits.message_bytes:
                connection.send("error", _message(room.table, "error", code="bad_request", message="message too large"))
                connection.close("message too large")
                return
            if not connection.allow():
                connection.send("error", _message(room.table, "error", code="rate", message="too many messages"))
                continue
            try:
                message = read_json(text)
            except ValueError as error:
                message = str(error)
            if not isinstance(message, dict):
                why = message if isinstance(message, str) else "not a JSON object"
                connection.send("error", _message(room.table, "error", code="bad_request", message=why))
                continue
            if message.get("type") in ("ping", "pong"):  # the heartbeat (a ping answered at once): no table's business
                if message["type"] == "ping":
                    connection.send("pong", _message(room.table, "pong"))
                continue
            if connection.unconfirmed is not None and connection.seat is not None:  # it has the new secret
                await self._confirm(room, connection)
            if message.get("type") == "ready":
                continue
            try:
                await room.handle(connection, message)
            except PokerError as error:  # a bug's safety net: refuse, never echo the state
                connection.send(
                    "error", _message(room.table, "error", code="bad_request", message=type(error).__name__)
                )


class Server(_Sockets, TalkApi, SeatingApi):
    """Every table, the database and the host's secret; :meth:`app` is the Starlette application.

    ``host_token``: the host's secret to use from now on (else the one kept, or a new one; see
    :class:`~homegame.server.doors.HostSecret`), ``new_host_token``: replace the one kept with a new
    one; ``origins``: the other sites whose pages may open sockets; ``public_url``: the address every
    link starts with (``serve --public-url``; its origin may open sockets too); ``throttle``: the
    rate limits on guessing secrets; ``between_hands``: the ms a finished hand stays on the table
    before the next deal (a table may set its own), ``runout_pause``: the ms between the streets of
    an all-in runout shown."""

    def __init__(
        self,
        store: Store,
        *,
        host_token: str | None = None,
        new_host_token: bool = False,
        origins: Origins | None = None,
        limits: Limits | None = None,
        between_hands: int = 0,
        runout_pause: int = 0,
        public_url: str | None = None,
        throttle: Throttle | None = None,
    ) -> None:
        self.store = store
        self.public = None if public_url is None else public_base(public_url)
        """The base of every link made, else the address a request came in on."""
        self.throttle = throttle or Throttle()
        self.health = Health(partial(_probe, store))
        self.host = HostSecret.open(store, host_token, renew=new_host_token)
        self.host_token = self.host.token
        """The host's secret when this process knows it (it prints the host's link), else ``None``."""
        self.origins = origins or Origins()
        if self.public is not None:
            self.origins.allow(self.public)
        self.limits = limits or Limits()
        self.between_hands = between_hands
        self.runout_pause = runout_pause
        self.rooms: dict[str, Room] = {}
        self.feed = Feed()
        self.tickets: dict[str, float] = {}
        """The host's live feed's tickets not yet used, and until when they may be (monotonic seconds)."""
        self.damaged: dict[str, str] = {}
        """The tables whose log cannot be restored, and why: out of play, the others play on."""
        for table_id, data in store.tables():
            try:
                table = _restore(table_id, data, store, between_hands, runout_pause)
            except Exception as error:  # whatever a bad row raises: that table alone is lost, not the server
                reason = f"{type(error).__name__}: {error}"
                print(f"homegame serve: table {table_id} cannot be restored: {reason}", file=sys.stderr, flush=True)
                self.damaged[table_id] = reason
                continue
            self.rooms[table_id] = Room(table, retry=self.limits.retry, changed=self.feed.changed)
        store.group_commit()

    def auth(self) -> dict[str, str]:
        """The header the host's requests carry (this process knows the secret)."""
        assert self.host_token is not None, "the host's secret is kept as a digest only"
        return {"Authorization": f"Bearer {self.host_token}"}

    async def create(self, config: TableConfig, base: str) -> dict[str, JSON]:
        """A new table, its invites, its spectators' link and its open link."""
        table_id = secrets.token_hex(4)
        while table_id in self.rooms:
            table_id = secrets.token_hex(4)
        table = ServerTable.create(
            table_id, config, self.store, between_hands=self.between_hands, runout_pause=self.runout_pause
        )
        invites: list[JSON] = []
        for seat, info in enumerate(table.seats):
            if info.bot is None:
                secret = secrets.token_urlsafe(24)
                self.store.add_secret(secret, table_id, seat)
                invites.append(link(base, table_id, secret))
        spectate: JSON = None
        if config.spectators != "none":
            secret = secrets.token_urlsafe(24)
            self.store.add_secret(secret, table_id, -1)
            spectate = link(base, table_id, secret)
        join = join_link(base, table_id, table.seating.new_link())
        await self.store.durable(table_id)  # StorageError: the table was never made
        room = self.rooms[table_id] = Room(table, retry=self.limits.retry, changed=self.feed.changed)
        room.task = asyncio.get_running_loop().create_task(room.drive())
        self.feed.changed()
        return {"table": table_id, "invites": invites, "spectate": spectate, "join": join}

    # -- the application -------------------------------------------------------------------------

    def app(self) -> ASGIApp:
        """The ASGI application: Starlette's, every response with the security headers."""
        static = Path(str(resources.files("homegame.server") / "static"))
        routes = [
            Route("/", _page("index.html")),
            Route("/host", _page("host.html")),
            Route("/t/{table}", _page("table.html")),
            Route("/t/{table}/join", _page("join.html")),
            Route("/api/games", _games),
            Route("/api/games/{name}", _game),
            Route("/api/tables", self.tables, methods=["GET", "POST"]),
            Route("/api/tables/{table}/ledger", self.ledger),
            Route("/api/tables/{table}/history", self.history),
            Route("/api/tables/{table}/rebuys/{seat:int}", self.rebuy, methods=["POST"]),
            Route("/api/tables/{table}/seats/{seat:int}/sit-out", self.sit_out, methods=["POST"]),
            *(Route(path, endpoint, methods=methods) for path, endpoint, methods in self.host_routes()),
            *(Route(path, endpoint, methods=methods) for path, endpoint, methods in self.talk_routes()),
            *(Route(path, endpoint, methods=methods) for path, endpoint, methods in self.seating_routes()),
            Route("/api/tables/{table}/{command:str}", self.command, methods=["POST"]),
            Route("/healthz", partial(_healthz, self.health)),
            Route("/metrics", partial(_metrics, self)),
            WebSocketRoute("/ws", self.socket),
            Mount("/static", StaticFiles(directory=static, check_dir=False), name="static"),
        ]
        return SecurityHeaders(Starlette(routes=routes, lifespan=self._lifespan))

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        for room in self.rooms.values():
            room.task = loop.create_task(room.drive())
        try:
            yield
        finally:
            for room in self.rooms.values():
                if room.task is not None:
                    room.task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await room.task

    def _host(self, request: Request) -> bool:
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        return scheme == "Bearer" and self.host.check(given)

    def _base(self, request: Request) -> str:
        """The address links begin with: the public URL when the host gave one, else the one the
        request came to."""
        return self.public or str(request.base_url)

    def _rooms(self) -> tuple[dict[str, Room], dict[str, str]]:
        return self.rooms, self.damaged

    def _deny(self, request: Request) -> Response | None:
        """The answer to a host's call that is not the host's (``None``: it is): 429 to an address
        that gave too many wrong secrets, until its time has passed; else 401 without the secret
        (a wrong one counts against the address)."""
        address = request.client.host if request.client is not None else ""
        wait = self.throttle.host_wait(address)
        if wait is not None:
            refused = _refusal(429, "rate", f"too many wrong host secrets from this address: try again in {wait} s")
            refused.headers["Retry-After"] = str(wait)
            return refused
        if not self._host(request):
            if "authorization" in request.headers:  # a secret given, and wrong: a guess
                self.throttle.host_failed(address)
            return _refusal(401, "host", _NOT_HOST)
        self.throttle.host_passed(address)
        return None

    def _room(self, request: Request) -> Room | Response:
        denied = self._deny(request)
        if denied is not None:
            return denied
        room = self.rooms.get(request.path_params["table"])
        return room if room is not None else _refusal(404, "not_found", "no such table")

    async def tables(self, request: Request) -> Response:
        """The tables (GET), or a new one (POST)."""
        denied = self._deny(request)
        if denied is not None:
            return denied
        if request.method == "GET":
            return JSONResponse(listing(self.rooms, self.damaged))
        body = await request.body()
        if len(body) > self.limits.body_bytes:
            return _refusal(400, "bad_request", "the body is too large")
        try:
            config = TableConfig.from_json(read_json(body))
        except (ValueError, ParseError) as error:
            return _refusal(400, "bad_request", str(error))
        try:
            return JSONResponse(await self.create(config, self._base(request)))
        except StorageError as error:
            return _storage(error)

    async def ledger(self, request: Request) -> Response:
        """The ledger: JSON, or PokerNow's CSV."""
        room = self._room(request)
        if not isinstance(room, Room):
            return room
        async with room.lock:  # what is committed
            if request.query_params.get("format") == "csv":
                return PlainTextResponse(ledger_csv(room.table.roster.sessions()), media_type="text/csv")
            return JSONResponse(room.table.roster.ledger())

    async def history(self, request: Request) -> Response:
        """The finished hands in PHH (one seat's view, the spectators' or everything) or in
        PokerStars text (one seat's view; the hands it cannot hold are named in a header)."""
        from homegame.server.histories import phh, pokerstars

        room = self._room(request)
        if not isinstance(room, Room):
            return room
        query = request.query_params
        form = query.get("format", "phh")
        if form not in ("phh", "pokerstars"):
            return _refusal(400, "bad_request", "format: phh or pokerstars")
        seat_text = query.get("seat")
        if seat_text is not None and not (seat_text.isdigit() and int(seat_text) < room.table.config.seats):
            return _refusal(400, "bad_request", "seat: a seat of the table")
        seat = None if seat_text is None else int(seat_text)
        full = query.get("full") in ("1", "true")
        async with room.lock:  # the table is its log: every change of it committed
            if form == "pokerstars":
                text, skipped = pokerstars(room.table, seat=seat)
                if skipped and not text:
                    return _refusal(
                        400,
                        "bad_request",
                        "PokerStars text cannot hold these games (wild cards, declare, home games): use phh",
                    )
                return PlainTextResponse(text, headers={"X-Homegame-Skipped": ",".join(map(str, skipped))})
            return PlainTextResponse(phh(room.table, seat=seat, full=full))

    async def command(self, request: Request) -> Response:
        """Pause, resume or close a table."""
        room = self._room(request)
        if not isinstance(room, Room):
            return room
        command = request.path_params["command"]
        if command not in ("pause", "resume", "close"):
            return _refusal(404, "not_found", "no such command")
        try:
            await room.change(_doing(room, lambda table: table.host(command)))
        except RefusedError as refused:
            return _refusal(409, refused.code, str(refused))
        except StorageError as error:
            return _storage(error)
        return JSONResponse({"table": room.table.id, "status": room.table.status})

    async def rebuy(self, request: Request) -> Response:
        """Approve or refuse a seat's rebuy."""
        room = self._room(request)
        if not isinstance(room, Room):
            return room
        approve = approval(await request.body())
        if approve is None:
            return _refusal(400, "bad_request", "approve: true or false")
        try:
            await room.change(_doing(room, lambda table: table.answer_rebuy(request.path_params["seat"], approve)))
        except RefusedError as refused:
            return _refusal(400, refused.code, str(refused))
        except StorageError as error:
            return _storage(error)
        return JSONResponse({"table": room.table.id, "seat": request.path_params["seat"]})

    async def sit_out(self, request: Request) -> Response:
        """Sit a seat out from the next hand."""
        room = self._room(request)
        if not isinstance(room, Room):
            return room
        seat = request.path_params["seat"]
        if not 0 <= seat < room.table.config.seats:
            return _refusal(400, "bad_request", "seat: a seat of the table")
        try:
            await room.change(_doing(room, lambda table: table.sit_out(seat)))
        except StorageError as error:
            return _storage(error)
        return JSONResponse({"table": room.table.id, "seat": seat})


def _doing(room: Room, request: Callable[[ServerTable], object]) -> Callable[[], bool]:
    """A host's request to the room's table (whichever table object it holds when the change is made)."""

    def do() -> bool:
        request(room.table)
        return True

    return do


def _restore(table_id: str, data: str, store: Store, between_hands: int, runout_pause: int) -> ServerTable:
    """A table kept in the database, rebuilt from its settings (JSON text) and its log."""
    config = TableConfig.from_json({"missed_blinds": "none", **json.loads(data)})  # kept before the rule: none
    return ServerTable.restore(table_id, config, store, between_hands=between_hands, runout_pause=runout_pause)


def _page(name: str) -> Any:
    path = Path(str(resources.files("homegame.server") / "static" / name))

    async def page(request: Request) -> Response:
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse("<!doctype html><title>homegame</title><p>homegame serve is running.</p>")

    return page


async def _games(request: Request) -> Response:
    """The catalogue."""
    from homegame.server.catalogue import catalogue

    return JSONResponse(catalogue())


async def _game(request: Request) -> Response:
    """One game or mix, with its rules and house rules."""
    from homegame.server.catalogue import describe

    found = describe(request.path_params["name"])
    return JSONResponse(found) if found is not None else _refusal(404, "not_found", "no such game")


def _closed(reason: str, message: str | None = None) -> str:
    """The ``closed`` message of a socket that has no table (yet); ``message`` says more."""
    closed: dict[str, JSON] = {"type": "closed", "table": None, "hand": 0, "seq": 0, "reason": reason}
    if message is not None:
        closed["message"] = message
    return json.dumps(closed)


async def _beat(room: Room, connection: Connection) -> None:
    """Ping ``connection`` every ``heartbeat`` seconds while it is open (its answers keep it so)."""
    while connection.closing is None:
        await asyncio.sleep(connection.limits.heartbeat)
        connection.send("ping", _message(room.table, "ping"))


def _history(table: ServerTable, seat: int, before: int | None) -> str:
    """The answer to a seat's ``history``: ``{"type": "history", "hands": [...]}``, each hand as the
    snapshot's ``last`` (:func:`homegame.server.finished.page`), the text spliced once. Written in a
    thread of its own, the room's lock held (its table unchanged meanwhile), so the other tables
    play on while the hands' views are written (some milliseconds a hand)."""
    from homegame.server.finished import page

    return f'{_message(table, "history")[:-1]},"hands":[{",".join(page(table, seat, before=before))}]}}'


def _farewell(room: Room, reason: str) -> str:
    """The ``closed`` message of a socket at ``room``'s table."""
    return _message(room.table, "closed", reason=reason)


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's text (a binary frame's bytes), ``None`` once the socket is gone."""
    try:
        message = await websocket.receive()
    except (WebSocketDisconnect, RuntimeError, OSError):
        return None
    if message["type"] != "websocket.receive":
        return None
    text = message.get("text")
    return text if isinstance(text, str) else bytes(message.get("bytes") or b"")


async def _probe(store: Store) -> str | None:
    """A write that leaves nothing behind, committed: ``None`` when the database took it, else why
    not. A page's worth, replaced at once by nothing, so a database that cannot grow refuses it."""
    try:
        store.set_meta("healthz", "x" * 4096)
        store.set_meta("healthz", "")
        await store.durable()
    except StorageError as error:
        return str(error)
    return None


async def _healthz(health: Health, request: Request) -> Response:
    """200 while the database takes writes; 503 and the reason when it does not."""
    problem = await health.problem()
    if problem is not None:
        return JSONResponse({"ok": False, "error": f"the database refuses writes: {problem}"}, status_code=503)
    return JSONResponse({"ok": True})


async def _metrics(server: Server, request: Request) -> Response:
    """The server's figures in Prometheus' text format (the host's secret as a bearer token)."""
    denied = server._deny(request)
    if denied is not None:
        return denied
    rooms = server.rooms.values()
    figures = server_figures(
        tables=len(rooms) + len(server.damaged),
        seats=sum(len(room.seats) for room in rooms),
        spectators=sum(len(room.spectators) for room in rooms),
        hands=sum(room.table.number for room in rooms),
        refused=server.throttle.refusals,
        commits=server.store.stats,
    )
    return PlainTextResponse(prometheus(figures), media_type="text/plain; version=0.0.4; charset=utf-8")


async def _refuse(websocket: WebSocket, reason: str, message: str | None = None) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(_closed(reason, message))
        if websocket.application_state != WebSocketState.DISCONNECTED:
            await websocket.close(code=4001)
