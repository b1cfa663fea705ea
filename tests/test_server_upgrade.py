"""Upgrades: a database written by the release before the layout carried a version (main at
2719801: four tables of bots and a person, hands played, made with that release's own
``ServerTable``) is brought to the current layout on opening, and every table restores exactly as
that release restored it (``server-release-0.json``: each table's hand, sequence number and
snapshots, but the clock, as that release wrote them); a database of a newer homegame is refused;
a client speaking another version of the protocol is refused with the reason."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from websockets.sync.client import connect

from homegame.server.app import Server
from homegame.server.client import Invite
from homegame.server.messages import PROTOCOL
from homegame.server.store import SCHEMA, StorageError, Store
from server_helpers import HOST_TOKEN, WAIT, Seat, live_server

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_database_of_the_release_before_restores_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copy(FIXTURES / "server-release-0.sqlite", path)
    expected = json.loads((FIXTURES / "server-release-0.json").read_text())
    store = Store(str(path))
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA
    server = Server(store, host_token=HOST_TOKEN)
    assert server.damaged == {} and sorted(server.rooms) == sorted(expected)
    for table_id, was in expected.items():
        table = server.rooms[table_id].table
        assert (table.number, table.seq) == (was["hand"], was["seq"])
        for viewer, snapshot in was["snapshots"].items():
            state = table.snapshot(None if viewer == "None" else int(viewer))
            now = {key: value for key, value in state.items() if key not in ("clock", "clocks")}
            unchosen = now["game"] is None and table.config.choice  # issue 29: no game named before the choice
            assert _released(now) == _released({**snapshot, "game": None} if unchosen else snapshot)
    assert store.find_secret("draw-seat-0-secret") == ("draw", 0)
    store.close()
    assert Store(str(path)).integrity() == "ok"  # opened again: already at the current layout


_ADDED = frozenset(
    {"pot_sizes", "showdown_pots", "bomb", "straddle", "muted", "runout", "runouts", "rabbit", "run_it_twice"}
    | {"rabbit_hunt", "odds", "prompt", "declared", "muck"}
)
"""The fields and house rules added since that release, their values what it did."""


def _released(value: object) -> object:
    """A snapshot in the release before's shape of the events (issue 28 added to each event the pot
    after it, the chips it moves and its words for the viewer, to each judged hand its words, and
    named a won pot's number ``pot_index``; to the view the pot-sized amounts ``pot_sizes``; issue
    32 named the house rule ``showdown_pots``, whose default is what that release did; issue 30 named
    in ``last`` the house rules a finished hand was played under, and gave each seat ``muted``, false
    for every seat of that release; it turned the hands still in up once no more betting is possible,
    ``tabled`` events that add nothing but show the cards earlier, and added run it twice's and the
    rabbit's fields and options, which that release never used; issue 29 gave a decision its words,
    ``prompt``, and a result each seat's ``declared`` side, and names no game while the dealer
    chooses; each viewer its ``muck``: every hand shown, as then): the same game, whichever release
    wrote it."""
    if isinstance(value, list):
        return [_released(item) for item in value if not (isinstance(item, dict) and item.get("type") == "tabled")]
    if not isinstance(value, dict):
        return value
    out = {key: _released(item) for key, item in value.items() if key not in _ADDED}
    if "dealt" in out and "events" in out:  # the last hand
        out.pop("options", None)
    if "type" in out or "made" in out:  # an event, a judged hand
        out.pop("text", None)
        out.pop("chips", None)
        if "pot_index" in out:
            out["pot"] = out.pop("pot_index")
        elif out.get("type") not in (None, "won"):
            out.pop("pot", None)
    return out


def test_a_database_of_a_newer_homegame_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    Store(str(path)).db.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    with pytest.raises(StorageError, match="written by a newer homegame"):
        Store(str(path))


def test_a_client_of_another_protocol_is_refused_with_the_reason() -> None:
    with live_server() as live:
        created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
        invite = Invite.parse(created["invites"][0])
        with connect(invite.socket, open_timeout=WAIT) as socket:
            socket.send(json.dumps({"type": "hello", "token": invite.token, "protocol": PROTOCOL + 1}))
            closed = json.loads(socket.recv(timeout=WAIT))
        assert closed["type"] == "closed" and closed["reason"] == "protocol"
        assert f"this server speaks protocol {PROTOCOL}" in closed["message"]
        seat = Seat(created["invites"][0])  # the invite still works, from a client that speaks it
        assert seat.welcome["type"] == "welcome" and seat.welcome["protocol"] == PROTOCOL
        seat.close()
