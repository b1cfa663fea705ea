"""The felt: a hand's cards in their piles and chips in their stacks, bets and pots, and the dealer's
verbs that change them (:class:`~homegame.engine.steps.base.Dealer`: what a step may do). A
:class:`~homegame.engine.hand.Hand` is a felt whose game's steps drive it; this module is its
state and its verbs, the hand's module its loop, its doors (``pending``, ``legal_actions``,
``act``, ``view``) and its history.

>>> from homegame.engine.hand import Hand
>>> from homegame.games import load
>>> hand = Hand(load("holdem"), [100, 100, 100], seed=2)
>>> hand.put_in(0, 30), hand.bets, hand.stacks, hand.pot
(30, [30, 1, 2], [70, 99, 98], 33)
>>> hand.take_back(0, 30); hand.bets, hand.pot
([0, 1, 2], 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from homegame.cards import Card, Deck, Rank
from homegame.engine.actions import Hands
from homegame.engine.betting import Post, Stakes
from homegame.engine.events import CarriedOver, Event, Reshuffled, Won
from homegame.engine.game import OptionValue
from homegame.engine.pots import Pot, build_pots
from homegame.engine.steps.base import Down, Pile, Row, Up

if TYPE_CHECKING:
    from homegame.engine.setup import Chance, Setup

__all__ = ["Felt"]


class Felt:
    """A hand's state on the table and the dealer's verbs over it (see the module docstring)."""

    deck: Deck
    """The stock, shuffled by the hand's chance."""

    def _lay(self, setup: Setup, chance: Chance) -> None:
        """Lay the felt out for a deal from ``setup``: the stacks, no bets, no cards yet."""
        game = setup.game
        seats = len(setup.stacks)
        self.setup = setup
        self.chance = chance
        self.options: dict[str, OptionValue] = dict(setup.options)
        self.game = game.under(self.options)
        """The game as the house rules in force play it."""
        self.stakes = setup.stakes
        self.seats = seats
        self.button = setup.button
        self.mucks = setup.mucks
        """The seats that throw away at the showdown a hand they need not show (:class:`Setup`)."""
        self.stacks = list(setup.stacks)
        self.bets = [0] * seats
        """Chips in front of each seat in the current betting round."""
        self.committed = [0] * seats
        """Chips each seat has put in this hand (bets included)."""
        self.folded = [False] * seats
        self.folds: list[int] = []
        """The folded seats in the order they folded: the last of a pot's players to fold wins the
        chips no live seat may win."""
        self.returned = [0] * seats
        """Chips no live seat may win, given back so far to each seat, the last of their players to fold."""
        self.live = seats
        """How many seats have not folded."""
        self.down: list[list[Card]] = [[] for _ in range(seats)]
        self.up: list[list[Card]] = [[] for _ in range(seats)]
        self.rows: dict[str, list[Card]] = {"board": []}
        """Community cards by row name; most games have one row, ``board`` (rules 001's Good/Bad rows have two)."""
        self.board = self.rows["board"]
        """The main row of community cards (the same list as ``rows["board"]``)."""
        self.face_down: dict[str, list[Card]] = {}
        """Community cards dealt face down, by row (Good/Bad rows, High Card Poker's extra hand): in no
        view until a step turns them up into ``rows``."""
        self.muck: list[Card] = []
        """Discards and burned cards (the stuff of a reshuffle)."""
        self.declared: list[str | None] = [None] * seats
        """Declarations, once revealed to all."""
        self.splits: list[tuple[tuple[Card, ...], ...]] = [() for _ in range(seats)]
        """Each seat's division of its cards into hands, strongest first (Pi Gow stud's five and two):
        empty until it splits, and secret until the showdown."""
        self.placed: list[dict[str, list[Card]]] = [{} for _ in range(seats)]
        """Cards each seat has placed in the open into rows of its own, by name (Five-O's five
        columns): public as placed, except the face-down cards among them (those in ``down``)."""
        self.wild_rank: Rank | None = None
        """The wild rank in force, if a step made one."""
        self.last_blind = -1
        """The seat that posted the last blind (-1 when none did)."""
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.dead = setup.carried
        """Chips carried over from an earlier deal: in the main pot, which every player still in may win."""
        self.prices: dict[tuple[int, ...], int] = {}
        """Chips paid for cards (:meth:`pay`), by the seats still able to bet when they were paid."""
        self.paid = 0
        """Chips paid out of the pot (won, or carried over)."""
        self.carried_out = 0
        self._again = False
        self.events: list[Event] = []
        self.runouts: list[tuple[Card, ...]] = []
        """The two boards, once the hand has been run twice (:mod:`homegame.engine.runout`)."""
        self._share = -1
        """The runout whose share of each pot the settling step pays now (0, 1; -1: none)."""

    @property
    def pot(self) -> int:
        """All chips in the middle: what has been put in (bets included), carried in, not yet paid out."""
        return sum(self.committed) + self.dead + sum(self.prices.values()) - self.paid

    @property
    def carried_in(self) -> int:
        """Chips carried in from an earlier deal."""
        return self.setup.carried

    @property
    def owed(self) -> Sequence[Post]:
        """Forced bets single seats owe on top of the game's (missed blinds made up: the setup's ``posts``)."""
        return self.setup.posts

    @property
    def stock(self) -> int:
        """Cards left in the stock."""
        return len(self.deck)

    def pots(self, *, with_bets: bool = False) -> list[Pot]:
        """The main pot and side pots as they stand: without the bets of the round in progress (as a
        table shows them), or ``with_bets`` (as the showdown shares them). Only the pots a live seat
        may win: the chips nobody left may win are back with their players (:meth:`_return_unclaimed`)."""
        put = self.committed if with_bets else [c - bet for c, bet in zip(self.committed, self.bets, strict=True)]
        folded = self.folded
        pots = [pot for pot in self._pots(put) if not folded[pot.eligible[0]]]
        if self._share < 0:
            return pots
        # run twice: this runout's share of each pot, the odd chip to the first
        return [replace(pot, amount=pot.amount // 2 + (pot.amount % 2 if self._share == 0 else 0)) for pot in pots]

    def _pots(self, put: Sequence[int]) -> list[Pot]:
        """Every pot, those of the chips no live seat may win included (each for the folded seat
        they go back to)."""
        return build_pots(put, [not folded for folded in self.folded], self.dead, self.prices, self.folds)

    def order(self, first: int | None = None) -> range | list[int]:
        """Every seat clockwise, from ``first`` (by default the seat left of the button)."""
        seats = self.seats
        start = (self.button + 1) % seats if first is None else first
        return range(seats) if start == 0 else [(start + step) % seats for step in range(seats)]

    def in_hand(self, first: int | None = None) -> list[int]:
        """The seats still in the hand, clockwise from ``first`` (by default left of the button)."""
        folded = self.folded
        return [seat for seat in self.order(first) if not folded[seat]]

    def cards(self, seat: int) -> list[Card]:
        """All of a seat's cards: down cards, then up cards."""
        return self.down[seat] + self.up[seat]

    def _return_unclaimed(self) -> None:
        """Give the chips no live seat may win to the last of their players to fold, as soon as
        the fold leaves nobody to contest them (the last player left in a pot wins it; a bet
        nobody can call goes back): chips put in above every live seat's level, and prices whose
        buyers have all folded (:func:`~homegame.engine.pots.build_pots`)."""
        if not self.folds:
            return
        folded, committed = self.folded, self.committed
        top = max((put for put, out in zip(committed, folded, strict=True) if not out), default=0)
        above = any(put > top for put, out in zip(committed, folded, strict=True) if out)
        if not above and all(any(not folded[seat] for seat in buyers) for buyers in self.prices):
            return
        for index, pot in enumerate(self._pots(committed)):
            seat = pot.eligible[0]
            if folded[seat] and pot.amount > self.returned[seat]:
                self.award(Won(seat=seat, amount=pot.amount - self.returned[seat], pot=index))
                self.returned[seat] = pot.amount

    def take(self, count: int) -> tuple[Card, ...]:
        """Take ``count`` cards from the stock. When it runs short, the muck (discards, burned and
        folded cards) is shuffled under it, as the draw rule says."""
        deck = self.deck
        if count > len(deck) and self.muck:
            fresh, self.muck = self.muck, []
            self.chance.shuffle(fresh)
            deck.cards.extend(fresh)
            self.emit(Reshuffled(len(fresh)))
        return deck.deal(count)

    def _pile(self, pile: Pile) -> list[Card]:
        if type(pile) is Down:
            return self.down[pile.seat]
        if type(pile) is Up:
            return self.up[pile.seat]
        if type(pile) is Row:
            return (self.rows if pile.face_up else self.face_down).setdefault(pile.name, [])
        return self.muck

    def deal(self, cards: Sequence[Card], to: Pile) -> None:
        """Put cards just taken off the stock (:meth:`take`) on a pile."""
        self._pile(to).extend(cards)

    def move(self, cards: Sequence[Card], source: Pile, to: Pile) -> None:
        """Move ``cards`` from one pile to another, in their order."""
        pile = self._pile(source)
        for card in cards:
            pile.remove(card)
        self._pile(to).extend(cards)

    def lay_out(self, rows: Sequence[str], seat: int | None = None) -> None:
        """Open empty rows in this order: community rows, or (``seat``) the seat's own rows."""
        table = self.rows if seat is None else self.placed[seat]
        for name in rows:
            table.setdefault(name, [])

    def muck_row(self, name: str) -> tuple[Card, ...]:
        """Put a community row's cards in the muck and take the row off the table; its cards."""
        cards = tuple(self.rows.pop(name, ()))
        self.muck.extend(cards)
        return cards

    def place(self, seat: int, row: str, card: Card) -> None:
        """Record that ``seat`` placed ``card`` in its own row ``row``."""
        self.placed[seat][row].append(card)

    def put_in(self, seat: int, amount: int, *, blind: bool = False) -> int:
        """Move up to ``amount`` chips from the seat's stack to its bet; returns the chips moved.
        ``blind``: a live blind (the first betting round starts left of the last one)."""
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.committed[seat] += amount
        if blind:
            self.last_blind = seat
        return amount

    def put_dead(self, seat: int, amount: int, *, main_pot: bool = False) -> int:
        """Move up to ``amount`` chips into the pot without betting them (an ante); returns the
        chips moved. They count as the seat's own contribution, or with ``main_pot`` as dead money
        of the main pot, which every player still in contests however little they put in."""
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        if main_pot:
            self.dead += amount
        else:
            self.committed[seat] += amount
        return amount

    def pay(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` chips from the seat's stack into the pot as a price paid for a card
        (Baseball's open three, a twist, a Countdown draw); returns the chips moved.

        A price is not a bet, nobody has to match it: it is dead money for the pot its buyer is
        contesting now, which the players still able to bet may win (all of them, so the main pot,
        while nobody is all in); a player already all in cannot win it."""
        amount = min(amount, self.stacks[seat])
        if amount:
            able = tuple(other for other in range(self.seats) if not self.folded[other] and self.stacks[other])
            self.prices[able] = self.prices.get(able, 0) + amount
        self.stacks[seat] -= amount
        return amount

    def take_back(self, seat: int, amount: int) -> None:
        """Return ``amount`` of the seat's bet to its stack (an uncalled bet)."""
        self.stacks[seat] += amount
        self.bets[seat] -= amount
        self.committed[seat] -= amount

    def collect_bets(self) -> None:
        """Gather the bets of the round into the pot."""
        self.bets[:] = [0] * self.seats

    def change_stakes(self, stakes: Stakes) -> None:
        """Play the rest of the hand at ``stakes`` (a kill doubles them)."""
        self.stakes = stakes

    def award(self, won: Won) -> None:
        """Pay ``won.amount`` chips from the pot to ``won.seat`` and record it (on which board, when
        the hand is run twice)."""
        if self._share >= 0:
            won = replace(won, runout=self._share + 1)
        self.stacks[won.seat] += won.amount
        self.paid += won.amount
        self.emit(won)

    def carry_over(self, amount: int, *, again: bool = False) -> None:
        """Keep ``amount`` chips of the pot for the next deal; ``again``: the game goes on with
        another deal of it (Guts: the losers' matches make its pot)."""
        self.paid += amount
        self.carried_out += amount
        self._again = self._again or again
        self.emit(CarriedOver(amount))

    def fold(self, seat: int) -> None:
        """The seat gives up the hand; its cards go to the muck. Chips its fold leaves nobody to win
        go back to it once the step has acted (:meth:`_return_unclaimed`)."""
        self.folded[seat] = True
        self.folds.append(seat)
        self.live -= 1
        self.muck.extend(self.down[seat])
        self.muck.extend(self.up[seat])

    def show(self, seat: int, cards: Sequence[Card]) -> None:
        """The seat shows ``cards`` at the showdown."""
        self.shown[seat] = tuple(cards)

    def declare(self, seat: int, side: str) -> None:
        """The seat's declaration, now open to all."""
        self.declared[seat] = side

    def split(self, seat: int, hands: Hands) -> None:
        """The seat's division of its cards into hands (secret until it shows them)."""
        self.splits[seat] = hands

    def name_wild(self, rank: Rank | None) -> None:
        """The wild rank in force from now on."""
        self.wild_rank = rank

    def emit(self, event: Event) -> None:
        """Record an event (steps call this; it is the hand's only log)."""
        self.events.append(event)
