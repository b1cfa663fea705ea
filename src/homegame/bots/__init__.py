"""Bots: automated players that act through the same ``legal_actions``/``act`` interface as people.

A bot is anything with ``choose(turn) -> Action`` (:class:`Bot`). A :class:`Turn` gives the
seat, its legal actions (with bounds) and, on demand, the seat's view, so a
bot that needs only the legal actions pays nothing for the view. Both live in
:mod:`homegame.bots.base`, which the bots of the submodules build on; this package
gathers them.

>>> import random
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("draw"), [100, 100, 100], seed=7)
>>> play(hand, [RandomBot(random.Random(1))] * 3)
>>> hand.over, sum(hand.stacks)
(True, 300)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from homegame.bots.base import Bot, Turn
from homegame.bots.caller import CallerBot
from homegame.bots.sensible import SensibleBot
from homegame.engine.actions import Action
from homegame.engine.hand import Hand

__all__ = ["Bot", "CallerBot", "RandomBot", "SensibleBot", "Turn", "play"]


class RandomBot:
    """Picks a legal kind of action uniformly, then draws an action of it (a uniform amount, cards,
    choice, split or place within its bounds: the descriptor's ``sample``).

    Seeded with its own ``random.Random`` for reproducible simulation.
    """

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, turn: Turn) -> Action:
        """A random legal action."""
        rng = self.rng
        return turn.legal[int(rng.random() * len(turn.legal))].sample(rng)


def play(hand: Hand, bots: Sequence[Bot]) -> None:
    """Play ``hand`` to the end, each seat's decisions made by ``bots[seat]`` (several pending seats
    decide in seat order; none sees another's secret choice; a seat's fold may end the hand before
    the others of the round decide)."""
    while not hand.over:
        for seat in hand.pending():
            if seat not in hand.pending():
                continue
            turn = Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), hand.game)
            hand.act(seat, bots[seat].choose(turn))
