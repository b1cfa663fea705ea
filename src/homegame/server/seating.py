"""Open seating: one link for the whole table (``/t/TABLE/join#SECRET``), shared once by the host.
A friend who opens it picks a free seat, a name and a buy-in and asks for the seat; the host
approves or denies (or the table approves as asked: ``auto_approve``). Every request stands in one
line, in the order made: an approved request is given a free seat (the one it picked while it is
free, else the first) as soon as there is one, first approved first seated; until then it waits,
and sees its place in line. A seat frees when its player leaves or the host removes them; the
table gives it to the next in line as one of its own moves (:meth:`Seating.give`).

The request's secret (made by the server, answered once to the one who asked) is kept only as its
digest, in the log's ``ask_seat`` row; given a seat, that digest becomes the seat's only secret,
so the friend's page sits with it exactly as with an invite, and the seat's old invite stops
working. The open link's own secret is kept as a digest too, among the seats' (seat
:data:`OPEN_LINK`), and opens no seat and no view of the cards.

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 100, "names": ["ann"]})
>>> table = ServerTable.create("t1", config, Store(":memory:"), now=lambda: 0)
>>> table.roster.free()  # ann's seat waits for her invite
[1]
>>> asked, secret = table.seating.ask(None, " bob ", 100)
>>> asked.name, table.seating.status_of(secret)
('bob', {'request': 1, 'status': 'asked', 'name': 'bob', 'position': None, 'seat': None})
>>> table.seating.answer(1, approve=True); table.moves.auto(0)
True
>>> table.seating.status_of(secret)["seat"], table.seats[1].status, table.store.find_secret(secret)
(1, <SeatStatus.RESERVED: 'reserved'>, ('t1', 1))
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from homegame.engine.wire import JSON
from homegame.errors import ParseError
from homegame.server.changes import Change, SeatAnswered, SeatAsked, SeatGiven
from homegame.server.config import check_text
from homegame.server.requests import RefusedError
from homegame.server.roster import SeatStatus
from homegame.server.store import digest

if TYPE_CHECKING:
    from homegame.server.config import TableConfig
    from homegame.server.log import TableLog
    from homegame.server.roster import Roster, SeatInfo

__all__ = ["MAX_OPEN", "NAME_CHARS", "OPEN_LINK", "RequestStatus", "SeatRequest", "Seating"]

OPEN_LINK = -2
"""The seat number the open link's secret is kept under (-1 is the spectators' link)."""

MAX_OPEN = 24
"""The most requests a table holds unanswered or waiting for a seat at once."""

NAME_CHARS = 24
"""The longest name, in characters (as the host's ``names``)."""


class RequestStatus(StrEnum):
    """Where a request for a seat stands: waiting for the host (``asked``), approved and waiting
    for a free seat (``waiting``), given a seat (``seated``), or ``denied``."""

    ASKED = "asked"
    WAITING = "waiting"
    SEATED = "seated"
    DENIED = "denied"


@dataclass(slots=True, kw_only=True)
class SeatRequest:
    """One request for a seat: its number (from 1), who asked and for what, where it stands."""

    number: int
    name: str
    buy_in: int
    wanted: int | None
    digest: str
    status: RequestStatus
    seat: int | None = None


class Owner(Protocol):
    """What open seating reads of its table (a :class:`~homegame.server.table.ServerTable`), and
    its one door, ``submit``."""

    id: str
    config: TableConfig
    store: TableLog
    roster: Roster
    seats: list[SeatInfo]
    closing: bool
    closed: bool

    def submit(self, made: Change) -> None: ...


class Seating:
    """The open link's requests for seats at one table: applied from the log (:meth:`apply`),
    asked and answered through the table's one door, and told to the host and to whoever asked."""

    def __init__(self, table: Owner) -> None:
        self.table = table
        self.requests: dict[int, SeatRequest] = {}
        self._by_digest: dict[str, int] = {}

    # -- the log ---------------------------------------------------------------------------------

    def apply(self, made: SeatAsked | SeatAnswered | SeatGiven) -> None:
        """Apply a change of open seating (written to the log already)."""
        match made:
            case SeatAsked():
                status = RequestStatus.WAITING if made.approved else RequestStatus.ASKED
                self.requests[made.request] = SeatRequest(
                    number=made.request,
                    name=made.name,
                    buy_in=made.buy_in,
                    wanted=made.seat,
                    digest=made.digest,
                    status=status,
                )
                self._by_digest[made.digest] = made.request
            case SeatAnswered(number, approve):
                request = self.requests[number]
                if approve:
                    request.status = RequestStatus.WAITING
                    return
                if request.seat is not None and self.table.seats[request.seat].status == SeatStatus.RESERVED:
                    self.table.roster.unreserve(request.seat)
                request.status = RequestStatus.DENIED
            case SeatGiven(number, seat):
                request = self.requests[number]
                request.status, request.seat = RequestStatus.SEATED, seat
                self.table.roster.reserve(seat, request.name, request.buy_in, f"r{number}")

    # -- asking and answering --------------------------------------------------------------------

    def opens(self, secret: str) -> bool:
        """True when ``secret`` is the table's open link's (the one in force)."""
        return self.table.store.find_secret(secret) == (self.table.id, OPEN_LINK)

    def new_link(self) -> str:
        """A new secret for the table's open link (the old one stops working at once): the
        caller makes it durable and builds the link."""
        secret = secrets.token_urlsafe(24)
        store, table_id = self.table.store, self.table.id
        store.add_digest(digest(secret), table_id, OPEN_LINK)
        store.keep_digest(table_id, OPEN_LINK, digest(secret))
        return secret

    def ask(self, seat: object, name: object, buy_in: object) -> tuple[SeatRequest, str]:
        """Someone with the open link asks for ``seat`` (a free seat, counted from 0; ``None``:
        any, or a place in line when none is free) as ``name`` with ``buy_in`` chips: the request
        and its secret (said once, kept as a digest). Refused (:class:`RefusedError`, the
        table unchanged) when the table is closed, the seat not free, the name not fit or taken,
        the buy-in out of the table's bounds, or the line full."""
        table = self.table
        if table.closed or table.closing:
            raise RefusedError("forbidden", "the table is closed")
        clean = self._name(name)
        amount = self._buy_in(buy_in)
        if seat is not None and (not _whole(seat) or seat not in table.roster.free()):
            raise RefusedError("illegal", "seat: pick a free seat (or none, to wait for one)")
        if len(self.open_requests()) >= MAX_OPEN:
            raise RefusedError("rate", f"{MAX_OPEN} requests are waiting already: try again later")
        secret = secrets.token_urlsafe(24)
        number = len(self.requests) + 1
        wanted = seat if isinstance(seat, int) else None
        approved = table.config.auto_approve
        table.submit(
            SeatAsked(request=number, seat=wanted, name=clean, buy_in=amount, digest=digest(secret), approved=approved)
        )
        return self.requests[number], secret

    def answer(self, number: int, *, approve: bool) -> None:
        """The host approves or denies request ``number`` (one asked, or waiting for a seat; denied
        once given a seat not yet taken, the seat is free again and its secret stops working)."""
        request = self.requests.get(number)
        if request is None or request.status == RequestStatus.DENIED:
            raise RefusedError("illegal", f"no request {number} to answer")
        if request.status == RequestStatus.SEATED:
            kept = request.seat is not None and self.table.seats[request.seat].status == SeatStatus.RESERVED
            if approve or not kept:
                raise RefusedError("illegal", f"request {number} has its seat already")
        elif approve and request.status == RequestStatus.WAITING:
            return
        seat = request.seat
        self.table.submit(SeatAnswered(number, approve))
        if not approve and seat is not None:
            self.table.store.keep_digest(self.table.id, seat, digest(""))  # no secret is the empty one's: none is kept

    def give(self) -> bool:
        """The table's own move: give the first approved request waiting a free seat (the one it
        picked, if free). False when there is nothing to give."""
        table = self.table
        if table.closed or table.closing:
            return False
        free = table.roster.free()
        request = next((r for r in self.requests.values() if r.status == RequestStatus.WAITING), None)
        if request is None or not free:
            return False
        seat = request.wanted if request.wanted in free else free[0]
        table.submit(SeatGiven(request.number, seat))
        table.store.add_digest(request.digest, table.id, seat)
        table.store.keep_digest(table.id, seat, request.digest)  # the seat's old invite stops working
        return True

    def _name(self, name: object) -> str:
        """A name fit for the table and not in use there (nor by anyone in line)."""
        if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_CHARS:
            raise RefusedError("bad_request", f"name: 1 to {NAME_CHARS} characters")
        clean = name.strip()
        try:
            check_text("name", clean)
        except ParseError as error:
            raise RefusedError("bad_request", str(error)) from None
        roster = self.table.roster
        taken = [info.name for info in roster.former + roster.seats] + [r.name for r in self.open_requests()]
        if clean.casefold() in {other.casefold() for other in taken}:
            raise RefusedError("illegal", f"name: {clean!r} is taken at this table: pick another")
        return clean

    def _buy_in(self, amount: object) -> int:
        least, most = self.table.config.buy_in_bounds()
        if not _whole(amount) or not least <= amount <= most:  # type: ignore[operator]
            bounds = f"{least}" if least == most else f"from {least} to {most}"
            raise RefusedError("bad_request", f"buy_in: a whole number of chips, {bounds}")
        assert isinstance(amount, int)
        return amount

    # -- what open seating tells -----------------------------------------------------------------

    def open_requests(self) -> list[SeatRequest]:
        """The requests waiting for the host or for a seat, in the order made."""
        waiting = (RequestStatus.ASKED, RequestStatus.WAITING)
        return [request for request in self.requests.values() if request.status in waiting]

    def position(self, request: SeatRequest) -> int | None:
        """A request's place in line for a seat (from 1), once approved and until seated."""
        if request.status != RequestStatus.WAITING:
            return None
        line = [r.number for r in self.requests.values() if r.status == RequestStatus.WAITING]
        return line.index(request.number) + 1

    def _told(self, request: SeatRequest) -> dict[str, JSON]:
        return {
            "request": request.number,
            "status": request.status.value,
            "name": request.name,
            "position": self.position(request),
            "seat": request.seat,
        }

    def for_host(self) -> list[JSON]:
        """The requests the host may answer (``GET /api/tables``' ``requests``): those asked or
        waiting for a seat, and those given a seat not yet taken."""
        out: list[JSON] = []
        for request in self.requests.values():
            kept = request.seat is not None and self.table.seats[request.seat].status == SeatStatus.RESERVED
            if request in self.open_requests() or (request.status == RequestStatus.SEATED and kept):
                out.append({**self._told(request), "buy_in": request.buy_in, "wanted": request.wanted})
        return out

    def status_of(self, secret: str) -> dict[str, JSON] | None:
        """Where the request whose secret is ``secret`` stands (``None``: no such request)."""
        number = self._by_digest.get(digest(secret))
        return None if number is None else self._told(self.requests[number])

    def newcomer(self) -> dict[str, JSON]:
        """The table as the open link shows it: the seats (who sits where, which are free), the
        buy-in's bounds, whether the host approves, and how many wait. No stack, card or secret."""
        table = self.table
        free = table.roster.free()
        least, most = table.config.buy_in_bounds()
        return {
            "table": table.id,
            "title": table.config.display_title(),
            "status": "closed" if table.closed or table.closing else "open",
            "seats": [
                {"seat": seat, "name": None if seat in free else info.name, "free": seat in free}
                for seat, info in enumerate(table.seats)
            ],
            "buy_in": {"min": least, "max": most},
            "auto_approve": table.config.auto_approve,
            "waiting": len(self.open_requests()),
        }


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
