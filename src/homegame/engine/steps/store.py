"""``store``: a round of up cards where each player may buy their card from the Grocery Store
instead (rules 001, fourth game).

"Dealer gives two cards down and one up to each player, plus three up cards to the table (the
grocery store) with the left-hand card marked with a chip. [...] before being dealt each up card,
each player has the choice instead to buy his card from the grocery store. First card (the marked
one) costs one betting unit, the second costs 2, and the third costs 3. If the player chooses not
to buy, then he is dealt an up card normally. Prior to each potential purchase, the store is
restocked as necessary from the deck. Note that this means that, if the dealer buys a card, the
store shows only two cards during the ensuing betting round, it is not restocked until the next
dealing round. The remaining store stock is discarded after all players have four up cards."

The store is a row of places, one card each (``rows``: ``store-1``, ``store-2``, ``store-3``, dealt
face up before the first betting round), priced ``prices`` betting units (``unit``: a stake of the
game, the small bet by default). A card bought leaves its place empty, and a new card fills that
same place from the deck just before the next player decides; the place keeps its price. In turn
from the button's left, each player still in buys one of the store cards they can pay for (the
price goes into the pot) or declines and is dealt an up card. With ``last``, the cards left in the
store are discarded after the round.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import Action, ActionKind, Buy, ChoiceLegal, Decline, Legal, PlainLegal
from homegame.engine.betting import Stakes
from homegame.engine.events import Dealt, Event
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Row, Rules, Step, Up, register
from homegame.engine.steps.buy import purchase
from homegame.engine.steps.deal import Deal

__all__ = ["Closed", "Store"]

_STAKES = tuple(field.name for field in fields(Stakes))
_PLACES = ("store-1", "store-2", "store-3")
_PRICES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Closed(Event):
    """The store's remaining stock is discarded."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"the store closes: {format_cards(self.cards)} discarded" if self.cards else "the store closes"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Store(Step):
    """A round of up cards with the store open (see the module docstring).

    >>> print(Store().describe())
    In turn, each player buys their up card from the store (1, 2 or 3 small bets, by place) or is
    dealt one; an empty place is refilled before each player decides.
    """

    kind: ClassVar[str] = "store"
    rows: tuple[str, ...] = _PLACES
    prices: tuple[int, ...] = _PRICES
    unit: str = "small_bet"
    last: bool = False

    @classmethod
    def read(cls, fields: Fields) -> Store:
        """``rows`` (the store's places), ``prices`` (betting units, one per place), ``unit`` and ``last``."""
        rows = fields.strings("rows", _PLACES)
        prices = fields.raw("prices")
        if prices is None:
            prices = list(_PRICES)
        if not isinstance(prices, list) or not all(isinstance(p, int) and not isinstance(p, bool) for p in prices):
            fields.problem("prices", f"must be a list of whole numbers, not {prices!r}")
            prices = list(_PRICES)
        if len(prices) != len(rows) or any(price < 0 for price in prices):
            fields.problem("prices", f"one price (>= 0) for each of the {len(rows)} places")
            rows, prices = _PLACES, list(_PRICES)
        unit = fields.string("unit", "small_bet", _STAKES)
        return cls(rows=rows, prices=tuple(prices), unit=unit, last=fields.boolean("last", False))

    def begin(self, hand: Dealer) -> Decision | None:
        """Open the store to every player still in, from the button's left."""
        return StoreRound(hand, self)

    def describe(self) -> str:
        """One line for the rules."""
        prices = ", ".join(map(str, self.prices[:-1])) + f" or {self.prices[-1]}"
        text = (
            f"In turn, each player buys their up card from the store ({prices} {self.unit.replace('_', ' ')}s, "
            "by place) or is dealt one; an empty place is refilled before each player decides"
        )
        return text + ("; then the store's remaining cards are discarded." if self.last else ".")

    def cards_needed(self, players: int) -> int:
        """One card for each player's decision: the up card dealt to one who declines, or the card
        that refills the place one bought."""
        return players

    def check_game(self, game: Rules, fields: Fields) -> None:
        """Each place of the store is dealt one card face up before, and the unit is a stake of the game."""
        for name in self.rows:
            deals = [step for step in game.steps if isinstance(step, Deal) and step.row == name]
            if sum(step.board for step in deals) != 1 or any(step.face != "up" for step in deals):
                fields.problem("rows", f"place {name!r} must be dealt one card face up")
        if not getattr(game.stakes, self.unit):
            fields.problem("unit", f"the game sets no stakes.{self.unit}")


class StoreRound:
    """The runtime: one seat at a time; the store is restocked before each seat decides."""

    __slots__ = ("hand", "seats", "spec")

    def __init__(self, hand: Dealer, spec: Store) -> None:
        self.hand = hand
        self.spec = spec
        self.seats = hand.in_hand()
        self._restock()

    def _restock(self) -> None:
        """Fill every empty place of the store from the deck."""
        hand = self.hand
        for name in self.spec.rows:
            if not hand.rows.get(name):
                card = hand.take(1)
                hand.deal(card, Row(name))
                hand.emit(Dealt(seat=None, cards=card, up=True, row=name))

    def _offers(self, seat: int) -> list[tuple[str, Card, int]]:
        """The store's cards the seat can pay for: (place, card, price)."""
        hand, unit = self.hand, getattr(self.hand.stakes, self.spec.unit)
        offers = [
            (name, hand.rows[name][0], units * unit)
            for name, units in zip(self.spec.rows, self.spec.prices, strict=True)
        ]
        return [offer for offer in offers if offer[2] <= hand.stacks[seat]]

    def pending(self) -> tuple[int, ...]:
        """The seat whose turn it is."""
        return tuple(self.seats[:1])

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Buy a store card one can pay for, or decline and be dealt a card."""
        offers = self._offers(seat)
        decline = PlainLegal(ActionKind.DECLINE)
        if not offers:
            return (decline,)
        choices = tuple(str(card) for _, card, _ in offers)
        return ChoiceLegal(ActionKind.BUY, choices, prices=tuple(price for _, _, price in offers)), decline

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Buy the card named (its place left empty) or deal one; then restock for the next player."""
        hand = self.hand
        if isinstance(action, Buy):
            name, card, price = next(offer for offer in self._offers(seat) if str(offer[1]) == action.item)
            hand.move((card,), Row(name), Up(seat))
            purchase(hand, seat, "store", price, card)
        else:
            assert isinstance(action, Decline)
            dealt = hand.take(1)
            hand.deal(dealt, Up(seat))
            hand.emit(Dealt(seat=seat, cards=dealt, up=True))
        self.seats.pop(0)
        if self.seats:
            self._restock()

    def done(self) -> bool:
        """True when everyone has a new up card."""
        return not self.seats

    def close(self) -> None:
        """After the last round, discard what is left in the store."""
        if self.spec.last:
            hand = self.hand
            left = tuple(card for name in self.spec.rows for card in hand.muck_row(name))
            hand.emit(Closed(left))
