"""``discard``: everyone still in throws away some down cards, without replacement.

Pineapple's players are dealt three hole cards and throw one away; Shanghai's players must
discard one of their three down cards at a time "determined ahead of time" (rules 004,
"Billabong and Shanghai"). The discards are face down: nobody else learns what they were,
only how many. Everyone chooses at once (:class:`~homegame.engine.steps.choose.CardChoice`).

When the timing is a house rule, ``when = { OPTION = "VALUE" }`` makes the step happen only
while that house rule has that value, so a game can list the discard at every moment the house
may choose and play exactly one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import ActionKind
from homegame.engine.events import SEATS, Event, Names, says
from homegame.engine.spec import Fields, OptionValue
from homegame.engine.steps.base import MUCK, Dealer, Decision, Down, Rules, Step, register
from homegame.engine.steps.choose import CardChoice, cards_phrase

__all__ = ["DiscardStep", "Discarded"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded(Event):
    """A seat threw ``cards`` away face down; other seats see only how many (``count``)."""

    told_by_action: ClassVar[bool] = True

    seat: int
    cards: tuple[Card, ...]
    count: int

    def seen_by(self, seat: int | None) -> Event:
        """Others learn how many cards went, not which."""
        return self if seat == self.seat else Discarded(seat=self.seat, cards=(), count=self.count)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 3 discards 2c 7d`` (``2 cards`` when the viewer may not see them)."""
        what = format_cards(self.cards) if self.cards else cards_phrase(self.count)
        return f"{says(names, self.seat, 'discards')} {what}"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardStep(Step):
    """Everyone still in discards ``count`` down cards at once, face down, and gets none back;
    with ``when`` only while a house rule has a given value.

    >>> DiscardStep().describe()
    'Everyone still in discards one card face down, all at once, and gets none back.'
    >>> print(DiscardStep(when=("discard", "last")).describe())
    When the house plays discard = last: everyone still in discards one card face down, all at once, and gets none back.
    """

    kind: ClassVar[str] = "discard"
    count: int = 1
    when: tuple[str, OptionValue] | None = None

    @classmethod
    def read(cls, fields: Fields) -> DiscardStep:
        """``count`` (1..4) and ``when = { OPTION = VALUE }``."""
        when = None
        if fields.has("when"):
            table = fields.table("when")
            pairs = list(table.data.items())
            if len(pairs) != 1 or not isinstance(pairs[0][1], bool | int | str):
                fields.problem("when", "name one house rule and its value: when = { OPTION = VALUE }")
            else:
                when = pairs[0]
        return cls(count=fields.integer("count", 1, low=1, high=4), when=when)

    def begin(self, hand: Dealer) -> Decision | None:
        """Everyone still in chooses (unless the house rule says this is not the moment)."""
        if self.when is not None and hand.options[self.when[0]] != self.when[1]:  # a rule of the game
            return None
        return CardChoice(hand, ActionKind.DISCARD, self.count, lambda seat, cards: _discard(hand, seat, cards))

    def describe(self) -> str:
        """One line for the rules."""
        text = f"everyone still in discards {cards_phrase(self.count)} face down, all at once, and gets none back."
        if self.when is None:
            return text[0].upper() + text[1:]
        return f"When the house plays {self.when[0]} = {self.when[1]}: {text}"

    def check_game(self, game: Rules, fields: Fields) -> None:
        """``when`` must name a house rule of the game and one of its values."""
        if self.when is None:
            return
        name, value = self.when
        option = game.option(name)
        if option is None:
            fields.problem("when", f"the game has no house rule {name!r}")
        elif option.choices and value not in option.choices:
            fields.problem("when", f"{name} is one of {', '.join(option.choices)}, not {value!r}")


def _discard(hand: Dealer, seat: int, cards: tuple[Card, ...]) -> None:
    hand.move(cards, Down(seat), MUCK)
    hand.emit(Discarded(seat=seat, cards=cards, count=len(cards)))
