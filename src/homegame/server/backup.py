"""Backups of the server's database: a consistent copy taken while the server runs, a check that a
copy is sound, and a schedule that keeps the last few copies.

A copy is made with SQLite's online backup API in one step, inside one read transaction: in WAL
mode that reads a snapshot of the database as of one commit and never stops the server writing
(nor waits for it). The copy is written beside its final name and renamed into place once whole
and on disk, so a copy under its final name is never half written; it is a plain database (no
``-wal`` file), and restoring it is starting a server on it (``homegame serve --db COPY``).

>>> import tempfile
>>> from pathlib import Path
>>> from homegame.server.store import Store
>>> folder = Path(tempfile.mkdtemp())
>>> store = Store(str(folder / "homegame.sqlite"))
>>> store.create_table("t1", {"game": "holdem"})
>>> _ = store.append("t1", 1, "deal", {}, 1000)
>>> print(backup(folder / "homegame.sqlite", folder / "copy.sqlite"))
copy.sqlite: ok, 1 table, 1 hand
>>> check(folder / "copy.sqlite").ok
True
>>> store.close()
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import re
import sqlite3
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from homegame.errors import ParseError

__all__ = ["Check", "Schedule", "backup", "check"]

_BUSY_SECONDS = 10.0
"""How long a copy waits for a lock the server holds for a moment (a checkpoint), at most."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    """What :func:`check` found in a copy: SQLite's integrity check (``ok``, or its first problems),
    the tables kept and the hands dealt at them.

    >>> print(Check(path=Path("b.sqlite"), integrity="ok", tables=2, hands=31))
    b.sqlite: ok, 2 tables, 31 hands
    """

    path: Path
    integrity: str
    tables: int
    hands: int

    @property
    def ok(self) -> bool:
        """True when SQLite finds the file sound."""
        return self.integrity == "ok"

    def __str__(self) -> str:
        tables = f"{self.tables} table{'' if self.tables == 1 else 's'}"
        hands = f"{self.hands} hand{'' if self.hands == 1 else 's'}"
        return f"{self.path.name}: {self.integrity}, {tables}, {hands}"


def _open(path: Path, mode: str) -> sqlite3.Connection:
    """An existing database file, opened read-only (``ro``) or to read and write (``rw``), never made."""
    if not path.is_file():
        raise ParseError(f"{path}: no such database file", token=str(path))
    uri = f"file:{path.resolve().as_posix()}?mode={mode}"
    try:
        return sqlite3.connect(uri, uri=True, timeout=_BUSY_SECONDS, isolation_level=None)
    except sqlite3.Error as error:
        raise ParseError(f"{path}: cannot open the database ({error})", token=str(path)) from None


def check(path: Path | str) -> Check:
    """Check a copy (or any homegame database): SQLite's integrity check, then the tables and the
    hands dealt counted. A file that is not a homegame database is a :class:`ParseError`."""
    path = Path(path)
    db = _open(path, "ro")
    try:
        found = [str(row[0]) for row in db.execute("PRAGMA integrity_check(5)").fetchall()]
        tables = int(db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
        hands = int(db.execute("SELECT COUNT(*) FROM log WHERE kind = 'deal'").fetchone()[0])
    except sqlite3.DatabaseError as error:  # not a database at all, or not ours (no such table)
        raise ParseError(f"{path}: not a homegame database ({error})", token=str(path)) from None
    finally:
        db.close()
    return Check(
        path=path, integrity="; ".join(" ".join(problem.split()) for problem in found), tables=tables, hands=hands
    )


def backup(database: Path | str, target: Path | str) -> Check:
    """Copy ``database`` to ``target`` (a new file) while a server may be running on it, and check
    the copy. Refuses a target that exists: a backup never overwrites a file."""
    database, target = Path(database), Path(target)
    if target.exists() or target.is_symlink():
        raise ParseError(f"{target} exists: name a new file (a backup never overwrites one)", token=str(target))
    if not target.parent.is_dir():
        raise ParseError(f"cannot write {target}: there is no folder {target.parent}", token=str(target))
    source = _open(database, "rw")  # read-only cannot read a WAL database whose -shm the server owns
    partial = target.with_name(f".{target.name}.partial")
    try:
        copy = sqlite3.connect(partial, isolation_level=None)
        try:
            source.backup(copy)  # all pages in one step: one snapshot, the server's writers not held
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            copy.close()
        with partial.open("rb+") as file:
            os.fsync(file.fileno())
        os.replace(partial, target)
    except sqlite3.DatabaseError as error:
        raise ParseError(f"{database}: cannot copy the database ({error})", token=str(database)) from None
    finally:
        source.close()
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return check(target)


def _stderr(line: str) -> None:
    print(f"homegame serve: {line}", file=sys.stderr, flush=True)


class Schedule:
    """Back ``database`` up into ``folder`` every ``every`` seconds, in a thread of its own, keeping
    the newest ``keep`` copies (``STEM-YYYYMMDD-HHMMSS-micros.sqlite``, UTC). No other file of the
    folder is touched, but for the unfinished copies a server stopped midway left. Each backup is
    reported in one line (``report``; ``serve`` writes it on stderr), a failed one too, and a failed
    one is tried again next time.

    >>> import tempfile
    >>> from homegame.server.store import Store
    >>> folder = Path(tempfile.mkdtemp())
    >>> Store(str(folder / "night.sqlite")).close()
    >>> schedule = Schedule(folder / "night.sqlite", folder / "copies", every=3600, keep=2)
    >>> for _ in range(3):
    ...     _ = schedule.take()
    >>> len(schedule.copies()), schedule.taken
    (2, 3)
    """

    def __init__(
        self,
        database: Path | str,
        folder: Path | str,
        *,
        every: float,
        keep: int,
        report: Callable[[str], None] = _stderr,
    ) -> None:
        if not 0 < every < math.inf or keep < 1:
            raise ParseError("backups are taken every more than 0 minutes, and at least 1 is kept")
        self.database = Path(database)
        self.folder = Path(folder)
        self.every = every
        self.keep = keep
        self.report = report
        self.taken = 0
        """How many backups were taken since the start."""
        stamped = re.escape(self.database.stem) + r"-\d{8}-\d{6}-\d{6}\.sqlite"
        self._name = re.compile(stamped)
        self._unfinished = re.compile(rf"\.\.?{stamped}(\.partial(-journal)?)?")  # see take() and backup()
        self._stop = threading.Event()
        self._done = threading.Condition()
        self._thread: threading.Thread | None = None

    def copies(self) -> list[Path]:
        """The copies in the folder, oldest first."""
        return sorted(path for path in self.folder.iterdir() if self._name.fullmatch(path.name))

    def take(self) -> Check:
        """Take one backup now, keeping the newest ``keep``: the oldest go once the new one is whole."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for path in self.folder.iterdir():  # what a server stopped in the middle of a copy left
            if self._unfinished.fullmatch(path.name):
                path.unlink(missing_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
        final = self.folder / f"{self.database.stem}-{stamp}.sqlite"
        made = backup(self.database, final.with_name(f".{final.name}"))  # whole and checked, still hidden
        for old in self.copies()[: 1 - self.keep or None]:  # never more than ``keep``, even stopped midway
            old.unlink(missing_ok=True)
        os.replace(made.path, final)
        found = dataclasses.replace(made, path=final)
        with self._done:
            self.taken += 1
            self._done.notify_all()
        return found

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.report(f"backup {self.take()}")
            except (OSError, ParseError) as error:
                self.report(f"backup failed: {error}")

    def start(self) -> None:
        """Start taking backups (the first one ``every`` seconds from now)."""
        self._thread = threading.Thread(target=self._run, name="homegame-backups", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop taking backups (a backup under way is finished first)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def wait(self, count: int, timeout: float) -> bool:
        """Wait until ``count`` backups have been taken, at most ``timeout`` seconds; whether they were."""
        with self._done:
            return self._done.wait_for(lambda: self.taken >= count, timeout)
