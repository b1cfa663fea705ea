"""The heartbeat: the server pings every socket and answers a client's pings; a socket silent for
two heartbeats is gone (its seat ``connected: false`` for the others), as is one behind a stalled
network (a relay that passes nothing and closes nothing), and an action sent into the stall counts
once when it is sent again from the next connection. The heartbeat is small here (``Limits``), as
``serve --heartbeat`` makes it; every wait is bounded."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from homegame.server.app import Limits
from homegame.server.client import Backoff, BotDecider, Client, Invite, play_seat
from relay import Relay
from schema_check import errors
from server_helpers import WAIT, Live, Seat, live_server, passive_json
from test_wire_schema import SCHEMA

BEAT = Limits(heartbeat=0.5)
"""Half a second: a socket is gone after a second without a word (a test's socket answers as it reads)."""


def _connected(seat: int, connected: bool) -> Any:
    """A test of a message: a state in which table seat ``seat`` is (or is not) connected."""
    return lambda m: m.get("type") == "state" and m["state"]["seats"][seat]["connected"] is connected


def _relayed(live: Live, url: str, relay: Relay) -> str:
    port = live.base.rsplit(":", 1)[1]
    return url.replace(f":{port}/", f":{relay.port}/")


def test_the_server_pings_and_answers_pings() -> None:
    with live_server(limits=BEAT) as live:
        invite = live.new(game="holdem", seats=2, stack=100, paused=True)["invites"][0]
        seat = Seat(invite, pong=False)
        assert seat.welcome["heartbeat_ms"] == 500
        ping = seat.until(lambda m: m["type"] == "ping", limit=20)
        seat.send(type="ping")
        pong = seat.until(lambda m: m["type"] == "pong", limit=20)
        for message in (seat.welcome, ping, pong):
            assert errors(SCHEMA, message) == []
        assert (pong["table"], pong["hand"], pong["seq"]) == (seat.welcome["table"], 0, seat.seq)
        seat.close()


def test_a_socket_that_never_answers_is_gone_for_the_others() -> None:
    with live_server(limits=BEAT) as live:
        silent_invite, other_invite = live.new(game="holdem", seats=2, stack=100, paused=True)["invites"]
        other = Seat(other_invite)
        silent = Seat(silent_invite, pong=False)  # hears the pings, answers none
        other.until(_connected(0, True))
        other.until(_connected(0, False))  # two heartbeats without a word: gone
        closed = silent.until(lambda m: m["type"] == "closed", limit=50)
        assert closed["reason"] == "gone"
        other.close()


def test_a_stalled_network_shows_the_seat_offline_and_join_connects_again() -> None:
    with live_server(limits=BEAT) as live:
        created = live.new(game="holdem", seats=2, stack=100, paused=True)
        relay = Relay(int(live.base.rsplit(":", 1)[1]))
        client = Client(BotDecider("caller", random.Random(1)))
        said: list[str] = []
        invite = Invite.parse(_relayed(live, created["invites"][0], relay))
        quick = Backoff(first=0.01, cap=0.05)
        thread = threading.Thread(
            target=play_seat, args=(invite, client), kwargs={"backoff": quick, "say": said.append}
        )
        thread.start()
        try:
            other = Seat(created["invites"][1])
            other.until(_connected(0, True))
            relay.stall()  # the join client's connection passes nothing now, and nothing closes it
            other.until(_connected(0, False))  # the server heard nothing for two heartbeats
            relay.resume()
            other.until(_connected(0, True))  # join heard nothing either, and connected again
            assert any("said nothing" in line for line in said), said
            live.host("POST", f"/api/tables/{created['table']}/close")
            thread.join(WAIT)
            assert not thread.is_alive() and client.done
            other.close()
        finally:
            relay.close()


def test_an_action_sent_into_a_stall_counts_once_when_sent_again() -> None:
    with live_server(limits=BEAT) as live:
        created = live.new(game="holdem", seats=2, stack=100)
        table = live.server.rooms[created["table"]]
        upstream = int(live.base.rsplit(":", 1)[1])
        relays = [Relay(upstream), Relay(upstream)]  # one a seat: the seat to act is the one stalled
        try:
            seats = [Seat(_relayed(live, url, relay)) for url, relay in zip(created["invites"], relays, strict=True)]
            for seat in seats:
                seat.until(lambda m: m["type"] == "state" and m["state"]["view"] is not None, limit=50)
            mover = next(index for index, seat in enumerate(seats) if seat.state["view"]["legal"])
            first, other = seats[mover], seats[1 - mover]
            sent = {"type": "act", "hand": first.hand, "seq": first.seq, "action": passive_json(first.state)}
            relays[mover].stall()
            first.socket.send(json.dumps(sent))  # into the stall: it never arrives
            other.until(_connected(mover, False))
            before = table.table.seq
            relays[mover].resume()
            again = Seat(_relayed(live, created["invites"][mover], relays[mover]), token=first.welcome["token"])
            assert again.seq == before and again.state["turn"] is not None  # the decision is still open
            again.socket.send(json.dumps(sent))  # sent again on the new connection: applied
            again.until(lambda m: m["type"] == "state" and m["seq"] == before + 1, limit=50)
            again.socket.send(json.dumps(sent))  # and once more: acknowledged, not applied twice
            acknowledged = again.until(lambda m: m["type"] in ("state", "error"), limit=50)
            assert acknowledged["type"] == "state" and acknowledged["seq"] == before + 1
            assert table.table.seq == before + 1
            again.close()
            other.close()
        finally:
            for relay in relays:
                relay.close()


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "3601"])
def test_serve_refuses_a_heartbeat_out_of_bounds(
    seconds: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from homegame.cli import main

    assert main(["serve", "--heartbeat", seconds, "--db", str(tmp_path / "db.sqlite"), "--port", "0"]) == 2
    assert "--heartbeat must be 0.1 to 3600 seconds" in capsys.readouterr().err
    assert not (tmp_path / "db.sqlite").exists()  # refused before anything is opened
