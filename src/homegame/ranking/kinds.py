"""The names of poker rankings and of their suit tie-breaks (:class:`Kind`, :class:`SuitTiebreak`),
apart from :mod:`homegame.ranking.poker` so that the modules it is made of can share them.

>>> Kind("low-27") in LOWS, Kind.HIGH in LOWS
(True, False)
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from homegame.cards import Rank, SuitOrder
    from homegame.ranking.wildcards import WildSpec

__all__ = ["LOWS", "Kind", "SuitTiebreak"]


class Kind(StrEnum):
    """Which contest a poker ranking judges."""

    HIGH = "high"
    LOW_A5 = "low-a5"
    LOW_27 = "low-27"
    LOW_A6 = "low-a6"
    LOW_REVERSED = "low-reversed"
    """The usual rank of poker hands reversed, the lowest high hand winning (rule 004's high-low
    reading): straights and flushes count against, aces are high but 5-4-3-2-A is a straight."""
    THREE_CARD = "three-card"


class SuitTiebreak(StrEnum):
    """The three house rules of 004 "Ranking of suits" for hands equal but for suits."""

    NONE = "none"
    HIGHEST_CARD = "highest-card"
    """1. Compare the suit of the highest card in the hand."""
    HIGHEST_PAIRED = "highest-paired"
    """2. Compare the suit of the highest paired card (J-J-7-7-K: the highest jack wins)."""
    HIGHEST_UNPAIRED = "highest-unpaired"
    """3. Compare the suit of the highest unpaired card (K-K-7-5-4: compare the sevens)."""


LOWS = (Kind.LOW_A5, Kind.LOW_27, Kind.LOW_A6, Kind.LOW_REVERSED)
"""The kinds where the lowest hand wins."""


class Rules(Protocol):
    """What the checks, comparisons and names of a poker ranking read of it
    (:class:`~homegame.ranking.poker.PokerRanking`, which uses them: a Protocol keeps the modules
    out of an import circle)."""

    @property
    def kind(self) -> Kind: ...
    @property
    def qualifier(self) -> int | None: ...
    @property
    def lowest_rank(self) -> Rank: ...
    @property
    def three_of_a_kind_beats_straight(self) -> bool: ...
    @property
    def suit_tiebreak(self) -> SuitTiebreak: ...
    @property
    def suit_order(self) -> SuitOrder: ...
    @property
    def italian_straight_flush(self) -> bool: ...
    @property
    def imperial_flush(self) -> bool: ...
    @property
    def ace_high_straight(self) -> bool: ...
    @property
    def ace_pair_high(self) -> bool: ...
    @property
    def packs(self) -> int: ...
    @property
    def wild(self) -> WildSpec | None: ...
    @property
    def natural_beats_wild(self) -> bool: ...
    @property
    def fewer_wild_beats_more(self) -> bool: ...
    @property
    def more_wild_beats_fewer(self) -> bool: ...
    @property
    def is_low(self) -> bool: ...
