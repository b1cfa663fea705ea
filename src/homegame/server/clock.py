"""A table's clocks: when each seat now deciding began to, and at which change (its turn), kept so
that the time a server is down counts against nobody, however often it restarts inside one
decision: every change logs the time each seat deciding had used (:meth:`Clocks.used`), a table
read back from its log sets its clocks by it (:meth:`Clocks.replayed`), and a restart runs each
clock on from the time it had used by the last change logged (:meth:`Clocks.resume`).

>>> clocks = Clocks()
>>> clocks.track((0, 1), at=1000, seq=5)
>>> clocks.used(4000)
[[0, 3000], [1, 3000]]
>>> clocks.resume(now=90_000, last=4000)  # down from 4 s to 90 s: the clocks stood still
>>> clocks.left(0, 90_000, seconds=30), clocks.bank_left(0, 120_000, seconds=30, bank=10_000)
(27000, 7000)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["Clocks"]


class Clocks:
    """When each seat deciding began to (``since``, ms) and the change at which it did (``turn``:
    an action for any state since then is for the decision in hand)."""

    def __init__(self) -> None:
        self.since: dict[int, int] = {}
        self.turn: dict[int, int] = {}

    def track(self, deciding: Iterable[int], at: int, seq: int) -> None:
        """After a change at ``at`` (the table's change ``seq``): the seats now deciding, each
        keeping its clock if it was deciding already."""
        seats = set(deciding)
        self.since = {seat: self.since.get(seat, at) for seat in seats}
        self.turn = {seat: self.turn.get(seat, seq) for seat in seats}

    def acted(self, seat: int) -> None:
        """``seat`` acted: its next decision, even in the same step, is a new one."""
        self.turn.pop(seat, None)

    def ended(self) -> None:
        """A hand ended: every decision of it is over (the dealer who acted last chooses the next
        game on a clock of its own)."""
        self.since, self.turn = {}, {}

    def used(self, at: int) -> list[list[int]]:
        """What a change at ``at`` logs: each seat deciding and the ms it has used."""
        return [[seat, at - since] for seat, since in sorted(self.since.items())]

    def replayed(self, at: int, used: Sequence[Sequence[int]]) -> None:
        """A change read back from the log, made at ``at`` when the seats had ``used`` their time so."""
        for seat, spent in used:
            self.since[seat] = at - spent

    def resume(self, now: int, last: int) -> None:
        """A restart at ``now``, the last change logged at ``last``: each clock runs on from the
        time it had used then."""
        self.since = {seat: now - max(0, last - since) for seat, since in self.since.items()}

    def deadline(self, seat: int, now: int, seconds: int, bank: int) -> int:
        """When ``seat``'s time (``seconds`` and its ``bank`` ms) runs out."""
        return self.since.get(seat, now) + seconds * 1000 + bank

    def left(self, seat: int, now: int, seconds: int) -> int:
        """The ms left of ``seat``'s decision, its bank aside."""
        return max(0, seconds * 1000 - (now - self.since.get(seat, now)))

    def bank_left(self, seat: int, now: int, seconds: int, bank: int) -> int:
        """What is left at ``now`` of ``seat``'s ``bank`` (ms), spent once the decision's ``seconds`` are."""
        over = now - self.since.get(seat, now) - seconds * 1000
        return max(0, bank - max(0, over))
