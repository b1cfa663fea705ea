"""Badugi: the best set of cards with no two of a rank and no two of a suit.

A four-card badugi beats any three-card hand, a three-card hand any two-card
hand, and so on. Between hands of one size the highest card is compared first,
lower being better, then the next; aces are low. The best hand is A-2-3-4 of
four suits.

>>> from homegame.ranking import get
>>> badugi = get("badugi")
>>> print(badugi.evaluate("Ac 2d 3h 4s").name)
4-card badugi 4-3-2-A
>>> print(badugi.evaluate("Kc 5d 2h 3h").name)
3-card badugi K-5-2
>>> badugi.evaluate("7c 5d 4h 3s") > badugi.evaluate("Ac 2d 3h 3s")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from homegame.cards import Card, Rank
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue, KeyOrdered, normalize_cards

__all__ = ["BadugiRanking"]

_SIZES = {4: Category.BADUGI_4, 3: Category.BADUGI_3, 2: Category.BADUGI_2, 1: Category.BADUGI_1}
_SYMBOL = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True)
class BadugiRanking(KeyOrdered):
    """The badugi ranking (aces low; rank and suit must all differ)."""

    @property
    def label(self) -> str:
        """``badugi``."""
        return "badugi"

    def categories(self) -> tuple[Category, ...]:
        """Four-card hands first."""
        return tuple(_SIZES.values())

    def evaluate(
        self,
        cards: str | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        down: str | Iterable[Card] | None = None,
    ) -> HandValue:
        """The best badugi among the cards (from any number of cards, at least one; ``down`` plays no part)."""
        if wild_rank is not None:
            raise ParseError("badugi has no wild cards")
        hand = normalize_cards(cards)
        if not hand:
            raise ParseError("a hand needs at least one card")
        if len(set(hand)) != len(hand):
            raise ParseError("duplicate card in a badugi hand")
        if any(card.is_joker for card in hand):
            raise ParseError("badugi has no jokers")
        best: tuple[int, tuple[Card, ...]] = (-1, ())
        for size in range(min(4, len(hand)), 0, -1):
            for subset in combinations(hand, size):
                if len({c.rank for c in subset}) == size == len({c.suit for c in subset}):
                    key = _key(subset)
                    if key > best[0]:
                        best = (key, subset)
            if best[1]:
                break
        key, used = best
        ordered = tuple(sorted(used, key=_low_value, reverse=True))
        name = f"{len(used)}-card badugi " + "-".join(_SYMBOL.get(_low_value(c), str(_low_value(c))) for c in ordered)
        return HandValue(self, key, _SIZES[len(used)], ordered, name)


def _low_value(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank)  # type: ignore[arg-type]


def _key(cards: tuple[Card, ...]) -> int:
    vector = 0
    for value in sorted((_low_value(c) for c in cards), reverse=True):
        vector = vector << 4 | value
    vector <<= 4 * (4 - len(cards))
    return len(cards) << 16 | (0xFFFF - vector)
