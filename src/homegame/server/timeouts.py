"""What the table does for a player whose time ran out (or who is away, or removed): never a chip
put in, never a side taken.

- a bet: check, else fold;
- a declaration (high, low or both): fold, the seat giving up its claim to the pot;
- Guts' in or out: out;
- a card offered for a price (buy, twist, the store), a push, The Option: decline, or keep;
- a split: the default split, the strongest hand first (the best hand of the first size, then the
  best of what is left...; among the splits the game lists, when it lists them);
- a decision that costs nothing and must be made (a draw, a discard, a card rolled, passed or
  placed): the least of it (stand pat, the first cards);
- only a forced bet left (a bring-in with no fold): the forced bet.

>>> from homegame.engine.actions import ActionKind, ChoiceLegal, PlainLegal
>>> str(timed_out((PlainLegal(ActionKind.FOLD), PlainLegal(ActionKind.CALL, chips=10))))
'fold'
>>> str(timed_out((ChoiceLegal(ActionKind.DECLARE, ("in", "out")),)))
'declare out'
>>> str(timed_out((ChoiceLegal(ActionKind.DECLARE, ("high", "low", "both")), PlainLegal(ActionKind.FOLD))))
'fold'
>>> str(timed_out((ChoiceLegal(ActionKind.BUY, ("card",), prices=(5,)), PlainLegal(ActionKind.DECLINE))))
'decline'
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.bots.choices import simplest, strongest
from homegame.engine.actions import Action, ActionKind, ChoiceLegal, Declare, DivideLegal, Legal

__all__ = ["OUT", "timed_out"]

OUT = "out"
"""Guts' side for a player who does not go in."""

_FIRST = (ActionKind.CHECK, ActionKind.FOLD, ActionKind.DECLINE, ActionKind.KEEP)
"""The kinds a timeout takes first, in this order: none puts a chip in."""

_FREE = (ActionKind.DRAW, ActionKind.DISCARD, ActionKind.ROLL, ActionKind.PASS, ActionKind.PLACE)
"""Decisions that cost nothing: a timeout makes the least of them."""


def timed_out(legal: Sequence[Legal]) -> Action:
    """The action taken for a seat whose time ran out, from its legal descriptors (see the module)."""
    by_kind = {option.kind: option for option in legal}
    for kind in _FIRST:
        if kind in by_kind:
            return by_kind[kind].make()
    declare = by_kind.get(ActionKind.DECLARE)
    if isinstance(declare, ChoiceLegal) and OUT in declare.choices:
        return Declare(OUT)
    divide = by_kind.get(ActionKind.SPLIT)
    if isinstance(divide, DivideLegal):
        return strongest(divide)
    for kind in _FREE:
        if kind in by_kind:
            return by_kind[kind].make()
    return simplest(legal)
