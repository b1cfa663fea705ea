"""``place``: players take turns being dealt one card and placing it into a row of their own, in
the open, until every row is full (Five-O's columns).

Rules document 004, "Five-O poker": "both players must play five hands of five cards
simultaneously. Four of the five cards in each hand are face-up." Each card is dealt to its
player alone; the player places it into one of their ``rows`` (columns) that is not yet full,
and it turns face up there, except at the positions listed in ``down`` (the fifth card of a
column), where it stays face down. Players take turns from the button's left, one card each,
until everyone's rows hold ``size`` cards. The rows are kept in ``hand.placed`` and shown in
every view, face-down cards hidden from the other players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, Legal, Place, PlaceLegal
from homegame.engine.events import SEATS, Dealt, Event, Names, says
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Down, Step, Up, register

__all__ = ["PlaceStep", "Placed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Placed(Event):
    """``seat`` placed ``card`` into its row ``row``, face up or down; others do not learn a
    face-down card."""

    seat: int
    card: Card | None
    row: str
    up: bool

    def seen_by(self, seat: int | None) -> Event:
        """A face-down card is hidden from the other seats."""
        if self.up or seat == self.seat:
            return self
        return Placed(seat=self.seat, card=None, row=self.row, up=False)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 places 9d in column 3`` (``a card ... face down`` when the viewer may not see it)."""
        what = "a card" if self.card is None else str(self.card)
        return f"{says(names, self.seat, 'places')} {what} in column {self.row}" + ("" if self.up else " face down")


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceStep(Step):
    """Turn by turn, each player is dealt a card and places it into one of their ``rows`` with room.

    >>> print(PlaceStep().describe())
    In turn, each player is dealt one card at a time and places it in one of their columns 1, 2, 3, 4, 5, \
face up, until each holds 5 cards; card 5 of each goes face down.
    """

    kind: ClassVar[str] = "place"
    rows: tuple[str, ...] = ("1", "2", "3", "4", "5")
    size: int = 5
    down: tuple[int, ...] = (5,)

    @classmethod
    def read(cls, fields: Fields) -> PlaceStep:
        """``rows`` (their names), ``size`` (cards a row holds) and ``down`` (positions dealt face down, from 1)."""
        rows = fields.strings("rows", ("1", "2", "3", "4", "5"))
        if not rows or len(set(rows)) != len(rows) or any(" " in row for row in rows):
            fields.problem("rows", "name one or more different rows, without spaces")
            rows = ("1", "2", "3", "4", "5")
        size = fields.integer("size", 5, low=1, high=13)
        down = fields.raw("down")
        if down is None:
            positions: tuple[int, ...] = (5,)
        elif isinstance(down, list) and all(isinstance(n, int) and 1 <= n <= size for n in down):
            positions = tuple(down)
        else:
            fields.problem("down", f"must be a list of positions 1..{size}, not {down!r}")
            positions = ()
        return cls(rows=rows, size=size, down=positions)

    def begin(self, hand: Dealer) -> Decision | None:
        """Deal the first card and wait for it to be placed."""
        for seat in hand.in_hand():
            hand.lay_out(self.rows, seat)
        return PlaceRound(hand, self)

    def describe(self) -> str:
        """One line for the rules."""
        down = ", ".join(map(str, self.down))
        where = "columns" if all(row.isdigit() for row in self.rows) else "rows"  # as the table and events say
        return (
            f"In turn, each player is dealt one card at a time and places it in one of their {where} "
            f"{', '.join(self.rows)}, face up, until each holds {self.size} cards; card {down} of each goes face down."
        )

    def cards_needed(self, players: int) -> int:
        """Every row of every player."""
        return players * len(self.rows) * self.size


class PlaceRound:
    """The runtime: one card at a time to each player in turn, placed before the next is dealt."""

    __slots__ = ("card", "hand", "seats", "spec", "turn", "turns")

    def __init__(self, hand: Dealer, spec: PlaceStep) -> None:
        self.hand = hand
        self.spec = spec
        self.seats = hand.in_hand()
        self.turns = len(self.seats) * len(spec.rows) * spec.size
        self.turn = 0
        self.card: Card | None = None
        self._deal()

    def _deal(self) -> None:
        """Deal the card of the turn to its player alone."""
        seat = self.seats[self.turn % len(self.seats)]
        (self.card,) = self.hand.take(1)
        self.hand.deal((self.card,), Down(seat))
        self.hand.emit(Dealt(seat=seat, cards=(self.card,), up=False))

    def pending(self) -> tuple[int, ...]:
        """The player placing a card."""
        return (self.seats[self.turn % len(self.seats)],) if self.turn < self.turns else ()

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """The card just dealt, into any row with room."""
        assert self.card is not None
        rows = self.hand.placed[seat]
        room = tuple(name for name in self.spec.rows if len(rows[name]) < self.spec.size)
        return (PlaceLegal(ActionKind.PLACE, (self.card,), rows=room),)

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Place the card, face up unless its position is a face-down one; deal the next."""
        assert isinstance(action, Place)
        hand = self.hand
        hand.place(seat, action.row, action.card)
        up = len(hand.placed[seat][action.row]) not in self.spec.down
        if up:
            hand.move((action.card,), Down(seat), Up(seat))
        hand.emit(Placed(seat=seat, card=action.card, row=action.row, up=up))
        self.turn += 1
        if self.turn < self.turns:
            self._deal()

    def done(self) -> bool:
        """True when every row is full."""
        return self.turn >= self.turns

    def close(self) -> None:
        """Nothing to tidy."""
