"""The compiled loops of the kernel (numba), apart so that only batch work imports numba.

:mod:`homegame.ranking.kernel` imports this module the first time a batch is
evaluated; the single-hand path and ``homegame eval`` never do. Each function is
compiled once and kept in numba's on-disk cache (``cache=True``).

The ``tables`` argument is the tuple that the evaluator builds
(:data:`~homegame.ranking.lookup.CompiledTables`): ``card_keys`` and
``card_masks`` indexed by card code (256 entries, so that any uint8 is in
bounds), ``rows`` the rank-table offsets of the hand size and ``five`` those of
five cards, ``ranks`` the packed rank table, ``flush`` indexed by a suit's 13-bit
rank mask, and ``mode`` a :class:`~homegame.ranking.lookup.Mode`.
Every index is masked into range, so even a malformed hand reads inside the tables.

The hot loop (:func:`_evaluate_rows`) keeps everything a high hand needs in its
own body and calls out only for a low's rare suited hand: a call that passes the
table arrays costs more than the look-up itself. Indices are unsigned (the loop
counter, the table offsets) so that numba adds no negative-index checks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from homegame.ranking.lookup import FLUSH_ADD, FLUSH_BITS, ROW_BITS, SUIT_SHIFT, SUM_MASK, Mode
from homegame.ranking.lookup import CompiledTables as Tables

__all__ = ["deal", "evaluate", "evaluate_parallel"]

_NO_SUITS = int(Mode.NO_SUITS)
_FLUSH_WINS = int(Mode.FLUSH_WINS)
_COLUMN = (1 << ROW_BITS) - 1
_BLOCK = 1 << 12  # hands per task of a parallel batch

Array = Any  # numba takes numpy arrays; their dtypes are fixed by the callers in kernel.py


@njit(cache=True)
def _suit_of(suited: int) -> int:
    """The suit whose counter has its top bit set (only one can, with at most seven cards)."""
    return ((suited >> 7) & 1) + 2 * ((suited >> 11) & 1) + 3 * ((suited >> 15) & 1)


@njit(cache=True)
def _look_up(total: int, rows: Array, ranks: Array) -> int:
    """The rank table's entry for a hand total."""
    rank_sum = total & SUM_MASK
    return ranks[rows[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]  # type: ignore[no-any-return]


@njit(cache=True)
def _best_subset(hands: Array, i: int, total: int, mask: int, tables: Tables) -> int:
    """The best five of the six or seven cards of ``hands[i]`` (a low with five cards of a suit),
    leaving out one card (six) or two (seven) in every way."""
    card_keys, card_masks, _, five, ranks, flush, _ = tables
    size = hands.shape[1]
    best = -1
    for a in range(size):
        for b in range(a + 1, size + 1):
            if (b == size) != (size == 6):  # six cards leave out ``a`` alone (b == size); seven, a and b
                continue
            out_total, out_mask = card_keys[hands[i, a]], card_masks[hands[i, a]]
            if b < size:
                out_total += card_keys[hands[i, b]]
                out_mask += card_masks[hands[i, b]]
            rest, rest_mask = total - out_total, mask - out_mask
            suited = ((rest >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
            flushed = flush[(rest_mask >> (13 * _suit_of(suited))) & 0x1FFF]
            best = max(best, flushed if suited else _look_up(rest, five, ranks))
    return best


@njit(cache=True)
def _evaluate_rows(hands: Array, start: int, stop: int, tables: Tables, out: Array) -> None:
    """Write the ordinals of ``hands[start:stop]`` into ``out[start:stop]``.

    The rank table answers unless five cards share a suit and suits count (a few hands in a
    hundred): high then takes the flush table, and a low of six or seven cards the best
    five-card subset (:func:`_best_subset`, a call, kept out of the common path).
    """
    card_keys, card_masks, rows, _, ranks, flush, mode = tables
    size = hands.shape[1]
    for i in range(np.uint64(start), np.uint64(stop)):  # unsigned, as the table offsets: no wraparound checks
        # written out (here and for the masks below), not a loop over the size nor a call: both cost more
        total = card_keys[hands[i, 0]] + card_keys[hands[i, 1]] + card_keys[hands[i, 2]]
        total += card_keys[hands[i, 3]] + card_keys[hands[i, 4]]
        if size > 5:
            total += card_keys[hands[i, 5]]
            if size > 6:
                total += card_keys[hands[i, 6]]
        suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
        if suited and mode != _NO_SUITS:
            mask = card_masks[hands[i, 0]] + card_masks[hands[i, 1]] + card_masks[hands[i, 2]]
            mask += card_masks[hands[i, 3]] + card_masks[hands[i, 4]]
            if size > 5:
                mask += card_masks[hands[i, 5]]
                if size > 6:
                    mask += card_masks[hands[i, 6]]
            if mode == _FLUSH_WINS or size == 5:
                out[i] = flush[(mask >> (13 * _suit_of(suited))) & 0x1FFF]
            else:
                out[i] = _best_subset(hands, i, total, mask, tables)
        else:
            out[i] = _look_up(total, rows, ranks)


@njit(cache=True)
def evaluate(hands: Array, tables: Tables, out: Array) -> None:
    """Write the ordinal of each row of ``hands`` into ``out`` (one thread)."""
    _evaluate_rows(hands, 0, hands.shape[0], tables, out)


@njit(cache=True, parallel=True)
def evaluate_parallel(hands: Array, tables: Tables, out: Array) -> None:
    """:func:`evaluate` on every core, a block of hands at a time."""
    count = hands.shape[0]
    for block in prange((count + _BLOCK - 1) // _BLOCK):
        start = block * _BLOCK
        stop = min(count, start + _BLOCK)
        _evaluate_rows(hands, start, stop, tables, out)


@njit(cache=True)
def deal(deck: Array, index: Array, block: Array) -> int:
    """Write hands into the rows of ``block``: every choice of ``len(index)`` of the cards of
    ``deck``, in order, from the choice whose positions ``index`` holds. Returns how many rows
    were written; ``index`` then holds the next choice, and ``index[0] == len(deck)`` once
    every hand has been dealt.

    Counting a table runs through all hands of a deck this way, a block at a time.
    """
    n = deck.shape[0]
    size = index.shape[0]
    filled = 0
    while filled < block.shape[0] and index[0] <= n - size:
        for j in range(size):
            block[filled, j] = deck[index[j]]
        filled += 1
        moved = size - 1
        while moved >= 0 and index[moved] == n - size + moved:
            moved -= 1
        if moved < 0:
            index[0] = n
            break
        index[moved] += 1
        for j in range(moved + 1, size):
            index[j] = index[j - 1] + 1
    return filled
