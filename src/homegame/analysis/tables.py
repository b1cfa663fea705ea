"""Exact hand probability tables: how many hands of each category a deck deals.

Rules document 004, "Hand probabilities and multiple decks": "The ranking order of
poker hands corresponds to their probability of occurring in straight poker, where
five cards are dealt from a 52-card deck ... it ceases to be true when wild cards
are introduced." :func:`count` counts every hand, exactly, for any ranking, deck,
jokers and packs, and says so when it cannot.

Hands are counted as the dealer deals them: every set of ``cards`` physical cards of
the deck is one hand, so with two packs the two aces of spades are two cards and a
hand holding both counts once (a deck of 104 cards deals C(104, 5) hands).

How the counting stays fast:

- *Up to a full hand* (five cards; three for three-card hands), hands fall into
  classes: the ranks of the natural cards, how many jokers, which designated wild
  cards (``wild="Jh Js"``: their suits matter), and whether the natural cards that
  are not wild share one suit. One hand per class is judged by ``ranking.evaluate``
  (the readable reference, wild cards included) and weighted by how many real hands
  the class holds (binomials per rank and suit). Five cards from 52 are 7,462 such
  judgements, not 2,598,960.
- *Six or seven cards, high or ace-to-five, one pack*: by the multiset of the ranks (judged by
  the kernel's rank table, weighted by the ways to give them suits that make no flush) and by the
  ranks of the one suit that has five or more (the flush table): 133,784,560 seven-card hands in
  some fifty thousand look-ups, without numba.
- *Other hands of more cards than a full hand*: a suit pattern no longer reduces to one
  flag, so every hand is dealt and judged by the compiled kernel
  (:mod:`homegame.ranking.kernel`, or :mod:`homegame.ranking.wild_kernel` with wild
  cards): 133,784,560 seven-card hands take seconds.
- Anything else (another ranking object) is dealt hand by hand when there are few
  enough hands, and refused with a message otherwise.

>>> from homegame.ranking import get
>>> table = count(get("high"), cards=5)
>>> table.hands, table.counts["straight_flush"], table.distinct["high_card"]
(2598960, 40, 1277)
>>> print(table.rows()[3])
flush: 5,108 hands, probability 0.00196540, odds 507.80 : 1 against, 1,277 distinct
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.cards import Card, DeckSpec, Rank, Suit
from homegame.errors import ParseError
from homegame.ranking.badugi import BadugiRanking
from homegame.ranking.core import Category, Ranking
from homegame.ranking.poker import PokerRanking, SuitTiebreak
from homegame.ranking.wild import Lowest

__all__ = ["DEALT_LIMIT", "STANDARD", "Row", "Table", "count", "plot"]

Progress = Callable[[float], None]

STANDARD = DeckSpec()
"""The standard deck of 52 cards, no jokers, one pack."""
DEALT_LIMIT = 300_000
"""Most hands :func:`count` deals one by one through ``ranking.evaluate`` (when no faster way applies)."""
KERNEL_CARDS = 7
"""The most cards in a hand the fast kernel judges (five to seven)."""
_BLOCK = 1 << 20  # hands per block when the kernel deals every hand


@dataclass(frozen=True, slots=True)
class Row:
    """One category of a :class:`Table`, as printed."""

    category: str
    count: int
    probability: float
    odds: str
    """Odds against, ``"N : 1"`` (``"-"`` when no hand has the category)."""
    distinct: int

    def __str__(self) -> str:
        return (
            f"{self.category}: {self.count:,} hands, probability {self.probability:.8f}, "
            f"odds {self.odds} against, {self.distinct:,} distinct"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """How many hands of each category a deck deals, and how many distinct hand values each holds.

    ``counts`` and ``distinct`` list every category of the ranking, best first, zeros
    included; ``values`` maps each hand value (its reference key) to its number of hands.
    ``qualified`` counts the hands that meet the ranking's qualifier (``None`` without one).
    Hands of at most a full hand, counted by classes, are also told apart by their top card
    (``by_top``: category, then the rank symbol of the card that counts first, so
    ``by_top["straight_flush"]["A"]`` are the royal flushes and ``by_top["high_card"]["8"]`` the
    8-lows of a low) and by how many wild cards they hold (``by_wild``: count, then category);
    both are ``None`` when the hands were counted another way.
    """

    ranking: str
    deck: DeckSpec
    cards: int
    hands: int
    counts: Mapping[str, int]
    distinct: Mapping[str, int]
    values: Mapping[int, int] = dataclasses.field(repr=False)
    qualified: int | None = None
    by_top: Mapping[str, Mapping[str, int]] | None = dataclasses.field(default=None, repr=False)
    by_wild: Mapping[int, Mapping[str, int]] | None = dataclasses.field(default=None, repr=False)

    @property
    def royal_flushes(self) -> int | None:
        """The straight flushes topped by an ace (``None`` when :attr:`by_top` is not known).

        >>> from homegame.ranking import get
        >>> count(get("high"), cards=5).royal_flushes
        4
        """
        return None if self.by_top is None else self.by_top.get("straight_flush", {}).get("A", 0)

    def to_json(self) -> dict[str, object]:
        """``{"hands": total, "counts": {category: n}, "distinct": {category: n}}``, with
        ``qualified``, ``by_top`` and ``by_wild`` when they are known."""
        data: dict[str, object] = {"hands": self.hands, "counts": dict(self.counts), "distinct": dict(self.distinct)}
        if self.qualified is not None:
            data["qualified"] = self.qualified
        if self.by_top is not None:
            data["by_top"] = {category: dict(tops) for category, tops in self.by_top.items()}
        if self.by_wild is not None:
            data["by_wild"] = {str(wild): dict(counts) for wild, counts in self.by_wild.items()}
        return data

    def rows(self) -> list[Row]:
        """One :class:`Row` per category, best first."""
        return [
            Row(category, hands, hands / self.hands, _odds(hands, self.hands), self.distinct[category])
            for category, hands in self.counts.items()
        ]

    @property
    def title(self) -> str:
        """What was counted, in words."""
        cards = "1 card" if self.cards == 1 else f"{self.cards} cards"
        return f"{cards} from {self.deck}, {self.ranking}: {self.hands:,} hands"

    def __str__(self) -> str:
        header = ("category", "hands", "probability", "odds against", "distinct")
        lines = [
            (row.category.replace("_", " "), f"{row.count:,}", f"{row.probability:.8f}", row.odds, f"{row.distinct:,}")
            for row in self.rows()
        ]
        lines.append(("total", f"{self.hands:,}", f"{1:.8f}", "", f"{sum(self.distinct.values()):,}"))
        if self.qualified is not None:
            qualified = self.qualified
            lines.append(
                ("qualifying", f"{qualified:,}", f"{qualified / self.hands:.8f}", _odds(qualified, self.hands), "")
            )
        widths = [max(len(line[i]) for line in [header, *lines]) for i in range(len(header))]
        text = [self.title, ""]
        for line in [header, *lines]:
            cells = [line[0].ljust(widths[0])] + [
                cell.rjust(width) for cell, width in zip(line[1:], widths[1:], strict=True)
            ]
            text.append("  ".join(cells).rstrip())
        return "\n".join(text)


def _odds(hands: int, total: int) -> str:
    if hands == 0:
        return "-"
    against = (total - hands) / hands
    return f"{against:,.0f} : 1" if against >= 1000 else f"{against:,.2f} : 1"


def count(ranking: Ranking, *, cards: int, deck: DeckSpec = STANDARD, progress: Progress | None = None) -> Table:
    """Count every hand of ``cards`` cards that ``deck`` deals, by category, exactly.

    A poker ranking is fitted to the deck first: its lowest rank becomes the deck's (so
    with 36 cards A-6-7-8-9 is a straight, "the ace is considered to be adjacent to the
    lowest card present in the deck") and it allows as many copies of a card as the deck
    has packs. ``progress`` is called with the fraction done, now and then.

    Raises :class:`~homegame.errors.ParseError` for what cannot be counted: jokers with a
    ranking that has no wild jokers, wild jokers or the bug with no joker in the deck, wild
    cards that depend on the deal (a rank named at the showdown, the lowest down card), or more
    hands than can be dealt one by one.

    >>> from homegame.ranking import get
    >>> count(get("high"), cards=5, deck=DeckSpec.of_size(36)).counts["straight"]
    6120
    """
    if not 1 <= cards <= deck.size:
        raise ParseError(f"cannot deal {cards} cards from a deck of {deck.size}")
    fitted = _fit(ranking, deck)
    report = progress or (lambda done: None)
    if isinstance(fitted, PokerRanking):
        _check(fitted, deck)
        if fitted.suit_tiebreak is SuitTiebreak.NONE:
            if cards <= fitted.hand_size:
                tally = _count_classes(fitted, deck, cards, report)
                return _table(fitted, deck, cards, tally)
            evaluator = _evaluator(fitted, deck) if cards <= KERNEL_CARDS else None
            if evaluator is not None and _by_ranks(evaluator, deck):
                tally = _count_by_ranks(evaluator, deck, cards)
                report(1.0)
                return _table(fitted, deck, cards, tally)
            if evaluator is not None:
                return _table(fitted, deck, cards, _count_dealt(evaluator, deck, cards, report))
    if isinstance(fitted, BadugiRanking) and deck.packs == 1 and deck.jokers == 0 and cards <= 8:
        return _table(fitted, deck, cards, _count_badugi(deck, cards, report))
    hands = comb(deck.size, cards)
    if hands > DEALT_LIMIT:
        raise ParseError(
            f"cannot count {hands:,} hands of {cards} cards under {fitted.label}: exact tables of more than "
            f"{DEALT_LIMIT:,} hands need a full hand or less of a poker ranking without suit tie-breaks, or "
            "a ranking the fast kernel judges (high and the lows from one pack, five to seven cards)"
        )
    return _table(fitted, deck, cards, _count_each(fitted, deck, cards, report))


# -- what is counted -----------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    """Hands per hand value (reference key), each value's category and whether it qualifies; counted
    by classes, also hands per category and top card, and per number of wild cards and category."""

    hands: Counter[int] = dataclasses.field(default_factory=Counter)
    category: dict[int, Category] = dataclasses.field(default_factory=dict)
    failed: set[int] = dataclasses.field(default_factory=set)
    top: Counter[tuple[Category, str]] | None = None
    wild: Counter[tuple[int, Category]] | None = None

    def add(self, key: int, category: Category, hands: int, qualified: bool = True) -> None:
        self.hands[key] += hands
        self.category[key] = category
        if not qualified:
            self.failed.add(key)


def _table(ranking: Ranking, deck: DeckSpec, cards: int, tally: _Tally) -> Table:
    order = list(ranking.categories())
    extra = [category for category in Category if category in tally.category.values() and category not in order]
    # five of a kind from several packs: the strongest combination, so best for high and worst for a low
    order = [*order, *extra] if ranking.is_low else [*extra, *order]
    counts = dict.fromkeys((category.value for category in order), 0)
    distinct = dict.fromkeys(counts, 0)
    for key, hands in tally.hands.items():
        if hands:
            counts[tally.category[key].value] += hands
            distinct[tally.category[key].value] += 1
    total = sum(counts.values())
    if total != comb(deck.size, cards):
        raise AssertionError(f"counted {total} hands, not C({deck.size}, {cards})")
    by_top: dict[str, dict[str, int]] | None = None
    if tally.top is not None:
        by_top = {category: {} for category in counts}
        for (category, top), hands in sorted(tally.top.items(), key=lambda item: -item[1]):
            by_top[category.value][top] = hands
    by_wild: dict[int, dict[str, int]] | None = None
    if tally.wild is not None:
        by_wild = {}
        for (wild, category), hands in sorted(tally.wild.items(), key=lambda item: item[0][0]):
            by_wild.setdefault(wild, dict.fromkeys(counts, 0))[category.value] += hands
    qualifier = getattr(ranking, "qualifier", None)
    return Table(
        ranking=ranking.label,
        deck=deck,
        cards=cards,
        hands=total,
        counts=counts,
        distinct=distinct,
        values=dict(tally.hands),
        qualified=None if qualifier is None else total - sum(tally.hands[key] for key in tally.failed),
        by_top=by_top,
        by_wild=by_wild,
    )


def _fit(ranking: Ranking, deck: DeckSpec) -> Ranking:
    """The ranking fitted to the deck; an option that cannot apply to it is refused, never ignored."""
    if not isinstance(ranking, PokerRanking):
        return ranking
    if ranking.lowest_rank not in (Rank.TWO, deck.lowest_rank):
        raise ParseError(
            f"{ranking.label}: a lowest rank of {ranking.lowest_rank.symbol} cannot apply to {deck}, "
            f"whose lowest rank is {deck.lowest_rank.symbol}"
        )
    if ranking.packs > deck.packs:
        raise ParseError(f"{ranking.label}: {ranking.packs} packs cannot apply to {deck}")
    changes: dict[str, Any] = {}
    if ranking.lowest_rank != deck.lowest_rank:
        changes["lowest_rank"] = deck.lowest_rank
    if ranking.packs < deck.packs:
        changes["packs"] = deck.packs
    return dataclasses.replace(ranking, **changes) if changes else ranking


def _check(ranking: PokerRanking, deck: DeckSpec) -> None:
    spec = ranking.wild
    if deck.jokers and (spec is None or not (spec.jokers or spec.bug)):
        raise ParseError(
            f"the deck holds {deck.jokers} joker(s) but {ranking.label} has no wild jokers: "
            "make them wild (--wild jokers, or --wild bug)"
        )
    if spec is not None and (spec.jokers or spec.bug) and not deck.jokers:
        which = "the bug" if spec.bug else "wild jokers"
        raise ParseError(f"{ranking.label} has {which} but the deck holds no joker: add them (--jokers 1 or 2)")
    if spec is not None and spec.dynamic:
        raise ParseError("a wild rank named at the showdown (wild=dynamic) changes from deal to deal: no fixed table")
    if spec is not None and spec.lowest is Lowest.DOWN:
        raise ParseError("the lowest down card (wild=lowest-down) depends on which cards are down: no table")


# -- up to a full hand: classes of hands ---------------------------------------------------------


def _count_classes(ranking: PokerRanking, deck: DeckSpec, cards: int, report: Progress) -> _Tally:
    """Count by classes: ranks of the natural cards, jokers, designated wild cards, one-suit or not."""
    packs = deck.packs
    spec = ranking.wild
    designated = sorted((card for card in spec.cards if _in_deck(card, deck)), key=lambda c: c.code) if spec else []
    suits = {rank: [suit for suit in Suit if Card.of(rank, suit) not in designated] for rank in deck.ranks}
    room = {rank: len(suits[rank]) * packs for rank in deck.ranks}
    jokers = deck.jokers * packs
    shapes = [
        (wild_jokers, held)
        for wild_jokers in range(min(jokers, cards) + 1)
        for held in _designated(designated, packs, cards - wild_jokers)
    ]
    ranks_of = {size: list(_multisets(deck.ranks, size, room)) for size in {cards - j - len(h) for j, h in shapes}}
    work = sum(len(ranks_of[cards - j - len(held)]) for j, held in shapes)
    tally = _Tally(top=Counter(), wild=Counter())
    assert tally.top is not None and tally.wild is not None
    judged: dict[tuple[object, ...], tuple[int, Category, bool, str]] = {}
    done = 0
    for wild_jokers, held in shapes:
        ways_held = comb(jokers, wild_jokers) * prod(comb(packs, n) for n in Counter(held).values())
        prefix = (*(Card.joker(1 + i % max(deck.jokers, 1)) for i in range(wild_jokers)), *held)
        for naturals in ranks_of[cards - wild_jokers - len(held)]:
            done += 1
            if done % 2048 == 0:
                report(done / work)
            spread = _spread(naturals, suits)
            wild = spec.wild_in((*prefix, *spread)) if spec else frozenset()
            wild_ranks = {card.rank for card in spread if card in wild}
            plain = [rank for rank in naturals if rank not in wild_ranks]
            wild_naturals = tuple(rank for rank in naturals if rank in wild_ranks)
            ways_wild = prod(comb(room[rank], n) for rank, n in Counter(wild_naturals).items())
            for one_suit, ways in _suit_classes(plain, suits, packs):
                memo = (tuple(plain), one_suit, wild_naturals, wild_jokers, len(held))
                if memo not in judged:
                    value = ranking.evaluate((*prefix, *_suited(spread, plain, one_suit, suits, packs)))
                    judged[memo] = (value.key, value.category, value.qualified, _top(ranking, value.counted))
                key, category, qualified, top = judged[memo]
                hands = ways_held * ways_wild * ways
                tally.add(key, category, hands, qualified)
                tally.top[category, top] += hands
                tally.wild[wild_jokers + len(held) + len(wild_naturals), category] += hands
    report(1.0)
    return tally


def _top(ranking: PokerRanking, counted: Sequence[Card]) -> str:
    """The rank symbol of the card that counts first (an ace low of a low is still ``A``)."""
    rank = counted[0].rank if counted else None
    return "-" if rank is None else rank.symbol


def _in_deck(card: Card, deck: DeckSpec) -> bool:
    return card.rank is not None and card.rank in deck.ranks


def _designated(cards: list[Card], packs: int, most: int) -> Iterator[tuple[Card, ...]]:
    """Every multiset of at most ``most`` of these cards, each at most ``packs`` times."""
    for size in range(min(most, len(cards) * packs) + 1):
        for held in combinations_with_replacement(cards, size):
            if max(Counter(held).values(), default=0) <= packs:
                yield held


def _multisets(ranks: Sequence[Rank], size: int, room: Mapping[Rank, int]) -> Iterator[tuple[Rank, ...]]:
    for chosen in combinations_with_replacement(ranks, size):
        if all(n <= room[rank] for rank, n in Counter(chosen).items()):
            yield chosen


def _suit_classes(plain: list[Rank], suits: Mapping[Rank, list[Suit]], packs: int) -> Iterator[tuple[bool, int]]:
    """(whether the plain natural cards share one suit, how many ways their suits can fall so)."""
    multiplicity = Counter(plain)
    every = prod(comb(len(suits[rank]) * packs, n) for rank, n in multiplicity.items())
    if len(plain) < 2:
        yield True, every
        return
    one_suit = sum(
        prod(comb(packs if suit in suits[rank] else 0, n) for rank, n in multiplicity.items()) for suit in Suit
    )
    if one_suit:
        yield True, one_suit
    if every > one_suit:
        yield False, every - one_suit


def _spread(naturals: tuple[Rank, ...], suits: Mapping[Rank, list[Suit]]) -> list[Card]:
    """Cards of these ranks (sorted, so copies of a rank stand together): the copies of a rank take
    its available suits in turn, so that no card is held more often than there are packs."""
    return [Card.of(rank, suits[rank][position % len(suits[rank])]) for position, rank in enumerate(naturals)]


def _suited(
    spread: list[Card], plain: list[Rank], one_suit: bool, suits: Mapping[Rank, list[Suit]], packs: int
) -> list[Card]:
    """The natural cards with suits such that the ``plain`` ones (those not wild) share one suit
    exactly when ``one_suit`` says so."""
    if len(plain) < 2:
        return spread
    plain_ranks = set(plain)
    if one_suit:
        held = Counter(plain)
        suit = next(s for s in Suit if all(s in suits[rank] and n <= packs for rank, n in held.items()))
        return [Card.of(card.rank, suit) if card.rank in plain_ranks else card for card in spread]
    shared = {card.suit for card in spread if card.rank in plain_ranks}
    if len(shared) > 1:
        return spread
    copies = Counter(spread)
    for position, card in enumerate(spread):
        rank = card.rank
        if rank not in plain_ranks:
            continue
        for suit in suits[rank]:
            other = Card.of(rank, suit)
            if suit not in shared and copies[other] < packs:
                return [*spread[:position], other, *spread[position + 1 :]]
    raise AssertionError(f"no way to split {plain} over two suits")


# -- more than a full hand: every hand dealt to the kernel ---------------------------------------


def _evaluator(ranking: PokerRanking, deck: DeckSpec) -> Any:
    """The kernel that judges this ranking (the "no unbeatable hand" rules bend only who beats whom,
    not the keys, so their twin without them serves), or ``None``."""
    twin = dataclasses.replace(ranking, italian_straight_flush=False, imperial_flush=False)
    if deck.packs > 1:
        return None
    if twin.wild is None:
        from homegame.ranking.kernel import Evaluator

        return Evaluator.for_ranking(twin)
    from homegame.ranking.wild_kernel import WildEvaluator

    return WildEvaluator.for_ranking(twin)


def _deck_codes(deck: DeckSpec) -> np.ndarray[Any, np.dtype[np.uint8]]:
    return np.array([card.code for card in deck.cards()], dtype=np.uint8)


def _count_dealt(evaluator: Any, deck: DeckSpec, cards: int, report: Progress) -> _Tally:
    from homegame.ranking import _compiled

    codes = _deck_codes(deck)
    index = np.arange(cards, dtype=np.int64)
    block = np.empty((min(_BLOCK, comb(len(codes), cards)), cards), dtype=np.uint8)
    ordinals = np.zeros(len(evaluator.keys), dtype=np.int64)
    total, done = comb(len(codes), cards), 0
    while filled := _compiled.deal(codes, index, block):
        ordinals += np.bincount(evaluator.batch(block[:filled]), minlength=len(ordinals))
        done += filled
        report(done / total)
    tally = _Tally()
    for ordinal in np.flatnonzero(ordinals).tolist():
        qualified = bool(evaluator.qualified[ordinal])
        tally.add(int(evaluator.keys[ordinal]), evaluator.categories[ordinal], int(ordinals[ordinal]), qualified)
    return tally


def _by_ranks(evaluator: Any, deck: DeckSpec) -> bool:
    """Whether :func:`_count_by_ranks` serves: the kernel's high or ace-to-five low, one natural pack
    (whatever its lowest rank), six or seven cards (where a flush, if any, is in one suit only and
    shuts out every better-by-ranks hand)."""
    from homegame.ranking.kernel import Evaluator
    from homegame.ranking.lookup import Mode

    return (
        isinstance(evaluator, Evaluator)
        and evaluator._tables.mode in (Mode.FLUSH_WINS, Mode.NO_SUITS)
        and deck.packs == 1
        and deck.jokers == 0
        and not deck.only
    )


def _count_by_ranks(evaluator: Any, deck: DeckSpec, cards: int) -> _Tally:
    """Count six- or seven-card hands without dealing them: by the multiset of their ranks, and by
    the ranks of their flush suit.

    A hand with no five cards of a suit is worth what its ranks are worth (the rank table); the
    ways to give a multiset of ranks suits are the product of ``C(4, n)`` over its ranks, less the
    ways that put five or more of them in one suit: for one suit, the coefficients of ``x^5`` and up
    in the product over ranks of ``C(3, n) + x C(3, n - 1)`` (``x`` marks a card of that suit).
    A hand with five or more cards of a suit (only one suit can have them) is worth the flush table's
    entry for that suit's ranks (high: the flush beats anything the other cards could make), and
    there are ``C(cards of the other suits, the rest)`` of them for each suit. Some fifty thousand
    multisets and five thousand flushes, instead of 133,784,560 hands.
    """
    from homegame.ranking.lookup import RANK_KEYS, ROW_BITS, Mode

    tables = evaluator._tables
    present = list(range(deck.lowest_rank - 2, 13))
    multisets = np.zeros((1, 13), dtype=np.int8)  # every multiset of ranks, at most four of each, rank by rank
    for rank in present:
        grown = np.repeat(multisets, 5, axis=0)
        grown[:, rank] = np.tile(np.arange(5, dtype=np.int8), len(multisets))
        multisets = grown[grown.sum(axis=1) <= cards]
    multisets = multisets[multisets.sum(axis=1) == cards]
    sums = multisets @ np.array(RANK_KEYS, dtype=np.int64)
    row = tables.offsets[cards - 5].astype(np.int64)
    ordinals = tables.ranks[row[sums >> ROW_BITS] + (sums & ((1 << ROW_BITS) - 1))].astype(np.int64)
    four = np.array([comb(4, n) for n in range(5)], dtype=np.int64)
    ways = np.prod(four[multisets], axis=1)
    counts = np.zeros(len(tables.keys), dtype=np.int64)
    if tables.mode is Mode.FLUSH_WINS:
        plain = np.array([comb(3, n) for n in range(5)], dtype=np.int64)  # C(3, n), C(3, 4) = 0
        marked = np.array([0, *(comb(3, n - 1) for n in range(1, 5))], dtype=np.int64)  # C(3, n - 1)
        polynomial = np.zeros((len(multisets), cards + 1), dtype=np.int64)
        polynomial[:, 0] = 1
        for rank in present:
            n = multisets[:, rank]
            shifted = np.concatenate([np.zeros((len(n), 1), dtype=np.int64), polynomial[:, :-1]], axis=1)
            polynomial = polynomial * plain[n][:, None] + shifted * marked[n][:, None]
        ways -= 4 * polynomial[:, 5:].sum(axis=1)
        others = 3 * len(present)
        masks = np.arange(1 << 13, dtype=np.int64)  # a suit's ranks: every mask of the ranks present
        masks = masks[(masks & ((1 << present[0]) - 1)) == 0]
        held = ((masks[:, None] >> np.arange(13)) & 1).sum(axis=1)
        suited = (held >= 5) & (held <= cards)
        hands = 4 * np.array([comb(others, cards - size) for size in range(cards + 1)], dtype=np.int64)
        np.add.at(counts, tables.flush[masks[suited]], hands[held[suited]])
    np.add.at(counts, ordinals, ways)
    tally = _Tally()
    for ordinal in np.flatnonzero(counts).tolist():
        tally.add(
            int(tables.keys[ordinal]), tables.categories[ordinal], int(counts[ordinal]), bool(tables.qualified[ordinal])
        )
    return tally


def _count_badugi(deck: DeckSpec, cards: int, report: Progress) -> _Tally:
    """Every hand dealt (:func:`_hand_blocks`) and judged by the badugi kernel
    (:mod:`homegame.ranking.badugi_kernel`): numpy alone, no compiled loops to load."""
    from homegame.ranking.badugi_kernel import category, keys

    codes = _deck_codes(deck)
    total = comb(len(codes), cards)
    tally, done = _Tally(), 0
    for block in _hand_blocks(codes, cards):
        found, counts = np.unique(keys(block), return_counts=True)
        for key, hands in zip(found.tolist(), counts.tolist(), strict=True):
            tally.add(key, category(key), hands)
        done += len(block)
        report(done / total)
    return tally


def _hand_blocks(codes: npt.NDArray[np.uint8], cards: int) -> Iterator[npt.NDArray[np.uint8]]:
    """Every hand of ``cards`` of ``codes``, each once, in blocks of at most ``_BLOCK`` rows (more
    only when one choice of the first cards leaves that many): the last cards of a hand come from
    one array of every choice of them (:func:`_choices`), the first from a loop over their choices.

    >>> [block.tolist() for block in _hand_blocks(np.arange(4, dtype=np.uint8), 3)]
    [[[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]]
    """
    n = len(codes)
    tail = max((size for size in range(cards + 1) if comb(n, size) <= _BLOCK), default=0)
    last = _choices(n, tail)
    starts = last[:, 0] if tail else np.zeros(0, dtype=np.int64)
    for head in combinations(range(n), cards - tail):
        rows = last[np.searchsorted(starts, head[-1] + 1) :] if head and tail else last
        if len(rows):
            first = np.broadcast_to(np.array(head, dtype=np.int64), (len(rows), len(head)))
            yield codes[np.concatenate([first, rows], axis=1)]


def _choices(n: int, size: int) -> npt.NDArray[np.int64]:
    """Every choice of ``size`` of ``range(n)``, increasing, in lexicographic order (one row each).

    >>> _choices(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    rows = np.zeros((1, 0), dtype=np.int64)
    for position in range(size):
        first = rows[:, -1] + 1 if position else np.zeros(1, dtype=np.int64)
        ways = np.maximum(n - size + position + 1 - first, 0)  # the values this position may take
        grown = np.repeat(rows, ways, axis=0)
        offsets = np.arange(len(grown)) - np.repeat(np.cumsum(ways) - ways, ways)
        rows = np.concatenate([grown, (np.repeat(first, ways) + offsets)[:, None]], axis=1)
    return rows


# -- anything else: hand by hand -----------------------------------------------------------------


def _count_each(ranking: Ranking, deck: DeckSpec, cards: int, report: Progress) -> _Tally:
    tally = _Tally()
    total = comb(deck.size, cards)
    for done, hand in enumerate(combinations(deck.cards(), cards), 1):
        value = ranking.evaluate(hand)
        tally.add(value.key, value.category, 1, value.qualified)
        if done % 4096 == 0:
            report(done / total)
    report(1.0)
    return tally


# -- a picture -----------------------------------------------------------------------------------


def plot(table: Table, path: str | Path) -> None:
    """Draw the table as a bar chart (hands per category, log scale) into a PNG file.

    Needs matplotlib (the ``plot`` extra); it is imported only here, with the headless Agg backend.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = table.rows()
    figure, axes = plt.subplots(figsize=(10, 5.5), layout="constrained")
    names = [row.category.replace("_", " ") for row in rows]
    bars = axes.bar(names, [row.count for row in rows], color="#3b6ea5")
    axes.set_yscale("log")
    axes.set_ylabel("hands (log scale)")
    axes.set_title(table.title)
    axes.tick_params(axis="x", labelrotation=30)
    for bar, row in zip(bars, rows, strict=True):
        if row.count:
            axes.annotate(
                f"{row.probability:.4%}",
                (bar.get_x() + bar.get_width() / 2, row.count),
                ha="center",
                va="bottom",
                fontsize=8,
            )
    figure.savefig(path, format="png", dpi=100)
    plt.close(figure)
