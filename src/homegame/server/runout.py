"""An all-in runout, dealt street by street: the engine deals the cards left in one go once nobody
can bet, and the server shows them as a dealer would, one street at a time with a pause between.

The hand is over (and its end committed) before the first street is shown: a :class:`Runout` only
holds back what the snapshots show, never what the table holds. Each street's frame is the view
the hand ended with as that viewer saw it, wound back to the moment the street was dealt: the
events up to it, the cards dealt after it taken off the board and the seats, the chips won after
it back in the pot, no result yet. A frame therefore never shows a card the viewer does not see
at the end of the hand; the hands shown at the showdown stay face up, as a table turns them over
once all are all in. A table restored from its log after a kill shows the hand finished.

>>> import json, random
>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> from homegame.engine.actions import Call, RaiseTo
>>> from homegame.engine.wire import to_json
>>> hand = Hand(load("holdem"), [100, 100], rng=random.Random(3))
>>> _ = hand.act(0, RaiseTo(100)), hand.act(1, Call())
>>> runout = Runout.of(hand, settled_at=1000, pause=1500)
>>> runout.streets, runout.street, runout.next_at, runout.shown_at
(3, 1, 2500, 5500)
>>> flop = json.loads(runout.frame(json.dumps(to_json(hand.view(1)))))
>>> flop["board"], flop["over"], flop["result"], flop["pot"], [seat["stack"] for seat in flop["seats"]]
(['8h', 'As', '7h'], False, None, 200, [0, 0])
>>> flop["seats"][0]["down"], flop["events"][-1]["text"], len(flop["events"])
(['9c', '6s'], 'board dealt 8h As 7h up', 10)
>>> runout.due(2499), runout.due(2500), runout.street, runout.done
(False, True, 2, False)
>>> runout.due(5500), runout.due(5500), runout.done
(True, True, True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from homegame.engine.events import Burned, CarriedOver, Dealt, Event, Shown, Won
from homegame.engine.hand import Hand
from homegame.ranking.wild import Lowest
from homegame.server.texts import dumps

__all__ = ["Runout"]

_SHOWDOWN = (Shown, Won, CarriedOver)
"""What may follow the last street of a runout that is shown street by street: the hands shown
and the pots won (a frame winds those back)."""


class Runout:
    """The streets of a hand that ended dealing cards nobody could bet on (all in), shown one at a
    time from ``settled_at`` (ms), ``pause`` ms apart. ``street`` is the number of streets shown
    (from 1); once all are and the last pause is over, the runout is ``done`` and the snapshots show
    the finished hand."""

    def __init__(self, events: Sequence[Event], cuts: Sequence[int], settled_at: int, pause: int) -> None:
        self.events = tuple(events)
        self.cuts = tuple(cuts)
        """The number of the hand's events up to the end of each street."""
        self.started = settled_at
        self.pause = pause
        self.street = 1

    @classmethod
    def of(cls, hand: Hand, settled_at: int, pause: int) -> Runout | None:
        """The runout of a finished ``hand``, ``None`` when it has none to show (the last cards
        were bet on, nothing was dealt after the last decision, no pause), or when a frame could
        not be made from its end (the cards dealt made a wild card: Follow the Queen, The Option)."""
        if pause <= 0 or any(
            spec.dynamic or spec.lowest is not Lowest.NONE for spec in hand.game.steps[-1].wild_specs()
        ):
            return None
        cuts = streets(hand.events)
        return cls(hand.events, cuts, settled_at, pause) if cuts else None

    @property
    def streets(self) -> int:
        """How many streets the runout shows."""
        return len(self.cuts)

    @property
    def next_at(self) -> int:
        """When the next street (or, after the last, the finished hand) is shown (ms)."""
        return self.started + self.street * self.pause

    @property
    def shown_at(self) -> int:
        """When the finished hand is shown: the last street's pause over (ms)."""
        return self.started + self.streets * self.pause

    @property
    def done(self) -> bool:
        """Every street shown, and the finished hand."""
        return self.street > self.streets

    def due(self, now: int) -> bool:
        """Show the next street (or the finished hand) if its time has come at ``now``; True when
        the snapshots changed."""
        if self.done or now < self.next_at:
            return False
        self.street += 1
        return True

    def stacks(self, stacks: Sequence[int]) -> list[int]:
        """The hand's seats' ``stacks`` as they end, wound back to the street shown (the pots not
        won yet)."""
        wound = list(stacks)
        for event in self.events[self.cuts[self.street - 1] :]:
            if isinstance(event, Won):
                wound[event.seat] -= event.amount
        return wound

    def frame(self, text: str) -> str:
        """The street shown, from the JSON text of a viewer's view of the hand's end (the
        snapshot's ``last.view``): that view wound back to the moment the street was dealt."""
        view: dict[str, Any] = json.loads(text)
        cut = self.cuts[self.street - 1]
        rows, seen = view["rows"], view["seats"]
        pot = view["pot"]
        for event in self.events[cut:]:
            match event:
                case Dealt(seat=None, up=True, row=row, cards=cards):
                    rows[row] = rows[row][: len(rows[row]) - len(cards)]
                case Dealt(seat=int(seat), up=True, cards=cards):
                    seen[seat]["up"] = seen[seat]["up"][: len(seen[seat]["up"]) - len(cards)]
                case Dealt(seat=int(seat), up=False, cards=cards):
                    mine = seen[seat]
                    mine["down_count"] -= len(cards)
                    if mine["down"] is not None:
                        mine["down"] = mine["down"][: max(0, len(mine["down"]) - len(cards))]
                case Won(amount=amount) | CarriedOver(amount=amount):
                    pot += amount
        for seat, stack in zip(seen, self.stacks([seat["stack"] for seat in seen]), strict=True):
            seat["stack"] = stack
            seat["all_in"] = stack == 0 and not seat["folded"]
        view.update(
            board=rows.get("board", []),
            events=view["events"][:cut],
            pot=pot,
            to_act=[],
            legal=[],
            over=False,
            result=None,
            hands=[],
            pot_after_call=None,
            pot_sizes=[],
        )
        return dumps(view)


def streets(events: Sequence[Event]) -> tuple[int, ...]:
    """The ends of the streets dealt after a hand's last decision (each a number of events), when
    nothing but the hands shown and the pots won follows the last; ``()`` when none was.

    A street is a run of cards dealt (burns before them included), each to another seat or row:
    a second deal to the same place is the next street.

    >>> from homegame.cards import parse
    >>> from homegame.engine.actions import Call
    >>> from homegame.engine.events import Acted
    >>> board = lambda cards: Dealt(seat=None, cards=parse(cards), up=True)
    >>> events = [Acted(1, Call()), Burned(1), board("8h As 7h"), board("4h"), Burned(1), board("3h")]
    >>> streets(events), streets([*events, Won(seat=1, amount=200)]), streets([*events, Acted(0, Call())])
    ((3, 4, 6), (3, 4, 6), ())
    """
    last = next((index for index in range(len(events) - 1, -1, -1) if isinstance(events[index], Dealt)), None)
    if last is None or not all(isinstance(event, _SHOWDOWN) for event in events[last + 1 :]):
        return ()
    start = last
    while start > 0 and isinstance(events[start - 1], Dealt | Burned):
        start -= 1
    cuts: list[int] = []
    places: set[tuple[int | None, str]] = set()
    for index in range(start, last + 1):
        event = events[index]
        if not isinstance(event, Dealt):
            if places:  # a burn after cards dealt: the next street
                cuts.append(index)
                places = set()
            continue
        place = (event.seat, event.row)
        if place in places:
            cuts.append(index)
            places = set()
        places.add(place)
    cuts.append(last + 1)
    return tuple(cuts)
