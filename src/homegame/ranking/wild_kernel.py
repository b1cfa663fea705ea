"""The wild-card kernel: arrays of hands with wild cards judged by table look-ups (numba).

The natural kernel (:mod:`homegame.ranking.kernel`) adds up one card key per card and
looks the sum up. Here each card adds its card key if it is natural, or one count of
wild cards (kept above the suit counters) if it is wild; the sum then names the natural
ranks, how many natural cards each suit has and how many wild cards there are:

- a hand without wild cards is the natural kernel's business: its packed rank table
  (:mod:`homegame.ranking.lookup`) gives the ordinal, translated into this ranking's
  order (the natural-versus-wild house rules only add a constant to a natural hand);
- the *rank tables*, one per hand size: the best hand the natural ranks make with the
  other cards wild, when no natural cards need to share a suit. Cuckoo hashing on the
  natural rank-key sum (a look-up reads two slots and never searches), in a segment per
  number of natural cards, so a batch of hands with as many wild cards reads a small part;
- the *flush table* ``flush[w, mask]``: the best hand the natural cards of one suit
  (their 13-bit rank mask) make with ``w`` wild cards, straight and plain flushes
  included.

A high hand is worth the rank entry or the flush entry of any suit with five cards
counting the wild cards, whichever is better: every value of the rank table can be made
whatever the suits (a wild card can always take a suit that is free), and a flush needs
its natural cards in one suit. A low hand with wild cards never flushes (a fitter takes
another suit), so only five *natural* cards of one suit send it to the flush table,
through every five-card subset as in the natural kernel.

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
from itertools import combinations, combinations_with_replacement, permutations
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
    FLUSH_ADD,
    FLUSH_BITS,
    ROW_BITS,
    SUIT_SHIFT,
    SUM_MASK,
    Mode,
    cache_dir,
)
from homegame.ranking.lookup import (
    FORMAT as CARD_FORMAT,
)
from homegame.ranking.lookup import load as load_natural
from homegame.ranking.poker import Kind, PokerRanking, SuitTiebreak
from homegame.ranking.wild import Lowest, value_of

__all__ = ["WildEvaluator", "WildTables", "build", "load", "natural_of", "supports"]

FORMAT = 12
"""Version of the wild table format; bump it when the tables or the card keys change."""

_MAX_CARDS = 7
_NATURALS = (1 << SUIT_SHIFT) - 1
"""The bits of a card-key total below the suit counters: the rank-key sum and the number of cards."""
_ORDINAL_BITS = 24
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
        and (not spec.bug or alone)
    )


@dataclass(frozen=True, slots=True, eq=False)
class WildTables:
    """The tables of one wild ranking.

    - ``keys[ordinal]``, ``categories[ordinal]``, ``qualified[ordinal]``: as in the natural kernel;
    - ``rank5``, ``rank6``, ``rank7``: the rank tables of hands of 5, 6 and 7 cards holding a
      wild card, by cuckoo hashing on the natural rank total (rank-key sum and card count):
      a slot holds ``total << 24 | ordinal`` (-1 when empty), and every total sits in one of
      the two slots its two hash functions name. Each number of natural cards has its own
      segment (so a batch of hands alike reads a small part): ``directory[size - 5,
      naturals]`` is its start and its number of hash bits;
    - ``natural_keys``, ``natural_ordinals``: the ordinal of each value of a hand without
      wild cards, by its key under :func:`natural_of` (such hands are judged by the natural
      kernel's tables, then translated);
    - ``flush[w, mask]``: the best ordinal of the natural cards of one suit with ranks ``mask``
      and ``w`` wild cards (-1 where that is no hand of 5 to 7 cards).
    """

    label: str
    mode: Mode
    keys: npt.NDArray[np.int64]
    categories: tuple[Category, ...]
    qualified: npt.NDArray[np.bool_]
    rank5: npt.NDArray[np.int64]
    rank6: npt.NDArray[np.int64]
    rank7: npt.NDArray[np.int64]
    directory: npt.NDArray[np.int64]
    flush: npt.NDArray[np.int16 | np.int32]
    natural_keys: npt.NDArray[np.int64]
    natural_ordinals: npt.NDArray[np.int32]


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

    plain = natural_of(ranking)
    natural_keys = {
        _natural_key(plain, cards): ordinal[key]
        for base, cards_of in ((rank_base, _mixed), (flush_base, _suited))
        for ranks, (key, _, _) in base.items()
        if len(ranks) == 5
        for cards in (cards_of(ranks),)
    }

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

    by_size = [  # hands with a wild card; those without are the natural kernel's
        _hash(
            [
                {_total(ranks): int(rank[row_of[_total(ranks)], size - count]) for ranks in group}
                for count, group in enumerate(groups[:size])
            ]
        )
        for size in range(5, _MAX_CARDS + 1)
    ]
    return WildTables(
        label=ranking.label,
        mode=_MODES[ranking.kind],
        keys=keys,
        categories=tuple(category for _, category, _ in order),
        qualified=np.array([qualified for _, _, qualified in order], dtype=np.bool_),
        rank5=by_size[0][0],
        rank6=by_size[1][0],
        rank7=by_size[2][0],
        directory=np.stack([directory for _, directory in by_size]),
        flush=flush,
        natural_keys=np.array(sorted(natural_keys), dtype=np.int64),
        natural_ordinals=np.array([natural_keys[key] for key in sorted(natural_keys)], dtype=np.int32),
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


def _natural_key(ranking: PokerRanking, cards: list[Card]) -> int:
    return ranking._key_of(*ranking._judge(tuple(cards)))


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


_MULTIPLIERS = (2654435761, 2246822519)
"""The two hash functions of the rank tables: multiplicative hashing by these odd numbers."""


def _slots(total: int, bits: int) -> tuple[int, int]:
    """The two slots where ``total`` may be: the top ``bits`` of the low 32 bits of its products."""
    return tuple(((total * multiplier) & 0xFFFFFFFF) >> (32 - bits) for multiplier in _MULTIPLIERS)  # type: ignore[return-value]


def _hash(segments: list[dict[int, int]]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """A rank table: each natural total with its best ordinal, by cuckoo hashing (every total in
    one of its two slots, so a look-up reads both and never searches) in the segment of its
    number of natural cards; and the directory of the segments (start, hash bits)."""
    placed = [_cuckoo(entries) for entries in segments]
    directory = np.zeros((_MAX_CARDS + 1, 2), dtype=np.int64)
    start = 0
    for count, segment in enumerate(placed):
        directory[count] = start, len(segment).bit_length() - 1
        start += len(segment)
    return np.concatenate(placed), directory


def _cuckoo(entries: dict[int, int]) -> npt.NDArray[np.int64]:
    """One segment: a power of two slots, at least twice the entries, doubled until every entry
    finds a place (each total ``<< 24 | ordinal``; -1 for an empty slot)."""
    bits = (2 * len(entries)).bit_length()
    while True:
        slots = [-1] * (1 << bits)
        if all(_insert(slots, total << _ORDINAL_BITS | ordinal, bits) for total, ordinal in entries.items()):
            return np.array(slots, dtype=np.int64)
        bits += 1


def _insert(slots: list[int], entry: int, bits: int) -> bool:
    """Place ``entry`` in one of its slots, moving what sits there to its other slot, and so on."""
    slot = _slots(entry >> _ORDINAL_BITS, bits)[0]
    for _ in range(4 * bits):
        slots[slot], entry = entry, slots[slot]
        if entry == -1:
            return True
        first, second = _slots(entry >> _ORDINAL_BITS, bits)
        slot = second if slot == first else first
    return False


@cache
def load(ranking: PokerRanking) -> WildTables:
    """The tables of a supported ranking: from memory, else the disk cache, else built (and
    written to the cache, shared with the natural kernel's directory)."""
    label = ranking.label
    path = cache_dir() / f"wild-v{FORMAT}.{CARD_FORMAT}-{hashlib.sha256(label.encode()).hexdigest()[:20]}.npz"
    arrays = ("keys", "qualified", "rank5", "rank6", "rank7", "directory", "flush", "natural_keys", "natural_ordinals")
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
            np.savez(
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
        "_card_values",
        "_dynamic",
        "_few",
        "_jokers",
        "_lowest",
        "_merged",
        "_natural",
        "_tables",
        "_translate",
        "categories",
        "keys",
        "label",
        "qualified",
    )

    def __init__(self, ranking: PokerRanking, tables: WildTables) -> None:
        spec = ranking.wild
        assert spec is not None
        self._tables = tables
        self._merged: dict[int, tuple[npt.NDArray[np.int64], int]] = {}
        self._few: dict[int, npt.NDArray[np.int32]] = {}
        self.label: str = tables.label
        """The ranking's label."""
        self.keys: npt.NDArray[np.int64] = tables.keys
        self.categories: tuple[Category, ...] = tables.categories
        self.qualified: npt.NDArray[np.bool_] = tables.qualified
        self._jokers = spec.jokers or spec.bug
        self._lowest = spec.lowest
        self._dynamic = spec.dynamic
        self._card_values = np.zeros(256, dtype=np.int64)
        """What each code adds to a hand's total: its card key, or one wild card (``_WILD``)
        if the spec makes it wild whatever the hand."""
        self._card_masks = np.zeros(256, dtype=np.int64)
        """Each natural code as one bit of a 52-bit set (as in the natural kernel); 0 if wild."""
        for code in range(52):
            card = Card.from_code(code)
            wild = card in spec.cards or card.rank in spec.ranks
            self._card_values[code] = _WILD if wild else CARD_KEYS[code]
            self._card_masks[code] = 0 if wild else CARD_MASKS[code]
        self._card_values[JOKER_BASE : JOKER_BASE + MAX_JOKERS] = _WILD if self._jokers else 0
        self._natural = load_natural(natural_of(ranking))
        """The natural kernel's tables: they judge every hand that holds no wild card."""
        position = np.minimum(np.searchsorted(tables.natural_keys, self._natural.keys), len(tables.natural_keys) - 1)
        found = tables.natural_keys[position] == self._natural.keys
        if found.sum() != len(tables.natural_keys):
            raise AssertionError(f"the natural kernel and the wild tables of {self.label} disagree")
        self._translate = np.where(found, tables.natural_ordinals[position], -1).astype(np.int32)
        """The ordinal here of each ordinal of the natural kernel (-1 for hands holding a card
        that is always wild here, such as a deuce when deuces are wild)."""

    def __repr__(self) -> str:
        return f"<WildEvaluator {self.label}: {len(self.keys)} values>"

    def _run(
        self, array: npt.NDArray[np.uint8], named: npt.NDArray[np.int64], setup: tuple[Any, ...], *, parallel: bool
    ) -> npt.NDArray[np.int32]:
        """The compiled loops on ``array``, ``setup`` given (columns, per hand, mode, the table of few naturals)."""
        size = array.shape[1]
        out = np.empty(array.shape[0], dtype=np.int32)
        run = _evaluate_parallel if parallel else _evaluate
        natural = (self._natural.offsets[size - 5], self._natural.offsets[0], self._natural.ranks, self._translate)
        tables = (self._card_values, self._card_masks, self._rank_table(size), self._rank_table(5), self._tables.flush)
        run(array, named, setup, (*tables, natural), out)
        return out

    def _few_table(self, size: int) -> npt.NDArray[np.int32]:
        """The ordinal of every hand of ``size`` cards with at most two natural cards, the rest
        jokers, by its natural cards in the order they are held: ``table[a * 53 + b]`` with 52 for
        "no card" (-1 for no such hand). With so many wild cards a flush is nearly always in
        reach, and one read beats judging every suit. Made on first use from the compiled loops
        themselves (1,378 hands)."""
        table = self._few.get(size)
        if table is None:
            table = np.full(_FEW**_FEW_HELD, -1, dtype=np.int32)
            naturals = [code for code in range(52) if self._card_values[code] < _WILD]
            for held in range(max(1, size - MAX_JOKERS), _FEW_HELD + 1):
                chosen = np.array(list(combinations(naturals, held)), dtype=np.int64).reshape(-1, held)
                if not len(chosen):
                    continue
                jokers = np.broadcast_to(np.arange(JOKER_BASE, JOKER_BASE + size - held), (len(chosen), size - held))
                hands = np.ascontiguousarray(np.concatenate([chosen, jokers], axis=1), dtype=np.uint8)
                none = np.full(len(hands), _NO_RANK, dtype=np.int64)
                setup = (np.zeros(size, dtype=np.bool_), False, int(self._tables.mode), _NO_TABLE)
                ordinals = self._run(hands, none, setup, parallel=False)
                for order in permutations(range(held)):
                    index = np.zeros(len(chosen), dtype=np.int64)
                    for place in range(_FEW_HELD):
                        column = chosen[:, order[place]] if place < held else np.full(len(chosen), 52)
                        index = index * _FEW + column
                    table[index] = ordinals
            self._few[size] = table
        return table

    def _rank_table(self, size: int) -> tuple[npt.NDArray[np.int64], int]:
        """The rank table of hands of ``size`` cards as the compiled loops read it: the entries of
        every segment (every number of natural cards) hashed again into one table, so that a
        look-up's hash needs nothing but the hand's own total (a segment's start and size, read
        hand by hand, cost more than the look-up). Made on first use (a few hundredths of a second)."""
        table = self._merged.get(size)
        if table is None:
            slots = getattr(self._tables, f"rank{size}")
            entries = {
                int(entry) >> _ORDINAL_BITS: int(entry) & ((1 << _ORDINAL_BITS) - 1) for entry in slots[slots >= 0]
            }
            merged = _cuckoo(entries)
            table = self._merged[size] = (merged, 32 - (len(merged).bit_length() - 1))
        return table

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
        size = array.shape[1]
        few = self._few_table(size) if self._jokers and not per_hand else _NO_TABLE
        out = self._run(array, named, (columns, per_hand, int(tables.mode), few), parallel=parallel)
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
# count, suit counters, as in the natural kernel), or _WILD, which counts wild cards above
# the suit counters. So the common case is one addition per card and one look-up, as in
# the natural kernel. A rank made wild by the hand (the lowest card, the rank named at the
# showdown) is moved from the natural cards to the wild ones afterwards. Small helpers are
# inlined, so no array is reference-counted per hand.

_FEW = 53
"""The table of few naturals indexes each natural card by its code, and "no card" by 52."""
_FEW_HELD = 2
"""The most natural cards of a hand the table of few naturals holds (53 * 53 entries: it stays in
the fastest cache; with three, the table of 53 ** 3 entries is slower than judging the hand)."""
_NO_TABLE = np.zeros(0, dtype=np.int32)
_WILD_SHIFT = 56
_WILD = 1 << _WILD_SHIFT
_NO_RANK = 13  # names no rank (card codes of rank 13 and up are jokers)
_BLOCK = 4096  # rows per task of the parallel loop


@njit(cache=True, inline="always")
def _look_up(total: int, table: tuple[Array, int], pair: Array) -> int:
    """The best ordinal in a rank table of one hand size (its slots, all numbers of natural
    cards together, and the shift of its hashes) of the hand whose natural cards add up to
    ``total``, or -1 (no such cards): one of its two slots holds it.

    ``pair`` is two int64 of scratch: the two slots are stored there and the one holding the
    total is read back by index. Which slot holds it is a coin toss from hand to hand, so a
    branch (which the compiler makes of a plain ``if``, even written as arithmetic) would be
    mispredicted half the time; the indexed read costs a third as much.
    """
    slots, shift = table
    total &= _NATURALS
    pair[0] = slots[((total * _MULTIPLIERS[0]) & 0xFFFFFFFF) >> shift]
    pair[1] = slots[((total * _MULTIPLIERS[1]) & 0xFFFFFFFF) >> shift]
    entry = pair[np.int64(pair[0] >> _ORDINAL_BITS != total)]
    # -1 when neither slot holds the total (no such cards), also without a branch
    found = np.int64(entry >> _ORDINAL_BITS == total)
    return int((entry & ((1 << _ORDINAL_BITS) - 1)) * found - (1 - found))


@njit(cache=True, inline="always")
def _natural_look_up(total: int, rows: Array, ranks: Array, translate: Array) -> int:
    """The ordinal of a hand without wild cards, by the natural kernel's packed rank table
    (row displacement, see :mod:`homegame.ranking.lookup`), translated; -1 for no such cards."""
    rank_sum = total & SUM_MASK
    ordinal = ranks[rows[rank_sum >> ROW_BITS] + (rank_sum & ((1 << ROW_BITS) - 1))]
    return -1 if ordinal < 0 else int(translate[ordinal])  # -1: no such cards


@njit(cache=True, inline="always")
def _natural(code: int, named: tuple[Any, Any], card_values: Array) -> bool:
    """Whether a card counts as natural: not wild by the spec, nor of a rank in ``named``."""
    return card_values[code] < _WILD and np.int64(code) >> 2 not in named


@njit(cache=True, inline="always")
def _suit_of(suited: int) -> int:
    """The suit whose counter has its top bit set."""
    suit = 0
    while not (suited >> (4 * suit + 3)) & 1:
        suit += 1
    return suit


@njit(cache=True)
def _low_subsets(hand: Array, named: tuple[Any, Any], tables: tuple[Array, ...]) -> int:
    """A low with five natural cards of one suit: the best five-card subset, the flush table
    judging five natural cards of one suit (no fitter can break that flush)."""
    card_values, card_masks, _, five, flush, natural = tables
    _, natural_five, natural_ranks, translate = natural
    size = hand.shape[0]
    best = -1
    pair = np.empty(2, dtype=np.int64)
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
        count = total >> _WILD_SHIFT
        suited = (((total >> SUIT_SHIFT) & 0xFFFF) + FLUSH_ADD) & FLUSH_BITS
        if count == 0 and suited:
            best = max(best, int(flush[0, (mask >> (13 * _suit_of(suited))) & 0x1FFF]))
        elif count == 0:
            best = max(best, _natural_look_up(total, natural_five, natural_ranks, translate))
        else:
            best = max(best, _look_up(total, five, pair))
    return best


@njit(cache=True, inline="always")
def _bits(value: int) -> int:
    count = 0
    while value:
        value &= value - 1
        count += 1
    return count


@njit(cache=True)
def _evaluate_rows(  # noqa: PLR0917
    hands: Array, span: tuple[int, int], named: Array, setup: tuple[Any, ...], tables: Any, out: Array
) -> None:
    """Write the ordinals of ``hands[start:stop]`` into ``out[start:stop]``; ``setup``: the columns
    whose lowest card is wild, whether a hand may make a rank wild (lowest card, named rank), and
    the mode. The rank masks of the natural cards are added up only when a flush is possible."""
    columns, per_hand, mode, few = setup
    card_values, card_masks, ranks_table, _, flush, natural = tables
    natural_rows, _, natural_ranks, translate = natural
    size = hands.shape[1]
    pair = np.empty(2, dtype=np.int64)  # scratch of _look_up
    held = np.empty(size + 2, dtype=np.int64)  # the natural cards of a hand, in order, then "none"
    fewest = max(1, size - MAX_JOKERS)  # the table of few naturals holds hands of fewest..2 naturals
    for i in range(np.uint64(span[0]), np.uint64(span[1])):  # unsigned: no wraparound checks
        # written out, as in the natural kernel: a loop over the size costs more
        total = card_values[hands[i, 0]] + card_values[hands[i, 1]] + card_values[hands[i, 2]]
        total += card_values[hands[i, 3]] + card_values[hands[i, 4]]
        if size > 5:
            total += card_values[hands[i, 5]]
            if size > 6:
                total += card_values[hands[i, 6]]
        if few.shape[0] and fewest <= size - (total >> _WILD_SHIFT) <= _FEW_HELD:  # two naturals or fewer
            kept = 0
            for j in range(size):  # without a branch: every card written, only a natural one kept
                held[kept] = hands[i, j]
                kept += card_values[hands[i, j]] < _WILD
            held[kept] = 52
            held[kept + 1] = 52
            out[i] = few[held[0] * _FEW + held[1]]
            continue
        if not per_hand and mode == _FLUSH_WINS:  # the common case, apart and written out
            count = total >> _WILD_SHIFT
            suits = (total >> SUIT_SHIFT) & 0xFFFF
            flushes = (suits + (3 + count) * 0x1111) & FLUSH_BITS  # suits with five cards, wild included
            if not flushes:
                if count == 0:
                    out[i] = _natural_look_up(total, natural_rows, natural_ranks, translate)
                else:
                    out[i] = _look_up(total, ranks_table, pair)
                continue
            mask = card_masks[hands[i, 0]] + card_masks[hands[i, 1]] + card_masks[hands[i, 2]]
            mask += card_masks[hands[i, 3]] + card_masks[hands[i, 4]]
            if size > 5:
                mask += card_masks[hands[i, 5]]
                if size > 6:
                    mask += card_masks[hands[i, 6]]
            # every suit's flush entry (-1 for a suit short of five) and the rank entry, all read:
            # which suit flushes is a coin toss, and a mispredicted branch costs more than a read
            clubs, diamonds = int(flush[count, mask & 0x1FFF]), int(flush[count, (mask >> 13) & 0x1FFF])
            hearts, spades = int(flush[count, (mask >> 26) & 0x1FFF]), int(flush[count, (mask >> 39) & 0x1FFF])
            best = max(clubs, diamonds, hearts, spades)
            whole = 0  # a flushing suit holding every natural card: its flush entry is the hand's value
            for suit in range(4):
                whole |= ((flushes >> (4 * suit + 3)) & 1) & np.int64((suits >> (4 * suit)) & 15 == size - count)
            if count == 0:
                ranked = _natural_look_up(total, natural_rows, natural_ranks, translate)
            else:
                ranked = _look_up(total, ranks_table, pair)
            pair[0] = max(best, ranked)
            pair[1] = best
            out[i] = pair[whole]
            continue
        mask = 0
        if per_hand or mode == _SUBSETS:
            for j in range(size):
                mask += card_masks[hands[i, j]]
        ranks = (named[i], np.int64(_NO_RANK))
        if per_hand:
            lowest = np.int64(_NO_RANK)
            for j in range(size):
                rank = np.int64(hands[i, j]) >> 2
                if columns[j] and rank < lowest:  # jokers (rank 13 and up) never count
                    lowest = rank
            ranks = (named[i], lowest)
            for j in range(size):
                code = hands[i, j]
                if card_values[code] < _WILD and not _natural(code, ranks, card_values):
                    total += _WILD - card_values[code]
                    mask -= card_masks[code]
        count = total >> _WILD_SHIFT
        suits = (total >> SUIT_SHIFT) & 0xFFFF
        if mode == _SUBSETS and (suits + FLUSH_ADD) & FLUSH_BITS:  # five natural cards of one suit
            out[i] = _low_subsets(hands[i], ranks, tables)
            continue
        best = -1
        whole = False  # the flush entry of a suit holding every natural card is the hand's value
        if mode == _FLUSH_WINS:
            flushes = (suits + (3 + count) * 0x1111) & FLUSH_BITS  # suits with five cards, wild included
            if flushes and not per_hand:
                for j in range(size):
                    mask += card_masks[hands[i, j]]
            while flushes:
                suit = _suit_of(flushes)
                flushes &= ~(8 << (4 * suit))
                best = max(best, int(flush[count, (mask >> (13 * suit)) & 0x1FFF]))
                whole |= (suits >> (4 * suit)) & 15 == size - count
        if not whole:
            if count == 0:
                best = max(best, _natural_look_up(total, natural_rows, natural_ranks, translate))
            else:
                best = max(best, _look_up(total, ranks_table, pair))
        out[i] = best


@njit(cache=True)
def _evaluate(hands: Array, named: Array, setup: tuple[Any, ...], tables: Any, out: Array) -> None:
    _evaluate_rows(hands, (0, hands.shape[0]), named, setup, tables, out)


@njit(cache=True, parallel=True)
def _evaluate_parallel(hands: Array, named: Array, setup: tuple[Any, ...], tables: Any, out: Array) -> None:
    count = hands.shape[0]
    for block in prange((count + _BLOCK - 1) // _BLOCK):
        start = block * _BLOCK
        stop = min(count, start + _BLOCK)
        _evaluate_rows(hands, (start, stop), named, setup, tables, out)
