"""``split``: every player still in divides their cards into hands of given sizes, strongest first,
at the same moment and in secret: Pi Gow stud's five and two (rules 001: "all remaining players
split their hands into a 5-card hand and a 2-card hand"), Chinese poker's back, middle and front
(rules 004: "three poker hands with increasing rank").

The step's fields say what a legal split is:

- ``sizes``: the hands, strongest first (``[5, 2]``; ``[5, 5, 3]``), and ``names`` for them
  (``["back", "middle", "front"]``; by default ``5-card hand``, or ``first``... when sizes repeat);
- ``order``, the order rule under ``ranking``: ``beats``, each hand must beat the next ("the
  5-card hand must be a better hand than the 2-card hand"), or ``at-least``, each must be at
  least as strong as the next (Chinese poker's "increasing rank");
- ``min_down``: the least number of down cards each hand holds ("the 2-card hand must contain at
  least one down card": ``[0, 1]``);
- ``misset``: what becomes of a split that breaks the order rule (a *mis-set*): ``refuse`` (the
  default) refuses it with the reason, ``dead`` plays it as a dead hand (Chinese poker: "the hand
  is declared dead and results in some sort of penalty"; its ``units`` showdown makes the dead
  hand pay). A game's house rule ``misset`` overrides it.

A split that breaks a rule it must keep is refused with the reason. When there are few ways to
split (Pi Gow's seven cards split 21 ways), the legal action lists every legal one, so a screen
or a bot never guesses. Splits go into ``hand.splits`` and stay secret until the showdown, where
the contests judge the hands (``cards = "split-1"``) or the ``units`` showdown compares them.

>>> from homegame.cards import parse
>>> chinese = SplitStep(sizes=(5, 5, 3), names=("back", "middle", "front"), order=Order.AT_LEAST, misset="dead")
>>> chinese.misorder([parse("Kc Kd 9s 5h 2c"), parse("Ah Ad 7s 6c 3d"), parse("Qs Jd 4h")])
'the middle (pair of aces) beats the back (pair of kings)'
>>> SplitStep().misorder([parse("Kc Kd 9s 5h 2c"), parse("Ah Ad")])
'the 5-card hand (pair of kings) must beat the 2-card hand (pair of aces)'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations, pairwise
from math import factorial, prod
from typing import Any, ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import Action, ActionKind, DivideLegal, Legal, Split
from homegame.engine.events import SplitUp
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import Dealer, Decision, Preview, Rules, Step, register
from homegame.engine.steps.deal import Deal
from homegame.errors import IllegalActionError
from homegame.ranking import get

__all__ = ["MISSETS", "Order", "Preview", "SplitRound", "SplitStep"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
MAX_LISTED = 1000
"""The most ways to split a player's cards the legal action lists (Pi Gow's seven cards split 21
ways; Chinese poker's thirteen, 72,072: those are not listed)."""
MISSETS = ("refuse", "dead")
"""What may become of a mis-set split: refused, or played as a dead hand."""


class Order(StrEnum):
    """The order rule between a split's hands, strongest first."""

    BEATS = "beats"
    """Each hand must beat the next."""
    AT_LEAST = "at-least"
    """Each hand must be at least as strong as the next."""


MISSET = HouseRule(
    "misset",
    str,
    "refuse",
    "a mis-set hand is played dead (dead) or refused and set again (refuse), the step's by default",
    choices=MISSETS,
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class SplitStep(Step):
    """Everyone still in splits their cards at once (see the module docstring).

    >>> print(SplitStep(min_down=(0, 1)).describe())
    Everyone still in splits their cards, in secret, into a 5-card hand and a 2-card hand; each
    hand must beat the next (high); the 2-card hand must hold a down card.
    """

    kind: ClassVar[str] = "split"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (MISSET,)
    sizes: tuple[int, ...] = (5, 2)
    names: tuple[str, ...] = ()
    ranking: str = "high"
    order: Order = Order.BEATS
    min_down: tuple[int, ...] = ()
    misset: str = "refuse"

    @classmethod
    def read(cls, fields: Fields) -> SplitStep:
        """``sizes``, ``names``, ``ranking`` (a ranking name), ``order``, ``min_down`` and ``misset``."""
        sizes = _numbers(fields, "sizes", (5, 2))
        if len(sizes) < 2 or any(size < 1 for size in sizes) or len(sizes) > len(_ORDINALS):
            fields.problem("sizes", f"two to {len(_ORDINALS)} hands of at least one card each")
            sizes = (5, 2)
        names = fields.strings("names", ())
        if names and len(names) != len(sizes):
            fields.problem("names", f"one name per hand: {len(sizes)} names")
            names = ()
        ranking = fields.string("ranking", "high")
        try:
            get(ranking)
        except ValueError as error:
            fields.problem("ranking", str(error))
            ranking = "high"
        min_down = _numbers(fields, "min_down", ())
        if min_down and (
            len(min_down) != len(sizes) or any(not 0 <= n <= size for n, size in zip(min_down, sizes, strict=True))
        ):
            fields.problem("min_down", "one number per hand, each 0..the hand's size")
            min_down = ()
        return cls(
            sizes=sizes,
            names=names,
            ranking=ranking,
            order=Order(fields.string("order", Order.BEATS, tuple(Order))),
            min_down=min_down,
            misset=fields.string("misset", "refuse", MISSETS),
        )

    @property
    def split_rule(self) -> str:
        """The rule a split must keep, in words: ``the five must beat the two``."""
        numbers = {2: "two", 3: "three", 4: "four", 5: "five"}
        named = list(self.names) if self.names else [numbers.get(size, f"{size}-card hand") for size in self.sizes]
        verb = "must beat" if self.order is Order.BEATS else "must be at least as strong as"
        short = "the" if self.order is Order.BEATS else "as the"
        later = list(pairwise(named))[1:]
        pairs = [f"the {named[0]} {verb} the {named[1]}", *(f"the {first} {short} {second}" for first, second in later)]
        down = [named[index] for index, least in enumerate(self.min_down) if least]
        rule = ", ".join(pairs)
        return rule + "".join(f"; the {name} must hold a down card" for name in down)

    def preview(self, decision: Decision, seat: int, hands: Sequence[Sequence[Card]]) -> Preview | None:
        """What the split round ``decision`` would make of ``seat``'s ``hands`` (:meth:`SplitRound.preview`)."""
        return decision.preview(seat, hands) if isinstance(decision, SplitRound) else None

    def begin(self, hand: Dealer) -> Decision | None:
        """Everyone still in must split."""
        return SplitRound(hand, self)

    def describe(self) -> str:
        """One line for the rules."""
        if self.names:
            hands = _and([f"the {name} ({size} cards)" for name, size in zip(self.names, self.sizes, strict=True)])
        else:
            hands = _and([f"a {size}-card hand" for size in self.sizes])
        verb = "beat" if self.order is Order.BEATS else "be at least as strong as"
        text = f"Everyone still in splits their cards, in secret, into {hands}; each hand must {verb} the next"
        text += f" ({get(self.ranking).label})"
        for index, least in enumerate(self.min_down):
            if least:
                text += f"; the {self.name(index)} must hold {_down(least)}"
        return text + ("; a mis-set hand is played dead." if self.misset == "dead" else ".")

    def rule(self, names: Sequence[str] = ()) -> str:
        """What a legal split is, for a player splitting: the order rule between the hands (called
        by ``names``, else by :meth:`name`), the down cards a hand must hold, a mis-set played dead.

        >>> print(SplitStep(min_down=(0, 1)).rule(("five", "two")))
        The five must beat the two (high); the two must hold a down card.
        >>> chinese = SplitStep(sizes=(5, 5, 3), names=("back", "middle", "front"), order=Order.AT_LEAST, misset="dead")
        >>> print(chinese.rule())  # doctest: +NORMALIZE_WHITESPACE
        The back must be at least as strong as the middle, the middle at least as strong as the
        front (high); a mis-set hand is played dead.
        """
        called = list(names) if len(names) == len(self.sizes) else [self.name(i) for i in range(len(self.sizes))]
        must, then = ("must beat", "beat") if self.order is Order.BEATS else ("must be at least", "at least")
        strong = "" if self.order is Order.BEATS else " as strong as"
        pairs = [
            f"the {first} {then if index else must}{strong} the {second}"
            for index, (first, second) in enumerate(pairwise(called))
        ]
        parts = [", ".join(pairs) + f" ({get(self.ranking).label})"]
        parts += [f"the {called[index]} must hold {_down(least)}" for index, least in enumerate(self.min_down) if least]
        if self.misset == "dead":
            parts.append("a mis-set hand is played dead")
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + "."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """Players must hold exactly the cards the hands need."""
        held = 0
        for step in game.steps:
            if step is self:
                break
            if isinstance(step, Deal):
                held += len(step.cards)
        if held != sum(self.sizes):
            fields.problem("sizes", f"players hold {held} cards here, not {sum(self.sizes)}")

    def name(self, index: int) -> str:
        """A hand by its name (``back``), its size (``2-card hand``), or its place when sizes repeat."""
        if self.names:
            return self.names[index]
        size = self.sizes[index]
        return f"{size}-card hand" if self.sizes.count(size) == 1 else f"{_ORDINALS[index]} hand"

    def hand_names(self, game: Rules) -> tuple[str, ...]:
        """The hands' names as the rules say them: the step's ``names`` (Chinese poker's rows),
        else the sides of the contests that judge each hand (Pi Gow's ``five`` and ``two``), else
        none (``()``)."""
        if self.names:
            return self.names
        sides: dict[int, str] = {}
        for step in game.steps:
            for contest in getattr(step, "contests", ()):
                sides.setdefault(contest.cards.part, contest.side)
        names = tuple(sides.get(index + 1, "") for index in range(len(self.sizes)))
        return names if all(names) else ()

    def ways(self, cards: Sequence[Card]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        """Every way to divide ``cards`` into hands of ``sizes``, legal or not."""
        yield from _divide(tuple(cards), self.sizes)

    def misorder(self, hands: Sequence[Sequence[Card]]) -> str:
        """How ``hands`` break the order rule (a mis-set), or ``""`` when they keep it."""
        ranking = get(self.ranking)
        values = [ranking.evaluate(hand) for hand in hands]
        for index in range(1, len(values)):
            before, after = values[index - 1], values[index]
            if self.order is Order.BEATS and not before > after:
                return f"the {self.name(index - 1)} ({before.name}) must beat the {self.name(index)} ({after.name})"
            if self.order is Order.AT_LEAST and after > before:
                return f"the {self.name(index)} ({after.name}) beats the {self.name(index - 1)} ({before.name})"
        return ""

    def refusal(self, hands: Sequence[Sequence[Card]], down: Sequence[Card], misset: str = "refuse") -> str:
        """Why this split is refused (too few down cards in a hand; a mis-set, when ``misset`` is
        ``refuse``), or ``""`` when it stands."""
        for index, (least, part) in enumerate(zip(self.min_down or (0,) * len(hands), hands, strict=True)):
            if least and sum(card in down for card in part) < least:
                return f"the {self.name(index)} ({format_cards(part)}) must hold {_down(least)}"
        reason = self.misorder(hands) if misset == "refuse" else ""
        return f"mis-set: {reason}" if reason else ""


class SplitRound:
    """The runtime of a split: everyone at once; each split stays secret until the showdown."""

    __slots__ = ("hand", "legal_of", "misset", "spec", "waiting")

    def __init__(self, hand: Dealer, spec: SplitStep) -> None:
        self.hand = hand
        self.spec = spec
        self.misset = MISSET.read(hand.options, instead=spec.misset)
        self.waiting = hand.in_hand(0)
        self.legal_of: dict[int, tuple[Legal, ...]] = {}

    def pending(self) -> tuple[int, ...]:
        """Every seat that has not split yet."""
        return tuple(self.waiting)

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """A split of all one's cards, listing every legal one when there are few ways."""
        if seat not in self.legal_of:
            hand, spec = self.hand, self.spec
            cards = tuple(hand.cards(seat))
            allowed: tuple[tuple[tuple[Card, ...], ...], ...] = ()
            if _count(spec.sizes) <= MAX_LISTED:
                down = hand.down[seat]
                allowed = tuple(hands for hands in spec.ways(cards) if not spec.refusal(hands, down, self.misset))
            names = spec.hand_names(hand.game)
            rule = replace(spec, misset=self.misset).rule(names)
            self.legal_of[seat] = (
                DivideLegal(ActionKind.SPLIT, cards, sizes=spec.sizes, splits=allowed, names=names, rule=rule),
            )
        return self.legal_of[seat]

    def preview(self, seat: int, hands: Sequence[Sequence[Card]]) -> Preview:
        """What ``seat``'s division into ``hands`` would make, judged as :meth:`apply` and the
        showdown judge it, changing nothing: for a player still arranging their cards. Hands
        that are not exactly the seat's cards in the step's sizes raise
        :class:`~homegame.errors.IllegalActionError`, as does a seat with no split to make.

        >>> from homegame.engine.actions import parse_hands
        >>> from homegame.engine.hand import Hand
        >>> from homegame.games import load
        >>> hand = Hand(load("chinese-poker"), [100, 100], seed=1)  # seat 0: 4d 7h Jh 4s 3d As 5s Kh 7d Js Ah 7c 8h
        >>> hand.decision.preview(0, parse_hands("As Ah 7h 7d 7c / Jh Js 4d 4s 3d / Kh 8h 5s")).parts
        (('back', 'sevens full of aces'), ('middle', 'two pair, jacks and fours'), ('front', 'king high'))
        >>> hand.decision.preview(0, parse_hands("4d 4s 3d 5s 8h / As Ah 7h 7d 7c / Jh Kh Js")).dead
        'the middle (sevens full of aces) beats the back (pair of fours)'
        """
        if seat not in self.waiting:
            raise IllegalActionError(f"seat {seat} has no split to make now")
        legal = self.legal(seat)[0]
        assert isinstance(legal, DivideLegal)
        hands = tuple(tuple(part) for part in hands)
        reason = legal.misfit(hands)
        if reason:
            raise IllegalActionError(f"preview: {reason}")
        spec, ranking = self.spec, get(self.spec.ranking)
        names = legal.names or tuple(spec.name(index) for index in range(len(spec.sizes)))
        made = tuple(ranking.evaluate(part).name for part in hands)
        return Preview(
            parts=tuple(zip(names, made, strict=True)),
            dead=spec.misorder(hands) if self.misset == "dead" else "",
            refused=spec.refusal(hands, self.hand.down[seat], self.misset),
        )

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Record the secret split, or refuse it saying why."""
        assert isinstance(action, Split)
        reason = self.spec.refusal(action.hands, self.hand.down[seat], self.misset)
        if reason:
            raise IllegalActionError(f"{action}: {reason}")
        self.hand.split(seat, action.hands)
        self.hand.emit(SplitUp(seat=seat, hands=action.hands))
        self.waiting.remove(seat)

    def done(self) -> bool:
        """True when all have split."""
        return not self.waiting

    def close(self) -> None:
        """Nothing to reveal before the showdown."""


def _count(sizes: Sequence[int]) -> int:
    """How many ways there are to divide ``sum(sizes)`` cards into hands of ``sizes``."""
    return factorial(sum(sizes)) // prod(factorial(size) for size in sizes)


def _divide(cards: tuple[Card, ...], sizes: tuple[int, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    if len(sizes) == 1:
        yield (cards,)
        return
    for first in combinations(cards, sizes[0]):
        rest = tuple(card for card in cards if card not in first)
        for others in _divide(rest, sizes[1:]):
            yield (first, *others)


def _and(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _down(least: int) -> str:
    return "a down card" if least == 1 else f"at least {least} down cards"


def _numbers(fields: Fields, name: str, default: tuple[int, ...]) -> tuple[int, ...]:
    value = fields.raw(name)
    if value is None:
        return default
    if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
        fields.problem(name, f"must be a list of whole numbers, not {value!r}")
        return default
    return tuple(value)
