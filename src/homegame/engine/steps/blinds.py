"""``blinds``: the small and big blind (and a straddle, if the game has one) post live bets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from homegame.engine.events import Posted
from homegame.engine.spec import Fields
from homegame.engine.steps import register
from homegame.engine.steps.base import Decision, Step

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.engine.hand import Hand


@register
@dataclass(frozen=True, slots=True)
class Blinds(Step):
    """The two seats left of the button post the small and the big blind; heads-up the button
    posts the small blind. With ``straddle`` the next seat posts ``stakes.straddle`` (three or more
    players). The blinds are live bets: the first betting round counts them as its opening bet.

    >>> Blinds(straddle=True).describe()
    'The two players left of the button post the small and big blinds; the next one straddles.'
    """

    kind: ClassVar[str] = "blinds"
    straddle: bool = False

    @classmethod
    def read(cls, fields: Fields) -> Blinds:
        """``straddle = true`` adds a straddle."""
        return cls(straddle=fields.boolean("straddle", False))

    def begin(self, hand: Hand) -> Decision | None:
        """Post the blinds (a short stack posts what it has, all in)."""
        stakes, seats, button = hand.stakes, hand.seats, hand.button
        small = button if seats == 2 else (button + 1) % seats
        posts = [(small, "small_blind", stakes.small_blind), ((small + 1) % seats, "big_blind", stakes.big_blind)]
        if self.straddle and seats > 2:
            posts.append(((small + 2) % seats, "straddle", stakes.straddle))
        for seat, blind, amount in posts:
            put = hand.put_in(seat, amount)
            if put:
                hand.emit(Posted(seat, blind, put))
            hand.last_blind = seat
        return None

    def describe(self) -> str:
        """One line for the rules."""
        text = "The two players left of the button post the small and big blinds"
        return text + ("; the next one straddles." if self.straddle else ".")

    def check_game(self, game: Game, fields: Fields) -> None:
        """The stakes must give the blinds (and the straddle)."""
        if not game.stakes.big_blind:
            fields.problem("kind", "blinds need stakes.big_blind > 0")
        if self.straddle and not game.stakes.straddle:
            fields.problem("straddle", "a straddle needs stakes.straddle > 0")
