"""The roster and the bank of a server table: who sits in each seat (a person or a bot, playing,
sitting out or gone), the rebuys asked for and approved, the cash-outs, and the ledger they make.
The blinds a seat misses while out, and what it posts on coming back, are the engine table's
(:mod:`homegame.engine.missed`).

>>> from homegame.engine.table import Table
>>> from homegame.games import load
>>> from homegame.server.config import TableConfig
>>> config = TableConfig.from_json({"game": "holdem", "seats": 3, "stack": 100, "names": ["ann", "bob"]})
>>> roster = Roster("t1", config, Table(load("holdem"), size=3))
>>> [(info.name, info.status) for info in roster.seats]
[('ann', <SeatStatus.EMPTY: 'empty'>), ('bob', <SeatStatus.EMPTY: 'empty'>), ('player 3', <SeatStatus.EMPTY: 'empty'>)]
>>> roster.sat(0, 5)
>>> roster.playing(), roster.ledger()["players"]
([0], [{'name': 'ann', 'buy_in': 100, 'buy_out': 0, 'stack': 100, 'net': 0}])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from homegame.engine.describe import names_for
from homegame.engine.table import Table
from homegame.engine.wire import JSON
from homegame.server.config import TableConfig
from homegame.server.ledger import Session, settle_up

__all__ = ["Roster", "SeatInfo", "SeatStatus"]


class SeatStatus(StrEnum):
    """Where a seat's player is: not yet come (``empty``), kept for a player the host approved
    from the table's open link who has not yet sat (``reserved``), dealt in from the next hand
    (``playing``), sitting out, or gone (``left``). Its value is the protocol's ``seats[].status``."""

    EMPTY = "empty"
    RESERVED = "reserved"
    PLAYING = "playing"
    SITTING_OUT = "sitting_out"
    LEFT = "left"


@dataclass(slots=True)
class SeatInfo:
    """Who sits in a seat of the table: ``status`` is ``empty``, ``playing``, ``sitting_out`` or
    ``left``; ``bot`` the bot's level (``None``: a person); ``missed`` the hands in a row the table
    acted for them; ``bank_ms`` what is left of their time bank (the blinds they missed are the
    engine seat's: :class:`~homegame.engine.table.Seat`)."""

    name: str
    player_id: str
    bot: str | None = None
    status: SeatStatus = SeatStatus.EMPTY
    missed: int = 0
    bank_ms: int = 0
    timed_out: bool = False
    leaving: bool = False
    rebuy: int = 0
    approved: int = 0
    adjust: int = 0
    """The host's corrections of the stack not yet made (made once the seat is out of the hand)."""
    removing: bool = False
    """The host removes the player: cashed out, the seat freed, once out of the hand."""
    start: int = 0
    end: int = 0
    muted: bool = False
    """The host muted the player's chat (a player new to the seat is not)."""
    mucks: bool = False
    """The player mucks at the showdown a hand the rules do not make them show
    (:class:`~homegame.server.changes.Mucking`)."""
    named: bool = False
    """The host named the player: the seat waits for its invite, and the open link never offers it."""
    buy_in: int = 0
    """What the player buys in for on sitting (0: the table's ``stack``)."""


class Roster:
    """The seats of the table ``table_id`` under ``config`` (people first, then bots), over the
    engine's ``table`` that holds their chips and the ledger."""

    def __init__(self, table_id: str, config: TableConfig, table: Table) -> None:
        self.config = config
        self.table = table
        self.table_id = table_id
        self.former: list[SeatInfo] = []
        """The players the host removed (their sessions stay in the ledger)."""
        people = config.seats - config.bots
        self.seats = [
            SeatInfo(
                name=config.names[seat] if seat < len(config.names) else f"player {seat + 1}",
                player_id=f"{table_id}.{seat}",
                named=seat < len(config.names),
            )
            for seat in range(people)
        ] + [
            SeatInfo(name=f"bot {seat + 1}", player_id=f"{table_id}.{seat}", bot=config.bot_level)
            for seat in range(people, config.seats)
        ]
        bank = 0 if config.clock is None else config.clock.bank * 1000
        for info in self.seats:
            info.bank_ms = bank

    # -- coming and going ------------------------------------------------------------------------

    def sat(self, seat: int, at: int) -> None:
        """The seat's player sits down with the table's buy-in (once the game has begun, owing the
        big blind: :meth:`~homegame.engine.table.Table.sit`; a bot out of chips plays no more, so it
        owes nothing it misses)."""
        info = self.seats[seat]
        self.table.sit(seat, info.name, info.buy_in or self.config.stack, owes_missed=info.bot is None)
        info.status, info.start, info.end, info.missed = SeatStatus.PLAYING, at, 0, 0

    def playing(self) -> list[int]:
        """The table seats playing, with chips: the next deal's, but for a seat waiting for the big blind."""
        table = self.table
        playing = [seat for seat, info in enumerate(self.seats) if info.status == SeatStatus.PLAYING]
        return [seat for seat in playing if (occupant := table.seats[seat]) is not None and occupant.stack > 0]

    def settled(self, dealt: Sequence[int], at: int) -> None:
        """After a hand dealt to ``dealt``: a seat the table acted for misses a hand (sitting out at
        the config's ``missed_hands``), and the rebuys and cash-outs waiting take effect."""
        for seat in dealt:
            info = self.seats[seat]
            if info.timed_out:
                info.missed += 1
                if info.missed >= self.config.missed_hands and info.status == SeatStatus.PLAYING:
                    info.status = SeatStatus.SITTING_OUT
        for seat in range(len(self.seats)):
            self.between(seat, at, ())

    def between(self, seat: int, at: int, dealt: Sequence[int]) -> None:
        """Rebuys approved and cash-outs asked for take effect once the seat is out of the hand
        (``dealt``: the table seats of the hand in progress)."""
        info = self.seats[seat]
        if seat in dealt or self.table.seats[seat] is None:
            return
        if info.approved:
            self.table.rebuy(seat, info.approved)
            info.approved = 0
        if info.adjust:
            self.table.adjust(seat, info.adjust)
            info.adjust = 0
        if info.leaving or info.removing:
            self.table.leave(seat)
            info.status, info.leaving, info.end = SeatStatus.LEFT, False, at
        if info.removing:
            self.former.append(info)
            self.seats[seat] = self._newcomer(seat)

    def _newcomer(self, seat: int) -> SeatInfo:
        """An empty seat after its player was removed, for someone new: named ``player N`` (a
        number after it when the ledger knows that name), with a player id of its own."""
        names = {info.name for info in self.former + self.seats}
        name = next(
            candidate
            for count in range(1, len(names) + 2)
            if (candidate := f"player {seat + 1}" + (f" ({count})" if count > 1 else "")) not in names
        )
        bank = 0 if self.config.clock is None else self.config.clock.bank * 1000
        return SeatInfo(name=name, player_id=f"{self.table_id}.{seat}.{len(self.former)}", bank_ms=bank)

    def free(self) -> list[int]:
        """The seats the table's open link may give: a person's, empty and not kept for a player
        the host named, or left by its player."""
        return [
            seat
            for seat, info in enumerate(self.seats)
            if info.bot is None
            and (info.status == SeatStatus.LEFT or (info.status == SeatStatus.EMPTY and not info.named))
        ]

    def reserve(self, seat: int, name: str, buy_in: int, tag: str) -> None:
        """Keep a free seat (:meth:`free`) for ``name``, who buys in for ``buy_in`` on sitting
        (``tag``: what makes the player's id their own); a player who left it stays in the ledger."""
        info = self.seats[seat]
        if info.status == SeatStatus.LEFT:
            self.former.append(info)
        fresh = SeatInfo(name=name, player_id=f"{self.table_id}.{seat}.{tag}", status=SeatStatus.RESERVED)
        fresh.buy_in, fresh.bank_ms = buy_in, 0 if self.config.clock is None else self.config.clock.bank * 1000
        self.seats[seat] = fresh

    def unreserve(self, seat: int) -> None:
        """A reserved seat is free again (its player was denied before sitting)."""
        self.seats[seat] = self._newcomer(seat)

    def players(self, connected: set[int]) -> list[JSON]:
        """Who sits where, for the host: ``[{seat, name, stack, status, connected, bot, muted}]``."""
        return [
            {
                "seat": seat,
                "name": info.name,
                "stack": 0 if (occupant := self.table.seats[seat]) is None else occupant.stack,
                "status": info.status,
                "connected": info.bot is not None or seat in connected,
                "bot": info.bot is not None,
                "muted": info.muted,
            }
            for seat, info in enumerate(self.seats)
        ]

    # -- what the roster tells -------------------------------------------------------------------

    def rebuys(self) -> list[JSON]:
        """The rebuys waiting for the host's answer: ``[{seat, name, amount}]``."""
        waiting = [(seat, info) for seat, info in enumerate(self.seats) if info.rebuy]
        return [{"seat": seat, "name": info.name, "amount": info.rebuy} for seat, info in waiting]

    def names(self, dealt: Sequence[int], seat: int | None) -> dict[int, str]:
        """The players' names by the seat of a hand dealt to the table seats ``dealt``, the viewer's
        (``seat`` of the hand) ``you``: the names the events' ``text`` calls them by."""
        return names_for([self.seats[table_seat].name for table_seat in dealt], seat)

    def sessions(self) -> list[Session]:
        """Each player's session for the ledger: buy-ins, cash-outs and chips on the table."""
        ledger = self.table.ledger
        out = []
        for info in self.former + self.seats:
            if info.status in (SeatStatus.EMPTY, SeatStatus.RESERVED):
                continue
            out.append(
                Session(
                    info.name,
                    info.player_id,
                    info.start,
                    info.end,
                    ledger.bought(info.name),
                    ledger.cashed(info.name),
                    self.table.stack_of(info.name),
                )
            )
        return out

    def ledger(self) -> dict[str, JSON]:
        """The ledger as the host and the players read it: the entries, each player's buy-ins,
        cash-outs, stack and net, the chips carried in the pot, and the settle-up (the fewest
        transfers). Nothing in it is hidden from anybody at the table."""
        sessions = self.sessions()
        nets = {session.name: session.net for session in sessions}
        ledger = self.table.ledger
        return {
            "entries": [{"player": e.player, "kind": e.kind, "amount": e.amount} for e in ledger.entries],
            "players": [
                {"name": s.name, "buy_in": s.buy_in, "buy_out": s.buy_out, "stack": s.stack, "net": s.net}
                for s in sessions
            ],
            "carried": self.table.carried,
            "settle": [
                {"from": t.payer, "to": t.payee, "amount": t.amount}
                for t in (settle_up(nets) if sum(nets.values()) == 0 else [])
            ],
        }
