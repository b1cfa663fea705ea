"""From a legal-action descriptor to an action, for any kind of action, old or new.

A :class:`~homegame.engine.actions.Legal` descriptor says what a seat may do
(a kind, with bounds, cards, choices or hand sizes); an
:class:`~homegame.engine.actions.Action` is what it does. :func:`make` builds
the action of a descriptor from an amount, some cards, a choice or a division
into hands by writing the action's notation and reading it back with
:func:`~homegame.engine.actions.parse_action`, then checks it against the
descriptor. Kinds the engine learns later work here without code, as long as
their notation is ``kind [cards] [choice | amount]`` or ``kind CARDS / CARDS``.
Bots and the terminal both build actions this way.

>>> from homegame.cards import parse
>>> print(make(Legal(kind="raise_to", min=40, max=200), amount=60))
raise_to 60
>>> print(make(Legal(kind="call", min=5, max=5)), make(Legal(kind="declare", choices=("high", "low")), choice="low"))
call declare low
>>> print(make(Legal(kind="draw", min=0, max=3, cards=parse("As Kd 7c 4h 2s")), cards=parse("7c 2h")))
Traceback (most recent call last):
...
homegame.errors.IllegalActionError: draw 7c 2h: 2h not among your cards
>>> print(make(Legal(kind="place", cards=parse("Kd 7c"), choices=("front", "back")), cards=parse("7c"), choice="back"))
place 7c back
>>> print(simplest((Legal(kind="fold"), Legal(kind="call", min=2, max=2), Legal(kind="raise_to", min=4, max=9))))
call
>>> print(simplest((Legal(kind="split", cards=parse("2c As 7d Ad Kh Qs 3h"), sizes=(5, 2)),)))
split As Ad Kh Qs 7d / 3h 2c
>>> print(make(Legal(kind="split", cards=parse("As Ad 3h 2c"), sizes=(2, 2), choices=("As 2c / Ad 3h",))))
split As 2c / Ad 3h
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from homegame.cards import Card, format_cards, parse
from homegame.engine.actions import Action, Legal, Split, parse_action
from homegame.errors import IllegalActionError, ParseError
from homegame.ranking import get
from homegame.ranking.kernel import Evaluator

__all__ = ["make", "simplest", "strongest_first"]

_PREFERRED = ("check", "call", "bring_in", "decline", "keep")
"""The kinds :func:`simplest` takes first: they keep a seat in the hand for the least."""


def make(
    legal: Legal,
    *,
    amount: int | None = None,
    cards: Sequence[Card] | None = None,
    choice: str | None = None,
    hands: Sequence[Sequence[Card]] | None = None,
) -> Action:
    """The action of kind ``legal.kind`` with ``amount`` (default: the least allowed), ``cards``
    (default: the first ``legal.min`` of ``legal.cards``, or the first card when a choice goes with
    it), ``choice`` (default: the first) or ``hands`` (a division of the cards, strongest first;
    default: the strongest of the legal splits the descriptor lists, else :func:`strongest_first`).

    Raises :class:`~homegame.errors.IllegalActionError` saying why when the result is not within
    the descriptor's bounds, or when no notation of that kind reads back.
    """
    kind = legal.kind
    picked = choice if choice is not None else legal.choices[0] if legal.choices else ""
    if cards is None:
        cards = legal.cards[: max(legal.min, 1 if legal.choices else 0)]
    forms = []
    if legal.sizes or hands is not None:
        parts = hands if hands is not None else _strongest_split(legal)
        forms.append(f"{kind} " + " / ".join(format_cards(part) for part in parts))
    if legal.cards and legal.choices:
        forms.append(f"{kind} {format_cards(cards)} {picked}")
    if legal.choices:
        forms.append(f"{kind} {picked}")
    if legal.cards or cards:
        forms.append(f"{kind} {format_cards(cards)}".rstrip())
    forms += [kind, f"{kind} {legal.min if amount is None else amount}"]
    for form in forms:
        try:
            action = parse_action(form)
        except ParseError:
            continue
        if action.kind == kind:
            legal.check(action)
            if isinstance(action, Split) and legal.choices and not _listed(action.hands, legal.choices):
                raise IllegalActionError(f"{action}: not one of the splits the rules allow here")
            return action
    raise IllegalActionError(f"cannot make a {kind} action from {forms[0]!r}")


def simplest(legal: Sequence[Legal]) -> Action:
    """The least committal legal action: check, else call, else bring in, else decline or keep
    (what is offered), else the smallest instance of the first other kind (stand pat, the first
    choice, the least amount, the strongest hands first), folding only when nothing else is
    allowed. The caller bot plays this; other bots fall back on it for kinds they do not
    understand."""
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


def _listed(hands: Sequence[Sequence[Card]], choices: Sequence[str]) -> bool:
    """Whether ``hands`` is one of the splits listed in ``choices`` (cards in any order within a hand)."""
    wanted = tuple(frozenset(hand) for hand in hands)
    return any(tuple(frozenset(parse(part)) for part in choice.split("/")) == wanted for choice in choices)


def _strongest_split(legal: Legal) -> tuple[tuple[Card, ...], ...]:
    """The split with the strongest first hand, then second...: among the listed legal splits when
    the descriptor lists them, else :func:`strongest_first`."""
    if not legal.choices:
        return strongest_first(legal.cards, legal.sizes)
    high = get("high")
    splits = [tuple(parse(part) for part in choice.split("/")) for choice in legal.choices]
    return max(splits, key=lambda hands: tuple(high.evaluate(hand).key for hand in hands))


def strongest_first(cards: Sequence[Card], sizes: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """``cards`` divided into hands of ``sizes``: the best hand of the first size (by the high
    ranking), then the best of what is left, and so on, so each hand is at least as strong as the
    next, as the split games require. Each hand lists its cards as the ranking counts them."""
    high = get("high")
    fast = Evaluator.for_ranking(high)

    def strength(hand: Sequence[Card]) -> int:
        if fast is not None and 5 <= len(hand) <= 7 and not any(card.is_joker for card in hand):
            return fast.rank([card.code for card in hand])
        return high.evaluate(hand).key

    left = list(cards)
    hands = []
    for size in sizes:
        part = tuple(left) if size >= len(left) else max(combinations(left, size), key=strength)
        counted = high.evaluate(part).cards if part else ()
        hands.append((*counted, *(card for card in part if card not in counted)))
        left = [card for card in left if card not in part]
    return tuple(hands)
