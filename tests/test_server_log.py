"""The table's log behind its narrow interface (server/log.py's ``TableLog``): a table kept by a
storage that is not SQLite plays and is restored exactly, without a line of the table's code
knowing; a table rebuilt only to be read writes nothing."""

from __future__ import annotations

import random
from typing import Any

from homegame.server.config import TableConfig
from homegame.server.log import ReadOnly, Row, TableLog
from homegame.server.store import digest
from homegame.server.table import ServerTable
from server_helpers import Clock


class ListLog:
    """A table log in a Python list (what a hosted deployment's storage would implement)."""

    def __init__(self) -> None:
        self.settings: dict[str, dict[str, Any]] = {}
        self.kept: list[tuple[str, Row]] = []
        self.secrets: dict[str, tuple[str, int]] = {}

    def create_table(self, table_id: str, config: dict[str, Any], created: int = 0) -> None:
        self.settings[table_id] = config

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], at: int) -> int:
        row_id = len(self.kept) + 1
        self.kept.append((table_id, Row(row_id, seq, kind, data, at)))
        return row_id

    def append_shuffle(self, table_id: str, seq: int, cards: str, at: int) -> None:
        self.kept.append((table_id, Row(len(self.kept) + 1, seq, "shuffle", cards, at)))

    def remove(self, row_id: int) -> None:
        self.kept = [(table_id, row) for table_id, row in self.kept if row.id != row_id]

    def rows(self, table_id: str, after: int = 0) -> list[Row]:
        return [row for owner, row in self.kept if owner == table_id and row.id > after]

    def add_digest(self, kept: str, table_id: str, seat: int) -> None:
        self.secrets[kept] = (table_id, seat)

    def find_secret(self, secret: str) -> tuple[str, int] | None:
        return self.secrets.get(digest(secret))

    def keep_digest(self, table_id: str, seat: int, kept: str) -> None:
        self.secrets = {key: at for key, at in self.secrets.items() if at != (table_id, seat) or key == kept}

    async def durable(self, owner: str | None = None) -> None:
        return None


def test_a_table_kept_in_another_storage_plays_and_is_restored_exactly() -> None:
    log: TableLog = ListLog()
    body = {"game": "draw", "seats": 4, "stack": 200, "bots": 4, "bot_level": "random"}
    config = TableConfig.from_json(body)
    table = ServerTable.create("t", config, log, now=Clock(), rng=random.Random(3))
    for _ in range(2_000):  # bounded: into the fourth hand
        if table.number >= 4 and table.hand is not None and table.hand.actions:
            break
        table.moves.auto(table.now())
    assert table.number >= 4 and table.hand is not None
    kinds = {row.kind for row in log.rows("t")}
    assert {"sit", "deal", "act", "shuffle"} <= kinds
    restored = ServerTable.restore("t", config, log, now=table.now)
    assert restored.snapshot(None) == table.snapshot(None) and restored.snapshot(1) == table.snapshot(1)
    assert [number for number, _, _ in restored.histories()] == [1, 2, 3]


def test_a_table_rebuilt_only_to_be_read_writes_nothing() -> None:
    log = ListLog()
    table = ServerTable.create(
        "t",
        TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 100, "bots": 2, "bot_level": "caller"}),
        log,
        now=Clock(),
        rng=random.Random(5),
    )
    for _ in range(500):  # bounded: two hands played (callers never bust out in two)
        if table.number > 2:
            break
        table.moves.auto(table.now())
    written = list(log.kept)
    assert len(table.histories()) >= 2 and log.kept == written
    reader = ReadOnly(log)
    assert reader.append("t", 99, "sit", {"seat": 0}, 0) == 0 and reader.rows("t") == log.rows("t")
    assert log.kept == written
