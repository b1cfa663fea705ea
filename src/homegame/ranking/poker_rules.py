"""The house rules around judging a poker hand: which options and which hands a
:class:`~homegame.ranking.poker.PokerRanking` takes, the "no unbeatable hand" rules that bend
its order, and the suit tie-break part of its keys (rules document 004).

:class:`~homegame.ranking.poker.PokerRanking` judges; these functions check and compare for it.

>>> from homegame.ranking import get
>>> italian = get("high", italian_straight_flush=True)
>>> beats(italian, italian.evaluate("5s 4s 3s 2s As"), italian.evaluate("As Ks Qs Js Ts"))
True
"""

from __future__ import annotations

from homegame.cards import Card, Rank
from homegame.errors import ParseError
from homegame.ranking.core import Category, HandValue
from homegame.ranking.kinds import LOWS, Kind, Rules, SuitTiebreak

__all__ = ["WILD_RULES", "beats", "card_rank", "check_hand", "check_options", "suit_part"]

C = Category

WILD_RULES = ("double_ace_flush", "natural_beats_wild", "fewer_wild_beats_more", "more_wild_beats_fewer")
"""The options that are wild-card house rules (they need ``wild``)."""


def card_rank(card: Card) -> int:
    """The rank of a natural card as an int (2 to 14)."""
    rank = card.rank
    assert rank is not None, "jokers are judged by wild rankings"
    return int(rank)


def check_options(ranking: Rules) -> None:
    """Refuse options that do not go together (a ``ParseError`` naming the first found)."""
    if ranking.qualifier is not None and not (ranking.kind in LOWS and 5 <= ranking.qualifier <= 14):
        raise ParseError(f"qualifier={ranking.qualifier}: only a low takes a qualifier, from 5 to 14")
    if not 1 <= ranking.packs <= 8:  # as a DeckSpec's packs
        raise ParseError(f"packs={ranking.packs}: must be 1..8")
    if (ranking.ace_high_straight or ranking.ace_pair_high) and ranking.kind is not Kind.LOW_A6:
        raise ParseError("ace_high_straight and ace_pair_high are ace-to-six (low-a6) options")
    if (ranking.italian_straight_flush or ranking.imperial_flush) and ranking.kind is not Kind.HIGH:
        raise ParseError("italian_straight_flush and imperial_flush are options of the high ranking")
    if ranking.three_of_a_kind_beats_straight and ranking.kind is not Kind.HIGH:
        raise ParseError("three_of_a_kind_beats_straight is an option of the high ranking")
    if ranking.lowest_rank > Rank.TEN:
        raise ParseError(f"lowest_rank={ranking.lowest_rank.symbol}: a deck must hold at least A-K-Q-J-10")
    _check_wild(ranking)


def _check_wild(ranking: Rules) -> None:
    rules = [name for name in WILD_RULES if getattr(ranking, name)]
    wild, lowest = ranking.wild, ranking.lowest_rank
    if wild is None:
        if rules:
            raise ParseError(f"{rules[0]} is a wild-card house rule: give wild=... too")
        return
    if ranking.more_wild_beats_fewer and (ranking.natural_beats_wild or ranking.fewer_wild_beats_more):
        raise ParseError("more_wild_beats_fewer contradicts natural_beats_wild and fewer_wild_beats_more")
    for rank in wild.ranks:
        if rank < lowest and rank != Rank.ACE:
            raise ParseError(f"wild={wild}: no {rank.symbol} in a deck whose lowest rank is {lowest.symbol}")
    for card in wild.cards:
        if card_rank(card) < lowest and card.rank != Rank.ACE:
            raise ParseError(f"wild={wild}: no {card} in a deck whose lowest rank is {lowest.symbol}")


def check_hand(ranking: Rules, hand: tuple[Card, ...], *, jokers: bool = False) -> None:
    """Refuse hands ``ranking`` cannot judge, naming what is wrong (jokers only if ``jokers``)."""
    if not hand:
        raise ParseError("a hand needs at least one card")
    seen: dict[Card, int] = {}
    packs = ranking.packs
    for card in hand:
        if card.is_joker and not jokers:
            if ranking.wild is None:
                raise ParseError(f"{card} is a joker: this ranking has no wild cards (use wild=jokers)")
            raise ParseError(f"{card} is a joker, but jokers are not wild under wild={ranking.wild}")
        if card.rank is not None and card.rank < ranking.lowest_rank and card.rank != Rank.ACE:
            raise ParseError(f"{card} is not in a deck whose lowest rank is {ranking.lowest_rank.symbol}")
        seen[card] = seen.get(card, 0) + 1
        if seen[card] > packs:
            many = "once" if packs == 1 else f"{packs} times"
            other = " (a second joker is Jk2)" if card.is_joker else ""
            raise ParseError(f"{card} appears more than {many}: duplicate card{other}")


def beats(ranking: Rules, a: HandValue, b: HandValue) -> bool:
    """True when ``a`` beats ``b`` under ``ranking``: the key order, bent by the "no unbeatable
    hand" rules (the Italian minimum straight flush over the maximum, the Greek imperial flush
    under four of the lowest rank)."""
    if ranking.italian_straight_flush and a.category is C.STRAIGHT_FLUSH is b.category:
        a_end, b_end = _straight_flush_end(ranking, a), _straight_flush_end(ranking, b)
        if {a_end, b_end} == {"minimum", "maximum"}:
            return a_end == "minimum"
    if ranking.imperial_flush:
        if _is_imperial(a) and _is_lowest_quads(ranking, b):
            return False
        if _is_lowest_quads(ranking, a) and _is_imperial(b):
            return True
    return a.key > b.key


def _straight_flush_end(ranking: Rules, value: HandValue) -> str:
    top = card_rank(value.counted[0])
    if top == Rank.ACE:
        return "maximum"
    return "minimum" if top == ranking.lowest_rank + 3 else "medium"


def _is_imperial(value: HandValue) -> bool:
    return value.category is C.STRAIGHT_FLUSH and card_rank(value.counted[0]) == Rank.ACE


def _is_lowest_quads(ranking: Rules, value: HandValue) -> bool:
    return value.category is C.FOUR_OF_A_KIND and card_rank(value.counted[0]) == ranking.lowest_rank


def suit_part(ranking: Rules, ordered: list[Card], counting: list[int]) -> int:
    """The suit tie-break's part of a key (the lowest bits): the suits of the cards in the order
    the ranking's ``suit_tiebreak`` compares them, two bits each; 0 without a suit tie-break."""
    rule = ranking.suit_tiebreak
    if rule is SuitTiebreak.NONE:
        return 0
    pairs = list(zip(counting, ordered, strict=True))
    sizes = {v: counting.count(v) for v in counting}
    suit_value = ranking.suit_order.value
    if rule is SuitTiebreak.HIGHEST_CARD:
        pairs.sort(key=lambda p: (p[0], suit_value(p[1].suit)), reverse=True)  # type: ignore[arg-type]
    elif rule is SuitTiebreak.HIGHEST_UNPAIRED:
        pairs.sort(key=lambda p: sizes[p[0]] > 1)
    part = 0
    for _, card in pairs:
        part = part << 2 | suit_value(card.suit)  # type: ignore[arg-type]
    return part << 2 * (5 - len(pairs))
