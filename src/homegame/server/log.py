"""A table's log: the narrow interface a table's code depends on to keep it (:class:`TableLog`, a
``typing.Protocol``; SQLite's :class:`~homegame.server.store.Store` is the default, and a hosted
deployment could keep the log elsewhere without touching a line of the table's code), its rows
(:class:`Row`), the changes read back in order with the deck orders shuffled while each was applied
(:func:`changes`; the engine's chance tells each fresh order, and the table logs it before a card
of it is dealt), and a log that writes nothing, for a table rebuilt only to be read
(:class:`ReadOnly`).

>>> from homegame.server.store import Store
>>> log: TableLog = ReadOnly(Store(":memory:"))
>>> log.append("t1", 1, "sit", {"seat": 0}, 1000), log.rows("t1")
(0, [])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from homegame.cards import Card, parse

__all__ = ["ReadOnly", "Row", "TableLog", "changes"]


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a table's log: its sequence number, kind, data and time (ms since the epoch)."""

    id: int
    seq: int
    kind: str
    data: Any
    at: int


class TableLog(Protocol):
    """What a table needs of the storage that keeps it: its settings, its log appended one change
    (or deck order) at a time and read back whole, a change taken back, the secrets that open its
    seats and links (digests only), and a wait until what was written is on disk. A write may wait
    in memory (group commit): nothing written may be told before :meth:`durable` returns. One
    server writes a storage at a time: the server takes the storage's lock before opening it
    (SQLite's: :class:`~homegame.server.lock.DatabaseLock`)."""

    def create_table(self, table_id: str, config: dict[str, Any], created: int = 0) -> None:
        """Keep a new table's settings."""

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], at: int) -> int:
        """Write one change, row ``seq`` of the table's log (``kind`` and its JSON ``data``, made at
        ``at``); the row's id, for :meth:`remove`. Raises :class:`~homegame.server.store.StorageError`
        when the storage refuses it."""
        ...

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        """Write a deck order (our notation), shuffled while row ``seq`` was applied."""

    def remove(self, row_id: int) -> None:
        """Take back a row the engine refused after all (a step may refuse what the bounds allow)."""

    def rows(self, table_id: str, after: int = 0) -> list[Row]:
        """The table's log, in order (``after``: only the rows after the row of that id)."""
        ...

    def add_digest(self, kept: str, table_id: str, seat: int) -> None:
        """Keep the digest of a secret (:func:`~homegame.server.store.digest`) that opens ``seat`` of
        the table (negative: a link of the table's, the spectators' or its open link)."""

    def find_secret(self, secret: str) -> tuple[str, int] | None:
        """The table and seat a secret opens, if any."""
        ...

    def keep_digest(self, table_id: str, seat: int, kept: str) -> None:
        """Let only the secret of digest ``kept`` open the seat: every other secret of it stops working."""

    async def durable(self, owner: str | None = None) -> None:
        """Wait until every write so far (``owner``'s: a table's id) is on disk; raises
        :class:`~homegame.server.store.StorageError` when one could not be."""


def changes(rows: list[Row]) -> Iterator[tuple[Row, list[tuple[Card, ...]]]]:
    """The log's changes in order, each with the deck orders shuffled while it was applied (the
    ``shuffle`` rows that follow it)."""
    index = 0
    while index < len(rows):
        row = rows[index]
        index += 1
        orders = []
        while index < len(rows) and rows[index].kind == "shuffle":
            orders.append(parse(rows[index].data))
            index += 1
        if row.kind != "shuffle":
            yield row, orders


class ReadOnly:
    """A table's log as a table rebuilt only to be read sees it (histories): it reads ``log``, and
    writes nothing."""

    def __init__(self, log: TableLog) -> None:
        self.log = log

    def create_table(self, table_id: str, config: dict[str, Any], created: int = 0) -> None:
        """Nothing."""

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], at: int) -> int:
        """Nothing (no row: 0)."""
        return 0

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        """Nothing."""

    def remove(self, row_id: int) -> None:
        """Nothing."""

    def rows(self, table_id: str, after: int = 0) -> list[Row]:
        """``log``'s rows."""
        return self.log.rows(table_id, after)

    def add_digest(self, kept: str, table_id: str, seat: int) -> None:
        """Nothing."""

    def find_secret(self, secret: str) -> tuple[str, int] | None:
        """``log``'s answer."""
        return self.log.find_secret(secret)

    def keep_digest(self, table_id: str, seat: int, kept: str) -> None:
        """Nothing."""

    async def durable(self, owner: str | None = None) -> None:
        """Nothing to wait for."""
