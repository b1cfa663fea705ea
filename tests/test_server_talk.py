"""Table talk past chat, over raw sockets at a table of two seats and a spectator: the host mutes
a seat (its chats and reactions reach nobody, it reads that it is muted, a kill -9 does not unmute
it); reactions from the fixed set reach every socket, paced, never logged."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx2
from hypothesis import given
from hypothesis import strategies as st

from homegame.server.gamelog import GameLog
from homegame.server.messages import BadMessageError, React, parse
from homegame.server.reactions import EMOJI
from homegame.server.table import RefusedError
from server_helpers import WAIT, Seat, cards_in, finish_hand, live_server, make, passive_json, run, serve


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


def test_the_game_log_tells_every_kind_of_event_in_order_and_grows_with_the_table() -> None:
    table = make(seats=3, names=["ann", "bo", "cy"])
    kept = GameLog()
    table.chat(1, "<b>gl</b>")
    table.mute(1, True)
    table.request_rebuy(0, 40)
    early = kept.lines(table)
    table.answer_rebuy(0, True)
    table.sit_out(2)
    table.sit_in(2, True)
    table.host("pause")
    table.call_bomb(5)
    table.host("resume")
    run(table)
    finish_hand(table)
    table.adjust(0, -5)
    table.mute(1, False)
    table.remove(2)
    table.leave(1)
    table.host("close")
    run(table)
    lines = kept.lines(table)
    assert lines[: len(early)] == early and lines == GameLog().lines(table)  # grown, as if read once
    texts = [line["text"] for line in lines]  # type: ignore[index]
    hand = next(text for text in texts if text.startswith("hand 1 (No-limit Texas hold'em, bomb pot): "))
    assert " wins " in hand
    assert texts == [
        "ann sits down with 100",
        "bo sits down with 100",
        "cy sits down with 100",
        "bo: <b>gl</b>",
        "the host mutes bo's chat",
        "ann asks to rebuy 40",
        "the host approves ann's rebuy",
        "cy sits out",
        "cy sits in and waits for the big blind",
        "the host pauses the table",
        "the host calls a bomb pot of 5 a seat",
        "the host resumes the table",
        hand,
        "the host adjusts ann's stack by -5",
        "the host unmutes bo's chat",
        "the host removes cy",
        "bo cashes out and leaves",
        "the host closes the table",
    ]
    assert all(isinstance(line["at"], int) for line in lines)  # type: ignore[index]
    assert not cards_in(json.dumps(lines)), "a line never names a card"


def test_the_host_and_a_player_read_the_same_log_without_a_card(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller", names=["ann"])
        table = created["table"]
        ann = Seat(created["invites"][0])
        for _ in range(100):  # check or call until the first hand is over (bounded)
            state = ann.until(lambda m: m.get("type") == "state")["state"]
            if state["last"] is not None:
                break
            if state["view"] is not None and state["view"]["legal"]:
                ann.act(passive_json(state))
        shown = {card for seat in state["last"]["view"]["seats"] for card in seat["down"]} - {"??"}
        ann.send(type="chat", text="<img src=x onerror=alert(1)>")
        ann.until(lambda m: m.get("type") == "chat")
        ann.send(type="log")
        told = ann.until(lambda m: m.get("type") == "log")
        assert live.http.get(f"/api/tables/{table}/log").status_code == 401  # the host's, or a seat's own
        hosted = live.host("GET", f"/api/tables/{table}/log").json()
        assert hosted == {"table": table, "lines": told["lines"]}
        texts = [line["text"] for line in told["lines"]]
        assert texts[-1] == "ann: <img src=x onerror=alert(1)>"  # as said: the page draws it as text
        assert any(text.startswith("hand 1 ") for text in texts)
        assert not cards_in(json.dumps(told)), f"the hole cards {shown} are in no line"
        text = live.host("GET", f"/api/tables/{table}/log?format=text")
        assert text.headers["content-disposition"] == f'attachment; filename="log-{table}.txt"'
        assert text.text.splitlines() == [f"{_utc(line['at'])}  {line['text']}" for line in told["lines"]]
        for _ in range(2):  # three asks in ten seconds, then refused (the socket kept)
            ann.send(type="log")
            ann.until(lambda m: m.get("type") == "log")
        ann.send(type="log")
        refused = ann.until(lambda m: m.get("type") in ("log", "error"))
        assert (refused["type"], refused["code"]) == ("error", "rate")
        ann.close()


def _utc(at: int) -> str:
    return datetime.fromtimestamp(at / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
