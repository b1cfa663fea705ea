"""``extra``: a card of one rank dealt face up earns its holder one more card (Baseball's fours).

Rules document 004 names Baseball among the wild-card games ("This can range from simply
making deuces wild to the 7-card stud variant named baseball"); the usual home rule is that
a four dealt face up entitles its holder to an extra card at once, face down (the house rule
``extra_card = "up"`` deals it face up instead).

The step goes after every deal of up cards. Every card of ``rank`` showing in the hand of a
player still in, that has not yet earned its card, earns one now, in the order the players
were dealt to (from the button's left). An extra card dealt face up may itself be of
``rank``, and earns another. A card of ``rank`` dealt face down earns nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from homegame.cards import Card, Rank
from homegame.engine.events import SEATS, Dealt, Event, Names, name
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import Dealer, Decision, Down, Rules, Step, Up, register
from homegame.ranking.poker import rank_name

__all__ = ["Earned", "Extra"]


@dataclass(frozen=True, slots=True)
class Earned(Event):
    """``card``, showing in front of ``seat``, earns it an extra card (dealt by the next event)."""

    seat: int
    card: Card

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2's 4c earns an extra card``."""
        whose = "your" if name(names, self.seat) == "you" else f"{name(names, self.seat)}'s"
        return f"{whose} {self.card} earns an extra card"


EXTRA_CARD = HouseRule(
    "extra_card",
    str,
    "down",
    "the extra card is dealt face down (down) or up (up), the step's face by default",
    choices=("down", "up"),
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Extra(Step):
    """Each ``rank`` card showing earns its holder one more card, dealt ``face`` down or up (the
    house rule ``extra_card``, when the game has it, says which).

    >>> Extra().describe()
    'A four dealt face up earns its holder an extra card, face down.'
    """

    kind: ClassVar[str] = "extra"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (EXTRA_CARD,)
    rank: Rank = Rank.FOUR
    face: str = "down"

    @classmethod
    def read(cls, fields: Fields) -> Extra:
        """``rank`` (``4``) and ``face`` (``down`` or ``up``)."""
        return cls(rank=fields.rank("rank", Rank.FOUR), face=fields.string("face", "down", ("down", "up")))

    def begin(self, hand: Dealer) -> Decision | None:
        """Deal an extra card for every ``rank`` card showing that has not earned one yet."""
        up = EXTRA_CARD.read(hand.options, instead=self.face) == "up"
        earned = {event.card for event in hand.events if isinstance(event, Earned)}
        waiting = True
        while waiting:
            waiting = False
            for seat in hand.in_hand():
                for card in [card for card in hand.up[seat] if card.rank == self.rank and card not in earned]:
                    earned.add(card)
                    waiting = waiting or up
                    hand.emit(Earned(seat, card))
                    extra = hand.take(1)
                    hand.deal(extra, Up(seat) if up else Down(seat))
                    hand.emit(Dealt(seat=seat, cards=extra, up=up))
        return None

    def describe(self) -> str:
        """One line for the rules."""
        return f"A {rank_name(self.rank)} dealt face up earns its holder an extra card, face {self.face}."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The deck must hold every card the game deals plus one extra card per card of ``rank``
        (all the game's ``extra`` steps together deal no more: each card earns once)."""
        extras = [step for step in game.steps if isinstance(step, Extra) and step.rank == self.rank]
        if extras[0] is not self:
            return
        needed = sum(step.cards_needed(game.players[1]) for step in game.steps)
        needed += sum(1 for card in game.deck.cards() if card.rank == self.rank)
        if needed > game.deck.size:
            message = f"{game.players[1]} players and extra cards need {needed} cards"
            fields.problem("kind", f"{message}, more than the deck's {game.deck.size}")

    def cards_needed(self, players: int) -> int:
        """None counted here: :meth:`check_game` counts the extra cards once for all the game's extra steps."""
        return 0
