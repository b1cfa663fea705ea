"""The game log: a table's events in order, one line each with its time, as a person reads them
after a dispute: hands (who won what), chats, mutes, rebuys, sit-outs and sit-ins, the host's
actions, pauses. Built from the table's typed log (:mod:`homegame.server.changes`), replayed.

Every line is what every seat may know: a hand's line names the pots' winners and the winning
hands as the showdown showed them, never a card but those a winner chose to show, so the host
(``GET /api/tables/{t}/log``) and a player (``{"type": "log"}``) read the same lines.

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 50, "bots": 1, "names": ["ann"]})
>>> table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 1_800_000_000_000)
>>> table.sit(0); table.chat(0, "gl"); table.mute(0, True); _ = table.moves.auto(0)
>>> table.act(0, 1, table.seq, {"kind": "fold"})
True
>>> for line in GameLog().lines(table): print(line["text"])
bot 2 sits down with 50
ann sits down with 50
ann: gl
the host mutes ann's chat
hand 1 (No-limit Texas hold'em): bot 2 wins 2 from the main pot
>>> from homegame.server import showing
>>> showing.show(table, 1, [str(table.previous.down[1][0])]); print(GameLog().lines(table)[-1]["text"][:11])
bot 2 shows
>>> print(as_text(GameLog().lines(table))[:33])
2027-01-15 08:00:00 UTC  bot 2 si
"""

from __future__ import annotations

from datetime import UTC, datetime

from homegame.engine.describe import describe
from homegame.engine.hand import Hand
from homegame.engine.wire import JSON
from homegame.server.changes import (
    Adjusted,
    BombCalled,
    Change,
    Chatted,
    Chose,
    Closed,
    Left,
    Muted,
    Paused,
    RebuyAnswered,
    RebuyAsked,
    Removed,
    Resumed,
    Sat,
    SatIn,
    SatOut,
    Showed,
)
from homegame.server.table import ServerTable

__all__ = ["GameLog", "as_text"]


class GameLog:
    """The lines of one table's game log, kept and brought up to date from the log's new rows
    (a table's log only grows: each call replays only what was added since the last)."""

    def __init__(self) -> None:
        self._replaying: ServerTable | None = None
        self._read = 0
        """The id of the last row replayed."""
        self._lines: list[JSON] = []

    def lines(self, table: ServerTable) -> list[JSON]:
        """The table's log as lines, ``{"at": ms since the epoch, "text": ...}``, oldest first."""
        if self._replaying is None or self._replaying.seq > table.seq:  # new, or past a change taken back
            self._replaying, self._read, self._lines = table.rebuilt(), 0, []
        replaying = self._replaying
        fresh = table.store.rows(table.id, after=self._read)
        if not fresh:
            return list(self._lines)
        names = [info.name for info in replaying.seats]
        for row, change in replaying.replayed(fresh):
            said = _said(change, names, replaying.config.stack)
            if said:
                self._lines.append({"at": row.at, "text": said})
            finished = replaying.previous
            if finished is not None and finished is not replaying.before:
                self._lines.append(
                    {"at": row.at, "text": _hand(replaying.number, finished, replaying.previous_dealt, names)}
                )
            names = [info.name for info in replaying.seats]
        self._read = fresh[-1].id
        return list(self._lines)


def as_text(lines: list[JSON]) -> str:
    """The lines as the text a host or a player downloads: the time (UTC) and the line, one a line."""
    out = []
    for line in lines:
        assert isinstance(line, dict) and isinstance(line["at"], int)
        when = datetime.fromtimestamp(line["at"] / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        out.append(f"{when}  {line['text']}\n")
    return "".join(out)


def _hand(number: int, hand: Hand, dealt: tuple[int, ...], names: list[str]) -> str:
    """A finished hand's line: its number and game, who won what (the winning hand as shown)."""
    result = hand.result
    said = {seat: names[table_seat] for seat, table_seat in enumerate(dealt)}
    won = [describe(award, said) for award in (result.awards if result is not None else ())]
    if result is not None and result.carried:
        won.append(f"{result.carried} carried over")
    return f"hand {number} ({hand.game.title}): {'; '.join(won) or 'no pot won'}"


def _said(change: Change, names: list[str], stack: int) -> str:
    """A change as the log's line says it (empty: a change the log does not tell, a deal or an action)."""
    match change:
        case Sat(seat):
            return f"{names[seat]} sits down with {stack}"
        case Chose(seat, game, _, timeout, options):
            called = [f"{name}={value}" for name, value in (options or {}).items()]
            notes = [*called, *(["time ran out"] if timeout else [])]
            return f"{names[seat]} chooses {game}" + (f" ({', '.join(notes)})" if notes else "")
        case SatOut(seat):
            return f"{names[seat]} sits out"
        case SatIn(seat, wait):
            return f"{names[seat]} sits in" + (" and waits for the big blind" if wait else "")
        case RebuyAsked(seat, amount):
            return f"{names[seat]} asks to rebuy {amount}"
        case RebuyAnswered(seat, approve):
            return f"the host {'approves' if approve else 'refuses'} {names[seat]}'s rebuy"
        case Left(seat):
            return f"{names[seat]} cashes out and leaves"
        case Adjusted(seat, amount):
            return f"the host adjusts {names[seat]}'s stack by {amount:+d}"
        case Removed(seat):
            return f"the host removes {names[seat]}"
        case Paused():
            return "the host pauses the table"
        case Resumed():
            return "the host resumes the table"
        case Closed():
            return "the host closes the table"
        case BombCalled(amount):
            return f"the host calls a bomb pot of {amount} a seat"
        case Chatted(seat, text):
            return f"{names[seat]}: {text}"
        case Muted(seat, mute):
            return f"the host {'mutes' if mute else 'unmutes'} {names[seat]}'s chat"
        case Showed(seat, cards):  # shown to everyone (a seat's word to muck is its own: not told)
            return f"{names[seat]} shows {cards}"
    return ""
