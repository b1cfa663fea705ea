"""What a bot is and what it is given: the :class:`Bot` protocol and a :class:`Turn`.

The bots of this package's modules (:mod:`~homegame.bots.caller`, :mod:`~homegame.bots.sensible`)
import these from here, below the package that gathers them.

>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("holdem"), [100, 100], seed=1)
>>> turn = Turn(0, hand.legal_actions(0), lambda: hand.view(0))
>>> [str(legal) for legal in turn.legal], turn.view().pot
(['fold', 'call 1', 'raise_to 4..100'], 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from homegame.engine.actions import Action, Legal
from homegame.engine.game import Game
from homegame.engine.view import View

__all__ = ["Bot", "Turn"]


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
