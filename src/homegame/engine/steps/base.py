"""What every step kind is: a frozen spec read from a game document, and the runtime it starts.

A *step* is one line of the dealer's recital ("everyone antes", "two down and
one up", "a round of betting, small bets, high hand showing first"). Its class
holds the fields a document may give it, reads them (:meth:`Step.read`),
checks how it fits the rest of the game (:meth:`Step.check_game`), and does
its work on a hand (:meth:`Step.begin`).

A step that needs players to decide returns a :class:`Decision` from
``begin``; the hand then routes ``pending``/``legal_actions``/``act`` to it
until it is done, and calls ``close``. A step that only does something
(dealing, posting antes, the showdown) returns ``None``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Protocol

from homegame.engine.actions import Action, Legal
from homegame.engine.spec import Fields

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.engine.hand import Hand
    from homegame.engine.spec import OptionValue

__all__ = ["Decision", "Step"]


class Decision(Protocol):
    """The runtime of a step that waits for players (a betting round, a draw, a declaration)."""

    def pending(self) -> tuple[int, ...]:
        """The seats that must decide now (several at once for a simultaneous decision)."""
        ...

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """What a pending seat may do."""
        ...

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Carry out an action already checked against ``legal``; emit its event. An action that
        ``legal`` cannot rule out (a Pi Gow split whose five-card hand does not beat its two) is
        refused here with an :class:`~homegame.errors.IllegalActionError` saying why, before
        anything changes."""
        ...

    def done(self) -> bool:
        """True when nobody has anything left to decide."""
        ...

    def close(self) -> None:
        """Finish the step (return uncalled bets, reveal declarations...)."""
        ...


class Step(ABC):
    """Base of the step kinds. Subclasses are frozen dataclasses registered by ``kind``.

    Neutral defaults for the hooks a kind may not need: :meth:`check_game` finds
    nothing wrong, :meth:`cards_needed` deals no cards and :meth:`under` is the step itself.
    """

    kind: ClassVar[str]
    """The name a game document uses (``kind = "deal"``)."""
    settles: ClassVar[bool] = False
    """True for a step that pays out the whole pot (the showdown; High Card Poker's knock-out): a
    game's last step is one."""

    @classmethod
    @abstractmethod
    def read(cls, fields: Fields) -> Step:
        """Build the step from its table, recording problems in ``fields``."""

    @abstractmethod
    def begin(self, hand: Hand) -> Decision | None:
        """Do the step's work on ``hand``; return what players must decide, if anything."""

    @abstractmethod
    def describe(self) -> str:
        """The step as a dealer would say it, for the rules text."""

    def check_game(self, game: Game, fields: Fields) -> None:
        """Check how this step fits the whole game (its stakes, betting, other steps); problems go to
        ``fields``, the step's own table."""
        return None

    def cards_needed(self, players: int) -> int:
        """How many cards this step takes from the deck at most, with ``players`` at the table."""
        return 0

    def under(self, options: Mapping[str, OptionValue]) -> Step:
        """The step as the house rules ``options`` play it, for a step whose very make-up they
        change (the showdown's low ranking); most steps read them as they go and are themselves."""
        return self
