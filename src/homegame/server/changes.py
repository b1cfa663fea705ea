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
    "Adjusted",
    "BombCalled",
    "Change",
    "Chatted",
    "Chose",
    "Closed",
    "Dealt",
    "Hunted",
    "Left",
    "LogError",
    "Mucking",
    "Muted",
    "Paused",
    "RebuyAnswered",
    "RebuyAsked",
    "Removed",
    "Resumed",
    "Sat",
    "SatIn",
    "SatOut",
    "SeatAnswered",
    "SeatAsked",
    "SeatGiven",
    "Showed",
    "Straddled",
    "from_row",
    "to_row",
]


class LogError(PokerError):
    """A row of a table's log that is no change this server knows: the table cannot be restored."""


class _Kind:
    """A change's kind (its row's ``kind``), given as the class is made: ``class Sat(_OfSeat, kind="sit")``."""

    __slots__ = ()
    kind: ClassVar[str]

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            cls.kind = kind


@dataclass(frozen=True, slots=True)
class _OfTable(_Kind):
    """A change of the table as a whole."""


@dataclass(frozen=True, slots=True)
class _OfSeat(_Kind):
    """A change of one seat's, nothing to it but the seat."""

    seat: int


class Sat(_OfSeat, kind="sit"):
    """A player took their seat, with the buy-in."""

    __slots__ = ()


class Dealt(_OfTable, kind="deal"):
    """The next hand was dealt (its deck orders are the ``shuffle`` rows after it)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Acted(_Kind, kind="act"):
    """A seat acted (``action``: the wire's JSON) on the state at ``seen``; ``bank``: what was left
    of its time bank; ``timeout``: the table acted for it."""

    seat: int
    action: Any
    seen: int | None = None
    bank: int | None = None
    timeout: bool = False


@dataclass(frozen=True, slots=True)
class Chose(_Kind, kind="choose"):
    """The dealer named the next game (``timeout``: the table did, the dealer's time spent)."""

    seat: int
    game: str
    bank: int | None = None
    timeout: bool = False
    options: dict[str, Any] | None = None
    """The house rules the dealer called for the deal, typed as the game's (``None``: none)."""


class SatOut(_OfSeat, kind="sit_out"):
    """A seat sits out from the next hand."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class SatIn(_Kind, kind="sit_in"):
    """A seat plays again from the next hand (``wait``: waiting for the big blind)."""

    seat: int
    wait: bool = False


@dataclass(frozen=True, slots=True)
class RebuyAsked(_Kind, kind="rebuy"):
    """A seat asked the host for ``amount`` more chips."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RebuyAnswered(_Kind, kind="answer"):
    """The host approved or refused a seat's rebuy."""

    seat: int
    approve: bool


class Left(_OfSeat, kind="leave"):
    """A seat cashes out and leaves (at the end of its hand)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Adjusted(_Kind, kind="adjust"):
    """The host corrected a seat's stack by ``amount`` chips, either way (made once the seat is out
    of the hand in progress; an adjustment in the ledger)."""

    seat: int
    amount: int


class Removed(_OfSeat, kind="remove"):
    """The host removed a seat's player: cashed out, the seat freed for someone new (once the seat
    is out of the hand in progress)."""

    __slots__ = ()


class Paused(_OfTable, kind="pause"):
    """The host paused the table: no new hand until resumed."""

    __slots__ = ()


class Resumed(_OfTable, kind="resume"):
    """The host resumed the table."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Straddled(_Kind, kind="straddle"):
    """The seat after the big blind posts a live straddle in the next deal (``post``), or takes it back."""

    seat: int
    post: bool


@dataclass(frozen=True, slots=True)
class BombCalled(_Kind, kind="bomb"):
    """The host called a bomb pot of ``amount`` a seat for the next hand whose game has a flop."""

    amount: int


class Closed(_OfTable, kind="close"):
    """The host closed the table: the hand in progress ends, no other is dealt."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Chatted(_Kind, kind="chat"):
    """A seat said ``text`` at the table (checked by :func:`homegame.server.chat.check_text`)."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Muted(_Kind, kind="mute"):
    """The host muted a seat's chat (``mute``), or gave it back: a muted seat's chats and reactions
    reach nobody (refused at the door, never logged) until the host unmutes it."""

    seat: int
    mute: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAsked(_Kind, kind="ask_seat"):
    """Someone with the open link asked for a seat: request number ``request``, ``seat`` the one
    they picked (``None``: any), their ``name`` and ``buy_in``, ``digest`` the digest of the secret
    the request was answered with (the seat's secret once it is given); ``approved``: the table
    approves requests as they are made."""

    request: int
    seat: int | None
    name: str
    buy_in: int
    digest: str
    approved: bool = False


@dataclass(frozen=True, slots=True)
class SeatAnswered(_Kind, kind="answer_seat"):
    """The host approved or denied a request for a seat (denied: it leaves the line, and a seat
    given it and not yet taken is free again)."""

    request: int
    approve: bool


@dataclass(frozen=True, slots=True)
class SeatGiven(_Kind, kind="give_seat"):
    """An approved request was given a free seat: kept for its player, who sits on first connecting
    with the request's secret."""

    request: int
    seat: int


class Hunted(_OfSeat, kind="rabbit"):
    """A seat asked to see the rabbit of the hand last finished (the cards that would have come)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Mucking(_Kind, kind="muck"):
    """A seat mucks at the showdown a hand the rules do not make it show (``muck``), from the hand in
    progress on, or shows every hand again."""

    seat: int
    muck: bool


@dataclass(frozen=True, slots=True)
class Showed(_Kind, kind="show"):
    """The seat that won the last hand without a showdown shows ``cards`` of it (notation) to everyone."""

    seat: int
    cards: str


Change = (
    Sat
    | Dealt
    | Acted
    | Chose
    | SatOut
    | SatIn
    | RebuyAsked
    | RebuyAnswered
    | Left
    | Adjusted
    | Removed
    | Paused
    | Resumed
    | Closed
    | Chatted
    | Muted
    | SeatAsked
    | SeatAnswered
    | SeatGiven
    | BombCalled
    | Straddled
    | Hunted
    | Mucking
    | Showed
)

_KINDS: dict[str, type[Change]] = {
    kind.kind: kind
    for kind in (
        Sat,
        Dealt,
        Acted,
        Chose,
        SatOut,
        SatIn,
        RebuyAsked,
        RebuyAnswered,
        Left,
        Adjusted,
        Removed,
        Paused,
        Resumed,
        Closed,
        Chatted,
        Muted,
        SeatAsked,
        SeatAnswered,
        SeatGiven,
        BombCalled,
        Straddled,
        Hunted,
        Mucking,
        Showed,
    )
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
