"""The compiled enumerator of :mod:`homegame.analysis.odds`: every board, counted without arrays.

When every player's own cards are known and only the board is to come, and one kernel ranking
judges the best five of each player's cards and the board (hold'em, any number of players), the
boards are enumerated in nested loops that carry the partial key sums of the board
(:mod:`homegame.ranking.lookup`'s additive card keys), so a board costs one addition and one table
look-up per player: 1,712,304 heads-up boards take a few milliseconds. The tally is done in the
same loop (wins, ties by how many tie), so nothing of the size of the enumeration is ever stored.

It serves the ``FLUSH_WINS`` (high) and ``NO_SUITS`` (ace-to-five) modes of the kernel; the lows
that a flush spoils (``SUBSETS``) go through the general path.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from homegame.ranking.lookup import FLUSH_ADD, FLUSH_BITS, ROW_BITS, SUIT_SHIFT, SUM_MASK, Mode

__all__ = ["count_boards"]

Array = Any
_NO_SUITS = int(Mode.NO_SUITS)
_COLUMN = (1 << ROW_BITS) - 1


@njit(cache=True)
def count_boards(  # noqa: PLR0917 (compiled loops take their arrays positionally)
    pool: Array,
    more: int,
    seat_totals: Array,
    seat_masks: Array,
    tables: Any,
    qualified: Array,
    split: Array,
) -> int:
    """Deal every ``more`` cards of ``pool`` to the board and count, for each seat, how the boards
    fall: ``split[seat, k]`` (k from 1 to the number of seats) counts the boards on which the seat
    holds one of ``k`` equal best hands, ``split[seat, 0]`` those it loses and ``split[seat, seats + 1]``
    those on which nobody qualifies. ``seat_totals`` and ``seat_masks`` are each seat's card keys and
    card masks summed over its own cards and the known board; ``tables`` the kernel's compiled tables
    for the hand size. Returns how many boards were dealt.
    """
    card_keys, card_masks, rows, _, ranks, flush, mode = tables
    seats = seat_totals.shape[0]
    n = pool.shape[0]
    values = np.empty(seats, dtype=np.int64)
    if more == 5:  # the whole board to come (before the flop): written out, the hot case
        keys = card_keys[pool]
        bits = card_masks[pool]
        for a in range(n - 4):
            ta, ma = keys[a], bits[a]
            for b in range(a + 1, n - 3):
                tb, mb = ta + keys[b], ma + bits[b]
                for c in range(b + 1, n - 2):
                    tc, mc = tb + keys[c], mb + bits[c]
                    for d in range(c + 1, n - 1):
                        td, md = tc + keys[d], mc + bits[d]
                        for e in range(d + 1, n):
                            _judge(
                                td + keys[e], md + bits[e], seat_totals, seat_masks, card_keys, rows, ranks,
                                flush, mode, qualified, values, split,
                            )  # fmt: skip
        return int((n * (n - 1) * (n - 2) * (n - 3) * (n - 4)) // 120)
    totals = np.zeros(more + 1, dtype=np.int64)
    masks = np.zeros(more + 1, dtype=np.int64)
    index = np.zeros(more + 1, dtype=np.int64)
    boards = 0
    depth = 0
    if more == 0:
        depth = -1
        boards = 1
        _judge(0, 0, seat_totals, seat_masks, card_keys, rows, ranks, flush, mode, qualified, values, split)
    while depth >= 0:
        if index[depth] > n - (more - depth):
            depth -= 1
            if depth >= 0:
                index[depth] += 1
            continue
        card = pool[index[depth]]
        totals[depth + 1] = totals[depth] + card_keys[card]
        masks[depth + 1] = masks[depth] + card_masks[card]
        if depth == more - 1:
            _judge(
                totals[more], masks[more], seat_totals, seat_masks, card_keys, rows, ranks, flush, mode,
                qualified, values, split,
            )  # fmt: skip
            boards += 1
            index[depth] += 1
        else:
            depth += 1
            index[depth] = index[depth - 1] + 1
    return boards


@njit(cache=True, inline="always")
def _judge(  # noqa: PLR0917
    board_total: int,
    board_mask: int,
    seat_totals: Array,
    seat_masks: Array,
    card_keys: Array,
    rows: Array,
    ranks: Array,
    flush: Array,
    mode: int,
    qualified: Array,
    values: Array,
    split: Array,
) -> None:
    seats = seat_totals.shape[0]
    best = -1
    check = qualified.shape[0] > 0
    for seat in range(seats):
        total = board_total + seat_totals[seat]
        suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
        if suited and mode != _NO_SUITS:
            suit = ((suited >> 7) & 1) + 2 * ((suited >> 11) & 1) + 3 * ((suited >> 15) & 1)
            value = flush[((board_mask + seat_masks[seat]) >> (13 * suit)) & 0x1FFF]
        else:
            rank_sum = total & SUM_MASK
            value = ranks[rows[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]
        if check and not qualified[value]:
            value = -1
        values[seat] = value
        best = max(best, value)
    if best < 0:
        for seat in range(seats):
            split[seat, seats + 1] += 1
        return
    count = 0
    for seat in range(seats):
        count += values[seat] == best
    for seat in range(seats):
        split[seat, count if values[seat] == best else 0] += 1
