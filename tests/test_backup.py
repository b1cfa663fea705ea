"""Backups: ``homegame backup`` copies the database while bots play at a live server, and a second
server on the copy restores every table; ``--check`` reads a copy, or refuses in one line a file
that is not one; ``serve --backup-every`` keeps the newest copies."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from homegame.cli import main
from homegame.errors import ParseError
from homegame.server.app import Server
from homegame.server.backup import Schedule, backup, check
from homegame.server.store import Store
from hosting_helpers import serve
from server_helpers import HOST_TOKEN, WAIT, Seat, bots, live_server


def _restored(copy: Path) -> dict[str, int]:
    """Each table of a copy, restored by a server started on it, with the hands it has dealt."""
    store = Store(str(copy))
    try:
        return {table_id: room.table.number for table_id, room in Server(store, host_token=HOST_TOKEN).rooms.items()}
    finally:
        store.close()


def test_a_backup_taken_while_bots_play_restores_every_table(tmp_path: Path) -> None:
    db = tmp_path / "homegame.sqlite"
    with live_server(db) as live:
        tables = [
            live.new(game="holdem", seats=2, bots=1, bot_level="caller", stack=100, spectators="public")
            for _ in range(2)
        ]
        bots([tables[0]["invites"][0]], "caller", hands=2, seed=1)  # one table has played
        watcher = Seat(tables[1]["spectate"])  # and the other plays while the copy is taken
        finished: list[object] = []
        invite = tables[1]["invites"][0]
        playing = threading.Thread(target=lambda: finished.append(bots([invite], "caller", hands=3, seed=3)))
        playing.start()
        try:
            watcher.until(lambda message: message.get("hand", 0) >= 2)  # the bots are playing
            during = backup(db, tmp_path / "during.sqlite")
        finally:
            playing.join(60)
            watcher.close()
        assert not playing.is_alive() and finished, "the bots did not finish"
        after = backup(db, tmp_path / "after.sqlite")
        played = {table_id: room.table.number for table_id, room in live.server.rooms.items()}
    assert during.ok and during.tables == 2 and during.hands >= 2
    restored = _restored(during.path)
    assert restored.keys() == played.keys()  # every table, each a moment of its play
    assert all(restored[table] <= played[table] for table in played)
    assert sum(restored.values()) == during.hands
    assert _restored(after.path) == played and after.hands == sum(played.values())


def test_backup_and_check_at_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "homegame.sqlite"
    with live_server(db) as live:
        live.new(game="holdem", seats=2, bots=1, stack=100)
        assert main(["backup", str(db), str(tmp_path / "copy.sqlite")]) == 0
    assert capsys.readouterr().out == "copy.sqlite: ok, 1 table, 0 hands\n"
    assert main(["backup", "--check", str(tmp_path / "copy.sqlite"), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found == {"file": str(tmp_path / "copy.sqlite"), "integrity": "ok", "tables": 1, "hands": 0}
    assert not (tmp_path / "copy.sqlite-wal").exists()  # one self-contained file


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["{db}", "{db}"], "exists: name a new file (a backup never overwrites one)"),
        (["{tmp}/none.sqlite", "{tmp}/out.sqlite"], "none.sqlite: no such database file"),
        (["{db}", "{tmp}/no/out.sqlite"], "there is no folder"),
        (["--check", "{tmp}/text.sqlite"], "not a homegame database (file is not a database)"),
        (["--check", "{tmp}/other.sqlite"], "not a homegame database (no such table: tables)"),
        (["{db}"], "give the database and a new file for its copy"),
        (["--check", "{db}", "{tmp}/out.sqlite"], "--check takes one file"),
    ],
)
def test_backup_refuses_bad_files_in_one_line(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "homegame.sqlite"
    Store(str(db)).close()
    (tmp_path / "text.sqlite").write_text("not a database, only text " * 100)
    sqlite3.connect(tmp_path / "other.sqlite").execute("CREATE TABLE other (x)").connection.close()
    assert main(["backup", *(word.format(db=db, tmp=tmp_path) for word in argv)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("homegame backup: ") and words in err and err.count("\n") == 1, err


@pytest.fixture(scope="module")
def sound_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small copy with a table and some hands."""
    folder = tmp_path_factory.mktemp("copy")
    store = Store(str(folder / "homegame.sqlite"))
    store.create_table("t1", {"game": "holdem"})
    for seq in range(1, 40):
        store.append("t1", seq, "deal" if seq % 5 == 0 else "act", {"seat": seq % 3, "pad": "x" * 200}, 1000)
    store.close()
    return backup(folder / "homegame.sqlite", folder / "copy.sqlite").path


@settings(max_examples=60, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_damaged_copy_is_checked_or_refused_in_one_line(
    sound_copy: Path, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = bytearray(sound_copy.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, len(damaged) - 1))
        damaged[at] = data.draw(st.integers(0, 255))
    path = tmp_path_factory.mktemp("damaged") / "copy.sqlite"
    path.write_bytes(bytes(damaged[: data.draw(st.sampled_from([len(damaged), len(damaged) // 2, 100]))]))
    status = main(["backup", "--check", str(path)])
    out, err = capsys.readouterr()
    assert status in (0, 1, 2)
    assert "Traceback" not in err and "internal error" not in err, err
    assert (out if status != 2 else err).count("\n") == 1
    if status == 1:  # SQLite found the damage: the line says what
        assert "ok," not in out and out.startswith("copy.sqlite: ")


def test_a_schedule_keeps_the_newest_copies_and_reports_each(tmp_path: Path) -> None:
    Store(str(tmp_path / "night.sqlite")).close()
    (tmp_path / "copies").mkdir()
    (tmp_path / "copies" / "notes.txt").write_text("mine")
    for stale in (  # what servers stopped in the middle of a backup left
        ".night-20261207-143009-169698.sqlite",
        "..night-20261207-143009-169698.sqlite.partial",
        "..night-20261207-143009-169698.sqlite.partial-journal",
    ):
        (tmp_path / "copies" / stale).write_text("a copy a stopped server left unfinished")
    lines: list[str] = []
    schedule = Schedule(tmp_path / "night.sqlite", tmp_path / "copies", every=0.01, keep=2, report=lines.append)
    schedule.start()
    try:
        assert schedule.wait(4, WAIT)
    finally:
        schedule.stop()
    copies = schedule.copies()
    assert len(copies) == 2 and all(check(copy).ok for copy in copies)
    assert sorted(path.name for path in (tmp_path / "copies").iterdir()) == sorted(
        ["notes.txt", *(c.name for c in copies)]
    )
    assert (tmp_path / "copies" / "notes.txt").read_text() == "mine"  # only its own copies are removed
    assert len(lines) == schedule.taken and all(line.endswith(": ok, 0 tables, 0 hands") for line in lines)
    assert copies[-1].name in lines[-1]


def test_a_failed_scheduled_backup_is_reported_and_tried_again(tmp_path: Path) -> None:
    lines: list[str] = []
    reported = threading.Semaphore(0)

    def report(line: str) -> None:
        lines.append(line)
        reported.release()

    schedule = Schedule(tmp_path / "gone.sqlite", tmp_path / "copies", every=0.01, keep=2, report=report)
    schedule.start()
    try:
        assert reported.acquire(timeout=WAIT) and reported.acquire(timeout=WAIT)
    finally:
        schedule.stop()
    assert lines[0] == lines[1] == f"backup failed: {tmp_path / 'gone.sqlite'}: no such database file"
    assert schedule.taken == 0


def test_serve_backs_up_every_few_minutes_keeping_the_newest(tmp_path: Path) -> None:
    folder = tmp_path / "copies"
    more = ("--backup-every", "0.001", "--backup-dir", str(folder), "--backup-keep", "2")  # every 60 ms
    with serve(tmp_path / "homegame.sqlite", *more) as (process, _):
        for _ in range(3):
            process.line(lambda line: line.startswith("homegame serve: backup homegame-"), stderr=True)
    copies = [path for path in folder.iterdir() if not path.name.startswith(".")]  # SIGTERM may stop one midway
    # the oldest copy goes before the new one takes its name: never more than --backup-keep, even stopped midway
    assert len(copies) == 2 and all(check(copy).ok for copy in copies)


@pytest.mark.parametrize(
    ("more", "words"),
    [
        (["--backup-every", "0"], "--backup-every must be more than 0 minutes, not 0.0"),
        (["--backup-every", "nan"], "--backup-every must be more than 0 minutes, not nan"),
        (["--backup-every", "5", "--backup-keep", "0"], "--backup-keep must be at least 1, not 0"),
        (["--backup-every", "5", "--backup-dir", "{db}"], "is a file, not a folder"),
    ],
)
def test_serve_refuses_bad_backup_settings_in_one_line(
    more: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "homegame.sqlite"
    db.write_text("")
    argv = ["serve", "--db", str(db), "--port", "0", *(word.format(db=db) for word in more)]
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_a_schedule_refuses_nothing_to_keep() -> None:
    with pytest.raises(ParseError, match="at least 1 is kept"):
        Schedule("a.sqlite", "copies", every=60, keep=0)
