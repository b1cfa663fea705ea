"""The fast kernel: hands of 5 to 7 cards judged by table look-ups, one at a time or in arrays.

An :class:`Evaluator` serves one ranking configuration (high, or a low, with a
stripped deck's lowest rank and flush over full house). It answers with
*ordinals*: ints 0..N-1, greater is better, in the order of the reference keys,
so ``evaluator.keys[ordinal]`` is exactly the
:attr:`HandValue.key <homegame.ranking.core.HandValue.key>` that
``ranking.evaluate(cards)`` gives, and comparing ordinals compares hands.

- :meth:`Evaluator.rank` judges one hand in pure Python (a few microseconds, and
  never a compile): for showdowns.
- :meth:`Evaluator.batch` judges an array of hands with compiled loops (numba,
  imported and compiled only then): for simulation and counting.

The tables come from :mod:`homegame.ranking.lookup`, built from the reference
ranking once per configuration and cached on disk.

>>> from homegame.cards import parse
>>> from homegame.ranking import get
>>> high = get("high")
>>> evaluator = Evaluator.for_ranking(high)
>>> hand = parse("Ah Kd 7c 7s 2d 2h 9c")
>>> ordinal = evaluator.rank([card.code for card in hand])
>>> bool(evaluator.keys[ordinal] == high.evaluate(hand).key), evaluator.categories[ordinal].value
(True, 'two_pair')
>>> Evaluator.for_ranking(get("high", suit_tiebreak="highest-card")) is None  # suits matter: use the reference
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from homegame.cards import Card
from homegame.ranking.core import Category, HandValue, Ranking
from homegame.ranking.lookup import (
    CARD_KEYS,
    CARD_MASKS,
    COUNT_SHIFT,
    FLUSH_ADD,
    FLUSH_BITS,
    ROW_BITS,
    SUIT_SHIFT,
    SUM_MASK,
    CompiledTables,
    Mode,
    Tables,
    load,
    supports,
)
from homegame.ranking.poker import PokerRanking

__all__ = ["Evaluator"]

_SIZES = range(5, 8)
_COLUMN = (1 << ROW_BITS) - 1


class Evaluator:
    """Judges hands of 5 to 7 cards of one ranking configuration by table look-ups.

    Build one with :meth:`for_ranking` (tables are shared and cached). Attributes,
    all indexed by ordinal:

    - ``keys``: the reference key (numpy int64);
    - ``categories``: the category (a tuple of :class:`~homegame.ranking.core.Category`);
    - ``qualified``: whether a low meets the ranking's qualifier (numpy bool; all true without one).

    Hands are card codes (:attr:`Card.code <homegame.cards.Card.code>`) of distinct
    natural cards of the deck; anything else gives a meaningless ordinal or a ``ValueError``.
    """

    __slots__ = (
        "_card_keys",
        "_card_masks",
        "_flush",
        "_offsets",
        "_ranks",
        "_suits",
        "_tables",
        "categories",
        "keys",
        "label",
        "qualified",
    )

    def __init__(self, tables: Tables) -> None:
        self._tables = tables
        self.label: str = tables.label
        """The ranking's label."""
        self.keys: npt.NDArray[np.int64] = tables.keys
        self.categories: tuple[Category, ...] = tables.categories
        self.qualified: npt.NDArray[np.bool_] = tables.qualified
        self._suits = tables.mode is not Mode.NO_SUITS
        self._offsets: list[list[int]] = tables.offsets.tolist()
        self._ranks: list[int] = tables.ranks.tolist()
        self._flush: list[int] = tables.flush.tolist()
        self._card_keys = np.zeros(256, dtype=np.int64)
        self._card_keys[:52] = CARD_KEYS
        self._card_masks = np.zeros(256, dtype=np.int64)
        self._card_masks[:52] = CARD_MASKS

    def __len__(self) -> int:
        """How many distinct hand values there are (ordinals run from 0 to this minus one)."""
        return len(self._tables.keys)

    def __repr__(self) -> str:
        return f"<Evaluator {self.label}: {len(self)} values>"

    @classmethod
    def for_ranking(cls, ranking: Ranking) -> Evaluator | None:
        """The evaluator of ``ranking``, or ``None`` when the kernel cannot judge it (three-card hands,
        badugi, wild cards, several packs, suit tie-breaks, the "no unbeatable hand" rules): use
        ``ranking.evaluate`` then.

        >>> from homegame.ranking import get
        >>> Evaluator.for_ranking(get("low-a5", qualifier=8))
        <Evaluator low-a5 qualifier=8: 6175 values>
        """
        if not supports(ranking):
            return None
        assert isinstance(ranking, PokerRanking)
        return _evaluator(ranking)

    def rank(self, codes: Sequence[int]) -> int:
        """The ordinal of one hand of 5 to 7 card codes, in pure Python.

        >>> from homegame.ranking import get
        >>> low = Evaluator.for_ranking(get("low-27"))
        >>> low.rank([0, 4, 8, 12, 20]) > low.rank([0, 4, 8, 12, 16])  # 7-5-4-3-2 beats the straight 6-5-4-3-2
        True
        """
        if not 5 <= len(codes) <= 7:
            raise ValueError(f"the kernel judges hands of 5 to 7 cards, not {len(codes)}")
        keys = CARD_KEYS  # a local name: the loop below is most of the time
        total = 0
        try:
            for code in codes:
                total += keys[code]
        except IndexError:
            raise ValueError(f"not natural card codes (0..51): {list(codes)}") from None
        if self._suits and ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS:
            return self._rank_suited(codes, total)
        return self._rank_of(total)

    def best(self, ranking: Ranking, candidates: Iterable[Sequence[Card]]) -> HandValue | None:
        """The best hand among ``candidates`` (sets of 5 to 7 natural cards) as the reference judges
        and names it, ``ranking`` being this evaluator's: exactly the value the reference gives, the
        first best five cards of the first best candidate (``max`` of ``ranking.evaluate`` over them),
        but the look-ups find those five and the reference judges them alone. ``None`` without
        candidates; a ``ValueError`` for a hand the kernel does not take.

        >>> from homegame.cards import parse
        >>> from homegame.ranking import get
        >>> high = get("high")
        >>> value = Evaluator.for_ranking(high).best(high, [parse("Ah Kd 7c 7s 2d 2h 9c")])
        >>> value == high.evaluate("Ah Kd 7c 7s 2d 2h 9c"), value.name
        (True, 'two pair, sevens and twos')
        """
        rank = self.rank
        top, chosen = -1, None
        for cards in candidates:
            ordinal = rank([card.code for card in cards])
            if ordinal > top:
                top, chosen = ordinal, cards
        if chosen is None:
            return None
        if len(chosen) > 5:
            chosen = next(five for five in combinations(chosen, 5) if rank([card.code for card in five]) == top)
        return ranking.evaluate(chosen)

    def _rank_of(self, total: int) -> int:
        """The rank table's entry for a hand total."""
        rank_sum = total & SUM_MASK
        row = self._offsets[(total >> COUNT_SHIFT & 15) - 5]
        return self._ranks[row[rank_sum >> ROW_BITS] + (rank_sum & _COLUMN)]

    def _rank_suited(self, codes: Sequence[int], total: int) -> int:
        """Five or more cards share a suit: the flush table, or (lows) the best five-card subset."""
        if self._tables.mode is Mode.FLUSH_WINS or len(codes) == 5:
            return self._flush_of(codes, total)
        best = -1
        for five in combinations(codes, 5):
            subtotal = sum(CARD_KEYS[code] for code in five)
            suited = ((subtotal >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
            best = max(best, self._flush_of(five, subtotal) if suited else self._rank_of(subtotal))
        return best

    def _flush_of(self, codes: Sequence[int], total: int) -> int:
        suited = ((total >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_BITS
        suit = (suited.bit_length() - 1) // 4
        return self._flush[sum(1 << (code >> 2) for code in codes if code & 3 == suit)]

    def batch(self, hands: npt.ArrayLike, *, parallel: bool = False) -> npt.NDArray[np.int32]:
        """The ordinals of an array of hands, shape ``(N, k)`` with ``k`` from 5 to 7 (uint8 codes),
        by compiled loops: one thread, or every core with ``parallel=True``.

        The first call in a process compiles (or loads from numba's cache) the loops.

        >>> import numpy as np
        >>> from homegame.ranking import get
        >>> high = Evaluator.for_ranking(get("high"))
        >>> hands = np.array([[48, 44, 40, 36, 32], [48, 45, 40, 36, 32]], dtype=np.uint8)
        >>> [high.categories[o].value for o in high.batch(hands)]
        ['straight_flush', 'straight']
        """
        array = np.ascontiguousarray(hands, dtype=np.uint8)
        if array.ndim != 2 or array.shape[1] not in _SIZES:
            raise ValueError(f"hands must be an array of shape (N, 5..7), not {array.shape}")
        from homegame.ranking import _compiled

        out = np.empty(array.shape[0], dtype=np.int32)
        run = _compiled.evaluate_parallel if parallel else _compiled.evaluate
        run(array, self._compiled_tables(array.shape[1]), out)
        return out

    def _compiled_tables(self, size: int) -> CompiledTables:
        """The tables argument of the compiled loops (:mod:`homegame.ranking._compiled`) for hands
        of ``size`` cards: card keys, card masks, the rank-table rows of that size and of five
        cards, the packed rank table, the flush table and the mode."""
        offsets = self._tables.offsets
        return (
            self._card_keys,
            self._card_masks,
            offsets[size - 5],
            offsets[0],
            self._tables.ranks,
            self._tables.flush,
            int(self._tables.mode),
        )


@cache
def _evaluator(ranking: PokerRanking) -> Evaluator:
    return Evaluator(load(ranking))
