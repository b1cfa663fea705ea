"""``declare``: every player still in secretly chooses which way they play for the pot
(rules 000, 4.1; rules 003, "Declaring"): ``low``, ``high`` or ``both``. Nobody sees another's
choice until all have chosen; then all open at once. The showdown then judges each side among
the players who declared it (see :mod:`homegame.engine.steps.showdown` for the "both" rule).

Instead of a side a player may fold, giving up any claim to the pot (no rule of the catalogue
forbids it, and it is what the table does for a player whose time ran out: never a side taken
for them). The fold is public at once; the choices made stay secret until all are in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.engine.actions import Action, ActionKind, ChoiceLegal, Declare, Fold, Legal, PlainLegal
from homegame.engine.events import Acted, Declared, Revealed
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareStep(Step):
    """A simultaneous declaration among ``choices``; ``both`` means every side.

    >>> DeclareStep().describe()
    'Everyone still in declares at once, in secret: high, low or both.'
    """

    kind: ClassVar[str] = "declare"
    choices: tuple[str, ...] = ("high", "low", "both")

    @classmethod
    def read(cls, fields: Fields) -> DeclareStep:
        """``choices``: the sides one may declare, ``both`` included when allowed."""
        choices = fields.strings("choices", ("high", "low", "both"))
        if len(choices) < 2 or len(set(choices)) != len(choices):
            fields.problem("choices", "need two or more different sides")
        return cls(choices=choices)

    def begin(self, hand: Dealer) -> Decision | None:
        """Everyone still in must choose."""
        return DeclareRound(hand, self.choices)

    @property
    def declarations(self) -> tuple[str, ...]:
        """The sides a player may declare: :attr:`choices`."""
        return self.choices

    def describe(self) -> str:
        """One line for the rules."""
        return f"Everyone still in declares at once, in secret: {', '.join(self.choices[:-1])} or {self.choices[-1]}."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """Every side but ``both`` must be a contest of the showdown."""
        from homegame.engine.steps.showdown import Showdown

        sides = {contest.side for step in game.steps if isinstance(step, Showdown) for contest in step.contests}
        for choice in self.choices:
            if choice != "both" and choice not in sides:
                fields.problem("choices", f"{choice!r} is not a side of the showdown ({', '.join(sorted(sides))})")


class DeclareRound:
    """The runtime of a declaration: everyone at once; the choices (``chosen``) stay secret, each
    seen by its own seat (:meth:`secret`), until all are in. ``fold``: a seat may fold instead
    (not in Guts, whose ``out`` is its way out, and keeps the pot for the next deal)."""

    __slots__ = ("choices", "chosen", "fold", "hand", "waiting")

    def __init__(self, hand: Dealer, choices: tuple[str, ...], *, fold: bool = True) -> None:
        self.hand = hand
        self.choices = choices
        self.fold = fold
        self.waiting = hand.in_hand(0)
        self.chosen: dict[int, str] = {}

    def pending(self) -> tuple[int, ...]:
        """Every seat that has not chosen yet."""
        return tuple(self.waiting)

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """One of the sides, or fold (where the round allows it)."""
        declare = ChoiceLegal(ActionKind.DECLARE, self.choices)
        return (declare, PlainLegal(ActionKind.FOLD)) if self.fold else (declare,)

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Record the secret choice, or fold the seat (public at once)."""
        if isinstance(action, Fold):
            self.hand.fold(seat)
            self.hand.emit(Acted(seat, action))
        else:
            assert isinstance(action, Declare)
            self.chosen[seat] = action.side
            self.hand.emit(Declared(seat, action.side))
        self.waiting.remove(seat)

    def secret(self, seat: int) -> str | None:
        """The side ``seat`` has chosen, if it has."""
        return self.chosen.get(seat)

    def done(self) -> bool:
        """True when all have chosen."""
        return not self.waiting

    def close(self) -> None:
        """Open all the declarations at once."""
        hand = self.hand
        sides = sorted(self.chosen.items())
        for seat, side in sides:
            hand.declare(seat, side)
        self.chosen = {}
        hand.emit(Revealed(tuple(sides)))
