"""Poker rankings: high, the three lows, three-card hands, with the house-rule options
of rules document 004 (``../shared/rules/004_6db291cb9dde3763.txt``).

This is the readable reference path: every rule is spelled out here once, and the
fast kernel (:mod:`homegame.ranking.kernel`) is held equal to it by tests.

How a five-card hand is judged, in the document's words:

- "Any hand in a higher category beats any hand in a lower category"; within a
  category the ranks decide, grouped cards first (the four, the three, the
  pairs) and then the kickers from the highest down.
- "The cards in a straight flush cannot 'turn the corner'"; "5-4-3-2-A, known as
  a wheel, is the lowest kind of straight, the top card being the five".
- "In a stripped deck game, the ace is considered to be adjacent to the lowest
  card present in the deck" (``lowest_rank``).
- The 20-card deck (A-K-Q-J-10 of each suit, ``lowest_rank`` ten) is the oldest form of
  poker, which knew only six classes: four of a kind, full house, three of a kind, two
  pairs, one pair and no pair. It makes no straight and no flush (:attr:`PokerRanking.old_classes`).
- "Poker ranks are always based on five cards only": from more cards the best
  five are chosen and the rest play no part.
- Incomplete hands: "any kicker that is present in the hand beats a missing
  kicker" (fewer than five cards make no straight, flush or full house).

>>> from homegame.ranking import get
>>> high = get("high")
>>> print(high.evaluate("As Ks Qs Js Ts").name)
royal flush
>>> high.evaluate("5c 4d 3h 2s Ac") < high.evaluate("6c 5d 4h 3s 2c")
True
>>> print(get("low-a5").evaluate("8h 6d 5c 4s 2h").name)
8-6-5-4-2 low
>>> print(get("low-27").evaluate("As 2d 3c 4h 5s").name)
A-5-4-3-2 low
>>> print(get("low-reversed").evaluate("As 2d 3c 4h 5s").name)
five-high straight
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from homegame.cards import SUIT_ORDERS, Card, Rank, SuitOrder
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue, normalize_cards
from homegame.ranking.wild import evaluate as evaluate_wild
from homegame.ranking.wildcards import Lowest, WildSpec

__all__ = ["Kind", "PokerRanking", "SuitTiebreak", "rank_name"]

C = Category


class Kind(StrEnum):
    """Which contest a poker ranking judges."""

    HIGH = "high"
    LOW_A5 = "low-a5"
    LOW_27 = "low-27"
    LOW_A6 = "low-a6"
    LOW_REVERSED = "low-reversed"
    """The usual rank of poker hands reversed, the lowest high hand winning (rule 004's high-low
    reading): straights and flushes count against, aces are high but 5-4-3-2-A is a straight."""
    THREE_CARD = "three-card"


class SuitTiebreak(StrEnum):
    """The three house rules of 004 "Ranking of suits" for hands equal but for suits."""

    NONE = "none"
    HIGHEST_CARD = "highest-card"
    """1. Compare the suit of the highest card in the hand."""
    HIGHEST_PAIRED = "highest-paired"
    """2. Compare the suit of the highest paired card (J-J-7-7-K: the highest jack wins)."""
    HIGHEST_UNPAIRED = "highest-unpaired"
    """3. Compare the suit of the highest unpaired card (K-K-7-5-4: compare the sevens)."""


_SINGULAR = [
    "-",
    "-",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
_PLURAL = [
    "-",
    "-",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
]
_LOW_SYMBOL = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


def rank_name(rank: int, *, plural: bool = False) -> str:
    """``rank_name(12) == 'queen'``; ``rank_name(6, plural=True) == 'sixes'``."""
    return (_PLURAL if plural else _SINGULAR)[rank]


_HIGH_ORDER: tuple[Category, ...] = (C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.FLUSH, C.STRAIGHT)
_HIGH_ORDER += (C.THREE_OF_A_KIND, C.TWO_PAIR, C.ONE_PAIR, C.HIGH_CARD)
_THREE_CARD_ORDER = (C.STRAIGHT_FLUSH, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH, C.ONE_PAIR, C.HIGH_CARD)
_NO_STRAIGHTS_ORDER = (C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.THREE_OF_A_KIND, C.TWO_PAIR, C.ONE_PAIR, C.HIGH_CARD)
_GROUPS: dict[tuple[int, ...], Category] = {
    (5,): C.FIVE_OF_A_KIND,
    (4, 1): C.FOUR_OF_A_KIND,
    (4,): C.FOUR_OF_A_KIND,
    (3, 2): C.FULL_HOUSE,
    (3, 1, 1): C.THREE_OF_A_KIND,
    (3, 1): C.THREE_OF_A_KIND,
    (3,): C.THREE_OF_A_KIND,
    (2, 2, 1): C.TWO_PAIR,
    (2, 2): C.TWO_PAIR,
}
_SHIFT_VECTOR = 20  # five 4-bit rank slots
_SHIFT_WILD = 4  # the natural-versus-wild house rules (filled by wild rankings)
_SHIFT_SUIT = 10  # five 2-bit suit slots


@dataclass(frozen=True, slots=True, kw_only=True)
class PokerRanking:
    """A poker ranking: high, a low, or three-card hands, with house-rule options.

    Options (all from rules document 004):

    - ``qualifier``: a low must be five unequal cards, all this rank or lower
      ("eight or better" is 8); a hand that fails has ``qualified`` false.
    - ``lowest_rank``: the lowest rank of a stripped deck; the ace is adjacent to
      it (A-6-7-8-9 is a straight with 36 cards).
    - ``flush_beats_full_house``: for stripped decks.
    - ``three_of_a_kind_beats_straight``: the Triton order of short-deck hold'em, where
      three of a kind beats a straight (high only).
    - ``suit_tiebreak`` and ``suit_order``: the three house rules for hands equal
      apart from suits, under any named suit order.
    - ``italian_straight_flush``: the minimum straight flush beats the maximum.
    - ``imperial_flush``: a royal flush is beaten by four of the lowest rank. Every royal
      flush is imperial, whatever its suit: the reading taken, since 004 names hearts only as
      the highest suit in Greece, not as the imperial flush's.
    - ``ace_high_straight`` and ``ace_pair_high`` (ace-to-six only): the two
      rulings the document asks players to agree; by default A-K-Q-J-10 is no
      straight and a pair of aces is the lowest pair.
    - ``packs``: how many packs are shuffled together (a card may repeat that often).
    - ``wild``: which cards are wild (a :class:`~homegame.ranking.wild.WildSpec`:
      jokers, the bug, deuces, one-eyed jacks, lowest card, a rank named at the
      showdown); five of a kind then tops the high ranking. With wild cards, the
      document's house rules:

      - ``double_ace_flush``: "a wild card can represent any card, including a
        duplicate of a card already held" (A-9-8-5-joker is then a double-ace flush);
      - ``natural_beats_wild``: "a natural hand beats an equal hand in which one or
        more of the cards are represented by wild cards";
      - ``fewer_wild_beats_more``: its extension, the hand with fewer wild cards
        beats an otherwise equal hand with more;
      - ``more_wild_beats_fewer``: the extension as the document literally words it
        ("a hand with more wild cards beats an otherwise equal hand with fewer wild
        cards"), for a table that reads it that way.

    >>> from homegame.ranking import get
    >>> deuces = get("high", wild="2", natural_beats_wild=True)
    >>> deuces.evaluate("As Ks Qs Js Ts") > deuces.evaluate("As Ks Qs Js 2c")
    True
    """

    kind: Kind = Kind.HIGH
    qualifier: int | None = None
    lowest_rank: Rank = Rank.TWO
    flush_beats_full_house: bool = False
    three_of_a_kind_beats_straight: bool = False
    suit_tiebreak: SuitTiebreak = SuitTiebreak.NONE
    suit_order: SuitOrder = field(default_factory=lambda: SUIT_ORDERS["bridge"])
    italian_straight_flush: bool = False
    imperial_flush: bool = False
    ace_high_straight: bool = False
    ace_pair_high: bool = False
    packs: int = 1
    wild: WildSpec | None = None
    double_ace_flush: bool = False
    natural_beats_wild: bool = False
    fewer_wild_beats_more: bool = False
    more_wild_beats_fewer: bool = False

    def __post_init__(self) -> None:
        low = self.kind in _LOWS
        if self.qualifier is not None and not (low and 5 <= self.qualifier <= 14):
            raise ParseError(f"qualifier={self.qualifier}: only a low takes a qualifier, from 5 to 14")
        if not 1 <= self.packs <= 8:  # as a DeckSpec's packs
            raise ParseError(f"packs={self.packs}: must be 1..8")
        if (self.ace_high_straight or self.ace_pair_high) and self.kind is not Kind.LOW_A6:
            raise ParseError("ace_high_straight and ace_pair_high are ace-to-six (low-a6) options")
        if (self.italian_straight_flush or self.imperial_flush) and self.kind is not Kind.HIGH:
            raise ParseError("italian_straight_flush and imperial_flush are options of the high ranking")
        if self.three_of_a_kind_beats_straight and self.kind is not Kind.HIGH:
            raise ParseError("three_of_a_kind_beats_straight is an option of the high ranking")
        if self.lowest_rank > Rank.TEN:
            raise ParseError(f"lowest_rank={self.lowest_rank.symbol}: a deck must hold at least A-K-Q-J-10")
        self._check_wild()

    def _check_wild(self) -> None:
        rules = [name for name in _WILD_RULES if getattr(self, name)]
        if self.wild is None:
            if rules:
                raise ParseError(f"{rules[0]} is a wild-card house rule: give wild=... too")
            return
        if self.more_wild_beats_fewer and (self.natural_beats_wild or self.fewer_wild_beats_more):
            raise ParseError("more_wild_beats_fewer contradicts natural_beats_wild and fewer_wild_beats_more")
        for rank in self.wild.ranks:
            if rank < self.lowest_rank and rank != Rank.ACE:
                raise ParseError(
                    f"wild={self.wild}: no {rank.symbol} in a deck whose lowest rank is {self.lowest_rank.symbol}"
                )
        for card in self.wild.cards:
            if _rank(card) < self.lowest_rank and card.rank != Rank.ACE:
                raise ParseError(
                    f"wild={self.wild}: no {card} in a deck whose lowest rank is {self.lowest_rank.symbol}"
                )

    # -- description -------------------------------------------------------------------------

    @property
    def label(self) -> str:
        """The ranking's name and the options that differ from the defaults."""
        parts = [self.kind.value]
        for name in self.__dataclass_fields__:
            if name == "kind":
                continue
            value, default = getattr(self, name), _DEFAULTS[name]
            if value != default:
                shown = (
                    value.symbol if isinstance(value, Rank) else value.name if isinstance(value, SuitOrder) else value
                )
                if isinstance(value, WildSpec):
                    shown = str(value).replace(" ", "+")
                parts.append(f"{name}={shown}")
        return " ".join(parts)

    @property
    def transitive(self) -> bool:
        """False with the Italian or the Greek "no unbeatable hand" rule."""
        return not (self.italian_straight_flush or self.imperial_flush)

    @property
    def is_low(self) -> bool:
        """True for the lows."""
        return self.kind in _LOWS

    @property
    def old_classes(self) -> bool:
        """True for the 20-card deck (ten the lowest rank): no straight and no flush, only the six
        classes of the oldest poker, so A-K-Q-J-10 of one suit is no pair.

        >>> from homegame.ranking import get
        >>> twenty = get("high", deck=20)
        >>> twenty.old_classes, twenty.evaluate("As Ks Qs Js Ts").name
        (True, 'ace high')
        """
        return self.lowest_rank == Rank.TEN

    @property
    def aces_low(self) -> bool:
        """True for ace-to-five and ace-to-six, where an ace is the lowest card."""
        return self.kind in (Kind.LOW_A5, Kind.LOW_A6)

    @property
    def takes_wild_rank(self) -> bool:
        """True for a ``dynamic`` wild spec: a rank named at the showdown is wild too."""
        return self.wild is not None and self.wild.dynamic

    @property
    def needs_down(self) -> bool:
        """True for the lowest down card wild (``lowest-down``): :meth:`evaluate` needs ``down``."""
        return self.wild is not None and self.wild.lowest is Lowest.DOWN

    @property
    def hand_size(self) -> int:
        """How many cards make a full hand: five, or three for three-card hands."""
        return 3 if self.kind is Kind.THREE_CARD else 5

    def categories(self) -> tuple[Category, ...]:
        """Categories best first (for a low: the best low category first)."""
        if self.wild is not None and self.kind is Kind.HIGH:
            return (C.FIVE_OF_A_KIND, *self._natural_categories())
        return self._natural_categories()

    def _natural_categories(self) -> tuple[Category, ...]:
        if self.kind is Kind.THREE_CARD:
            return _THREE_CARD_ORDER
        if self.kind is Kind.LOW_A5 or self.old_classes:
            return tuple(reversed(_NO_STRAIGHTS_ORDER)) if self.is_low else _NO_STRAIGHTS_ORDER
        order = list(_HIGH_ORDER)
        if self.flush_beats_full_house:
            order[2], order[3] = order[3], order[2]
        if self.three_of_a_kind_beats_straight:
            order[4], order[5] = order[5], order[4]
        return tuple(reversed(order)) if self.is_low else tuple(order)

    def _strength_order(self) -> tuple[Category, ...]:
        """Categories from the strongest *poker* combination down (badness order for lows)."""
        return tuple(reversed(self.categories())) if self.is_low else self.categories()

    # -- evaluation --------------------------------------------------------------------------

    def evaluate(
        self,
        cards: str | Iterable[Card],
        *,
        wild_rank: Rank | None = None,
        down: str | Iterable[Card] | None = None,
    ) -> HandValue:
        """The value of the best hand the cards make (best five of more).

        ``wild_rank`` is a rank made wild at this showdown (a ``dynamic`` wild spec
        only); ``down`` lists the hand's down cards (what ``lowest-down`` needs; other
        rankings ignore it).

        >>> from homegame.ranking import get
        >>> get("high").evaluate("Ah Kd 7c 7s 2d 2h 9c").name
        'two pair, sevens and twos'
        """
        if self.wild is not None:
            return evaluate_wild(self, cards, wild_rank=wild_rank, down=down)
        if wild_rank is not None:
            raise ParseError("this ranking has no wild cards; build it with wild=... to pass a wild rank")
        hand = normalize_cards(cards)
        self._check(hand)
        size = self.hand_size
        if len(hand) <= size:
            return self._make_value(*self._judge(hand))
        judged = [self._judge(five) for five in combinations(hand, size)]
        return self._make_value(*max(judged, key=lambda j: self._key_of(*j)))

    def _check(self, hand: tuple[Card, ...], *, jokers: bool = False) -> None:
        """Refuse hands this ranking cannot judge, naming what is wrong (jokers only if ``jokers``)."""
        if not hand:
            raise ParseError("a hand needs at least one card")
        seen: dict[Card, int] = {}
        for card in hand:
            if card.is_joker and not jokers:
                if self.wild is None:
                    raise ParseError(f"{card} is a joker: this ranking has no wild cards (use wild=jokers)")
                raise ParseError(f"{card} is a joker, but jokers are not wild under wild={self.wild}")
            if card.rank is not None and card.rank < self.lowest_rank and card.rank != Rank.ACE:
                raise ParseError(f"{card} is not in a deck whose lowest rank is {self.lowest_rank.symbol}")
            seen[card] = seen.get(card, 0) + 1
            if seen[card] > self.packs:
                many = "once" if self.packs == 1 else f"{self.packs} times"
                other = " (a second joker is Jk2)" if card.is_joker else ""
                raise ParseError(f"{card} appears more than {many}: duplicate card{other}")

    def beats(self, a: HandValue, b: HandValue) -> bool:
        """True when ``a`` beats ``b`` (the key order, bent by the "no unbeatable hand" rules)."""
        if self.italian_straight_flush and a.category is C.STRAIGHT_FLUSH is b.category:
            a_end, b_end = self._straight_flush_end(a), self._straight_flush_end(b)
            if {a_end, b_end} == {"minimum", "maximum"}:
                return a_end == "minimum"
        if self.imperial_flush:
            if self._is_imperial(a) and self._is_lowest_quads(b):
                return False
            if self._is_lowest_quads(a) and self._is_imperial(b):
                return True
        return a.key > b.key

    def _straight_flush_end(self, value: HandValue) -> str:
        top = _rank(value.counted[0])
        if top == Rank.ACE:
            return "maximum"
        return "minimum" if top == self.lowest_rank + 3 else "medium"

    def _is_imperial(self, value: HandValue) -> bool:
        return value.category is C.STRAIGHT_FLUSH and _rank(value.counted[0]) == Rank.ACE

    def _is_lowest_quads(self, value: HandValue) -> bool:
        return value.category is C.FOUR_OF_A_KIND and _rank(value.counted[0]) == self.lowest_rank

    # -- one hand of at most five cards -------------------------------------------------------

    def _judge(self, hand: tuple[Card, ...]) -> tuple[Category, list[Card], list[int]]:
        """Category, the cards in the order they count, and the value each counts as."""
        ace_low = self.lowest_rank - 1
        aces_low = self.aces_low

        def value(card: Card, grouped: bool) -> int:
            rank = _rank(card)
            if rank == Rank.ACE and aces_low and not (grouped and self.ace_pair_high):
                return ace_low
            return rank

        by_value: dict[int, list[Card]] = {}
        for card in hand:
            by_value.setdefault(value(card, False), []).append(card)
        if self.ace_pair_high and ace_low in by_value and len(by_value[ace_low]) > 1:
            by_value[Rank.ACE] = by_value.pop(ace_low)
        groups = sorted(by_value.items(), key=lambda item: (len(item[1]), item[0]), reverse=True)
        pattern = tuple(len(cards) for _, cards in groups)
        ordered = [card for _, cards in groups for card in _by_suit(cards, self.suit_order)]
        counting = [v for v, cards in groups for _ in cards]

        full = len(hand) == self.hand_size
        straights = self.kind is not Kind.LOW_A5 and not self.old_classes
        flush = full and straights and len({card.suit for card in hand}) == 1
        straight = self._straight(counting) if full and straights and len(groups) == len(hand) else None
        if straight is not None:
            ordered = sorted(hand, key=lambda card: straight.index(_rank(card)))
            counting = [value if value != Rank.ACE or straight[0] == Rank.ACE else ace_low for value in straight]
            category = C.STRAIGHT_FLUSH if flush else C.STRAIGHT
        else:
            category = _GROUPS.get(pattern, C.ONE_PAIR if 2 in pattern else C.HIGH_CARD)
            # From several packs a one-suit hand may also be a full house or four of a kind: it is judged
            # in its highest category ("Any hand in a higher category beats any hand in a lower category").
            order = self._strength_order()
            if flush and category is not C.FIVE_OF_A_KIND and order.index(C.FLUSH) < order.index(category):
                category = C.FLUSH
        return category, ordered, counting

    def _straight(self, values: list[int]) -> list[int] | None:
        """The ranks of a straight from the top down (ace first when high), or None."""
        ranks = sorted({Rank.ACE if v in (Rank.ACE, self.lowest_rank - 1) else v for v in values}, reverse=True)
        size = len(ranks)
        if ranks[0] - ranks[-1] == size - 1 and self._ace_may_be_high(ranks):
            return ranks
        if ranks[0] == Rank.ACE and self.kind is not Kind.LOW_27:
            rest = ranks[1:]
            if rest[-1] == self.lowest_rank and rest[0] - rest[-1] == size - 2:
                return [*rest, Rank.ACE]  # ace low, counted below the lowest rank
        return None

    def _ace_may_be_high(self, ranks: list[int]) -> bool:
        if ranks[0] != Rank.ACE:
            return True
        return self.kind is not Kind.LOW_A6 or self.ace_high_straight

    def _make_value(
        self,
        category: Category,
        ordered: list[Card],
        counting: list[int],
        *,
        held: Sequence[Card] | None = None,
        wild: tuple[tuple[Card, Card], ...] = (),
        wild_part: int = 0,
    ) -> HandValue:
        """Pack a judged hand into a :class:`HandValue` (wild rankings call this too).

        ``ordered`` are the cards as they count; ``held`` the cards actually held in the
        same order (a wild card where it stands for a card), by default the same.
        """
        key = self._key_of(category, ordered, counting, wild_part)
        qualified = True
        if self.qualifier is not None:
            qualified = category is C.HIGH_CARD and len(counting) == 5 and max(counting) <= self.qualifier
        name = self._name(category, ordered, counting, qualified)
        return HandValue(self, key, category, tuple(ordered if held is None else held), name, wild, qualified)

    def _key_of(self, category: Category, ordered: list[Card], counting: list[int], wild_part: int = 0) -> int:
        """The order key of a judged hand: greater is better."""
        order = self._strength_order()
        if category not in order:
            order = (C.FIVE_OF_A_KIND, *order)
        strength = len(order) - order.index(category)
        missing = 15 if self.is_low else 0
        slots = [*counting, *[missing] * (5 - len(counting))]
        vector = 0
        for slot in slots:
            vector = vector << 4 | slot
        base = strength << _SHIFT_VECTOR | vector
        if self.is_low:
            base = (1 << (_SHIFT_VECTOR + 4)) - base
        return ((base << _SHIFT_WILD | wild_part) << _SHIFT_SUIT) | self._suit_part(ordered, counting)

    def _suit_part(self, ordered: list[Card], counting: list[int]) -> int:
        rule = self.suit_tiebreak
        if rule is SuitTiebreak.NONE:
            return 0
        pairs = list(zip(counting, ordered, strict=True))
        sizes = {v: counting.count(v) for v in counting}
        suit_value = self.suit_order.value
        if rule is SuitTiebreak.HIGHEST_CARD:
            pairs.sort(key=lambda p: (p[0], suit_value(p[1].suit)), reverse=True)  # type: ignore[arg-type]
        elif rule is SuitTiebreak.HIGHEST_UNPAIRED:
            pairs.sort(key=lambda p: sizes[p[0]] > 1)
        part = 0
        for _, card in pairs:
            part = part << 2 | suit_value(card.suit)  # type: ignore[arg-type]
        return part << 2 * (5 - len(pairs))

    # -- names ---------------------------------------------------------------------------------

    def _name(self, category: Category, ordered: list[Card], counting: list[int], qualified: bool) -> str:
        if self.is_low and category is C.HIGH_CARD:
            if self.kind is Kind.LOW_A5 and counting == [self.lowest_rank + 3 - i for i in range(4)] + [
                self.lowest_rank - 1
            ]:
                name = "wheel"
            else:
                name = "-".join(_LOW_SYMBOL.get(v, "A" if v == self.lowest_rank - 1 else str(v)) for v in counting)
                name += " low"
            if self.qualifier is not None and not qualified:
                name += f", not {self.qualifier} or better"
            return name
        name = self._poker_name(category, ordered, counting)
        if self.qualifier is not None and not qualified:
            name += f", no {self.qualifier}-or-better low"
        return name

    def _poker_name(self, category: Category, ordered: list[Card], counting: list[int]) -> str:
        def named(v: int, plural: bool = False) -> str:
            return rank_name(Rank.ACE if v == self.lowest_rank - 1 else v, plural=plural)

        if category is C.STRAIGHT_FLUSH:
            return "royal flush" if counting[0] == Rank.ACE else f"{named(counting[0])}-high straight flush"
        if category is C.FIVE_OF_A_KIND:
            return f"five {named(counting[0], True)}"
        if category is C.FOUR_OF_A_KIND:
            return f"four {named(counting[0], True)}"
        if category is C.FULL_HOUSE:
            return f"{named(counting[0], True)} full of {named(counting[3], True)}"
        if category is C.FLUSH:
            return f"{named(counting[0])}-high flush"
        if category is C.STRAIGHT:
            return f"{named(counting[0])}-high straight"
        if category is C.THREE_OF_A_KIND:
            return f"three {named(counting[0], True)}"
        if category is C.TWO_PAIR:
            return f"two pair, {named(counting[0], True)} and {named(counting[2], True)}"
        if category is C.ONE_PAIR:
            return f"pair of {named(counting[0], True)}"
        return f"{named(counting[0])} high"


def _rank(card: Card) -> int:
    rank = card.rank
    assert rank is not None, "jokers are judged by wild rankings"
    return int(rank)


def _by_suit(cards: list[Card], order: SuitOrder) -> list[Card]:
    return sorted(cards, key=lambda card: order.value(card.suit), reverse=True)  # type: ignore[arg-type]


_LOWS = (Kind.LOW_A5, Kind.LOW_27, Kind.LOW_A6, Kind.LOW_REVERSED)
_WILD_RULES = ("double_ace_flush", "natural_beats_wild", "fewer_wild_beats_more", "more_wild_beats_fewer")
_DEFAULTS = {name: getattr(PokerRanking(), name) for name in PokerRanking.__dataclass_fields__}
