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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from homegame.engine.betting import Betting, Stakes
from homegame.engine.game import Game
from homegame.engine.hand import Hand
from homegame.engine.spec import OptionValue
from homegame.engine.steps.blinds import Post

__all__ = ["DealersChoice", "FixedGame", "Ledger", "LedgerEntry", "Rotation", "Schedule", "Seat", "Table"]


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


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """Chips crossing the table's edge: ``kind`` is ``buy-in``, ``rebuy``, ``adjustment`` (the host's
    correction of a stack, either way: counted with what the player bought in) or ``cash-out``."""

    player: str
    kind: str
    amount: int


@dataclass(slots=True)
class Ledger:
    """Every buy-in, rebuy and cash-out, in order."""

    entries: list[LedgerEntry] = field(default_factory=list)

    def record(self, player: str, kind: str, amount: int) -> None:
        """Add an entry."""
        self.entries.append(LedgerEntry(player, kind, amount))

    def bought(self, player: str | None = None) -> int:
        """Chips bought in (and rebought), by one player or by everyone."""
        return sum(e.amount for e in self.entries if e.kind != "cash-out" and player in (None, e.player))

    def cashed(self, player: str | None = None) -> int:
        """Chips cashed out, by one player or by everyone."""
        return sum(e.amount for e in self.entries if e.kind == "cash-out" and player in (None, e.player))

    def net(self, player: str, stack: int = 0) -> int:
        """What a player is up or down: cashed out plus ``stack`` still on the table, less bought in."""
        return self.cashed(player) + stack - self.bought(player)


@dataclass(slots=True)
class Seat:
    """A player sitting at the table with ``stack`` chips."""

    player: str
    stack: int


class Table:
    """A session of hands. ``schedule`` is a game (always that game) or a :class:`FixedGame`,
    :class:`DealersChoice` or :class:`Rotation`. ``size`` seats (2..10); ``stakes`` and ``options``
    override the games' defaults; ``rng`` shuffles (the operating system's secure source by default).

    ``kill`` plays the kill game (rules document 004, variation 4: "When a fixed limit game is
    played and a player wins two pots in a row, the stakes are doubled"): after a player has won
    two whole pots in a row (every chip of each; a split or carried pot breaks the run), every
    stake of the next fixed-limit hand is doubled, and stays doubled while that player keeps
    winning (:attr:`killer` names the player). The reading taken where the document is silent:
    nobody posts a kill blind; the doubled stakes (blinds, antes, bring-in and bets alike) are
    the kill. In a split game with the house rule ``scoop_kills`` ("In some split-pot games, a
    player winning both halves of the pot may also cause a kill"), one scoop is enough."""

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
    ) -> None:
        if not 2 <= size <= 10:
            raise ValueError(f"a table has 2 to 10 seats, not {size}")
        self.schedule: Schedule = FixedGame(schedule) if isinstance(schedule, Game) else schedule
        self.seats: list[Seat | None] = [None] * size
        self.stakes = stakes
        self.options = dict(options or {})
        self.button = button
        self.rng = rng if rng is not None else random.SystemRandom()
        self.kill = kill
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
        self.ledger = Ledger()
        self._dealt: tuple[int, ...] = ()

    # -- players and chips -----------------------------------------------------------------------

    def sit(self, seat: int, player: str, chips: int) -> None:
        """Seat ``player`` with a buy-in of ``chips``."""
        if self.seats[seat] is not None:
            raise ValueError(f"seat {seat} is taken")
        self._positive(chips)
        self.seats[seat] = Seat(player, chips)
        self.ledger.record(player, "buy-in", chips)

    def rebuy(self, seat: int, chips: int) -> None:
        """Add ``chips`` to a seated player's stack."""
        occupant = self._occupant(seat)
        self._positive(chips)
        occupant.stack += chips
        self.ledger.record(occupant.player, "rebuy", chips)

    def adjust(self, seat: int, chips: int) -> int:
        """The host corrects a seated player's stack by ``chips`` (either way, never below nothing);
        the ledger counts it with what the player bought in, so the nets still sum to zero. Returns
        the chips added (negative: taken).

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), size=2)
        >>> table.sit(0, "ann", 100)
        >>> table.adjust(0, 25), table.adjust(0, -500), table.ledger.net("ann", table.stack_of("ann"))
        (25, -125, 0)
        """
        occupant = self._occupant(seat)
        chips = max(chips, -occupant.stack)
        occupant.stack += chips
        self.ledger.record(occupant.player, "adjustment", chips)
        return chips

    def leave(self, seat: int) -> int:
        """The player cashes out and leaves; returns the chips cashed out."""
        occupant = self._occupant(seat)
        self.seats[seat] = None
        self.ledger.record(occupant.player, "cash-out", occupant.stack)
        return occupant.stack

    def stack_of(self, player: str) -> int:
        """The chips ``player`` has on the table (0 when not seated)."""
        return sum(seat.stack for seat in self.seats if seat is not None and seat.player == player)

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

    def deal(self, *, deck: str | None = None, posts: Sequence[Post] = (), seats: Sequence[int] | None = None) -> Hand:
        """Start the next hand among the seats with chips, or only ``seats`` of them (table seats, in
        order: a seat sitting out, or waiting for the big blind, is not dealt in but keeps its place);
        ``deck`` stacks it, for teaching and tests; ``posts`` are blinds single seats owe on top of the
        game's, by table seat (see :class:`~homegame.engine.hand.Setup`).

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), size=4)
        >>> for seat, player in enumerate(["ann", "bob", "cy", "di"]):
        ...     table.sit(seat, player, 100)
        >>> hand = table.deal(seats=[0, 2, 3])
        >>> hand.seats, [table.seat_of(index) for index in range(hand.seats)]
        (3, [0, 2, 3])
        """
        active = self._active()
        if seats is not None:
            if any(seat not in active for seat in seats) or list(seats) != sorted(set(seats)):
                raise ValueError(f"seats {list(seats)} are not seats with chips, in order")
            active = tuple(seats)
        game = self.next_game()
        if len(active) < game.players[0]:
            raise ValueError(f"{game.name} needs {game.players[0]} players with chips, not {len(active)}")
        if any(post.seat not in active for post in posts):
            raise ValueError("a seat that owes a blind is not dealt in")
        button = self.button_among(active)
        self._dealt = active
        stacks = [self._occupant(index).stack for index in active]
        return Hand(
            game,
            stacks,
            button=button,
            deck=deck,
            rng=self.rng,
            stakes=self.stakes_of(game, active) if self.kill_hand(game, active) else self.stakes,
            options={name: value for name, value in self.options.items() if game.option(name) is not None}
            | (self.called if game is self.chosen and self.continuing is None else {}),
            carried=self.carried,
            posts=tuple(replace(post, seat=active.index(post.seat)) for post in posts),
        )

    def button_among(self, seats: Sequence[int]) -> int:
        """Which of ``seats`` (table seats, in order) has the button in a deal among them: the first at
        or after the table's button, else the first.

        >>> from homegame.games import load
        >>> table = Table(load("holdem"), button=3)
        >>> table.button_among([1, 4, 6]), table.button_among([0, 2])
        (1, 0)
        """
        return next((i for i, index in enumerate(seats) if index >= self.button), 0)

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
            scooped = hand.option("scoop_kills", False) is True and len({won.side for won in hand.result.awards}) > 1
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

    def _active(self) -> tuple[int, ...]:
        """The seats with chips: the seats a deal deals in."""
        return tuple(index for index, seat in enumerate(self.seats) if seat is not None and seat.stack > 0)

    def _next_occupied(self, seat: int) -> int:
        size = len(self.seats)
        for step in range(1, size + 1):
            other = (seat + step) % size
            occupant = self.seats[other]
            if occupant is not None and occupant.stack > 0:
                return other
        return seat

    def _occupant(self, seat: int) -> Seat:
        occupant = self.seats[seat]
        if occupant is None:
            raise ValueError(f"seat {seat} is empty")
        return occupant

    @staticmethod
    def _positive(chips: int) -> None:
        if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
            raise ValueError(f"chips must be a whole number > 0, not {chips!r}")
