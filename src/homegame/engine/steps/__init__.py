"""The step kinds, one class per module, registered by the name game documents use.

Adding a mechanic is adding one module here with one :class:`Step` subclass
decorated with :func:`register`; the package imports every module in it, so
the loader and the hand find the new kind without any other edit.

>>> {'antes', 'bet', 'blinds', 'deal', 'declare', 'draw', 'showdown'} <= set(STEP_KINDS)
True
"""

from __future__ import annotations

import importlib
import pkgutil

from homegame.engine.steps.base import STEP_KINDS, Decision, Step, register

__all__ = ["STEP_KINDS", "Decision", "Step", "register"]

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "base":
        importlib.import_module(f"{__name__}.{_module.name}")
