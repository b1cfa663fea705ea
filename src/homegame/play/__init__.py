"""Playing at the terminal: a person against bots, dealer's choice or one game (``homegame play``).

- :mod:`~homegame.play.session`: the loop of hands, the table between hands and the ledger
  (:func:`run` takes the input and output streams, so a script can play);
- :mod:`~homegame.play.choice`: the game of each hand (the session's, its mix's turn, or the
  dealer's choice);
- :mod:`~homegame.play.person`: the person's answers, a line at a time, and the way out;
- :mod:`~homegame.play.commands`: what the person types, read against the legal actions;
- :mod:`~homegame.play.render`: the table, the story of the hand and the showdown, drawn with
  rich from the person's view only;
- :mod:`~homegame.play.history`: hand histories as JSON files, for ``homegame replay``.
"""

from homegame.play.history import Record
from homegame.play.session import BOTS, Settings, StakesRule, Standings, run

__all__ = ["BOTS", "Record", "Settings", "StakesRule", "Standings", "run"]
