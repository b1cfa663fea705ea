"""``push``: a round of up cards in Push (rules 003), where each card may be kept or pushed on.

"Dealer then deals one card face up to first player on his left. That player then has the option
to keep, or push that card to the next player and purchase (Price is optional) another face up
card from the dealer which he must keep face up, until at least the next round of the deal. (If
dealer wants to push, he pays a chip and pushes to the discard pile.)" "Remember, that a card may
be pushed all the way around the table during the deal!"

So, in turn from the button's left, each player still in is offered a card face up: the one the
player before pushed on, or else a fresh one from the deck. Keeping it ends that player's turn;
pushing it sends it on to the next player and buys the pusher a replacement from the deck, at
``price`` (chips, a stake, or a house rule: ``push_price``), which the pusher must keep. The last
player of the round (the dealer, or the last player still in before the dealer) has nobody to push
to: a push sends the card to the discard pile (face up, or face down under the house rule
``discards_face_down``) and buys the replacement for one chip (:data:`DEALER_PUSH`), whatever the
price of the others' pushes. A player who cannot pay the price must keep. Only the card just
offered can be pushed: never the hole card, nor a card kept in an earlier round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, Keep, Legal, PlainLegal, Push
from homegame.engine.events import SEATS, Dealt, Event, Names, Prompt, name, says
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, Up, register
from homegame.engine.steps.buy import check_price, price_of, price_words, purchase, read_price, throw_away

__all__ = ["DEALER_PUSH", "PushStep", "Pushed"]

DEALER_PUSH = 1
"""What the dealer's push to the discard pile costs: "he pays a chip", one of the lowest value."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pushed(Event):
    """``seat`` pushed ``card`` on to seat ``to``."""

    seat: int
    card: Card
    to: int

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 pushes 8s to seat 1``."""
        return f"{says(names, self.seat, 'pushes')} {self.card} to {name(names, self.to)}"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class PushStep(Step):
    """One up card for every player still in, each kept or pushed on (see the module docstring).

    >>> print(PushStep(price="push_price").describe())
    Each player in turn is offered an up card (the one pushed on by the player before, or a fresh
    one) and keeps it, or pushes it to the next player (the last player: to the discard pile) and
    buys a replacement for push_price chips (a house rule), which must be kept; the last player's
    push costs one chip.
    """

    kind: ClassVar[str] = "push"
    price: int | str

    @classmethod
    def read(cls, fields: Fields) -> PushStep:
        """``price``: what a replacement card costs (chips, a stake's name, or a house rule's name)."""
        return cls(price=read_price(fields))

    def begin(self, hand: Dealer) -> Decision | None:
        """Offer the first card."""
        return PushRound(hand, price_of(hand, self.price))

    def describe(self) -> str:
        """One line for the rules."""
        return (
            "Each player in turn is offered an up card (the one pushed on by the player before, or a fresh one) "
            "and keeps it, or pushes it to the next player (the last player: to the discard pile) and buys a "
            f"replacement for {price_words(self.price)}, which must be kept; the last player's push costs one chip."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The price must be one the game sets."""
        check_price(self.price, game, fields)

    def cards_needed(self, players: int) -> int:
        """One card each, and the dealer's replacement when the dealer pushes."""
        return players + 1


class PushRound:
    """The runtime: one seat at a time; the card offered is the last of the seat's up cards."""

    __slots__ = ("hand", "price", "seats")

    def __init__(self, hand: Dealer, price: int) -> None:
        self.hand = hand
        self.price = price
        self.seats = hand.in_hand()
        self._offer(self.seats[0])

    def _offer(self, seat: int) -> None:
        """Offer ``seat`` a fresh card from the deck, face up (a card pushed on goes straight to it)."""
        fresh = self.hand.take(1)
        self.hand.deal(fresh, Up(seat))
        self.hand.emit(Dealt(seat=seat, cards=fresh, up=True))

    def pending(self) -> tuple[int, ...]:
        """The seat offered a card."""
        return tuple(self.seats[:1])

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Keep, or push (its ``chips`` the price of the replacement) when the seat can pay for one."""
        keep = PlainLegal(ActionKind.KEEP)
        price = self.price if len(self.seats) > 1 else DEALER_PUSH
        push = PlainLegal(ActionKind.PUSH, chips=price)
        return (keep, push) if self.hand.stacks[seat] >= price else (keep,)

    def prompt(self, seat: int) -> Prompt:
        """Whom a push sends the card to, and what the replacement costs.

        >>> from homegame.engine.hand import Hand
        >>> from homegame.games import load
        >>> hand = Hand(load("push"), [100, 100, 100], seed=4)
        >>> while hand.step.kind != "push":
        ...     _ = hand.act(hand.pending()[0], hand.legal_actions(hand.pending()[0])[0].make())
        >>> prompt = hand.decision.prompt(hand.pending()[0])
        >>> prompt.to == hand.pending()[0] + 1, "{to} (to keep or push on)" in prompt.text
        (True, True)
        """
        card = self.hand.up[seat][-1]
        if len(self.seats) > 1:
            price, to = self.price, self.seats[1]
            push = f"push it on to {{to}} (to keep or push on) and buy a face-up replacement for {price} to keep"
        else:
            price, to = DEALER_PUSH, None
            push = f"push it to the discard pile and buy a face-up replacement for {price} to keep"
        if self.hand.stacks[seat] < price:
            return Prompt(text=f"Keep the {card}: a replacement costs {price}, more than you have.")
        return Prompt(text=f"Keep the {card}, or {push}.", to=to)

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Keep the card, or push it on and buy the replacement; then offer the next seat its card."""
        hand = self.hand
        price = self.price if len(self.seats) > 1 else DEALER_PUSH
        self.seats.pop(0)
        pushed = None
        if isinstance(action, Push):
            if self.seats:
                pushed = hand.up[seat][-1]
                hand.move((pushed,), Up(seat), Up(self.seats[0]))
                hand.emit(Pushed(seat=seat, card=pushed, to=self.seats[0]))
            else:  # the last player pushes to the discard pile
                throw_away(hand, seat, (hand.up[seat][-1],))
            replacement = hand.take(1)
            hand.deal(replacement, Up(seat))
            purchase(hand, seat, "replacement", price, replacement[0])
        else:
            assert isinstance(action, Keep)
        if self.seats and pushed is None:
            self._offer(self.seats[0])

    def done(self) -> bool:
        """True when every player has kept a card."""
        return not self.seats

    def close(self) -> None:
        """Nothing to tidy."""
