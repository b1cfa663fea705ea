"""Bots: automated players that act through the same ``legal_actions``/``act`` interface as people.

A bot is anything with ``choose(turn) -> Action``. A :class:`Turn` gives the
seat, its legal actions (with bounds) and, on demand, the seat's view, so a
bot that needs only the legal actions pays nothing for the view.

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
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from homegame.engine.actions import Action, Legal
from homegame.engine.game import Game
from homegame.engine.hand import Hand
from homegame.engine.view import View

__all__ = ["Bot", "CallerBot", "RandomBot", "SensibleBot", "Turn", "play"]


class Turn:
    """A seat's turn to decide: ``seat``, ``legal``, the seat's :meth:`view` (built on demand) and
    the ``game`` being played (public knowledge at the table; ``None`` when not given: a bot then
    loads it by the view's name)."""

    __slots__ = ("_view", "game", "legal", "seat")

    def __init__(self, seat: int, legal: tuple[Legal, ...], view: Callable[[], View], game: Game | None = None) -> None:
        self.seat = seat
        self.legal = legal
        self._view = view
        self.game = game

    def view(self) -> View:
        """What this seat may see now."""
        return self._view()


class Bot(Protocol):
    """An automated player."""

    def choose(self, turn: Turn) -> Action:
        """The action to take on this turn (one of ``turn.legal``)."""
        ...


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
    decide in seat order; none sees another's secret choice)."""
    while not hand.over:
        for seat in hand.pending():
            turn = Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), hand.game)
            hand.act(seat, bots[seat].choose(turn))


from homegame.bots.caller import CallerBot  # noqa: E402  (they use Turn, defined above)
from homegame.bots.sensible import SensibleBot  # noqa: E402
