"""Hand histories in PHH, the TOML-based Poker Hand History standard (``.phh``, ``.phhs``).

- :func:`to_phh` writes a hand: in the standard alone for the games it has codes for (hold'em,
  Omaha, stud, razz, the deuce-to-seven draws, badugi, each with its betting structure), and in
  the same format extended with homegame's underscore fields and action verbs for every other game
  (:mod:`homegame.history.export`).
- :func:`replay` plays a PHH hand on our engine, whoever wrote it (:mod:`homegame.history.replay`).
- :func:`loads`, :func:`loads_all`, :func:`dumps`, :func:`dumps_all` read and write the files
  (:mod:`homegame.history.phh`).
"""

from homegame.history.export import to_phh
from homegame.history.phh import Record, dumps, dumps_all, loads, loads_all
from homegame.history.variants import CODES, code_of

__all__ = ["CODES", "Record", "code_of", "dumps", "dumps_all", "loads", "loads_all", "to_phh"]
