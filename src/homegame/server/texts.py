"""The JSON text of hands' views as the server's snapshots carry them, each piece written once:
what every viewer sees alike once a change, what never changes once a hand (the events as a seat
sees them, a seat as a viewer sees it, the hands cards make, the result). The only place, with the
snapshot's own fields (:meth:`~homegame.server.table.ServerTable.snapshot_text`), that splices JSON
text: the text is the same as :func:`json.dumps` of the wire's JSON, compact.

>>> import random
>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> hand = Hand(load("holdem"), [100, 100], rng=random.Random(1))
>>> texts = ViewTexts()
>>> text, events, result = texts.text(hand, 0, 1, (hand,), {0: "you", 1: "bo"})
>>> json.loads(text)["seats"] == to_json(hand.view(0))["seats"], json.loads(events)[0]["text"], result
(True, 'you post the small blind 1', 'null')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import partial

from homegame.engine.describe import describe
from homegame.engine.events import Event
from homegame.engine.hand import Hand
from homegame.engine.view import View, build_view
from homegame.engine.wire import JSON, event_json, event_pots, prompt_json, result_json, to_json

__all__ = ["ViewTexts", "dumps", "plain"]


class ViewTexts:
    """The texts written of the views of the hands a table holds (the one in progress, the last)."""

    def __init__(self) -> None:
        self._written: dict[int, _Written] = {}

    def text(
        self, hand: Hand, seat: int | None, seq: int, keep: tuple[Hand | None, ...], names: Mapping[int, str]
    ) -> tuple[str, str, str]:
        """The view of ``hand`` for one of its seats as JSON text, with the text of its events and
        of its result, told with ``names`` (the players' names by the hand's seat, the viewer's
        ``you``). What every viewer sees alike is built and written once a change (the
        spectator's view: see :func:`~homegame.engine.view.build_view`), and only the seat's own
        parts for each seat. What never changes is written once: the events for each viewer (an
        event as a seat sees it stays the same: a later event reveals more), each seat as a viewer
        sees it and each event, shared by every viewer who sees it the same, the hand a seat's
        cards make (the same cards, the same hand), each viewer's result. ``seq``: the table's change (the
        public view is written again at each); ``keep``: the hands whose texts are kept (the one in
        progress, the last)."""
        written = self._written.get(id(hand))
        if written is None or written.hand is not hand:
            kept = {id(held): self._written[id(held)] for held in keep if id(held) in self._written}
            written = kept[id(hand)] = _Written(hand)
            self._written = kept
        if written.seq != seq or written.public is None:
            public = build_view(hand, None, None, () if written.public is None else written.public.events)
            written.seq, written.public = seq, public
            written.seats = [written.text(seat_view) for seat_view in public.seats]
            written.parts = [
                None if name in _OWN else f'"{name}":{written.value(public, name)}' for name in _VIEW_FIELDS
            ]
        view = written.public
        if seat is not None:
            view = build_view(hand, seat, view, written.seen.get(seat, ()))
            written.seen[seat] = view.events
        events = written.events.setdefault(seat, [])
        new = view.events[len(events) :]
        for event, pot in zip(new, event_pots(view.events, view.pot, len(events)), strict=True):
            said = describe(event, names)  # the same words for several viewers: written once
            events.append(written.field((event, pot, said), event, partial(event_json, event, pot, said)))
        events_text = f"[{','.join(events)}]"
        seats = written.seats
        if seat is not None:
            seats = [*seats[:seat], written.text(view.seats[seat]), *seats[seat + 1 :]]
        result = "null"
        if view.result is not None:
            if seat not in written.result:
                written.result[seat] = dumps(result_json(view.result, names))
            result = written.result[seat]
        prompt = "null" if view.prompt is None else dumps(prompt_json(view.prompt, names))
        own = {"seats": f"[{','.join(seats)}]", "events": events_text, "result": result, "prompt": prompt}
        parts = [
            part or f'"{name}":{own.get(name) or written.value(view, name)}'
            for name, part in zip(_VIEW_FIELDS, written.parts, strict=True)
        ]
        return f"{{{','.join(parts)}}}", events_text, result


class _Written:
    """What is already written as JSON text of one hand's views (see :meth:`ViewTexts.text`):
    the spectator's view at the table's change ``seq`` (``public``) with the text of its seats and
    of the fields every viewer shares (``parts``, ``None`` for a viewer's own), each seat's events
    so far as it sees them (``seen``) and each viewer's written, the result, and every value
    written (seats as a viewer sees them, events, judged hands) by the value, so equal values,
    whoever sees them, are written once."""

    __slots__ = ("events", "hand", "parts", "public", "result", "seats", "seen", "seq", "texts")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.seq = -1
        self.public: View | None = None
        self.seats: list[str] = []
        self.parts: list[str | None] = []
        self.events: dict[int | None, list[str]] = {}
        self.seen: dict[int, tuple[Event, ...]] = {}
        self.texts: dict[object, str] = {}
        self.result: dict[int | None, str] = {}

    def value(self, view: View, name: str) -> str:
        """The JSON text of the view's field ``name`` as :func:`~homegame.engine.wire.to_json` writes
        it (but the seats' and the events': :meth:`ViewTexts.text` joins those)."""
        value = getattr(view, name)
        if (simple := plain(value)) is not None:
            return simple
        if name == "hands":
            return f"[{','.join(self.text(made) for made in value)}]"
        if name == "rows":
            return self.field((name, value), value, lambda: {row: to_json(cards) for row, cards in value})
        return self.field((name, value), value)

    def text(self, value: object) -> str:
        """``value`` as JSON text, written once."""
        return self.field(value, value)

    def field(self, key: object, value: object, data: Callable[[], JSON] | None = None) -> str:
        """The JSON text of ``value`` (or of ``data()``), written once for ``key``."""
        try:
            return self.texts[key]
        except KeyError:
            text = self.texts[key] = dumps(to_json(value) if data is None else data())
            return text
        except TypeError:  # a value that cannot be a key: written each time
            return dumps(to_json(value) if data is None else data())


_VIEW_FIELDS = tuple(field.name for field in fields(View))
"""A view's fields, in the order they are written."""

_OWN = frozenset(
    {"viewer", "seats", "legal", "events", "result", "wild", "hands", "pot_after_call", "pot_sizes", "prompt"}
)
"""A view's fields that are the viewer's own (the others are the same in every viewer's view)."""

dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""JSON text as the messages write it (compact, UTF-8)."""


def plain(value: object) -> str | None:
    """The JSON text of ``None``, a bool, an int or a string, written without the encoder's machinery
    (most of a view's fields are such); ``None`` for any other value, a :class:`~homegame.cards.Rank`
    too (an int the wire writes as its symbol).

    >>> from homegame.cards import Rank
    >>> [plain(value) for value in (None, True, 7, "as")], plain(Rank.NINE)
    (['null', 'true', '7', '"as"'], None)
    """
    kind = type(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    return dumps(value) if kind is str else None
