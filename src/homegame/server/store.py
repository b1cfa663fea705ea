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
import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from homegame.server.hosting import CommitStats
from homegame.server.log import Row

__all__ = ["SCHEMA", "Row", "StorageError", "Store", "digest"]

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


SCHEMA = 1
"""The version of the database's layout this homegame writes (SQLite's ``user_version``); 0 is a
file of a release before versions were kept, which holds the same tables."""

_MIGRATIONS: tuple[str, ...] = (_SCHEMA,)
"""What brings a database from each version to the next: ``_MIGRATIONS[v]`` from ``v`` to ``v + 1``
(from 0, a new file or one of a release before versions: the tables, made if missing). A new
version of the layout adds one, and a database of any earlier release is brought up to date on
opening, in one transaction."""


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the database to :data:`SCHEMA` (refusing one written by a newer homegame).

    >>> db = sqlite3.connect(":memory:", isolation_level=None)
    >>> _migrate(db); db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA
    True
    >>> db.execute("PRAGMA user_version = 99"); _migrate(db)
    Traceback (most recent call last):
    homegame.server.store.StorageError: the database was written by a newer homegame (layout 99; this one reads up to 1)
    """
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA:
        raise StorageError(
            f"the database was written by a newer homegame (layout {version}; this one reads up to {SCHEMA})"
        )
    if version == SCHEMA:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        for step in _MIGRATIONS[version:]:
            for statement in step.split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _connect(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA secure_delete=ON")  # a row deleted (a plain secret migrated) leaves no trace in the file
    db.execute("PRAGMA foreign_keys=ON")
    return db


def digest(secret: str) -> str:
    """The SHA-256 digest a secret is kept as.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(secret.encode()).hexdigest()


class StorageError(Exception):
    """The database refused a write (a full disk, a read-only file): nothing of the change it
    belonged to is on disk, so nothing of it may be applied or told. The server maps it to the
    protocol's ``code: "storage"`` (an ``error`` frame, or HTTP 503)."""


@dataclass(frozen=True, slots=True)
class _Write:
    """A write waiting for the next commit: ``owner`` the table it belongs to (``None``: the server's
    own), ``token`` its place in the order of writes."""

    token: int
    owner: str | None
    sql: str
    params: tuple[Any, ...]


class Store:
    """The SQLite database at ``path`` (``":memory:"`` for tests), created if new: the default
    :class:`~homegame.server.log.TableLog` of the server's tables, and the host's and the seats'
    secrets."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = _connect(path)
        self.db.execute("PRAGMA journal_mode=WAL")
        _migrate(self.db)
        self._writer: sqlite3.Connection | None = None
        self._pending: list[_Write] = []
        self._written = 0
        """The token of the last write made."""
        self._done = 0
        """Every write up to this token is committed or lost."""
        self._last: dict[str | None, int] = {}
        """The token of each owner's last write."""
        self._flushing: asyncio.Future[dict[str | None, str]] | None = None
        self.stats = CommitStats()
        """How long commits take, and how many the database refused (``GET /metrics``)."""
        self._lost: dict[str | None, str] = {}
        """The owners whose writes a failed commit lost, and why, until one of their waits hears of it."""
        self._opens: dict[str, tuple[str, int]] | None = None
        """What each secret opens (:meth:`_secrets`), ``None`` until read."""

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

    async def durable(self, owner: str | None = None) -> None:
        """Wait until every write made so far (``owner``'s, when given) is committed. Raises
        :class:`StorageError` when one of them could not be: it and the owner's writes made after
        it are dropped (they build on it), so the disk holds the owner's changes up to the one
        before, and nothing more."""
        target = self._written if owner is None else self._last.get(owner, 0)
        failed: dict[str | None, str] = {}
        while self._done < target:
            if self._flushing is None:
                batch, self._pending = self._pending, []
                self._flushing = asyncio.ensure_future(self._flush(batch, self._written))
            failed.update(await asyncio.shield(self._flushing))
        lost = self._lost.pop(owner, None) if owner is not None else next(iter(failed.values()), None)
        if lost is not None:
            raise StorageError(lost)

    async def _flush(self, batch: list[_Write], upto: int) -> dict[str | None, str]:
        """Commit a batch (every write up to token ``upto`` is in it, or was taken back) in a thread;
        the owners that lost writes in it lose the writes they made since too. The owners that
        lost writes, and why."""
        try:
            failed = await asyncio.to_thread(self._commit, batch)
        except Exception as error:  # the thread itself failed: every write of the batch is lost
            failed = {write.owner: f"the commit did not finish: {error}" for write in batch}
        finally:
            self._flushing = None
            self._done = max(self._done, upto)
        if failed:
            self._lost.update(failed)
            self._opens = None  # the secrets as the disk holds them: a lost write opens or closes no seat
            self._pending = [write for write in self._pending if write.owner not in failed]
        return failed

    def _commit(self, batch: list[_Write]) -> dict[str | None, str]:
        """Commit a batch in one transaction; when it fails, each owner's writes in one of their own
        (a failure one table's alone spares the others). The owners whose writes failed, and why."""
        try:
            self._transaction(batch)
            return {}
        except sqlite3.Error as error:
            owners = list(dict.fromkeys(write.owner for write in batch))
            if len(owners) == 1:
                return {owners[0]: str(error)}
        failed: dict[str | None, str] = {}
        for owner in owners:
            try:
                self._transaction([write for write in batch if write.owner == owner])
            except sqlite3.Error as error:
                failed[owner] = str(error)
        return failed

    def _transaction(self, writes: list[_Write]) -> None:
        """Commit ``writes`` at once, or none of them."""
        writer = self._writer
        assert writer is not None
        started = time.perf_counter()
        try:
            writer.execute("BEGIN IMMEDIATE")
            for write in writes:
                writer.execute(write.sql, write.params)
            writer.execute("COMMIT")
        except BaseException:
            self.stats.failed()
            if writer.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    writer.execute("ROLLBACK")
            raise
        self.stats.record(time.perf_counter() - started)

    def _write(self, sql: str, params: tuple[Any, ...], owner: str | None = None) -> int:
        """Write now (a row's id), or, under group commit, later (a negative token for :meth:`remove`)."""
        if self._writer is None:
            try:
                cursor = self.db.execute(sql, params)
            except sqlite3.Error as error:
                self.stats.failed()
                raise StorageError(str(error)) from None
            return cursor.lastrowid or 0
        self._written += 1
        self._last[owner] = self._written
        self._pending.append(_Write(self._written, owner, sql, params))
        return -self._written

    # -- the host's secret -----------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        """A stored setting."""
        found = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchall()  # all: no read left open
        return str(found[0][0]) if found else None

    def set_meta(self, key: str, value: str) -> None:
        """Store a setting."""
        self._write("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def delete_meta(self, key: str) -> None:
        """Forget a setting."""
        self._write("DELETE FROM meta WHERE key = ?", (key,))

    # -- tables and their logs -------------------------------------------------------------------

    def create_table(self, table_id: str, config: dict[str, Any], created: int = 0) -> None:
        """Keep a new table's settings."""
        self._write(
            "INSERT INTO tables (id, config, created) VALUES (?, ?, ?)",
            (table_id, json.dumps(config), created),
            table_id,
        )

    def tables(self) -> Iterator[tuple[str, str]]:
        """Every table's id and settings (JSON text: read by the caller, who can tell a table
        whose settings are damaged from the others), oldest first."""
        for table_id, config in self.db.execute("SELECT id, config FROM tables ORDER BY created, rowid").fetchall():
            yield str(table_id), str(config)

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], at: int) -> int:
        """Commit one row of a table's log; returns its id."""
        return self._write(
            "INSERT INTO log (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, seq, kind, json.dumps(data, separators=(",", ":")), at),
            table_id,
        )

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        """Commit a deck order (our notation), made while row ``seq`` was applied."""
        self._write(
            "INSERT INTO log (table_id, seq, kind, data, at) VALUES (?, ?, 'shuffle', ?, ?)",
            (table_id, seq, json.dumps(cards), at),
            table_id,
        )

    def remove(self, row_id: int) -> None:
        """Take back a row the engine refused after all (a step may refuse what the legal bounds allow)."""
        if row_id < 0:
            self._pending = [write for write in self._pending if write.token != -row_id]
            return
        self._write("DELETE FROM log WHERE id = ?", (row_id,))

    def rows(self, table_id: str, after: int = 0) -> list[Row]:
        """A table's log, in order (``after``: only the rows after the row of that id)."""
        found = self.db.execute(
            "SELECT id, seq, kind, data, at FROM log WHERE table_id = ? AND id > ? ORDER BY id", (table_id, after)
        ).fetchall()
        return [Row(row_id, seq, kind, json.loads(data), at) for row_id, seq, kind, data, at in found]

    # -- seat secrets ----------------------------------------------------------------------------

    def _secrets(self) -> dict[str, tuple[str, int]]:
        """Every secret's digest and what it opens, read once and then kept in step with every write:
        a secret refused is refused at once, before its removal reaches the disk (:meth:`durable`)."""
        if self._opens is None:
            found = self.db.execute("SELECT digest, table_id, seat FROM secrets").fetchall()
            self._opens = {str(kept): (str(table_id), int(seat)) for kept, table_id, seat in found}
        return self._opens

    def add_secret(self, secret: str, table_id: str, seat: int) -> None:
        """A secret that opens ``seat`` of the table (-1: the spectators' link, -2: the table's open
        link, :data:`~homegame.server.seating.OPEN_LINK`)."""
        self.add_digest(digest(secret), table_id, seat)

    def add_digest(self, kept: str, table_id: str, seat: int) -> None:
        """:meth:`add_secret` of the secret whose digest is ``kept`` (a request's, given a seat)."""
        self._write("INSERT INTO secrets (digest, table_id, seat) VALUES (?, ?, ?)", (kept, table_id, seat), table_id)
        self._secrets()[kept] = (table_id, seat)

    def find_secret(self, secret: str) -> tuple[str, int] | None:
        """The table and seat a secret opens, if any."""
        return self._secrets().get(digest(secret))

    def keep_secret(self, table_id: str, seat: int, secret: str) -> None:
        """Let only ``secret`` open the seat: every other secret of it stops working, at once in this
        process and, once :meth:`durable`, for good."""
        self.keep_digest(table_id, seat, digest(secret))

    def keep_digest(self, table_id: str, seat: int, kept: str) -> None:
        """:meth:`keep_secret` of the secret whose digest is ``kept``."""
        self._write(
            "DELETE FROM secrets WHERE table_id = ? AND seat = ? AND digest != ?", (table_id, seat, kept), table_id
        )
        opens = self._secrets()
        for other in [other for other, where in opens.items() if where == (table_id, seat) and other != kept]:
            del opens[other]

    def integrity(self) -> str:
        """``PRAGMA integrity_check``: ``ok`` when the file is sound."""
        return str(self.db.execute("PRAGMA integrity_check").fetchall()[0][0])
