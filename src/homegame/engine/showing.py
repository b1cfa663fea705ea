"""Show or muck: a seat that throws away at the showdown a hand the rules do not make it show
(:attr:`~homegame.engine.setup.Setup.mucks`), and the winner of a hand nobody called showing some
or all of its cards once it is over (the base of :class:`~homegame.engine.hand.Hand`; the showdown
step decides who must show, :meth:`~homegame.engine.steps.showdown.Showdown.mucking`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from homegame.cards import Card
from homegame.engine.events import Event, Shown
from homegame.engine.guard import check_seat
from homegame.engine.runout import Runouts
from homegame.errors import IllegalActionError

__all__ = ["Showing"]


class Showing(Runouts):
    """A hand's seats mucking or showing: what they said, and what they may still show."""

    shows: list[tuple[int, tuple[Card, ...]]]
    """The cards shown by a winner after the hand, in order (the history keeps them)."""

    def set_muck(self, seat: int, muck: bool) -> None:
        """Whether ``seat`` throws away at the showdown a hand the rules do not make it show
        (:attr:`Setup.mucks`), said any time before the hand is over; the history keeps the last word.

        >>> from homegame.engine.hand import Hand
        >>> from homegame.games import load
        >>> hand = Hand(load("holdem"), [100, 100], seed=1)
        >>> hand.set_muck(1, True); hand.history().setup.mucks
        (1,)
        """
        check_seat(seat, self.seats)
        if self.over:
            raise IllegalActionError(f"seat {seat} cannot muck: the hand is over")
        mucks = tuple(sorted({*self.mucks, seat} if muck else set(self.mucks) - {seat}))
        self.setup, self.mucks = replace(self.setup, mucks=mucks), mucks

    def showable(self, seat: int) -> tuple[Card, ...]:
        """The down cards ``seat`` may still show: once the hand is over, if it won without a showdown
        (everyone else folded), those not shown yet; otherwise none.

        >>> from homegame.cards import parse
        >>> from homegame.engine.actions import Fold
        >>> from homegame.engine.hand import Hand
        >>> from homegame.games import load
        >>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc")
        >>> hand.showable(1); _ = hand.act(0, Fold()); print(*hand.showable(1))
        ()
        As Ah
        >>> print(hand.show_won(1, parse("Ah"))[0], *hand.showable(1), "|", *hand.view(0).seats[1].down)
        seat 1 shows Ah As | Ah
        """
        check_seat(seat, self.seats)
        if not self.over or self.live != 1 or self.folded[seat]:
            return ()
        shown = self.shown.get(seat, ())
        return tuple(card for card in self.down[seat] if card not in shown)

    def show_won(self, seat: int, cards: Sequence[Card]) -> tuple[Event, ...]:
        """``seat``, which won without a showdown, shows some or all of its down cards to everyone
        once the hand is over (:meth:`showable`); no chip moves. Anything else raises
        :class:`IllegalActionError` and changes nothing."""
        showable = self.showable(seat)
        chosen = tuple(cards)
        if not chosen or len(set(chosen)) != len(chosen) or any(card not in showable for card in chosen):
            wanted, may = " ".join(map(str, chosen)) or "no card", " ".join(map(str, showable)) or "nothing"
            raise IllegalActionError(f"seat {seat} cannot show {wanted} (may show: {may})")
        self.show(seat, (*self.shown.get(seat, ()), *chosen))
        self.shows.append((seat, chosen))
        event = Shown(seat, chosen)
        self.emit(event)
        return (event,)
