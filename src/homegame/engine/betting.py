"""Betting: the structures, the stakes, and a forced bet one seat owes (:class:`Post`).

A game states its structure once (:class:`Betting`); the stakes give the sizes.
The ``bet`` step's round (:class:`~homegame.engine.steps.bet.BettingRound`) runs one round
over a hand's seats through its dealer: who acts next, what each may do (with bounds) and what
an action does to the chips.

The rules it keeps, in the words players use:

- *Fixed limit*: every bet and raise is one unit (the small bet on early
  streets, the big bet later); at most ``cap`` bets and raises a round, the cap
  lifted heads-up when the house says so. An all-in raise of at least half a
  unit counts as a full raise; less does not.
- *Spread limit*: any bet from ``min_bet`` to ``max_bet``; a raise at least the
  previous bet or raise and at most ``max_bet``.
- *Pot limit*: at most the pot after calling; *no limit*: up to one's stack. A
  raise must be at least the previous full bet or raise (the opening minimum
  is ``min_bet``, by default the big blind).
- A short all-in raise does not reopen the betting: a player who has already
  acted may then only call or fold, unless the raises since their turn add up
  to a full raise.
- House rule ``short_all_in``: under ``a-raise`` (PokerKit's reading) an all-in for less is a
  raise of what it adds. The round's largest raise starts at nothing (blinds and bring-in are no
  raise), a bet or raise at least that large reopens the betting for everyone, smaller all-ins
  reopen it once they add up to it, and the next raise is a full one over the all-in: a unit over
  it in fixed limit (not a completion of the bet the all-in fell short of), at least the largest
  raise over it in the other structures. A player all in for the bring-in or less may bring in or
  complete with those chips: after the completion, the next raise is a unit over it.
- Nobody may bet or raise when no other player still in has chips beyond the current bet: there
  is nobody left to answer it.
- An uncalled bet (the part nobody matched) goes back to its maker when the
  round closes.

>>> Betting("no-limit").label
'no limit'
>>> Stakes(small_blind=1, big_blind=2).opening_bet
2
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

__all__ = ["Betting", "Post", "Stakes"]


class Betting(StrEnum):
    """The betting structure, said once per game: ``none`` for a game without betting rounds
    (Chinese poker, Guts: chips change hands only as the game's own steps say)."""

    FIXED_LIMIT = "fixed-limit"
    SPREAD_LIMIT = "spread-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"
    NONE = "none"

    @property
    def label(self) -> str:
        """The structure as people say it: ``fixed limit``; ``no betting`` for none."""
        return "no betting" if self is Betting.NONE else self.value.replace("-", " ")


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Chip amounts of a game: forced bets and bet sizes (all whole chips, 0 when unused).

    ``small_bet`` and ``big_bet`` are the fixed-limit units; ``min_bet`` the
    smallest opening bet of the other structures (by default the big blind, else
    the small bet); ``max_bet`` the top of a spread.

    The forced bets as real tables have them: ``ante`` from everyone; ``big_blind_ante`` from the
    big blind alone (tournaments' big-blind ante) and ``button_ante`` from the button, both dead
    money; ``small_blind``, ``big_blind`` and ``straddle`` (the first straddle: each further one the
    ``blinds`` step deals is twice the one before), and ``button_blind``, a live blind the button
    posts (short deck's button blind), all live bets.
    """

    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    straddle: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    max_bet: int = 0
    big_blind_ante: int = 0
    button_ante: int = 0
    button_blind: int = 0

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"stakes.{field.name} must be a whole number of chips >= 0, not {value!r}")

    @property
    def opening_bet(self) -> int:
        """The smallest opening bet in pot limit, no limit and spread limit."""
        return self.min_bet or self.big_blind or self.small_bet or 1

    @property
    def blind_level(self) -> int:
        """The least the first round's bet stands at when blinds open it: the biggest blind.

        >>> Stakes(small_blind=1, big_blind=2, straddle=4).blind_level, Stakes(button_blind=30).blind_level
        (4, 30)
        """
        return max(self.big_blind, self.straddle, self.button_blind)

    def to_dict(self) -> dict[str, int]:
        """The amounts in use (non-zero), by name."""
        return {field.name: getattr(self, field.name) for field in fields(self) if getattr(self, field.name)}

    def doubled(self) -> Stakes:
        """Every amount twice over: the stakes of a kill hand (rules document 004, variation 4).

        >>> Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4).doubled().to_dict()
        {'small_blind': 2, 'big_blind': 4, 'small_bet': 4, 'big_bet': 8}
        """
        return Stakes(**{name: 2 * amount for name, amount in self.to_dict().items()})


@dataclass(frozen=True, slots=True)
class Post:
    """One forced bet of the blinds step: ``seat`` puts ``amount`` in as ``name``, a live bet or
    (``live`` false) dead money."""

    seat: int
    name: str
    amount: int
    live: bool = True
