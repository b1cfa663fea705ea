"""``draw``: in turn from the button's left, each player discards up to ``max`` down cards and is
dealt as many new ones. When the stock runs short, the discards are shuffled to make a new one.

With a ``price`` each new card is bought: chips, a stake or a house rule (as the ``buy`` step's
price), times ``multiple``, paid into the pot as dead money every player still in may win. Rules
004, Countdown: "if the dealer says each replacement card costs $10 in the first round, then each
card costs $20 in the second round, and $40 in the final round." A player draws no more cards than
they can pay for.

The house rule ``draw_deal`` says when the new cards come: ``in-turn`` (the casino rule: each player
discards and is dealt in turn; when the stock runs short, the discards so far, not the player's own,
make the new stock) or ``discards-first`` (PokerKit's reading: every player discards, a card is
burned, then each is dealt in turn, and a new stock takes every discard, the player's own too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from homegame.engine.actions import Action, ActionKind, CardsLegal, Draw, Legal
from homegame.engine.events import Burned, Drew
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import MUCK, Dealer, Decision, Down, Rules, Step, register
from homegame.engine.steps.buy import check_price, price_of, price_words, purchase, read_price

if TYPE_CHECKING:
    from homegame.cards import Card


DRAW_DEAL = HouseRule(
    "draw_deal",
    str,
    "in-turn",
    "each player in turn discards and is dealt (in-turn), or every player discards first (discards-first)",
    choices=("in-turn", "discards-first"),
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class DrawStep(Step):
    """The draw: each player still in (all-in players too) discards 0..``max`` down cards.

    >>> DrawStep(max=3).describe()
    'The draw: in turn, each player may discard up to 3 cards and is dealt as many.'
    """

    kind: ClassVar[str] = "draw"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (DRAW_DEAL,)
    max: int = 5
    price: int | str = 0
    multiple: int = 1

    @classmethod
    def read(cls, fields: Fields) -> DrawStep:
        """``max``: the most cards one may discard (0..5); ``price`` and ``multiple``: what each new card costs."""
        price = read_price(fields) if fields.has("price") else 0
        return cls(
            max=fields.integer("max", 5, low=0, high=5),
            price=price,
            multiple=fields.integer("multiple", 1, low=1, high=100),
        )

    def begin(self, hand: Dealer) -> Decision | None:
        """Start the draw with the first player left of the button."""
        return DrawRound(hand, self.max, price_of(hand, self.price) * self.multiple if self.price else 0)

    @property
    def draws(self) -> bool:
        """True: a draw."""
        return True

    def describe(self) -> str:
        """One line for the rules.

        >>> print(DrawStep(max=2, price="card_price", multiple=2).describe())
        The draw: in turn, each player may discard up to 2 cards and is dealt as many, each new card
        costing 2 x card_price chips (a house rule).
        """
        text = f"The draw: in turn, each player may discard up to {self.max} cards and is dealt as many"
        if not self.price:
            return text + "."
        times = f"{self.multiple} x " if self.multiple > 1 else ""
        return f"{text}, each new card costing {times}{price_words(self.price)}."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """A named price must be a stake the game sets or a whole-number house rule."""
        if self.price:
            check_price(self.price, game, fields)


class DrawRound:
    """The runtime of a draw: one seat at a time, in order."""

    __slots__ = ("cost", "discarded", "first", "hand", "index", "limit", "seats")

    def __init__(self, hand: Dealer, limit: int, cost: int = 0) -> None:
        self.hand = hand
        self.limit = limit
        self.cost = cost
        """The price of each new card (0: free)."""
        self.seats = hand.in_hand()
        self.index = 0
        self.first = DRAW_DEAL.read(hand.options) == "discards-first"
        """Every player discards first, then the new cards are dealt (PokerKit's reading)."""
        self.discarded: list[tuple[int, tuple[Card, ...]]] = []
        """Under ``first``: the discards made so far, by seat, waiting for their new cards."""

    def pending(self) -> tuple[int, ...]:
        """The seat whose turn it is to draw."""
        return (self.seats[self.index],) if self.index < len(self.seats) else ()

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Discard 0..limit of one's down cards."""
        down = tuple(self.hand.down[seat])
        most = min(self.limit, len(down))
        if self.cost:
            most = min(most, self.hand.stacks[seat] // self.cost)
        return (CardsLegal(ActionKind.DRAW, down, max=most, price=self.cost),)

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Replace the discards from the stock."""
        assert isinstance(action, Draw)
        hand = self.hand
        discards = action.cards
        if self.cost and discards:
            purchase(hand, seat, "new cards" if len(discards) > 1 else "new card", self.cost * len(discards))
        self.index += 1
        if not self.first:
            self._replace(seat, discards, hand.take(len(discards)) if discards else ())
            return
        hand.move(discards, Down(seat), MUCK)
        self.discarded.append((seat, discards))
        if self.done():
            hand.deal(hand.take(1), MUCK)
            hand.emit(Burned(1))
            for waiting, cards in self.discarded:
                self._replace(waiting, cards, hand.take(len(cards)) if cards else ())

    def _replace(self, seat: int, discards: tuple[Card, ...], drawn: tuple[Card, ...]) -> None:
        hand = self.hand
        if not self.first:
            hand.move(discards, Down(seat), MUCK)
        hand.deal(drawn, Down(seat))
        hand.emit(Drew(seat=seat, discarded=discards, drawn=drawn, count=len(discards)))

    def done(self) -> bool:
        """True when everyone has drawn."""
        return self.index >= len(self.seats)

    def close(self) -> None:
        """Nothing to tidy."""
