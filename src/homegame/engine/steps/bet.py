"""``bet``: a round of betting, with who acts first, and the round's arithmetic
(:class:`BettingRound`, the rules of each structure as :mod:`homegame.engine.betting` states them).

Who acts first (``first``):

- ``left-of-button``: the first player still in, left of the button (later
  streets of hold'em and draw).
- ``after-blinds``: the player left of the last blind (the first round of a
  blind game; heads-up that is the button, who posted the small blind).
- ``best-showing``: the best hand showing in up cards, judged by the
  ``showing`` ranking (stud's later streets), with the wild cards of
  ``showing_wild`` counted when given (Baseball's ``"3 9"``; ``"dynamic"``
  for the wild rank in force, as in Follow the Queen). When each player shows a
  single card (the first round of Push or The Option), equal ranks are broken by
  the suit order in force (rule 004: suit ranking decides "who bets first in stud
  poker according to the highest or lowest upcard"); later ties of hands showing
  go to the tied player nearest the button's left, as in casino stud.
- ``bring-in``: the lowest up card (``bring_in = "lowest"``, aces high) or the
  highest (``"highest"``, aces low, as in razz) must bring in or complete;
  equal ranks are broken by the suit order in force (house rule
  ``suit_order``, bridge by default: clubs lowest, spades highest). Played
  without a bring-in (no ``stakes.bring_in``, or the house rule ``bring_in``
  off), the best hand showing opens instead (rules 004, Billabong: "Low up-card
  starts the betting with a Bring-in if you are playing with one, otherwise
  high card starts the betting").

With ``with_board = true`` the hand showing counts the community cards too (rules
004, Billabong: "the best exposed partial poker hand (counting the community
cards, as in Oxford stud)").

With ``open_pair = true`` (seven-card stud's fourth street) and the house rule
``open_pair_big_bet`` on, a pair showing among the players still in gives every
player the option of the big bet, the casino rule; once someone bets or raises
the big bet, the round is played in big bets.

The house rule ``short_all_in`` says what an all-in for less than a full bet or raise is:
``not-a-raise`` (the casino rule: it reopens the betting for nobody who has acted) or ``a-raise``
(PokerKit's reading; see :mod:`homegame.engine.betting`).

The house rule ``free_fold`` (no game of the catalogue lists it; a game document may) lets a player
fold where a check is free, as online rooms do (a fold there is binding, the TDA's "non-standard
fold"); without it a player who may check is not offered the fold.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from homegame.cards import Card, suit_order
from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    BetTo,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Legal,
    PlainLegal,
    RaiseTo,
)
from homegame.engine.betting import Betting
from homegame.engine.events import Acted, Returned
from homegame.engine.spec import Fields, HouseRule
from homegame.engine.steps.base import SUIT_ORDER, Dealer, Decision, Rules, Step, Wagering, register
from homegame.ranking import get

FIRST = ("left-of-button", "after-blinds", "best-showing", "bring-in")


CAP = HouseRule("cap", int, 0, "bets and raises allowed in one round of betting (0: no cap)")
LIFT_CAP_HEADS_UP = HouseRule(
    "lift_cap_heads_up", bool, True, "no cap when only two players are in the hand and not all in"
)
BRING_IN = HouseRule("bring_in", bool, True, "the lowest (or highest) card showing brings it in (false: no bring-in)")
STRADDLE_MIN_RAISE = HouseRule(
    "straddle_min_raise",
    str,
    "straddle",
    "the least raise over a straddle: the straddle (straddle) or the big blind (big-blind)",
    choices=("straddle", "big-blind"),
)
SHORT_ALL_IN = HouseRule(
    "short_all_in",
    str,
    "not-a-raise",
    "an all-in for less than a full raise is not a raise (not-a-raise) or is one (a-raise)",
    choices=("not-a-raise", "a-raise"),
)
FREE_FOLD = HouseRule("free_fold", bool, False, "a player may fold where a check is free (the sites' deal)")
OPEN_PAIR_BIG_BET = HouseRule(
    "open_pair_big_bet", bool, False, "an open pair on fourth street gives the option of the big bet"
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(Step):
    """A betting round. ``size`` (``small`` or ``big``) picks the fixed-limit unit (other structures
    leave it out); ``first`` says who
    opens (see the module docstring). The house rules ``cap`` (bets and raises a round, fixed
    limit) and ``lift_cap_heads_up`` (true unless the game says otherwise: the casino's
    "unlimited raising heads-up") apply when the game has them.

    >>> Bet(size="big", first="best-showing").describe()
    'A round of betting in big bets; the best hand showing acts first.'
    """

    kind: ClassVar[str] = "bet"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (
        CAP,
        LIFT_CAP_HEADS_UP,
        BRING_IN,
        STRADDLE_MIN_RAISE,
        SHORT_ALL_IN,
        OPEN_PAIR_BIG_BET,
        FREE_FOLD,
        SUIT_ORDER,
    )
    size: str = ""
    first: str = "left-of-button"
    showing: str = "high"
    showing_wild: str = ""
    bring_in: str = "lowest"
    with_board: bool = False
    open_pair: bool = False

    @classmethod
    def read(cls, fields: Fields) -> Bet:
        """``size``, ``first``, ``showing`` (a ranking name), ``showing_wild`` (a wild spec), ``bring_in``,
        ``with_board`` and ``open_pair``."""
        showing = fields.string("showing", "high")
        showing_wild = fields.string("showing_wild", "")
        try:
            get(showing, **({"wild": showing_wild} if showing_wild else {}))
        except ValueError as error:
            fields.problem("showing", str(error))
            showing, showing_wild = "high", ""
        return cls(
            size=fields.string("size", "", ("small", "big")),
            first=fields.string("first", "left-of-button", FIRST),
            showing=showing,
            showing_wild=showing_wild,
            bring_in=fields.string("bring_in", "lowest", ("lowest", "highest")),
            with_board=fields.boolean("with_board", False),
            open_pair=fields.boolean("open_pair", False),
        )

    def begin(self, hand: Dealer) -> Decision | None:
        """Start the round."""
        stakes = hand.stakes
        if hand.game.betting is Betting.FIXED_LIMIT:
            unit = stakes.small_bet if self.size == "small" else stakes.big_bet
        else:
            unit = stakes.opening_bet
        bring_in = stakes.bring_in if self.first == "bring-in" and BRING_IN.read(hand.options) else 0
        return BettingRound(
            hand,
            first=self._first(hand, bring_in),
            unit=unit,
            cap=CAP.read(hand.options),
            uncapped_heads_up=LIFT_CAP_HEADS_UP.read(hand.options),
            bring_in=bring_in,
            level=stakes.blind_level if self.first == "after-blinds" else 0,
            big_unit=stakes.big_bet if self._open_pair(hand) else 0,
            raise_by_blinds=STRADDLE_MIN_RAISE.read(hand.options) != "big-blind",
            short_all_in_raises=SHORT_ALL_IN.read(hand.options) == "a-raise",
            free_fold=FREE_FOLD.read(hand.options),
        )

    def _open_pair(self, hand: Dealer) -> bool:
        """True when a pair shows among the players still in and the house plays the big-bet option."""
        if not self.open_pair or not OPEN_PAIR_BIG_BET.read(hand.options):
            return False
        return any(len({card.rank for card in hand.up[seat]}) < len(hand.up[seat]) for seat in hand.in_hand())

    def _first(self, hand: Dealer, bring_in: int) -> int:
        if self.first == "after-blinds" and hand.last_blind >= 0:
            return (hand.last_blind + 1) % hand.seats
        if self.first == "best-showing" or (self.first == "bring-in" and not bring_in):
            ranking = get(self.showing, **({"wild": self.showing_wild} if self.showing_wild else {}))
            wild_rank = hand.wild_rank if ranking.takes_wild_rank else None
            board = hand.board if self.with_board else []
            showing = [(seat, [*hand.up[seat], *board]) for seat in hand.in_hand() if hand.up[seat]]
            if showing:
                order = suit_order(SUIT_ORDER.read(hand.options))

                def shown(cards: list[Card]) -> tuple[int, int]:
                    suit = cards[0].suit if len(cards) == 1 else None  # a single card: equal ranks by suit
                    return ranking.evaluate(cards, wild_rank=wild_rank).key, 0 if suit is None else order.value(suit)

                return max(showing, key=lambda item: shown(item[1]))[0]
        if self.first == "bring-in":
            order = suit_order(SUIT_ORDER.read(hand.options))
            ace_low = self.bring_in == "highest"

            def strength(card: Card) -> tuple[int, int]:
                rank = int(card.rank or 0)
                return (1 if ace_low and rank == 14 else rank), order.value(card.suit) if card.suit is not None else 0

            doors = [(seat, hand.up[seat][-1]) for seat in hand.in_hand() if hand.up[seat]]
            if doors:
                pick = max if ace_low else min
                return pick(doors, key=lambda item: strength(item[1]))[0]
        return (hand.button + 1) % hand.seats

    @property
    def betting_round(self) -> bool:
        """True: a round of betting."""
        return True

    def bombed(self, before_flop: bool) -> Step | None:
        """No betting before the flop in a bomb pot."""
        return None if before_flop else self

    @property
    def bets(self) -> bool:
        """True: a round of betting."""
        return True

    def wagering(self, decision: Decision) -> Wagering | None:
        """The round of betting ``decision`` is (:class:`BettingRound`)."""
        return decision if isinstance(decision, BettingRound) else None

    def restructured(self, betting: Betting, size: str) -> Step:
        """In fixed limit the bet ``size`` where the round names none; in pot- or no-limit no
        open-pair big bet."""
        if betting is Betting.FIXED_LIMIT:
            return self if self.size else replace(self, size=size)
        return replace(self, open_pair=False)

    def describe(self) -> str:
        """One line for the rules."""
        first = {
            "left-of-button": "the first player left of the button acts first",
            "after-blinds": "the player left of the big blind acts first",
            "best-showing": "the best hand showing acts first",
            "bring-in": f"the {self.bring_in} card showing brings in",
        }[self.first]
        return f"A round of betting{f' in {self.size} bets' if self.size else ''}; {first}."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """A game without betting has no betting round; fixed limit needs the bet sizes; a bring-in
        needs its amount."""
        stakes = game.stakes
        if game.betting is Betting.NONE:
            fields.problem("kind", 'a game whose betting is "none" has no betting rounds')
        if game.betting is Betting.FIXED_LIMIT:
            if not self.size:
                fields.problem("size", "fixed limit needs size = small or big")
            elif not (stakes.small_bet if self.size == "small" else stakes.big_bet):
                fields.problem("size", f"fixed limit needs stakes.{self.size}_bet > 0")
        elif game.betting is Betting.SPREAD_LIMIT and not stakes.max_bet:
            fields.problem("kind", "spread limit needs stakes.max_bet > 0")
        if self.first == "bring-in" and not stakes.bring_in:
            fields.problem("first", "a bring-in needs stakes.bring_in > 0")
        if self.open_pair and game.betting is not Betting.FIXED_LIMIT:
            fields.problem("open_pair", "the open pair's big bet is a fixed-limit rule")


_FOLD, _CHECK = PlainLegal(ActionKind.FOLD), PlainLegal(ActionKind.CHECK)


def _chips(legal: Legal) -> int:
    """The chips a call, bring-in or completion puts in, as its descriptor says."""
    assert isinstance(legal, PlainLegal)
    return legal.chips


class _ShortAllIns:
    """The house rule ``short_all_in = "a-raise"`` (see the module docstring) over one round: an
    all-in for less counts as a raise, and the raises since a seat acted reopen the betting to it
    only when one of them, or the all-ins for less among them together, is at least the largest
    bet or raise so far."""

    __slots__ = ("largest", "since", "total")

    def __init__(self) -> None:
        self.largest = 0
        """The largest bet or raise of the round (the blinds are none)."""
        self.total = 0
        """What the all-ins for less since the last full raise add up to."""
        self.since: set[int] = set()
        """The seats that have acted since the last full raise."""

    def closed(self, seat: int, facing: int) -> bool:
        """True when ``seat``, ``facing`` chips to call, may not raise: less than the largest raise
        to call (its own raise, raised again by less, stays its own), or short raises only since it
        acted."""
        return facing < self.largest or (0 < self.total < self.largest and seat in self.since)

    def raised(self, amount: int, *, all_in: bool) -> None:
        """A bet or raise of ``amount`` chips over the last, ``all_in`` or not."""
        if amount >= self.largest:
            self.since.clear()
        self.largest = max(self.largest, amount)
        self.total = self.total + amount if all_in else 0
        if self.total >= self.largest:
            self.total = 0


class BettingRound:
    """One betting round over a hand's seats (the runtime of the ``bet`` step).

    It reads the chips from its dealer's snapshot (``stacks``, ``bets``, ``folded``), moves them
    with its verbs (``put_in``, ``fold``, ``take_back``, ``collect_bets``) and emits one
    :class:`~homegame.engine.events.Acted` per action.
    Bets already in front of the players when it starts (blinds, a straddle)
    count as the opening bet, and their posters still have their option.

    ``unit`` is the fixed-limit bet size of this round (and the completion size
    of a bring-in); ``bring_in``, when positive, makes ``first`` choose between
    bringing it in and completing. ``level`` is the least the round's bet
    stands at: the full big blind, even when the big blind was all in for less
    (the others must still call the full blind). ``big_unit``, when positive, gives every player
    the option of betting or raising that much instead (seven-card stud's open pair on fourth
    street); once someone does, the round goes on in it. ``raise_by_blinds`` false makes the
    least raise over the blinds one opening bet, however high a straddle stands (PokerKit's
    reading; by default a raise over a straddle is at least the straddle). ``short_all_in_raises``
    true counts an all-in for less as a raise (the house rule ``short_all_in = "a-raise"``, see the
    module docstring). ``free_fold`` true offers the fold where a check is free (the house rule
    ``free_fold``).
    """

    __slots__ = (
        "acted",
        "betting",
        "big_unit",
        "bring_in",
        "cap",
        "current",
        "free_fold",
        "full_level",
        "hand",
        "incomplete",
        "increment",
        "lifted",
        "opening",
        "raises",
        "short",
        "turn",
        "uncapped_heads_up",
        "unit",
    )

    def __init__(
        self,
        hand: Dealer,
        *,
        first: int,
        unit: int,
        cap: int | None = None,
        uncapped_heads_up: bool = False,
        bring_in: int = 0,
        level: int = 0,
        big_unit: int = 0,
        raise_by_blinds: bool = True,
        short_all_in_raises: bool = False,
        free_fold: bool = False,
    ) -> None:
        self.hand = hand
        self.free_fold = free_fold
        self.betting = hand.game.betting
        self.unit = unit
        self.big_unit = big_unit
        self.opening = unit if self.betting is Betting.FIXED_LIMIT else hand.stakes.opening_bet
        self.cap = cap
        self.uncapped_heads_up = uncapped_heads_up
        self.current = max(*hand.bets, level) if any(hand.bets) else 0
        self.full_level = self.current
        blinds = self.current if raise_by_blinds else 0  # else a raise over a straddle is one opening bet
        self.increment = self.unit if self.betting is Betting.FIXED_LIMIT else max(self.opening, blinds)
        self.raises = 1 if self.current else 0
        self.lifted = False
        """Whether the raising was not capped: at most two players not all in when the cap came."""
        self._reach_cap()
        self.incomplete = False
        self.short = _ShortAllIns() if short_all_in_raises else None
        """Under ``short_all_in_raises``: the all-ins for less, each a raise."""
        self.bring_in = bring_in
        self.acted = [-1] * hand.seats
        if bring_in and not hand.folded[first] and hand.stacks[first] > 0:
            self.turn = first
        else:
            self.bring_in = 0
            self.turn = first if self._needs(first) else self._next(first)

    # -- whose turn ------------------------------------------------------------------------------

    def pending(self) -> tuple[int, ...]:
        """The seat to act, or nobody when the round is over."""
        return () if self.turn < 0 else (self.turn,)

    def done(self) -> bool:
        """True when nobody has anything left to do this round."""
        return self.turn < 0

    def _others_can_act(self, seat: int) -> bool:
        hand = self.hand
        folded, stacks = hand.folded, hand.stacks
        return any(not folded[t] and stacks[t] > 0 for t in range(hand.seats) if t != seat)

    def _needs(self, seat: int) -> bool:
        hand = self.hand
        if hand.folded[seat] or hand.stacks[seat] == 0:
            return False
        if hand.bets[seat] < self.current:
            return True
        return self.acted[seat] < 0 and self._others_can_act(seat)

    def _next(self, seat: int) -> int:
        seats = self.hand.seats
        for step in range(1, seats + 1):
            other = (seat + step) % seats
            if self._needs(other):
                return other
        return -1

    # -- what may be done ------------------------------------------------------------------------

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """What ``seat`` may do now (it must be the seat to act)."""
        hand = self.hand
        stack, bet = hand.stacks[seat], hand.bets[seat]
        all_in = bet + stack
        if self.bring_in:
            bring = PlainLegal(ActionKind.BRING_IN, chips=min(self.bring_in, all_in) - bet)
            if all_in <= self.bring_in and self.short is None:  # a-raise: all in as a completion, raised over
                return (bring,)
            return bring, PlainLegal(ActionKind.COMPLETE, chips=min(self.unit, all_in) - bet)
        to_call = self.current - bet
        if to_call > 0:
            options: tuple[Legal, ...] = (_FOLD, PlainLegal(ActionKind.CALL, chips=min(to_call, stack)))
        else:
            options = (_FOLD, _CHECK) if self.free_fold else (_CHECK,)
        if stack <= to_call or not self._may_raise(seat):
            return options
        low, high = self._raise_bounds(seat)
        low, high = min(low, all_in), min(high, all_in)
        if self.incomplete and self.current:
            return (*options, PlainLegal(ActionKind.COMPLETE, chips=low - bet))
        kind = ActionKind.BET_TO if self.current == 0 else ActionKind.RAISE_TO
        big = self.full_level + self.big_unit
        if self.big_unit and not self.incomplete and big <= all_in:
            return (*options, AmountLegal(kind, min=low, max=big, step=self.big_unit - self.unit))
        return (*options, AmountLegal(kind, min=low, max=high))

    # -- what a history writer reads -------------------------------------------------------------

    @property
    def to_match(self) -> int:
        """The bet a player must match to stay in, 0 while nobody has bet: the blinds open a
        round at the full big blind, even when the big blind is all in for less.

        >>> from homegame.engine import Hand
        >>> from homegame.games import load
        >>> hand = Hand(load("holdem"), [100, 1], seed=1)
        >>> round = hand.decision
        >>> isinstance(round, BettingRound), hand.bets, round.to_match
        (True, [1, 1], 2)
        """
        return self.current

    @property
    def double_bet_offered(self) -> bool:
        """Every player may bet or raise the big bet instead of the small (stud's open pair on
        fourth street, the house rule ``open_pair_big_bet``), until one does."""
        return self.big_unit > 0

    @property
    def capped(self) -> bool:
        """No more bets or raises this round: a fixed-limit round has had its ``cap`` of them, and
        the cap was not lifted (house rule ``lift_cap_heads_up``: at most two players not all in
        when the raising reached the cap, see :meth:`_reach_cap`)."""
        fixed = self.betting is Betting.FIXED_LIMIT
        return fixed and 0 < (self.cap or 0) <= self.raises and not self.lifted

    def _reach_cap(self) -> None:
        """When the raising reaches the cap, settle once whether it is capped for the rest of the round.

        Robert's Rules of Poker, Betting and raising 3: the cap holds "for a pot involving three or
        more players who are not all-in"; 4: unlimited raising heads-up "applies any time two players
        are heads-up before the raising has been capped. Once the raising has been capped on a
        betting round, it cannot be uncapped by a subsequent fold that leaves two players heads-up."
        """
        if self.raises != self.cap or not self.uncapped_heads_up:
            return
        hand = self.hand
        betting = sum(1 for seat in range(hand.seats) if not hand.folded[seat] and hand.stacks[seat] > 0)
        self.lifted = betting <= 2

    def _may_raise(self, seat: int) -> bool:
        if self.capped:
            return False
        fixed = self.betting is Betting.FIXED_LIMIT
        acted = self.acted[seat]
        if self.short is not None:
            if self.short.closed(seat, self.current - self.hand.bets[seat]):
                return False
        elif acted >= 0:
            raised = self.current - acted
            if (2 * raised < self.unit) if fixed else (raised < self.increment):
                return False
        hand = self.hand
        return any(
            not hand.folded[other] and hand.bets[other] + hand.stacks[other] > self.current
            for other in range(hand.seats)
            if other != seat
        )

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        """The least and most this round's bet may become, before the stack limit."""
        betting = self.betting
        if betting is Betting.FIXED_LIMIT:
            to = self.full_level + self.unit
            return to, to
        opening = self.current == 0 or self.incomplete
        low = self.full_level + self.opening if opening else self.current + self.increment
        if betting is Betting.NO_LIMIT:
            return low, self.hand.bets[seat] + self.hand.stacks[seat]
        if betting is Betting.POT_LIMIT:
            to_call = self.current - self.hand.bets[seat]
            return low, max(low, self.current + self.hand.pot + to_call)
        return low, max(low, self.current + self.hand.stakes.max_bet)

    # -- doing it --------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Carry out a validated action and pass the turn."""
        hand = self.hand
        put_in = 0
        if isinstance(action, Fold):
            hand.fold(seat)
        elif isinstance(action, Call):
            put_in = hand.put_in(seat, _chips(legal))
        elif isinstance(action, BringIn):
            put_in = hand.put_in(seat, _chips(legal))
            self.current = max(self.current, hand.bets[seat])
            self.incomplete = True
            self.bring_in = 0
        elif isinstance(action, BetTo | RaiseTo | Complete):
            to = action.amount if isinstance(action, BetTo | RaiseTo) else hand.bets[seat] + _chips(legal)
            put_in = hand.put_in(seat, to - hand.bets[seat])
            if self.short is not None:
                self.short.raised(to - self.current, all_in=not hand.stacks[seat])
            self._raise(to)
            self.bring_in = 0
        elif not isinstance(action, Check):  # pragma: no cover - the descriptor let through a foreign kind
            raise TypeError(f"{action!r} is not a betting action")
        self.acted[seat] = self.current
        if self.short is not None:
            self.short.since.add(seat)
        hand.emit(Acted(seat, action, put_in))
        self.turn = self._next(seat)

    def _raise(self, to: int) -> None:
        if self.short is not None:
            full = True  # a raise however short: the least next raise is a full one over it
            self.increment = max(self.increment, to - self.current)
        elif self.betting is Betting.FIXED_LIMIT:
            full = 2 * (to - self.full_level) >= self.unit
        elif self.current == 0 or self.incomplete:
            full = to - self.full_level >= self.opening
        else:
            full = to - self.current >= self.increment
        if full and self.big_unit and to - self.full_level >= self.big_unit:
            self.unit, self.big_unit = self.big_unit, 0  # the big bet was chosen: the round goes on in it
        if full:
            base = self.full_level if self.incomplete else self.current
            if self.betting is not Betting.FIXED_LIMIT and self.short is None:
                self.increment = max(self.increment, to - base) if self.raises else to - base
            self.full_level = to
            self.raises += 1
            self._reach_cap()
            self.incomplete = False
        self.current = to

    def close(self) -> None:
        """End the round: return the uncalled part of the top bet and gather the bets into the pot."""
        hand = self.hand
        bets = hand.bets
        top = max(range(hand.seats), key=bets.__getitem__)
        second = max((bet for seat, bet in enumerate(bets) if seat != top), default=0)
        if bets[top] > second:
            excess = bets[top] - second
            hand.take_back(top, excess)
            hand.emit(Returned(top, excess))
        hand.collect_bets()
