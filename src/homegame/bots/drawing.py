"""What to throw away at a draw: the simple, correct rules a careful player follows.

:func:`discards` picks the cards to discard for the contest a player is
drawing at, from what kind of hand that contest ranks:

- *high* hands: stand pat on a straight or better; keep any pair, two pair,
  trips or quads and draw to them; with nothing better than a pair, draw to
  a four-card flush or a four-card straight; otherwise keep the ace or king
  (the best card, if it is that high) and draw the rest. Wild cards are
  always kept and count toward every draw.
- *low* hands (ace-to-five, deuce-to-seven, ace-to-six): keep one card of each
  rank, eight or lower (for deuce-to-seven, no aces and no straight or flush),
  and draw the rest; stand pat with five such cards, nine or lower.
- *badugi*: keep the best badugi inside the hand (the most cards of
  different suits and ranks, lowest first) and draw the rest.

Only cards the player may discard (``discardable``, the draw's legal cards)
are thrown, at most ``limit`` of them (the worst first) and at least ``least``.

>>> from homegame.cards import parse
>>> from homegame.ranking import get
>>> high, low = get("high"), get("low-a5")
>>> def show(cards, ranking):
...     hand = parse(cards)
...     return " ".join(map(str, discards(hand, hand, ranking, limit=5)))
>>> show("As Ad 7c 4h 2s", high), show("Ks Qs 7s 4s 2d", high), show("9c 8d 7h 6s 2c", high)
('2s 4h 7c', '2d', '2c')
>>> show("Kh 9h 8h 7c 6d", high), show("Ah Kd 8h 7c 2s", high)
('Kh', '2s 7c 8h Kd')
>>> show("Ac 3d 5h 7s Kc", low), show("2c 3d 4h 7s 9c", low), show("Ac Ad 5h 7s Kc", low)
('Kc', '', 'Kc Ad')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from homegame.cards import Card, Rank
from homegame.ranking import Category, Ranking
from homegame.ranking.badugi import BadugiRanking
from homegame.ranking.poker import Kind, PokerRanking

__all__ = ["discards"]

_MADE = frozenset(
    {
        Category.STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
        Category.FIVE_OF_A_KIND,
    }
)
_LOW_KEEP = 8
"""A low draw keeps cards of this rank or lower."""
_LOW_PAT = 9
"""A low draw stands pat with five different ranks all this low or lower."""


def discards(
    hand: Sequence[Card],
    discardable: Sequence[Card],
    ranking: Ranking,
    *,
    limit: int,
    least: int = 0,
    wild_rank: Rank | None = None,
    down: Sequence[Card] | None = None,
) -> tuple[Card, ...]:
    """The cards of ``discardable`` (a part of ``hand``) to throw at a draw for ``ranking``'s contest,
    between ``least`` and ``limit`` of them, worst first. ``wild_rank`` and ``down`` (the hand's down
    cards; by default the discardable ones) go to rankings whose wild cards need them."""
    down = discardable if down is None else down
    if isinstance(ranking, BadugiRanking):
        keep = _badugi(hand)
        worst = sorted(hand, key=_low_value, reverse=True)
    elif isinstance(ranking, PokerRanking) and ranking.is_low:
        keep = _low(hand, ranking)
        worst = sorted(hand, key=lambda card: _low_value(card) if ranking.aces_low else _rank(card), reverse=True)
    else:
        wild = _wild(hand, ranking, wild_rank, down)
        keep = _high(hand, ranking, wild, wild_rank, down)
        worst = sorted(hand, key=lambda card: (card in wild, _rank(card)))
    order = [card for card in worst if card in discardable]
    thrown = [card for card in order if card not in keep][:limit]
    for card in order:
        if len(thrown) >= least:
            break
        if card not in thrown:
            thrown.append(card)
    return tuple(thrown)


def _rank(card: Card) -> int:
    return int(card.rank) if card.rank is not None else 15


def _low_value(card: Card) -> int:
    """A card's rank with aces low (jokers highest)."""
    rank = _rank(card)
    return 1 if rank == Rank.ACE else rank


def _wild(hand: Sequence[Card], ranking: Ranking, wild_rank: Rank | None, down: Sequence[Card]) -> frozenset[Card]:
    spec = ranking.wild
    if spec is None:
        return frozenset()
    return spec.wild_in(hand, down=down, wild_rank=wild_rank if ranking.takes_wild_rank else None)


def _high(
    hand: Sequence[Card], ranking: Ranking, wild: frozenset[Card], wild_rank: Rank | None, down: Sequence[Card]
) -> set[Card]:
    """What a high hand keeps (see the module docstring)."""
    if len(hand) >= 5:
        value = ranking.evaluate(hand, wild_rank=wild_rank if ranking.takes_wild_rank else None, down=down)
        if value.category in _MADE:
            return set(hand)
    naturals = [card for card in hand if card not in wild]
    counts = Counter(card.rank for card in naturals)
    grouped = {card for card in naturals if counts[card.rank] >= 2}
    paired_ranks = {card.rank for card in grouped}
    if len(grouped) > 2:  # two pair, trips or better
        return grouped | wild
    drawing = _four_flush(naturals, len(wild)) or (None if grouped else _four_straight(naturals, len(wild)))
    if drawing:
        return drawing | wild
    if paired_ranks:
        return grouped | wild
    top = max(naturals, key=_rank, default=None)
    return set(wild) | ({top} if top is not None and _rank(top) >= Rank.KING else set())


def _four_flush(naturals: Sequence[Card], wild: int) -> set[Card] | None:
    by_suit = Counter(card.suit for card in naturals)
    suit, count = max(by_suit.items(), key=lambda item: item[1], default=(None, 0))
    if count + wild == 4:
        return {card for card in naturals if card.suit == suit}
    return None


def _four_straight(naturals: Sequence[Card], wild: int) -> set[Card] | None:
    """Four cards (wild ones counted) inside five consecutive ranks, the ace high or low."""
    for top in range(Rank.ACE, 4, -1):
        window = {rank if rank > 1 else Rank.ACE for rank in range(top - 4, top + 1)}
        inside: dict[Rank | None, Card] = {}
        for card in sorted(naturals, key=_rank, reverse=True):
            if card.rank in window:
                inside.setdefault(card.rank, card)
        if len(inside) + wild == 4:
            return set(inside.values())
    return None


def _low(hand: Sequence[Card], ranking: PokerRanking) -> set[Card]:
    """What a low hand keeps: one card of each low rank."""
    value = _low_value if ranking.aces_low else _rank
    keep: dict[int, Card] = {}
    for card in sorted(hand, key=value):
        if value(card) <= _LOW_KEEP or (len(hand) >= 5 and _pat(hand, ranking)):
            keep.setdefault(value(card), card)
    kept = set(keep.values())
    if ranking.kind is Kind.LOW_27 and len(kept) >= 5:
        category = ranking.evaluate(sorted(kept, key=value)[:5]).category
        if category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
            kept.discard(max(kept, key=value))
    return kept


def _pat(hand: Sequence[Card], ranking: PokerRanking) -> bool:
    """Five different ranks, all low enough to stand pat on."""
    value = _low_value if ranking.aces_low else _rank
    ranks = {value(card) for card in hand}
    return len(ranks) == len(hand) and max(ranks) <= _LOW_PAT


def _badugi(hand: Sequence[Card]) -> set[Card]:
    """The best badugi among the cards: most cards, then the lowest highest card."""
    for size in range(min(4, len(hand)), 0, -1):
        found = [
            part
            for part in combinations(hand, size)
            if len({card.suit for card in part}) == size and len({card.rank for card in part}) == size
        ]
        if found:
            return set(min(found, key=lambda part: sorted((_low_value(card) for card in part), reverse=True)))
    return set()
