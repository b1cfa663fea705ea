"""The database: one SQLite file (WAL, ``synchronous=FULL``) holding each table's settings, its log
and the secrets that open its seats.

A table *is* its settings plus its log: every action, deal and table event is a row, committed
before it is applied and before anyone hears of it, and every deck order is a row too, written when
the cards are shuffled, before one of them is dealt. Replaying the rows in order rebuilds the table
exactly (:meth:`homegame.server.table.ServerTable.restore`).

Secrets are kept only as SHA-256 digests: a stolen database file opens no seat.

>>> store = Store(":memory:")
>>> store.create_table("t1", {"game": "holdem"})
>>> row_id = store.append("t1", 1, "sit", {"seat": 0}, 1000)
>>> store.append_shuffle("t1", 1, "As Kd", 1000)
>>> [(row.seq, row.kind, row.data) for row in store.rows("t1")]
[(1, 'sit', {'seat': 0}), (1, 'shuffle', 'As Kd')]
>>> store.add_secret("s3cret", "t1", 0); store.find_secret("s3cret")
('t1', 0)
>>> store.add_secret("n3w", "t1", 0)  # the welcome carries n3w: both open the seat until it arrives
>>> store.keep_secret("t1", 0, "n3w"); store.find_secret("s3cret"), store.find_secret("n3w")
(None, ('t1', 0))
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["Row", "Store", "digest"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS log_table ON log (table_id, id);
CREATE TABLE IF NOT EXISTS secrets (
    digest TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL
);
"""


def _connect(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def digest(secret: str) -> str:
    """The SHA-256 digest a secret is kept as.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a table's log: its sequence number, kind, data and time (ms since the epoch)."""

    id: int
    seq: int
    kind: str
    data: Any
    at: int


class Store:
    """The SQLite database at ``path`` (``":memory:"`` for tests), created if new."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = _connect(path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(_SCHEMA)
        self._writer: sqlite3.Connection | None = None
        self._pending: list[tuple[int, str, tuple[Any, ...]]] = []
        self._written = 0
        self._committed = 0
        self._flushing: asyncio.Future[None] | None = None

    def close(self) -> None:
        """Close the database."""
        if self._writer is not None:
            self._writer.close()
        self.db.close()

    # -- group commit ----------------------------------------------------------------------------

    def group_commit(self) -> None:
        """From now on writes wait in memory and reach the disk together, one transaction (one
        ``fsync``) for all the writes made meanwhile, in a thread of their own: :meth:`durable`
        waits until the writes made so far are committed, and nobody hears of a change before.
        (A database in memory has nothing to wait for: it keeps writing at once.)"""
        if self.path != ":memory:" and self._writer is None:
            self._writer = _connect(self.path)

    async def durable(self) -> None:
        """Wait until every write made so far is committed."""
        target = self._written
        while self._committed < target:
            if self._flushing is None:
                batch, self._pending = self._pending, []
                self._flushing = asyncio.ensure_future(asyncio.to_thread(self._commit, batch))
            flushing = self._flushing
            try:
                await asyncio.shield(flushing)
            finally:
                if self._flushing is flushing and flushing.done():
                    self._flushing = None

    def _commit(self, batch: list[tuple[int, str, tuple[Any, ...]]]) -> None:
        writer = self._writer
        assert writer is not None
        writer.execute("BEGIN IMMEDIATE")
        try:
            for _, sql, params in batch:
                writer.execute(sql, params)
        except BaseException:
            writer.execute("ROLLBACK")
            raise
        writer.execute("COMMIT")
        self._committed += len(batch)

    def _write(self, sql: str, params: tuple[Any, ...]) -> int:
        """Write now (a row's id), or, under group commit, later (a negative token for :meth:`remove`)."""
        if self._writer is None:
            cursor = self.db.execute(sql, params)
            return cursor.lastrowid or 0
        self._written += 1
        self._pending.append((self._written, sql, params))
        return -self._written

    # -- the host's secret -----------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        """A stored setting."""
        found = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchall()  # all: no read left open
        return str(found[0][0]) if found else None

    def set_meta(self, key: str, value: str) -> None:
        """Store a setting."""
        self._write("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- tables and their logs -------------------------------------------------------------------

    def create_table(self, table_id: str, config: dict[str, Any], created: int = 0) -> None:
        """Keep a new table's settings."""
        self._write(
            "INSERT INTO tables (id, config, created) VALUES (?, ?, ?)", (table_id, json.dumps(config), created)
        )

    def tables(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every table's id and settings, oldest first."""
        for table_id, config in self.db.execute("SELECT id, config FROM tables ORDER BY created, rowid").fetchall():
            yield str(table_id), json.loads(config)

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], at: int) -> int:
        """Commit one row of a table's log; returns its id."""
        return self._write(
            "INSERT INTO log (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, seq, kind, json.dumps(data, separators=(",", ":")), at),
        )

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        """Commit a deck order (our notation), made while row ``seq`` was applied."""
        self._write(
            "INSERT INTO log (table_id, seq, kind, data, at) VALUES (?, ?, 'shuffle', ?, ?)",
            (table_id, seq, json.dumps(cards), at),
        )

    def remove(self, row_id: int) -> None:
        """Take back a row the engine refused after all (a step may refuse what the legal bounds allow)."""
        if row_id < 0:
            self._pending = [write for write in self._pending if write[0] != -row_id]
            self._written -= 1
            return
        self._write("DELETE FROM log WHERE id = ?", (row_id,))

    def rows(self, table_id: str) -> list[Row]:
        """A table's log, in order."""
        found = self.db.execute(
            "SELECT id, seq, kind, data, at FROM log WHERE table_id = ? ORDER BY id", (table_id,)
        ).fetchall()
        return [Row(row_id, seq, kind, json.loads(data), at) for row_id, seq, kind, data, at in found]

    # -- seat secrets ----------------------------------------------------------------------------

    def add_secret(self, secret: str, table_id: str, seat: int) -> None:
        """A secret that opens ``seat`` of the table (-1: the spectators' link)."""
        self._write("INSERT INTO secrets (digest, table_id, seat) VALUES (?, ?, ?)", (digest(secret), table_id, seat))

    def find_secret(self, secret: str) -> tuple[str, int] | None:
        """The table and seat a secret opens, if any."""
        found = self.db.execute("SELECT table_id, seat FROM secrets WHERE digest = ?", (digest(secret),)).fetchall()
        return (str(found[0][0]), int(found[0][1])) if found else None

    def keep_secret(self, table_id: str, seat: int, secret: str) -> None:
        """Let only ``secret`` open the seat: every other secret of it stops working."""
        self._write(
            "DELETE FROM secrets WHERE table_id = ? AND seat = ? AND digest != ?", (table_id, seat, digest(secret))
        )

    def integrity(self) -> str:
        """``PRAGMA integrity_check``: ``ok`` when the file is sound."""
        return str(self.db.execute("PRAGMA integrity_check").fetchall()[0][0])
