"""A table's log as the server writes and reads it: the secure shuffle whose every order is logged
before a card of it is dealt (:class:`Shuffler`), the log's changes read back in order with the
deck orders made while each was applied (:func:`changes`), and a store that writes nothing, for a
table rebuilt only to be read (:class:`ReadOnly`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, MutableSequence
from typing import Any

from homegame.cards import Card, parse
from homegame.server.store import Row, Store

__all__ = ["ReadOnly", "Shuffler", "changes"]


class Shuffler(random.SystemRandom):
    """The operating system's secure shuffle (``random`` itself is never touched), every fresh
    order handed to ``report`` before a card of it is dealt; orders queued in ``replay`` (from the
    log) are played back first.

    >>> orders = []
    >>> shuffler = Shuffler(orders.append)
    >>> cards = list(parse("As Kd Qh"))
    >>> shuffler.shuffle(cards); set(orders[0]) == set(parse("As Kd Qh"))
    True
    >>> shuffler.replay.append(parse("Qh Kd As")); shuffler.shuffle(cards); print(*cards)
    Qh Kd As
    """

    def __init__(self, report: Callable[[tuple[Card, ...]], None]) -> None:
        super().__init__()
        self.report = report
        self.replay: list[tuple[Card, ...]] = []

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place: the next logged order, else a fresh secure one (reported)."""
        if self.replay:
            order = self.replay.pop(0)
            if Counter(order) != Counter(x):
                raise ValueError("a logged deck order does not hold the cards being shuffled")
            x[:] = order
            return
        super().shuffle(x)
        self.report(tuple(x))


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
