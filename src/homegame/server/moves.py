"""The moves a server table makes itself: the bots' decisions, a decision whose time ran out (the
table checks or folds for a person, or deals the next game in the list for a dealer who did not
choose), and the next deal once a hand is over; and the clocks that say when each falls due.

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 100, "bots": 1, "clock": {"seconds": 20}})
>>> table = ServerTable.create("t1", config, Store(":memory:"), now=lambda: 1000)
>>> table.sit(0)
>>> table.moves.wake_at(), table.moves.auto(1000), table.hand is not None  # the first deal is due
(0, True, True)
>>> table.deciding(), table.moves.wake_at()  # the person has 20 s to act
((0,), 21000)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from homegame.bots import Bot, Turn
from homegame.engine.actions import Action
from homegame.engine.wire import to_json
from homegame.play.session import BOTS
from homegame.server.changes import Acted, Chose, Dealt
from homegame.server.timeouts import timed_out

if TYPE_CHECKING:
    from homegame.engine.hand import Hand
    from homegame.server.changes import Change
    from homegame.server.clock import Clocks
    from homegame.server.config import TableConfig
    from homegame.server.roster import SeatInfo
    from homegame.server.runout import Runout

__all__ = ["AWAY_SECONDS", "NEVER", "Moves"]

AWAY_SECONDS = 30
"""With no clock, the seconds a disconnected player has to decide before the table acts for them."""

NEVER = 2**62
"""The deadline of a decision that is not timed (ms)."""


class Giver(Protocol):
    """Open seating, as the moves use it (:class:`~homegame.server.seating.Seating`)."""

    def give(self) -> bool:
        """Give the next approved request in line a free seat; False when there is none to give."""
        ...


class Owner(Protocol):
    """What the moves read of the table that owns them (a
    :class:`~homegame.server.table.ServerTable`), and its one door, ``submit``."""

    config: TableConfig
    seats: list[SeatInfo]
    hand: Hand | None
    dealt: tuple[int, ...]
    connected: set[int]
    clocks: Clocks
    paused: bool
    closing: bool
    closed: bool
    settled_at: int
    shown_at: int
    runout: Runout | None
    between_hands: int
    now: Callable[[], int]

    @property
    def seating(self) -> Giver: ...

    def submit(self, change: Change) -> None: ...
    def deciding(self) -> tuple[int, ...]: ...
    def ready(self) -> bool: ...
    def choosing(self) -> tuple[int, list[str]] | None: ...
    def next_choice(self, games: list[str]) -> str: ...
    def sit(self, seat: int) -> None: ...


class Moves:
    """The bots and clocks of one :class:`~homegame.server.table.ServerTable`: its own moves go
    through its one door, :meth:`~homegame.server.table.ServerTable.submit`, like any other."""

    def __init__(self, table: Owner) -> None:
        self.table = table
        self._rng = random.Random(secrets.randbits(64))
        self.bots: dict[int, Bot] = {
            seat: BOTS[info.bot](random.Random(secrets.randbits(64)))
            for seat, info in enumerate(table.seats)
            if info.bot is not None
        }

    def auto(self, now: int) -> bool:
        """Make one move that is due at ``now`` (a free seat given to the next in line, a bot's
        decision, a timed-out decision, the next deal, the next street of an all-in runout shown);
        False when none is. While a runout is shown the table waits for it."""
        table = self.table
        if table.closed:
            return False
        if table.seating.give():
            return True
        if table.hand is not None:
            for seat in table.deciding():
                action = self._due(seat, now)
                if action is not None:
                    person = seat not in self.bots  # timed out
                    table.submit(Acted(seat, to_json(action), bank=0 if person else None, timeout=person))
                    return True
            return False
        if table.runout is not None:
            if not table.runout.due(now):
                return False
            if table.runout.done:
                table.runout = None
            return True
        if table.paused or table.closing:
            return False
        choosing = table.choosing()
        if choosing is not None:
            seat, games = choosing
            if seat in self.bots:
                table.submit(Chose(seat, self._rng.choice(games)))
                return True
            if now >= self.deadline(seat):
                table.submit(Chose(seat, table.next_choice(games), bank=0, timeout=True))
                return True
            return False
        if table.ready() and now >= table.shown_at + table.between_hands:
            table.submit(Dealt())
            return True
        return False

    def wake_at(self) -> int | None:
        """When the next timed move falls due (ms), if any."""
        table = self.table
        if table.closed:
            return None
        times = [self.deadline(seat) for seat in table.deciding() if seat not in self.bots]
        if table.runout is not None and table.hand is None:
            return table.runout.next_at
        if table.hand is None and not table.paused and not table.closing and table.ready():
            times.append(table.shown_at + table.between_hands)
        times = [t for t in times if t < NEVER]
        return min(times) if times else None

    def _due(self, seat: int, now: int) -> Action | None:
        table = self.table
        hand = table.hand
        assert hand is not None
        hand_seat = table.dealt.index(seat)
        bot = self.bots.get(seat)
        if bot is not None:
            return bot.choose(Turn(hand_seat, hand.legal_actions(hand_seat), partial(hand.view, hand_seat), hand.game))
        if now < self.deadline(seat):
            return None
        return timed_out(hand.legal_actions(hand_seat))

    # -- the clocks ------------------------------------------------------------------------------

    def seconds(self, seat: int) -> int | None:
        """The seconds ``seat`` has for its decision: the table's clock; with none, a player away
        has :data:`AWAY_SECONDS` to act in a hand, and a dealer choosing the game is never timed."""
        table = self.table
        clock = table.config.clock
        if clock is not None:
            return clock.seconds
        return None if seat in table.connected or table.hand is None else AWAY_SECONDS

    def deadline(self, seat: int) -> int:
        """When ``seat``'s decision times out (ms; :data:`NEVER` when it is not timed)."""
        table = self.table
        removing = table.seats[seat].removing  # the host removed the player: the table acts for them at once
        seconds = 0 if removing else self.seconds(seat)
        if seconds is None:
            return NEVER
        bank = table.seats[seat].bank_ms if table.config.clock is not None and not removing else 0
        return table.clocks.deadline(seat, table.now(), seconds, bank)

    def bank_left(self, seat: int, now: int) -> int:
        """What is left of ``seat``'s time bank at ``now`` (ms)."""
        table = self.table
        clock, bank = table.config.clock, table.seats[seat].bank_ms
        return bank if clock is None else table.clocks.bank_left(seat, now, clock.seconds, bank)

    def on_clock(self) -> list[dict[str, int]]:
        """Each seat on the clock (deciding, a person, timed): the ms left for its decision and in its
        bank; nobody while an all-in runout is shown."""
        table = self.table
        now = table.now()
        clocks: list[dict[str, int]] = []
        if table.runout is not None and table.hand is None:  # the dealer's choice waits for the runout shown
            return clocks
        for seat in table.deciding():
            seconds = self.seconds(seat)
            if seconds is not None and seat not in self.bots:
                left = table.clocks.left(seat, now, seconds)
                clocks.append({"seat": seat, "deadline_ms": left, "bank_ms": self.bank_left(seat, now)})
        return clocks
