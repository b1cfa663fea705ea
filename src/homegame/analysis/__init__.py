"""Analysis: odds, probability tables and simulation, built on the engine and the rankings.

- :mod:`homegame.analysis.tables`: exact hand probability tables (``homegame tables``).
- :mod:`homegame.analysis.calculator`: every player's odds from known hands (``homegame odds``):
  ``homegame.analysis.odds(game, hands, board=..., dead=..., exact=..., trials=...)``, imported only
  when first used (it brings in the engine).

>>> from homegame.analysis import count
>>> from homegame.ranking import get
>>> count(get("three-card"), cards=3).counts["straight_flush"]
48
"""

from homegame.analysis.tables import Row, Table, count, plot

__all__ = ["Row", "Table", "count", "odds", "plot"]


def __getattr__(name: str) -> object:
    if name == "odds":
        import importlib

        return importlib.import_module("homegame.analysis.calculator").odds
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
