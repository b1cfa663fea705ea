"""``pay-or-fold``: a card of one rank dealt face up must be bought by matching the pot, or its
holder folds (Baseball's open threes).

The usual Baseball rule: a three dealt face up "presents the recipient with a choice: they
can either buy the 3 by matching the number of chips in the pot, in which case the 3 becomes
wild; or they can consider themselves struck out and fold". House rules, when the game has
them: ``pay_or_fold`` (true by default; false: an open three is simply wild, free) and
``pay_cap`` (the most a card can cost; 0 for no limit).

The step goes after every deal of up cards (and after any extra cards). Each card of
``rank`` showing before a player still in, and not yet paid for, is offered in the order the
players were dealt to (from the button's left), one at a time: the price is the pot as it
stands then (so a second buyer pays more), at most the cap, at most the player's chips (a
player who cannot match the pot pays all they have and stays in). The price goes into the
pot as dead money, not as a bet: it is not called, and the players still able to bet when it
is paid may win it (a player already all in cannot: :meth:`~homegame.engine.steps.base.Dealer.pay`).
Folding needs no bet to face, so the players still betting may all fold against one all in:
the chips nobody left may win then go back to the last of them to fold (the hand does it, as
it gives back an uncalled bet). The purchase is recorded as the ``buy`` step's
:class:`~homegame.engine.steps.buy.Bought`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from homegame.cards import Card, Rank
from homegame.engine.actions import Action, ActionKind, Buy, ChoiceLegal, Fold, Legal, PlainLegal
from homegame.engine.events import Acted
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import Dealer, Decision, Step, register
from homegame.engine.steps.buy import Bought
from homegame.ranking.poker import rank_name

__all__ = ["PayOrFold"]


PAY_OR_FOLD = HouseRule("pay_or_fold", bool, True, "the pay-or-fold round is played (false: skipped)")
PAY_CAP = HouseRule("pay_cap", int, 0, "the most a player pays to stay in (0: the whole pot)")


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class PayOrFold(Step):
    """Each ``rank`` card showing must be bought for the pot, or its holder folds.

    >>> PayOrFold().describe()
    'A three dealt face up must be bought by matching the pot, or its holder folds.'
    """

    kind: ClassVar[str] = "pay-or-fold"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (PAY_OR_FOLD, PAY_CAP)
    rank: Rank = Rank.THREE

    @classmethod
    def read(cls, fields: Fields) -> PayOrFold:
        """``rank`` (``3``)."""
        return cls(rank=fields.rank("rank", Rank.THREE))

    def begin(self, hand: Dealer) -> Decision | None:
        """Offer every unpaid ``rank`` card showing, unless the house plays them free."""
        if not PAY_OR_FOLD.read(hand.options):
            return None
        paid = {event.card for event in hand.events if isinstance(event, Bought)}
        offers = [(seat, card) for seat in hand.in_hand() for card in hand.up[seat] if card.rank == self.rank]
        offers = [(seat, card) for seat, card in offers if card not in paid]
        return PayRound(hand, offers) if offers else None

    def describe(self) -> str:
        """One line for the rules."""
        return f"A {rank_name(self.rank)} dealt face up must be bought by matching the pot, or its holder folds."


class PayRound:
    """The runtime: the offers, one seat at a time, in order."""

    __slots__ = ("hand", "offers")

    def __init__(self, hand: Dealer, offers: list[tuple[int, Card]]) -> None:
        self.hand = hand
        self.offers = offers

    def pending(self) -> tuple[int, ...]:
        """The seat holding the next card offered."""
        return self.offers[0][:1] if self.offers else ()

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Buy the card at its price, or fold."""
        offer = ChoiceLegal(ActionKind.BUY, (str(self.offers[0][1]),), prices=(self.price(seat),))
        return offer, PlainLegal(ActionKind.FOLD)

    def price(self, seat: int) -> int:
        """The pot, at most the house's cap and the seat's chips."""
        cap = PAY_CAP.read(self.hand.options)
        price = min(self.hand.pot, self.hand.stacks[seat])
        return min(price, cap) if cap > 0 else price

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Pay for the card, or fold (and skip the seat's other offers)."""
        hand = self.hand
        card = self.offers.pop(0)[1]
        if isinstance(action, Buy):
            hand.emit(Bought(seat=seat, item="wild card", price=hand.pay(seat, self.price(seat)), card=card))
        else:
            assert isinstance(action, Fold)
            hand.fold(seat)
            hand.emit(Acted(seat, action))
            self.offers = [offer for offer in self.offers if offer[0] != seat]

    def done(self) -> bool:
        """True when every card offered is bought or folded."""
        return not self.offers

    def close(self) -> None:
        """Nothing to tidy."""
