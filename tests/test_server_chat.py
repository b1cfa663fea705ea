"""Table talk over raw sockets: two seats and a spectator hear every chat once it is committed;
a chat too long, empty or too fast is refused with the table unchanged and the socket kept; the
``welcome`` carries the last 50; a table rebuilt from its log has its chats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from homegame.server.chat import KEEP, MAX_CHARS, ChatError, check_text
from homegame.server.table import ServerTable
from server_helpers import Seat, live_server, make

SCRIPT = '<img src=x onerror="alert(1)">'


def _table(live: Any) -> tuple[Seat, Seat, Seat]:
    created = live.new(game="holdem", seats=2, stack=100, spectators="public")
    return Seat(created["invites"][0]), Seat(created["invites"][1]), Seat(created["spectate"])


def _chat(seat: Seat) -> dict[str, Any]:
    return seat.until(lambda m: m.get("type") in ("chat", "error"))


def test_every_socket_hears_a_chat_as_it_was_said_and_a_spectator_may_not_chat(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher = _table(live)
        ann.send(type="chat", text=SCRIPT)
        heard = [_chat(socket) for socket in (ann, bo, watcher)]
        assert {(m["type"], m["seat"], m["name"], m["text"]) for m in heard} == {("chat", 0, "player 1", SCRIPT)}
        assert heard[0]["at"] > 0 and heard[0]["seq"] >= 1
        watcher.send(type="chat", text="hi")
        refused = _chat(watcher)
        assert (refused["type"], refused["code"]) == ("error", "forbidden")
        bo.send(type="chat", text="from bo")
        assert (_chat(ann)["seat"], _chat(watcher)["text"]) == (1, "from bo")  # the spectator's chat reached nobody
        for socket in (ann, bo, watcher):
            socket.close()


def test_a_chat_too_long_empty_or_too_fast_is_refused_with_the_log_unchanged(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher = _table(live)
        for text in ("x" * (MAX_CHARS + 1), "   ", "ring\x07", 7):
            ann.send(type="chat", text=text)
            refused = _chat(ann)
            assert (refused["type"], refused["code"]) == ("error", "bad_request"), text
        ann.send(type="chat", text="x" * MAX_CHARS)
        assert _chat(ann)["text"] == "x" * MAX_CHARS
        for number in range(4):
            ann.send(type="chat", text=f"fast {number}")
            assert _chat(ann)["type"] == "chat"
        ann.send(type="chat", text="one too many")
        refused = _chat(ann)
        assert (refused["type"], refused["code"]) == ("error", "rate")
        bo.send(type="chat", text="my own five")  # the limit is each seat's
        watcher.until(lambda m: m.get("text") == "my own five")
        ann.send(type="ledger")  # the socket is kept: it is still answered
        assert ann.until(lambda m: m.get("type") == "ledger")["type"] == "ledger"
        for socket in (ann, bo, watcher):
            socket.close()
        said = ["x" * MAX_CHARS, "fast 0", "fast 1", "fast 2", "fast 3", "my own five"]
        assert [m["text"] for m in watcher.frames if m.get("type") == "chat"] == said
        logged = [row.data["text"] for row in live.server.store.rows(refused["table"]) if row.kind == "chat"]
        assert logged == said  # nothing refused is in the log


def test_the_welcome_carries_the_chats_and_a_restart_keeps_them(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        created = live.new(game="holdem", seats=2, stack=100, spectators="public")
        ann = Seat(created["invites"][0])
        ann.send(type="chat", text="before the restart")
        _chat(ann)
        ann.close()
        before = live.base
    with live_server(tmp_path / "db") as live:  # the same database: the table restored from its log
        watcher = Seat(created["spectate"].replace(before, live.base))
        assert [(m["seat"], m["text"]) for m in watcher.welcome["chat"]] == [(0, "before the restart")]
        watcher.close()


def test_a_table_rebuilt_from_its_log_keeps_its_last_50_chats() -> None:
    table = make(seats=2)
    for number in range(KEEP + 5):
        table.chat(number % 2, f"chat {number}")
    seq = table.seq
    restored = ServerTable.restore(table.id, table.config, table.store, now=table.now)
    assert restored.seq == seq and restored.chats.entries() == table.chats.entries()
    texts = [entry["text"] for entry in restored.chats.entries()]  # type: ignore[index,call-overload]
    assert texts == [f"chat {number}" for number in range(5, KEEP + 5)]
    assert not any("chat" in text for text in (hand.game.name for _, hand, _ in restored.histories()))


@given(st.text(max_size=MAX_CHARS + 20))
def test_any_text_is_a_chat_as_it_was_or_refused_with_a_reason(text: str) -> None:
    try:
        assert check_text(text) == text
    except ChatError as error:
        assert str(error).startswith("chat: ")
