"""From a legal-action descriptor to an action, for any kind of action, old or new.

A :class:`~homegame.engine.actions.Legal` descriptor says what a seat may do
(a kind, with bounds, cards or choices); an :class:`~homegame.engine.actions.Action`
is what it does. :func:`make` builds the action of a descriptor from an amount,
some cards or a choice by writing the action's notation and reading it back
with :func:`~homegame.engine.actions.parse_action`, then checks it against the
descriptor. Kinds the engine learns later (buying, passing, keeping...) work
here without a line of code, as long as their notation is
``kind [amount | cards | choice]``. Bots and the terminal both build actions
this way.

>>> from homegame.cards import parse
>>> from homegame.engine.actions import Legal
>>> print(make(Legal(kind="raise_to", min=40, max=200), amount=60))
raise_to 60
>>> print(make(Legal(kind="call", min=5, max=5)), make(Legal(kind="declare", choices=("high", "low")), choice="low"))
call declare low
>>> print(make(Legal(kind="draw", min=0, max=3, cards=parse("As Kd 7c 2h")), cards=parse("7c 2h")))
draw 7c 2h
>>> print(simplest((Legal(kind="fold"), Legal(kind="call", min=2, max=2), Legal(kind="raise_to", min=4, max=9))))
call
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.cards import Card, format_cards
from homegame.engine.actions import Action, Legal, parse_action
from homegame.errors import IllegalActionError, ParseError

__all__ = ["make", "simplest"]

_PREFERRED = ("check", "call", "bring_in")
"""The kinds :func:`simplest` takes first: they keep a seat in the hand for the least."""


def make(
    legal: Legal, *, amount: int | None = None, cards: Sequence[Card] | None = None, choice: str | None = None
) -> Action:
    """The action of kind ``legal.kind`` with ``amount`` (default: the least allowed), ``cards``
    (default: the first ``legal.min`` of ``legal.cards``) or ``choice`` (default: the first).

    Raises :class:`~homegame.errors.IllegalActionError` saying why when the result is not within
    the descriptor's bounds, or when no notation of that kind reads back.
    """
    kind = legal.kind
    chosen = cards if cards is not None else legal.cards[: legal.min]
    forms = [kind]
    if legal.choices:
        forms.insert(0, f"{kind} {choice if choice is not None else legal.choices[0]}")
    if legal.cards or cards is not None:
        forms.insert(0, f"{kind} {format_cards(chosen)}".rstrip())
    forms.append(f"{kind} {legal.min if amount is None else amount}")
    for form in forms:
        try:
            action = parse_action(form)
        except ParseError:
            continue
        if action.kind == kind:
            legal.check(action)
            return action
    raise IllegalActionError(f"cannot make a {kind} action from {forms[0]!r}")


def simplest(legal: Sequence[Legal]) -> Action:
    """The least committal legal action: check, else call, else bring in, else the smallest
    instance of the first other kind (stand pat, the first choice, the least amount), folding
    only when nothing else is allowed. The caller bot plays this; other bots fall back on it
    for kinds they do not understand."""
    by_kind = {option.kind: option for option in legal}
    for kind in _PREFERRED:
        if kind in by_kind:
            return make(by_kind[kind])
    for option in legal:
        if option.kind != "fold":
            try:
                return make(option)
            except IllegalActionError:
                continue
    if "fold" in by_kind:
        return make(by_kind["fold"])
    raise IllegalActionError(f"no action can be made from {', '.join(map(str, legal)) or 'nothing'}")
