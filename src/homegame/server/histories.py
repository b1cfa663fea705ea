"""A table's finished hands as PHH (``host ... history``), numbered as the messages number them.

``full`` writes every card; otherwise the hands are written as one seat saw them (``seat``), or as a
spectator did (neither): a card the reader never saw is ``??``. What a seat saw is what the
engine's events show it (:meth:`~homegame.engine.events.Event.seen_by`), as every frame it was sent.

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 50, "bots": 1, "bot_level": "caller"})
>>> table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 0)
>>> table.sit(0); _ = table.moves.auto(0)
>>> table.act(0, 1, table.seq, {"kind": "fold"})
True
>>> print(phh(table).split("actions = ")[1].split("]")[0])
[
  "d dh p1 ????",
  "d dh p2 ????",
  "p2 f",
<BLANKLINE>
>>> "????" in phh(table, full=True), phh(table, seat=0).count("????")
(False, 1)
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from homegame.errors import ParseError
from homegame.games.mixes import Mix
from homegame.history import dumps_all, to_phh
from homegame.history.pokerstars import dumps_pokerstars, to_pokerstars
from homegame.server.table import ServerTable

__all__ = ["phh", "pokerstars"]


def phh(table: ServerTable, *, seat: int | None = None, full: bool = False) -> str:
    """The table's finished hands as one ``.phhs`` text."""
    records = []
    for number, hand, dealt in table.histories():
        names = [table.seats[index].name for index in dealt]
        viewer = dealt.index(seat) if seat in dealt else None
        mix = _mix(table, hand.game.name)
        records.append(to_phh(hand.history(), names=names, number=number, seat=viewer, full=full, mix=mix))
    return dumps_all(records) if records else ""


def pokerstars(table: ServerTable, *, seat: int | None = None) -> tuple[str, list[int]]:
    """The table's finished hands as PokerStars text, as ``seat`` saw them (its hole cards are the
    hero's; ``None``: nobody's), and the numbers of the hands that text cannot hold (wild cards,
    declare, the home games: PHH holds them)."""
    written, skipped = [], []
    rows = table.store.rows(table.id)
    dealt_at = [row.at for row in rows if row.kind == "deal"]  # hand N: the Nth deal
    eastern = _eastern()
    for number, hand, dealt in table.histories(rows):
        names = [table.seats[index].name for index in dealt]
        hero = dealt.index(seat) if seat in dealt else None
        when = datetime.fromtimestamp(dealt_at[number - 1] / 1000, eastern) if number <= len(dealt_at) else None
        try:
            mix = _mix(table, hand.game.name)
            written.append(
                to_pokerstars(
                    hand.history(),
                    names=names,
                    hero=hero,
                    number=number,
                    when=when,
                    table=table.id,
                    mix=mix,
                    size=len(table.seats),
                )
            )
        except ParseError:
            skipped.append(number)
    return (dumps_pokerstars(written) if written else ""), skipped


def _eastern() -> tzinfo:
    """The time zone PokerStars writes its times in (``ET``: New York's), or UTC where the machine
    has no time-zone database."""
    try:
        return ZoneInfo("America/New_York")
    except ZoneInfoNotFoundError:
        return UTC


def _mix(table: ServerTable, game: str) -> Mix | None:
    """The mixed game a hand of ``game`` was dealt in at ``table``: the one mix of the table's games that
    holds it, unless the table deals that game on its own as well (then nobody can tell)."""
    entries = table.config.games
    mixes = [entry for entry in entries if isinstance(entry, Mix) and any(one.name == game for one in entry.games)]
    alone = any(not isinstance(entry, Mix) and entry.name == game for entry in entries)
    return mixes[0] if len(mixes) == 1 and not alone else None
