"""The names of poker rankings and of their suit tie-breaks (:class:`Kind`, :class:`SuitTiebreak`),
apart from :mod:`homegame.ranking.poker` so that the modules it is made of can share them.

>>> Kind("low-27") in LOWS, Kind.HIGH in LOWS
(True, False)
"""

from __future__ import annotations

from enum import StrEnum

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
