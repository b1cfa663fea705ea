"""``draw``: in turn from the button's left, each player discards up to ``max`` down cards and is
dealt as many new ones. When the stock runs short, the discards are shuffled to make a new one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from homegame.engine.actions import Action, Draw, Legal
from homegame.engine.events import Drew
from homegame.engine.spec import Fields
from homegame.engine.steps import register
from homegame.engine.steps.base import Decision, Step

if TYPE_CHECKING:
    from homegame.engine.hand import Hand


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class DrawStep(Step):
    """The draw: each player still in (all-in players too) discards 0..``max`` down cards.

    >>> DrawStep(max=3).describe()
    'The draw: in turn, each player may discard up to 3 cards and is dealt as many.'
    """

    kind: ClassVar[str] = "draw"
    max: int = 5

    @classmethod
    def read(cls, fields: Fields) -> DrawStep:
        """``max``: the most cards one may discard (0..5)."""
        return cls(max=fields.integer("max", 5, low=0, high=5))

    def begin(self, hand: Hand) -> Decision | None:
        """Start the draw with the first player left of the button."""
        return DrawRound(hand, self.max)

    def describe(self) -> str:
        """One line for the rules."""
        return f"The draw: in turn, each player may discard up to {self.max} cards and is dealt as many."


class DrawRound:
    """The runtime of a draw: one seat at a time, in order."""

    __slots__ = ("hand", "index", "limit", "seats")

    def __init__(self, hand: Hand, limit: int) -> None:
        self.hand = hand
        self.limit = limit
        self.seats = hand.in_hand()
        self.index = 0

    def pending(self) -> tuple[int, ...]:
        """The seat whose turn it is to draw."""
        return (self.seats[self.index],) if self.index < len(self.seats) else ()

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Discard 0..limit of one's down cards."""
        down = tuple(self.hand.down[seat])
        return (Legal(kind="draw", min=0, max=min(self.limit, len(down)), cards=down),)

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Replace the discards from the stock."""
        assert isinstance(action, Draw)
        hand = self.hand
        discards = action.cards
        drawn = hand.take(len(discards)) if discards else ()
        down = hand.down[seat]
        for card in discards:
            down.remove(card)
        down.extend(drawn)
        hand.muck.extend(discards)
        hand.emit(Drew(seat=seat, discarded=discards, drawn=drawn, count=len(discards)))
        self.index += 1

    def done(self) -> bool:
        """True when everyone has drawn."""
        return self.index >= len(self.seats)

    def close(self) -> None:
        """Nothing to tidy."""
