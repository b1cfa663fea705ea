"""Lookup tables for the fast kernel (:mod:`homegame.ranking.kernel`), built from the reference path.

The kernel never judges a hand itself. It adds up one precomputed integer per card
and looks the sum up in a table whose every entry was filled in by the readable
reference ranking (:class:`~homegame.ranking.poker.PokerRanking`). This module
builds those tables and keeps them on disk.

How a hand becomes a table index
--------------------------------

Each card carries a *card key* packing three counters into one int::

    bits  0..22   the rank key of its rank (see RANK_KEYS)
    bits 24..27   1: the number of cards
    bits 32..47   1 in the 4-bit counter of its suit

The sum over a hand of 5 to 7 cards therefore holds, in one int, the sum of its
rank keys, its size and how many cards each suit has. The rank keys are chosen
so that no two multisets of up to seven ranks (at most four of each) of one size
have the same sum: the sum names the hand's ranks exactly and indexes the *rank
table* (the best hand those ranks make when no five share a suit).

The sums are spread over eight million values, but only 73,775 of them occur, so
the rank table is packed by *row displacement* (a perfect hash): the sum's low
``ROW_BITS`` bits are a column, the rest a row, and ``offsets[size - 5][row]``
places each row in one short array, ``ranks``, where no two used entries meet.
Packed, the table fits in a core's second-level cache.

A suit counter reaches five only when a flush is possible; adding 3 to each
counter sets its top bit exactly then (``FLUSH_ADD``, ``FLUSH_BITS``). The
*flush table* is indexed by the 13-bit mask of the ranks held in that suit.

Table entries are *ordinals*: 0..N-1 in the order of the reference keys, greater
is better. ``Tables.keys[ordinal]`` is the reference key.

>>> from homegame.ranking import get
>>> tables = load(get("high"))
>>> len(tables.keys), tables.categories[-1].value, tables.categories[0].value
(7462, 'straight_flush', 'high_card')
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from homegame.cards import Card
from homegame.ranking.core import Category
from homegame.ranking.poker import Kind, PokerRanking, SuitTiebreak

__all__ = [
    "CARD_KEYS",
    "CARD_MASKS",
    "COUNT_SHIFT",
    "FLUSH_ADD",
    "FLUSH_BITS",
    "FORMAT",
    "RANK_KEYS",
    "ROWS",
    "ROW_BITS",
    "SUIT_SHIFT",
    "SUM_MASK",
    "CompiledTables",
    "Mode",
    "Tables",
    "build",
    "cache_dir",
    "load",
    "place_rows",
    "search_rank_keys",
    "supports",
]

FORMAT = 3
"""Version of the table format and the card keys; bump it when either changes (old caches are then ignored)."""

RANK_KEYS: tuple[int, ...] = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Additive key of each rank, two (index 0) to ace (index 12): what :func:`search_rank_keys` finds.

Sums of up to seven of them, at most four of each, are unique within each hand size.
"""

COUNT_SHIFT = 24
SUIT_SHIFT = 32
SUM_MASK = (1 << 23) - 1
"""The rank-key sum in a hand's total (every sum of real cards is below 2**23)."""
ROW_BITS = 8
"""A rank-key sum is a column (its low ``ROW_BITS`` bits) in a row (the rest) of the packed rank table."""
ROWS = (SUM_MASK + 1) >> ROW_BITS
FLUSH_ADD = 0x3333
FLUSH_BITS = 0x8888
"""``((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS`` is non-zero when some suit has five cards or more."""

CARD_KEYS: tuple[int, ...] = tuple(
    RANK_KEYS[code >> 2] | 1 << COUNT_SHIFT | 1 << (SUIT_SHIFT + 4 * (code & 3)) for code in range(52)
)
"""The card key of each natural card code (see the module text)."""
CARD_MASKS: tuple[int, ...] = tuple(1 << (13 * (code & 3) + (code >> 2)) for code in range(52))
"""Each card as one bit of a 52-bit set, suit by suit: ``(mask >> 13 * suit) & 0x1FFF`` is a suit's ranks."""

_MAX_CARDS = 7
_COPIES = 4


class Mode(IntEnum):
    """How suits enter a kind's evaluation of 5 to 7 cards."""

    FLUSH_WINS = 0
    """High: with five or more cards of a suit, the best five are in that suit (a flush shuts out
    four of a kind and full houses when only seven cards are held), so the flush table decides."""
    NO_SUITS = 1
    """Ace-to-five low: suits never count; the rank table decides."""
    SUBSETS = 2
    """Deuce-to-seven and ace-to-six: a flush is bad, so with five suited cards every five-card
    subset is judged (flush table for the suited ones, rank table for the rest) and the best kept."""


CompiledTables = tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint32],
    npt.NDArray[np.uint32],
    npt.NDArray[np.int16],
    npt.NDArray[np.int16],
    int,
]
"""What the compiled loops take for one hand size: card keys and card masks (by code, 256 entries),
the rank-table offsets of that size and of five cards, the packed rank table, the flush table, the mode."""


@dataclass(frozen=True, slots=True, eq=False)
class Tables:
    """Everything the kernel needs for one ranking configuration.

    - ``keys[ordinal]``: the reference :attr:`HandValue.key <homegame.ranking.core.HandValue.key>`;
    - ``categories[ordinal]``: its category; ``qualified[ordinal]``: whether it meets the qualifier;
    - the rank table: ``ranks[offsets[size - 5, s >> ROW_BITS] + (s & (1 << ROW_BITS) - 1)]`` is the
      best ordinal of the ranks whose key sum is ``s``, as if no five cards shared a suit;
    - ``flush[mask]``: the best ordinal of the ranks in ``mask`` all of one suit (-1 for fewer than five).
    """

    label: str
    mode: Mode
    keys: npt.NDArray[np.int64]
    categories: tuple[Category, ...]
    qualified: npt.NDArray[np.bool_]
    offsets: npt.NDArray[np.uint32]
    ranks: npt.NDArray[np.int16]
    flush: npt.NDArray[np.int16]


def supports(ranking: object) -> bool:
    """True when the kernel can judge this ranking: a poker high or low from one pack, whose order
    depends on ranks and flushes only (no suit tie-break, no "no unbeatable hand" rule, no wild
    cards: those go to :mod:`homegame.ranking.wild_kernel`).

    >>> from homegame.ranking import get
    >>> supports(get("low-27", deck=36)), supports(get("high", italian_straight_flush=True))
    (True, False)
    """
    return (
        type(ranking) is PokerRanking
        and ranking.wild is None
        and ranking.kind in _MODES
        and ranking.suit_tiebreak is SuitTiebreak.NONE
        and ranking.transitive
        and ranking.packs == 1
    )


_MODES = {
    Kind.HIGH: Mode.FLUSH_WINS,
    Kind.LOW_A5: Mode.NO_SUITS,
    Kind.LOW_27: Mode.SUBSETS,
    Kind.LOW_A6: Mode.SUBSETS,
    Kind.LOW_REVERSED: Mode.SUBSETS,
}


def search_rank_keys(ranks: int = 13, cards: int = _MAX_CARDS, copies: int = _COPIES) -> tuple[int, ...]:
    """Greedy search for additive rank keys: each rank in turn gets the smallest key, not below
    the previous one plus one, such that no two multisets of at most ``cards`` ranks (at most
    ``copies`` of each) *of the same size* have the same sum.

    Adding rank key ``k`` with ``c`` copies to a multiset ``X`` and ``c + d`` copies to ``Y``
    (``|X| = |Y| + d``) collides exactly when ``sum(X) - sum(Y) = d * k``, so the search
    strikes out every such ``k``, a block of candidates at a time, and takes the first left.

    >>> search_rank_keys(ranks=4, cards=3, copies=2)
    (0, 1, 3, 8)
    """
    keys: list[int] = []
    sums = np.zeros(1, dtype=np.int64)  # the sum of every multiset so far
    sizes = np.zeros(1, dtype=np.int64)  # and its size
    block = 1 << 15
    for _ in range(ranks):
        by_size = [np.unique(sums[sizes == size]) for size in range(cards + 1)]
        key = keys[-1] + 1 if keys else 0
        while True:
            struck = np.zeros(block, dtype=bool)
            for more in range(1, copies + 1):
                for size in range(more, cards + 1):
                    for x, y in _differences(by_size[size], by_size[size - more], more * key, more * (key + block)):
                        difference = x - y
                        exact = difference % more == 0
                        struck[difference[exact] // more - key] = True
            free = np.flatnonzero(~struck)
            if len(free):
                key += int(free[0])
                break
            key += block
        keys.append(key)
        grown = [(sums + c * key, sizes + c) for c in range(copies + 1)]
        sums = np.concatenate([s[z <= cards] for s, z in grown])
        sizes = np.concatenate([z[z <= cards] for _, z in grown])
    return tuple(keys)


def _differences(
    xs: npt.NDArray[np.int64], ys: npt.NDArray[np.int64], low: int, high: int
) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """Every pair ``x`` of sorted ``xs``, ``y`` of ``ys`` with ``low <= x - y < high``."""
    start = np.searchsorted(xs, ys + low)
    count = np.searchsorted(xs, ys + high) - start
    total = int(count.sum())
    if total:
        first = np.repeat(start - np.cumsum(count) + count, count)
        yield xs[first + np.arange(total)], np.repeat(ys, count)


def _hand(ranks: tuple[int, ...], *, suited: bool) -> tuple[Card, ...]:
    """A hand of these rank indices: all clubs, or suits in turn so that no five share one."""
    return tuple(Card.from_code(rank * 4 + (0 if suited else i % 4)) for i, rank in enumerate(ranks))


def build(ranking: PokerRanking) -> Tables:
    """Build the tables of a supported ranking from its reference path (about a second).

    Only rank multisets are enumerated, never hands: the 5-card rank and flush entries
    are judged by the reference; a 6- or 7-card multiset is worth the best of the
    multisets one card smaller.
    """
    if not supports(ranking):
        raise ValueError(f"the kernel does not support the ranking {ranking.label!r}")
    present = range(ranking.lowest_rank - 2, 13)
    judged: dict[tuple[tuple[int, ...], bool], tuple[int, Category, bool]] = {}
    for ranks in _multisets(present, 5):
        value = ranking._make_value(*ranking._judge(_hand(ranks, suited=False)))
        judged[ranks, False] = (value.key, value.category, value.qualified)
    for ranks in combinations(present, 5):
        value = ranking._make_value(*ranking._judge(_hand(ranks, suited=True)))
        judged[ranks, True] = (value.key, value.category, value.qualified)
    order = sorted(set(judged.values()))
    keys = np.array([key for key, _, _ in order], dtype=np.int64)
    if len(set(keys.tolist())) != len(order):
        raise AssertionError("two hands with one key but different categories: the reference is inconsistent")
    ordinal = {key: index for index, key in enumerate(keys.tolist())}

    best: dict[int, int] = {}  # (size << COUNT_SHIFT) + rank-key sum -> ordinal
    for ranks in _multisets(present, 5):
        best[_total(ranks)] = ordinal[judged[ranks, False][0]]
    for size in range(6, _MAX_CARDS + 1):
        for ranks in _multisets(present, size):
            total = _total(ranks)
            smaller = total - (1 << COUNT_SHIFT)
            best[total] = max(best[smaller - RANK_KEYS[rank]] for rank in set(ranks))
    offsets, ranks_table = _pack(best)

    flush = np.full(1 << 13, -1, dtype=np.int16)
    for ranks in combinations(present, 5):
        flush[sum(1 << rank for rank in ranks)] = ordinal[judged[ranks, True][0]]
    for size in range(6, _MAX_CARDS + 1):
        for ranks in combinations(present, size):
            mask = sum(1 << rank for rank in ranks)
            flush[mask] = max(flush[mask & ~(1 << rank)] for rank in ranks)
    return Tables(
        label=ranking.label,
        mode=Mode.NO_SUITS if ranking.old_classes else _MODES[ranking.kind],  # no flush in the 20-card deck
        keys=keys,
        categories=tuple(category for _, category, _ in order),
        qualified=np.array([qualified for _, _, qualified in order], dtype=np.bool_),
        offsets=offsets,
        ranks=ranks_table,
        flush=flush,
    )


Row = TypeVar("Row", bound=Hashable)
"""A table row's name: a number, or a tuple of numbers."""


def place_rows(rows: dict[Row, list[int]], width: int) -> dict[Row, int]:
    """Row displacement: each row's offset in one flat table, the fullest rows placed first, each
    at the first offset where none of its columns (each below ``width``) lands on a used entry.

    >>> place_rows({"a": [0, 1], "b": [0], "c": [1]}, 4)
    {'a': 0, 'b': 2, 'c': 2}
    """
    window = 1 << 10  # offsets tried at once
    used = np.zeros(4 * sum(map(len, rows.values())) + width + window, dtype=np.bool_)
    placed: dict[Row, int] = {}
    resume: dict[int, int] = {}  # rows of one length search on from where the last one went
    for row, columns in sorted(rows.items(), key=lambda item: -len(item[1])):
        start = resume.get(len(columns), 0)
        while True:
            clash = np.zeros(window, dtype=np.bool_)
            for column in columns:
                clash |= used[start + column : start + column + window]
            if not clash.all():
                break
            start += window
        offset = start + int(np.argmin(clash))
        used[[offset + column for column in columns]] = True
        placed[row] = resume[len(columns)] = offset
    return placed


def _pack(best: dict[int, int]) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.int16]]:
    """Row displacement: place the rows, fullest first, each at the first offset where none of its
    columns lands on a used entry; a row with no entries stays at 0 (any look-up stays in bounds)."""
    width = 1 << ROW_BITS
    rows: dict[tuple[int, int], list[int]] = {}
    for total in sorted(best):
        size, rank_sum = total >> COUNT_SHIFT, total & SUM_MASK
        rows.setdefault((size - 5, rank_sum >> ROW_BITS), []).append(rank_sum & width - 1)
    offsets = np.zeros((_MAX_CARDS - 4, ROWS), dtype=np.uint32)  # unsigned: no negative-index checks
    for row, offset in place_rows(rows, width).items():
        offsets[row] = offset
    ranks = np.full(int(offsets.max()) + width, -1, dtype=np.int16)
    for total, value in best.items():
        size, rank_sum = total >> COUNT_SHIFT, total & SUM_MASK
        ranks[offsets[size - 5, rank_sum >> ROW_BITS] + (rank_sum & width - 1)] = value
    return offsets, ranks


def _multisets(present: range, size: int) -> Iterator[tuple[int, ...]]:
    """Sorted tuples of ``size`` rank indices from ``present``, at most four of each."""
    for ranks in combinations_with_replacement(present, size):
        if all(ranks[i] != ranks[i + _COPIES] for i in range(size - _COPIES)):
            yield ranks


def _total(ranks: tuple[int, ...]) -> int:
    return sum(RANK_KEYS[rank] for rank in ranks) + (len(ranks) << COUNT_SHIFT)


def cache_dir() -> Path:
    """Where built tables are kept: ``$XDG_CACHE_HOME/homegame``, by default ``~/.cache/homegame``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "homegame"


@cache
def load(ranking: PokerRanking) -> Tables:
    """The tables of a supported ranking: from memory, else from the disk cache, else built
    (and then written to the cache, atomically; an unwritable cache is skipped)."""
    label = ranking.label
    path = cache_dir() / f"kernel-v{FORMAT}-{hashlib.sha256(label.encode()).hexdigest()[:20]}.npz"
    tables = _read(path, label)
    if tables is None:
        tables = build(ranking)
        _write(path, tables)
    return tables


def _read(path: Path, label: str) -> Tables | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["label"]) != label or int(data["format"]) != FORMAT:
                return None
            return Tables(
                label=label,
                mode=Mode(int(data["mode"])),
                keys=data["keys"],
                categories=tuple(Category(name) for name in data["categories"].tolist()),
                qualified=data["qualified"],
                offsets=data["offsets"],
                ranks=data["ranks"],
                flush=data["flush"],
            )
    except (OSError, KeyError, ValueError):
        return None


def _write(path: Path, tables: Tables) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    except OSError:
        return  # no writable cache: the tables live in memory only
    try:
        with os.fdopen(descriptor, "wb") as file:
            np.savez(
                file,
                label=np.array(tables.label),
                format=np.array(FORMAT),
                mode=np.array(int(tables.mode)),
                keys=tables.keys,
                categories=np.array([category.value for category in tables.categories]),
                qualified=tables.qualified,
                offsets=tables.offsets,
                ranks=tables.ranks,
                flush=tables.flush,
            )
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
