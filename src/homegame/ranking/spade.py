"""The spade in the hole: High Chicago's and Low Chicago's half of the pot.

Rules document 004, "High Chicago or Low Chicago": "In High Chicago [...] the player with
the highest spade face down (referred to as in the hole) receives half the pot. In Low
Chicago, the player with the lowest spade in the hole receives half of the pot, with the
A♠ being the lowest."

A hand's value is its best spade: the highest (aces high), or under ``low`` the lowest (the
ace lowest of all). A hand without a spade does not qualify, so it cannot win this half.
That the spade must be *in the hole* is the game's business, not the ranking's: the
showdown's contest judges the down cards only (``cards = "down"``).

>>> from homegame.ranking import get
>>> high, low = get("spade"), get("spade", low=True)
>>> print(high.evaluate("Kd 9s 4s").name, "|", low.evaluate("Kd 9s 4s As").name)
nine of spades | ace of spades
>>> high.evaluate("Ks Ac") > high.evaluate("Qs As 2c")
False
>>> high.evaluate("Kd 7h").qualified
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from homegame.cards import Card, Rank, Suit
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue, KeyOrdered, normalize_cards
from homegame.ranking.poker import rank_name

__all__ = ["SpadeRanking"]


@dataclass(frozen=True, slots=True)
class SpadeRanking(KeyOrdered):
    """The best spade among the cards: the highest, or the lowest with ``low`` (ace lowest)."""

    low: bool = False

    @property
    def label(self) -> str:
        """``spade`` or ``spade low``."""
        return "spade low" if self.low else "spade"

    def categories(self) -> tuple[Category, ...]:
        """One category: a single card."""
        return (Category.HIGH_CARD,)

    def evaluate(
        self,
        cards: str | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        down: str | Iterable[Card] | None = None,
    ) -> HandValue:
        """The best spade among ``cards`` (not qualified when there is none; ``down`` plays no part)."""
        if wild_rank is not None:
            raise ParseError("the spade in the hole has no wild cards")
        hand = normalize_cards(cards)
        spades = [card for card in hand if card.suit is Suit.SPADES]
        if not spades:
            return HandValue(self, 0, Category.HIGH_CARD, (), "no spade", qualified=False)
        best = max(spades, key=self._strength)
        assert best.rank is not None
        return HandValue(self, self._strength(best), Category.HIGH_CARD, (best,), f"{rank_name(best.rank)} of spades")

    def _strength(self, card: Card) -> int:
        """Greater is better: the rank (aces high), or under ``low`` 15 less the rank with the ace as 1."""
        rank = int(card.rank or 0)
        if not self.low:
            return rank
        return 15 - (1 if rank == Rank.ACE else rank)
