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
>>> store.rotate_secret("s3cret", "n3w"); store.find_secret("s3cret"), store.find_secret("n3w")
(None, ('t1', 0))
"""

from __future__ import annotations

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
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    # -- the host's secret -----------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        """A stored setting."""
        found = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if found is None else str(found[0])

    def set_meta(self, key: str, value: str) -> None:
        """Store a setting."""
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- tables and their logs -------------------------------------------------------------------

    def create_table(self, table_id: str, config: dict[str, Any], created: int = 0) -> None:
        """Keep a new table's settings."""
        self.db.execute(
            "INSERT INTO tables (id, config, created) VALUES (?, ?, ?)", (table_id, json.dumps(config), created)
        )

    def tables(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every table's id and settings, oldest first."""
        for table_id, config in self.db.execute("SELECT id, config FROM tables ORDER BY created, rowid").fetchall():
            yield str(table_id), json.loads(config)

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], at: int) -> int:
        """Commit one row of a table's log; returns its id."""
        cursor = self.db.execute(
            "INSERT INTO log (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, seq, kind, json.dumps(data, separators=(",", ":")), at),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        """Commit a deck order (our notation), made while row ``seq`` was applied."""
        self.db.execute(
            "INSERT INTO log (table_id, seq, kind, data, at) VALUES (?, ?, 'shuffle', ?, ?)",
            (table_id, seq, json.dumps(cards), at),
        )

    def remove(self, row_id: int) -> None:
        """Take back a row the engine refused after all (a step may refuse what the legal bounds allow)."""
        self.db.execute("DELETE FROM log WHERE id = ?", (row_id,))

    def rows(self, table_id: str) -> list[Row]:
        """A table's log, in order."""
        found = self.db.execute(
            "SELECT id, seq, kind, data, at FROM log WHERE table_id = ? ORDER BY id", (table_id,)
        ).fetchall()
        return [Row(row_id, seq, kind, json.loads(data), at) for row_id, seq, kind, data, at in found]

    # -- seat secrets ----------------------------------------------------------------------------

    def add_secret(self, secret: str, table_id: str, seat: int) -> None:
        """A secret that opens ``seat`` of the table (-1: the spectators' link)."""
        self.db.execute(
            "INSERT INTO secrets (digest, table_id, seat) VALUES (?, ?, ?)", (digest(secret), table_id, seat)
        )

    def find_secret(self, secret: str) -> tuple[str, int] | None:
        """The table and seat a secret opens, if any."""
        found = self.db.execute("SELECT table_id, seat FROM secrets WHERE digest = ?", (digest(secret),)).fetchone()
        return None if found is None else (str(found[0]), int(found[1]))

    def rotate_secret(self, old: str, new: str) -> None:
        """Replace a seat's secret (committed before the new one is sent)."""
        self.db.execute("UPDATE secrets SET digest = ? WHERE digest = ?", (digest(new), digest(old)))

    def integrity(self) -> str:
        """``PRAGMA integrity_check``: ``ok`` when the file is sound."""
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])
