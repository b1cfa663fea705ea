"""Table talk past chat, over raw sockets at a table of two seats and a spectator: the host mutes
a seat (its chats reach nobody, it reads that it is muted, a kill -9 does not unmute it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2
from hypothesis import given
from hypothesis import strategies as st

from homegame.server.table import RefusedError
from server_helpers import WAIT, Seat, live_server, make, serve


def _table(live: Any) -> tuple[Seat, Seat, Seat, str]:
    created = live.new(game="holdem", seats=2, stack=100, spectators="public")
    seats = Seat(created["invites"][0]), Seat(created["invites"][1]), Seat(created["spectate"])
    return (*seats, created["table"])


def _heard(seat: Seat) -> dict[str, Any]:
    return seat.until(lambda m: m.get("type") in ("chat", "error"))


def _muted(seat: Seat, which: int, muted: bool) -> None:
    """Read until the snapshot says seat ``which`` is (or is not) muted."""
    seat.until(lambda m: m.get("type") in ("state", "welcome") and m["state"]["seats"][which]["muted"] is muted)


def test_a_muted_seats_chat_reaches_nobody_and_the_seat_is_told(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher, table = _table(live)
        mute = f"/api/tables/{table}/seats/0/mute"
        assert live.http.post(mute, json={"mute": True}).status_code == 401  # the host's door only
        for bad in ({"mute": "yes"}, {}, [True]):
            answer = live.host("POST", mute, json=bad)
            assert answer.status_code == 400 and answer.json()["code"] == "bad_request", bad
        assert live.host("POST", f"/api/tables/{table}/seats/7/mute", json={"mute": True}).status_code == 400
        answer = live.host("POST", mute, json={"mute": True})
        assert answer.status_code == 200 and answer.json()["players"][0]["muted"] is True
        for socket in (ann, bo, watcher):
            _muted(socket, 0, True)  # the seat is told; so is everyone
        ann.send(type="chat", text="you cannot hear me")
        refused = _heard(ann)
        assert (refused["type"], refused["code"]) == ("error", "forbidden") and "muted" in refused["message"]
        bo.send(type="chat", text="quiet now")
        for socket in (ann, watcher):
            assert _heard(socket)["text"] == "quiet now"  # the first chat to reach anyone: bo's
        assert live.host("POST", mute, json={"mute": False}).status_code == 200
        _muted(ann, 0, False)
        ann.send(type="chat", text="back")
        for socket in (bo, watcher):
            socket.until(lambda m: m.get("type") == "chat" and m["text"] == "back")
        for socket in (ann, bo, watcher):
            socket.close()
        heard = [m["text"] for m in watcher.frames if m.get("type") == "chat"]
        assert heard == ["quiet now", "back"]
        rows = live.server.store.rows(table)
        assert [(row.data["seat"], row.data["mute"]) for row in rows if row.kind == "mute"] == [(0, True), (0, False)]
        assert [row.data["text"] for row in rows if row.kind == "chat"] == ["quiet now", "back"]


def test_a_mute_survives_a_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "db"
    first = serve(db)
    try:
        assert first.token is not None
        auth = {"Authorization": f"Bearer {first.token}"}
        made = httpx2.post(
            f"{first.base}/api/tables", json={"game": "holdem", "seats": 2, "stack": 100}, headers=auth, timeout=WAIT
        )
        table, invite = made.json()["table"], made.json()["invites"][1]
        answer = httpx2.post(
            f"{first.base}/api/tables/{table}/seats/1/mute", json={"mute": True}, headers=auth, timeout=WAIT
        )
        assert answer.status_code == 200, answer.text
    finally:
        first.kill()  # right after the answer: the mute was committed before it
    again = serve(db, port=int(first.base.rsplit(":", 1)[1]))
    try:
        bo = Seat(invite)
        assert bo.welcome["state"]["seats"][1]["muted"] is True
        bo.send(type="chat", text="still muted?")
        refused = _heard(bo)
        assert (refused["type"], refused["code"]) == ("error", "forbidden")
        bo.close()
    finally:
        again.kill()


JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


@given(JSONS)
def test_a_mute_that_is_not_true_or_false_is_refused_and_changes_nothing(value: object) -> None:
    table = make(seats=2)
    seq = table.seq
    try:
        table.mute(1, value)
    except RefusedError as refused:
        assert refused.code == "bad_request" and not isinstance(value, bool)
        assert table.seq == seq and table.seats[1].muted is False
    else:
        assert isinstance(value, bool) and table.seats[1].muted is value
        assert table.seq == seq + (1 if value else 0)  # unmuting a seat not muted changes nothing
