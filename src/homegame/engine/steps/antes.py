"""``antes``: every seat puts the ante in the pot before the deal (dead money, not a bet)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.engine.events import Posted
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register


@register
@dataclass(frozen=True, slots=True)
class Antes(Step):
    """Every seat antes ``stakes.ante`` (a short stack puts in what it has); with
    ``unless_carried``, not when a pot is carried over from the last deal (Guts: the losers'
    matches make the next pot, and only a new game starts with antes).

    >>> Antes().describe()
    'Everyone antes.'
    >>> Antes(unless_carried=True).describe()
    'Everyone antes, unless a pot is carried over from the last deal.'

    With ``dead``, the antes are dead money of the main pot (see :attr:`dead`).
    """

    kind: ClassVar[str] = "antes"
    unless_carried: bool = False
    dead: bool = False
    """The antes are dead money of the main pot, which every player still in contests however
    little they put in (PHH's ``ante_trimming_status = false``); by default each ante counts as
    its poster's contribution, so a short ante wins only what it matched."""

    @classmethod
    def read(cls, fields: Fields) -> Antes:
        """``unless_carried`` and ``dead`` (false by default)."""
        return cls(unless_carried=fields.boolean("unless_carried", False), dead=fields.boolean("dead", False))

    def begin(self, hand: Dealer) -> Decision | None:
        """Post the antes, from the seat left of the button."""
        if self.unless_carried and hand.carried_in:
            return None
        ante = hand.stakes.ante
        for seat in hand.order():
            put = hand.put_dead(seat, ante, main_pot=self.dead)
            if put:
                hand.emit(Posted(seat, "ante", put))
        return None

    @property
    def posts_antes(self) -> bool:
        """True: everyone antes here."""
        return True

    @property
    def dead_antes(self) -> bool:
        """The antes are dead money of the main pot: :attr:`dead`."""
        return self.dead

    def describe(self) -> str:
        """One line for the rules."""
        return "Everyone antes" + (", unless a pot is carried over from the last deal." if self.unless_carried else ".")

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The stakes must name an ante."""
        if not game.stakes.ante:
            fields.problem("kind", "antes need stakes.ante > 0")
