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

__all__ = ["count_from", "evaluate", "evaluate_parallel"]

_NO_SUITS = int(Mode.NO_SUITS)
_FLUSH_WINS = int(Mode.FLUSH_WINS)
_COLUMN = (1 << ROW_BITS) - 1
_BLOCK = 1 << 12  # hands per block: of a parallel batch, or of the hands a count gathers

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
def count_from(deck: Array, size: int, first: int, tables: Tables, counts: Array) -> None:
    """Add to ``counts[ordinal]`` every hand of ``size`` cards of ``deck`` (distinct codes)
    whose first card is ``deck[first]`` and whose other cards come later in ``deck``.

    A depth-first walk writes the hands into a block (each new row starts as a copy of
    the last), and each full block is evaluated and tallied.
    """
    n = deck.shape[0]
    block = np.empty((_BLOCK, size), np.uint8)
    ordinals = np.empty(_BLOCK, np.int32)
    index = np.empty(size, np.int64)
    index[0] = first
    block[0, 0] = deck[first]
    row = 0
    depth = 1
    index[1] = first
    while depth > 0:
        index[depth] += 1
        if index[depth] > n - size + depth:
            depth -= 1
            continue
        block[row, depth] = deck[index[depth]]
        if depth < size - 1:
            depth += 1
            index[depth] = index[depth - 1]
            continue
        following = (row + 1) % _BLOCK
        if following == 0:
            _tally(block, _BLOCK, tables, ordinals, counts)
        block[following, : size - 1] = block[row, : size - 1]
        row = following
    _tally(block, row, tables, ordinals, counts)


@njit(cache=True)
def _tally(block: Array, filled: int, tables: Tables, ordinals: Array, counts: Array) -> None:
    """Evaluate the first ``filled`` hands of ``block`` and count their ordinals."""
    _evaluate_rows(block, 0, filled, tables, ordinals)
    for i in range(filled):
        counts[ordinals[i]] += 1
