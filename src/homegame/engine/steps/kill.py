"""``kill``: in lowball, a player may kill the pot with a double bet after seeing the first cards.

Rules document 004, "Kill game": "In some variants of Lowball, a player may choose to kill by
placing a double bet after seeing his first two cards."

A game places the step after the first two cards are dealt; it plays only under the house rule
``kill_bet`` (off by default). In turn from the button's left, each player still in may kill or
decline. The first to kill brings its bet to a double bet, twice the big blind (a blind it posted
counts towards it), a live bet; every stake of the rest of the hand is doubled, and nobody else
may kill. The readings taken where the document is silent: the killer's double bet is the
doubled big blind, the next round of betting starts left of the killer, and the killer keeps
the option to raise when it comes back to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from homegame.engine.actions import Action, ActionKind, Buy, ChoiceLegal, Legal, PlainLegal
from homegame.engine.betting import Stakes
from homegame.engine.events import SEATS, Event, Names, says
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register
from homegame.engine.steps.buy import Declined

__all__ = ["KillStep", "Killed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Killed(Event):
    """``seat`` killed the pot, bringing its bet to a double bet of ``amount`` chips by putting in
    ``put_in`` (less than ``amount`` when it had posted a blind): the stakes are doubled."""

    seat: int
    amount: int
    put_in: int

    @property
    def chips(self) -> int:
        """The chips put in (a blind already posted was counted when it was posted)."""
        return self.put_in

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2 kills with a double bet of 4: the stakes are doubled``."""
        return f"{says(names, self.seat, 'kills')} with a double bet of {self.amount}: the stakes are doubled"


KILL_BET = HouseRule(
    "kill_bet", bool, False, "a player may kill: a double bet that doubles the rest of the hand's stakes"
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class KillStep(Step):
    """The chance to kill the pot (see the module docstring).

    >>> print(KillStep().describe())
    Under the house rule kill_bet, each player in turn may kill with a double bet (twice the big \
blind), doubling the stakes of the rest of the hand.
    """

    kind: ClassVar[str] = "kill"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (KILL_BET,)

    @classmethod
    def read(cls, fields: Fields) -> KillStep:
        """No fields."""
        return cls()

    def begin(self, hand: Dealer) -> Decision | None:
        """Offer the kill, when the house plays it."""
        return KillRound(hand) if KILL_BET.read(hand.options) else None

    def describe(self) -> str:
        """One line for the rules."""
        return (
            "Under the house rule kill_bet, each player in turn may kill with a double bet (twice the big blind), "
            "doubling the stakes of the rest of the hand."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The double bet is twice the big blind, so the game has one, and the house rule to play it."""
        if not game.stakes.big_blind:
            fields.problem("kind", "a kill is a double bet of twice the big blind: the game needs stakes.big_blind")
        if game.option("kill_bet") is None:
            fields.problem("kind", "the kill is a house rule: the game needs the option kill_bet")


class KillRound:
    """The runtime: one seat at a time until someone kills or everyone has declined."""

    __slots__ = ("amount", "hand", "seats")

    def __init__(self, hand: Dealer) -> None:
        self.hand = hand
        self.amount = 2 * hand.stakes.big_blind
        self.seats = hand.in_hand()

    def pending(self) -> tuple[int, ...]:
        """The seat whose turn it is to kill or not."""
        return tuple(self.seats[:1])

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Kill (when the seat has the chips to bring its bet to the double bet) or decline."""
        decline = PlainLegal(ActionKind.DECLINE)
        price = self.amount - self.hand.bets[seat]  # a blind already posted counts towards it
        if self.hand.stacks[seat] < price:
            return (decline,)
        return ChoiceLegal(ActionKind.BUY, ("kill",), prices=(price,)), decline

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Kill: the double bet goes in live and the stakes double; or decline."""
        hand = self.hand
        self.seats.pop(0)
        if isinstance(action, Buy):
            hand.change_stakes(Stakes(**{name: 2 * amount for name, amount in hand.stakes.to_dict().items()}))
            # the next round starts left of the killer, whose bet stands as a blind
            put_in = hand.put_in(seat, self.amount - hand.bets[seat], blind=True)
            hand.emit(Killed(seat=seat, amount=self.amount, put_in=put_in))
            self.seats = []
        else:
            hand.emit(Declined(seat=seat, item="kill"))

    def done(self) -> bool:
        """True when someone has killed or everyone has declined."""
        return not self.seats

    def close(self) -> None:
        """Nothing to tidy."""
