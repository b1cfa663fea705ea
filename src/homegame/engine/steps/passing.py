"""``pass``: everyone still in passes some of their down cards to the next player still in on their
left, all at once (Anaconda).

Rules document 004, "more common rule variations", 3: "Players can pass cards to each other. An
example of this would be Anaconda." Every player chooses ``count`` of their down cards in
secret (:class:`~homegame.engine.steps.choose.CardChoice`); only when all have chosen do the
cards change hands, so nobody picks a pass knowing what is coming. A player's passed cards go to
the next player still in, clockwise (to the left): only the two of them see which cards went.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import ActionKind
from homegame.engine.events import SEATS, Event, Names, name, says
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Down, Step, register
from homegame.engine.steps.choose import CardChoice, cards_phrase

__all__ = ["PassStep", "Passed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """``seat`` passed ``cards`` to ``to``; the other seats see only how many (``count``)."""

    seat: int
    to: int
    cards: tuple[Card, ...]
    count: int

    def seen_by(self, seat: int | None) -> Event:
        """Only the passer and the receiver see the cards."""
        if seat in (self.seat, self.to):
            return self
        return Passed(seat=self.seat, to=self.to, cards=(), count=self.count)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 passes 7c 2d to seat 1`` (``2 cards`` when the viewer may not see them)."""
        what = format_cards(self.cards) if self.cards else cards_phrase(self.count)
        return f"{says(names, self.seat, 'passes')} {what} to {name(names, self.to)}"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class PassStep(Step):
    """Everyone still in passes ``count`` down cards to the left, all at once.

    >>> PassStep(count=3).describe()
    'Everyone still in chooses three cards and passes them to the next player on the left, all at once.'
    """

    kind: ClassVar[str] = "pass"
    count: int = 1

    @classmethod
    def read(cls, fields: Fields) -> PassStep:
        """``count`` (1..4): how many cards each player passes."""
        return cls(count=fields.integer("count", 1, low=1, high=4))

    def begin(self, hand: Dealer) -> Decision | None:
        """Everyone still in chooses what to pass."""
        return CardChoice(hand, ActionKind.PASS, self.count, lambda seat, cards: _pass(hand, seat, cards))

    def describe(self) -> str:
        """One line for the rules."""
        what = cards_phrase(self.count)
        return f"Everyone still in chooses {what} and passes them to the next player on the left, all at once."


def _pass(hand: Dealer, seat: int, cards: tuple[Card, ...]) -> None:
    """Move ``cards`` from ``seat`` to the next player still in on its left."""
    seats = hand.in_hand(seat)
    to = seats[1] if len(seats) > 1 else seat
    hand.move(cards, Down(seat), Down(to))
    hand.emit(Passed(seat=seat, to=to, cards=cards, count=len(cards)))
