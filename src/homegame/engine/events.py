"""Events: what happened in a hand, one small frozen value per happening.

The hand records every event in one place (:meth:`Hand.act` and the steps it
runs), so the list is the full story for whoever may see all of it. What one
seat may see of an event is :meth:`Event.seen_by`: another seat's down cards,
drawn cards and undisclosed declarations are hidden, their count kept.

>>> from homegame.cards import parse
>>> event = Dealt(seat=2, cards=parse("As Kd"), up=False)
>>> print(event)
seat 2 dealt As Kd down
>>> print(event.seen_by(0))
seat 2 dealt 2 cards down
>>> print(event.seen_by(2))
seat 2 dealt As Kd down
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homegame.cards import Card, Rank, format_cards
from homegame.engine.actions import Action

if TYPE_CHECKING:
    from homegame.engine.judge import Judge
    from homegame.ranking import HandValue

__all__ = [
    "Acted",
    "Burned",
    "CarriedOver",
    "Dealt",
    "Declared",
    "Drew",
    "Event",
    "KnockedOut",
    "Posted",
    "Reshuffled",
    "Returned",
    "Revealed",
    "Shown",
    "SplitUp",
    "TurnedUp",
    "Won",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. ``chips`` is what the event moves from stacks into the
    pot (negative when chips go back to a stack), so a ledger can follow chips event by event."""

    @property
    def chips(self) -> int:
        """Chips moved from a stack into the pot by this event (0 for most)."""
        return 0

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` (``None``: a spectator) may see it."""
        return self


@dataclass(frozen=True, slots=True)
class Posted(Event):
    """A forced bet: ``blind`` is ``ante``, ``small_blind``, ``big_blind`` or ``straddle``."""

    seat: int
    blind: str
    amount: int

    @property
    def chips(self) -> int:
        """The amount posted."""
        return self.amount

    def __str__(self) -> str:
        return f"seat {self.seat} posts {self.blind} {self.amount}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """Cards dealt to a seat, face up or down, or (``seat`` ``None``) to a row of community cards
    (``row``, by default the board; face down for a row such as High Card Poker's extra hand). Seen
    by anyone but their owner, down cards keep only their number (``hidden``)."""

    seat: int | None
    cards: tuple[Card, ...]
    up: bool
    hidden: int = 0
    row: str = "board"

    def seen_by(self, seat: int | None) -> Event:
        """Down cards of another seat, or of a row, become a count."""
        if self.up or (self.seat is not None and self.seat == seat):
            return self
        return Dealt(seat=self.seat, cards=(), up=False, hidden=len(self.cards), row=self.row)

    def __str__(self) -> str:
        who = self.row if self.seat is None else f"seat {self.seat}"
        what = format_cards(self.cards) if self.cards else f"{self.hidden} cards"
        return f"{who} dealt {what} {'up' if self.up else 'down'}"


@dataclass(frozen=True, slots=True)
class Burned(Event):
    """Cards put aside unseen before a deal."""

    count: int

    def __str__(self) -> str:
        return f"burn {self.count}"


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting action; ``put_in`` is the chips it moved into the pot."""

    seat: int
    action: Action
    put_in: int = 0

    @property
    def chips(self) -> int:
        """The chips put in."""
        return self.put_in

    def __str__(self) -> str:
        if self.put_in and not hasattr(self.action, "amount"):
            return f"seat {self.seat}: {self.action} ({self.put_in})"
        return f"seat {self.seat}: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """A draw: the seat discarded ``discarded`` and was dealt ``drawn``; others see only how many."""

    seat: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    count: int

    def seen_by(self, seat: int | None) -> Event:
        """Other seats learn how many cards were drawn, not which."""
        return self if seat == self.seat else Drew(seat=self.seat, discarded=(), drawn=(), count=self.count)

    def __str__(self) -> str:
        if self.count == 0:
            return f"seat {self.seat} stands pat"
        if not self.drawn:
            return f"seat {self.seat} draws {self.count}"
        return f"seat {self.seat} discards {format_cards(self.discarded)}, draws {format_cards(self.drawn)}"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The stock ran short: ``count`` discards were shuffled to make a new stock."""

    count: int

    def __str__(self) -> str:
        return f"{self.count} discards reshuffled into the stock"


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A seat has chosen its declaration; the side stays hidden from others until :class:`Revealed`."""

    seat: int
    side: str | None

    def seen_by(self, seat: int | None) -> Event:
        """Others see that the seat has chosen, not what."""
        return self if seat == self.seat else Declared(self.seat, None)

    def __str__(self) -> str:
        return f"seat {self.seat} declares" + (f" {self.side}" if self.side else "")


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Everyone has chosen: the declarations open at once, as ``(seat, side)`` pairs."""

    sides: tuple[tuple[int, str], ...]

    def __str__(self) -> str:
        return "declarations: " + ", ".join(f"seat {seat} {side}" for seat, side in self.sides)


@dataclass(frozen=True, slots=True)
class Returned(Event):
    """An uncalled bet goes back to the seat that made it."""

    seat: int
    amount: int

    @property
    def chips(self) -> int:
        """Negative: chips leave the pot."""
        return -self.amount

    def __str__(self) -> str:
        return f"uncalled {self.amount} returned to seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A seat shows its cards at the showdown."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} shows {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Won(Event):
    """Chips from pot number ``pot`` (0 the main pot) to a seat, for ``side`` (``""`` when
    uncontested). At a showdown ``cards`` and ``board`` are what the hand was made from (``down``
    the seat's down cards, for a lowest-down wild card) and ``judge`` the contest's judge:
    :attr:`value` and :attr:`hand` name it (worked out when asked, so a simulation that never
    looks pays nothing)."""

    seat: int
    amount: int
    pot: int = 0
    side: str = ""
    cards: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    wild_rank: Rank | None = None
    down: tuple[Card, ...] = ()
    judge: Judge | None = field(default=None, compare=False, repr=False)

    @property
    def chips(self) -> int:
        """Negative: chips leave the pot."""
        return -self.amount

    @property
    def value(self) -> HandValue | None:
        """The winning hand's value (``None`` when the pot was won uncontested)."""
        return None if self.judge is None else self.judge.value(self.cards, self.board, self.wild_rank, self.down)

    @property
    def hand(self) -> str:
        """The winning hand's name, as people say it (empty when uncontested)."""
        value = self.value
        return "" if value is None else value.name

    def __str__(self) -> str:
        hand = self.hand
        what = f" ({self.side}: {hand})" if hand else ""
        where = "the main pot" if self.pot == 0 else f"side pot {self.pot}"
        return f"seat {self.seat} wins {self.amount} from {where}{what}"


@dataclass(frozen=True, slots=True)
class CarriedOver(Event):
    """Nobody won these chips: they stay in the pot for the next deal."""

    amount: int

    @property
    def chips(self) -> int:
        """Negative: chips leave this hand's pot (the table keeps them)."""
        return -self.amount

    def __str__(self) -> str:
        return f"{self.amount} carried over to the next deal"


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """Community cards of ``row`` dealt face down are turned face up (as listed: High Card Poker's
    extra hand is sorted from lowest to highest)."""

    row: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.row} turned up: {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockedOut(Event):
    """High Card Poker: at comparison ``position`` (1 the lowest card), the seat's ``card`` was not
    higher than the extra hand's ``against``, and the seat is out."""

    seat: int
    position: int
    card: Card
    against: Card

    def __str__(self) -> str:
        return f"seat {self.seat} knocked out at card {self.position}: {self.card} does not beat {self.against}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitUp(Event):
    """A seat divides its cards into ``hands``, strongest first (Pi Gow stud's five and two). Others
    see only that it has split (the hands show at the showdown)."""

    seat: int
    hands: tuple[tuple[Card, ...], ...]

    def seen_by(self, seat: int | None) -> Event:
        """Others learn that the seat has split, not how."""
        return self if seat == self.seat else SplitUp(seat=self.seat, hands=())

    def __str__(self) -> str:
        if not self.hands:
            return f"seat {self.seat} splits"
        return f"seat {self.seat} splits " + " / ".join(format_cards(hand) for hand in self.hands)
