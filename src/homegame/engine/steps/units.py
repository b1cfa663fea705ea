"""``units``: Chinese poker's showdown, paid in units between every two players.

Every player's set (``hand.splits``, from the ``split`` step: back, middle, front) is compared
with every other player's, hand by hand: back against back, middle against middle, front
against front, under ``ranking``. Between two players, each hand won is a unit from the other
(equal hands: nothing), and the house rule ``scoring`` adds a bonus:

- ``1-6`` (the default): a player who wins all three hands (a scoop) collects 6 units
  instead of 3;
- ``2-4``: the winner of two or three of the hands collects one unit more (so a scoop pays 4).

A mis-set set (see :meth:`~homegame.engine.steps.split.SplitStep.misorder`) is dead: it loses all three
hands to every set that is not dead, so it pays each such opponent a scoop; two dead sets are
even. A unit is worth ``stakes.small_bet`` chips.

Each player's units against all the others are added up; the losers pay theirs into the pot
and the winners are paid theirs from it. A player can lose no more than their chips: when a
loser cannot pay in full, the winners share what was paid in proportion to what they won (the
odd chips from the button's left). Chips already in the pot when the hand starts (carried over
from an earlier deal) go to the player with the most units; equal players share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.events import SEATS, Event, Judged, Made, Names, Shown, Won, name, says
from homegame.engine.pots import share
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register
from homegame.engine.steps.split import SplitStep
from homegame.ranking import HandValue, Ranking, get

__all__ = ["PaidUnits", "Scored", "SetShown", "Units", "units"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetShown(Event):
    """A player's set, opened at the showdown (``dead`` when mis-set)."""

    seat: int
    hands: tuple[tuple[Card, ...], ...]
    dead: bool

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 set ... / ... / ...``, and ``(mis-set: dead)`` when it is."""
        text = f"{name(names, self.seat)} set " + " / ".join(format_cards(hand) for hand in self.hands)
        return text + (" (mis-set: dead)" if self.dead else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class Scored(Event):
    """Between ``seat`` and ``other``: the hands each won, and the units ``seat`` collects (negative: pays)."""

    seat: int
    other: int
    won: int
    lost: int
    units: int

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 against seat 2: 2 hands to 1, +1 unit``."""
        hands = f"{self.won} hand" + ("" if self.won == 1 else "s")
        who = f"{name(names, self.seat)} against {name(names, self.other)}"
        return f"{who}: {hands} to {self.lost}, {_units(self.units, '+')}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PaidUnits(Event):
    """A player who lost ``units`` in all pays ``amount`` chips (less when they had less)."""

    seat: int
    units: int
    amount: int

    @property
    def chips(self) -> int:
        """The chips paid."""
        return self.amount

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 loses 4 units and pays 8``."""
        pays = "pay" if name(names, self.seat) == "you" else "pays"
        return f"{says(names, self.seat, 'loses')} {_units(self.units)} and {pays} {self.amount}"


def _units(count: int, sign: str = "") -> str:
    return f"{count:{sign}d} unit" + ("" if abs(count) == 1 else "s")


def units(won: int, lost: int, scoring: str = "1-6") -> int:
    """The units the player who won ``won`` hands and lost ``lost`` of three collects (negative: pays).

    >>> units(3, 0), units(2, 1), units(1, 1), units(0, 3, "2-4"), units(2, 0, "2-4")
    (6, 1, 0, -4, 3)
    """
    if scoring == "2-4":
        return won - lost + (won > lost) - (lost > won)
    if won == 3 or lost == 3:
        return 6 if won == 3 else -6
    return won - lost


SCORING = HouseRule(
    "scoring",
    str,
    "1-6",
    "a unit a hand won, 6 for a scoop (1-6), or one more for two or three hands won (2-4)",
    choices=("1-6", "2-4"),
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Units(Step):
    """Every two players' sets compared hand by hand, paid in units (see the module docstring).

    >>> print(Units(ranking=get("high")).describe())
    Showdown: every set against every other, hand by hand (high), a unit a hand, paid in chips.
    """

    kind: ClassVar[str] = "units"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (SCORING,)
    settles: ClassVar[bool] = True
    ranking: Ranking

    @classmethod
    def read(cls, fields: Fields) -> Units:
        """``ranking`` (a ranking name, ``high``)."""
        try:
            return cls(ranking=get(fields.string("ranking", "high")))
        except ValueError as error:
            fields.problem("ranking", str(error))
            return cls(ranking=get("high"))

    def begin(self, hand: Dealer) -> Decision | None:
        """Open the sets, score every pair, and settle in chips."""
        live = hand.in_hand()
        split = _split(hand.game)
        values: dict[int, list[HandValue] | None] = {}
        for seat in live:
            hands = hand.splits[seat]
            shown = tuple(card for part in hands for card in part)
            hand.show(seat, shown)
            made = [self.ranking.evaluate(part) for part in hands]
            rows = tuple(
                Judged(side=row, held=part, given=Made.of(value))
                for row, part, value in zip(split.names, hands, made, strict=True)
            )
            hand.emit(Shown(seat, shown, rows))
            dead = bool(split.misorder(hands))
            hand.emit(SetShown(seat=seat, hands=hands, dead=dead))
            values[seat] = None if dead else made
        scoring = SCORING.read(hand.options)
        net = dict.fromkeys(live, 0)
        for a, b in combinations(live, 2):
            won, lost = _compare(values[a], values[b])
            score = units(won, lost, scoring)
            net[a] += score
            net[b] -= score
            hand.emit(Scored(seat=a, other=b, won=won, lost=lost, units=score))
        _settle(hand, live, net)
        return None

    def award_words(self, events: Sequence[Event], side: str, seat: int) -> str:
        """The units ``seat`` won in all (``" for +3 units"``)."""
        if side != "units":
            return ""
        units = sum(event.units for event in events if isinstance(event, Scored) and event.seat == seat)
        units -= sum(event.units for event in events if isinstance(event, Scored) and event.other == seat)
        return f" for {units:+d} unit{'' if abs(units) == 1 else 's'}"

    def describe(self) -> str:
        """One line for the rules."""
        return (
            f"Showdown: every set against every other, hand by hand ({self.ranking.label}), a unit a hand, "
            "paid in chips."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The last step, after a ``split`` step into named hands, with a unit (``stakes.small_bet``)."""
        if game.steps[-1] is not self:
            fields.problem("kind", "the units showdown must be the last step")
        if not any(isinstance(step, SplitStep) and step.names for step in game.steps):
            fields.problem("kind", "the units showdown needs a split step with names for its hands")
        if not game.stakes.small_bet:
            fields.problem("kind", "a unit is stakes.small_bet chips: it must be > 0")


def _split(game: Rules) -> SplitStep:
    """The game's split step (its hands' names and order rule)."""
    return next(step for step in game.steps if isinstance(step, SplitStep))


def _compare(a: list[HandValue] | None, b: list[HandValue] | None) -> tuple[int, int]:
    """Hands won and lost by set ``a`` against set ``b`` (``None``: dead)."""
    if a is None or b is None:
        return (0, 0) if a is b else (0, 3) if a is None else (3, 0)
    won = sum(mine > theirs for mine, theirs in zip(a, b, strict=True))
    lost = sum(mine < theirs for mine, theirs in zip(a, b, strict=True))
    return won, lost


def _settle(hand: Dealer, live: list[int], net: dict[int, int]) -> None:
    """Losers pay their units in chips (at most their stacks); winners share what was paid, in
    proportion to their units; a pot already there goes to the most units."""
    unit = hand.stakes.small_bet
    carried = hand.pot
    paid = 0
    for seat in live:
        if net[seat] < 0:
            amount = hand.pay(seat, -net[seat] * unit)
            paid += amount
            hand.emit(PaidUnits(seat=seat, units=-net[seat], amount=amount))
    winners = [seat for seat in live if net[seat] > 0]
    if paid:
        for seat, amount in zip(winners, share(paid, winners, [net[seat] for seat in winners]), strict=True):
            if amount:
                hand.award(Won(seat=seat, amount=amount, side="units"))
    if carried:
        best = max(net.values())
        top = [seat for seat in live if net[seat] == best]
        for seat, amount in zip(top, share(carried, top), strict=True):
            if amount:
                hand.award(Won(seat=seat, amount=amount, side="units"))
