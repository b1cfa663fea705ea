"""The compiled enumerator of :mod:`homegame.analysis.calculator`: every board, counted without arrays.

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
    if more == 5 and (mode == _NO_SUITS or _suits_apart(pool, seat_masks)):
        return _count_by_ranks(pool, seat_totals, seat_masks, tables, qualified, values, split)
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
    weight: int = 1,
    suits: bool = True,
) -> None:
    """Judge one board for every seat and add ``weight`` to each seat's column of ``split``
    (``suits=False``: as if no five cards shared a suit)."""
    seats = seat_totals.shape[0]
    best = -1
    check = qualified.shape[0] > 0
    for seat in range(seats):
        total = board_total + seat_totals[seat]
        suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
        if suits and suited and mode != _NO_SUITS:
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
            split[seat, seats + 1] += weight
        return
    count = 0
    for seat in range(seats):
        count += values[seat] == best
    for seat in range(seats):
        split[seat, count if values[seat] == best else 0] += weight


@njit(cache=True)
def _suits_apart(pool: Array, seat_masks: Array) -> bool:
    """Whether no seat holds more than two cards of a suit (so only a board with three or more of a
    suit can make anyone a flush, and a board has at most one such suit)."""
    for seat in range(seat_masks.shape[0]):
        for suit in range(4):
            held = (seat_masks[seat] >> (13 * suit)) & 0x1FFF
            count = 0
            while held:
                held &= held - 1
                count += 1
            if count > 2:
                return False
    return True


@njit(cache=True)
def _next(index: Array, n: int) -> bool:
    """Step ``index`` (a choice of ``len(index)`` of ``n`` positions, increasing) to the next choice;
    ``False`` when it was the last."""
    k = index.shape[0]
    moved = k - 1
    while moved >= 0 and index[moved] == n - k + moved:
        moved -= 1
    if moved < 0:
        return False
    index[moved] += 1
    for j in range(moved + 1, k):
        index[j] = index[j - 1] + 1
    return True


@njit(cache=True)
def _count_by_ranks(  # noqa: PLR0917
    pool: Array, seat_totals: Array, seat_masks: Array, tables: Any, qualified: Array, values: Array, split: Array
) -> int:
    """Five cards to come, counted by their ranks: each multiset of five ranks is judged once, as if
    no five cards shared a suit, and weighted by how many boards have those ranks; then the boards
    that can make someone a flush (three or more of a suit some seat holds two of, four or more of a
    suit it holds one of, five of a suit) are judged one by one and the rank judgement they got is
    taken back. Most boards are never looked at on their own."""
    card_keys, card_masks, rows, _, ranks, flush, mode = tables
    available = np.zeros(13, dtype=np.int64)
    for code in pool:
        available[code >> 2] += 1
    rank_keys = np.zeros(13, dtype=np.int64)
    for rank in range(13):
        rank_keys[rank] = card_keys[rank * 4] & SUM_MASK
    count_bits = card_keys[0] - (card_keys[0] & SUM_MASK) - (card_keys[0] & (0xFFFF << SUIT_SHIFT))
    boards = 0
    chosen = np.zeros(13, dtype=np.int64)
    # every multiset of five ranks, as counts per rank, lowest rank first (a stack of ranks)
    rank = 0
    left = 5
    while True:
        if rank == 13 or left == 0:
            if left == 0:
                ways = 1
                total = 5 * count_bits
                for r in range(13):
                    if chosen[r]:
                        ways *= _choose(available[r], chosen[r])
                        total += chosen[r] * rank_keys[r]
                if ways:
                    _judge(total, 0, seat_totals, seat_masks, card_keys, rows, ranks, flush, mode, qualified,
                           values, split, ways, False)  # fmt: skip
                    boards += ways
            # back up to the last rank with a count, take one off it, go on to the next rank
            rank = min(rank, 12)
            while rank >= 0 and chosen[rank] == 0:
                rank -= 1
            if rank < 0:
                break
            chosen[rank] -= 1
            left += 1
            for r in range(rank + 1, 13):
                left += chosen[r]
                chosen[r] = 0
            rank += 1
            continue
        take = min(left, 4)
        chosen[rank] = take
        left -= take
        rank += 1
    if mode == _NO_SUITS:
        return boards
    # the boards that may make a flush: judged with their suits, and their rank judgement undone
    for suit in range(4):
        most = 0
        for seat in range(seat_masks.shape[0]):
            held = (seat_masks[seat] >> (13 * suit)) & 0x1FFF
            count = 0
            while held:
                held &= held - 1
                count += 1
            most = max(most, count)
        order = np.concatenate((pool[(pool & 3) == suit], pool[(pool & 3) != suit]))
        _flush_boards(
            card_keys[order], card_masks[order], int(np.sum((pool & 3) == suit)), 5 - most,
            seat_totals, seat_masks, tables, qualified, values, split,
        )  # fmt: skip
    return boards


@njit(cache=True)
def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    out = 1
    for j in range(k):
        out = out * (n - j) // (j + 1)
    return out


@njit(cache=True)
def _flush_boards(  # noqa: PLR0917
    keys: Array,
    bits: Array,
    suited: int,
    least: int,
    seat_totals: Array,
    seat_masks: Array,
    tables: Any,
    qualified: Array,
    values: Array,
    split: Array,
) -> None:
    """Every board of five of these cards (the first ``suited`` of one suit) with at least ``least`` of
    that suit, each once: its lowest ``least`` positions are suited. Each is judged with its suits and
    the judgement it got by its ranks alone is taken back."""
    _, _, rows, _, ranks, flush, _ = tables
    n = keys.shape[0]
    seats = seat_totals.shape[0]
    check = qualified.shape[0] > 0
    ends = np.full(5, n, dtype=np.int64)
    for j in range(least):
        ends[j] = suited
    for a in range(ends[0]):
        ta, ma = keys[a], bits[a]
        for b in range(a + 1, ends[1]):
            tb, mb = ta + keys[b], ma + bits[b]
            for c in range(b + 1, ends[2]):
                tc, mc = tb + keys[c], mb + bits[c]
                for d in range(c + 1, ends[3]):
                    td, md = tc + keys[d], mc + bits[d]
                    for e in range(d + 1, ends[4]):
                        te, me = td + keys[e], md + bits[e]
                        # judged twice, with suits (+1) and by ranks alone (-1), written out: a call costs more
                        for weight in (1, -1):
                            best = -1
                            for seat in range(seats):
                                total = te + seat_totals[seat]
                                flushed = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
                                if weight > 0 and flushed:
                                    suit = ((flushed >> 7) & 1) + 2 * ((flushed >> 11) & 1) + 3 * ((flushed >> 15) & 1)
                                    value = flush[((me + seat_masks[seat]) >> (13 * suit)) & 0x1FFF]
                                else:
                                    rank_sum = total & SUM_MASK
                                    value = ranks[rows[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]
                                if check and not qualified[value]:
                                    value = -1
                                values[seat] = value
                                best = max(best, value)
                            if best < 0:
                                for seat in range(seats):
                                    split[seat, seats + 1] += weight
                                continue
                            count = 0
                            for seat in range(seats):
                                count += values[seat] == best
                            for seat in range(seats):
                                split[seat, count if values[seat] == best else 0] += weight


@njit(cache=True)
def count_hole_boards(  # noqa: PLR0917
    pool: Array,
    more: int,
    known: Array,
    holes: Array,
    hole_masks: Array,
    shared: int,
    tables: Any,
    qualified: Array,
    split: Array,
) -> int:
    """As :func:`count_boards`, for hands made of exactly ``5 - shared`` of a player's own cards and
    ``shared`` of the board (Omaha: two and three): ``holes[seat, p]`` and ``hole_masks[seat, p]`` are
    the card keys and masks summed over each choice ``p`` of the seat's own cards, ``known`` the
    board so far, ``more`` the cards to come; ``tables`` the kernel's tables of five cards. Each
    board's ``C(5, shared)`` choices are summed once and tried with every choice of every seat."""
    seats = holes.shape[0]
    values = np.empty(seats, dtype=np.int64)
    boards = np.empty((0, 0), dtype=np.int64)
    return _hole_boards(pool, more, known, holes, hole_masks, shared, tables, qualified, split, values, boards)


@njit(cache=True)
def hole_scores(  # noqa: PLR0917
    pool: Array,
    more: int,
    known: Array,
    holes: Array,
    hole_masks: Array,
    shared: int,
    tables: Any,
    qualified: Array,
    scores: Array,
) -> int:
    """As :func:`count_hole_boards`, writing each seat's best ordinal on each board into
    ``scores[board, seat]`` (-1: its hand does not qualify) instead of counting: for a game with
    several contests (Omaha hi-lo's high and low), each scored so and then judged together."""
    seats = holes.shape[0]
    values = np.empty(seats, dtype=np.int64)
    split = np.zeros((seats, seats + 2), dtype=np.int64)
    return _hole_boards(pool, more, known, holes, hole_masks, shared, tables, qualified, split, values, scores)


@njit(cache=True)
def _hole_boards(  # noqa: PLR0917
    pool: Array,
    more: int,
    known: Array,
    holes: Array,
    hole_masks: Array,
    shared: int,
    tables: Any,
    qualified: Array,
    split: Array,
    values: Array,
    scores: Array,
) -> int:
    """Every board of ``more`` cards of ``pool`` after ``known``: each seat's best hand of its
    ``holes`` choices and ``shared`` board cards, counted into ``split`` or, when ``scores`` has
    rows, written into them."""
    card_keys, card_masks, _, five, ranks, flush, mode = tables
    seats, choices = holes.shape
    size = known.shape[0] + more
    board = np.empty(size, dtype=np.int64)
    board[: known.shape[0]] = known
    picks = _choose(size, shared)
    pick_totals = np.empty(picks, dtype=np.int64)
    pick_masks = np.empty(picks, dtype=np.int64)
    check = qualified.shape[0] > 0
    writing = scores.shape[0] > 0
    index = np.arange(more, dtype=np.int64)
    chosen = np.arange(shared, dtype=np.int64)
    n = pool.shape[0]
    boards = 0
    while True:
        for j in range(more):
            board[known.shape[0] + j] = pool[index[j]]
        # every choice of the board's shared cards, summed once
        for j in range(shared):
            chosen[j] = j
        count = 0
        while True:
            total = 0
            mask = 0
            for j in range(shared):
                total += card_keys[board[chosen[j]]]
                mask += card_masks[board[chosen[j]]]
            pick_totals[count] = total
            pick_masks[count] = mask
            count += 1
            if not _next(chosen, size):
                break
        best = -1
        for seat in range(seats):
            value = -1
            for p in range(choices):
                for q in range(picks):
                    total = holes[seat, p] + pick_totals[q]
                    suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
                    if suited and mode != _NO_SUITS:
                        suit = ((suited >> 7) & 1) + 2 * ((suited >> 11) & 1) + 3 * ((suited >> 15) & 1)
                        found = flush[((hole_masks[seat, p] + pick_masks[q]) >> (13 * suit)) & 0x1FFF]
                    else:
                        rank_sum = total & SUM_MASK
                        found = ranks[five[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]
                    if check and not qualified[found]:
                        found = -1
                    value = max(value, found)
            values[seat] = value
            best = max(best, value)
        if writing:
            for seat in range(seats):
                scores[boards, seat] = values[seat]
        elif best < 0:
            for seat in range(seats):
                split[seat, seats + 1] += 1
        else:
            winners = 0
            for seat in range(seats):
                winners += values[seat] == best
            for seat in range(seats):
                split[seat, winners if values[seat] == best else 0] += 1
        boards += 1
        if more == 0 or not _next(index, n):
            break
    return boards


@njit(cache=True)
def count_deals(  # noqa: PLR0917
    pool: Array,
    owners: Array,
    seat_totals: Array,
    seat_masks: Array,
    tables: Any,
    qualified: Array,
    split: Array,
    weight: int,
) -> int:
    """As :func:`count_boards`, when players too have cards to come (stud on fifth street, a draw):
    ``owners`` names, for each card still to come, the seat it goes to (``-1``: the board), a
    seat's cards next to each other. Each seat's cards to come are one combination of the pool (as
    are the board's), the groups dealt in turn from what the earlier ones left: a deal costs one
    addition and, once every card is out, one look-up per player. Every deal counts ``weight``
    times (the orders a seat's down and up cards to come could fall in); returns the deals counted
    so (``weight`` each)."""
    card_keys, card_masks, rows, _, ranks, flush, mode = tables
    n = pool.shape[0]
    slots = owners.shape[0]
    totals = seat_totals.copy()
    masks = seat_masks.copy()
    values = np.empty(totals.shape[0], dtype=np.int64)
    used = np.zeros(n, dtype=np.bool_)
    index = np.zeros(slots + 1, dtype=np.int64)
    keys = card_keys[pool]
    bits = card_masks[pool]
    board_total = 0
    board_mask = 0
    deals = 0
    if slots == 0:
        _judge(0, 0, totals, masks, card_keys, rows, ranks, flush, mode, qualified, values, split, weight)
        return weight
    depth = 0
    while depth >= 0:
        at = index[depth]
        while at < n and used[at]:
            at += 1
        if at >= n:  # this slot has no card left: back to the one before, and on to its next card
            depth -= 1
            if depth >= 0:
                at = index[depth]
                owner = owners[depth]
                used[at] = False
                if owner < 0:
                    board_total -= keys[at]
                    board_mask -= bits[at]
                else:
                    totals[owner] -= keys[at]
                    masks[owner] -= bits[at]
                index[depth] = at + 1
            continue
        index[depth] = at
        owner = owners[depth]
        if depth == slots - 1:  # the last card: judge the deal without taking the card
            if owner < 0:
                _judge(board_total + keys[at], board_mask + bits[at], totals, masks, card_keys, rows, ranks, flush,
                       mode, qualified, values, split, weight)  # fmt: skip
            else:
                totals[owner] += keys[at]
                masks[owner] += bits[at]
                _judge(board_total, board_mask, totals, masks, card_keys, rows, ranks, flush, mode, qualified,
                       values, split, weight)  # fmt: skip
                totals[owner] -= keys[at]
                masks[owner] -= bits[at]
            deals += weight
            index[depth] = at + 1
            continue
        used[at] = True
        if owner < 0:
            board_total += keys[at]
            board_mask += bits[at]
        else:
            totals[owner] += keys[at]
            masks[owner] += bits[at]
        depth += 1
        index[depth] = at + 1 if owners[depth] == owner else 0
    return deals


@njit(cache=True)
def best_of(cards: Array, columns: Array, tables: Any, out: Array) -> None:
    """Write into ``out[r]`` the best ordinal among the hands that the column sets ``columns`` (each
    of the same 5 to 7 columns) pick from row ``r`` of ``cards``, judged by the kernel's ``tables``
    for that hand size (any mode for five cards; high and ace-to-five for more): the sum of card
    keys and a look-up a hand, no array of hands made (Omaha's sixty a player a board)."""
    card_keys, card_masks, rows, _, ranks, flush, mode = tables
    size = columns.shape[1]
    for row in range(cards.shape[0]):
        best = -1
        for choice in range(columns.shape[0]):
            total = 0
            mask = 0
            for j in range(size):
                code = cards[row, columns[choice, j]]
                total += card_keys[code]
                mask += card_masks[code]
            suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
            if suited and mode != _NO_SUITS:
                suit = ((suited >> 7) & 1) + 2 * ((suited >> 11) & 1) + 3 * ((suited >> 15) & 1)
                value = flush[(mask >> (13 * suit)) & 0x1FFF]
            else:
                rank_sum = total & SUM_MASK
                value = ranks[rows[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]
            best = max(best, value)
        out[row] = best


_OUT = np.iinfo(np.int64).min


@njit(cache=True)
def add_scores(  # noqa: PLR0917
    scores: Array,
    weights: Array,
    per_seat: int,
    per_weight: int,
    carry: bool,
    units: Array,
    won: Array,
    scoops: Array,
) -> None:
    """Share each deal's pot by the scores of its contests (``scores[contest, deal, seat]``, greater
    better, the least int64 out of the contest): each contest's share (``weights``) of the
    contests someone qualifies for goes to its best hands, split evenly; with nobody in any, the
    pot is split evenly among all (or, ``carry``, goes to nobody). Writes each deal's units a seat
    into ``units`` (a pot is ``per_weight * per_seat`` units); adds up, a contest and a seat, the
    deals won alone, the deals tied and the shares won (``per_seat`` units a whole contest) into
    ``won[0]``, ``won[1]`` and ``won[2]``, and the deals a seat won every contest it could be won
    alone into ``scoops``."""
    contests, deals, seats = scores.shape
    tops = np.empty(contests, dtype=np.int64)
    counts = np.empty(contests, dtype=np.int64)
    scoop = np.empty(seats, dtype=np.bool_)
    for deal in range(deals):
        active = 0
        for contest in range(contests):
            top = _OUT
            for seat in range(seats):
                top = max(top, scores[contest, deal, seat])
            count = 0
            if top > _OUT:
                active += weights[contest]
                for seat in range(seats):
                    count += scores[contest, deal, seat] == top
            tops[contest] = top
            counts[contest] = count
        for seat in range(seats):
            units[deal, seat] = 0
            scoop[seat] = True
        scale = per_weight // active if active > 0 else 0
        for contest in range(contests):
            count = counts[contest]
            per = per_seat // count if count > 0 else 0
            for seat in range(seats):
                winner = count > 0 and scores[contest, deal, seat] == tops[contest]
                if winner:
                    units[deal, seat] += weights[contest] * per * scale
                    won[2, contest, seat] += per
                    won[0 if count == 1 else 1, contest, seat] += 1
                scoop[seat] = scoop[seat] and ((winner and count == 1) or count == 0)
        for seat in range(seats):
            if active == 0:
                units[deal, seat] = 0 if carry else per_weight * per_seat // seats
            scoops[seat] += scoop[seat]
