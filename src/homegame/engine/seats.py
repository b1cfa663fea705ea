"""A table's seats and its bank: who sits where with how many chips, the ledger of what each
bought and cashed out, and the blinds each owes for the deals it missed (:mod:`homegame.engine.missed`).
:class:`~homegame.engine.table.Table` is :class:`Seats` that deal hands.

>>> seats = Seats(3)
>>> seats.sit(0, "ann", 100); seats.rebuy(0, 50); seats.sit(2, "bob", 100)
>>> seats.stack_of("ann"), seats.leave(2), seats.ledger.net("bob")
(150, 100, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from homegame.engine.betting import Post, Stakes
from homegame.engine.missed import MissedBlinds, owed

__all__ = ["Ledger", "LedgerEntry", "Seat", "Seats"]


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """Chips crossing the table's edge: ``kind`` is ``buy-in``, ``rebuy``, ``adjustment`` (the host's
    correction of a stack, either way: counted with what the player bought in) or ``cash-out``."""

    player: str
    kind: str
    amount: int


@dataclass(slots=True)
class Ledger:
    """Every buy-in, rebuy and cash-out, in order."""

    entries: list[LedgerEntry] = field(default_factory=list)

    def record(self, player: str, kind: str, amount: int) -> None:
        """Add an entry."""
        self.entries.append(LedgerEntry(player, kind, amount))

    def bought(self, player: str | None = None) -> int:
        """Chips bought in (and rebought), by one player or by everyone."""
        return sum(e.amount for e in self.entries if e.kind != "cash-out" and player in (None, e.player))

    def cashed(self, player: str | None = None) -> int:
        """Chips cashed out, by one player or by everyone."""
        return sum(e.amount for e in self.entries if e.kind == "cash-out" and player in (None, e.player))

    def net(self, player: str, stack: int = 0) -> int:
        """What a player is up or down: cashed out plus ``stack`` still on the table, less bought in."""
        return self.cashed(player) + stack - self.bought(player)


@dataclass(slots=True)
class Seat:
    """A player sitting at the table with ``stack`` chips."""

    player: str
    stack: int
    owes: tuple[str, ...] = ()
    """The blinds the seat missed and owes (``big_blind``, ``small_blind``: :mod:`homegame.engine.missed`)."""
    waiting: bool = False
    """The player, owing blinds, chose to wait for the big blind rather than post them."""
    owes_missed: bool = True
    """Whether the seat owes the blinds it misses (false: a seat that plays no more once out of
    chips, like the server's bots)."""


class Seats:
    """``size`` seats (2..10) and their bank under the house rule ``missed_blinds``."""

    def __init__(self, size: int, missed_blinds: MissedBlinds = MissedBlinds.POST) -> None:
        if not 2 <= size <= 10:
            raise ValueError(f"a table has 2 to 10 seats, not {size}")
        self.seats: list[Seat | None] = [None] * size
        self.missed_blinds = MissedBlinds(missed_blinds)
        self.ledger = Ledger()
        self._dealt: tuple[int, ...] = ()
        """The table seats of the hand last dealt (none before the first)."""

    def sit(self, seat: int, player: str, chips: int, *, owes_missed: bool = True) -> None:
        """Seat ``player`` with a buy-in of ``chips``; once the table has dealt, owing the big blind
        (Robert's Rules: "A new player entering a table must post the big blind or an amount equal
        to the big blind before receiving a hand"), unless the house rule is ``none`` or the seat
        never owes what it misses (``owes_missed`` false)."""
        if self.seats[seat] is not None:
            raise ValueError(f"seat {seat} is taken")
        self._positive(chips)
        late = bool(self._dealt) and owes_missed and self.missed_blinds is not MissedBlinds.NONE
        self.seats[seat] = Seat(player, chips, owes=("big_blind",) if late else (), owes_missed=owes_missed)
        self.ledger.record(player, "buy-in", chips)

    def rebuy(self, seat: int, chips: int) -> None:
        """Add ``chips`` to a seated player's stack."""
        occupant = self._occupant(seat)
        self._positive(chips)
        occupant.stack += chips
        self.ledger.record(occupant.player, "rebuy", chips)

    def adjust(self, seat: int, chips: int) -> int:
        """The host corrects a seated player's stack by ``chips`` (either way, never below nothing);
        the ledger counts it with what the player bought in, so the nets still sum to zero. Returns
        the chips added (negative: taken).

        >>> from homegame.engine.table import Table
        >>> from homegame.games import load
        >>> table = Table(load("holdem"), size=2)
        >>> table.sit(0, "ann", 100)
        >>> table.adjust(0, 25), table.adjust(0, -500), table.ledger.net("ann", table.stack_of("ann"))
        (25, -125, 0)
        """
        occupant = self._occupant(seat)
        chips = max(chips, -occupant.stack)
        occupant.stack += chips
        self.ledger.record(occupant.player, "adjustment", chips)
        return chips

    def leave(self, seat: int) -> int:
        """The player cashes out and leaves; returns the chips cashed out."""
        occupant = self._occupant(seat)
        self.seats[seat] = None
        self.ledger.record(occupant.player, "cash-out", occupant.stack)
        return occupant.stack

    def stack_of(self, player: str) -> int:
        """The chips ``player`` has on the table (0 when not seated)."""
        return sum(seat.stack for seat in self.seats if seat is not None and seat.player == player)

    def owed(self, seat: int, stakes: Stakes) -> list[Post]:
        """The blinds ``seat`` posts on coming back, at ``stakes`` (Robert's Rules: "an amount up to
        the size of the minimum opening bet is live. The remainder ... is not part of the player's
        bet"): the big blind live if it missed it, the small blind dead if it missed that.

        >>> from homegame.engine.table import Table
        >>> from homegame.games import load
        >>> table = Table(load("holdem"), size=3)
        >>> table.sit(0, "ann", 100)
        >>> table.seats[0].owes = ("big_blind", "small_blind")
        >>> [(post.name, post.amount, post.live) for post in table.owed(0, Stakes(small_blind=1, big_blind=2))]
        [('big_blind', 2, True), ('dead_small_blind', 1, False)]
        """
        return owed(self._occupant(seat).owes, seat, stakes)

    def waits(self, seat: int) -> bool:
        """True when ``seat`` owes blinds and waits for the big blind instead of posting them (its
        player's choice, :meth:`wait_for_big_blind`, or the house rule ``wait``)."""
        occupant = self._occupant(seat)
        return bool(occupant.owes) and (occupant.waiting or self.missed_blinds is MissedBlinds.WAIT)

    def wait_for_big_blind(self, seat: int, wait: bool = True) -> None:
        """The player of ``seat``, coming back owing blinds, waits for the big blind (``wait``) or
        posts them in the next deal."""
        self._occupant(seat).waiting = wait

    def _active(self) -> tuple[int, ...]:
        """The seats with chips: the seats a deal deals in."""
        return tuple(index for index, seat in enumerate(self.seats) if seat is not None and seat.stack > 0)

    def _next_occupied(self, seat: int) -> int:
        size = len(self.seats)
        for step in range(1, size + 1):
            other = (seat + step) % size
            occupant = self.seats[other]
            if occupant is not None and occupant.stack > 0:
                return other
        return seat

    def _occupant(self, seat: int) -> Seat:
        occupant = self.seats[seat]
        if occupant is None:
            raise ValueError(f"seat {seat} is empty")
        return occupant

    @staticmethod
    def _positive(chips: int) -> None:
        if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
            raise ValueError(f"chips must be a whole number > 0, not {chips!r}")
