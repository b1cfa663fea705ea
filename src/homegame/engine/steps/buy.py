"""``buy``: in turn from the button's left, each player still in may buy something at a price, or
decline. The price goes into the pot (:meth:`~homegame.engine.steps.base.Dealer.pay`: dead money that
every player still in may win), and a :class:`Bought` event records the purchase, so a later step
can serve the buyers only (a ``roll`` with ``bought = "option"``).

Two games of the rule documents buy this way:

- The Option (rules 001, third game): "Before getting the seventh down card, a player must decide
  whether or not to buy the Option. [...] If he buys the Option (at a cost of the maximum allowed
  bet), he turns a card up normally." ``item = "option"``, ``price = "big_bet"``.
- Push's Insurance (rules 003): "he must pay the pot a chip value of 10 to 20 times higher than the
  lowest chip value; and push any one of his cards (up or down) to the discard pile."
  ``item = "insurance"``, ``price`` a house rule, ``discard = 1``.

The ``price`` is a number of chips, a stake of the game (``big_bet``) or the name of one of the
game's house rules whose value is the price. A player must pay the whole price: one who has fewer
chips may only decline. With ``discard``, a buyer then throws away that many of their cards, down
or up, to the discard pile: face up for all to see, or face down (only how many is seen) under the
house rule ``discards_face_down`` (Push's optional rule).

The Grocery Store's purchases and Push's replacement cards are bought the same way (:func:`purchase`)
inside their own steps, ``store`` and ``push``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import (
    Action,
    ActionKind,
    Buy,
    CardsLegal,
    ChoiceLegal,
    Decline,
    Discard,
    Legal,
    PlainLegal,
)
from homegame.engine.betting import Stakes
from homegame.engine.events import SEATS, Event, Names, Prompt, says
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import MUCK, Dealer, Decision, Down, Row, Rules, Step, Up, register
from homegame.engine.steps.choose import cards_phrase

__all__ = [
    "PROMPT_CHARS",
    "Bought",
    "BuyStep",
    "Declined",
    "Thrown",
    "buyers",
    "check_price",
    "price_of",
    "price_words",
    "purchase",
    "read_price",
    "read_prompt",
    "throw_away",
]

_STAKES = tuple(field.name for field in fields(Stakes))


@dataclass(frozen=True, slots=True, kw_only=True)
class Bought(Event):
    """``seat`` paid ``price`` chips into the pot for ``item`` (and, when it is a card, ``card``)."""

    seat: int
    item: str
    price: int
    card: Card | None = None

    @property
    def chips(self) -> int:
        """The price paid."""
        return self.price

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 buys Qs (card) for 5``, ``seat 1 buys the option for 10``."""
        what = f"{self.card} ({self.item})" if self.card is not None else f"the {self.item}"
        return f"{says(names, self.seat, 'buys')} {what} for {self.price}"


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """``seat`` did not buy ``item``."""

    seat: int
    item: str

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 declines the twist``."""
        return f"{says(names, self.seat, 'declines')} the {self.item}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Thrown(Event):
    """``seat`` threw ``cards`` to the discard pile, face up, or face down (others then see only
    how many: ``count``)."""

    seat: int
    cards: tuple[Card, ...]
    count: int
    face_up: bool

    def seen_by(self, seat: int | None) -> Event:
        """A face-down discard keeps only its number for others."""
        if self.face_up or seat == self.seat:
            return self
        return Thrown(seat=self.seat, cards=(), count=self.count, face_up=False)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 throws 9h to the discard pile`` (``... face down``)."""
        what = format_cards(self.cards) if self.cards else cards_phrase(self.count)
        return f"{says(names, self.seat, 'throws')} {what} to the discard pile{'' if self.face_up else ' face down'}"


def purchase(hand: Dealer, seat: int, item: str, price: int, card: Card | None = None) -> None:
    """``seat`` pays ``price`` (it must have the chips) into the pot for ``item``; record it."""
    assert hand.stacks[seat] >= price, "a purchase needs the whole price"
    hand.emit(Bought(seat=seat, item=item, price=hand.pay(seat, price), card=card))


def buyers(hand: Dealer, item: str) -> set[int]:
    """The seats that have bought ``item`` in this hand."""
    return {event.seat for event in hand.events if isinstance(event, Bought) and event.item == item}


def throw_away(hand: Dealer, seat: int, cards: tuple[Card, ...]) -> None:
    """Move ``cards`` (down or up) of ``seat`` to the discard pile: face up into the public row
    ``discards``, or face down into the muck under the house rule ``discards_face_down``."""
    face_up = not DISCARDS_FACE_DOWN.read(hand.options)
    pile = Row("discards") if face_up else MUCK
    for card in cards:
        hand.move((card,), Down(seat) if card in hand.down[seat] else Up(seat), pile)
    hand.emit(Thrown(seat=seat, cards=cards, count=len(cards), face_up=face_up))


def price_of(hand: Dealer, price: int | str) -> int:
    """A price as chips: a number, a stake of the game, or a house rule's value."""
    if isinstance(price, int):
        return price
    if price in _STAKES:
        amount: object = getattr(hand.stakes, price)
    else:
        amount = hand.options[price]  # a whole-number house rule of the game (check_game says so)
    assert isinstance(amount, int)
    return amount


def read_price(fields: Fields) -> int | str:
    """A step's ``price`` field: chips, a stake's name or a house rule's name (required)."""
    price = fields.raw("price")
    if not isinstance(price, int | str) or isinstance(price, bool) or (isinstance(price, int) and price < 0):
        fields.problem("price", "required: chips (>= 0), a stake (big_bet) or a house rule's name")
        return 0
    return price


PROMPT_CHARS = 100
"""The most characters of a step's ``prompt`` (words beside the controls, after the step's own)."""


def read_prompt(fields: Fields) -> str:
    """A step's ``prompt``: the game's words to a player deciding, at most :data:`PROMPT_CHARS`."""
    prompt = fields.string("prompt", "")
    if len(prompt) > PROMPT_CHARS:
        fields.problem("prompt", f"at most {PROMPT_CHARS} characters, not {len(prompt)}")
        return ""
    return prompt


def price_words(price: int | str) -> str:
    """A price for the rules text: ``3 chips``, ``the big bet``, ``push_price chips (a house rule)``."""
    if isinstance(price, int):
        return f"{price} chips"
    if price in _STAKES:
        return f"the {price.replace('_', ' ')}"
    return f"{price} chips (a house rule)"


def check_price(price: int | str, game: Rules, fields: Fields) -> None:
    """A price named in a step (its ``price`` field) must be a stake the game sets or a
    whole-number house rule of the game."""
    if isinstance(price, int):
        return
    if price in _STAKES:
        if not getattr(game.stakes, price):
            fields.problem("price", f"the game sets no stakes.{price}")
        return
    option = game.option(price)
    if option is None or isinstance(option.default, bool) or not isinstance(option.default, int):
        fields.problem("price", f"{price!r} is neither a stake nor a whole-number house rule of the game")


DISCARDS_FACE_DOWN = HouseRule(
    "discards_face_down", bool, False, "cards put in the discard pile are turned face down (by default face up)"
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class BuyStep(Step):
    """Each player still in, in turn, buys ``item`` at ``price`` or declines (see the module docstring).

    >>> print(BuyStep(item="option", price="big_bet").describe())
    In turn, each player may buy the option for the big bet, or decline.
    >>> print(BuyStep(item="insurance", price="insurance_price", discard=1).describe())
    In turn, each player may buy the insurance for insurance_price chips (a house rule), and then
    throws one card (down or up) to the discard pile, or decline.
    """

    kind: ClassVar[str] = "buy"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (DISCARDS_FACE_DOWN,)
    item: str
    price: int | str
    discard: int = 0
    prompt: str = ""

    @classmethod
    def read(cls, fields: Fields) -> BuyStep:
        """``item``, ``price`` (chips, a stake's name, or a house rule's name), ``discard`` and
        ``prompt`` (the game's words to a player offered the item: what buying it does)."""
        item = fields.string("item", "")
        if not item:
            fields.problem("item", "required: what is bought")
        return cls(
            item=item,
            price=read_price(fields),
            discard=fields.integer("discard", 0, low=0, high=5),
            prompt=read_prompt(fields),
        )

    def begin(self, hand: Dealer) -> Decision | None:
        """Offer the item to every player still in, from the button's left."""
        return BuyRound(hand, self, price_of(hand, self.price))

    @property
    def throws(self) -> int:
        """The cards a buyer throws away for good: :attr:`discard`."""
        return self.discard

    @property
    def sells(self) -> str:
        """The item for sale: :attr:`item`."""
        return self.item

    def sale(self, seat: int) -> Event | None:
        """``seat`` buying :attr:`item` at no price."""
        return Bought(seat=seat, item=self.item, price=0)

    def buyer(self, event: Event) -> int | None:
        """The seat that bought :attr:`item`, when ``event`` is that purchase."""
        return event.seat if isinstance(event, Bought) and event.item == self.item else None

    def describe(self) -> str:
        """One line for the rules."""
        price = price_words(self.price)
        then = ""
        if self.discard:
            then = f", and then throws {cards_phrase(self.discard)} (down or up) to the discard pile"
        return f"In turn, each player may buy the {self.item} for {price}{then}, or decline."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """A named price must be a stake the game sets or a whole-number house rule."""
        check_price(self.price, game, fields)


class BuyRound:
    """The runtime: one seat at a time; a buyer who must discard names the cards next."""

    __slots__ = ("discarding", "hand", "price", "seats", "spec")

    def __init__(self, hand: Dealer, spec: BuyStep, price: int) -> None:
        self.hand = hand
        self.spec = spec
        self.price = price
        self.seats = hand.in_hand()
        self.discarding = False

    def pending(self) -> tuple[int, ...]:
        """The seat whose turn it is."""
        return tuple(self.seats[:1])

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Buy (when the seat has the chips) or decline; after buying, the cards to throw away."""
        hand, count = self.hand, self.spec.discard
        if self.discarding:
            return (CardsLegal(ActionKind.DISCARD, tuple(hand.cards(seat)), min=count, max=count),)
        decline = PlainLegal(ActionKind.DECLINE)
        if hand.stacks[seat] < self.price:
            return (decline,)
        return ChoiceLegal(ActionKind.BUY, (self.spec.item,), prices=(self.price,)), decline

    def prompt(self, seat: int) -> Prompt | None:
        """The game's words for the item offered (what buying it does), with its price; none while
        the buyer names the cards to throw away."""
        if self.discarding or not self.spec.prompt:
            return None
        return Prompt(text=f"Buy the {self.spec.item} for {self.price}, or decline. {self.spec.prompt}")

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Pay, decline, or throw the cards away."""
        hand = self.hand
        if isinstance(action, Buy):
            purchase(hand, seat, self.spec.item, self.price)
            if self.spec.discard:
                self.discarding = True
                return
        elif isinstance(action, Discard):
            throw_away(hand, seat, action.cards)
            self.discarding = False
        else:
            assert isinstance(action, Decline)
            hand.emit(Declined(seat, self.spec.item))
        self.seats.pop(0)

    def done(self) -> bool:
        """True when everyone has decided."""
        return not self.seats

    def close(self) -> None:
        """Nothing to tidy."""
