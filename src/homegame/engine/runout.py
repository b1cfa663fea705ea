"""When no more betting is possible and cards are still to come: the hands turned up, and the
question of running the rest of the board twice.

No more betting is possible when two or more seats are still in and every one of them is all in,
or all but one, who covers them (has put in at least as much as each). The hand then deals the
rest with nobody to ask, so what is left is only deals and betting rounds nobody can bet in
(:func:`runout`): the seats still in turn their down cards up (:class:`~homegame.engine.events.Tabled`,
the casino's all-in rule), and at a table that runs it twice (``run_it_twice``) in a community-card
game whose remaining cards all go to the board, each of them is asked (:class:`RunTwiceRound`).

>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> from homegame.engine.actions import Call, RaiseTo, RunTwice
>>> hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
>>> _ = hand.act(0, RaiseTo(50)); _ = hand.act(1, Call())
>>> hand.pending(), [str(legal) for legal in hand.legal_actions(0)]
((1, 0), ['run_twice', 'decline'])
>>> _ = hand.act(0, RunTwice()); _ = hand.act(1, RunTwice())
>>> [len(board) for board in hand.runouts], sum(hand.result.net)
([5, 5], 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from homegame.engine.actions import Action, ActionKind, Legal, PlainLegal
from homegame.engine.events import Answered
from homegame.engine.steps.base import Dealer, Rules, Snapshot
from homegame.engine.steps.bet import Bet
from homegame.engine.steps.deal import Deal

__all__ = ["RunTwiceRound", "betting_over", "board_only", "runout"]

_TWICE, _DECLINE = PlainLegal(ActionKind.RUN_TWICE), PlainLegal(ActionKind.DECLINE)


def betting_over(hand: Snapshot) -> bool:
    """True when two or more seats are still in and none of them may bet again: every one all in,
    or all but one, who has put in at least as much as each of the others."""
    live = hand.in_hand()
    if len(live) < 2:
        return False
    able = [seat for seat in live if hand.stacks[seat] > 0]
    if len(able) > 1:
        return False
    return not able or hand.committed[able[0]] >= max(hand.committed[seat] for seat in live if seat != able[0])


def runout(game: Rules, start: int) -> tuple[Deal, ...] | None:
    """The deals left from step ``start`` to the settling step when nothing else is left but
    betting rounds (no draw, no choice, no card bought), else ``None``; none at all is ``None`` too.

    >>> from homegame.games import load
    >>> [len(runout(load(name), 5) or ()) for name in ("holdem", "draw")]
    [2, 0]
    """
    deals = []
    for step in game.steps[start:-1]:
        if isinstance(step, Deal):
            deals.append(step)
        elif not isinstance(step, Bet):
            return None
    return tuple(deals) or None


def board_only(deals: tuple[Deal, ...]) -> bool:
    """True when every card of ``deals`` goes face up to the board (a board that can be run twice)."""
    return any(deal.board for deal in deals) and all(
        not deal.cards and deal.row == "board" and deal.face == "up" for deal in deals
    )


@dataclass(slots=True, eq=False)
class RunTwiceRound:
    """The question put at once to every seat still in: run the rest of the board twice
    (``run_twice``) or not (``decline``). The first to decline ends it; :attr:`agreed` once every
    seat has said yes."""

    hand: Dealer
    asked: tuple[int, ...]
    answers: dict[int, bool] = field(default_factory=dict)

    def pending(self) -> tuple[int, ...]:
        """The seats yet to answer, none once one has declined."""
        if False in self.answers.values():
            return ()
        return tuple(seat for seat in self.asked if seat not in self.answers)

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """Yes or no."""
        return _TWICE, _DECLINE

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Record the answer, in the open."""
        twice = action.kind is ActionKind.RUN_TWICE
        self.answers[seat] = twice
        self.hand.emit(Answered(seat, twice))

    def done(self) -> bool:
        """True once every seat has said yes, or one has said no."""
        return not self.pending()

    def close(self) -> None:
        """Nothing to tidy: the hand reads :attr:`agreed`."""

    @property
    def agreed(self) -> bool:
        """Every seat asked said yes."""
        return len(self.answers) == len(self.asked) and all(self.answers.values())
