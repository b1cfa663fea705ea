"""A table's log as the server reads it: the log's changes in order with the deck orders shuffled
while each was applied (:func:`changes`; the engine's chance tells each fresh order, and the table
logs it before a card of it is dealt), and a store that writes nothing, for a table rebuilt only
to be read (:class:`ReadOnly`)."""

from __future__ import annotations

from collections.abc import Iterator

from homegame.cards import Card, parse
from homegame.server.store import Row, Store

__all__ = ["ReadOnly", "changes"]


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


class ReadOnly(Store):
    """The store seen by a table rebuilt only to be read (histories): it writes nothing."""

    def __init__(self, store: Store) -> None:
        self.path, self.db, self._writer = store.path, store.db, None

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        """Nothing."""

    def remove(self, row_id: int) -> None:
        """Nothing."""
