"""``set``: every player sets their cards, at once and in secret, into hands that must increase in
strength (Chinese poker's back, middle and front).

Rules document 004, "Chinese poker": "The idea is to make three poker hands with increasing
rank: two with five cards and one with three cards. If one of the hands does not adhere to
increasing rank (i.e. is mis-set), the hand is declared dead and results in some sort of
penalty."

A set is a ``split`` action, its hands strongest first: the back (five cards), the middle
(five) and the front (three). The back must be at least as strong as the middle, and the
middle at least as strong as the front, under ``ranking`` (a three-card front makes no
straight or flush: its best is three of a kind). The house rule ``misset`` says what happens
to a set that breaks this: ``dead`` (the document's rule, the default) plays it as a dead
hand, which the ``units`` showdown penalizes; ``refuse`` refuses it with the reason, so a
player can never mis-set. Sets go into ``hand.splits`` and stay secret until the showdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, DivideLegal, Legal, Split
from homegame.engine.events import SplitUp
from homegame.engine.spec import Fields
from homegame.engine.steps import register
from homegame.engine.steps.base import Decision, Step
from homegame.engine.steps.deal import Deal
from homegame.errors import IllegalActionError
from homegame.ranking import Ranking, get

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.engine.hand import Hand

__all__ = ["SetStep", "misset"]

NAMES = ("back", "middle", "front")
"""The hands of a Chinese poker set, strongest first."""


def misset(ranking: Ranking, hands: Sequence[Sequence[Card]], names: Sequence[str] = NAMES) -> str:
    """Why a set is mis-set (a hand stronger than the one before it), or ``""`` when it is not.

    >>> from homegame.ranking import get
    >>> from homegame.cards import parse
    >>> misset(get("high"), [parse("Kc Kd 9s 5h 2c"), parse("Ah Ad 7s 6c 3d"), parse("Qs Jd 4h")])
    'the middle (pair of aces) beats the back (pair of kings)'
    >>> misset(get("high"), [parse("Ah Ad 7s 6c 3d"), parse("Kc Kd 9s 5h 2c"), parse("Qs Jd 4h")])
    ''
    """
    values = [ranking.evaluate(hand) for hand in hands]
    for index in range(1, len(values)):
        if values[index] > values[index - 1]:
            stronger, weaker = values[index], values[index - 1]
            return f"the {names[index]} ({stronger.name}) beats the {names[index - 1]} ({weaker.name})"
    return ""


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetStep(Step):
    """Everyone sets their cards at once into hands of ``sizes``, each at least as strong as the next.

    >>> print(SetStep(ranking=get("high")).describe())
    Everyone sets their cards at once, in secret: the back (5 cards), the middle (5) and the front (3), \
each at least as strong as the next (high).
    """

    kind: ClassVar[str] = "set"
    sizes: tuple[int, ...] = (5, 5, 3)
    ranking: Ranking

    @classmethod
    def read(cls, fields: Fields) -> SetStep:
        """``sizes`` (back, middle, front: ``[5, 5, 3]``) and ``ranking`` (a ranking name, ``high``)."""
        sizes = fields.raw("sizes")
        if sizes is None:
            sizes = [5, 5, 3]
        elif not (isinstance(sizes, list) and len(sizes) == 3 and all(isinstance(n, int) and n > 0 for n in sizes)):
            fields.problem("sizes", f"must be three hand sizes (back, middle, front), not {sizes!r}")
            sizes = [5, 5, 3]
        try:
            ranking = get(fields.string("ranking", "high"))
        except ValueError as error:
            fields.problem("ranking", str(error))
            ranking = get("high")
        return cls(sizes=tuple(sizes), ranking=ranking)

    def begin(self, hand: Hand) -> Decision | None:
        """Everyone still in sets."""
        return SetRound(hand, self)

    def describe(self) -> str:
        """One line for the rules."""
        back, middle, front = self.sizes
        return (
            f"Everyone sets their cards at once, in secret: the back ({back} cards), the middle ({middle}) "
            f"and the front ({front}), each at least as strong as the next ({self.ranking.label})."
        )

    def check_game(self, game: Game, fields: Fields) -> None:
        """Players hold exactly the cards the hands need."""
        held = sum(len(step.cards) for step in game.steps[: game.steps.index(self)] if isinstance(step, Deal))
        if held != sum(self.sizes):
            fields.problem("sizes", f"players hold {held} cards here, not {sum(self.sizes)}")


class SetRound:
    """The runtime: everyone sets at once; a set stays secret until the showdown."""

    __slots__ = ("hand", "spec", "waiting")

    def __init__(self, hand: Hand, spec: SetStep) -> None:
        self.hand = hand
        self.spec = spec
        self.waiting = hand.in_hand(0)

    def pending(self) -> tuple[int, ...]:
        """Every seat that has not set yet."""
        return tuple(self.waiting)

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """A split of all one's cards into the back, middle and front."""
        return (DivideLegal(ActionKind.SPLIT, tuple(self.hand.cards(seat)), sizes=self.spec.sizes),)

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Record the secret set; under the house rule ``misset = "refuse"``, refuse a mis-set one."""
        assert isinstance(action, Split)
        if self.hand.option("misset", "dead") == "refuse":
            reason = misset(self.spec.ranking, action.hands)
            if reason:
                raise IllegalActionError(f"{action}: mis-set: {reason}")
        self.hand.splits[seat] = action.hands
        self.hand.emit(SplitUp(seat=seat, hands=action.hands))
        self.waiting.remove(seat)

    def done(self) -> bool:
        """True when everyone has set."""
        return not self.waiting

    def close(self) -> None:
        """Nothing to reveal before the showdown."""
