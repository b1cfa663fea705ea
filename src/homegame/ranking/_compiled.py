"""The compiled loops of the kernel (numba), apart so that only batch work imports numba.

:mod:`homegame.ranking.kernel` imports this module the first time a batch is
evaluated; the single-hand path and ``homegame eval`` never do. Each function is
compiled once and kept in numba's on-disk cache (``cache=True``).

The ``tables`` argument is the tuple of
:meth:`Evaluator.compiled_tables <homegame.ranking.kernel.Evaluator.compiled_tables>`:
``card_keys`` and ``card_masks`` indexed by card code (256 entries, so that any
uint8 is in bounds), ``rows`` the rank-table offsets of the hand size and ``five``
those of five cards, ``ranks`` the packed rank table, ``flush`` indexed by a
suit's 13-bit rank mask, and ``mode`` a :class:`~homegame.ranking.lookup.Mode`.
Every index is masked into range, so even a malformed hand reads inside the tables.

The hot loop (:func:`_evaluate_rows`) keeps the common case in its own body and
calls out only for the rare suited hand: a call that passes a dozen arrays costs
more than the look-up itself.
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
    suit = 0
    while not (suited >> (4 * suit + 3)) & 1:
        suit += 1
    return suit


@njit(cache=True)
def _look_up(total: int, rows: Array, ranks: Array) -> int:
    """The rank table's entry for a hand total."""
    rank_sum = total & SUM_MASK
    return ranks[rows[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]  # type: ignore[no-any-return]


@njit(cache=True)
def _five(total: int, mask: int, five: Array, ranks: Array, flush: Array) -> int:
    """The ordinal of five cards from their total and 52-bit card set."""
    suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
    if suited:
        return flush[(mask >> (13 * _suit_of(suited))) & 0x1FFF]  # type: ignore[no-any-return]
    return _look_up(total, five, ranks)


@njit(cache=True)
def _suited(hands: Array, i: int, total: int, suited: int, tables: Tables) -> int:
    """The ordinal of the hand ``hands[i]``, five or more of whose cards share a suit.

    High takes the flush table; a low of six or seven cards keeps the best five-card
    subset, leaving out each one or two cards in turn.
    """
    card_keys, card_masks, _, five, ranks, flush, mode = tables
    size = hands.shape[1]
    mask = 0
    for j in range(size):
        mask += card_masks[hands[i, j]]
    if mode == _FLUSH_WINS or size == 5:
        return flush[(mask >> (13 * _suit_of(suited))) & 0x1FFF]  # type: ignore[no-any-return]
    best = -1
    for a in range(size):
        key_a, mask_a = total - card_keys[hands[i, a]], mask - card_masks[hands[i, a]]
        if size == 6:
            best = max(best, _five(key_a, mask_a, five, ranks, flush))
            continue
        for b in range(a + 1, size):
            card = hands[i, b]
            best = max(best, _five(key_a - card_keys[card], mask_a - card_masks[card], five, ranks, flush))
    return best


@njit(cache=True)
def _evaluate_rows(hands: Array, start: int, stop: int, tables: Tables, out: Array) -> None:
    """Write the ordinals of ``hands[start:stop]`` into ``out[start:stop]``."""
    card_keys, _, rows, _, ranks, _, mode = tables
    size = hands.shape[1]
    for i in range(start, stop):
        total = 0
        for j in range(size):
            total += card_keys[hands[i, j]]
        suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
        if suited and mode != _NO_SUITS:
            out[i] = _suited(hands, i, total, suited, tables)
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
