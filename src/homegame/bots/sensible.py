"""The sensible bot: plays every decision by its expected value, from its own view only.

Its measure is its *equity*: its expected share of the pot at the showdown,
estimated from its view alone (:func:`homegame.analysis.equity.estimate`, or the
home games' own chances in :mod:`homegame.bots.home`: High Card Poker's knock-outs,
Five-O's columns). On each turn it decides:

- *Betting*: it bets for value when its equity is above its fair share (``1 /
  players``), raises when it is well above (see ``aggression``), asking for more
  before raising a pot already raised or a pot of many players, about three quarters of the
  pot in the big-bet games; it calls when the pot odds pay for it (``equity *
  (pot + to call) >= to call``), its equity discounted for each raise it faces
  (a raiser's hand is better than a random one); it checks when it may and folds
  otherwise. Now and then (``bluff``) it bets a hand checked to it. In stud it
  brings in rather than completes unless it would raise.
- *Drawing* (and discarding, passing or rolling up cards): the rules of
  :mod:`homegame.bots.drawing` for the contest it has the best chance in; a draw
  that costs chips (Countdown) is made only when what the new cards add to its
  equity pays for them.
- *Buying*: a card from the Grocery Store against the card it would be dealt, a
  twist card, a pushed card against its replacement (Push), Baseball's three
  against folding: each by its equity with and without, times the pot it expects,
  less the price; The Option by the best card to turn up (so the wild rank) against
  turning none, Push's insurance by the best card to throw away against keeping all
  (each as the side it would declare is worth, the price counted back at its share of
  the pot it goes into). An item it does not know it declines.
- *Setting cards*: Five-O's columns (:func:`homegame.bots.home.place`), Chinese
  poker's rows (:func:`~homegame.bots.home.set_rows`), Pi Gow's two and five
  (:func:`~homegame.bots.home.two_and_five`).
- *Declaring*: the side with the best expected return: its share of the pot times
  the chance of winning it against every opponent still in (their up cards counted),
  ``both`` only on the chance of winning every side. In Guts, *in* when the pot it
  may win pays for the match it may owe, less its fair share of the next pot that the
  matches go into (:func:`_guts`).
- Anything else: the least committal legal action (:func:`homegame.bots.choices.simplest`).

It never takes an illegal action: every action is built from the legal descriptors.

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
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from homegame.analysis.equity import Equity, contests, estimate
from homegame.bots.choices import simplest
from homegame.bots.drawing import discards
from homegame.bots.home import columns_chance, knockout_chance, place, set_rows, two_and_five, unseen
from homegame.cards import Card, DeckSpec
from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    BetTo,
    CardsLegal,
    ChoiceLegal,
    Complete,
    DivideLegal,
    Legal,
    PlaceLegal,
    PlainLegal,
    RaiseTo,
)
from homegame.engine.betting import Betting
from homegame.engine.events import Acted, Dealt, Drew
from homegame.engine.game import Game
from homegame.engine.steps.base import Step
from homegame.engine.view import View
from homegame.games import load
from homegame.ranking.wild import Lowest

if TYPE_CHECKING:
    from homegame.bots.base import Turn

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
_SAMPLES = 6
"""Cards drawn at random to weigh a card not yet seen (a replacement, a twist, the card dealt
instead of a purchase)."""


class SensibleBot:
    """Expected value for every decision: equity and pot odds for bets, equity with and without for
    purchases and pushes, chances of the home games for their own decisions.

    ``rng`` seeds its Monte Carlo estimates (reproducible play); ``trials`` is how many deals an
    estimate judges; ``aggression`` (0..1) is how far above its fair share its equity must be, as a
    fraction of the way to certainty, before it bets or raises; ``bet_size`` is its bet or raise in
    the big-bet games, as a fraction of the pot after calling; ``bluff`` is how often it bets a hand
    checked to it whatever it holds.
    """

    __slots__ = ("aggression", "bet_size", "bluff", "rng", "trials")

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        trials: int = 300,
        aggression: float = 0.25,
        bet_size: float = 0.75,
        bluff: float = 0.03,
    ) -> None:
        self.rng = rng or random.Random()
        self.trials = trials
        self.aggression = aggression
        self.bet_size = bet_size
        self.bluff = bluff

    def choose(self, turn: Turn) -> Action:
        """This turn's action (one of ``turn.legal``)."""
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], PlainLegal):
            return legal[0].make()
        by_kind = {option.kind: option for option in legal}
        game = turn.game or load(turn.view().game)
        view = turn.view()
        declare = by_kind.get(ActionKind.DECLARE)
        if isinstance(declare, ChoiceLegal):
            return self._declare(declare, game, view)
        split = by_kind.get(ActionKind.SPLIT)
        if isinstance(split, DivideLegal):
            return _split(split)
        spot = by_kind.get(ActionKind.PLACE)
        if isinstance(spot, PlaceLegal):
            return place(spot, game, view, trials=max(8, self.trials // 10), rng=self.rng)
        if ActionKind.PUSH in by_kind and ActionKind.KEEP in by_kind:
            return self._push(by_kind, game, view)
        buy = by_kind.get(ActionKind.BUY)
        if isinstance(buy, ChoiceLegal):
            return self._buy(buy, by_kind, game, view)
        throw = next((option for option in legal if isinstance(option, CardsLegal)), None)
        if throw is not None:
            return self._throw(throw, game, view)
        if _BETTING.issuperset(by_kind):
            return self._bet(by_kind, game, view)
        return simplest(legal)

    # -- what it may expect ------------------------------------------------------------------

    def _equity(self, game: Game, view: View, trials: int | None = None, seed: int | None = None) -> Equity:
        """The estimate from ``view``; with ``seed``, from deals of the unseen cards that every estimate
        with that seed shares (common random numbers: views told apart by the seat's own cards
        alone are then compared on the same deals, not on the noise of two samples)."""
        rng = self.rng if seed is None else random.Random(seed)
        return estimate(game, _live(view), trials=trials or self.trials, rng=rng)

    def _share(self, game: Game, view: View, trials: int | None = None) -> float:
        """Its expected share of the pot: the home games' own chances where the estimate has none."""
        last = game.steps[-1]
        if last.knockout_row is not None:
            return knockout_chance(game, view, trials=trials or self.trials, rng=self.rng)
        if last.columns_to_win:
            return columns_chance(game, view, trials=max(20, (trials or self.trials) // 4), rng=self.rng)
        return self._equity(game, view, trials).share

    def _with_card(self, game: Game, view: View, change: Callable[[Card], View], trials: int) -> float:
        """The average share over a few cards drawn from the unseen ones, each put in by ``change``."""
        pool = unseen(game, view)
        if not pool:
            return self._share(game, view, trials)
        drawn = self.rng.sample(pool, min(_SAMPLES, len(pool)))
        return sum(self._share(game, change(card), trials) for card in drawn) / len(drawn)

    # -- betting -------------------------------------------------------------------------------

    def _bet(self, by_kind: dict[ActionKind, Legal], game: Game, view: View) -> Action:
        equity = self._share(game, view)
        players = sum(not seat.folded for seat in view.seats)
        fair = 1.0 / players
        raises = _raises(view)
        raising = next((by_kind[kind] for kind in _RAISES if kind in by_kind), None)
        if raising is not None and raising.kind is ActionKind.BET_TO:  # the first bet: for value, thin
            need = self.aggression * 0.3
        else:  # a raise: more the more raises and players there are already
            need = self.aggression * (1 + 0.5 * raises) * (1 + 0.25 * max(0, players - 2))
        strong = equity >= fair + (1.0 - fair) * min(need, 0.9)
        checked_to = ActionKind.CHECK in by_kind
        bluffing = checked_to and raising is not None and self.rng.random() < self.bluff
        if (strong or bluffing) and raising is not None:
            return (
                raising.make(_size(raising, game, view, self.bet_size))
                if isinstance(raising, AmountLegal)
                else raising.make()
            )
        for kind in (ActionKind.BRING_IN, ActionKind.CHECK):
            if kind in by_kind:
                return by_kind[kind].make()
        call = by_kind.get(ActionKind.CALL)
        facing = equity * 0.9 ** max(0, raises - 1)
        if isinstance(call, PlainLegal) and facing * (view.pot + call.chips) >= call.chips:
            return call.make()
        fold = by_kind.get(ActionKind.FOLD)
        return fold.make() if fold is not None else simplest(tuple(by_kind.values()))

    # -- cards: draws, purchases, pushes ----------------------------------------------------------

    def _throw(self, throw: CardsLegal, game: Game, view: View) -> Action:
        """Draw, discard, pass or roll the cards that help least, by the rules of
        :mod:`homegame.bots.drawing` for the contest it has the best chance in; a priced draw only
        when the new cards pay for themselves; the insurance's discard and the Option's roll by
        what the hand is worth after them (:meth:`_insurance`, :meth:`_roll`)."""
        judged = contests(game)
        if not judged:
            return throw.make()
        insured = _insured(game, view)
        if throw.kind is ActionKind.DISCARD and insured is not None and insured.throws == throw.min == throw.max:
            return throw.make(self._insurance(insured, game, view, max(20, self.trials // 6))[2])
        if throw.kind is ActionKind.ROLL and _wild_down(game) and _complete(game, view):
            return throw.make(self._roll(throw, game, view))
        contest = judged[0]
        if len(judged) > 1:
            equity = self._equity(game, view, max(20, self.trials // 4))
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
        if throw.price and len(thrown) > throw.min and throw.kind is ActionKind.DRAW:
            thrown = self._priced(throw, thrown, game, view)
        return throw.make(thrown)

    def _priced(self, throw: CardsLegal, thrown: tuple[Card, ...], game: Game, view: View) -> tuple[Card, ...]:
        """The cards to draw when each costs ``throw.price``: fewer (down to standing pat) while what
        the new cards add to its share of the pot does not pay for them."""
        assert view.viewer is not None
        trials = max(20, self.trials // 6)
        pat = self._share(game, view, trials)
        pot = _pot(game, view)
        while len(thrown) > throw.min:
            count = len(thrown)
            pool = [card for card in unseen(game, view) if card not in thrown]
            if len(pool) < count:
                break
            gained = 0.0
            for _ in range(_SAMPLES // 2):
                new = tuple(self.rng.sample(pool, count))
                kept = tuple(card for card in view.seats[view.viewer].down or () if card not in thrown)
                gained += self._share(game, _with_down(view, (*kept, *new)), trials)
            if (gained / (_SAMPLES // 2) - pat) * pot >= throw.price * count:
                return thrown
            thrown = thrown[:-1]
        return thrown

    def _roll(self, throw: CardsLegal, game: Game, view: View) -> tuple[Card, ...]:
        """The card to turn up when the wild cards are the lowest of those left down and no card is
        still to come (The Option's last roll): the one whose roll leaves the hand worth most."""
        assert view.viewer is not None
        down = view.seats[view.viewer].down or ()
        trials = max(20, self.trials // 4)
        if throw.min != 1 or throw.max != 1:
            return discards(down, throw.cards, contests(game)[0].ranking, limit=throw.max, least=throw.min)
        seed = self.rng.getrandbits(32)

        def worth(card: Card) -> float:
            return _worth(game, self._equity(game, _rolled(view, down, card), trials, seed))

        return (max(throw.cards, key=worth),)

    def _push(self, by_kind: dict[ActionKind, Legal], game: Game, view: View) -> Action:
        """Keep the card offered, or push it on and buy a replacement: whichever its equity, times the
        pot, says is worth more once the price is paid."""
        push, keep = by_kind[ActionKind.PUSH], by_kind[ActionKind.KEEP]
        assert view.viewer is not None and isinstance(push, PlainLegal)
        me = view.seats[view.viewer]
        if not me.up:
            return keep.make()
        trials = max(20, self.trials // 6)
        kept = self._share(game, view, trials)
        offered = me.up[-1]
        others = me.up[:-1]
        replaced = self._with_card(game, view, lambda card: _with_up(view, (*others, card), offered), trials)
        pot = _pot(game, view)
        return push.make() if (replaced - kept - 0.12) * pot > push.chips else keep.make()

    def _buy(self, buy: ChoiceLegal, by_kind: dict[ActionKind, Legal], game: Game, view: View) -> Action:
        """Buy the item worth most against its price, or decline (or fold, where the only way out is to
        fold: Baseball's three)."""
        assert view.viewer is not None
        me = view.seats[view.viewer]
        trials = max(20, self.trials // 6)
        pot = _pot(game, view)
        decline = by_kind.get(ActionKind.DECLINE)
        fold = by_kind.get(ActionKind.FOLD)
        cards = {choice: _card(choice) for choice in buy.choices}
        if decline is None and fold is not None:  # pay for the card dealt, or fold
            share = self._share(game, view, trials)
            choice = buy.choices[0]
            return buy.make(choice) if share * (pot + buy.price(choice)) > buy.price(choice) else fold.make()
        if decline is None:
            return simplest((buy,))
        if all(card is not None for card in cards.values()):  # cards for sale (the Grocery Store)
            dealt = self._with_card(game, view, lambda card: _with_up(view, (*me.up, card)), trials)
            best, chosen = dealt * pot, None
            for choice, card in cards.items():
                assert card is not None
                value = self._share(game, _with_up(view, (*me.up, card)), trials) * pot - buy.price(choice)
                if value > best:
                    best, chosen = value, choice
            return buy.make(chosen) if chosen is not None else decline.make()
        if "card" in buy.choices:  # a twist: one more card, face down
            now = self._share(game, view, trials)
            down = me.down or ()
            more = self._with_card(game, view, lambda card: _with_down(view, (*down, card)), trials)
            return buy.make("card") if (more - now) * pot > buy.price("card") else decline.make()
        item = buy.choices[0]
        step = _buy_step(game, item)
        if step is not None and step.throws:  # Push's insurance: throw the cards that hurt most
            gain, worth, _ = self._insurance(step, game, view, trials)
        elif _roll_bought(game, item) is not None:  # The Option: one more card up, so a higher wild card
            gain, worth = self._option(item, game, view, trials)
        else:
            return decline.make()  # nothing it knows how to weigh
        # the price goes into the pot, where the bot may win some of it back
        return buy.make(item) if gain * pot > buy.price(item) * (1 - worth) else decline.make()

    def _insurance(self, step: Step, game: Game, view: View, trials: int) -> tuple[float, float, tuple[Card, ...]]:
        """Push's insurance (rules 003: the buyer "push[es] any one of his cards (up or down) to the
        discard pile", and "a player with four cards after Insurance plays them as they are"):
        the cards (``step.throws`` of them) whose loss leaves the hand worth most (:func:`_worth`:
        the side it would declare), what that gains over keeping them all (a fraction of the pot),
        and the worth after throwing them."""
        assert view.viewer is not None
        me = view.seats[view.viewer]
        kept = view if _insured(game, view) is None else replace(view, events=view.events[:-1])
        seed = self.rng.getrandbits(32)
        now = _worth(game, self._equity(game, kept, trials, seed))
        best, chosen = -1.0, tuple[Card, ...]()
        for cards in combinations((*(me.down or ()), *me.up), step.throws):
            worth = _worth(game, self._equity(game, _without(kept, cards, step), trials, seed))
            if worth > best:
                best, chosen = worth, cards
        return best - now, best, chosen

    def _option(self, item: str, game: Game, view: View, trials: int) -> tuple[float, float]:
        """The Option (rules 001: "If he declines the option, he does not turn another card up. If he
        buys the Option [...], he turns a card up normally", and for high "each player's lowest down
        card (and all other cards in their hand of the same rank) is wild"): buying it is choosing
        which of the down cards goes up, so which rank is wild (the lowest of those left down).
        Averaged over a few of the cards it may be dealt before the roll: what the best roll
        gains over rolling nothing (a fraction of the pot), and the hand's worth after it."""
        assert view.viewer is not None
        down = view.seats[view.viewer].down or ()
        coming = _dealt_before_roll(game, item)
        pool = unseen(game, view)
        if len(pool) < coming:
            return 0.0, 0.0
        samples = max(1, _SAMPLES // 2)
        gain = after = 0.0
        for _ in range(samples):
            held = (*down, *self.rng.sample(pool, coming))
            seed = self.rng.getrandbits(32)
            declined = _worth(game, self._equity(game, _with_down(view, held), trials, seed))
            bought = max(_worth(game, self._equity(game, _rolled(view, held, card), trials, seed)) for card in held)
            gain += bought - declined
            after += bought
        return gain / samples, after / samples

    # -- setting cards, declaring ---------------------------------------------------------------------

    def _declare(self, declare: ChoiceLegal, game: Game, view: View) -> Action:
        guts = game.steps[-1]
        if guts.judged_by is not None:
            return declare.make(_guts(guts, game, view))
        equity = self._equity(game, view)
        return declare.make(max(declare.choices, key=lambda choice: _expected(game, equity, choice)))


def _size(raising: AmountLegal, game: Game, view: View, bet_size: float) -> int:
    """The round's bet to make: ``bet_size``, a fraction of the pot after calling, within the bounds."""
    if raising.min == raising.max or game.betting is Betting.FIXED_LIMIT:
        return raising.min
    top = max(seat.bet for seat in view.seats)
    assert view.viewer is not None
    to_call = top - view.seats[view.viewer].bet
    target = top + round(bet_size * (view.pot + to_call))
    amount = max(raising.min, min(raising.max, target))
    if raising.step:
        amount = raising.min + (amount - raising.min) // raising.step * raising.step
    return amount


def _pot(game: Game, view: View) -> int:
    """The pot it expects to be playing for: what is in, and a bet a player still to come."""
    live = sum(not seat.folded for seat in view.seats)
    return view.pot + live * _unit(game)


def _split(split: DivideLegal) -> Action:
    """Pi Gow's two and five among the splits allowed; Chinese poker's three rows."""
    if len(split.sizes) == 3 and not split.splits:
        return set_rows(split)
    return two_and_five(split)


def _expected(game: Game, equity: Equity, choice: str) -> float:
    """The fraction of the pot a declaration of ``choice`` may expect: its contest's part of the pot
    times the chance of winning it; ``both`` (all or nothing) only on a clear chance of every side."""
    if choice == "both":
        return equity.scoop * 0.85
    weights = {contest.side: contest.share for contest in contests(game)}
    return weights.get(choice, 0) / (sum(weights.values()) or 1) * equity.side(choice)


def _worth(game: Game, equity: Equity) -> float:
    """What a hand is worth, as a fraction of the pot: in a game of declarations, the best
    declaration's :func:`_expected` (a card that only helps the side it will not declare is worth
    nothing to it), else its share.

    >>> worth = Equity(share=0.4, sides=(("high", 0.7), ("low", 0.1)), scoop=0.05, trials=100)
    >>> round(_worth(load("the-option"), worth), 2), _worth(load("stud-hi-lo"), worth)
    (0.35, 0.4)
    """
    choices = _declare_step(game)
    if choices is None:
        return equity.share
    return max(_expected(game, equity, choice) for choice in choices)


@cache
def _declare_step(game: Game) -> tuple[str, ...] | None:
    """The choices of the game's declaration, if it has one."""
    return next((step.declarations for step in game.steps if step.declarations), None)


@cache
def _buy_step(game: Game, item: str) -> Step | None:
    """The game's step that sells ``item``."""
    return next((step for step in game.steps if step.sells == item), None)


@cache
def _roll_bought(game: Game, item: str) -> Step | None:
    """The roll that only the buyers of ``item`` make (The Option's), if there is one."""
    return next((step for step in game.steps if item and step.roll_bought == item), None)


@cache
def _dealt_before_roll(game: Game, item: str) -> int:
    """The down cards dealt to each player between the sale of ``item`` and its buyers' roll."""
    steps = game.steps
    sale, roll = _buy_step(game, item), _roll_bought(game, item)
    start, end = (next(index for index, step in enumerate(steps) if step is found) for found in (sale, roll))
    return sum(step.dealt.count("down") for step in steps[start:end])


@cache
def _wild_down(game: Game) -> bool:
    """Whether a contest's wild cards are the lowest of those a player holds down (The Option's high)."""
    wilds = [contest.ranking.wild for contest in contests(game)]
    return any(wild is not None and wild.lowest is Lowest.DOWN for wild in wilds)


def _complete(game: Game, view: View) -> bool:
    """Whether the viewer holds every card the game deals a player."""
    assert view.viewer is not None
    me = view.seats[view.viewer]
    dealt = sum(len(step.dealt) for step in game.steps)
    return me.down_count + len(me.up) >= dealt


def _insured(game: Game, view: View) -> Step | None:
    """The sale of what the viewer has just bought, when it must now throw cards away for it (Push's insurance)."""
    last = view.events[-1] if view.events else None
    if last is None or view.viewer is None:
        return None
    return next((step for step in game.steps if step.throws and step.buyer(last) == view.viewer), None)


def _without(view: View, cards: tuple[Card, ...], sale: Step) -> View:
    """The view after the viewer bought the item of ``sale`` and threw ``cards`` to the discard pile (they stay
    out of the unseen cards, and the estimate, seeing the purchase, deals nothing in their place)."""
    assert view.viewer is not None
    seats = tuple(
        replace(
            seat,
            down=tuple(card for card in seat.down or () if card not in cards),
            down_count=seat.down_count - sum(card in cards for card in seat.down or ()),
            up=tuple(card for card in seat.up if card not in cards),
        )
        if seat.seat == view.viewer
        else seat
        for seat in view.seats
    )
    bought = sale.sale(view.viewer)
    events = view.events if bought is None else (*view.events, bought)
    return replace(view, seats=seats, rows=(*view.rows, ("gone", cards)), events=events)


def _rolled(view: View, down: tuple[Card, ...], card: Card) -> View:
    """The view with the viewer holding ``down`` but ``card`` of them turned face up."""
    assert view.viewer is not None
    up = view.seats[view.viewer].up
    return _with_up(_with_down(view, tuple(held for held in down if held != card)), (*up, card))


def _live(view: View) -> View:
    """The view without the viewer's dead cards: those of a rank showing in a bad row (Good and bad
    rows), which the estimate would otherwise count."""
    bad = {card.rank for name, row in view.rows if name == "bad" for card in row}
    if not bad or view.viewer is None:
        return view
    down = view.seats[view.viewer].down or ()
    return _with_down(view, tuple(card for card in down if card.rank not in bad))


def _unit(game: Game) -> int:
    """The game's betting unit: its big bet, big blind or least bet (its ante when there is no betting)."""
    stakes = game.stakes
    return max(stakes.big_bet, stakes.big_blind, stakes.min_bet, stakes.ante, 1)


def _raises(view: View) -> int:
    """Bets and raises made in the round of betting in progress."""
    count = 0
    for event in reversed(view.events):
        if isinstance(event, Dealt | Drew):
            break
        if isinstance(event, Acted) and isinstance(event.action, BetTo | RaiseTo | Complete):
            count += 1
    return count


def _card(choice: str) -> Card | None:
    """The card an item for sale names, if it is one."""
    try:
        return Card(choice)
    except ValueError:
        return None


def _with_up(view: View, up: tuple[Card, ...], gone: Card | None = None) -> View:
    """The view with the viewer's up cards replaced (``gone``: a card no longer in play, kept out of
    the unseen cards by a row of its own)."""
    assert view.viewer is not None
    seats = tuple(replace(seat, up=up) if seat.seat == view.viewer else seat for seat in view.seats)
    rows = (*view.rows, ("gone", (gone,))) if gone is not None else view.rows
    return replace(view, seats=seats, rows=rows)


def _with_down(view: View, down: tuple[Card, ...]) -> View:
    """The view with the viewer's down cards replaced."""
    assert view.viewer is not None
    seats = tuple(
        replace(seat, down=down, down_count=len(down)) if seat.seat == view.viewer else seat for seat in view.seats
    )
    return replace(view, seats=seats)


def _guts(step: Step, game: Game, view: View) -> str:
    """In or out of a Guts round, by what each is worth against players who all go in (the most a
    careful player must fear of them), each holding a random hand (cards in the bot's hand not
    removed). With ``P`` the pot, ``M`` the match it would owe on losing (the pot, twice it or at
    most the cap: :meth:`~homegame.engine.steps.base.Step.match_price`; at most its stack), ``n`` the
    players and ``w`` its chance of beating all the others:

    - *in*: ``w·P`` won, ``(1 - w)·M`` matched, and the next deal's pot holds the matches of all
      ``n - 1`` losers, whoever wins, of which it may expect a fair share: ``(n - 1)·M / n``;
    - *out*: nothing now, and the next pot holds the matches of the ``n - 2`` others who lose,
      ``(n - 2)·M / n``; heads-up the other player takes the pot alone and a new game begins,
      whose antes give back a fair share of themselves: nothing.

    So *in* when ``w·P > (1 - w)·M - M / n``: heads-up with the pot to match, with any hand that
    beats a quarter of the others (the best reply to a player who always goes in).

    >>> from homegame.cards import parse
    >>> from homegame.engine import Hand
    >>> game = load("guts")
    >>> def decide(cards: str) -> str:
    ...     deck = [card for pair in zip(parse(cards), parse("2c 3c 4c")) for card in pair]
    ...     hand = Hand(game, [50, 50], deck=deck)  # dealt from the button's left: seat 1 first
    ...     return _guts(game.steps[-1], game, hand.view(1))
    >>> decide("Ks 7d 3h"), decide("6s 4d 2h"), decide("8s 8d 2h")
    ('in', 'out', 'in')
    """
    assert view.viewer is not None
    seat = view.seats[view.viewer]
    held = (*(seat.down or ()), *seat.up)
    players = sum(not other.folded for other in view.seats)
    ranking = step.judged_by
    price = step.match_price(game.option_values(), view.pot)
    assert ranking is not None and price is not None
    keys = _all_hands(step, len(held))
    key = ranking.evaluate(held).key
    beaten = (bisect_left(keys, key) + bisect_right(keys, key)) / 2 / len(keys)  # ties count half
    win = beaten ** (players - 1)
    match = min(price, seat.stack)
    return "in" if win * view.pot > (1 - win) * match - match / players else "out"


@cache
def _all_hands(step: Step, size: int) -> list[int]:
    """The sorted keys of every hand of ``size`` cards from the standard deck under the ranking the
    step judges by (:attr:`~homegame.engine.steps.base.Step.judged_by`)."""
    ranking = step.judged_by
    assert ranking is not None
    return sorted(ranking.evaluate(cards).key for cards in combinations(DeckSpec().cards(), size))
