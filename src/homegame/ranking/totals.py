"""Hands judged by adding up their cards, not as poker hands: Elimination's totals (rules 000)
and the Grocery Store's dots (rules 001).

"1.2(a) Cards from 2 to 10 count their face value. 1.2(b) Aces count 1 or 11, at the player's
choice. 1.2(c) Kings, queens and jacks count 10 or ½, at the player's choice." The highest total
wins high, the lowest wins low, and "totals are counted using whichever values of aces and
picture cards suit the player's declaration": for high every ace counts 11 and every picture 10,
for low every ace 1 and every picture ½. (No mixed choice can do better: each card's higher
value only helps high and its lower value only helps low.)

Totals are kept exactly, in halves, so the key is a whole number; a low ranking negates it, so
greater is better in both contests, as for every ranking.

The Grocery Store's "dots consist of the pips in the center column of each number card: threes
have 3 dots; twos, eights, and tens have 2 dots; aces, fives, sevens, and nines have 1 dot;
fours, sixes, and face cards have no dots". ``get("dots")`` counts them; the most dots win.

>>> from homegame.ranking import get
>>> high, low = get("total"), get("total", low=True)
>>> print(high.evaluate("Ah Kd 7c").name, "|", low.evaluate("Ah Kd 7c").name)
total 28 | total 8½
>>> low.evaluate("Qh Js") > low.evaluate("Ac 2c")
True
>>> high.evaluate("Ac 2c") > high.evaluate("Qh Js")
False
>>> print(get("dots").evaluate("3c 8d Ts As 4h Kd 9c").name)
9 dots
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from homegame.cards import Card, Rank
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue, KeyOrdered, normalize_cards

__all__ = ["DOTS", "TotalRanking", "halves"]

DOTS = {Rank.THREE: 3, Rank.TWO: 2, Rank.EIGHT: 2, Rank.TEN: 2, Rank.ACE: 1, Rank.FIVE: 1, Rank.SEVEN: 1, Rank.NINE: 1}
"""Dots by rank (the pips of the centre column); every other rank has none."""


def halves(card: Card, *, low: bool) -> int:
    """A card's value in half points, as it best suits high or ``low``.

    >>> from homegame.cards import Card
    >>> [halves(Card.parse(text), low=False) for text in ("As", "Kd", "9c")]
    [22, 20, 18]
    >>> [halves(Card.parse(text), low=True) for text in ("As", "Kd", "9c")]
    [2, 1, 18]
    """
    rank = card.rank
    if rank is None:
        raise ParseError("Elimination's totals have no jokers")
    if rank == Rank.ACE:
        return 2 if low else 22
    if rank >= Rank.JACK:
        return 1 if low else 20
    return 2 * int(rank)


@dataclass(frozen=True, slots=True)
class TotalRanking(KeyOrdered):
    """The total of a hand's cards: the highest wins, or with ``low`` the lowest. ``count`` is what a
    card is worth: ``points`` (Elimination's values) or ``dots`` (the Grocery Store's)."""

    low: bool = False
    count: str = "points"

    def __post_init__(self) -> None:
        if self.count not in ("points", "dots"):
            raise ParseError(f"a total counts points or dots, not {self.count!r}")

    @property
    def label(self) -> str:
        """``total``, ``total low`` or ``dots``."""
        name = "total" if self.count == "points" else self.count
        return f"{name} low" if self.low else name

    def categories(self) -> tuple[Category, ...]:
        """One category: a total."""
        return (Category.TOTAL,)

    def evaluate(
        self,
        cards: str | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        down: str | Iterable[Card] | None = None,
    ) -> HandValue:
        """The total of ``cards`` (any number of them; ``down`` plays no part)."""
        if wild_rank is not None:
            raise ParseError("totals have no wild cards")
        hand = normalize_cards(cards)
        if self.count == "dots":
            total = sum(DOTS.get(card.rank, 0) for card in hand if card.rank is not None)
            name = f"{total} dot{'' if total == 1 else 's'}"
        else:
            total = sum(halves(card, low=self.low) for card in hand)
            whole, half = divmod(total, 2)
            name = "total " + (str(whole) if whole or not half else "") + ("½" if half else "")
        return HandValue(self, -total if self.low else total, Category.TOTAL, hand, name)
