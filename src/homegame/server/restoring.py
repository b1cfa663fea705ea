"""How a server table is made, restored and read back from its log: the base of
:class:`~homegame.server.table.ServerTable` that turns rows of the log into the table, through
the table's one ``_apply``, so that a table restored is the table that was (and a reader of the
log, the game log or the history downloads, sees each change as the table made it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Self

from homegame.cards import Card
from homegame.engine.hand import Hand
from homegame.server.changes import Change, Sat, from_row
from homegame.server.log import ReadOnly, Row, TableLog, changes

if TYPE_CHECKING:
    from homegame.engine.table import Table
    from homegame.server.clock import Clocks
    from homegame.server.config import TableConfig
    from homegame.server.roster import SeatInfo
    from homegame.server.runout import Runout

__all__ = ["Restoring"]


class Restoring:
    """Making a table (:meth:`create`), restoring it from its log (:meth:`restore`, :meth:`reload`)
    and replaying the log one change at a time for its readers (:meth:`replayed`, :meth:`histories`)."""

    id: str
    config: TableConfig
    store: TableLog
    now: Callable[[], int]
    between_hands: int
    runout_pause: int
    table: Table
    seats: list[SeatInfo]
    connected: set[int]
    clocks: Clocks
    runout: Runout | None
    shown_at: int
    settled_at: int
    number: int
    seq: int
    previous: Hand | None
    previous_dealt: tuple[int, ...]
    before: Hand | None
    _orders: list[tuple[Card, ...]]
    _applying: int

    if TYPE_CHECKING:

        def __init__(self, table_id: str, config: TableConfig, store: TableLog, **kwargs: Any) -> None: ...
        def submit(self, made: Change) -> None: ...
        def publish(self) -> None: ...
        def _apply(self, made: Change, at: int) -> None: ...

    @classmethod
    def create(cls, table_id: str, config: TableConfig, store: TableLog, **kwargs: Any) -> Self:
        """A new table (its settings stored), the bots seated."""
        table = cls(table_id, config, store, **kwargs)
        store.create_table(table_id, config.to_json(), table.now())
        for seat, info in enumerate(table.seats):
            if info.bot is not None:
                table.submit(Sat(seat))
        return table

    @classmethod
    def restore(cls, table_id: str, config: TableConfig, store: TableLog, **kwargs: Any) -> Self:
        """The table rebuilt from its log: the same seats, cards, pots, stacks, turn and clocks (a
        decision's clock restarts from now: the server's downtime does not count against it)."""
        table = cls(table_id, config, store, **kwargs)
        last = 0
        for row, orders in changes(store.rows(table_id)):
            table._replay(row, orders)
            last = row.at
        # The time the server was down is nobody's: each decision's clock runs on from now with the
        # time it had used when the last change was logged (none, for a decision begun then).
        now = table.now()
        table.clocks.resume(now, last)
        table.runout, table.shown_at = None, table.settled_at
        table.publish()
        return table

    def reload(self) -> Self:
        """The table as its log holds it (after a change the disk refused), with the same players
        connected."""
        table = self.restore(
            self.id,
            self.config,
            self.store,
            now=self.now,
            between_hands=self.between_hands,
            runout_pause=self.runout_pause,
            rng=self.table.rng,
        )
        table.connected = set(self.connected)
        return table

    def _replay(self, row: Row, orders: list[tuple[Card, ...]]) -> None:
        self._orders = orders
        self._applying = row.seq
        if isinstance(row.data, dict):  # the clocks as they stood when the change was made, no down time
            self.clocks.replayed(row.at, row.data.get("used", ()))
        try:
            self._apply(from_row(row.kind, row.data), row.at)
        except ValueError:  # written, then refused (by a step), and the server stopped before taking it back
            self.store.remove(row.id)
            return
        finally:
            self._orders = []
        self.seq = row.seq

    def histories(self, rows: list[Row] | None = None) -> list[tuple[int, Hand, tuple[int, ...]]]:
        """Every finished hand (its number, the hand, its table seats), rebuilt from the log (``rows``:
        the log, when the caller has read it already)."""
        restored = self.rebuilt()
        hands = []
        for _ in restored.replayed(self.store.rows(self.id) if rows is None else rows):
            if restored.previous is not None and restored.previous is not restored.before:
                hands.append((restored.number, restored.previous, restored.previous_dealt))
        return hands

    def rebuilt(self) -> Self:
        """A table of the same settings and no log yet, writing nothing: fed :meth:`replayed`, it
        becomes this table again, change by change (for the readers of the log)."""
        return type(self)(self.id, self.config, ReadOnly(self.store), now=self.now)

    def replayed(self, rows: list[Row]) -> Iterator[tuple[Row, Change]]:
        """Apply ``rows`` of the log (in order, from where this table stands) one change at a time,
        yielding each once applied (with its row); :attr:`before` is the last hand finished before it."""
        for row, orders in changes(rows):
            self.before = self.previous
            self._replay(row, orders)
            if self.seq == row.seq:  # applied (a row the engine refused was taken back)
                yield row, from_row(row.kind, row.data)
