"""Events in words for the people at the table: the one describer the wire's ``text`` comes from.

An event says itself with :meth:`~homegame.engine.events.Event.describe` (the engine's wording,
seats by number unless named). A screen wants a little more: the players' names, "you" for the
person reading, the actions as people say them ("ann raises to 60", not ``raise_to 60``), the
blinds without underscores. :func:`describe` gives that, and is the one place a wording plugs in:
:func:`wording` registers one for an event type (a step kind's own events may bring theirs), and an
event without one is told in its own :meth:`~homegame.engine.events.Event.describe`.

>>> from homegame.engine.actions import Call, RaiseTo
>>> from homegame.engine.events import Acted, Posted, Won
>>> names = {0: "ann", 1: "you"}
>>> describe(Posted(0, "small_blind", 1), names)
'ann posts the small blind 1'
>>> describe(Acted(1, RaiseTo(60), 59), names), describe(Acted(0, Call(), 59), names)
('you raise to 60', 'ann calls 59')
>>> describe(Won(seat=1, amount=120), names)
'you win 120 from the main pot'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from homegame.engine.events import Acted, Event, Judged, Names, Posted, says

__all__ = ["Wording", "describe", "judged_text", "names_for", "wording"]

Wording = Callable[[Any, Names], str]
"""How one type of event is said: the event (of the type it is registered for) and the players'
names to the words."""

_WORDINGS: dict[type[Event], Wording] = {}


def wording(cls: type[Event]) -> Callable[[Wording], Wording]:
    """Register the wording of the events of type ``cls`` (and of its subclasses that have none of
    their own), replacing any before it: the hook a step kind's events use to say themselves.

    >>> from homegame.engine.events import Burned
    >>> @wording(Burned)
    ... def _burned(event, names):
    ...     return f"{event.count} burned"
    >>> describe(Burned(1), {})
    '1 burned'
    >>> del _WORDINGS[Burned]
    >>> describe(Burned(1), {})
    'burn 1'
    """

    def register(function: Wording) -> Wording:
        _WORDINGS[cls] = function
        return function

    return register


def describe(event: Event, names: Names) -> str:
    """``event`` in words, each seat called by ``names`` (the viewer's seat named ``"you"`` is
    spoken to); the engine's own wording where no other is registered."""
    for cls in type(event).__mro__:
        said = _WORDINGS.get(cls)
        if said is not None:
            return said(event, names)
    return event.describe(names)


def judged_text(judged: Judged) -> str:
    """A judged hand as a screen says it: the contest (a column by its number), the hand's name,
    what each wild card stands for, and a low or a spade that does not qualify.

    >>> from homegame.engine.events import Made
    >>> from homegame.cards import parse
    >>> from homegame.ranking.core import Category
    >>> joker, ace = parse("Jk Ah")
    >>> made = Made(name="pair of aces", category=Category.ONE_PAIR, cards=parse("As Jk"), wild=((joker, ace),))
    >>> judged_text(Judged(side="high", held=(), given=made))
    'high: pair of aces (Jk as Ah)'
    >>> judged_text(Judged(side="3", held=(), given=made))
    'column 3: pair of aces (Jk as Ah)'
    """
    made = judged.made
    text = made.name
    if made.wild:
        text += " (" + ", ".join(f"{wild} as {card}" for wild, card in made.wild) + ")"
    if not made.qualified and " or better" not in made.name:
        text += " (does not qualify)"
    side = f"column {judged.side}" if judged.side.isdigit() else judged.side
    return f"{side}: {text}" if side else text


def names_for(seats: dict[int, str] | list[str], viewer: int | None) -> dict[int, str]:
    """The names of a hand's seats (by seat, or a list in seat order), the ``viewer``'s as ``you``.

    >>> names_for(["ann", "bob"], 1)
    {0: 'ann', 1: 'you'}
    >>> names_for({}, 0)
    {0: 'you'}
    """
    named = dict(enumerate(seats)) if isinstance(seats, list) else dict(seats)
    if viewer is not None:
        named[viewer] = "you"
    return named


_VERBS = {
    "raise_to": "raises to",
    "bet_to": "bets",
    "bring_in": "brings in",
    "pass": "passes",
    "push": "pushes",
}


@wording(Posted)
def _posted(event: Posted, names: Names) -> str:
    """``ann posts the big blind 2``, ``you post an ante 1``."""
    blind = event.blind.replace("_", " ")
    article = "an" if blind[:1] in "aeiou" else "the"
    return f"{says(names, event.seat, 'posts')} {article} {blind} {event.amount}"


@wording(Acted)
def _acted(event: Acted, names: Names) -> str:
    """``ann raises to 60``, ``you call 2``, ``bob folds``, ``ann draws Kc 2d``."""
    kind = event.action.kind.value
    verb = _VERBS.get(kind, kind + "s")
    _, _, rest = str(event.action).partition(" ")
    if event.put_in and not hasattr(event.action, "amount"):
        rest = f"{rest} {event.put_in}".strip()
    said = says(names, event.seat, verb)
    return f"{said} {rest}" if rest else said
