"""The least committal legal action, and the strongest division of cards into hands.

A legal-action descriptor (:mod:`homegame.engine.actions`) makes its own action
from its parts (``legal.make(60)``, ``legal.make(cards)``...). What a bot still
has to decide is *which* action; :func:`simplest` picks the one that keeps a seat
in the hand for the least, whatever the game, and :func:`strongest_first` divides
cards into hands each at least as strong as the next, as the split games require.

>>> from homegame.cards import parse
>>> from homegame.engine.actions import ActionKind, AmountLegal, DivideLegal, PlainLegal
>>> fold, call = PlainLegal(ActionKind.FOLD), PlainLegal(ActionKind.CALL, chips=2)
>>> print(simplest((fold, call, AmountLegal(ActionKind.RAISE_TO, min=4, max=9))))
call
>>> print(simplest((DivideLegal(ActionKind.SPLIT, parse("2c As 7d Ad Kh Qs 3h"), sizes=(5, 2)),)))
split As Ad Kh Qs 7d / 3h 2c
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, DivideLegal, Hands, Legal
from homegame.errors import IllegalActionError
from homegame.ranking import get
from homegame.ranking.kernel import Evaluator

__all__ = ["simplest", "strongest", "strongest_first"]

_PREFERRED = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.DECLINE, ActionKind.KEEP)
"""The kinds :func:`simplest` takes first: they keep a seat in the hand for the least."""


def simplest(legal: Sequence[Legal]) -> Action:
    """The least committal legal action: check, else call, else bring in, else decline or keep
    (what is offered), else the smallest instance of the first other kind (stand pat, the first
    choice, the least amount, the strongest hands first), folding only when nothing else is
    allowed. The caller bot plays this; other bots fall back on it for kinds they do not
    understand."""
    by_kind = {option.kind: option for option in legal}
    for kind in _PREFERRED:
        if kind in by_kind:
            return by_kind[kind].make()
    for option in legal:
        if option.kind is not ActionKind.FOLD:
            return strongest(option) if isinstance(option, DivideLegal) else option.make()
    if ActionKind.FOLD in by_kind:
        return by_kind[ActionKind.FOLD].make()
    raise IllegalActionError(f"no action can be made from {', '.join(map(str, legal)) or 'nothing'}")


def strongest(legal: DivideLegal) -> Action:
    """The split with the strongest first hand, then second...: among the splits the descriptor
    lists when it lists them, else :func:`strongest_first`."""
    if not legal.splits:
        return legal.make(strongest_first(legal.cards, legal.sizes))
    high = get("high")

    def strength(hands: Hands) -> tuple[int, ...]:
        return tuple(high.evaluate(hand).key for hand in hands)

    return legal.make(max(legal.splits, key=strength))


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
