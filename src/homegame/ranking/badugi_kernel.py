"""The badugi kernel: hands judged in arrays by compiled loops, key for key as the reference.

:class:`~homegame.ranking.badugi.BadugiRanking` finds the best badugi readably, trying every
subset of cards. :func:`keys` does the same for an array of hands in compiled loops (numba,
imported only here): each subset is a bit mask of the hand's positions, its ranks and suits are
bit masks too (all distinct when the popcounts agree), and its key is built from the rank mask
from the highest card down, exactly as the reference builds
:attr:`HandValue.key <homegame.ranking.core.HandValue.key>`. Counting all 270,725 four-card hands
takes milliseconds instead of seconds.

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

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from homegame.ranking.core import Category

__all__ = ["category", "keys"]

_CATEGORIES = {4: Category.BADUGI_4, 3: Category.BADUGI_3, 2: Category.BADUGI_2, 1: Category.BADUGI_1}


def keys(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The badugi key of each row of ``hands`` (card codes of natural cards, shape ``(N, 1..8)``),
    equal to ``get("badugi").evaluate(cards).key``."""
    array = np.ascontiguousarray(hands, dtype=np.uint8)
    if array.ndim != 2 or not 1 <= array.shape[1] <= 8:
        raise ValueError(f"hands must be an array of shape (N, 1..8), not {array.shape}")
    if array.size and int(array.max()) >= 52:
        raise ValueError("badugi hands are natural cards (codes 0..51)")
    out = np.empty(array.shape[0], dtype=np.int64)
    _keys(array, out)
    return out


def category(key: int) -> Category:
    """The category of a badugi key (how many cards the badugi has)."""
    return _CATEGORIES[int(key) >> 16]


@njit(cache=True)
def _keys(hands: Any, out: Any) -> None:
    rows, size = hands.shape
    for i in range(rows):
        best = -1
        for subset in range(1, 1 << size):
            ranks = 0
            suits = 0
            count = 0
            for j in range(size):
                if subset >> j & 1:
                    code = hands[i, j]
                    rank = code >> 2  # 0 is a deuce, 12 an ace
                    low = 1 if rank == 12 else rank + 2  # aces low: 1..13
                    ranks |= 1 << low
                    suits |= 1 << (code & 3)
                    count += 1
            if count > 4 or _popcount(ranks) != count or _popcount(suits) != count:
                continue
            vector = 0
            for low in range(13, 0, -1):  # highest card first, four bits each
                if ranks >> low & 1:
                    vector = vector << 4 | low
            vector <<= 4 * (4 - count)
            key = count << 16 | (0xFFFF - vector)
            best = max(best, key)
        out[i] = best


@njit(cache=True, inline="always")
def _popcount(bits: int) -> int:
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count
