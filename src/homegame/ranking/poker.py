"""Poker rankings: high, the three lows, three-card hands, with the house-rule options
of rules document 004 (``../shared/rules/004_6db291cb9dde3763.txt``).

This is the readable reference path: every rule is spelled out here once, and the
fast kernel (:mod:`homegame.ranking.kernel`) is held equal to it by tests. The class judges;
the checks of options and hands, the "no unbeatable hand" comparisons and the suit tie-break's
part of a key are in :mod:`homegame.ranking.poker_rules`, the names of hands in
:mod:`homegame.ranking.naming`, the kinds in :mod:`homegame.ranking.kinds`.

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
from itertools import combinations

from homegame.cards import SUIT_ORDERS, Card, Rank, SuitOrder
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue, normalize_cards
from homegame.ranking.kinds import LOWS, Kind, SuitTiebreak
from homegame.ranking.naming import hand_name, rank_name
from homegame.ranking.poker_rules import beats, card_rank, check_hand, check_options, suit_part
from homegame.ranking.wild import evaluate as evaluate_wild
from homegame.ranking.wildcards import Lowest, WildSpec

__all__ = ["Kind", "PokerRanking", "SuitTiebreak", "rank_name"]

C = Category


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
        check_options(self)

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
        return self.kind in LOWS

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
        """Refuse hands this ranking cannot judge (:func:`~homegame.ranking.poker_rules.check_hand`)."""
        check_hand(self, hand, jokers=jokers)

    def beats(self, a: HandValue, b: HandValue) -> bool:
        """True when ``a`` beats ``b`` (the key order, bent by the "no unbeatable hand" rules)."""
        return beats(self, a, b)

    # -- one hand of at most five cards -------------------------------------------------------

    def _judge(self, hand: tuple[Card, ...]) -> tuple[Category, list[Card], list[int]]:
        """Category, the cards in the order they count, and the value each counts as."""
        ace_low = self.lowest_rank - 1
        aces_low = self.aces_low

        def value(card: Card, grouped: bool) -> int:
            rank = card_rank(card)
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
            ordered = sorted(hand, key=lambda card: straight.index(card_rank(card)))
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
        name = hand_name(self, category, counting, qualified)
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
        return ((base << _SHIFT_WILD | wild_part) << _SHIFT_SUIT) | suit_part(self, ordered, counting)


def _by_suit(cards: list[Card], order: SuitOrder) -> list[Card]:
    return sorted(cards, key=lambda card: order.value(card.suit), reverse=True)  # type: ignore[arg-type]


_DEFAULTS = {name: getattr(PokerRanking(), name) for name in PokerRanking.__dataclass_fields__}
