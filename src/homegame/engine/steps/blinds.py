"""``blinds``: the small and big blind (and straddles, if the game has them) post live bets; the
big-blind ante, the button ante and the button blind, when the stakes have them, go in too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.engine.betting import Post, Stakes
from homegame.engine.events import Posted
from homegame.engine.spec import Fields
from homegame.engine.steps.antes import Antes
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register

__all__ = ["MAX_STRADDLES", "Blinds", "Post"]

MAX_STRADDLES = 8
"""The most straddles one hand may have."""


@register
@dataclass(frozen=True, slots=True)
class Blinds(Step):
    """The two seats left of the button post the small and the big blind; heads-up the button
    posts the small blind. With ``straddles`` the next seats straddle, the first ``stakes.straddle``
    and each next one twice the one before (three or more players, never the button's left again).
    The blinds are live bets: the first betting round counts them as its opening bet, and it
    starts left of the last of them.

    The stakes may add (see :meth:`posts`): ``big_blind_ante`` from the big blind and
    ``button_ante`` from the button, posted before the blinds, dead money of the main pot (every
    player contests it, as tournaments rule); and ``button_blind``, a live blind of the button's,
    posted last.

    >>> Blinds(straddles=1).describe()
    'The two players left of the button post the small and big blinds; the next one straddles.'
    >>> Blinds(straddles=2).describe()
    'The two players left of the button post the small and big blinds; the next 2 straddle, each twice the last.'
    """

    kind: ClassVar[str] = "blinds"
    straddles: int = 0

    @classmethod
    def read(cls, fields: Fields) -> Blinds:
        """``straddle = true`` adds a straddle; ``straddles = N``, N of them."""
        straddle = fields.boolean("straddle", False)
        straddles = fields.integer("straddles", 1 if straddle else 0, low=0, high=MAX_STRADDLES)
        return cls(straddles=straddles)

    def straddled(self) -> Step:
        """A live straddle: the seat after the big blind straddles (one straddle, if none before)."""
        return self if self.straddles else Blinds(straddles=1)

    def bombed(self, before_flop: bool) -> Step | None:
        """No blinds in a bomb pot: everyone antes instead."""
        return Antes()

    def blind_posts(self, stakes: Stakes, seats: int, button: int) -> tuple[Post, ...] | None:
        """The blinds, as :meth:`posts` places them (a seat can miss them)."""
        return tuple(self.posts(stakes, seats, button))

    @property
    def straddle(self) -> bool:
        """True when the game has a straddle."""
        return self.straddles > 0

    def posts(self, stakes: Stakes, seats: int, button: int) -> list[Post]:
        """The forced bets in the order they go in: the dead antes, then the live blinds.

        >>> from homegame.engine.betting import Stakes
        >>> stakes = Stakes(small_blind=1, big_blind=2, straddle=4, big_blind_ante=2)
        >>> [(post.seat, post.name, post.amount) for post in Blinds(straddles=2).posts(stakes, 5, 4)]
        [(1, 'big_blind_ante', 2), (0, 'small_blind', 1), (1, 'big_blind', 2), (2, 'straddle', 4), (3, 'straddle', 8)]
        >>> [(post.seat, post.name) for post in Blinds().posts(Stakes(big_blind=2, button_blind=3), 3, 2)]
        [(0, 'small_blind'), (1, 'big_blind'), (2, 'button_blind')]
        """
        small = button if seats == 2 else (button + 1) % seats
        big = (small + 1) % seats
        posts = []
        if stakes.big_blind_ante:
            posts.append(Post(big, "big_blind_ante", stakes.big_blind_ante, live=False))
        if stakes.button_ante:
            posts.append(Post(button, "button_ante", stakes.button_ante, live=False))
        posts += [Post(small, "small_blind", stakes.small_blind), Post(big, "big_blind", stakes.big_blind)]
        straddle = stakes.straddle
        if seats > 2:
            for number in range(min(self.straddles, seats - 2)):
                posts.append(Post((small + 2 + number) % seats, "straddle", straddle))
                straddle *= 2
        if stakes.button_blind:
            posts.append(Post(button, "button_blind", stakes.button_blind))
        return posts

    def begin(self, hand: Dealer) -> Decision | None:
        """Post the forced bets (a short stack posts what it has, all in), then the blinds single
        seats owe (the hand's ``owed`` posts, its setup's: a missed blind made up). An owed live post counts
        towards its seat's bet only up to its amount, the rest is dead (Robert's Rules of Poker,
        blinds: "If a player chooses to post the total amount of the blinds, an amount up to the
        size of the minimum opening bet is live. The remainder is taken by the dealer to the center
        of the pot and is not part of the player's bet"): a seat in the small blind that owes the
        big one has the big blind in front of it, not both. Owed posts never move who acts first.

        >>> from homegame.engine.hand import Hand
        >>> from homegame.games import load
        >>> owed = [Post(0, "big_blind", 2), Post(0, "dead_small_blind", 1, live=False)]
        >>> hand = Hand(load("holdem"), [50, 50, 50, 50], seed=1, posts=owed)
        >>> for event in hand.events[:4]:
        ...     print(event)
        seat 1 posts small_blind 1
        seat 2 posts big_blind 2
        seat 0 posts big_blind 2
        seat 0 posts dead_small_blind 1
        >>> hand.bets, hand.pot, hand.pending()
        ([2, 1, 2, 0], 6, (3,))
        """
        for post in self.posts(hand.stakes, hand.seats, hand.button):
            if post.live:  # the first round starts left of the last blind posted
                put = hand.put_in(post.seat, post.amount, blind=post.amount > 0)
            else:  # a big-blind or button ante: dead money of the main pot, every player still in contests it
                put = hand.put_dead(post.seat, post.amount, main_pot=True)
            if put:
                hand.emit(Posted(post.seat, post.name, put))
        for post in hand.owed:
            live = max(0, post.amount - hand.bets[post.seat]) if post.live else 0
            put = hand.put_in(post.seat, live)
            put += hand.put_dead(post.seat, post.amount - live, main_pot=True)
            if put:
                hand.emit(Posted(post.seat, post.name, put))
        return None

    def describe(self) -> str:
        """One line for the rules."""
        text = "The two players left of the button post the small and big blinds"
        if self.straddles == 1:
            return text + "; the next one straddles."
        if self.straddles:
            return text + f"; the next {self.straddles} straddle, each twice the last."
        return text + "."

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The stakes must give the blinds (and the straddle)."""
        if not game.stakes.big_blind and not game.stakes.button_blind:
            fields.problem("kind", "blinds need stakes.big_blind > 0")
        if self.straddles and not game.stakes.straddle:
            fields.problem("straddle", "a straddle needs stakes.straddle > 0")
