"""How a judged poker hand is named: "two pair, sevens and twos", "8-6-5-4-2 low", "wheel".

:func:`hand_name` names what :class:`~homegame.ranking.poker.PokerRanking` judged (its category
and the values its cards count as, best first); :func:`rank_name` names one rank.

>>> from homegame.ranking import get
>>> from homegame.ranking.core import Category
>>> hand_name(get("high"), Category.FULL_HOUSE, [13, 13, 13, 7, 7], True)
'kings full of sevens'
>>> hand_name(get("low-a5", qualifier=8), Category.HIGH_CARD, [9, 6, 5, 4, 1], False)
'9-6-5-4-A low, not 8 or better'
"""

from __future__ import annotations

from homegame.cards import Rank
from homegame.ranking.core import Category
from homegame.ranking.kinds import Kind, Rules

__all__ = ["hand_name", "rank_name"]

C = Category

_SINGULAR = ["-", "-", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_SINGULAR += ["jack", "queen", "king", "ace"]
_PLURAL = ["-", "-", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens"]
_PLURAL += ["jacks", "queens", "kings", "aces"]
_LOW_SYMBOL = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


def rank_name(rank: int, *, plural: bool = False) -> str:
    """``rank_name(12) == 'queen'``; ``rank_name(6, plural=True) == 'sixes'``."""
    return (_PLURAL if plural else _SINGULAR)[rank]


def hand_name(ranking: Rules, category: Category, counting: list[int], qualified: bool) -> str:
    """The name of a hand ``ranking`` judged: its category and the values it counts, best first
    (an ace low counts one below the deck's lowest rank); ``qualified`` whether a low qualifies."""
    if ranking.is_low and category is C.HIGH_CARD:
        lowest = ranking.lowest_rank
        if ranking.kind is Kind.LOW_A5 and counting == [lowest + 3 - i for i in range(4)] + [lowest - 1]:
            name = "wheel"
        else:
            name = "-".join(_LOW_SYMBOL.get(v, "A" if v == lowest - 1 else str(v)) for v in counting)
            name += " low"
        if ranking.qualifier is not None and not qualified:
            name += f", not {ranking.qualifier} or better"
        return name
    name = _poker_name(ranking.lowest_rank, category, counting)
    if ranking.qualifier is not None and not qualified:
        name += f", no {ranking.qualifier}-or-better low"
    return name


def _poker_name(lowest: Rank, category: Category, counting: list[int]) -> str:
    def named(v: int, plural: bool = False) -> str:
        return rank_name(Rank.ACE if v == lowest - 1 else v, plural=plural)

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
