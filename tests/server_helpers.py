"""Shared by the server's tests: a live server on 127.0.0.1 (an OS-chosen port) in a thread, tables
made through its HTTP door, and socket clients whose every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import random
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import uvicorn
from websockets.asyncio.client import connect as connect_async
from websockets.sync.client import ClientConnection, connect

from homegame.bots.choices import simplest
from homegame.engine.wire import to_json
from homegame.server.app import Limits, Server
from homegame.server.client import BotDecider, Client, Invite
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import ServerTable
from homegame.server.throttle import Throttle, ThrottleLimits

HOST_TOKEN = "host-secret-for-tests"
PATIENT = ThrottleLimits(host_attempts=10**6, hello_free=10**6, hello_attempts=10**6, join_requests=10**6)
"""Rate limits no test reaches but the ones that ask for limits of their own."""
WAIT = 10.0
"""The longest any test waits for one message, in seconds (a bound, not a timing assertion)."""

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs]|Jk)(?![A-Za-z0-9])")


@dataclass
class Live:
    """A running server: its base URL and the objects behind it (read them only when it is quiet)."""

    base: str
    server: Server
    http: httpx2.Client

    def new(self, **body: Any) -> dict[str, Any]:
        """Create a table; its invites and spectators' link."""
        answer = self.http.post("/api/tables", json=body, headers={"Authorization": f"Bearer {HOST_TOKEN}"})
        assert answer.status_code == 200, answer.text
        created: dict[str, Any] = answer.json()
        return created

    def host(self, method: str, path: str, **kwargs: Any) -> httpx2.Response:
        """A host's request."""
        return self.http.request(method, path, headers={"Authorization": f"Bearer {HOST_TOKEN}"}, **kwargs)


@contextmanager
def live_server(
    path: Path | None = None, limits: Limits | None = None, store: Store | None = None, **options: Any
) -> Iterator[Live]:
    """A server on 127.0.0.1 with its database at ``path`` (default: in memory; or ``store``), run in
    a thread for the test's length; ``options`` go to :class:`Server`. Without ``limits``, the
    heartbeat is a minute: a test's socket that reads nothing for a while is not dropped."""
    store = store or Store(":memory:" if path is None else str(path))
    limits = limits or Limits(heartbeat=60.0)
    options.setdefault("throttle", Throttle(PATIENT))  # tests that knock with wrong secrets are never locked out
    server = Server(store, host_token=HOST_TOKEN, limits=limits, **options)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    runner = uvicorn.Server(uvicorn.Config(server.app(), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=runner.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    for _ in range(1000):  # bounded: about 10 s at most
        if runner.started or not thread.is_alive():
            break
        time.sleep(0.01)
    assert runner.started, "the server did not start"
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx2.Client(base_url=base, timeout=WAIT) as http:
            yield Live(base, server, http)
    finally:
        runner.should_exit = True
        thread.join(WAIT)
        store.close()


class Seat:
    """One socket at a table, read with bounded waits; it answers the server's pings as it reads
    (``pong``: unless told not to), as every client does, and keeps them out of :attr:`frames`."""

    def __init__(self, url: str, token: str | None = None, *, ready: bool = True, pong: bool = True) -> None:
        invite = Invite.parse(url)
        self.pong = pong
        self.stack = ExitStack()
        self.socket: ClientConnection = self.stack.enter_context(connect(invite.socket, open_timeout=WAIT))
        self.frames: list[dict[str, Any]] = []
        self.socket.send(json.dumps({"type": "hello", "token": token or invite.token}))
        self.welcome = self.next()
        if ready and self.welcome.get("type") == "welcome":
            self.send(type="ready")  # as every client does: the new secret is kept
        self.state: dict[str, Any] = self.welcome.get("state", {})
        self.seq = self.welcome.get("seq", 0)
        self.hand = self.welcome.get("hand", 0)

    def next(self, timeout: float = WAIT) -> dict[str, Any]:
        """The next message (within ``timeout`` seconds: TimeoutError)."""
        deadline = time.monotonic() + timeout
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        for _ in range(1000):  # bounded, as the wait is: the server's pings answered, the next message read
            if not (self.pong and message.get("type") == "ping"):
                break
            self.send(type="pong")
            message = json.loads(self.socket.recv(timeout=max(0.0, deadline - time.monotonic())))
        self.frames.append(message)
        if message.get("type") in ("state", "welcome"):
            self.state, self.seq, self.hand = message["state"], message["seq"], message["hand"]
        return message

    def until(self, test: Any, limit: int = 500) -> dict[str, Any]:
        """Read messages until one passes ``test`` (at most ``limit`` of them)."""
        for _ in range(limit):
            message = self.next()
            if test(message):
                return message
        raise AssertionError("no such message")

    def at(self, seq: int) -> dict[str, Any]:
        """Read until the table's sequence number reaches ``seq``."""
        return self.until(lambda m: m.get("type") in ("state", "welcome") and m["seq"] >= seq)

    def send(self, **message: Any) -> None:
        """Send a message."""
        self.socket.send(json.dumps(message))

    def act(self, action: dict[str, Any]) -> None:
        """Act on the state last seen."""
        self.send(type="act", hand=self.hand, seq=self.seq, action=action)

    def close(self) -> None:
        """Hang up."""
        self.stack.close()


def bots(
    invites: list[str], level: str, *, hands: int, seed: int = 0, start: Callable[[], None] | None = None
) -> list[tuple[Client, list[str]]]:
    """Let bots play the invites' seats (all at once, on one event loop) until each has played
    ``hands`` hands or left; every client with the frames it received. ``start`` is called once
    every bot has its seat (to resume tables paused until all are seated)."""

    async def all_of() -> list[tuple[Client, list[str]]]:
        seated = asyncio.Semaphore(0)
        go = asyncio.Event()

        async def one(index: int, url: str) -> tuple[Client, list[str]]:
            frames: list[str] = []
            client = Client(BotDecider(level, random.Random(seed * 100 + index)), hands=hands, log=frames.append)
            invite = Invite.parse(url)
            async with connect_async(invite.socket, max_size=2**22) as websocket:
                await websocket.send(json.dumps(client.hello(invite.token)))
                text = str(await asyncio.wait_for(websocket.recv(), WAIT))
                answers = [client.receive(json.loads(text), text)]
                seated.release()
                await go.wait()
                while True:
                    for answer in answers.pop():
                        await websocket.send(json.dumps(answer))
                    if client.done:
                        break
                    text = str(await asyncio.wait_for(websocket.recv(), WAIT))
                    answers.append(client.receive(json.loads(text), text))
            return client, frames

        tasks = [asyncio.create_task(one(index, url)) for index, url in enumerate(invites)]
        for _ in invites:
            await asyncio.wait_for(seated.acquire(), WAIT)
        if start is not None:
            await asyncio.to_thread(start)
        go.set()
        return list(await asyncio.gather(*tasks))

    return asyncio.run(asyncio.wait_for(all_of(), 60))


def cards_in(text: str) -> set[str]:
    """Every card named in a frame's text."""
    return set(CARD.findall(text))


# -- a table in-process, on a test's own clock ---------------------------------------------------

START = 1_800_000_000_000


class Clock:
    """A test's own clock (ms)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


def make(
    now: Clock | None = None, store: Store | None = None, rng: random.Random | None = None, **body: Any
) -> ServerTable:
    """A table of people (seated), made in-process (``rng``: its shuffles; the secure source by default)."""
    settings = {"game": "holdem", "seats": 3, "stack": 100, **body}
    config = TableConfig.from_json(settings)
    table = ServerTable.create("t", config, store or Store(":memory:"), now=now or Clock(), rng=rng)
    for seat, info in enumerate(table.seats):
        if info.bot is None:
            table.sit(seat)
    return table


def run(table: ServerTable) -> None:
    """Let the table make every move that is due (bounded)."""
    for _ in range(10_000):
        if not table.moves.auto(table.now()):
            return
    raise AssertionError("the table never stopped")


def to_act(table: ServerTable) -> int:
    """The table seat whose turn it is."""
    assert table.hand is not None
    return table.dealt[table.hand.pending()[0]]


def legal_kinds(table: ServerTable, seat: int) -> set[str]:
    assert table.hand is not None
    return {str(option.kind) for option in table.hand.legal_actions(table.dealt.index(seat))}


def passive(table: ServerTable, seat: int) -> dict[str, Any]:
    return {"kind": "check"} if "check" in legal_kinds(table, seat) else {"kind": "call"}


def passive_json(state: dict[str, Any]) -> dict[str, Any]:
    """Check, else call, on a snapshot whose view has legal actions."""
    kinds = {legal["kind"] for legal in state["view"]["legal"]}
    return {"kind": "check"} if "check" in kinds else {"kind": "call"}


def finish_hand(table: ServerTable) -> None:
    """The people check or call (or bring in) to the end of the hand (bounded)."""
    number = table.number
    for _ in range(200):
        if table.hand is None or table.number != number:
            return
        seat = to_act(table)
        table.act(seat, table.number, table.seq, to_json(simplest(table.hand.legal_actions(table.dealt.index(seat)))))
        run(table)
    raise AssertionError("the hand never ended")


# -- a real ``homegame serve`` process -------------------------------------------------------------

SERVE = (sys.executable, "-m", "homegame", "serve", "--between-hands", "0", "--runout-pause", "0")


@dataclass
class Process:
    """A running ``homegame serve``: the process, its base URL, the host's link's secret (``None``
    when it printed none) and what it said on stderr before serving."""

    process: subprocess.Popen[str]
    base: str
    token: str | None
    said: str

    def kill(self) -> None:
        """``kill -9``."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)


def serve(db: Path, *args: str, port: int = 0) -> Process:
    """``homegame serve --db DB ARGS`` on 127.0.0.1 (an OS-chosen port by default), once it listens."""
    process = subprocess.Popen(
        [*SERVE, "--db", str(db), "--port", str(port), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    ready, _, _ = select.select([process.stdout], [], [], 30)
    assert ready, "the server printed nothing"
    line = process.stdout.readline()
    assert line.startswith("homegame serve: http://127.0.0.1:"), line
    said = []
    for _ in range(3):  # what it says up to the line of tables (bounded)
        said.append(process.stderr.readline())
        if "tables:" in said[-1]:
            break
    link = line.split()[2]
    base, _, token = link.partition("/host")
    return Process(process, base, token[1:] or None, "".join(said))
