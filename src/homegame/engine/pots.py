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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["Pot", "build_pots", "share"]


@dataclass(frozen=True, slots=True)
class Pot:
    """``amount`` chips that only the seats in ``eligible`` may win."""

    amount: int
    eligible: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.amount} for seats {', '.join(map(str, self.eligible))}"


def build_pots(
    committed: Sequence[int],
    live: Sequence[bool],
    dead: int = 0,
    prices: Mapping[tuple[int, ...], int] | None = None,
    folds: Sequence[int] = (),
) -> list[Pot]:
    """The pots, main pot first, from each seat's chips put in and whether it is still in the hand.

    Each distinct amount put in closes a pot: every seat contributes up to
    that level, and the live seats that reached it are eligible. ``dead``
    chips (a pot carried over from an earlier deal) go to the main pot, which
    every live seat may win. ``prices`` are chips paid for cards, keyed by the
    seats still able to bet when they were paid: each goes to the pot those of
    them still in contest, so a player all in never wins what was paid after he
    went all in. Pots with the same eligible seats are merged.

    Chips that no live seat may win (put in above every live seat's level,
    or a price whose buyers have all folded) go to the last of the seats that
    put them in to fold, as the last player left in a pot wins it and a bet
    nobody can call goes back: ``folds`` lists the folded seats in the order
    they folded (seats missing from it count as folding before those listed,
    in seat order). These pots come after the contested ones, one for each such seat.

    >>> build_pots([30, 30], [True, True], dead=5)
    [Pot(amount=65, eligible=(0, 1))]
    >>> build_pots([0, 0], [True, True])
    []

    Seat 0 is all in for 20; seat 1 then pays 9 for a card, which only seats 1
    and 2 may win; and if seat 2 folds, seat 1 has his 9 back with his own 30:

    >>> for pot in build_pots([20, 50, 50], [True, True, True], prices={(1, 2): 9}):
    ...     print(pot)
    60 for seats 0, 1, 2
    69 for seats 1, 2
    >>> build_pots([20, 50, 50], [True, True, False], prices={(1, 2): 9})
    [Pot(amount=60, eligible=(0, 1)), Pot(amount=69, eligible=(1,))]

    If seat 1 folds as well, after seat 2, nobody left may win the side pot:
    seat 1, the last of its players to fold, has it back; seat 0 wins 60 at most.

    >>> build_pots([20, 50, 50], [True, False, False], prices={(1, 2): 9}, folds=[2, 1])
    [Pot(amount=60, eligible=(0,)), Pot(amount=69, eligible=(1,))]
    """
    order = {seat: place for place, seat in enumerate(folds)}

    def last_to_fold(seats: Sequence[int]) -> int:
        return max(seats, key=lambda seat: (order.get(seat, -1), seat))

    pots: list[Pot] = []
    unclaimed: dict[int, int] = {}
    below = 0
    for level in sorted(set(committed) - {0}):
        amount = sum(min(put, level) - min(put, below) for put in committed)
        reached = [seat for seat, put in enumerate(committed) if put >= level]
        eligible = tuple(seat for seat in reached if live[seat])
        if not eligible:
            owner = last_to_fold(reached)
            unclaimed[owner] = unclaimed.get(owner, 0) + amount
        elif pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = level
    everyone = tuple(seat for seat, alive in enumerate(live) if alive)
    _add(pots, everyone, dead)
    for buyers, amount in (prices or {}).items():
        contesting = tuple(seat for seat in buyers if live[seat])
        if contesting or not buyers:
            _add(pots, contesting or everyone, amount)
        else:
            owner = last_to_fold(buyers)
            unclaimed[owner] = unclaimed.get(owner, 0) + amount
    return pots + [Pot(amount, (seat,)) for seat, amount in sorted(unclaimed.items()) if amount]


def _add(pots: list[Pot], eligible: tuple[int, ...], amount: int) -> None:
    """Put ``amount`` chips in the pot of exactly the ``eligible`` seats, a new one placed after
    the pots of more seats when there is none."""
    if not amount:
        return
    for index, pot in enumerate(pots):
        if pot.eligible == eligible:
            pots[index] = Pot(pot.amount + amount, eligible)
            return
    seats = set(eligible)
    at = max((index + 1 for index, pot in enumerate(pots) if seats < set(pot.eligible)), default=0)
    pots.insert(at, Pot(amount, eligible))


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
