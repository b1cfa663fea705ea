"""Which cards are wild: a :class:`WildSpec`, read from the words of a game document.

Rules document 004, "Poker Hand Ranking with Wild Cards", names them: jokers, the bug,
designated ranks (deuces wild; Baseball's threes and nines), designated cards (one-eyed
jacks), the lowest card held or the lowest down card, and (Follow the Queen) a rank named
as the cards fall. How the best hand is found with them is :mod:`homegame.ranking.wild`'s
business; a spec is only the list.

>>> print(WildSpec.parse("deuces, one-eyed-jacks"))
2 Jh Js
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from homegame.cards import Card, Rank, parse
from homegame.errors import ParseError

__all__ = ["Lowest", "WildSpec"]


class Lowest(StrEnum):
    """Whether the lowest card held is wild ("Lowest Card Wild" in rules document 004)."""

    NONE = "none"
    HELD = "lowest"
    """The lowest ranked card held, and every card of its rank."""
    DOWN = "lowest-down"
    """The lowest down (concealed) card, and every card of its rank, up or down."""


_ALIASES: dict[str, str] = {"deuces": "2", "one-eyed-jacks": "Jh Js", "joker": "jokers"}
_WORDS = "jokers, bug, a rank (2, 3 9), a card (Jh Js), deuces, one-eyed-jacks, lowest, lowest-down, dynamic"


@dataclass(frozen=True, slots=True, kw_only=True)
class WildSpec:
    """Which cards are wild. Read one from text with :meth:`parse`.

    - ``jokers``: every joker is fully wild; ``bug``: every joker is the bug (an ace, or
      any card that completes a straight, a flush or a straight flush).
    - ``ranks``: every card of these ranks is wild (``2`` is deuces wild).
    - ``cards``: these cards are wild (``Jh Js`` is one-eyed jacks).
    - ``lowest``: the lowest card held (or the lowest down card) and its rank are wild.
    - ``dynamic``: one more rank is named when the hand is judged
      (``evaluate(cards, wild_rank=Rank.SEVEN)``), as in Follow the Queen.

    >>> spec = WildSpec.parse("3, 9")
    >>> sorted(spec.ranks), str(spec)
    ([<Rank.THREE: 3>, <Rank.NINE: 9>], '3 9')
    >>> print(WildSpec.parse("one-eyed-jacks jokers"))
    jokers Jh Js
    >>> WildSpec.parse("sevens")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: 'sevens' in wild='sevens' is not a wild card (known: jokers, bug, a rank (2, 3 9), \
a card (Jh Js), deuces, one-eyed-jacks, lowest, lowest-down, dynamic)
    """

    jokers: bool = False
    bug: bool = False
    ranks: frozenset[Rank] = field(default_factory=frozenset)
    cards: frozenset[Card] = field(default_factory=frozenset)
    lowest: Lowest = Lowest.NONE
    dynamic: bool = False

    def __post_init__(self) -> None:
        if self.jokers and self.bug:
            raise ParseError("jokers are either fully wild (jokers) or the bug (bug), not both")
        for card in self.cards:
            if card.is_joker:
                raise ParseError(f"{card} is a joker: write 'jokers' or 'bug' to make jokers wild", token=str(card))
        if not (self.jokers or self.bug or self.ranks or self.cards or self.lowest is not Lowest.NONE or self.dynamic):
            raise ParseError("a wild spec names at least one wild card (known: " + _WORDS + ")")

    @classmethod
    def parse(cls, text: str) -> WildSpec:
        """Read a spec: words, ranks and cards separated by spaces or commas, any case."""
        jokers = bug = dynamic = False
        ranks: set[Rank] = set()
        cards: set[Card] = set()
        lowest = Lowest.NONE
        for token in _tokens(text):
            word = token.lower()
            if word in ("jokers", "jk"):
                jokers = True
            elif word == "bug":
                bug = True
            elif word == "dynamic":
                dynamic = True
            elif word in (Lowest.HELD, Lowest.DOWN):
                lowest = Lowest(word)
            else:
                _read_rank_or_card(token, text, ranks, cards)
        return cls(
            jokers=jokers,
            bug=bug,
            ranks=frozenset(ranks),
            cards=frozenset(cards),
            lowest=lowest,
            dynamic=dynamic,
        )

    def __str__(self) -> str:
        parts = ["jokers"] if self.jokers else ["bug"] if self.bug else []
        parts += [rank.symbol for rank in sorted(self.ranks)]
        parts += [str(card) for card in sorted(self.cards, key=lambda card: card.code)]
        if self.lowest is not Lowest.NONE:
            parts.append(self.lowest.value)
        if self.dynamic:
            parts.append("dynamic")
        return " ".join(parts)

    def wild_in(
        self, hand: Sequence[Card], *, down: Sequence[Card] | None = None, wild_rank: Rank | None = None
    ) -> frozenset[Card]:
        """The cards of ``hand`` that are wild (jokers under ``bug`` included).

        ``down`` lists the hand's down cards (needed for ``lowest-down``); ``wild_rank``
        is the rank named at this showdown (only a ``dynamic`` spec takes one).

        >>> from homegame.cards import parse
        >>> spec = WildSpec.parse("lowest")
        >>> print(*sorted(spec.wild_in(parse("Ac 4d Kh 4s 9c")), key=str))
        4d 4s
        >>> spec = WildSpec.parse("lowest-down")
        >>> print(*sorted(spec.wild_in(parse("3c 8d 8h Kh Ts"), down=parse("8d Kh")), key=str))
        8d 8h
        """
        ranks = set(self.ranks)
        if wild_rank is not None:
            if not self.dynamic:
                raise ParseError(f"wild={self} takes no wild rank at the showdown (add 'dynamic' to the spec)")
            ranks.add(wild_rank)
        if self.lowest is not Lowest.NONE:
            if self.lowest is Lowest.DOWN and down is None:
                raise ParseError("wild=lowest-down needs to know which cards are down: pass down=...")
            pool = hand if self.lowest is Lowest.HELD else down or ()
            held = [_rank(card) for card in pool if not card.is_joker]
            if held:
                ranks.add(Rank(min(held)))  # the normal order: ace high, so never the lowest
        return frozenset(
            card
            for card in hand
            if (card.is_joker and (self.jokers or self.bug)) or card in self.cards or card.rank in ranks
        )


def _tokens(text: str) -> Iterator[str]:
    expanded = " ".join(_ALIASES.get(token.lower(), token) for token in re.split(r"[\s,;+]+", text.strip()) if token)
    if not expanded:
        raise ParseError("an empty wild spec (known: " + _WORDS + ")")
    yield from expanded.split()


def _read_rank_or_card(token: str, text: str, ranks: set[Rank], cards: set[Card]) -> None:
    try:
        ranks.add(Rank.parse(token))
        return
    except ParseError:
        pass
    try:
        found = parse(token)
    except ParseError:
        found = ()
    if len(found) != 1:
        raise ParseError(f"{token!r} in wild={text!r} is not a wild card (known: {_WORDS})", token=token)
    if found[0].is_joker:
        raise ParseError(f"{token!r} in wild={text!r}: write 'jokers' or 'bug' to make jokers wild", token=token)
    cards.add(found[0])


def _rank(card: Card) -> int:
    rank = card.rank
    assert rank is not None, "jokers are wild cards"
    return int(rank)
