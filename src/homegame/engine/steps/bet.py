"""``bet``: a round of betting, with who acts first.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from homegame.cards import Card, suit_order
from homegame.engine.betting import Betting, BettingRound
from homegame.engine.spec import Fields
from homegame.engine.steps import register
from homegame.engine.steps.base import Decision, Step
from homegame.ranking import get

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.engine.hand import Hand

FIRST = ("left-of-button", "after-blinds", "best-showing", "bring-in")


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

    def begin(self, hand: Hand) -> Decision | None:
        """Start the round."""
        stakes = hand.stakes
        if hand.game.betting is Betting.FIXED_LIMIT:
            unit = stakes.small_bet if self.size == "small" else stakes.big_bet
        else:
            unit = stakes.opening_bet
        cap = hand.option("cap", 0)
        lift = hand.option("lift_cap_heads_up", True)
        bring_in = stakes.bring_in if self.first == "bring-in" and hand.option("bring_in", True) is not False else 0
        return BettingRound(
            hand,
            first=self._first(hand, bring_in),
            unit=unit,
            cap=cap if isinstance(cap, int) else 0,
            uncapped_heads_up=lift is True,
            bring_in=bring_in,
            level=stakes.blind_level if self.first == "after-blinds" else 0,
            big_unit=stakes.big_bet if self._open_pair(hand) else 0,
            raise_by_blinds=hand.option("straddle_min_raise", "straddle") != "big-blind",
            short_all_in_raises=hand.option("short_all_in", "not-a-raise") == "a-raise",
        )

    def _open_pair(self, hand: Hand) -> bool:
        """True when a pair shows among the players still in and the house plays the big-bet option."""
        if not self.open_pair or hand.option("open_pair_big_bet", False) is not True:
            return False
        return any(len({card.rank for card in hand.up[seat]}) < len(hand.up[seat]) for seat in hand.in_hand())

    def _first(self, hand: Hand, bring_in: int) -> int:
        if self.first == "after-blinds" and hand.last_blind >= 0:
            return (hand.last_blind + 1) % hand.seats
        if self.first == "best-showing" or (self.first == "bring-in" and not bring_in):
            ranking = get(self.showing, **({"wild": self.showing_wild} if self.showing_wild else {}))
            wild_rank = hand.wild_rank if ranking.takes_wild_rank else None
            board = hand.board if self.with_board else []
            showing = [(seat, hand.up[seat] + board) for seat in hand.in_hand() if hand.up[seat]]
            if showing:
                order = suit_order(str(hand.option("suit_order", "bridge")))

                def shown(cards: list[Card]) -> tuple[int, int]:
                    suit = cards[0].suit if len(cards) == 1 else None  # a single card: equal ranks by suit
                    return ranking.evaluate(cards, wild_rank=wild_rank).key, 0 if suit is None else order.value(suit)

                return max(showing, key=lambda item: shown(item[1]))[0]
        if self.first == "bring-in":
            order = suit_order(str(hand.option("suit_order", "bridge")))
            ace_low = self.bring_in == "highest"

            def strength(card: Card) -> tuple[int, int]:
                rank = int(card.rank or 0)
                return (1 if ace_low and rank == 14 else rank), order.value(card.suit) if card.suit is not None else 0

            doors = [(seat, hand.up[seat][-1]) for seat in hand.in_hand() if hand.up[seat]]
            if doors:
                pick = max if ace_low else min
                return pick(doors, key=lambda item: strength(item[1]))[0]
        return (hand.button + 1) % hand.seats

    def describe(self) -> str:
        """One line for the rules."""
        first = {
            "left-of-button": "the first player left of the button acts first",
            "after-blinds": "the player left of the big blind acts first",
            "best-showing": "the best hand showing acts first",
            "bring-in": f"the {self.bring_in} card showing brings in",
        }[self.first]
        return f"A round of betting{f' in {self.size} bets' if self.size else ''}; {first}."

    def check_game(self, game: Game, fields: Fields) -> None:
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
