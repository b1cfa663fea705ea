"""Betting: the four structures, the stakes, and one betting round's arithmetic.

A game states its structure once (:class:`Betting`); the stakes give the sizes.
:class:`BettingRound` runs one round over a hand's seats: who acts next, what
each may do (with bounds) and what an action does to the chips.

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
from typing import TYPE_CHECKING

from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    BetTo,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Legal,
    PlainLegal,
    RaiseTo,
)
from homegame.engine.events import Acted, Returned

if TYPE_CHECKING:
    from homegame.engine.hand import Hand

__all__ = ["Betting", "BettingRound", "Stakes"]


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


_FOLD, _CHECK = PlainLegal(ActionKind.FOLD), PlainLegal(ActionKind.CHECK)


def _chips(legal: Legal) -> int:
    """The chips a call, bring-in or completion puts in, as its descriptor says."""
    assert isinstance(legal, PlainLegal)
    return legal.chips


class BettingRound:
    """One betting round over a hand's seats (the runtime of the ``bet`` step).

    It reads and moves the hand's chips (``stacks``, ``bets``, ``committed``,
    ``folded``) and emits one :class:`~homegame.engine.events.Acted` per action.
    Bets already in front of the players when it starts (blinds, a straddle)
    count as the opening bet, and their posters still have their option.

    ``unit`` is the fixed-limit bet size of this round (and the completion size
    of a bring-in); ``bring_in``, when positive, makes ``first`` choose between
    bringing it in and completing. ``level`` is the least the round's bet
    stands at: the full big blind, even when the big blind was all in for less
    (the others must still call the full blind). ``big_unit``, when positive, gives every player
    the option of betting or raising that much instead (seven-card stud's open pair on fourth
    street); once someone does, the round goes on in it. ``raise_by_blinds`` false makes the
    least raise over the blinds one opening bet, however high a straddle stands (PokerKit's
    reading; by default a raise over a straddle is at least the straddle). ``short_all_in_raises``
    true counts an all-in for less as a raise (the house rule ``short_all_in = "a-raise"``, see the
    module docstring).
    """

    __slots__ = (
        "acted",
        "as_raise",
        "betting",
        "big_unit",
        "bring_in",
        "cap",
        "current",
        "full_level",
        "hand",
        "incomplete",
        "increment",
        "largest",
        "opening",
        "raises",
        "shorts",
        "since",
        "turn",
        "uncapped_heads_up",
        "unit",
    )

    def __init__(
        self,
        hand: Hand,
        *,
        first: int,
        unit: int,
        cap: int | None = None,
        uncapped_heads_up: bool = False,
        bring_in: int = 0,
        level: int = 0,
        big_unit: int = 0,
        raise_by_blinds: bool = True,
        short_all_in_raises: bool = False,
    ) -> None:
        self.hand = hand
        self.betting = hand.game.betting
        self.unit = unit
        self.big_unit = big_unit
        self.opening = unit if self.betting is Betting.FIXED_LIMIT else hand.stakes.opening_bet
        self.cap = cap
        self.uncapped_heads_up = uncapped_heads_up
        self.current = max(*hand.bets, level) if any(hand.bets) else 0
        self.full_level = self.current
        blinds = self.current if raise_by_blinds else 0  # else a raise over a straddle is one opening bet
        self.increment = self.unit if self.betting is Betting.FIXED_LIMIT else max(self.opening, blinds)
        self.raises = 1 if self.current else 0
        self.incomplete = False
        self.as_raise = short_all_in_raises
        self.largest = 0
        """Under ``as_raise``: the largest bet or raise of the round (the blinds are none)."""
        self.shorts = 0
        """Under ``as_raise``: what the all-ins for less since the last full raise add up to."""
        self.since: set[int] = set()
        """Under ``as_raise``: the seats that have acted since the last full raise."""
        self.bring_in = bring_in
        self.acted = [-1] * hand.seats
        if bring_in and not hand.folded[first] and hand.stacks[first] > 0:
            self.turn = first
        else:
            self.bring_in = 0
            self.turn = first if self._needs(first) else self._next(first)

    # -- whose turn ------------------------------------------------------------------------------

    def pending(self) -> tuple[int, ...]:
        """The seat to act, or nobody when the round is over."""
        return () if self.turn < 0 else (self.turn,)

    def done(self) -> bool:
        """True when nobody has anything left to do this round."""
        return self.turn < 0

    def _others_can_act(self, seat: int) -> bool:
        hand = self.hand
        folded, stacks = hand.folded, hand.stacks
        return any(not folded[t] and stacks[t] > 0 for t in range(hand.seats) if t != seat)

    def _needs(self, seat: int) -> bool:
        hand = self.hand
        if hand.folded[seat] or hand.stacks[seat] == 0:
            return False
        if hand.bets[seat] < self.current:
            return True
        return self.acted[seat] < 0 and self._others_can_act(seat)

    def _next(self, seat: int) -> int:
        seats = self.hand.seats
        for step in range(1, seats + 1):
            other = (seat + step) % seats
            if self._needs(other):
                return other
        return -1

    # -- what may be done ------------------------------------------------------------------------

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """What ``seat`` may do now (it must be the seat to act)."""
        hand = self.hand
        stack, bet = hand.stacks[seat], hand.bets[seat]
        all_in = bet + stack
        if self.bring_in:
            bring = PlainLegal(ActionKind.BRING_IN, chips=min(self.bring_in, all_in) - bet)
            if all_in <= self.bring_in and not self.as_raise:  # a-raise: all in as a completion, raised over
                return (bring,)
            return bring, PlainLegal(ActionKind.COMPLETE, chips=min(self.unit, all_in) - bet)
        to_call = self.current - bet
        if to_call > 0:
            options: tuple[Legal, ...] = (_FOLD, PlainLegal(ActionKind.CALL, chips=min(to_call, stack)))
        else:
            options = (_CHECK,)
        if stack <= to_call or not self._may_raise(seat):
            return options
        low, high = self._raise_bounds(seat)
        low, high = min(low, all_in), min(high, all_in)
        if self.incomplete and self.current:
            return (*options, PlainLegal(ActionKind.COMPLETE, chips=low - bet))
        kind = ActionKind.BET_TO if self.current == 0 else ActionKind.RAISE_TO
        big = self.full_level + self.big_unit
        if self.big_unit and not self.incomplete and big <= all_in:
            return (*options, AmountLegal(kind, min=low, max=big, step=self.big_unit - self.unit))
        return (*options, AmountLegal(kind, min=low, max=high))

    def _may_raise(self, seat: int) -> bool:
        fixed = self.betting is Betting.FIXED_LIMIT
        if fixed and self.cap and self.raises >= self.cap and not (self.uncapped_heads_up and self.hand.live == 2):
            return False
        acted = self.acted[seat]
        if self.as_raise:
            facing = self.current - self.hand.bets[seat]  # a raise one made, raised again by less, stays
            if facing < self.largest or (self.shorts and self.shorts < self.largest and seat in self.since):
                return False
        elif acted >= 0:
            raised = self.current - acted
            if (2 * raised < self.unit) if fixed else (raised < self.increment):
                return False
        hand = self.hand
        return any(
            not hand.folded[other] and hand.bets[other] + hand.stacks[other] > self.current
            for other in range(hand.seats)
            if other != seat
        )

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        """The least and most this round's bet may become, before the stack limit."""
        betting = self.betting
        if betting is Betting.FIXED_LIMIT:
            to = self.full_level + self.unit
            return to, to
        opening = self.current == 0 or self.incomplete
        low = self.full_level + self.opening if opening else self.current + self.increment
        if betting is Betting.NO_LIMIT:
            return low, self.hand.bets[seat] + self.hand.stacks[seat]
        if betting is Betting.POT_LIMIT:
            to_call = self.current - self.hand.bets[seat]
            return low, max(low, self.current + self.hand.pot + to_call)
        return low, max(low, self.current + self.hand.stakes.max_bet)

    # -- doing it --------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Carry out a validated action and pass the turn."""
        hand = self.hand
        put_in = 0
        if isinstance(action, Fold):
            hand.fold(seat)
        elif isinstance(action, Call):
            put_in = hand.put_in(seat, _chips(legal))
        elif isinstance(action, BringIn):
            put_in = hand.put_in(seat, _chips(legal))
            self.current = max(self.current, hand.bets[seat])
            self.incomplete = True
            self.bring_in = 0
        elif isinstance(action, BetTo | RaiseTo | Complete):
            to = action.amount if isinstance(action, BetTo | RaiseTo) else hand.bets[seat] + _chips(legal)
            put_in = hand.put_in(seat, to - hand.bets[seat])
            if self.as_raise:
                self._count_short(seat, to - self.current)
            self._raise(to)
            self.bring_in = 0
        elif not isinstance(action, Check):  # pragma: no cover - the descriptor let through a foreign kind
            raise TypeError(f"{action!r} is not a betting action")
        self.acted[seat] = self.current
        self.since.add(seat)
        hand.emit(Acted(seat, action, put_in))
        self.turn = self._next(seat)

    def _count_short(self, seat: int, amount: int) -> None:
        """Under ``as_raise``: a raise of ``amount`` by ``seat`` reopens the betting when it is at
        least the largest so far, or when the all-ins for less since the last one add up to that."""
        if amount >= self.largest:
            self.since.clear()
        self.largest = max(self.largest, amount)
        self.shorts = 0 if self.hand.stacks[seat] else self.shorts + amount
        if self.shorts >= self.largest:
            self.shorts = 0

    def _raise(self, to: int) -> None:
        if self.as_raise:
            full = True  # a raise however short: the least next raise is a full one over it
            self.increment = max(self.increment, to - self.current)
        elif self.betting is Betting.FIXED_LIMIT:
            full = 2 * (to - self.full_level) >= self.unit
        elif self.current == 0 or self.incomplete:
            full = to - self.full_level >= self.opening
        else:
            full = to - self.current >= self.increment
        if full and self.big_unit and to - self.full_level >= self.big_unit:
            self.unit, self.big_unit = self.big_unit, 0  # the big bet was chosen: the round goes on in it
        if full:
            base = self.full_level if self.incomplete else self.current
            if self.betting is not Betting.FIXED_LIMIT and not self.as_raise:
                self.increment = max(self.increment, to - base) if self.raises else to - base
            self.full_level = to
            self.raises += 1
            self.incomplete = False
        self.current = to

    def close(self) -> None:
        """End the round: return the uncalled part of the top bet and gather the bets into the pot."""
        hand = self.hand
        bets = hand.bets
        top = max(range(hand.seats), key=bets.__getitem__)
        second = max((bet for seat, bet in enumerate(bets) if seat != top), default=0)
        if bets[top] > second:
            excess = bets[top] - second
            hand.take_back(top, excess)
            hand.emit(Returned(top, excess))
        for seat in range(hand.seats):
            bets[seat] = 0
