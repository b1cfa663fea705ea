"""The calling station: a bot for tests that stays in every hand as cheaply as it can.

It checks when it may, else calls (never folding when checking is free, nor
at all while it may call), brings in rather than completing, stands pat,
declares the first side offered, and takes the smallest instance of any other
kind of action (see :func:`homegame.bots.choices.simplest`). It never looks
at its cards, so it plays every game, including games added after it.

>>> from homegame.bots import play
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("stud-declare"), [100, 100, 100], seed=2)
>>> play(hand, [CallerBot()] * 3)
>>> hand.over, sum(hand.stacks), any(seat.folded for seat in hand.view().seats)
(True, 300, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.bots.choices import simplest
from homegame.engine.actions import Action

if TYPE_CHECKING:
    from homegame.bots.base import Turn

__all__ = ["CallerBot"]


class CallerBot:
    """Always checks or calls; the simplest legal choice for everything else."""

    __slots__ = ()

    def choose(self, turn: Turn) -> Action:
        """The least committal legal action."""
        return simplest(turn.legal)
