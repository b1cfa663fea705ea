"""The badugi kernel: hands judged in arrays, key for key as the reference.

:class:`~homegame.ranking.badugi.BadugiRanking` finds the best badugi readably, trying every
subset of cards. :func:`keys` does the same for a whole array of hands at once, in numpy (no
compiled loops: a process that counts a badugi table never loads numba, whose start-up alone
costs more than the count). Each card is a bit of its rank (ace low: bits 1 to 13) and a bit of its
suit (bits 14 to 17); a subset of a hand's positions is the union of its cards' bits, a badugi
when that union has two bits a card (all ranks and all suits distinct), and its key then depends
on the ranks alone: one table look-up (:func:`_tables`), built exactly as the reference builds
:attr:`HandValue.key <homegame.ranking.core.HandValue.key>`, from the highest card down. Counting
all 270,725 four-card hands takes milliseconds instead of seconds.

>>> import numpy as np
>>> from homegame.cards import parse
>>> from homegame.ranking import get
>>> hands = np.array([[c.code for c in parse(text)] for text in ("Ac 2d 3h 4s", "Kc 5d 2h 3h")], dtype=np.uint8)
>>> [int(key) for key in keys(hands)] == [get("badugi").evaluate(text).key for text in ("Ac 2d 3h 4s", "Kc 5d 2h 3h")]
True
>>> category(keys(hands)[1]).value
'badugi_3'
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from homegame.ranking.core import Category

__all__ = ["category", "keys"]

_CATEGORIES = {4: Category.BADUGI_4, 3: Category.BADUGI_3, 2: Category.BADUGI_2, 1: Category.BADUGI_1}
_SUIT_SHIFT = 14  # rank bits 1..13 (ace low), then the four suit bits
_RANKS = (1 << _SUIT_SHIFT) - 1


def keys(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The badugi key of each row of ``hands`` (card codes of natural cards, shape ``(N, 1..8)``),
    equal to ``get("badugi").evaluate(cards).key``."""
    array = np.ascontiguousarray(hands, dtype=np.uint8)
    if array.ndim != 2 or not 1 <= array.shape[1] <= 8:
        raise ValueError(f"hands must be an array of shape (N, 1..8), not {array.shape}")
    if array.size and int(array.max()) >= 52:
        raise ValueError("badugi hands are natural cards (codes 0..51)")
    bits = _card_bits()[array]  # (N, size): each card's rank bit and suit bit
    tables = _tables()
    best = np.full(array.shape[0], -1, dtype=np.int32)
    unions: dict[tuple[int, ...], npt.NDArray[np.int32]] = {}
    for count in range(1, min(4, array.shape[1]) + 1):
        for subset in combinations(range(array.shape[1]), count):
            union = bits[:, subset[0]] if count == 1 else unions[subset[:-1]] | bits[:, subset[-1]]
            if count < 4:
                unions[subset] = union
            np.maximum(best, tables[count - 1][union], out=best)
    return best.astype(np.int64)


def category(key: int) -> Category:
    """The category of a badugi key (how many cards the badugi has)."""
    return _CATEGORIES[int(key) >> 16]


@cache
def _card_bits() -> npt.NDArray[np.int32]:
    """Each card code's rank bit (ace low: an ace is 1, a deuce 2, a king 13) and suit bit."""
    codes = np.arange(52)
    rank = codes >> 2  # 0 is a deuce, 12 an ace
    low = np.where(rank == 12, 1, rank + 2)
    return ((1 << low) | (1 << (_SUIT_SHIFT + (codes & 3)))).astype(np.int32)


@cache
def _tables() -> tuple[npt.NDArray[np.int32], ...]:
    """For 1 to 4 cards, the key of every union of that many cards' bits: the badugi's key when
    its ranks and its suits are that many (all distinct), else -1. The key is the reference's:
    the count, then the ranks from the highest down, four bits each, padded, the lower the better.
    """
    popcount = np.zeros(1, dtype=np.int8)
    for _ in range(_SUIT_SHIFT + 4):  # the popcounts of 0..2**k - 1, doubled one bit at a time
        popcount = np.concatenate([popcount, popcount + 1])
    ranks = np.arange(1 << _SUIT_SHIFT, dtype=np.int64)
    vector = np.zeros(len(ranks), dtype=np.int64)
    for low in range(13, 0, -1):  # highest card first
        held = (ranks >> low & 1).astype(bool)
        vector[held] = vector[held] << 4 | low
    unions = np.arange(1 << (_SUIT_SHIFT + 4), dtype=np.int64)
    rank_count, suit_count = popcount[unions & _RANKS], popcount[unions >> _SUIT_SHIFT]
    padded = vector[unions & _RANKS]
    return tuple(
        np.where(
            (rank_count == count) & (suit_count == count), count << 16 | (0xFFFF - (padded << 4 * (4 - count))), -1
        ).astype(np.int32)
        for count in range(1, 5)
    )
