"""A table: a session of many hands. Seats, stacks, the button, which game is next, pots carried
over from one deal to the next, and the ledger of buy-ins, rebuys and cash-outs.

>>> from homegame.games import load
>>> from homegame.bots import RandomBot, play
>>> import random
>>> table = Table(load("holdem"), rng=random.Random(3))
>>> for seat, player in enumerate(["ann", "bob", "cy"]):
...     table.sit(seat, player, 200)
>>> hand = table.deal()
>>> play(hand, [RandomBot(random.Random(1))] * 3)
>>> table.settle(hand)
>>> sum(table.ledger.net(player, table.stack_of(player)) for player in ("ann", "bob", "cy"))
0
>>> table.button, table.hands_played
(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from homegame.cards import Card
from homegame.engine.betting import Betting, Stakes
from homegame.engine.game import Game
from homegame.engine.hand import Chance, Hand
from homegame.engine.missed import MissedBlinds, dealing, miss, posts
from homegame.engine.seats import Ledger, LedgerEntry, Seat, Seats
from homegame.engine.spec import HouseRule, OptionValue

__all__ = ["DealersChoice", "FixedGame", "Ledger", "LedgerEntry", "Rotation", "Schedule", "Seat", "Table"]

SCOOP_KILLS = HouseRule(
    "scoop_kills", bool, False, "at a kill table, a player who scoops a split pot makes the next hand a kill hand"
)
"""The table's own house rule (a split game's document offers it): read where the table keeps the streak."""


@dataclass(frozen=True, slots=True)
class FixedGame:
    """Always the same game."""

    game: Game

    def next_game(self, table: Table) -> Game:
        """The game."""
        return self.game


@dataclass(frozen=True, slots=True)
class DealersChoice:
    """The dealer names the next game from ``games`` (:meth:`Table.choose`); the first until named."""

    games: tuple[Game, ...]

    def next_game(self, table: Table) -> Game:
        """The dealer's choice, if made and allowed, else the first game."""
        chosen = table.chosen
        return chosen if chosen is not None and chosen in self.games else self.games[0]


@dataclass(frozen=True, slots=True)
class Rotation:
    """Games in turn, changing every ``every`` hands (H.O.R.S.E. plays each for a round)."""

    games: tuple[Game, ...]
    every: int = 1

    def next_game(self, table: Table) -> Game:
        """The game whose turn it is."""
        return self.games[(table.hands_played // self.every) % len(self.games)]


Schedule = FixedGame | DealersChoice | Rotation


class Table(Seats):
    """A session of hands. ``schedule`` is a game (always that game) or a :class:`FixedGame`,
    :class:`DealersChoice` or :class:`Rotation`. ``size`` seats (2..10); ``stakes`` and ``options``
    override the games' defaults; ``rng`` shuffles (the operating system's secure source by default),
    and ``shuffled`` is told every fresh deck order before a card of it is dealt
    (:class:`~homegame.engine.hand.Chance`: a server logs them).

    ``missed_blinds`` is the house rule for the blinds a seat misses (:mod:`homegame.engine.missed`,
    Robert's Rules by default: post them on coming back, or wait for the big blind).

    ``kill`` plays the kill game (rules document 004, variation 4: "When a fixed limit game is
    played and a player wins two pots in a row, the stakes are doubled"): after a player has won
    two whole pots in a row (every chip of each; a split or carried pot breaks the run), every
    stake of the next fixed-limit hand is doubled, and stays doubled while that player keeps
    winning (:attr:`killer` names the player). The reading taken where the document is silent:
    nobody posts a kill blind; the doubled stakes (blinds, antes, bring-in and bets alike) are
    the kill. In a split game with the house rule ``scoop_kills`` ("In some split-pot games, a
    player winning both halves of the pot may also cause a kill"), one scoop is enough.
    ``run_it_twice``: the seats still in are asked whether to run the rest of the board twice when
    no more betting is possible (:mod:`homegame.engine.runout`)."""

    def __init__(
        self,
        schedule: Game | Schedule,
        *,
        size: int = 10,
        stakes: Stakes | None = None,
        options: Mapping[str, object] | None = None,
        button: int = 0,
        rng: random.Random | None = None,
        kill: bool = False,
        missed_blinds: MissedBlinds = MissedBlinds.POST,
        shuffled: Callable[[tuple[Card, ...]], None] | None = None,
        run_it_twice: bool = False,
    ) -> None:
        super().__init__(size, missed_blinds)
        self.schedule: Schedule = FixedGame(schedule) if isinstance(schedule, Game) else schedule
        self.stakes = stakes
        self.options = dict(options or {})
        self.button = button
        self.rng = rng if rng is not None else random.SystemRandom()
        self.shuffled = shuffled
        self.kill = kill
        self.run_it_twice = run_it_twice
        """Ask the seats still in whether to run the rest of the board twice, when no more betting is
        possible (:mod:`homegame.engine.runout`)."""
        self.streak: tuple[str, int] | None = None
        """The player who won the last pot whole, and how many in a row."""
        self.carried = 0
        """Chips carried over from a deal nobody won, waiting in the pot for the next."""
        self.hands_played = 0
        self.chosen: Game | None = None
        """The dealer's choice for the next deal (:meth:`choose`)."""
        self.called: dict[str, OptionValue] = {}
        """The house rules the dealer called with the game, over the table's, for that deal only."""
        self.continuing: Game | None = None
        """A game that goes on with another deal whatever the schedule says (Guts, until it ends)."""

    @property
    def chips(self) -> int:
        """Every chip on the table: stacks and the carried-over pot."""
        return sum(seat.stack for seat in self.seats if seat is not None) + self.carried

    # -- hands -----------------------------------------------------------------------------------

    def choose(self, game: Game, options: Mapping[str, object] | None = None) -> None:
        """The dealer names the next game (dealer's choice), and may call house rules the game
        documents (``options``: wild cards, hi-lo, qualifiers) over the table's, for that deal only.
        An option the game does not document, or a value it does not allow, is refused
        (:class:`~homegame.errors.ParseError`, the table unchanged).

        >>> from homegame.games import load
        >>> table = Table(DealersChoice((load("holdem"), load("stud-hi-lo"))))
        >>> for seat, player in enumerate(["ann", "bob"]):
        ...     table.sit(seat, player, 100)
        >>> table.choose(load("stud-hi-lo"), {"qualifier": "none"})
        >>> table.deal().options["qualifier"]
        'none'
        >>> table.choose(load("holdem"), {"qualifier": "none"})
        Traceback (most recent call last):
        ...
        homegame.errors.ParseError: holdem has no option 'qualifier' (known: straddle_min_raise, ...)
        """
        values = game.option_values(options)
        self.chosen, self.called = game, {name: values[name] for name in options or {}}

    def next_game(self) -> Game:
        """The game of the next deal: a game that goes on, else the schedule's."""
        return self.continuing or self.schedule.next_game(self)

    def deal(
        self,
        *,
        deck: str | None = None,
        seats: Sequence[int] | None = None,
        record: Sequence[Sequence[Card]] = (),
        bomb: int = 0,
        straddle: bool = False,
        mucks: Sequence[int] = (),
    ) -> Hand:
        """Start the next hand among the seats with chips, or only ``seats`` of them (table seats, in
        order: a seat sitting out is not dealt in but keeps its place); ``deck`` stacks it, for
        teaching and tests; ``record`` holds the deck orders this deal was first made with (a logged
        table rebuilt), played back before any fresh shuffle. A seat that missed blinds posts them
        (:meth:`owed`), or, waiting for the big blind (:meth:`waits`), is dealt in only in the big
        blind; each seat not dealt in misses the blinds it would have posted
        (:mod:`homegame.engine.missed`). ``bomb``: a bomb pot, every seat antes that many chips and
        the hand starts at the flop (:meth:`Game.bomb_pot`); nobody posts or misses a blind in it.
        ``straddle``: the seat after the big blind posts a live straddle of twice the big blind
        (:meth:`straddler`, :meth:`Game.straddled`), in a game with blinds and three players or more.
        ``mucks``: table seats that throw away at the showdown a hand they need not show (:class:`Setup`).

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), size=4)
        >>> for seat, player in enumerate(["ann", "bob", "cy", "di"]):
        ...     table.sit(seat, player, 100)
        >>> hand = table.deal(seats=[0, 2, 3])
        >>> hand.seats, [table.seat_of(index) for index in range(hand.seats)]
        (3, [0, 2, 3])
        >>> bomb = Table(load("holdem"), size=4)
        >>> for seat, player in enumerate(["ann", "bob", "cy"]):
        ...     bomb.sit(seat, player, 100)
        >>> hand = bomb.deal(bomb=5)
        >>> hand.pot, len(hand.board)
        (15, 3)
        """
        active = self._active()
        if seats is not None:
            if any(seat not in active for seat in seats) or list(seats) != sorted(set(seats)):
                raise ValueError(f"seats {list(seats)} are not seats with chips, in order")
            active = tuple(seats)
        game = self.next_game()
        active = dealing(self, game, active)
        if len(active) < game.players[0]:
            raise ValueError(f"{game.name} needs {game.players[0]} players with chips, not {len(active)}")
        stakes = self.stakes_of(game, active)
        options = {name: value for name, value in self.options.items() if game.option(name) is not None}
        if game is self.chosen and self.continuing is None:
            options |= self.called  # the dealer's call
        dealt_stakes = stakes if self.kill_hand(game, active) else self.stakes
        owing = [] if bomb else posts(self, game, active, stakes)
        if bomb:
            dealt_stakes, game = replace(dealt_stakes or game.stakes, ante=bomb), game.bomb_pot()
        elif straddle and self.straddler(active) is not None:
            base = dealt_stakes or game.stakes
            dealt_stakes, game = replace(base, straddle=base.straddle or 2 * base.big_blind), game.straddled()
        hand = Hand(
            game,
            [self._occupant(index).stack for index in active],
            button=self.button_among(active),
            deck=deck,
            rng=self.rng,
            chance=None if deck is not None else Chance(self.rng, record, shuffled=self.shuffled),
            stakes=dealt_stakes,
            options=options,
            carried=self.carried,
            posts=tuple(replace(post, seat=active.index(post.seat)) for post in owing),
            run_it_twice=self.run_it_twice,
            mucks=[active.index(seat) for seat in mucks if seat in active],
        )
        self._dealt = active
        if not bomb:
            miss(self, game, active)
        return hand

    def button_among(self, seats: Sequence[int]) -> int:
        """Which of ``seats`` (table seats, in order) has the button in a deal among them: the first at
        or after the table's button, else the first.

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), button=3)
        >>> table.button_among([1, 4, 6]), table.button_among([0, 2])
        (1, 0)
        """
        return next((i for i, index in enumerate(seats) if index >= self.button), 0)

    def straddler(self, seats: Sequence[int]) -> int | None:
        """The table seat that may post a live straddle in the next deal among ``seats`` (table seats,
        in order): the one after the big blind, with three players or more in a game with blinds.

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), button=0)
        >>> table.straddler([0, 2, 5, 7]), table.straddler([0, 2]), Table(load("razz")).straddler([0, 1, 2])
        (7, None, None)
        """
        game = self.next_game()
        if len(seats) < 3 or not game.has_blinds:
            return None
        return seats[(self.button_among(seats) + 3) % len(seats)]

    def chooser(self, seats: Sequence[int] | None = None) -> int:
        """The seat that names the next game in dealer's choice: the dealer of a deal among ``seats``
        (table seats, in order; by default every seat with chips), who has the button in it.

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), button=3)
        >>> table.chooser([1, 4, 6]), table.chooser([0, 2])
        (4, 0)
        """
        dealt = self._active() if seats is None else seats
        return dealt[self.button_among(dealt)]

    def seat_of(self, hand_seat: int) -> int:
        """The table seat of a seat of the hand last dealt."""
        return self._dealt[hand_seat]

    def settle(self, hand: Hand) -> None:
        """Take a finished hand's result: stacks, the carried-over pot, whether its game goes on, the
        button moves on."""
        if hand.result is None:
            raise ValueError("the hand is not over")
        for hand_seat, stack in enumerate(hand.result.stacks):
            self._occupant(self._dealt[hand_seat]).stack = stack
        self.carried = hand.result.carried
        self.continuing = hand.game if hand.result.continues else None
        winners = {won.seat for won in hand.result.awards}
        if len(winners) == 1 and not hand.result.carried:
            player = self._occupant(self._dealt[winners.pop()]).player
            run = self.streak[1] + 1 if self.streak and self.streak[0] == player else 1
            scooped = SCOOP_KILLS.read(hand.options) and len({won.side for won in hand.result.awards}) > 1
            self.streak = (player, max(run, 2) if scooped else run)
        else:
            self.streak = None
        self.hands_played += 1
        self.chosen, self.called = None, {}
        self.button = self._next_occupied(self._dealt[hand.button])  # from the seat that had it

    @property
    def killer(self) -> str | None:
        """Under the kill game, the player whose run of pots doubles the next hand's stakes, if any."""
        if not self.kill or self.streak is None or self.streak[1] < 2:
            return None
        player = self.streak[0]
        return player if any(seat is not None and seat.player == player for seat in self.seats) else None

    @property
    def killer_seat(self) -> int | None:
        """The seat of :attr:`killer` (``None``: nobody)."""
        killer = self.killer
        return next((index for index, seat in enumerate(self.seats) if seat and seat.player == killer), None)

    def kill_hand(self, game: Game, seats: Sequence[int] | None = None) -> bool:
        """True when a deal of ``game`` among ``seats`` (by default, every seat with chips) is a kill
        hand: the killer is dealt in, and the game is fixed limit (only a fixed-limit game's stakes
        double: rules document 004, variation 4).

        >>> from homegame.games import load
        >>> table = Table(load("limit-holdem"), kill=True)
        >>> for seat, player in enumerate(["ann", "bob", "cy"]):
        ...     table.sit(seat, player, 200)
        >>> table.streak = ("bob", 2)  # bob won the last two pots whole
        >>> table.killer_seat, table.kill_hand(load("limit-holdem")), table.kill_hand(load("holdem"))
        (1, True, False)
        >>> [table.stakes_of(load("limit-holdem"), seats).big_bet for seats in (None, [0, 2])]  # bob not dealt in
        [8, 4]
        """
        killer = self.killer_seat
        dealt = self._active() if seats is None else seats
        return killer is not None and killer in dealt and game.betting is Betting.FIXED_LIMIT

    def stakes_of(self, game: Game, seats: Sequence[int] | None = None, stakes: Stakes | None = None) -> Stakes:
        """The stakes a deal of ``game`` among ``seats`` is played at: ``stakes`` (else the table's,
        else the game's), doubled in a kill hand (:meth:`kill_hand`)."""
        played = stakes or self.stakes or game.stakes
        return played.doubled() if self.kill_hand(game, seats) else played
