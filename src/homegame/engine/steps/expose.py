"""``expose``: the Good/Bad rows game's turn of the centre cards (rules 001, first game).

Two rows of five are dealt face down to the centre, a good row and a bad row. Each ``expose``
step turns up the next card of each, the good card first:

- "Card in the good row is a community card and may be used by anyone."
- "If any player has a hole card with the same rank as the card in the bad row, player must turn
  that card face up in front. Cards with rank of cards in bad row may not be used in constructing
  final hands. Once a card is considered bad, that rank is always bad."
- "If card in bad row is the same rank as a previously or subsequently exposed good card, good
  card is moved to the bad row and is considered bad, as are all of similar rank."

So a hole card of a bad rank goes face up in front of its player (``hand.up``: seen by all, and
never played: the showdown's contests judge the down cards only, ``cards = "down"``, with the
good row); a good card of a bad rank, turned before or after its rank went bad, moves to the bad
row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, format_cards
from homegame.engine.events import SEATS, Event, Names, TurnedUp, says
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Down, Row, Rules, Step, Up, register
from homegame.engine.steps.deal import Deal

__all__ = ["Expose", "TurnedDead", "WentBad"]


@dataclass(frozen=True, slots=True)
class WentBad(Event):
    """A good card of a bad rank moves to the bad row."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card} goes to the bad row"


@dataclass(frozen=True, slots=True)
class TurnedDead(Event):
    """A seat turns face up its hole cards of a bad rank: dead for the rest of the hand."""

    seat: int
    cards: tuple[Card, ...]

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2 turns up 7h 7c: dead``."""
        return f"{says(names, self.seat, 'turns up')} {format_cards(self.cards)}: dead"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Expose(Step):
    """Turn the next card of the ``good`` row and of the ``bad`` row (see the module docstring).

    >>> print(Expose().describe())
    The next good card and the next bad card are turned up. A rank in the bad row is bad for the rest
    of the hand: hole cards of that rank are turned face up and cannot play, and a good card of that
    rank moves to the bad row.
    """

    kind: ClassVar[str] = "expose"
    good: str = "good"
    bad: str = "bad"

    @classmethod
    def read(cls, fields: Fields) -> Expose:
        """``good`` and ``bad``: the names of the two face-down rows."""
        return cls(good=fields.string("good", "good"), bad=fields.string("bad", "bad"))

    def begin(self, hand: Dealer) -> Decision | None:
        """Turn a good card, then a bad card, and kill the bad ranks."""
        good, bad = Row(self.good), Row(self.bad)
        hand.lay_out((self.good, self.bad))
        card = hand.face_down[self.good][0]
        hand.emit(TurnedUp(self.good, (card,)))
        went_bad = any(other.rank == card.rank for other in hand.rows[self.bad])
        hand.move((card,), Row(self.good, face_up=False), bad if went_bad else good)
        if went_bad:
            hand.emit(WentBad(card))
        killer = hand.face_down[self.bad][0]
        hand.move((killer,), Row(self.bad, face_up=False), bad)
        hand.emit(TurnedUp(self.bad, (killer,)))
        for other in [other for other in hand.rows[self.good] if other.rank == killer.rank]:
            hand.move((other,), good, bad)
            hand.emit(WentBad(other))
        for seat in hand.in_hand():
            dead = tuple(mine for mine in hand.down[seat] if mine.rank == killer.rank)
            if dead:
                hand.move(dead, Down(seat), Up(seat))
                hand.emit(TurnedDead(seat, dead))
        return None

    def describe(self) -> str:
        """One line for the rules."""
        return (
            "The next good card and the next bad card are turned up. A rank in the bad row is bad for the rest "
            "of the hand: hole cards of that rank are turned face up and cannot play, and a good card of that "
            "rank moves to the bad row."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """Both rows are dealt face down, with a card for every turn."""
        turns = sum(
            1 for step in game.steps if isinstance(step, Expose) and (step.good, step.bad) == (self.good, self.bad)
        )
        for row in (self.good, self.bad):
            deals = [step for step in game.steps if isinstance(step, Deal) and step.row == row and step.board]
            if any(step.face != "down" for step in deals) or sum(step.board for step in deals) < turns:
                fields.problem(
                    "good" if row == self.good else "bad", f"row {row!r} needs {turns} cards dealt face down"
                )
