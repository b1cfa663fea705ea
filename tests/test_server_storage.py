"""Storage that fails: a change the disk refuses is not applied and nobody hears of it but the one
who asked (``error``, ``code: "storage"``; the host: 503); the table's own moves are tried again;
the cause is printed; when the disk takes writes again play goes on, nothing acknowledged lost;
a table whose failure is its own alone spares the others. And a table whose log cannot be read
back is listed as damaged while the others play."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from homegame.server.app import Limits
from homegame.server.store import Store
from server_helpers import WAIT, Seat, live_server, make, passive_json

_FAST = Limits(retry=0.05)


class FailingStore(Store):
    """A store whose commits fail when ``refuses`` says so of one of their writes (its owner, its
    SQL, its parameters), as a full disk fails them; ``refused`` is set at each failure."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.refuses: Callable[[Any], bool] = lambda write: False
        self.refused = threading.Event()

    def _transaction(self, writes: list[Any]) -> None:
        try:
            if any(self.refuses(write) for write in writes):
                raise sqlite3.OperationalError("disk I/O error (the test's)")
            super()._transaction(writes)
        except sqlite3.Error:
            self.refused.set()
            raise


def _to_act(seats: list[Seat]) -> Seat | None:
    """The seat whose view has legal actions, if any."""
    return next((seat for seat in seats if seat.state.get("view") and seat.state["view"]["legal"]), None)


def _dealt(seats: list[Seat]) -> None:
    """Read until every seat is in the hand dealt (bounded)."""
    for seat in seats:
        if seat.state.get("view") is None:
            seat.until(lambda m: m.get("type") in ("state", "welcome") and m["state"].get("view") is not None)
    top = max(seat.seq for seat in seats)
    for seat in seats:
        if seat.seq < top:
            seat.at(top)


def _deal_or_refusal(seats: list[Seat], store: FailingStore) -> bool:
    """Between hands: True once every seat has the next deal, False when the disk refused it
    (a bounded wait, looking every 50 ms)."""
    for _ in range(int(WAIT / 0.05)):
        if store.refused.is_set():
            return False
        try:
            seats[0].next(timeout=0.05)
        except TimeoutError:
            continue
        if seats[0].state["view"] is not None:
            _dealt(seats)
            return True
    raise AssertionError("neither a deal nor a refusal")


def _log_is_whole(path: str, table: str) -> None:
    """The database is sound, and the table's log's changes are numbered 1, 2, 3... with no gap and
    nothing twice."""
    store = Store(path)
    seqs = [row.seq for row in store.rows(table) if row.kind != "shuffle"]
    assert seqs == list(range(1, len(seqs) + 1))
    store.close()


def test_a_refused_commit_applies_nothing_tells_only_the_actor_and_spares_the_other_tables(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    store = FailingStore(str(tmp_path / "failing.sqlite"))
    with live_server(store=store, limits=_FAST) as live:
        broken = live.new(game="holdem", seats=2, stack=100)
        fine = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
        pair = [Seat(url) for url in broken["invites"]]
        alone = [Seat(fine["invites"][0])]
        _dealt(pair)
        _dealt(alone)
        store.refuses = lambda write: write.owner == broken["table"]
        actor = _to_act(pair)
        assert actor is not None
        other = pair[1 - pair.index(actor)]
        seq, action = actor.seq, passive_json(actor.state)
        actor.act(action)
        error = actor.until(lambda m: m["type"] != "state")
        assert error["type"] == "error" and error["code"] == "storage" and error["seq"] == seq
        other.send(type="echo")  # answered after anything the table sent it meanwhile: nothing
        assert other.until(lambda m: True)["type"] == "error" and other.seq == seq
        mover = _to_act(alone)  # the other table plays on
        if mover is not None:
            before = mover.seq
            mover.act(passive_json(mover.state))
            assert mover.until(lambda m: m["type"] == "state")["seq"] > before
        refused = live.host("POST", f"/api/tables/{broken['table']}/pause")
        assert refused.status_code == 503 and refused.json()["code"] == "storage"
        assert f"table {broken['table']}: a change was not saved: disk I/O error" in capfd.readouterr().err
        store.refuses = lambda write: False  # the disk takes writes again: the same action, sent again
        actor.send(type="act", hand=actor.hand, seq=seq, action=action)
        assert actor.until(lambda m: m["type"] == "state")["seq"] == seq + 1
        assert other.until(lambda m: m["type"] == "state")["seq"] == seq + 1
        assert live.host("POST", f"/api/tables/{broken['table']}/pause").status_code == 200
        for seat in [*pair, *alone]:
            seat.close()
    _log_is_whole(store.path, broken["table"])


def test_the_tables_own_moves_are_tried_again_until_the_disk_takes_them(tmp_path: Path) -> None:
    store = FailingStore(str(tmp_path / "deals.sqlite"))
    with live_server(store=store, limits=_FAST) as live:
        created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
        seat = Seat(created["invites"][0])
        _dealt([seat])
        store.refuses = lambda write: write.params[2:3] == ("deal",)  # the next deal cannot be written
        number = seat.hand
        for _ in range(20):  # fold (or check) the hand away, bounded
            if seat.state["view"] is None:
                break
            if seat.state["view"]["legal"]:
                kinds = {legal["kind"] for legal in seat.state["view"]["legal"]}
                seat.act({"kind": "fold"} if "fold" in kinds else passive_json(seat.state))
            seat.until(lambda m: m["type"] == "state")
        assert seat.state["view"] is None and seat.hand == number
        assert store.refused.wait(WAIT)  # the deal was tried, and refused: nobody heard of it
        store.refuses = lambda write: False
        dealt = seat.until(lambda m: m["type"] == "state" and m["state"]["view"] is not None)
        assert dealt["hand"] == number + 1
        seat.close()
    _log_is_whole(store.path, created["table"])


def test_a_full_disk_refuses_a_change_and_play_goes_on_once_there_is_room(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    store = FailingStore(str(tmp_path / "full.sqlite"))
    with live_server(store=store, limits=_FAST) as live:
        created = live.new(game="holdem", seats=2, stack=100_000)
        seats = [Seat(url) for url in created["invites"]]
        _dealt(seats)
        writer = store._writer
        assert writer is not None
        pages = writer.execute("PRAGMA page_count").fetchone()[0]
        writer.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
        acted: tuple[Seat, int, dict[str, Any]] | None = None
        for _ in range(400):  # until a write needs a page more (bounded)
            actor = _to_act(seats)
            if actor is None:  # between hands: the deal comes, or the disk refused it
                if not _deal_or_refusal(seats, store):
                    break
                continue
            seq, action = actor.seq, passive_json(actor.state)
            actor.act(action)
            answer = actor.until(lambda m: m["type"] != "state" or m["seq"] > seq)  # noqa: B023
            if answer["type"] == "error":
                assert answer["code"] == "storage" and answer["seq"] == seq
                acted = (actor, seq, action)
                break
            for seat in seats:
                if seat is not actor:
                    seat.at(answer["seq"])
        else:
            raise AssertionError("the disk never filled")
        assert "database or disk is full" in capfd.readouterr().err
        writer.execute("PRAGMA max_page_count = 1000000")
        if acted is not None:
            actor, seq, action = acted
            actor.send(type="act", hand=actor.hand, seq=seq, action=action)
            assert actor.until(lambda m: m["type"] == "state")["seq"] == seq + 1
        else:
            seats[0].until(lambda m: m["type"] == "state" and m["state"]["view"] is not None)
        state = seats[0].state
        view = state["view"]
        chips = sum(seat["stack"] for seat in (view or state)["seats"]) + (view["pot"] if view else 0)
        assert chips == 2 * 100_000
        for seat in seats:
            seat.close()
    _log_is_whole(store.path, created["table"])


def test_a_table_whose_log_cannot_be_read_is_damaged_and_the_others_play(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "damaged.sqlite"
    store = Store(str(path))
    make(store=store)
    store.db.execute("UPDATE log SET data = '{\"seat\": 7}' WHERE table_id = 't' AND seq = 1")
    store.db.execute("INSERT INTO tables (id, config, created) VALUES ('u', '{\"game\": \"holdem\"', 1)")
    store.close()
    with live_server(path) as live:
        assert sorted(live.server.damaged) == ["t", "u"]
        err = capfd.readouterr().err
        assert "table t cannot be restored" in err and "table u cannot be restored" in err
        created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
        listed = {row["table"]: row["status"] for row in live.host("GET", "/api/tables").json()}
        assert listed["t"] == listed["u"] == "damaged" and listed[created["table"]] != "damaged"
        seat = Seat(created["invites"][0])
        _dealt([seat])
        seat.close()
