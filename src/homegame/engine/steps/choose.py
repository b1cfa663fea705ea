"""The runtime shared by steps where everyone still in picks some of their own down cards at once.

Pineapple's discard, roll-your-own's roll and Anaconda's pass are the same decision with a
different ending:
every player still in the hand (all-in players too) names ``count`` of their down cards, all at
the same moment and in secret, and only when everyone has chosen does anything happen to the
cards (:class:`CardChoice` then calls the step's ``settle`` for each seat, clockwise from the
button's left). Nobody learns another player's choice from the order of play.

This module holds no step kind of its own; :mod:`~homegame.engine.steps.discard`,
:mod:`~homegame.engine.steps.roll` and :mod:`~homegame.engine.steps.passing` use it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, CardsLegal, Discard, Legal, Pass, Roll
from homegame.engine.events import Prompt
from homegame.engine.steps.base import Dealer

__all__ = ["CardChoice", "cards_phrase"]

_NUMBERS = ("no", "one", "two", "three", "four")


def cards_phrase(count: int) -> str:
    """``cards_phrase(1) == 'one card'``, ``cards_phrase(2) == 'two cards'``: for the rules text."""
    word = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
    return f"{word} card" if count == 1 else f"{word} cards"


class CardChoice:
    """Everyone still in (or only the ``seats`` given) names ``count`` of their down cards (an action
    of kind ``kind``, whose ``cards`` are the choice); when all have chosen, ``settle(seat, cards)``
    does the step's work. ``says``: what the choice asks, in words, when the step says (a roll)."""

    __slots__ = ("chosen", "count", "hand", "kind", "says", "settle", "waiting")

    def __init__(
        self,
        hand: Dealer,
        kind: ActionKind,
        count: int,
        settle: Callable[[int, tuple[Card, ...]], None],
        *,
        seats: Collection[int] | None = None,
        says: Prompt | None = None,
    ) -> None:
        self.hand = hand
        self.says = says
        self.kind = kind
        self.count = count
        self.settle = settle
        chosen = hand.in_hand() if seats is None else [seat for seat in hand.in_hand() if seat in seats]
        self.waiting = [seat for seat in chosen if len(hand.down[seat]) >= count]
        self.chosen: dict[int, tuple[Card, ...]] = {}

    def pending(self) -> tuple[int, ...]:
        """Every seat that has not chosen yet, all at once."""
        return tuple(self.waiting)

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Exactly ``count`` of the seat's down cards."""
        return (CardsLegal(self.kind, tuple(self.hand.down[seat]), min=self.count, max=self.count),)

    def prompt(self, seat: int) -> Prompt | None:
        """What the choice asks of ``seat``, when the step says."""
        return self.says

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Keep the choice secret until everyone has chosen."""
        assert isinstance(action, Discard | Roll | Pass)
        self.chosen[seat] = action.cards
        self.waiting.remove(seat)

    def done(self) -> bool:
        """True when everyone has chosen."""
        return not self.waiting

    def close(self) -> None:
        """Carry out every choice, clockwise from the button's left."""
        for seat in self.hand.in_hand():
            cards = self.chosen.get(seat)
            if cards is not None:
                self.settle(seat, cards)
