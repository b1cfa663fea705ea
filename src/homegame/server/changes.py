"""The changes a table's log holds: each a frozen value with its JSON form (the log's row: its
``kind`` and its data), read back strictly. A table is its settings plus these, in order
(:meth:`~homegame.server.table.ServerTable.submit` writes one, then applies it).

>>> to_row(Acted(2, {"kind": "fold"}, seen=14, bank=9000))
('act', {'seat': 2, 'action': {'kind': 'fold'}, 'seen': 14, 'bank': 9000})
>>> from_row("sit_in", {"seat": 1}), from_row("answer", {"seat": 0, "approve": False})
(SatIn(seat=1, wait=False), RebuyAnswered(seat=0, approve=False))
>>> from_row("deal", {"used": [[0, 1500]]})  # what the clocks log beside a change is not the change's
Dealt()
>>> from_row("shuffled", {})
Traceback (most recent call last):
homegame.server.changes.LogError: no such change in a table's log: 'shuffled'
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from homegame.errors import PokerError

__all__ = [
    "Acted",
    "Change",
    "Chose",
    "Closed",
    "Dealt",
    "Left",
    "LogError",
    "Paused",
    "RebuyAnswered",
    "RebuyAsked",
    "Resumed",
    "Sat",
    "SatIn",
    "SatOut",
    "from_row",
    "to_row",
]


class LogError(PokerError):
    """A row of a table's log that is no change this server knows: the table cannot be restored."""


@dataclass(frozen=True, slots=True)
class Sat:
    """A player took their seat, with the buy-in."""

    kind: ClassVar[str] = "sit"
    seat: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """The next hand was dealt (its deck orders are the ``shuffle`` rows after it)."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Acted:
    """A seat acted (``action``: the wire's JSON) on the state at ``seen``; ``bank``: what was left
    of its time bank; ``timeout``: the table acted for it."""

    kind: ClassVar[str] = "act"
    seat: int
    action: Any
    seen: int | None = None
    bank: int | None = None
    timeout: bool = False


@dataclass(frozen=True, slots=True)
class Chose:
    """The dealer named the next game (``timeout``: the table did, the dealer's time spent)."""

    kind: ClassVar[str] = "choose"
    seat: int
    game: str
    bank: int | None = None
    timeout: bool = False


@dataclass(frozen=True, slots=True)
class SatOut:
    """A seat sits out from the next hand."""

    kind: ClassVar[str] = "sit_out"
    seat: int


@dataclass(frozen=True, slots=True)
class SatIn:
    """A seat plays again from the next hand (``wait``: waiting for the big blind)."""

    kind: ClassVar[str] = "sit_in"
    seat: int
    wait: bool = False


@dataclass(frozen=True, slots=True)
class RebuyAsked:
    """A seat asked the host for ``amount`` more chips."""

    kind: ClassVar[str] = "rebuy"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RebuyAnswered:
    """The host approved or refused a seat's rebuy."""

    kind: ClassVar[str] = "answer"
    seat: int
    approve: bool


@dataclass(frozen=True, slots=True)
class Left:
    """A seat cashes out and leaves (at the end of its hand)."""

    kind: ClassVar[str] = "leave"
    seat: int


@dataclass(frozen=True, slots=True)
class Paused:
    """The host paused the table: no new hand until resumed."""

    kind: ClassVar[str] = "pause"


@dataclass(frozen=True, slots=True)
class Resumed:
    """The host resumed the table."""

    kind: ClassVar[str] = "resume"


@dataclass(frozen=True, slots=True)
class Closed:
    """The host closed the table: the hand in progress ends, no other is dealt."""

    kind: ClassVar[str] = "close"


Change = Sat | Dealt | Acted | Chose | SatOut | SatIn | RebuyAsked | RebuyAnswered | Left | Paused | Resumed | Closed

_KINDS: dict[str, type[Change]] = {
    kind.kind: kind
    for kind in (Sat, Dealt, Acted, Chose, SatOut, SatIn, RebuyAsked, RebuyAnswered, Left, Paused, Resumed, Closed)
}


def to_row(change: Change) -> tuple[str, dict[str, Any]]:
    """The log's row of a change: its kind and its data (a field at its default left out)."""
    data = {}
    for field in fields(change):
        value = getattr(change, field.name)
        if field.default is MISSING or value != field.default:
            data[field.name] = value
    return change.kind, data


def from_row(kind: str, data: dict[str, Any]) -> Change:
    """The change a row of the log holds (anything else in its data, the clocks', left aside)."""
    made = _KINDS.get(kind)
    if made is None:
        raise LogError(f"no such change in a table's log: {kind!r}")
    names = {field.name for field in fields(made)}
    try:
        return made(**{name: value for name, value in data.items() if name in names})
    except TypeError as error:
        raise LogError(f"a {kind} row without its fields: {error}") from None
