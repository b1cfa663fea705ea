"""The sensible bot: plays by its equity and the pot odds, from its own view only.

On each turn it looks at what the game offers and decides:

- *Betting*: it estimates its equity (its expected share of the pot at the
  showdown, :func:`homegame.analysis.equity.estimate`, from its view alone) and
  compares it with the price. It bets or raises when its equity is well above
  its fair share (``1 / players``; see ``aggression``), about three quarters of
  the pot in the big-bet games; it calls when the pot odds pay for it
  (``equity * (pot + to call) >= to call``); it checks when it may and folds
  otherwise. In stud it brings in rather than completes unless it would raise.
- *Drawing* (and discarding, passing or rolling up cards): the simple rules of
  :mod:`homegame.bots.drawing` for the contest it has the best chance in (high
  or low): the cards that help least go.
- *Declaring*: the side with the best expected return: half the pot times the
  chance of winning one side, or the whole pot times the chance of winning
  every side outright for ``both``. In Guts, *in* only when the pot it may win
  pays for the match it may owe: the chance that its hand beats every other
  player's, times the pot, against the chance it loses, times the price
  (:func:`~homegame.engine.steps.guts.match_price`).
- Anything else (buying, keeping or pushing, splitting, placing, and kinds it
  does not know yet): the least committal legal action
  (:func:`homegame.bots.choices.simplest`: decline, keep, the strongest hands
  first). Weighing a purchase by its effect on the estimate waits for the steps
  that sell cards.

It never takes an illegal action: every action is built from the legal
descriptors and checked against them.

>>> import random
>>> from homegame.bots import play
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("holdem"), [200] * 4, seed=11)
>>> play(hand, [SensibleBot(random.Random(seat), trials=100) for seat in range(4)])
>>> hand.over, sum(hand.stacks)
(True, 800)
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from homegame.analysis.equity import Equity, contests, estimate
from homegame.bots.choices import simplest
from homegame.bots.drawing import discards
from homegame.cards import DeckSpec
from homegame.engine.actions import Action, ActionKind, AmountLegal, CardsLegal, ChoiceLegal, Legal, PlainLegal
from homegame.engine.betting import Betting
from homegame.engine.game import Game
from homegame.engine.steps.guts import Guts, match_price
from homegame.engine.view import View
from homegame.games import load

if TYPE_CHECKING:
    from homegame.bots import Turn

__all__ = ["SensibleBot"]

_BETTING = frozenset(
    {
        ActionKind.FOLD,
        ActionKind.CHECK,
        ActionKind.CALL,
        ActionKind.BET_TO,
        ActionKind.RAISE_TO,
        ActionKind.COMPLETE,
        ActionKind.BRING_IN,
    }
)
_RAISES = (ActionKind.RAISE_TO, ActionKind.BET_TO, ActionKind.COMPLETE)


class SensibleBot:
    """Equity and pot odds for bets, simple rules for draws, expected return for declarations.

    ``rng`` seeds its Monte Carlo estimates (reproducible play); ``trials`` is how many
    deals an estimate judges; ``aggression`` (0..1) is how far above its fair share its
    equity must be, as a fraction of the way to certainty, before it bets or raises; ``bet_size``
    is its bet or raise in the big-bet games, as a fraction of the pot after calling.
    """

    __slots__ = ("aggression", "bet_size", "rng", "trials")

    def __init__(
        self, rng: random.Random | None = None, *, trials: int = 300, aggression: float = 0.25, bet_size: float = 0.75
    ) -> None:
        self.rng = rng or random.Random()
        self.trials = trials
        self.aggression = aggression
        self.bet_size = bet_size

    def choose(self, turn: Turn) -> Action:
        """This turn's action (one of ``turn.legal``)."""
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], PlainLegal):
            return legal[0].make()
        by_kind = {option.kind: option for option in legal}
        game = turn.game or load(turn.view().game)
        declare = by_kind.get(ActionKind.DECLARE)
        if isinstance(declare, ChoiceLegal):
            return self._declare(declare, game, turn.view())
        throw = next((option for option in legal if isinstance(option, CardsLegal)), None)
        if throw is not None:
            return self._throw(throw, game, turn.view())
        if _BETTING.issuperset(by_kind):
            return self._bet(by_kind, game, turn.view())
        return simplest(legal)

    def _equity(self, game: Game, view: View) -> Equity:
        return estimate(game, view, trials=self.trials, rng=self.rng)

    def _bet(self, by_kind: dict[ActionKind, Legal], game: Game, view: View) -> Action:
        equity = self._equity(game, view).share
        players = sum(not seat.folded for seat in view.seats)
        fair = 1.0 / players
        strong = equity >= fair + (1.0 - fair) * self.aggression
        raising = next((by_kind[kind] for kind in _RAISES if kind in by_kind), None)
        if strong and raising is not None:
            return raising.make(self._size(raising, game, view)) if isinstance(raising, AmountLegal) else raising.make()
        for kind in (ActionKind.BRING_IN, ActionKind.CHECK):
            if kind in by_kind:
                return by_kind[kind].make()
        call = by_kind.get(ActionKind.CALL)
        if isinstance(call, PlainLegal) and equity * (view.pot + call.chips) >= call.chips:
            return call.make()
        fold = by_kind.get(ActionKind.FOLD)
        return fold.make() if fold is not None else simplest(tuple(by_kind.values()))

    def _size(self, raising: AmountLegal, game: Game, view: View) -> int:
        """The round's bet to make: a fraction of the pot after calling, within the bounds."""
        if raising.min == raising.max or game.betting is Betting.FIXED_LIMIT:
            return raising.min
        top = max(seat.bet for seat in view.seats)
        assert view.viewer is not None
        to_call = top - view.seats[view.viewer].bet
        target = top + round(self.bet_size * (view.pot + to_call))
        return max(raising.min, min(raising.max, target))

    def _throw(self, throw: CardsLegal, game: Game, view: View) -> Action:
        """Draw, discard, pass or roll the cards that help least, by the rules of
        :mod:`homegame.bots.drawing` for the contest it has the best chance in."""
        judged = contests(game)
        if not judged:
            return throw.make()
        contest = judged[0]
        if len(judged) > 1:
            equity = self._equity(game, view)
            contest = max(judged, key=lambda contest: equity.side(contest.side))
        assert view.viewer is not None
        seat = view.seats[view.viewer]
        thrown = discards(
            tuple(dict.fromkeys((*(seat.down or ()), *seat.up, *throw.cards, *dict(view.rows).get(contest.row, ())))),
            throw.cards,
            contest.ranking,
            limit=throw.max,
            least=throw.min,
            wild_rank=view.wild_rank,
            down=seat.down or (),
        )
        return throw.make(thrown)

    def _declare(self, declare: ChoiceLegal, game: Game, view: View) -> Action:
        guts = game.steps[-1]
        if isinstance(guts, Guts):
            return declare.make(_guts(guts, game, view))
        equity = self._equity(game, view)
        weights = {contest.side: contest.share for contest in contests(game)}
        total = sum(weights.values()) or 1

        def expected(choice: str) -> float:
            if choice == "both":
                return equity.scoop
            return weights.get(choice, 0) / total * equity.side(choice)

        return declare.make(max(declare.choices, key=expected))


def _guts(step: Guts, game: Game, view: View) -> str:
    """In or out of a Guts round: in when the chance of beating every other player still in (each
    holding a hand of the deck at random, cards in the bot's hand not removed) pays for the price
    of losing."""
    assert view.viewer is not None
    seat = view.seats[view.viewer]
    held = (*(seat.down or ()), *seat.up)
    others = sum(not other.folded for other in view.seats) - 1
    keys = _all_hands(step, len(held))
    key = step.ranking.evaluate(held).key
    beaten = (bisect_left(keys, key) + bisect_right(keys, key)) / 2 / len(keys)  # ties count half
    win = beaten**others
    return "in" if win * view.pot > (1 - win) * match_price(game.option_values(), view.pot) else "out"


@cache
def _all_hands(step: Guts, size: int) -> list[int]:
    """The sorted keys of every hand of ``size`` cards from the standard deck under the step's ranking."""
    return sorted(step.ranking.evaluate(cards).key for cards in combinations(DeckSpec().cards(), size))
