"""Analysis: odds, probability tables and simulation, built on the engine and the rankings.

- :mod:`homegame.analysis.tables`: exact hand probability tables (``homegame tables``).

>>> from homegame.analysis import count
>>> from homegame.ranking import get
>>> count(get("three-card"), cards=3).counts["straight_flush"]
48
"""

from homegame.analysis.tables import Row, Table, count, plot

__all__ = ["Row", "Table", "count", "plot"]
