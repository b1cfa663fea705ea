"""Wild cards: what is wild (a :class:`WildSpec`) and how the best hand is found with them.

Rules document 004, "Poker Hand Ranking with Wild Cards", in the order this module
follows it:

- "A wild card card that can be used to substitute for a card that the holder needs to
  make up a hand": jokers (``jokers``), designated ranks ("all the twos ('deuces
  wild')": ``2``; Baseball's threes and nines: ``3 9``) or designated cards ("the jacks
  of hearts and spades ('one-eyed jacks wild')": ``Jh Js``).
- "The most usual rule is that a wild card can be used either 1. to represent any card
  not already present in the hand, or 2. to make the special combination of 'five of a
  kind'": so "in the hand A-9-8-5-joker, the joker counts as a K, not a second ace",
  unless the house rule ``double_ace_flush`` lets it stand for "a duplicate of a card
  already held".
- "five of a kind becomes the highest type of hand, beating a royal flush. Between
  fives of a kind, the higher beats the lower, five aces being highest of all."
- The bug (``bug``): "a joker added to the pack which acts as a limited wild card. It
  can either be used as an ace, or to complete a straight or a flush."
- Fitters: "In Low Poker, a wild card can be used to represent a card of a rank not
  already present in the player's hand." Every wild card in a low hand is a fitter
  (a bug too: a low has no use for a second ace).
- Lowest card wild (``lowest``; ``lowest-down`` for "lowest concealed card"): "the rule
  applies to the lowest ranked card held at the time of the showdown, using the normal
  order ace (high) to two (low). Aces cannot be counted as low to make them wild."
  Every card of that rank is wild (The Option, rules document 001: "Each player's
  lowest down card (and all other cards in their hand of the same rank) is wild").
- Natural versus wild: the house rules ``natural_beats_wild`` and
  ``fewer_wild_beats_more`` (and ``more_wild_beats_fewer``, the document's literal
  wording; see :class:`~homegame.ranking.poker.PokerRanking`).
- A rank named at each showdown (``dynamic``): Follow the Queen's wild rank changes as
  the cards fall, so the engine passes it to ``evaluate(cards, wild_rank=...)``.

How the best hand is found: by reasoning, never by trying substitute cards. For a hand
of five cards (three for three-card hands) with some wild cards, each family of
categories is asked for the best hand it can make, and the ranking's own order picks
among them:

- *groups* (five of a kind down to high card): bugs are aces, and every other wild card
  joins the largest group of equal ranks (the higher rank when two are as large);
- *flush*: when the natural cards share a suit, the wild cards take the highest ranks of
  that suit not already held (aces again and again under ``double_ace_flush``);
- *straight* (and straight flush): when the natural ranks are distinct and fit in a run,
  the wild cards fill the highest run that holds them, in the natural cards' suit when
  they share one;
- a *low* hand: fitters take the lowest ranks not held; when that makes a straight
  (deuce-to-seven, ace-to-six) the highest fitter moves up to the next rank that breaks
  it, and a fitter changes suit rather than make a flush.

From more cards the best five are chosen (every five-card subset is reasoned about).

>>> from homegame.ranking import get
>>> joker = get("high", wild="jokers")
>>> value = joker.evaluate("As 9s 8s 5s Jk")
>>> print(value.describe())
ace-high flush (As Jk 9s 8s 5s), Jk as Ks
>>> print(get("high", wild="bug").evaluate("6c 6d 6h 6s Jk").describe())
four sixes (6s 6h 6d 6c Jk), Jk as As
>>> print(get("low-27", wild="jokers").evaluate("6c 5d 4h 2s Jk").name)
7-6-5-4-2 low
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from homegame.cards import Card, Rank, Suit, SuitOrder
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue, normalize_cards
from homegame.ranking.wildcards import Lowest, WildSpec

__all__ = ["Lowest", "PokerOrder", "WildSpec", "evaluate", "value_of"]


class PokerOrder(Protocol):
    """What the reasoning needs of a poker ranking: its house rules and how it judges and values a
    hand of natural cards (:class:`~homegame.ranking.poker.PokerRanking` is one). Kept as a
    protocol so that this module and the ranking's own need not import each other."""

    @property
    def wild(self) -> WildSpec | None: ...
    @property
    def is_low(self) -> bool: ...
    @property
    def aces_low(self) -> bool: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def lowest_rank(self) -> Rank: ...
    @property
    def suit_order(self) -> SuitOrder: ...
    @property
    def double_ace_flush(self) -> bool: ...
    @property
    def natural_beats_wild(self) -> bool: ...
    @property
    def fewer_wild_beats_more(self) -> bool: ...
    @property
    def more_wild_beats_fewer(self) -> bool: ...

    def _check(self, hand: tuple[Card, ...], *, jokers: bool = False) -> None: ...
    def _judge(self, hand: tuple[Card, ...]) -> tuple[Category, list[Card], list[int]]: ...
    def _key_of(self, category: Category, ordered: list[Card], counting: list[int], wild_part: int = 0) -> int: ...
    def _make_value(
        self,
        category: Category,
        ordered: list[Card],
        counting: list[int],
        *,
        held: Sequence[Card] | None = None,
        wild: tuple[tuple[Card, Card], ...] = (),
        wild_part: int = 0,
    ) -> HandValue: ...


C = Category


# -- evaluation ------------------------------------------------------------------------------------


def evaluate(
    ranking: PokerOrder,
    cards: str | Iterable[Card],
    *,
    wild_rank: Rank | None = None,
    down: str | Iterable[Card] | None = None,
) -> HandValue:
    """The value of the best hand under a ranking with wild cards (``ranking.wild`` set).

    Which cards are wild is settled on the whole hand first (the lowest card of seven,
    say); then every five-card subset is reasoned about and the best one plays.

    >>> from homegame.ranking import get
    >>> print(get("high", wild="2").evaluate("2c 2d Kh Ks 7c").describe())
    four kings (Ks Kh 2c 2d 7c), 2c as Kd, 2d as Kc
    >>> print(get("high", wild="dynamic").evaluate("7c 7d Ks Qs Js", wild_rank=Rank.SEVEN).name)
    royal flush
    """
    spec = ranking.wild
    assert spec is not None, "wild.evaluate judges rankings built with wild=..."
    hand = normalize_cards(cards)
    ranking._check(hand, jokers=spec.jokers or spec.bug)
    down_cards = _down(hand, down)
    wild = spec.wild_in(hand, down=down_cards, wild_rank=_wild_rank(ranking, wild_rank))
    return _value(ranking, hand, wild, spec.bug)


def value_of(ranking: PokerOrder, naturals: Sequence[Card], wild_cards: int, *, bug: bool = False) -> HandValue:
    """The value of ``naturals`` held with ``wild_cards`` wild cards (bugs if ``bug``).

    Which cards are wild plays no part, only how many: jokers stand in for them. The
    wild-card kernel (:mod:`homegame.ranking.wild_kernel`) builds its tables from this.

    >>> from homegame.cards import parse
    >>> from homegame.ranking import get
    >>> print(value_of(get("high", wild="2"), parse("Kc Kd 7h"), 2).name)
    four kings
    """
    jokers = tuple(Card.joker(number) for number in range(1, wild_cards + 1))
    return _value(ranking, (*naturals, *jokers), frozenset(jokers), bug)


def _value(ranking: PokerOrder, hand: tuple[Card, ...], wild: frozenset[Card], bug: bool) -> HandValue:
    size = ranking.hand_size
    subsets = combinations(hand, size) if len(hand) > size else (hand,)
    best = max((_best(ranking, subset, wild, bug) for subset in subsets), key=_key)
    return best.value(ranking, wild)


def _wild_part(ranking: PokerOrder, wild_cards: int) -> int:
    """The 4-bit key slot of the natural-versus-wild house rules (0 without them).

    Between hands otherwise equal, the greater slot wins: the natural hand under
    ``natural_beats_wild``, the one with fewer wild cards under ``fewer_wild_beats_more``,
    the one with more under ``more_wild_beats_fewer``.
    """
    if ranking.fewer_wild_beats_more:
        return 15 - wild_cards
    if ranking.more_wild_beats_fewer:
        return wild_cards
    if ranking.natural_beats_wild:
        return int(wild_cards == 0)
    return 0


def _wild_rank(ranking: PokerOrder, rank: Rank | None) -> Rank | None:
    if rank is not None and not isinstance(rank, Rank):
        raise ParseError(f"wild_rank={rank!r}: must be a Rank (Rank.parse reads one)")
    if rank is not None and rank < ranking.lowest_rank and rank != Rank.ACE:
        raise ParseError(f"wild_rank={rank.symbol}: not in a deck whose lowest rank is {ranking.lowest_rank.symbol}")
    return rank


def _down(hand: tuple[Card, ...], down: str | Iterable[Card] | None) -> tuple[Card, ...] | None:
    if down is None:
        return None
    cards = normalize_cards(down)
    if Counter(cards) - Counter(hand):
        missing = next(iter(Counter(cards) - Counter(hand)))
        raise ParseError(f"down card {missing} is not in the hand", token=str(missing))
    return cards


@dataclass(frozen=True, slots=True)
class _Play:
    """One way to play at most five cards: the cards held and what they count as."""

    key: int
    category: Category
    held: tuple[Card, ...]
    counted: tuple[Card, ...]
    counting: tuple[int, ...]
    wild_part: int

    def value(self, ranking: PokerOrder, wild: frozenset[Card]) -> HandValue:
        pairs = tuple((held, counted) for held, counted in zip(self.held, self.counted, strict=True) if held in wild)
        return ranking._make_value(
            self.category,
            list(self.counted),
            list(self.counting),
            held=self.held,
            wild=pairs,
            wild_part=self.wild_part,
        )


def _best(ranking: PokerOrder, hand: tuple[Card, ...], wild: frozenset[Card], bug: bool) -> _Play:
    """The best play of at most ``hand_size`` cards, by reasoning about each family of categories."""
    naturals = [card for card in hand if card not in wild]
    subs = [card for card in hand if card in wild]
    bugs = [bug and card.is_joker for card in subs]
    part = _wild_part(ranking, len(subs))
    if not subs:
        return _play(ranking, naturals, [], [], part)
    if ranking.is_low:
        return _best_low(ranking, naturals, subs, part)
    full = len(hand) == ranking.hand_size
    plays = [_play(ranking, naturals, subs, _groups(ranking, naturals, bugs), part)]
    if full and _one_suit(naturals):
        plays.append(_play(ranking, naturals, subs, _flush(ranking, naturals, len(subs)), part))
    if full:
        run = _run(ranking, naturals, len(subs))
        if run is not None:
            plays.append(_play(ranking, naturals, subs, run, part))
    return max(plays, key=_key)


def _play(ranking: PokerOrder, naturals: list[Card], subs: list[Card], stands: list[Card], part: int) -> _Play:
    """Judge the hand with each wild card in ``subs`` standing for the card in ``stands``."""
    pool = [*zip(naturals, naturals, strict=True), *zip(subs, stands, strict=True)]
    category, ordered, counting = ranking._judge(tuple(counted for _, counted in pool))
    held = []
    for card in ordered:
        index = next(i for i, (_, counted) in enumerate(pool) if counted == card)
        held.append(pool.pop(index)[0])
    key = ranking._key_of(category, ordered, counting, part)
    return _Play(key, category, tuple(held), tuple(ordered), tuple(counting), part)


def _suits(ranking: PokerOrder) -> list[Suit]:
    """The suits best first, so that a free choice of suit is never worse under a suit tie-break."""
    return sorted(Suit, key=ranking.suit_order.value, reverse=True)


def _one_suit(cards: list[Card]) -> bool:
    return len({card.suit for card in cards}) <= 1


def _groups(ranking: PokerOrder, naturals: list[Card], bugs: list[bool]) -> list[Card]:
    """Bugs are aces; every other wild card joins the largest group (higher rank on a tie)."""
    counts = Counter(_rank(card) for card in naturals)
    counts[Rank.ACE] += sum(bugs)
    target = max(counts, key=lambda rank: (counts[rank], rank)) if +counts else Rank.ACE
    ranks = [Rank.ACE if is_bug else target for is_bug in bugs]
    taken = set(naturals)
    stands = []
    for rank in ranks:
        free = [card for card in (Card.of(rank, suit) for suit in _suits(ranking)) if card not in taken]
        card = free[0] if free else Card.of(rank, _suits(ranking)[0])  # five of a kind holds a duplicate
        taken.add(card)
        stands.append(card)
    return stands


def _flush(ranking: PokerOrder, naturals: list[Card], count: int) -> list[Card]:
    """The highest cards of the naturals' suit not already held (aces under double_ace_flush)."""
    suit = naturals[0].suit if naturals else _suits(ranking)[0]
    assert suit is not None
    if ranking.double_ace_flush:
        return [Card.of(Rank.ACE, suit)] * count
    held = {_rank(card) for card in naturals}
    return [Card.of(rank, suit) for rank in reversed(_deck_ranks(ranking)) if rank not in held][:count]


def _run(ranking: PokerOrder, naturals: list[Card], count: int) -> list[Card] | None:
    """The highest run holding every natural rank, filled by the wild cards, or None."""
    held = {_rank(card) for card in naturals}
    if len(held) < len(naturals):
        return None
    window = next((run for run in _runs(ranking) if held <= set(run)), None)
    if window is None:
        return None
    suit = naturals[0].suit if naturals and _one_suit(naturals) else _suits(ranking)[0]
    assert suit is not None
    stands = [Card.of(rank, suit) for rank in window if rank not in held]
    assert len(stands) == count
    return stands


def _runs(ranking: PokerOrder) -> list[list[Rank]]:
    """Every run of ``hand_size`` ranks, highest first; the ace also sits below the lowest rank."""
    ranks = _deck_ranks(ranking)
    size = ranking.hand_size
    runs = [ranks[start : start + size] for start in range(len(ranks) - size, -1, -1)]
    return [*runs, [*ranks[: size - 1], Rank.ACE]]


def _deck_ranks(ranking: PokerOrder) -> list[Rank]:
    return [Rank(value) for value in range(ranking.lowest_rank, Rank.ACE + 1)]


def _best_low(ranking: PokerOrder, naturals: list[Card], subs: list[Card], part: int) -> _Play:
    """Fitters take the lowest ranks not held; a straight makes the highest fitter move up."""
    order = _deck_ranks(ranking)
    if ranking.aces_low:
        order = [Rank.ACE, *order[:-1]]
    held = {_rank(card) for card in naturals}
    missing = [rank for rank in order if rank not in held]
    count = len(subs)
    best = _play(ranking, naturals, subs, _fitter_cards(ranking, naturals, missing[:count]), part)
    if best.category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        for rank in missing[count:]:
            ranks = [*missing[: count - 1], rank]
            best = max(best, _play(ranking, naturals, subs, _fitter_cards(ranking, naturals, ranks), part), key=_key)
            if best.category not in (C.STRAIGHT, C.STRAIGHT_FLUSH):
                break
    return best


def _fitter_cards(ranking: PokerOrder, naturals: list[Card], ranks: list[Rank]) -> list[Card]:
    """Fitters in the best suit, except that the lowest one breaks what would be a flush."""
    first, second = _suits(ranking)[:2]
    suits = [first] * len(ranks)
    if len(naturals) + len(ranks) == ranking.hand_size and all(card.suit == first for card in naturals):
        suits[0] = second
    return [Card.of(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]


def _key(play: _Play) -> int:
    return play.key


def _rank(card: Card) -> int:
    rank = card.rank
    assert rank is not None, "jokers are wild cards"
    return int(rank)
