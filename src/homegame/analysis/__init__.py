"""Analysis: odds, probability tables and simulation, built on the engine and the rankings.

- :mod:`homegame.analysis.tables`: exact hand probability tables (``homegame tables``).

>>> from homegame.analysis import count
>>> from homegame.ranking import get
>>> count(get("high"), cards=5).counts["four_of_a_kind"]
624
"""

from homegame.analysis.tables import Row, Table, count, plot

__all__ = ["Row", "Table", "count", "plot"]
