"""``roll``: roll your own. Everyone still in turns some of their down cards face up.

Rules 004, "more common rule variations", 8: "Roll your own is played in stud games, and
allows the player to determine which of his or her cards are turned up and visible to the
other players." In Mexican stud every card is dealt face down and each player "decides which
of the two down cards is exposed"; in roll-your-own seven-card stud the first three cards are
dealt down and each player exposes one.

Everyone chooses at once and in secret (:class:`~homegame.engine.steps.choose.CardChoice`);
the cards turn over together when all have chosen, so nobody rolls knowing another's choice.

With ``bought``, only the players who bought that item roll (The Option, rules 001: "If he
declines the option, he does not turn another card up. If he buys the Option [...], he turns a
card up normally"; see :mod:`~homegame.engine.steps.buy`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import ActionKind
from homegame.engine.events import SEATS, Event, Names, Prompt, says
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Down, Step, Up, register
from homegame.engine.steps.buy import buyers, read_prompt
from homegame.engine.steps.choose import CardChoice, cards_phrase

__all__ = ["RollStep", "Rolled"]


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A seat turned ``cards`` face up (public: everyone sees them)."""

    told_by_action: ClassVar[bool] = True

    seat: int
    cards: tuple[Card, ...]

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 rolls up Kd``."""
        return f"{says(names, self.seat, 'rolls up')} {format_cards(self.cards)}"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class RollStep(Step):
    """Everyone still in chooses ``count`` of their down cards; all turn face up together.

    >>> RollStep().describe()
    'Everyone still in chooses one card of their down cards, and all turn them face up together.'
    >>> RollStep(bought="option").describe()
    'Everyone still in who bought the option chooses one card of their down cards, and all turn them face up together.'
    """

    kind: ClassVar[str] = "roll"
    count: int = 1
    bought: str = ""
    prompt: str = ""

    @classmethod
    def read(cls, fields: Fields) -> RollStep:
        """``count`` (1..4): how many cards each player turns up; ``bought``: only the buyers of that
        item; ``prompt``: the game's words to a player rolling, after what rolling does."""
        return cls(
            count=fields.integer("count", 1, low=1, high=4),
            bought=fields.string("bought", ""),
            prompt=read_prompt(fields),
        )

    def begin(self, hand: Dealer) -> Decision | None:
        """Everyone still in (who bought the item, with ``bought``) chooses."""
        seats = buyers(hand, self.bought) if self.bought else None
        says = Prompt(text=self.says())
        return CardChoice(
            hand, ActionKind.ROLL, self.count, lambda seat, cards: _roll(hand, seat, cards), seats=seats, says=says
        )

    def says(self) -> str:
        """What rolling asks of a player, in words.

        >>> print(RollStep().says())
        Roll: choose one card of your down cards to turn face up; all turn over together.
        """
        what = cards_phrase(self.count)
        text = f"Roll: choose {what} of your down cards to turn face up; all turn over together."
        return f"{text} {self.prompt}" if self.prompt else text

    @property
    def roll_bought(self) -> str:
        """The item whose buyers alone roll: :attr:`bought`."""
        return self.bought

    def describe(self) -> str:
        """One line for the rules."""
        what = cards_phrase(self.count)
        who = f"Everyone still in who bought the {self.bought}" if self.bought else "Everyone still in"
        return f"{who} chooses {what} of their down cards, and all turn them face up together."


def _roll(hand: Dealer, seat: int, cards: tuple[Card, ...]) -> None:
    hand.move(cards, Down(seat), Up(seat))
    hand.emit(Rolled(seat, cards))
