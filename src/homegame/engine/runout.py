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
from typing import cast

from homegame.cards import Card
from homegame.engine.actions import Action, ActionKind, Legal, PlainLegal
from homegame.engine.events import Answered, Runout, Tabled
from homegame.engine.felt import Felt
from homegame.engine.game import Family
from homegame.engine.steps.base import Dealer, Dealing, Decision, Rules, Snapshot, Step

__all__ = ["RunTwiceRound", "Runouts", "betting_over", "board_only", "runout"]

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


def runout(game: Rules, start: int) -> tuple[Dealing, ...] | None:
    """The deals left from step ``start`` to the settling step when nothing else is left but
    betting rounds (no draw, no choice, no card bought), else ``None``; none at all is ``None`` too.

    >>> from homegame.games import load
    >>> [len(runout(load(name), 5) or ()) for name in ("holdem", "draw")]
    [2, 0]
    """
    deals = []
    for step in game.steps[start:-1]:
        if step.dealing is not None:
            deals.append(step.dealing)
        elif not step.betting_round:
            return None
    return tuple(deals) or None


def board_only(deals: tuple[Dealing, ...]) -> bool:
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


class Runouts(Felt):
    """What a :class:`~homegame.engine.hand.Hand` does once no more betting is possible and cards
    are still to come (see the module): the hand's loop asks :meth:`_all_in_now` before each deal,
    and :meth:`_settle_runout` settles each board of a hand run twice."""

    _step: int
    decision: Decision | None
    over: bool
    _asked: bool
    _twice: tuple[int, tuple[Card, ...]] | None
    """Where the runouts begin, once agreed: the step, and the board before it."""

    @property
    def dealer(self) -> Dealer:
        """The hand as its steps see it (a :class:`~homegame.engine.hand.Hand` is every verb)."""
        return cast(Dealer, self)

    @property
    def steps_left(self) -> tuple[Step, ...]:
        """The steps of the game not begun yet."""
        return self.game.steps[self._step :]

    @property
    def coming(self) -> tuple[Dealing, ...]:
        """The deals left when nothing but deals and betting rounds is left before the settling
        step (:func:`runout`), else none."""
        return runout(self.game, self._step) or ()

    @property
    def all_in(self) -> bool:
        """True while no more betting is possible, cards are still to come and the hands still in
        are turned up: what a table needs to show every hand's odds.

        >>> from homegame.games import load
        >>> from homegame.engine.hand import Hand
        >>> from homegame.engine.actions import Call, RaiseTo
        >>> hand = Hand(load("holdem"), [50, 50], seed=2, run_it_twice=True)
        >>> before = hand.all_in
        >>> _ = hand.act(0, RaiseTo(50)); _ = hand.act(1, Call())
        >>> before, hand.all_in
        (False, True)
        """
        if self.over or not self.coming or not betting_over(self.dealer):
            return False
        return all(self.shown.get(seat) == tuple(self.cards(seat)) for seat in self.in_hand())

    def _all_in_now(self) -> bool:
        """Before a deal, when no more betting is possible and only deals and betting rounds are left:
        the seats still in turn their cards up, then (``run_it_twice``, the rest all to the board of
        a community game, the stock enough for two) are asked whether to run it twice; True when
        they are asked now."""
        deals = self.coming
        if not deals or not betting_over(self.dealer):
            return False
        live = self.in_hand()
        for seat in live:
            down = tuple(self.down[seat])
            if down and self.shown.get(seat) != tuple(self.cards(seat)):
                self.show(seat, self.cards(seat))
                self.emit(Tabled(seat, down))
        if self._asked or not self.setup.run_it_twice or self.game.family is not Family.COMMUNITY:
            return False
        needed = sum(deal.cards_needed(len(live)) for deal in deals)
        if self.game.steps[-1].kind != "showdown" or not board_only(deals) or self.stock < 2 * needed:
            return False
        self._asked = True
        self.decision = RunTwiceRound(self.dealer, tuple(live))
        return True

    def _agreed(self, decision: Decision) -> None:
        """After a decision closes: when it was the question of running it twice and all said yes,
        the runouts begin here."""
        if type(decision) is RunTwiceRound and decision.agreed:
            self._twice = (self._step, tuple(self.board))
            self.emit(Runout(1))

    def _settle_runout(self, step: Step) -> None:
        """The settling step pays this runout's share of each pot (the first the odd chip); after the
        first, the board goes back to where the runouts began and the deals are made again from the
        same deck; after the second, the table shows the first board, both in :attr:`runouts`."""
        assert self._twice is not None
        start, before = self._twice
        self._share = len(self.runouts)
        try:
            self.decision = step.begin(self.dealer)
        finally:
            self._share = -1
        self.runouts.append(tuple(self.board))
        if len(self.runouts) == 1:
            self.board[:] = before
            self._step = start
            self.emit(Runout(2))
        else:
            self.board[:] = self.runouts[0]
