"""What every ranking shares: categories, hand values, the ranking protocol, winners.

A *ranking* turns cards into a :class:`HandValue`. Values of one ranking are
totally ordered and *greater is better* in the contest the ranking is used for,
lows included, so callers never flip a comparison. Comparing values of two
different rankings raises ``TypeError``.

Two house rules of rules document 004 ("No Unbeatable Hand") make the order
non-transitive; such rankings say so (``transitive`` is false) and
:func:`winners` then finds the hands that no outside hand beats (the document's
split when three hands beat each other in a circle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from homegame.cards import Card, Rank, parse
from homegame.errors import ParseError
from homegame.ranking.wildcards import WildSpec

__all__ = ["Category", "HandValue", "KeyOrdered", "Ranking", "normalize_cards", "winners"]


class Category(StrEnum):
    """Hand categories, by the identifiers used in JSON and tests.

    Lows use the same identifiers for what the hand holds (a low with a pair is
    ``one_pair``); badugi uses the ``badugi_*`` sizes.
    """

    FIVE_OF_A_KIND = "five_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    ONE_PAIR = "one_pair"
    HIGH_CARD = "high_card"
    BADUGI_4 = "badugi_4"
    BADUGI_3 = "badugi_3"
    BADUGI_2 = "badugi_2"
    BADUGI_1 = "badugi_1"
    TOTAL = "total"


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """The value of a hand under one ranking: ordered, greater is better.

    ``key`` carries the order (an int); ``category``, ``cards`` (the cards that
    count, in the order they count: cards of the hand, wild cards included), ``name``
    and ``wild`` (each wild card among ``cards`` with the card it stands for, in the
    same order; :attr:`counted` puts them in place) are for people and programs. Two
    values are equal when they tie.

    >>> from homegame.ranking import get
    >>> high = get("high")
    >>> a, b = high.evaluate("Kh Jh 9h 3h 2h"), high.evaluate("Kd Jd 7d 6d 5d")
    >>> a > b, a.name, a.category.value
    (True, 'king-high flush', 'flush')
    """

    ranking: Ranking = field(repr=False)
    key: int
    category: Category
    cards: tuple[Card, ...]
    name: str
    wild: tuple[tuple[Card, Card], ...] = ()
    qualified: bool = True

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.ranking is not self.ranking and other.ranking != self.ranking:
            raise TypeError(f"cannot compare {self.ranking.label} and {other.ranking.label} hand values")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == self._check(other).key

    __hash__ = None  # type: ignore[assignment]  # equal values tie; values of a ranking are compared, not hashed

    def __lt__(self, other: HandValue) -> bool:
        return self.ranking.beats(self._check(other), self)

    def __gt__(self, other: HandValue) -> bool:
        return self.ranking.beats(self, self._check(other))

    def __le__(self, other: HandValue) -> bool:
        return not self > other

    def __ge__(self, other: HandValue) -> bool:
        return not self < other

    @property
    def counted(self) -> tuple[Card, ...]:
        """The cards as they count: each wild card replaced by the card it stands for.

        >>> from homegame.ranking import get
        >>> print(*get("high", wild="jokers").evaluate("As 9s 8s 5s Jk").counted)
        As Ks 9s 8s 5s
        """
        if not self.wild:
            return self.cards
        stands = iter(card for _, card in self.wild)
        wild = {card for card, _ in self.wild}
        return tuple(next(stands) if card in wild else card for card in self.cards)

    def describe(self) -> str:
        """The name with the cards that make it (and what wild cards stand for)."""
        text = f"{self.name} ({' '.join(map(str, self.cards))})"
        if self.wild:
            text += ", " + ", ".join(f"{wild} as {card}" for wild, card in self.wild)
        return text

    def __repr__(self) -> str:
        """The ranking and the hand, as a person reads them.

        >>> from homegame.ranking import get
        >>> get("low-a5", qualifier=8).evaluate("8h 6d 5c 4s 2h")
        <HandValue low-a5 qualifier=8: 8-6-5-4-2 low (8h 6d 5c 4s 2h)>
        """
        return f"<HandValue {self.ranking.label}: {self.describe()}>"

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: category, name, cards used, wild substitutions."""
        return {
            "category": self.category.value,
            "name": self.name,
            "cards": [str(card) for card in self.cards],
            "wild": {str(wild): str(card) for wild, card in self.wild},
            "qualified": self.qualified,
        }


class Ranking(Protocol):
    """What every ranking offers. Build one with :func:`homegame.ranking.get`."""

    @property
    def label(self) -> str:
        """The name and options, as a person would say them."""
        ...

    @property
    def transitive(self) -> bool:
        """False when a house rule lets a lower hand beat a higher one."""
        ...

    @property
    def is_low(self) -> bool:
        """True for a low poker ranking (the lowest hand wins: ace-to-five, deuce-to-seven...)."""
        ...

    @property
    def wild(self) -> WildSpec | None:
        """Which cards are wild, or ``None`` when none are."""
        ...

    @property
    def takes_wild_rank(self) -> bool:
        """True when a rank named at the showdown is also wild (``wild = "dynamic"``: Follow the
        Queen, Baseball's tricks): :meth:`evaluate` is then given it as ``wild_rank``."""
        ...

    @property
    def needs_down(self) -> bool:
        """True when :meth:`evaluate` must know which cards are down (the lowest down card wild:
        The Option)."""
        ...

    def evaluate(
        self,
        cards: str | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        down: str | Iterable[Card] | None = None,
    ) -> HandValue:
        """The value of the best hand these cards make.

        ``wild_rank``: a rank made wild at this showdown, for rankings that
        :attr:`takes_wild_rank`. ``down``: which of the cards are down cards, for
        rankings that :attr:`needs_down` (others ignore it).
        """
        ...

    def beats(self, a: HandValue, b: HandValue) -> bool:
        """True when ``a`` beats ``b``."""
        ...

    def categories(self) -> tuple[Category, ...]:
        """The categories this ranking knows, best first."""
        ...


class KeyOrdered:
    """Neutral defaults for a transitive ranking without wild cards whose values order by ``key``
    alone (badugi, the spade in the hole, totals): mix it in and define the rest.

    >>> from homegame.ranking import get
    >>> badugi = get("badugi")
    >>> badugi.transitive, badugi.wild, badugi.takes_wild_rank, badugi.needs_down
    (True, None, False, False)
    """

    __slots__ = ()

    @property
    def transitive(self) -> bool:
        """Always true."""
        return True

    @property
    def is_low(self) -> bool:
        """Not a low poker ranking (a low total or spade orders its key itself)."""
        return False

    @property
    def wild(self) -> WildSpec | None:
        """No wild cards."""
        return None

    @property
    def takes_wild_rank(self) -> bool:
        """No wild rank at the showdown."""
        return False

    @property
    def needs_down(self) -> bool:
        """The down cards play no part."""
        return False

    def beats(self, a: HandValue, b: HandValue) -> bool:
        """True when ``a`` beats ``b``."""
        return a.key > b.key


def normalize_cards(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    """Cards from notation or any iterable of cards (the one lenient boundary)."""
    if isinstance(cards, str):
        return parse(cards)
    result = tuple(cards)
    for position, card in enumerate(result, 1):
        if not isinstance(card, Card):
            raise ParseError(f"{card!r} (token {position}) is not a card", token=str(card), position=position)
    return result


def winners(values: Sequence[HandValue | None]) -> list[int]:
    """Indices of the hands that win (share) a contest; ``None`` entries do not compete.

    Usually the best value and everything tied with it. Where a ranking is not
    transitive the winners are the smallest set of hands each of which beats
    every hand outside it (three straight flushes beating each other in a
    circle all share, as rules document 004 says).

    >>> from homegame.ranking import get
    >>> high = get("high")
    >>> winners([high.evaluate("As Ad Kc Qd 2h"), None, high.evaluate("Ah Ac Kh Qs 2s")])
    [0, 2]
    """
    live = [i for i, value in enumerate(values) if value is not None]
    if not live:
        return []
    first = values[live[0]]
    assert first is not None
    if first.ranking.transitive:
        best = max(values[i].key for i in live)  # type: ignore[union-attr]
        return [i for i in live if values[i].key == best]  # type: ignore[union-attr]
    return _top_cycle(live, lambda i, j: first.ranking.beats(values[i], values[j]))  # type: ignore[arg-type]


def _top_cycle(items: list[int], beats: Callable[[int, int], bool]) -> list[int]:
    """The Smith set: the smallest non-empty set whose members all beat every outsider.

    A hand belongs to it exactly when it reaches every hand through a chain of
    "beats or ties" steps.
    """

    def reach(start: int) -> set[int]:
        seen = {start}
        stack = [start]
        while stack:
            i = stack.pop()
            for j in items:
                if j not in seen and not beats(j, i):
                    seen.add(j)
                    stack.append(j)
        return seen

    everyone = set(items)
    return [i for i in items if reach(i) == everyone]
