"""``columns``: Five-O's showdown, column by column.

Rules document 004, "Five-O poker": "The winner is determined by matching each hand to the
corresponding hand of the opponent. The player with the stronger poker hand in three (or
more) out of the five columns, wins, unless a player folds on a bet that was made. If a
player beats their opponent with all five hands, this is called a “Five-O” win."

Each of the two players' rows (``hand.placed``, filled by the ``place`` step) is judged
against the other player's row of the same name, under ``ranking``. A player who wins
``need`` columns or more takes the pot. Equal hands in a column win it for nobody, so when
neither player wins ``need`` columns (two each and a tie, say) the pot is split, the odd chip
to the first player left of the button. Five-O is a game for two: the step checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from homegame.engine.events import SEATS, Event, Judged, Made, Names, Shown, Won, name, says
from homegame.engine.judge import Judge
from homegame.engine.pots import share
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register
from homegame.ranking import Ranking, get
from homegame.ranking.forms import Form

__all__ = ["ColumnJudged", "Columns", "ColumnsWon"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ColumnJudged(Event):
    """Column ``row`` goes to ``seat`` (``None``: equal hands), with each player's hand in it as judged."""

    row: str
    seat: int | None
    hands: tuple[tuple[int, Judged], ...]

    def describe(self, names: Names = SEATS) -> str:
        """``column 1: seat 0 pair of aces against seat 1 king high: seat 0 wins it``."""
        hands = " against ".join(f"{name(names, seat)} {judged.made.name}" for seat, judged in self.hands)
        return f"column {self.row}: {hands}: " + (
            "equal" if self.seat is None else f"{says(names, self.seat, 'wins')} it"
        )


@dataclass(frozen=True, slots=True)
class ColumnsWon(Event):
    """``seat`` won ``count`` of the ``rows`` columns: enough to take the pot (all of them: a Five-O)."""

    seat: int
    count: int
    rows: int

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 wins 3 of 5 columns``; all five: ``...: a Five-O``."""
        text = f"{says(names, self.seat, 'wins')} {self.count} of {self.rows} columns"
        return text + (": a Five-O" if self.count == self.rows else "")


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Columns(Step):
    """Two players' columns judged one against one; ``need`` of them win the pot.

    >>> print(Columns(ranking=get("high")).describe())
    Showdown column by column (high): whoever has the better hand in 3 or more columns takes the pot; \
otherwise it is split.
    """

    kind: ClassVar[str] = "columns"
    settles: ClassVar[bool] = True
    ranking: Ranking
    need: int = 3
    judge: Judge = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "judge", Judge(self.ranking, Form()))

    @classmethod
    def read(cls, fields: Fields) -> Columns:
        """``ranking`` (a ranking name, ``high``) and ``need`` (columns that win, 3)."""
        try:
            ranking = get(fields.string("ranking", "high"))
        except ValueError as error:
            fields.problem("ranking", str(error))
            ranking = get("high")
        return cls(ranking=ranking, need=fields.integer("need", 3, low=1, high=13))

    def begin(self, hand: Dealer) -> Decision | None:
        """Show, judge each column, and pay the pot."""
        live = hand.in_hand()
        columns = {
            seat: {
                row: Judged(side=row, held=tuple(cards), given=Made.of(self.judge.value(cards, ())))
                for row, cards in hand.placed[seat].items()
            }
            for seat in live
        }
        for seat in live:
            shown = tuple(hand.cards(seat))
            hand.show(seat, shown)
            hand.emit(Shown(seat, shown, tuple(columns[seat].values())))
        won = dict.fromkeys(live, 0)
        for row in hand.placed[live[0]]:
            hands = {seat: (hand.placed[seat][row], ()) for seat in live}
            winners = self.judge.winners(self.judge.scores(hands), live)
            judged = tuple((seat, columns[seat][row]) for seat in live)
            hand.emit(ColumnJudged(row=row, seat=winners[0] if len(winners) == 1 else None, hands=judged))
            if len(winners) == 1:
                won[winners[0]] += 1
        takers = [seat for seat in live if won[seat] >= self.need]
        for seat in takers:
            hand.emit(ColumnsWon(seat, won[seat], len(hand.placed[seat])))
        for index, pot in enumerate(hand.pots(with_bets=True)):
            eligible = [seat for seat in takers if seat in pot.eligible] or [s for s in live if s in pot.eligible]
            for seat, amount in zip(eligible, share(pot.amount, eligible), strict=True):
                if amount:
                    hand.award(Won(seat=seat, amount=amount, pot=index, side="columns"))
        return None

    @property
    def columns_to_win(self) -> int:
        """The columns a player must win to take the pot: :attr:`need`."""
        return self.need

    def award_words(self, events: Sequence[Event], side: str, seat: int) -> str:
        """How many columns ``seat`` won (``" with 3 of 5 columns"``), or that neither player won enough."""
        if side != "columns":
            return ""
        counts = [event for event in events if isinstance(event, ColumnsWon) and event.seat == seat]
        if not counts:
            return ": neither player won enough columns"
        count = counts[0]
        return f" with {count.count} of {count.rows} columns" + (", a Five-O" if count.count == count.rows else "")

    def describe(self) -> str:
        """One line for the rules."""
        return (
            f"Showdown column by column ({self.ranking.label}): whoever has the better hand in "
            f"{self.need} or more columns takes the pot; otherwise it is split."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """A game for two, whose last step this is, after a ``place`` step."""
        if game.players[1] != 2:
            fields.problem("kind", "the columns showdown is for two players (players.max = 2)")
        if game.steps[-1] is not self:
            fields.problem("kind", "the columns showdown must be the last step")
        if not any(step.kind == "place" for step in game.steps):
            fields.problem("kind", "the columns showdown needs a place step to fill the columns")
