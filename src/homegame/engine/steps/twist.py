"""``twist``: the twist round (the "tittle"): each player may buy one more card, and buy again if
they do not like it.

Rules document 004, "more common rule variations", 6: "A twist round in which players can buy
another card from the deck. If a player does not like the purchased card, the player can
purchase another one by adding money to the pot. This is sometimes called a 'tittle.'"

In turn from the button's left, each player still in may buy a card at ``price`` (chips, a
stake such as ``small_bet``, or a house rule's name: see
:func:`~homegame.engine.steps.buy.price_of`), or decline. The card is dealt face down and joins
the hand. A player who does not like it may buy another at the same price: the disliked card
is thrown away face down and the new one takes its place, so a player ends with at most one
extra card. A player may buy at most ``buys`` cards in all (the house rule ``twist_buys``, when
the game has it, overrides it); the price goes into the pot as dead money (the player must have
it all).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, Buy, ChoiceLegal, Decline, Legal, PlainLegal
from homegame.engine.events import Dealt
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import MUCK, Dealer, Decision, Down, Rules, Step, register
from homegame.engine.steps.buy import Declined, check_price, price_of, price_words, purchase, read_price
from homegame.engine.steps.discard import Discarded

__all__ = ["Twist"]


TWIST_BUYS = HouseRule("twist_buys", int, 0, "cards a player may buy in the twist in all (the step's buys by default)")


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Twist(Step):
    """Each player in turn may buy a card at ``price``, and replace it by buying again, ``buys`` in all.

    >>> print(Twist(price="twist_price").describe())
    The twist: in turn, each player may buy one more card, face down, for twist_price chips (a house \
rule), and buy another in its place if they do not like it (2 cards bought at most).
    """

    kind: ClassVar[str] = "twist"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (TWIST_BUYS,)
    price: int | str
    buys: int = 2

    @classmethod
    def read(cls, fields: Fields) -> Twist:
        """``price`` (chips, a stake's name, or a house rule's name) and ``buys`` (1..5)."""
        return cls(price=read_price(fields), buys=fields.integer("buys", 2, low=1, high=5))

    def begin(self, hand: Dealer) -> Decision | None:
        """Offer the twist to every player still in, from the button's left."""
        return TwistRound(hand, price_of(hand, self.price), TWIST_BUYS.read(hand.options, instead=self.buys))

    def describe(self) -> str:
        """One line for the rules."""
        return (
            f"The twist: in turn, each player may buy one more card, face down, for {price_words(self.price)}, "
            f"and buy another in its place if they do not like it ({self.buys} cards bought at most)."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The price must be a stake the game sets or a whole-number house rule."""
        check_price(self.price, game, fields)

    def cards_needed(self, players: int) -> int:
        """Every player buying every card they may."""
        return players * self.buys


class TwistRound:
    """The runtime: one player at a time, who may buy again after seeing the card."""

    __slots__ = ("bought", "buys", "hand", "price", "seats")

    def __init__(self, hand: Dealer, price: int, buys: int) -> None:
        self.hand = hand
        self.price = price
        self.buys = buys
        self.seats = hand.in_hand()
        self.bought: list[Card] = []

    def pending(self) -> tuple[int, ...]:
        """The seat whose turn it is."""
        return tuple(self.seats[:1])

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Buy a card (another, in place of the last) when allowed and affordable, or decline."""
        decline = PlainLegal(ActionKind.DECLINE)
        if len(self.bought) >= self.buys or self.hand.stacks[seat] < self.price:
            return (decline,)
        item = "another" if self.bought else "card"
        return ChoiceLegal(ActionKind.BUY, (item,), prices=(self.price,)), decline

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Pay and deal (throwing away the card bought before), or pass on to the next player."""
        hand = self.hand
        if isinstance(action, Decline):
            hand.emit(Declined(seat, "twist"))
            self._next()
            return
        assert isinstance(action, Buy)
        if self.bought:
            old = self.bought[-1]
            hand.move((old,), Down(seat), MUCK)
            hand.emit(Discarded(seat=seat, cards=(old,), count=1))
        purchase(hand, seat, "twist", self.price)
        card = hand.take(1)
        hand.deal(card, Down(seat))
        hand.emit(Dealt(seat=seat, cards=card, up=False))
        self.bought.append(card[0])
        if len(self.bought) >= self.buys:
            self._next()

    def _next(self) -> None:
        self.seats.pop(0)
        self.bought = []

    def done(self) -> bool:
        """True when everyone has had their turn."""
        return not self.seats

    def close(self) -> None:
        """Nothing to tidy."""
