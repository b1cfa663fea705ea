"""``homegame join`` connects again after every drop, for as long as the table lives: through a TCP
relay on 127.0.0.1 that cuts its connection ten times, the bot still plays its hands; a ``closed``
that ends the seat (taken over) ends it."""

from __future__ import annotations

import json
import random
import select
import socket
import threading
from collections import deque
from typing import Any

from homegame.server.client import Backoff, BotDecider, Client, Invite, play_seat
from server_helpers import WAIT, Seat, live_server

QUICK = Backoff(first=0.01, cap=0.05)
"""Short waits between connections, for tests."""


class Relay:
    """A TCP relay on 127.0.0.1 to ``upstream``: its ``n``-th connection is cut (both ways) once it
    has passed ``cuts[n]`` bytes from the server (frames are compressed: a few hundred bytes is a
    few frames), until the cuts run out; later ones pass whole."""

    def __init__(self, upstream: int, cuts: list[int]) -> None:
        self.upstream = upstream
        self.cuts = deque(cuts)
        self.drops = 0
        self.stop = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.port = self.listener.getsockname()[1]
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def _accept(self) -> None:
        for _ in range(100_000):  # bounded: the test's length at 0.1 s a look
            if self.stop.is_set():
                return
            try:
                near, _ = self.listener.accept()
            except TimeoutError:
                continue
            far = socket.create_connection(("127.0.0.1", self.upstream), timeout=WAIT)
            limit = self.cuts.popleft() if self.cuts else None
            thread = threading.Thread(target=self._pipe, args=(near, far, limit), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _pipe(self, near: socket.socket, far: socket.socket, limit: int | None) -> None:
        passed = 0
        try:
            for _ in range(1_000_000):  # bounded: each look waits at most 0.1 s
                if self.stop.is_set():
                    return
                readable, _, _ = select.select([near, far], [], [], 0.1)
                for source in readable:
                    data = source.recv(65536)
                    if not data:
                        return
                    if source is far and limit is not None and passed + len(data) >= limit:
                        near.sendall(data[: limit - passed])  # half a frame, then nothing
                        self.drops += 1
                        return
                    (far if source is near else near).sendall(data)
                    passed += len(data) if source is far else 0
        except OSError:
            return
        finally:
            near.close()
            far.close()

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(WAIT)
        self.listener.close()


def test_join_plays_its_hands_through_ten_drops() -> None:
    rng = random.Random(27)
    with live_server() as live:
        body: dict[str, Any] = {"game": "holdem", "seats": 2, "stack": 1000, "bots": 1, "bot_level": "caller"}
        invite = live.new(**body)["invites"][0]
        port = int(live.base.rsplit(":", 1)[1])
        relay = Relay(port, [rng.randrange(300, 1500) for _ in range(10)])
        try:
            frames: list[str] = []
            client = Client(BotDecider("caller", random.Random(1)), hands=6, log=frames.append)
            said: list[str] = []
            relayed = Invite.parse(invite.replace(f":{port}/", f":{relay.port}/"))
            play_seat(relayed, client, backoff=QUICK, say=said.append, rng=random.Random(2))
        finally:
            relay.close()
    assert relay.drops == 10 and len(said) == 10 and "connecting again" in said[0]
    assert len(client.played) >= 6 and client.leaving
    welcomes = [json.loads(frame) for frame in frames if '"type":"welcome"' in frame]
    assert 1 < len(welcomes) <= 11 and {welcome["you"] for welcome in welcomes} == {0}  # the same seat each time


def test_join_stops_when_its_seat_is_taken_over() -> None:
    with live_server() as live:
        body: dict[str, Any] = {"game": "holdem", "seats": 2, "stack": 1000, "bots": 1, "bot_level": "caller"}
        invite = live.new(**body)["invites"][0]
        welcomed = threading.Event()
        frames: list[str] = []

        def heard(text: str) -> None:  # the frame after the welcome: the welcome's secret is kept
            frames.append(text)
            if len(frames) > 1:
                welcomed.set()

        client = Client(BotDecider("caller", random.Random(1)), log=heard)
        thread = threading.Thread(target=play_seat, args=(Invite.parse(invite), client), daemon=True)
        thread.start()
        assert welcomed.wait(WAIT)
        other = Seat(invite, token=client.token)  # the secret the welcome gave: a second device
        thread.join(WAIT)
        assert not thread.is_alive() and client.reason == "taken over"
        assert other.welcome["type"] == "welcome"
        other.close()
