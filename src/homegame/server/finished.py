"""A seat's previous hands, kept by the server: every hand a table finished (:class:`Finished`, kept
as the table settles it, so a table restored from its log has them again), and the pages of them a
player asks for over the socket (``{"type": "history", "before": HAND}``, docs/protocol.md).

Each hand is written as the snapshot's ``last`` is (:func:`~homegame.server.snapshot.last_text`),
from one viewer's view: the seat's own when its player was dealt in, else the public view (a hand
before they sat, one they sat out, or one dealt to whoever held the seat before them). So a hand
never shows another seat's hidden cards, nor the cards of the seat's previous player.

>>> import json
>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 50, "bots": 1, "bot_level": "caller"})
>>> table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 0)
>>> table.sit(0)
>>> for _ in range(100):  # seat 0 checks or folds until three hands are played
...     while table.moves.auto(0):
...         pass
...     if len(table.finished) == 3:
...         break
...     kinds = {str(legal.kind) for legal in table.hand.legal_actions(table.dealt.index(0))}
...     _ = table.act(0, table.number, table.seq, {"kind": "check" if "check" in kinds else "fold"})
>>> hands = [json.loads(text) for text in page(table, 0)]
>>> [hand["hand"] for hand in hands], [hand["hand"] for hand in map(json.loads, page(table, 0, before=3, size=1))]
([3, 2, 1], [2])
>>> page(table, 0)[0] is page(table, 0)[0]  # written once
True
>>> hands[0]["view"]["viewer"] == hands[0]["dealt"].index(0), hands[0]["result"] is not None
(True, True)
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from homegame.engine.describe import names_for
from homegame.server.snapshot import last_text
from homegame.server.texts import ViewTexts

if TYPE_CHECKING:
    from homegame.engine.hand import Hand
    from homegame.server.roster import SeatInfo

__all__ = ["PAGE", "Finished", "page"]

PAGE = 10
"""The most hands one answer to ``history`` holds."""

WRITTEN = 256
"""The most hands' texts (each as one viewer saw it) kept written at once, over every table: a
page is written once, and asked for again by every seat connecting again (writing a hand's view
costs milliseconds: a page, a tenth of a second or more)."""
_written: deque[tuple[Finished, int | None]] = deque()
"""The hands' texts kept, oldest first: which hand, which viewer."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Finished:
    """A hand the table finished: its number, the hand, the table seats it was dealt to, and, by
    the hand's seat, the players' names and player ids as they were then (a seat's player may
    change: the host removes one, someone new sits)."""

    number: int
    hand: Hand
    dealt: tuple[int, ...]
    names: tuple[str, ...]
    players: tuple[str, ...]
    texts: dict[int | None, str] = field(default_factory=dict, compare=False, repr=False)
    """The hand's text as each viewer saw it, once written (the last :data:`WRITTEN` written are kept)."""

    @classmethod
    def of(cls, number: int, hand: Hand, dealt: tuple[int, ...], seats: Sequence[SeatInfo]) -> Finished:
        """The hand ``number`` just settled, dealt to ``dealt``, its players read from ``seats``."""
        names = tuple(seats[seat].name for seat in dealt)
        return cls(number=number, hand=hand, dealt=dealt, names=names, players=tuple(seats[s].player_id for s in dealt))

    def viewer(self, seat: int, player: str) -> int | None:
        """The hand's seat whose view ``player`` in table seat ``seat`` is shown: theirs when they
        were dealt in, else ``None`` (the public view)."""
        if seat not in self.dealt:
            return None
        index = self.dealt.index(seat)
        return index if self.players[index] == player else None


class Kept(Protocol):
    """What :func:`page` reads of a table (a :class:`~homegame.server.table.ServerTable`)."""

    finished: list[Finished]
    seats: list[SeatInfo]


def page(table: Kept, seat: int, *, before: int | None = None, size: int = PAGE) -> list[str]:
    """The JSON texts of the last ``size`` hands ``table`` finished before hand ``before`` (``None``:
    the last ones), most recent first, as the player now in table seat ``seat`` saw them."""
    finished = table.finished
    end = len(finished) if before is None else bisect.bisect_left(finished, before, key=lambda kept: kept.number)
    player = table.seats[seat].player_id
    return [_text(kept, kept.viewer(seat, player)) for kept in reversed(finished[max(0, end - size) : end])]


def _text(kept: Finished, viewer: int | None) -> str:
    """The JSON text of ``kept`` as its seat ``viewer`` saw it (``None``: the public view), told with
    the names the players had: written once, while it is among the last :data:`WRITTEN` written."""
    text = kept.texts.get(viewer)
    if text is None:
        names: Mapping[int, str] = names_for(list(kept.names), viewer)
        hand, number, dealt = kept.hand, kept.number, kept.dealt
        text = kept.texts[viewer] = last_text(ViewTexts(), hand, number=number, dealt=dealt, seat=viewer, names=names)
        _written.append((kept, viewer))
        while len(_written) > WRITTEN:
            old, seen = _written.popleft()
            old.texts.pop(seen, None)
    return text
