"""The wild-card kernel: arrays of hands with wild cards judged by table look-ups (numba).

The natural kernel (:mod:`homegame.ranking.kernel`) adds up one card key per card and
looks the sum up. Here each card adds its card key if it is natural, or one count of
wild cards (kept above the suit counters) if it is wild; the sum then names the natural
ranks, how many natural cards each suit has and how many wild cards there are:

- the *rank tables*, one per hand size, packed as the natural kernel's (row displacement
  on the natural rank-key sum, :mod:`homegame.ranking.lookup`), with the rows of each
  number of natural cards together, so a batch of hands with as many wild cards reads a
  small part. Each entry is a pair: the best hand the natural ranks make with the other
  cards wild when no natural cards need to share a suit, and the hand they make when one
  suit holds them all (the flush table's entry, so a hand of five cards never needs its
  suits' ranks);
- the *flush table* ``flush[w, mask]``: the best hand the natural cards of one suit
  (their 13-bit rank mask) make with ``w`` wild cards, straight and plain flushes
  included.

A high hand is worth the rank entry or the flush entry of any suit with five cards
counting the wild cards, whichever is better (a hand of six or seven cards reads every
suit's flush entry from a second sum that holds each suit's natural ranks and the wild
cards in a 16-bit field, its index in the flush table): every value of the rank table can be made
whatever the suits (a wild card can always take a suit that is free), and a flush needs
its natural cards in one suit. When one suit holds every natural card, its flush entry is
the hand's value. A low hand with wild cards never flushes (a fitter takes another suit),
so only five *natural* cards of one suit send it to the flush table, through every
five-card subset as in the natural kernel.

Every entry comes from the reasoning path (:func:`homegame.ranking.wild.value_of`): the
five-card entries are judged there, and a six- or seven-card entry is the best of the
entries one card smaller. Entries are ordinals in the order of the reference keys, so
``evaluator.keys[ordinal]`` is the ``HandValue.key`` that ``ranking.evaluate`` gives.

>>> import numpy as np
>>> from homegame.cards import parse
>>> from homegame.ranking import get
>>> jokers = get("high", wild="jokers")
>>> evaluator = WildEvaluator.for_ranking(jokers)
>>> hands = np.array([[c.code for c in parse("As 9s 8s 5s Jk")], [c.code for c in parse("Ac Ad Ah As Jk")]])
>>> [evaluator.categories[o].value for o in evaluator.batch(hands)]
['flush', 'five_of_a_kind']
>>> int(evaluator.keys[evaluator.batch(hands)[0]]) == jokers.evaluate("As 9s 8s 5s Jk").key
True
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from homegame.cards import JOKER_BASE, MAX_JOKERS, Card, Rank, Suit
from homegame.ranking.core import Category, Ranking
from homegame.ranking.lookup import (
    CARD_KEYS,
    CARD_MASKS,
    COUNT_SHIFT,
    FLUSH_ADD,
    FLUSH_BITS,
    SUIT_SHIFT,
    SUM_MASK,
    Mode,
    cache_dir,
    place_rows,
)
from homegame.ranking.lookup import (
    FORMAT as CARD_FORMAT,
)
from homegame.ranking.poker import Kind, PokerRanking, SuitTiebreak
from homegame.ranking.wild import Lowest, value_of

__all__ = ["WildEvaluator", "WildTables", "build", "load", "natural_of", "supports"]

FORMAT = 16
"""Version of the wild table format; bump it when the tables or the card keys change."""

_MAX_CARDS = 7
_ROW_BITS = 8
"""Rows of the packed rank tables are 256 wide, as the natural kernel's (wider rows, fewer offsets to
read, measured no faster and made the tables twice as large)."""
_NATURALS = (1 << SUIT_SHIFT) - 1
"""The bits of a card-key total below the suit counters: the rank-key sum and the number of cards."""
_MODES = {
    Kind.HIGH: Mode.FLUSH_WINS,
    Kind.LOW_A5: Mode.NO_SUITS,
    Kind.LOW_27: Mode.SUBSETS,
    Kind.LOW_A6: Mode.SUBSETS,
    Kind.LOW_REVERSED: Mode.SUBSETS,
}
_FLUSH_WINS = int(Mode.FLUSH_WINS)
_SUBSETS = int(Mode.SUBSETS)

Array = Any  # numpy arrays of the dtypes fixed below


def supports(ranking: object) -> bool:
    """True when the wild kernel can judge this ranking: a high or low poker ranking from one
    pack with a wild spec, no suit tie-break, no "no unbeatable hand" rule, and jokers that are
    either fully wild or the only wild cards (the bug).

    >>> from homegame.ranking import get
    >>> supports(get("high", wild="bug")), supports(get("high", wild="bug 2")), supports(get("high"))
    (True, False, False)
    """
    if type(ranking) is not PokerRanking or ranking.wild is None:
        return False
    spec = ranking.wild
    alone = not (spec.ranks or spec.cards or spec.lowest is not Lowest.NONE or spec.dynamic)
    return (
        ranking.kind in _MODES
        and ranking.suit_tiebreak is SuitTiebreak.NONE
        and ranking.transitive
        and ranking.packs == 1
        and not ranking.old_classes  # the 20-card deck is judged by the reference path
        and (not spec.bug or alone)
    )


@dataclass(frozen=True, slots=True, eq=False)
class WildTables:
    """The tables of one wild ranking.

    - ``keys[ordinal]``, ``categories[ordinal]``, ``qualified[ordinal]``: as in the natural kernel;
    - ``rank5``, ``rank6``, ``rank7``: the rank tables of hands of 5, 6 and 7 cards, wild or not,
      packed by row displacement as the natural kernel's (:mod:`homegame.ranking.lookup`) on the
      rank-key sum ``s`` of the hand's ``n`` natural cards: ``rank7[0, offsets[n, s >> _ROW_BITS] +
      (s & (1 << _ROW_BITS) - 1)]`` is the best ordinal of those ranks with the other cards wild,
      when no natural cards need to share a suit, and ``rank7[1, ...]`` the ordinal when all of
      them share one (-1 where there are no such cards). The rows of each ``n`` are packed
      together, so a batch of hands alike reads a small part; five cards or more of one rank
      read -1;
    - ``flush[w, mask]``: the best ordinal of the natural cards of one suit with ranks ``mask``
      and ``w`` wild cards (-1 where that is no hand of 5 to 7 cards).
    """

    label: str
    mode: Mode
    keys: npt.NDArray[np.int64]
    categories: tuple[Category, ...]
    qualified: npt.NDArray[np.bool_]
    offsets: npt.NDArray[np.uint32]
    rank5: npt.NDArray[np.int16 | np.int32]
    rank6: npt.NDArray[np.int16 | np.int32]
    rank7: npt.NDArray[np.int16 | np.int32]
    flush: npt.NDArray[np.int16 | np.int32]


def build(ranking: PokerRanking) -> WildTables:
    """Build the tables of a supported ranking from the reasoning path (a few seconds).

    Only rank multisets and one-suit rank masks are enumerated, with a number of wild cards.
    """
    if not supports(ranking):
        raise ValueError(f"the wild kernel does not support the ranking {ranking.label!r}")
    spec = ranking.wild
    assert spec is not None
    natural = [rank - 2 for rank in range(ranking.lowest_rank, Rank.ACE + 1) if Rank(rank) not in spec.ranks]

    def judge(cards: list[Card], wild: int) -> tuple[int, Category, bool]:
        value = value_of(ranking, cards, wild, bug=spec.bug)
        return value.key, value.category, value.qualified

    rank_base = {
        ranks: judge(_mixed(ranks), 5 - len(ranks)) for size in range(6) for ranks in _multisets(natural, size)
    }
    flush_base = {
        ranks: judge(_suited(ranks), 5 - len(ranks)) for size in range(6) for ranks in combinations(natural, size)
    }
    order = sorted(set(rank_base.values()) | set(flush_base.values()))
    keys = np.array([key for key, _, _ in order], dtype=np.int64)
    if len(set(keys.tolist())) != len(order):
        raise AssertionError("two hands with one key but different categories: the reference is inconsistent")
    ordinal = {key: index for index, key in enumerate(keys.tolist())}

    groups = [list(_multisets(natural, size)) for size in range(_MAX_CARDS + 1)]
    every = [ranks for group in groups for ranks in group]  # smaller multisets first
    row_of = {_total(ranks): row for row, ranks in enumerate(every)}
    ordinals = np.int16 if len(order) < 1 << 15 else np.int32  # int16 keeps the tables in cache
    rank = np.full((len(every), _MAX_CARDS + 1), -1, dtype=ordinals)
    for ranks, (key, _, _) in rank_base.items():
        rank[row_of[_total(ranks)], 5 - len(ranks)] = ordinal[key]
    for size in range(6, _MAX_CARDS + 1):  # a card more: the best of the hands without one of the cards
        for count, group in enumerate(groups[: size + 1]):
            wild = size - count
            for ranks in group:
                total = _total(ranks)
                row = row_of[total]
                smaller = [rank[row_of[total - _total((card,))], wild] for card in set(ranks)]
                rank[row, wild] = max([*smaller, rank[row, wild - 1]] if wild else smaller)

    flush = np.full((_MAX_CARDS + 1, 1 << 13), -1, dtype=ordinals)  # hands with as many wild cards together
    for ranks, (key, _, _) in flush_base.items():
        flush[5 - len(ranks), _mask(ranks)] = ordinal[key]
    for size in range(6, _MAX_CARDS + 1):
        for count in range(min(size, len(natural)) + 1):
            for ranks in combinations(natural, count):
                mask, wild = _mask(ranks), size - count
                smaller = [flush[wild, mask & ~(1 << rank)] for rank in ranks]
                flush[wild, mask] = max([*smaller, flush[wild - 1, mask]] if wild else smaller)

    # five cards or more of one rank (only duplicates make them) must read -1: their sums take room
    sums = [np.array([_total(ranks) & SUM_MASK for ranks in group], dtype=np.int64) for group in groups]
    ranks_of = [set(group_sums.tolist()) for group_sums in sums]
    impossible = [
        {
            _total(ranks) & SUM_MASK
            for ranks in combinations_with_replacement(natural, count)
            if any(ranks[i] == ranks[i + 4] for i in range(count - 4))
        }
        - ranks_of[count]
        for count in range(_MAX_CARDS + 1)
    ]
    offsets, places, ends = _pack(ranks_of, impossible)
    at = [np.array([places[count][s] for s in sums[count].tolist()], dtype=np.int64) for count in range(len(groups))]
    suited = [np.array([_mask(tuple(set(ranks))) for ranks in group], dtype=np.int64) for group in groups]
    starts = np.cumsum([0, *(len(group) for group in groups)])  # each group's first row of ``rank``
    by_size = []
    for size in range(5, _MAX_CARDS + 1):
        table = np.full((2, ends[size]), -1, dtype=ordinals)
        for count in range(size + 1):
            wild = size - count
            table[0, at[count]] = rank[starts[count] : starts[count + 1], wild]
            if _MODES[ranking.kind] is not Mode.FLUSH_WINS:
                table[1, at[count]] = table[0, at[count]]  # a low with wild cards never flushes
            else:  # all of one suit: the hand exactly; else no suit of such a hand flushes better
                table[1, at[count]] = flush[wild, suited[count]]
        by_size.append(table)
    return WildTables(
        label=ranking.label,
        mode=_MODES[ranking.kind],
        keys=keys,
        categories=tuple(category for _, category, _ in order),
        qualified=np.array([qualified for _, _, qualified in order], dtype=np.bool_),
        offsets=offsets,
        rank5=by_size[0],
        rank6=by_size[1],
        rank7=by_size[2],
        flush=flush,
    )


def natural_of(ranking: PokerRanking) -> PokerRanking:
    """The same ranking without wild cards: what a hand holding none is worth, in its order.

    >>> from homegame.ranking import get
    >>> natural_of(get("low-27", wild="2", natural_beats_wild=True)).label
    'low-27'
    """
    return replace(
        ranking,
        wild=None,
        double_ace_flush=False,
        natural_beats_wild=False,
        fewer_wild_beats_more=False,
        more_wild_beats_fewer=False,
    )


def _multisets(ranks: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """Sorted tuples of ``size`` rank indices, at most four of each."""
    for chosen in combinations_with_replacement(ranks, size):
        if all(chosen[i] != chosen[i + 4] for i in range(size - 4)):
            yield chosen


def _mixed(ranks: tuple[int, ...]) -> list[Card]:
    """Cards of these rank indices with the suits in turn: no two of a rank alike, and never
    one suit for two cards or more."""
    return [Card.of(rank + 2, Suit(i % 4)) for i, rank in enumerate(ranks)]


def _suited(ranks: tuple[int, ...]) -> list[Card]:
    return [Card.of(rank + 2, Suit.SPADES) for rank in ranks]


def _mask(ranks: tuple[int, ...]) -> int:
    return sum(1 << rank for rank in ranks)


def _total(ranks: tuple[int, ...]) -> int:
    """What the natural cards of these ranks add up to, below the suit counters."""
    return sum(CARD_KEYS[rank * 4] for rank in ranks) & _NATURALS


def _pack(
    sums: list[set[int]], empty: list[set[int]]
) -> tuple[npt.NDArray[np.uint32], list[dict[int, int]], list[int]]:
    """Row displacement, as the natural kernel packs its rank table (:mod:`homegame.ranking.lookup`),
    one number of natural cards after another: each rank-key sum of ``sums[n]`` gets a place, no
    two alike, and each of ``empty[n]`` a place that nothing takes. Returns the offsets (a row
    with no entries starts its part: any look-up stays in bounds), each sum's place, and where
    each part ends (a table of hands of ``size`` cards needs ``ends[size]`` entries)."""
    width = 1 << _ROW_BITS
    # unsigned: no negative-index checks
    offsets = np.zeros((_MAX_CARDS + 1, (SUM_MASK + 1) >> _ROW_BITS), dtype=np.uint32)
    places: list[dict[int, int]] = []
    ends: list[int] = []
    base = 0
    for count, (full, free) in enumerate(zip(sums, empty, strict=True)):
        rows: dict[int, list[int]] = {}
        for total in sorted(full | free):
            rows.setdefault(total >> _ROW_BITS, []).append(total & width - 1)
        offsets[count] = base
        placed = place_rows(rows, width)
        for row, offset in placed.items():
            offsets[count, row] = base + offset
        last = max(placed.values(), default=0)
        places.append({total: int(offsets[count, total >> _ROW_BITS]) + (total & width - 1) for total in full})
        base += last + width
        ends.append(base)
    return offsets, places, ends


@cache
def load(ranking: PokerRanking) -> WildTables:
    """The tables of a supported ranking: from memory, else the disk cache, else built (and
    written to the cache, shared with the natural kernel's directory)."""
    label = ranking.label
    path = cache_dir() / f"wild-v{FORMAT}.{CARD_FORMAT}-{hashlib.sha256(label.encode()).hexdigest()[:20]}.npz"
    arrays = ("keys", "qualified", "offsets", "rank5", "rank6", "rank7", "flush")
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["label"]) == label and int(data["format"]) == FORMAT:
                return WildTables(
                    label=label,
                    mode=Mode(int(data["mode"])),
                    categories=tuple(Category(name) for name in data["categories"].tolist()),
                    **{name: data[name] for name in arrays},
                )
    except (OSError, KeyError, ValueError):
        pass
    tables = build(ranking)
    _write(path, tables, arrays)
    return tables


def _write(path: Path, tables: WildTables, arrays: tuple[str, ...]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    except OSError:
        return  # no writable cache: the tables live in memory only
    try:
        with os.fdopen(descriptor, "wb") as file:
            np.savez_compressed(  # the offsets of rows with no entries repeat
                file,
                label=np.array(tables.label),
                format=np.array(FORMAT),
                mode=np.array(int(tables.mode)),
                categories=np.array([category.value for category in tables.categories]),
                **{name: getattr(tables, name) for name in arrays},
            )
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)


class WildEvaluator:
    """Judges arrays of hands of 5 to 7 cards, wild cards included, for one wild ranking.

    ``keys``, ``categories`` and ``qualified`` are indexed by ordinal, as in
    :class:`~homegame.ranking.kernel.Evaluator`. Hands are card codes (jokers from 52);
    distinct cards of the deck, else the ordinal means nothing.
    """

    __slots__ = (
        "_card_masks",
        "_card_suits",
        "_card_values",
        "_dynamic",
        "_flat",
        "_jokers",
        "_lowest",
        "_tables",
        "categories",
        "keys",
        "label",
        "qualified",
    )

    def __init__(self, ranking: PokerRanking, tables: WildTables) -> None:
        spec = ranking.wild
        assert spec is not None
        self._tables = tables
        self.label: str = tables.label
        """The ranking's label."""
        self.keys: npt.NDArray[np.int64] = tables.keys
        self.categories: tuple[Category, ...] = tables.categories
        self.qualified: npt.NDArray[np.bool_] = tables.qualified
        self._jokers = spec.jokers or spec.bug
        self._lowest = spec.lowest
        self._dynamic = spec.dynamic
        self._card_values = np.zeros(256, dtype=np.int64)
        """What each code adds to a hand's total: its card key, one wild card (``_WILD``) if the
        spec makes it wild whatever the hand, or ``_STRAY`` for a card the deck does not hold."""
        self._card_masks = np.zeros(256, dtype=np.int64)
        """Each natural code as one bit of a 52-bit set (as in the natural kernel); 0 if wild."""
        self._card_suits = np.zeros(256, dtype=np.int64)
        """What each code adds to a hand's suit sum, four 16-bit fields, one per suit: a natural card
        its rank's bit in its suit's field, a wild card one count above the ranks of every field
        (``_WILD_SUITS``), so that each field is ``w << 13 | ranks``, its index in the flat flush table."""
        for code in range(52):
            card = Card.from_code(code)
            wild = card in spec.cards or card.rank in spec.ranks
            stray = (code >> 2) + 2 < ranking.lowest_rank
            self._card_values[code] = _STRAY if stray else _WILD if wild else CARD_KEYS[code]
            self._card_masks[code] = 0 if wild or stray else CARD_MASKS[code]
            self._card_suits[code] = _WILD_SUITS if wild else 0 if stray else 1 << (16 * (code & 3) + (code >> 2))
        self._card_values[JOKER_BASE : JOKER_BASE + MAX_JOKERS] = _WILD if self._jokers else 0
        self._card_suits[JOKER_BASE : JOKER_BASE + MAX_JOKERS] = _WILD_SUITS if self._jokers else 0
        self._flat = (
            tables.offsets.ravel(),
            {size: np.ascontiguousarray(getattr(tables, f"rank{size}").T).ravel() for size in range(5, _MAX_CARDS + 1)},
            tables.flush.ravel(),
        )
        """The tables as the compiled loops read them, flat (no stride to keep at hand): the offsets,
        each rank table with its two entries side by side (one read, one cache line), the flush table."""

    def __repr__(self) -> str:
        return f"<WildEvaluator {self.label}: {len(self.keys)} values>"

    def _run(
        self, array: npt.NDArray[np.uint8], named: npt.NDArray[np.int64], setup: tuple[Any, ...], *, parallel: bool
    ) -> npt.NDArray[np.int32]:
        """The compiled loops on ``array``, ``setup`` given (columns, per hand, mode)."""
        size = array.shape[1]
        out = np.empty(array.shape[0], dtype=np.int32)
        run = _evaluate_parallel if parallel else _evaluate
        offsets, ranks, flush = self._flat
        alone, suited = getattr(self._tables, f"rank{size}")
        rows = (self._card_values, self._card_masks, offsets, ranks[size], ranks[5], flush)
        high = (self._card_values, self._card_suits, offsets, ranks[size], alone, suited, flush)
        run(array, named, setup, rows, high, out)
        return out

    @classmethod
    def for_ranking(cls, ranking: Ranking) -> WildEvaluator | None:
        """The evaluator of a wild ranking, or ``None`` when the wild kernel cannot judge it
        (see :func:`supports`): use ``ranking.evaluate`` then."""
        if not supports(ranking):
            return None
        assert isinstance(ranking, PokerRanking)
        return _evaluator(ranking)

    def batch(
        self,
        hands: npt.ArrayLike,
        *,
        wild_ranks: npt.ArrayLike | None = None,
        down: Sequence[int] | None = None,
        parallel: bool = False,
    ) -> npt.NDArray[np.int32]:
        """The ordinals of an array of hands, shape ``(N, k)``, ``k`` from 5 to 7 (card codes),
        by compiled loops: one thread, or every core with ``parallel=True``.

        ``wild_ranks``: for a ``dynamic`` spec, the rank wild in each hand (``Rank`` values,
        0 for none). ``down``: for ``lowest-down``, the columns that hold down cards.
        """
        array = np.ascontiguousarray(hands, dtype=np.uint8)
        if array.ndim != 2 or not 5 <= array.shape[1] <= _MAX_CARDS:
            raise ValueError(f"hands must be an array of shape (N, 5..7), not {array.shape}")
        limit = JOKER_BASE + MAX_JOKERS if self._jokers else JOKER_BASE
        if array.size and int(array.max()) >= limit:
            raise ValueError(f"card code {int(array.max())} is not a card of {self.label}")
        named = np.full(array.shape[0], _NO_RANK, dtype=np.int64)
        if wild_ranks is not None:
            if not self._dynamic:
                raise ValueError(f"{self.label} takes no wild rank at the showdown (its spec is not dynamic)")
            given = np.asarray(wild_ranks, dtype=np.int64)
            named = np.where(given >= 2, given - 2, _NO_RANK)
        columns = np.zeros(array.shape[1], dtype=np.bool_)
        if self._lowest is Lowest.HELD:
            columns[:] = True
        elif self._lowest is Lowest.DOWN:
            if down is None:
                raise ValueError("wild=lowest-down needs the down columns: batch(hands, down=[...])")
            columns[list(down)] = True
        tables = self._tables
        per_hand = wild_ranks is not None or bool(columns.any())
        out = self._run(array, named, (columns, per_hand, int(tables.mode)), parallel=parallel)
        if (out < 0).any():
            bad = array[int(np.flatnonzero(out < 0)[0])].tolist()
            raise ValueError(f"not 5 to 7 distinct cards of the deck of {self.label}: {bad}")
        return out


@cache
def _evaluator(ranking: PokerRanking) -> WildEvaluator:
    return WildEvaluator(ranking, load(ranking))


# -- compiled loops ----------------------------------------------------------------------------
#
# A hand's total adds one value per card: a natural card's card key (rank-key sum, card
# count, suit counters, as in the natural kernel), _WILD, which counts wild cards above
# the suit counters, or _STRAY for a card the deck does not hold. So the common case is one
# addition per card and one look-up, as in the natural kernel. A rank made wild by the hand
# (the lowest card, the rank named at the showdown) is moved from the natural cards to the
# wild ones afterwards. Small helpers are inlined, so no array is reference-counted per hand.

_WILD_SHIFT = 56
_WILD = 1 << _WILD_SHIFT
_STRAY_SHIFT = 60
_STRAY = -1 << _STRAY_SHIFT  # negative: a total with a stray card is negative, up to seven of them
_WILD_SUITS = sum(1 << (16 * suit + 13) for suit in range(4))
_NO_RANK = 13  # names no rank (card codes of rank 13 and up are jokers)
_COLUMN = (1 << _ROW_BITS) - 1
_ROWS = (SUM_MASK + 1) >> _ROW_BITS  # rows of each number of natural cards
_BLOCK = 4096  # rows per task of the parallel loop


@njit(cache=True, inline="always")
def _place(total: int, offsets: Array) -> int:
    """Where the natural cards of a hand whose cards add up to ``total`` sit in the rank tables."""
    rank_sum = total & SUM_MASK
    return offsets[((total >> COUNT_SHIFT) & 7) * _ROWS + (rank_sum >> _ROW_BITS)] + (rank_sum & _COLUMN)  # type: ignore[no-any-return]


@njit(cache=True, inline="always")
def _whole(total: int) -> int:
    """1 when one suit holds every natural card of the hand (a counter reaches the card count), else 0,
    by arithmetic (a comparison would become a branch)."""
    naturals = (total >> COUNT_SHIFT) & 7
    reached = (((total >> SUIT_SHIFT) & 0xFFFF) + (8 - naturals) * 0x1111) & FLUSH_BITS
    return (reached + 0xFFFF) >> 16


@njit(cache=True, inline="always")
def _natural(code: int, named: tuple[Any, Any], card_values: Array) -> bool:
    """Whether a card counts as natural: not wild by the spec, nor of a rank in ``named``."""
    return 0 <= card_values[code] < _WILD and np.int64(code) >> 2 not in named


@njit(cache=True, inline="always")
def _suit_of(suited: int) -> int:
    """The suit whose counter has its top bit set."""
    suit = 0
    while not (suited >> (4 * suit + 3)) & 1:
        suit += 1
    return suit


@njit(cache=True)
def _made_wild(hand: Array, total: int, named: int, columns: Array, cards: tuple[Array, Array]) -> Any:
    """The total and the rank mask of a hand once the ranks it makes wild (the rank ``named`` at
    the showdown, the lowest card of ``columns``) count as wild cards, and that lowest rank."""
    card_values, card_masks = cards
    lowest = np.int64(_NO_RANK)
    for j in range(hand.shape[0]):
        rank = np.int64(hand[j]) >> 2
        if columns[j] and rank < lowest:  # jokers (rank 13 and up) never count
            lowest = rank
    ranks = (named, lowest)
    mask = 0
    for j in range(hand.shape[0]):
        code = hand[j]
        mask += card_masks[code]
        if 0 <= card_values[code] < _WILD and not _natural(code, ranks, card_values):
            total += _WILD - card_values[code]
            mask -= card_masks[code]
    return total, mask, lowest


@njit(cache=True)
def _low_subsets(hand: Array, named: tuple[Any, Any], tables: tuple[Array, ...]) -> int:
    """A low with five natural cards of one suit: the best five-card subset, the flush table
    judging five natural cards of one suit (no fitter can break that flush)."""
    card_values, card_masks, offsets, _, five, flush = tables
    size = hand.shape[0]
    best = -1
    for leave in range(1 << size):
        if _bits(leave) != size - 5:
            continue
        total = 0
        mask = 0
        for j in range(size):
            code = hand[j]
            if not (leave >> j) & 1:
                natural = _natural(code, named, card_values)
                total += card_values[code] if natural else _WILD
                mask += card_masks[code] if natural else 0
        suited = (((total >> SUIT_SHIFT) & 0xFFFF) + FLUSH_ADD) & FLUSH_BITS
        if total >> _WILD_SHIFT == 0 and suited:
            best = max(best, int(flush[(mask >> (13 * _suit_of(suited))) & 0x1FFF]))
        else:
            best = max(best, int(five[_place(total, offsets) << 1]))
    return best


@njit(cache=True, inline="always")
def _bits(value: int) -> int:
    count = 0
    while value:
        value &= value - 1
        count += 1
    return count


@njit(cache=True, inline="always")
def _larger(a: Any, b: Any) -> Any:
    """The larger of two ints, by arithmetic: the compiler makes a branch of ``max`` in these
    loops, and which is larger is a coin toss from hand to hand."""
    difference = a - b
    return a - (difference & (difference >> 63))


@njit(cache=True)
def _evaluate_high(hands: Array, span: tuple[int, int], tables: Any, out: Array) -> None:
    """:func:`_high_rows` for hands of each size, the size a constant in each (its branches then
    cost nothing)."""
    if hands.shape[1] == 7:
        _high_rows(hands, span, tables, out, 7)
    elif hands.shape[1] == 6:
        _high_rows(hands, span, tables, out, 6)
    else:
        _high_rows(hands, span, tables, out, 5)


@njit(cache=True, inline="always")
def _high_rows(hands: Array, span: tuple[int, int], tables: Any, out: Array, size: int) -> None:
    """:func:`_evaluate_rows` for a high ranking whose hands make no rank wild: the common case,
    apart and written out.

    Five cards: one read (the entry for all the natural cards in one suit, or for none sharing
    one). Six or seven: the hand is worth the better of its ranks' entry (``alone``) and the
    flush entry of each suit, -1 for a suit short of five with the wild cards. The suits' entries
    come from a second sum, of each card's bit in its suit's 16-bit field (wild cards count
    above the ranks of every field), so each field is its suit's flush-table index as it stands.
    The branches follow the number of wild cards, never where the suits fall (a mispredicted
    branch costs more than the reads), so the cost is nearly the same whatever that number:

    - one suit at most can make five (seven cards: up to two wild; six: three), so the others
      read -1 and the best flush is the sum of the four entries plus 3, no comparison. With
      fewer than two wild cards a flush needs five cards of a suit counting the wild ones,
      seldom, and only then are the suits added up, as in the natural kernel; with more they
      are added up whatever the suits;
    - two suits may make five: the largest of the four entries, read always with three wild
      cards (seven cards), where a straight flush often beats four of a kind; with four or
      more (six cards too) only when the entry of the same ranks all in one suit (``suited``,
      the best flush they could make) beats the rank entry: seldom, since any natural card
      makes five of a kind with fully wild cards.

    Only a card the deck does not hold makes the total negative (``_STRAY``): its sign makes
    the ordinal -1.
    """
    card_values, card_suits, offsets, ranks, alone, suited, flush = tables
    spread = 2 * size - 10  # at most this many natural cards: two suits may make five
    many = 3  # more wild cards than this: with fully wild cards, five of a kind from any natural card
    for i in range(np.uint64(span[0]), np.uint64(span[1])):  # unsigned: no wraparound checks
        total = card_values[hands[i, 0]] + card_values[hands[i, 1]] + card_values[hands[i, 2]]
        total += card_values[hands[i, 3]] + card_values[hands[i, 4]]
        if size > 5:
            total += card_values[hands[i, 5]]
            if size > 6:
                total += card_values[hands[i, 6]]
        place = _place(total, offsets)
        if size == 5:
            out[i] = ranks[(place << 1) | _whole(total)] | (total >> 63)  # -1 for a stray card
            continue
        value = np.int64(alone[place])
        wild = (total >> _WILD_SHIFT) & 15
        alike = size - wild > spread  # one suit at most can make five
        if alike:  # with fewer than two wild cards, only when a suit makes five counting them
            read = wild >= 2 or (((total >> SUIT_SHIFT) & 0xFFFF) + (3 + wild) * 0x1111) & FLUSH_BITS != 0
        else:
            read = wild <= many or suited[place] > value
        if read:
            # each suit's 16-bit field of the suit sum is its flush-table index
            suits = card_suits[hands[i, 0]] + card_suits[hands[i, 1]] + card_suits[hands[i, 2]]
            suits += card_suits[hands[i, 3]] + card_suits[hands[i, 4]] + card_suits[hands[i, 5]]
            if size > 6:
                suits += card_suits[hands[i, 6]]
            clubs = np.int64(flush[suits & 0xFFFF])
            diamonds = np.int64(flush[(suits >> 16) & 0xFFFF])
            hearts = np.int64(flush[(suits >> 32) & 0xFFFF])
            spades = np.int64(flush[(suits >> 48) & 0xFFFF])
            if alike:  # the others read -1
                flushed = clubs + diamonds + hearts + spades + 3
            else:
                flushed = _larger(_larger(clubs, diamonds), _larger(hearts, spades))
            value = _larger(value, flushed) | (value >> 63)
        out[i] = value | (total >> 63)  # -1 for a stray card


@njit(cache=True)
def _evaluate_rows(  # noqa: PLR0917
    hands: Array, span: tuple[int, int], named: Array, setup: tuple[Any, ...], tables: Any, out: Array
) -> None:
    """Write the ordinals of ``hands[start:stop]`` into ``out[start:stop]``; ``setup``: the columns
    whose lowest card is wild, whether a hand may make a rank wild (lowest card, named rank), and
    the mode.

    One read answers unless a high hand of six or seven cards may flush in a suit that does not
    hold all of its natural cards: then each suit's flush entry is read too (-1 for a suit short
    of five), all four, and the rank masks of the natural cards added up for them. With two wild
    cards (six cards: three) or more that is nearly every hand, so those go that way whatever
    their suits: a mispredicted branch costs more than the reads.
    """
    columns, per_hand, mode = setup
    card_values, card_masks, offsets, ranks, _, flush = tables
    size = hands.shape[1]
    forced = 2 if size == 7 else 3
    for i in range(np.uint64(span[0]), np.uint64(span[1])):  # unsigned: no wraparound checks
        # written out, as in the natural kernel: a loop over the size costs more
        total = card_values[hands[i, 0]] + card_values[hands[i, 1]] + card_values[hands[i, 2]]
        total += card_values[hands[i, 3]] + card_values[hands[i, 4]]
        if size > 5:
            total += card_values[hands[i, 5]]
            if size > 6:
                total += card_values[hands[i, 6]]
        mask = -1  # not added up yet
        lowest = np.int64(_NO_RANK)
        if per_hand:
            total, mask, lowest = _made_wild(hands[i], total, named[i], columns, (card_values, card_masks))
        suits = (total >> SUIT_SHIFT) & 0xFFFF
        if mode == _SUBSETS and (suits + FLUSH_ADD) & FLUSH_BITS:  # five natural cards of one suit
            value = _low_subsets(hands[i], (named[i], lowest), tables)
        else:
            place = _place(total, offsets)
            whole = _whole(total)
            value = int(ranks[(place << 1) | whole])
            if mode == _FLUSH_WINS and size > 5 and not whole:
                count = (total >> _WILD_SHIFT) & 15
                if (suits + (3 + count) * 0x1111) & FLUSH_BITS or count >= forced:  # a suit may make five
                    if mask < 0:
                        mask = card_masks[hands[i, 0]] + card_masks[hands[i, 1]] + card_masks[hands[i, 2]]
                        mask += card_masks[hands[i, 3]] + card_masks[hands[i, 4]] + card_masks[hands[i, 5]]
                        if size > 6:
                            mask += card_masks[hands[i, 6]]
                    clubs, diamonds = (
                        int(flush[(count << 13) | mask & 0x1FFF]),
                        int(flush[(count << 13) | (mask >> 13) & 0x1FFF]),
                    )
                    hearts, spades = (
                        int(flush[(count << 13) | (mask >> 26) & 0x1FFF]),
                        int(flush[(count << 13) | (mask >> 39) & 0x1FFF]),
                    )
                    flushed = max(clubs, diamonds, hearts, spades)
                    value = max(value, flushed) if value >= 0 else -1  # -1: no such cards
        out[i] = -1 if total >> _STRAY_SHIFT else value


@njit(cache=True)
def _evaluate(hands: Array, named: Array, setup: tuple[Any, ...], rows: Any, high: Any, out: Array) -> None:  # noqa: PLR0917
    """Judge ``hands`` into ``out``: by :func:`_evaluate_high` and its tables ``high`` when no
    rank is made wild by the hand and the ranking is high, else by :func:`_evaluate_rows`."""
    if setup[1] or setup[2] != _FLUSH_WINS:
        _evaluate_rows(hands, (0, hands.shape[0]), named, setup, rows, out)
    else:
        _evaluate_high(hands, (0, hands.shape[0]), high, out)


@njit(cache=True, parallel=True)
def _evaluate_parallel(hands: Array, named: Array, setup: tuple[Any, ...], rows: Any, high: Any, out: Array) -> None:  # noqa: PLR0917
    """:func:`_evaluate` on every core, a block of hands at a time."""
    count = hands.shape[0]
    for block in prange((count + _BLOCK - 1) // _BLOCK):
        start = block * _BLOCK
        stop = min(count, start + _BLOCK)
        if setup[1] or setup[2] != _FLUSH_WINS:
            _evaluate_rows(hands, (start, stop), named, setup, rows, out)
        else:
            _evaluate_high(hands, (start, stop), high, out)
