"""Table talk past chat, over raw sockets at a table of two seats and a spectator: the host mutes
a seat (its chats and reactions reach nobody, it reads that it is muted, a kill -9 does not unmute
it); reactions from the fixed set reach every socket, paced, never logged."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx2
from hypothesis import given
from hypothesis import strategies as st

from homegame.server.messages import BadMessageError, React, parse
from homegame.server.reactions import EMOJI
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


def _reacted(seat: Seat) -> dict[str, Any]:
    return seat.until(lambda m: m.get("type") in ("react", "error"))


def test_a_reaction_reaches_every_socket_paced_and_is_never_logged(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher, table = _table(live)
        ann.send(type="react", emoji="🔥")
        heard = [_reacted(socket) for socket in (ann, bo, watcher)]
        assert {(m["type"], m["seat"], m["name"], m["emoji"]) for m in heard} == {("react", 0, "player 1", "🔥")}
        assert [m["seq"] for m in heard] == [socket.seq for socket in (ann, bo, watcher)]  # no change of the table
        for bad in ("💩", "<img src=x onerror=alert(1)>", 7, None, ["👍"]):
            ann.send(type="react", emoji=bad)
            refused = _reacted(ann)
            assert (refused["type"], refused["code"]) == ("error", "bad_request"), bad
        watcher.send(type="react", emoji="👍")
        assert _reacted(watcher)["code"] == "forbidden"
        for emoji in EMOJI[:4]:  # five in ten seconds, the first among them
            ann.send(type="react", emoji=emoji)
            assert _reacted(ann)["emoji"] == emoji
        ann.send(type="react", emoji="👍")
        refused = _reacted(ann)
        assert (refused["type"], refused["code"]) == ("error", "rate")
        ann.send(type="chat", text="a chat has its own pace")
        assert _heard(ann)["type"] == "chat"  # the socket is kept, the chat's pace untouched
        assert live.host("POST", f"/api/tables/{table}/seats/1/mute", json={"mute": True}).status_code == 200
        _muted(bo, 1, True)
        bo.send(type="react", emoji="😡")
        assert _reacted(bo)["code"] == "forbidden"
        ann.send(type="chat", text="the last word")
        watcher.until(lambda m: m.get("text") == "the last word")  # what the spectator heard before it:
        for socket in (ann, bo, watcher):
            socket.close()
        assert [m["emoji"] for m in watcher.frames if m.get("type") == "react"] == ["🔥", *EMOJI[:4]]
        assert not [row for row in live.server.store.rows(table) if "react" in row.kind]


@given(JSONS | st.sampled_from(EMOJI))
def test_a_reaction_is_one_of_the_set_or_refused(emoji: object) -> None:
    try:
        assert parse({"type": "react", "emoji": emoji}) == React(str(emoji)) and emoji in EMOJI
    except BadMessageError as error:
        assert emoji not in EMOJI and str(error).startswith("react: ")


def test_the_page_offers_the_servers_reactions() -> None:
    page = (Path(__file__).parents[1] / "src/homegame/server/static/js/reactions.js").read_text()
    offered = re.search(r"export const EMOJI = \[(.*?)\];", page)
    assert offered is not None and tuple(re.findall(r'"([^"]+)"', offered.group(1))) == EMOJI
