"""Bomb pots at a table: the one the host called, waiting for the next hand whose game has a flop,
and the ones the table runs every ``bomb_every`` hands (:attr:`TableConfig.bomb_every`).

A bomb pot (:meth:`~homegame.engine.game.Game.bomb_pot`): every seat antes the amount, no blinds,
no betting before the flop, the hand starts at the flop. What is dealt follows from the table's log
alone (the host's call is a logged change, the schedule counts hands), so a restored table deals
the same bomb pots.

>>> from homegame.games import load
>>> from homegame.server.config import TableConfig
>>> bombs = Bombs(TableConfig.from_json({"choice": ["holdem", "razz"], "seats": 3, "stack": 100}))
>>> bombs.called = 10
>>> bombs.ante(load("razz"), 4), bombs.words(load("razz"))
(0, 'A bomb pot of 10 waits for a game with a flop (Razz ... has none).')
>>> bombs.ante(load("holdem"), 4), bombs.words(load("holdem"))
(10, 'Bomb pot next hand: everyone antes 10, and the hand starts at the flop.')
"""

from __future__ import annotations

from homegame.engine.game import Game
from homegame.engine.wire import JSON
from homegame.server.config import TableConfig

__all__ = ["Bombs"]


class Bombs:
    """The bomb pots of one table: ``called`` is the amount the host called (0: none waiting)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.called = 0

    def ante(self, game: Game | None, number: int) -> int:
        """What each seat antes in hand ``number`` (from 1) if it is of ``game``: the host's call,
        else the table's own every ``bomb_every`` hands; 0 for no bomb pot (none due, or a game
        without a flop, which the called one waits out)."""
        if game is None or not game.has_flop:
            return 0
        if self.called:
            return self.called
        every = self.config.bomb_every
        return self.config.bomb_ante(game) if every and number % every == 0 else 0

    def dealt(self, ante: int) -> None:
        """A hand was dealt with ``ante`` a seat (0: no bomb pot): the host's call is spent."""
        if ante:
            self.called = 0

    def words(self, game: Game | None) -> str:
        """What the table says of the bomb pot the host called (``game``: the next deal's, if known)."""
        if not self.called:
            return ""
        if game is not None and not game.has_flop:
            return f"A bomb pot of {self.called:,} waits for a game with a flop ({game.title} has none)."
        return f"Bomb pot next hand: everyone antes {self.called:,}, and the hand starts at the flop."

    def json(self, game: Game | None) -> JSON:
        """The snapshot's ``bomb``: the host's call waiting (``amount``, ``text``), else ``None``."""
        return {"amount": self.called, "text": self.words(game)} if self.called else None
