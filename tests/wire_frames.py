"""What the server sends in a seeded hand of a game: every frame, to every seat and a spectator,
for the schema test (test_wire_schema.py) and the page's fixtures (test_page_js.py)."""

from __future__ import annotations

import random
from typing import NamedTuple
from unittest import mock

from homegame.games import load
from homegame.server import moves as moves_module
from homegame.server.app import PROTOCOL, _message
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import Clock

STEPS = 400
"""The most moves a table makes for the frames of its hands."""


def seats_for(game: str) -> int:
    """A table of three where the game allows it, else as close as it allows."""
    low, high = load(game).players
    return min(max(low, 3), high)


class Played(NamedTuple):
    """What a table sent, ``(viewer, message)`` in order, and the table (its hands, to check against)."""

    sent: list[tuple[int | None, str]]
    table: ServerTable


def frames(game: str, seed: int = 1, hands: int = 1, viewers: tuple[int | None, ...] | None = None) -> Played:
    """Each frame the table sends to each of ``viewers`` (a seat, ``None``: a spectator; by default
    every seat and a spectator) after each of its moves, bots in every seat, its cards and its bots'
    choices from ``seed``, until ``hands`` hands are done (a welcome first, one a viewer)."""
    out: list[tuple[int | None, str]] = []
    rng = random.Random(f"{game}-{seed}")
    seats = seats_for(game)
    clock = Clock()
    body = {"game": game, "seats": seats, "stack": 200, "bots": seats, "bot_level": "random", "spectators": "public"}
    with mock.patch.object(moves_module.secrets, "randbits", rng.getrandbits):
        config = TableConfig.from_json(body)
        table = ServerTable.create("t", config, Store(":memory:"), now=clock, between_hands=0, rng=rng)
        if viewers is None:
            viewers = (*range(seats), None)
        for viewer in viewers:
            out.append(
                (
                    viewer,
                    _message(
                        table,
                        "welcome",
                        token="secret",
                        you=viewer,
                        protocol=PROTOCOL,
                        chat=table.chats.entries(),
                        heartbeat_ms=5000,
                        state=table.snapshot_text(viewer),
                    ),
                )
            )
        for _ in range(STEPS):
            clock.now += 1_000
            if not table.moves.auto(clock.now):
                continue
            for viewer in viewers:
                out.append((viewer, _message(table, "state", state=table.snapshot_text(viewer))))
            if table.number > hands or (table.number == hands and table.hand is None):
                break
    return Played(out, table)
