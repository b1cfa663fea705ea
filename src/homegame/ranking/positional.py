"""High Card Poker's positional test (rules 002): a hand against the extra hand, card by card.

"Poker hand rankings are not used. Only the rank of each individual card matters. Aces are high,
and suits have no value." Both hands are sorted from lowest to highest and compared position by
position from the lowest card; a card that is not higher than the extra hand's card in the same
position knocks its hand out. This is not a ranking between players (a hand's fate does not depend
on the others), so it is not registered with :func:`homegame.ranking.get`: the ``knockout`` step
(:mod:`homegame.engine.steps.knockout`) plays it against the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card

__all__ = ["ordered", "survived"]


def ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards sorted from lowest to highest, aces high (suits keep a fixed order among equal ranks).

    >>> from homegame.cards import parse
    >>> print(*ordered(parse("Kc 4c Jh 9s 7d")))
    4c 7d 9s Jh Kc
    """
    return tuple(sorted(cards, key=lambda card: card.code))


def survived(cards: Sequence[Card], extra: Sequence[Card], *, equal_survives: bool = False) -> int:
    """How many comparisons a hand survives against the extra hand (0 to 5), both sorted lowest first.

    The first comparison always needs a strictly higher card; the later ones too unless
    ``equal_survives``. The worked example of rules 002 (extra hand 4♣ 7♦ 9♠ J♥ K♣):

    >>> from homegame.cards import parse
    >>> extra = parse("4c 7d 9s Jh Kc")
    >>> [survived(parse(hand), extra) for hand in ("5h 8c Td Qs Ah", "2d 8s Th Qd Ac", "5s 6d Jc Kd Ad")]
    [5, 0, 1]
    >>> survived(parse("5s 7c Jc Kd Ad"), extra), survived(parse("5s 7c Jc Kd Ad"), extra, equal_survives=True)
    (1, 5)
    """
    mine, theirs = ordered(cards), ordered(extra)
    for position, (card, against) in enumerate(zip(mine, theirs, strict=True)):
        rank, other = int(card.rank or 0), int(against.rank or 0)
        if rank < other or (rank == other and (position == 0 or not equal_survives)):
            return position
    return len(mine)
