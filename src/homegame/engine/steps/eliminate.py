"""``eliminate``: Elimination's table cards (rules 000). The dealer turns up the next card of a row
dealt face down; every player holding cards of its rank must throw them all away.

"If it is the same rank as a table card already showing, the dealer turns up cards from the top
of the undealt deck until a new rank appears. Players discard all cards of the new rank." The
cards turned from the deck stay on the table with the others. (Should the stock and the discards
together hold no new rank, which can happen only at a full table, nothing more is eliminated.)

"3.3(c) A player has had all five cards eliminated. That player wins the whole pot at once." If
two players are emptied by the same card they share it, odd chips from the button's left. A
player all in wins every pot they have a stake in; a side pot they have none in is shared by
the players who may win it.

What players throw away is known to all but the suits: the rank is on the table, and how many
cards went is seen; which suits only the player knows (their discards go to the muck face down).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, Rank, format_cards
from homegame.engine.events import SEATS, Event, Names, TurnedUp, Won, says
from homegame.engine.pots import share
from homegame.engine.spec import Fields
from homegame.engine.steps.base import MUCK, Dealer, Decision, Down, Row, Rules, Step, register
from homegame.engine.steps.deal import Deal
from homegame.ranking.poker import rank_name

__all__ = ["Eliminate", "Eliminated"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Eliminated(Event):
    """A seat throws away every card of ``rank`` it held (``count`` of them); others see the rank
    and the count, not the suits."""

    seat: int
    rank: Rank
    cards: tuple[Card, ...]
    count: int

    def seen_by(self, seat: int | None) -> Event:
        """Others learn how many cards of the rank went, not which suits."""
        return self if seat == self.seat else Eliminated(seat=self.seat, rank=self.rank, cards=(), count=self.count)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 throws away 9c 9h`` (``2 nines`` when the viewer may not see the suits)."""
        what = format_cards(self.cards) or f"{self.count} {rank_name(self.rank, plural=self.count > 1)}"
        return f"{says(names, self.seat, 'throws away')} {what}"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Eliminate(Step):
    """Turn up the next card of ``row``; eliminate its rank from every hand (see the module docstring).

    >>> print(Eliminate().describe())
    The next table card is turned up (a rank already showing: cards from the deck until a new rank
    shows), and every player throws away all their cards of that rank; a player left with none wins
    the whole pot at once.
    """

    kind: ClassVar[str] = "eliminate"
    row: str = "table"

    @classmethod
    def read(cls, fields: Fields) -> Eliminate:
        """``row``: the face-down row whose cards are turned."""
        return cls(row=fields.string("row", "table"))

    def begin(self, hand: Dealer) -> Decision | None:
        """Turn, eliminate, and pay out at once if a player is left with no cards."""
        rank = self._turn(hand)
        if rank is None:
            return None
        for seat in hand.in_hand():
            gone = tuple(card for card in hand.down[seat] if card.rank == rank)
            if gone:
                hand.move(gone, Down(seat), MUCK)
                hand.emit(Eliminated(seat=seat, rank=rank, cards=gone, count=len(gone)))
        emptied = [seat for seat in hand.in_hand() if not hand.cards(seat)]
        if emptied:
            _pay_the_emptied(hand, emptied)
        return None

    def _turn(self, hand: Dealer) -> Rank | None:
        """Turn the next card, and more from the deck while the rank already shows; the new rank."""
        table = Row(self.row)
        showing = {card.rank for card in hand.rows.get(self.row, ())}
        card = hand.face_down[self.row][0]
        hand.move((card,), Row(self.row, face_up=False), table)
        for _ in range(hand.stock + len(hand.muck) + 1):
            hand.emit(TurnedUp(self.row, (card,)))
            if card.rank not in showing:
                return card.rank
            if not hand.stock and not hand.muck:
                break
            (card,) = drawn = hand.take(1)
            hand.deal(drawn, table)
        return None

    @property
    def cuts_hands(self) -> bool:
        """True: after the elimination a player's hand is what is left of it."""
        return True

    def describe(self) -> str:
        """One line for the rules."""
        return (
            "The next table card is turned up (a rank already showing: cards from the deck until a new rank "
            "shows), and every player throws away all their cards of that rank; a player left with none wins "
            "the whole pot at once."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The row must be dealt face down, with a card for every elimination."""
        dealt = sum(step.board for step in game.steps if isinstance(step, Deal) and step.row == self.row)
        if any(step.face != "down" for step in game.steps if isinstance(step, Deal) and step.row == self.row):
            fields.problem("row", f"row {self.row!r} must be dealt face down")
        turns = sum(1 for step in game.steps if isinstance(step, Eliminate) and step.row == self.row)
        if dealt < turns:
            fields.problem("row", f"row {self.row!r} has {dealt} cards for {turns} turns")


def _pay_the_emptied(hand: Dealer, emptied: list[int]) -> None:
    """3.3(c): every pot to the emptied players with a stake in it (shared among them), or else to
    all who may win it; then the hand is over."""
    for index, pot in enumerate(hand.pots(with_bets=True)):
        takers = [seat for seat in emptied if seat in pot.eligible] or [
            seat for seat in hand.in_hand() if seat in pot.eligible
        ]
        for seat, amount in zip(takers, share(pot.amount, takers), strict=True):
            if amount:
                hand.award(Won(seat=seat, amount=amount, pot=index, side="all cards eliminated"))
    hand.end()
