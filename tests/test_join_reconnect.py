"""``homegame join`` connects again after every drop, for as long as the table lives: through a TCP
relay on 127.0.0.1 that cuts its connection ten times, the bot still plays its hands; a ``closed``
that ends the seat (taken over) ends it."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

from homegame.server.client import Backoff, BotDecider, Client, Invite, play_seat
from relay import Relay
from server_helpers import WAIT, Seat, live_server

QUICK = Backoff(first=0.01, cap=0.05)
"""Short waits between connections, for tests."""


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
