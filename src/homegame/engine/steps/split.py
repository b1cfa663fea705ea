"""``split``: every player still in divides their cards into hands of given sizes, strongest first,
at the same moment and in secret (rules 001, Pi Gow stud: "all remaining players split their
hands into a 5-card hand and a 2-card hand").

The rules of a legal split are the step's fields: ``sizes`` (``[5, 2]``); each hand must beat the
next under ``ranking`` (``strict``, "the 5-card hand must be a better hand than the 2-card hand";
otherwise it must only not lose to it); and ``min_down`` gives the least number of down cards each
hand holds ("the 2-card hand must contain at least one down card": ``[0, 1]``). A split that breaks
a rule is refused with the reason. The legal action lists every legal split (``choices``), so a
screen or a bot never guesses; the showdown's contests then judge the hands (``cards = "split-1"``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.actions import Action, ActionKind, DivideLegal, Legal, Split
from homegame.engine.events import SplitUp
from homegame.engine.spec import Fields
from homegame.engine.steps import register
from homegame.engine.steps.base import Decision, Step
from homegame.engine.steps.deal import Deal
from homegame.errors import IllegalActionError
from homegame.ranking import Ranking, get
from homegame.ranking.forms import Split as SplitRule

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.engine.hand import Hand

__all__ = ["SplitStep"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
MAX_WAYS = 1000
"""The most ways to split a player's cards the step will list (Pi Gow's seven cards split 21 ways)."""


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class SplitStep(Step):
    """Everyone still in splits their cards at once (see the module docstring).

    >>> print(SplitStep(min_down=(0, 1)).describe())
    Everyone still in splits their cards, in secret, into a 5-card hand and a 2-card hand; each
    hand must beat the next (high); the 2-card hand must hold a down card.
    """

    kind: ClassVar[str] = "split"
    sizes: tuple[int, ...] = (5, 2)
    ranking: str = "high"
    strict: bool = True
    min_down: tuple[int, ...] = ()

    @classmethod
    def read(cls, fields: Fields) -> SplitStep:
        """``sizes``, ``ranking`` (a ranking name), ``strict`` and ``min_down``."""
        sizes = _numbers(fields, "sizes", (5, 2))
        if len(sizes) < 2 or any(size < 1 for size in sizes) or comb(sum(sizes), sizes[0]) > MAX_WAYS:
            fields.problem("sizes", f"two or more hands of at least one card, split at most {MAX_WAYS} ways")
            sizes = (5, 2)
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
        return cls(sizes=sizes, ranking=ranking, strict=fields.boolean("strict", True), min_down=min_down)

    def begin(self, hand: Hand) -> Decision | None:
        """Everyone still in must split."""
        return SplitRound(hand, self)

    def describe(self) -> str:
        """One line for the rules."""
        hands = " and ".join(f"a {size}-card hand" for size in self.sizes)
        verb = "beat" if self.strict else "not lose to"
        text = f"Everyone still in splits their cards, in secret, into {hands}; each hand must {verb} the next"
        text += f" ({get(self.ranking).label})"
        for index, least in enumerate(self.min_down):
            if least:
                text += f"; the {self._which(index)} hand must hold {_down(least)}"
        return text + "."

    def check_game(self, game: Game, fields: Fields) -> None:
        """Players must hold exactly the cards the hands need."""
        held = 0
        for step in game.steps:
            if step is self:
                break
            if isinstance(step, Deal):
                held += len(step.cards)
        if held != sum(self.sizes):
            fields.problem("sizes", f"players hold {held} cards here, not {sum(self.sizes)}")

    def _which(self, index: int) -> str:
        """A hand by its size (``2-card``), or by its place when sizes repeat (``second``)."""
        size = self.sizes[index]
        return f"{size}-card" if self.sizes.count(size) == 1 else _ORDINALS[index]

    def ways(self, cards: Sequence[Card]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        """Every way to divide ``cards`` into hands of ``sizes``, legal or not."""
        yield from _divide(tuple(cards), self.sizes)

    def refusal(self, ranking: Ranking, hands: Sequence[Sequence[Card]], down: Sequence[Card]) -> str:
        """Why this split is illegal, or ``""`` when it is legal."""
        for index, (least, part) in enumerate(zip(self.min_down, hands, strict=True)):
            if sum(card in down for card in part) < least:
                return f"the {self._which(index)} hand ({format_cards(part)}) must hold {_down(least)}"
        try:
            SplitRule(self.sizes, strict=self.strict).check(ranking, hands)
        except IllegalActionError as error:
            return str(error)
        return ""


class SplitRound:
    """The runtime of a split: everyone at once; each split stays secret until the showdown."""

    __slots__ = ("hand", "legal_of", "ranking", "spec", "waiting")

    def __init__(self, hand: Hand, spec: SplitStep) -> None:
        self.hand = hand
        self.spec = spec
        self.ranking = get(spec.ranking)
        self.waiting = hand.in_hand(0)
        self.legal_of: dict[int, tuple[Legal, ...]] = {}

    def pending(self) -> tuple[int, ...]:
        """Every seat that has not split yet."""
        return tuple(self.waiting)

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """A split of one's cards, listing every legal one."""
        if seat not in self.legal_of:
            hand, spec = self.hand, self.spec
            cards = tuple(hand.cards(seat))
            down = hand.down[seat]
            allowed = tuple(hands for hands in spec.ways(cards) if not spec.refusal(self.ranking, hands, down))
            self.legal_of[seat] = (DivideLegal(ActionKind.SPLIT, cards, sizes=spec.sizes, splits=allowed),)
        return self.legal_of[seat]

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Record the secret split, or refuse it saying why."""
        assert isinstance(action, Split)
        reason = self.spec.refusal(self.ranking, action.hands, self.hand.down[seat])
        if reason:
            raise IllegalActionError(f"{action}: {reason}")
        self.hand.splits[seat] = action.hands
        self.hand.emit(SplitUp(seat=seat, hands=action.hands))
        self.waiting.remove(seat)

    def done(self) -> bool:
        """True when all have split."""
        return not self.waiting

    def close(self) -> None:
        """Nothing to reveal before the showdown."""


def _divide(cards: tuple[Card, ...], sizes: tuple[int, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    if len(sizes) == 1:
        yield (cards,)
        return
    for first in combinations(cards, sizes[0]):
        rest = tuple(card for card in cards if card not in first)
        for others in _divide(rest, sizes[1:]):
            yield (first, *others)


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
