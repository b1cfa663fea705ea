"""Pots in whole chips: building the main and side pots, and sharing them out.

:func:`build_pots` turns what each seat has put in into the main pot and the
side pots, each with the seats that may win it. :func:`share` divides chips
among several claimants (the halves of a high-low split, or tied winners)
with the odd chips going in a stated order. Nothing here knows about cards:
the showdown decides who wins, this module only counts.

Three players all in for 20, 50 and 100, and a folded player who put in 10:

>>> for pot in build_pots([20, 50, 100, 10], [True, True, True, False]):
...     print(pot)
70 for seats 0, 1, 2
60 for seats 1, 2
50 for seats 2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "build_pots", "share"]


@dataclass(frozen=True, slots=True)
class Pot:
    """``amount`` chips that only the seats in ``eligible`` may win."""

    amount: int
    eligible: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.amount} for seats {', '.join(map(str, self.eligible))}"


def build_pots(committed: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """The pots, main pot first, from each seat's chips put in and whether it is still in the hand.

    Each distinct amount put in by a live seat closes a pot: every seat
    contributes up to that level, and the live seats that reached it are
    eligible. Chips of folded seats above the top live level go to the top
    pot; ``dead`` chips (a pot carried over from an earlier deal) to the main
    pot, which every live seat may win. Pots with the same eligible seats are
    merged.

    >>> build_pots([30, 30], [True, True], dead=5)
    [Pot(amount=65, eligible=(0, 1))]
    >>> build_pots([0, 0], [True, True])
    []
    """
    levels = sorted({amount for amount, alive in zip(committed, live, strict=True) if alive and amount > 0})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(put, level) - min(put, below) for put in committed)
        eligible = tuple(seat for seat, put in enumerate(committed) if live[seat] and put >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = level
    above = sum(put - below for put in committed if put > below)
    everyone = tuple(seat for seat, alive in enumerate(live) if alive)
    if not pots:
        return [Pot(above + dead, everyone)] if above + dead else []
    if above:
        pots[-1] = Pot(pots[-1].amount + above, pots[-1].eligible)
    if dead:
        if pots[0].eligible == everyone:
            pots[0] = Pot(pots[0].amount + dead, everyone)
        else:
            pots.insert(0, Pot(dead, everyone))
    return pots


def share(amount: int, claimants: Sequence[object], weights: Sequence[int] | None = None) -> list[int]:
    """Divide ``amount`` chips among ``claimants`` in proportion to ``weights`` (equal by default).

    Claimants are listed in odd-chip order: the chips that do not divide evenly
    go one each to the first claimants. The result lists each claimant's chips
    and always adds up to ``amount``.

    >>> share(101, ["high", "low"])
    [51, 50]
    >>> share(100, [3, 5, 1])
    [34, 33, 33]
    >>> share(10, ["a", "b"], weights=[3, 1])
    [8, 2]
    """
    if not claimants:
        raise ValueError("nobody to share the chips with")
    weights = [1] * len(claimants) if weights is None else list(weights)
    total = sum(weights)
    parts = [amount * weight // total for weight in weights]
    for index in range(amount - sum(parts)):
        parts[index % len(parts)] += 1
    return parts
