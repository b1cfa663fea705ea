"""Show or muck at a server table: a seat mucks at the showdown a hand the rules do not make it show,
and the seat that won the last hand without a showdown may show its cards, all or some.

The engine decides who must show (:meth:`~homegame.engine.steps.showdown.Showdown.mucking`: the
winner, the last aggressor, every hand once a player is all in); a seat says beforehand, or any time
during the hand, that it mucks what it need not show (:class:`~homegame.server.changes.Mucking`,
kept for its next hands too), and the table option ``muck = "never"`` shows every hand. Both are
changes in the table's log, so a mucked card is in no seat's or spectator's frame or download, and
a card shown is in all of them. The host's full record (``?full=1``) keeps every card.

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 50, "bots": 1, "bot_level": "caller"})
>>> table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 0)
>>> table.sit(0); _ = table.moves.auto(0)
>>> muck(table, 0, True); table.seats[0].mucks, table.hand.mucks
(True, (0,))
>>> table.act(0, 1, table.seq, {"kind": "fold"}), len(showable(table, 1)), showable(table, 0)
(True, 2, ())
>>> show(table, 1, [str(showable(table, 1)[0])]); len(showable(table, 1)), table.previous.view(None).seats[1].down
(1, ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from homegame.cards import Card, format_cards, parse
from homegame.engine.wire import JSON
from homegame.errors import IllegalActionError, ParseError
from homegame.server import changes
from homegame.server.requests import RefusedError

if TYPE_CHECKING:
    from homegame.engine.hand import Hand
    from homegame.server.config import TableConfig
    from homegame.server.roster import SeatInfo

__all__ = ["apply", "muck", "mucking", "offer", "show", "showable"]


class Shows(Protocol):
    """What the show-or-muck part of a snapshot reads of its table."""

    config: TableConfig
    seats: list[SeatInfo]
    hand: Hand | None
    previous: Hand | None
    previous_dealt: tuple[int, ...]


class Written(Protocol):
    """A finished hand kept with the texts written of it (:class:`~homegame.server.finished.Finished`)."""

    @property
    def hand(self) -> Hand: ...
    @property
    def texts(self) -> dict[int | None, str]: ...


class Owner(Shows, Protocol):
    """What show or muck reads and changes of its table (a :class:`~homegame.server.table.ServerTable`),
    and its one door, ``submit``."""

    dealt: tuple[int, ...]

    @property
    def finished(self) -> Sequence[Written]: ...

    def submit(self, made: changes.Change) -> None: ...


def muck(table: Owner, seat: int, muck: bool) -> None:
    """``seat`` mucks from now on (the hand in progress too) a hand it need not show at the showdown,
    or shows every hand again; refused at a table whose ``muck`` is ``never``."""
    if table.config.muck != "allowed":
        raise RefusedError("illegal", "this table shows every hand at the showdown (muck: never)")
    if table.seats[seat].mucks != muck:
        table.submit(changes.Mucking(seat, muck))


def offer(table: Shows, viewer: int | None) -> JSON:
    """The snapshot's ``muck`` for ``viewer``: whether the table lets a seat muck (``allowed``),
    whether the viewer mucks what it need not show (``on``), and the cards of the last hand it may
    show now (``show``: it won without a showdown; ``[]``: none); ``None`` for a spectator."""
    if viewer is None or not 0 <= viewer < len(table.seats):
        return None
    allowed = table.config.muck == "allowed"
    cards: list[JSON] = [str(card) for card in showable(table, viewer)]
    return {"allowed": allowed, "on": allowed and table.seats[viewer].mucks, "show": cards}


def showable(table: Shows, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may show now: of the last hand, won without a showdown, those not shown
    yet, while the table waits for the next deal; else none."""
    hand = table.previous
    if hand is None or table.hand is not None or seat not in table.previous_dealt:
        return ()
    return hand.showable(table.previous_dealt.index(seat))


def show(table: Owner, seat: int, cards: object) -> None:
    """``seat`` shows ``cards`` (a list of notation) of the last hand, won without a showdown."""
    if not isinstance(cards, list) or not 0 < len(cards) <= 64 or not all(isinstance(card, str) for card in cards):
        raise RefusedError("bad_request", 'show: cards must be a list of cards, such as ["As"]')
    try:
        chosen = parse(" ".join(cards))
    except ParseError as error:
        raise RefusedError("bad_request", f"show: {error}") from None
    may = showable(table, seat)
    if not may or any(card not in may for card in chosen) or len(set(chosen)) != len(chosen):
        can = format_cards(may) or "nothing (only the winner of a hand nobody called, before the next deal)"
        raise RefusedError("illegal", f"you cannot show {format_cards(chosen)}: you may show {can}")
    table.submit(changes.Showed(seat, format_cards(chosen)))


def mucking(table: Owner) -> list[int]:
    """The table seats that muck what they need not show in the next deal."""
    if table.config.muck != "allowed":
        return []
    return [seat for seat, info in enumerate(table.seats) if info.mucks]


def apply(table: Owner, made: changes.Mucking | changes.Showed) -> None:
    """Apply a change of this module's (the engine refuses what it may not do: a
    :class:`ValueError`, the change taken back)."""
    match made:
        case changes.Mucking(seat, on):
            table.seats[seat].mucks = on
            hand = table.hand
            if hand is not None and seat in table.dealt and not hand.over:
                hand.set_muck(table.dealt.index(seat), on)
        case changes.Showed(seat, cards):
            hand = table.previous
            if hand is None or seat not in table.previous_dealt:
                raise IllegalActionError(f"seat {seat} has no hand to show")
            hand.show_won(table.previous_dealt.index(seat), parse(cards))
            for kept in table.finished[-1:]:  # the seats' history of it, written before, is written again
                if kept.hand is hand:
                    kept.texts.clear()
