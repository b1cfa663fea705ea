"""A hand: one deal of one game, as a deterministic state machine.

Given the game, the stacks, the button, the deck order (or a random source) and
the list of actions, a hand is always the same hand: the actions and the
recorded shuffles *are* its history, and :meth:`History.replay` rebuilds any
state from them.

The whole interface: :meth:`Hand.pending` (who must decide now),
:meth:`Hand.legal_actions`, :meth:`Hand.act`, :meth:`Hand.view`,
:attr:`Hand.events` and :attr:`Hand.result`. Seats are numbered ``0..n-1`` in
the order they sit; the :class:`~homegame.engine.table.Table` maps them to its
own seat numbers.

A heads-up hold'em hand, the deck stacked so the story is known (cards go one at a
time from the button's left, so seat 1 holds the aces):

>>> from homegame.games import load
>>> from homegame.engine.actions import Call, Check, RaiseTo
>>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc 2c 7d 8h 9s 2d 3h 4s 5c")
>>> hand.pending(), [str(legal) for legal in hand.legal_actions(0)]
((0,), ['fold', 'call 1', 'raise_to 4..100'])
>>> _ = hand.act(0, Call()); _ = hand.act(1, Check())
>>> print(*hand.board)
7d 8h 9s
>>> for _ in range(3):
...     _ = hand.act(1, Check()); _ = hand.act(0, Check())
>>> print(hand.result)
seat 0 -2, seat 1 +2
>>> print(hand.events[-1])
seat 1 wins 4 from the main pot (high: pair of aces)
"""

from __future__ import annotations

import copy
import random
import types
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, TypeGuard

from homegame.cards import Card, Deck, Rank, parse
from homegame.engine.actions import Action, Hands, Legal
from homegame.engine.betting import Post, Stakes
from homegame.engine.events import CarriedOver, Declaration, Event, HandResult, Prompt, Reshuffled, Shown, Won
from homegame.engine.game import Game, OptionValue, players_words
from homegame.engine.guard import MAX_TEXT, check_action, check_seat, chips
from homegame.engine.pots import Pot, build_pots
from homegame.engine.steps.base import Decision, Down, Pile, Prompting, Row, Secret, Step, Up
from homegame.engine.view import View, build_view
from homegame.errors import IllegalActionError, ParseError

__all__ = ["Chance", "Hand", "HandResult", "History", "Setup"]

_STAKES = tuple(field.name for field in fields(Stakes))


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup:
    """Everything a hand starts from except its randomness: game, stacks, button, stakes, house rules,
    chips carried over from an earlier deal, and ``posts``: forced bets single seats owe on top of
    the game's (a missed blind made up), which the game's ``blinds`` step posts after its own."""

    game: Game
    stacks: tuple[int, ...]
    button: int = 0
    stakes: Stakes
    options: tuple[tuple[str, OptionValue], ...] = ()
    carried: int = 0
    posts: tuple[Post, ...] = ()

    def check(self) -> None:
        """Refuse a setup whose stacks, button, stakes, carried pot, owed posts or house rules are not
        well typed and bounded (a :class:`ParseError` naming the field)."""
        game = self.game
        if not isinstance(game, Game):
            raise ParseError(f"game: must be a Game (games.load gives one), not {type(game).__name__}", token="game")
        for index, stack in enumerate(self.stacks):
            chips(stack, f"stacks[{index}]", low=1)
        # one cap for every amount, the winner's stack too (a PHH file is read back under the same cap)
        chips(sum(self.stacks) + (self.carried if type(self.carried) is int else 0), "stacks and carried pot together")
        if type(self.button) is not int or not 0 <= self.button < len(self.stacks):
            raise ParseError(f"button: must be a seat 0..{len(self.stacks) - 1}, not {self.button!r}", token="button")
        chips(self.carried, "carried")
        for index, post in enumerate(self.posts):
            where = f"posts[{index}]"
            if type(post.seat) is not int or not 0 <= post.seat < len(self.stacks):
                raise ParseError(
                    f"{where}.seat: must be a seat 0..{len(self.stacks) - 1}, not {post.seat!r}", token=where
                )
            chips(post.amount, f"{where}.amount")
            if not isinstance(post.name, str) or not 0 < len(post.name) <= MAX_TEXT or type(post.live) is not bool:
                raise ParseError(f"{where}: a name of 1 to {MAX_TEXT} characters and live true or false", token=where)
        if not isinstance(self.stakes, Stakes):
            raise ParseError(f"stakes: must be Stakes, not {type(self.stakes).__name__}", token="stakes")
        for name in _STAKES:
            chips(getattr(self.stakes, name), f"stakes.{name}")
        for name, value in self.options:
            option = game.option(name) if isinstance(name, str) else None
            if option is None:
                raise ParseError(f"options: {game.name} has no option {name!r}", token=str(name))
            if type(value) is not type(option.default) or option.coerce(value) != value:
                raise ParseError(f"options.{name}: {value!r} is not a value of this house rule", token=name)


class Chance:
    """Where a hand's randomness comes from, every shuffle recorded.

    Recorded orders (``record``) are played back first; after them, ``rng``
    shuffles (a seeded ``random.Random`` for tests and simulation, a
    ``random.SystemRandom`` for real play). ``log`` holds every order used.
    """

    __slots__ = ("log", "record", "rng")

    def __init__(self, rng: random.Random | None = None, record: Sequence[Sequence[Card]] = ()) -> None:
        self.rng = rng if rng is not None else random.SystemRandom()
        self.record = list(record)
        self.log: list[tuple[Card, ...]] = []

    def shuffle(self, cards: list[Card]) -> None:
        """Put ``cards`` in the next order: the next recorded one, else a fresh shuffle."""
        if len(self.log) < len(self.record):
            order = self.record[len(self.log)]
            if Counter(order) != Counter(cards):
                raise ParseError("a recorded deck order does not hold the cards being shuffled", token="decks")
            cards[:] = order
        else:
            self.rng.shuffle(cards)
        self.log.append(tuple(cards))


@dataclass(frozen=True, slots=True)
class History:
    """A hand's full history: its setup, the deck orders it used and every action in order."""

    setup: Setup
    chance: tuple[tuple[Card, ...], ...]
    actions: tuple[tuple[int, Action], ...]

    def replay(self, upto: int | None = None) -> Hand:
        """The hand rebuilt from its start, with the first ``upto`` actions (all by default)."""
        hand = Hand.from_setup(self.setup, Chance(random.Random(0), self.chance))
        for seat, action in self.actions[:upto]:
            hand.act(seat, action)
        return hand


class Hand:
    """One deal of one game. See the module docstring for an example.

    ``stacks`` are the seats' chips (seat order, each > 0); ``button`` the
    dealer's seat. Randomness: ``deck`` stacks the top of the deck (notation or
    cards; the rest follows in a fixed order), else ``seed`` or ``rng`` shuffles
    (the operating system's secure source when neither is given). ``stakes`` and
    ``options`` override the game's defaults; ``carried`` chips from an earlier
    deal start in the pot; ``posts`` are the blinds single seats owe (:class:`Setup`).

    The hand is the dealer of its steps (:class:`~homegame.engine.steps.base.Dealer`): the state
    below is their snapshot and the views', read-only; it changes only through :meth:`act`, by the
    dealer's verbs the steps call.
    """

    def __init__(
        self,
        game: Game,
        stacks: Sequence[int],
        *,
        button: int = 0,
        deck: str | Sequence[Card] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        stakes: Stakes | None = None,
        options: Mapping[str, object] | None = None,
        carried: int = 0,
        posts: Sequence[Post] = (),
    ) -> None:
        values = game.option_values(options)
        setup = Setup(
            game=game,
            stacks=tuple(stacks),
            button=button,
            stakes=stakes or game.stakes,
            options=tuple(values.items()),
            carried=carried,
            posts=tuple(posts),
        )
        record = [] if deck is None else [_stacked(game, parse(deck) if isinstance(deck, str) else tuple(deck))]
        if rng is None and (seed is not None or deck is not None):
            rng = random.Random(seed or 0)  # a stacked deck is for teaching and tests: its reshuffles repeat too
        self._start(setup, Chance(rng, record))

    @classmethod
    def from_setup(cls, setup: Setup, chance: Chance) -> Hand:
        """A hand from a :class:`Setup` and a :class:`Chance` (used by replay)."""
        hand = cls.__new__(cls)
        hand._start(setup, chance)
        return hand

    def _start(self, setup: Setup, chance: Chance) -> None:
        game = setup.game
        seats = len(setup.stacks)
        low, high = game.players
        if not low <= seats <= high:
            raise ParseError(f"{game.name} is for {players_words(game.players)}, not {seats}", token="stacks")
        setup.check()
        self.setup = setup
        self.chance = chance
        self.options: dict[str, OptionValue] = dict(setup.options)
        self.game = game.under(self.options)
        """The game as the house rules in force play it."""
        self.stakes = setup.stakes
        self.seats = seats
        self.button = setup.button
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
        self.actions: list[tuple[int, Action]] = []
        self.over = False
        self.result: HandResult | None = None
        self.decision: Decision | None = None
        self._step = 0
        self._legal_seat = -1
        self._legal: tuple[Legal, ...] = ()
        cards = list(game.deck.cards())
        chance.shuffle(cards)
        self.deck = Deck(cards)
        self._advance()

    def __repr__(self) -> str:
        """The hand in a line: its game, seats, actions so far, pot and who is to act (or the result).

        >>> from homegame.games import load
        >>> Hand(load("holdem"), [100, 100], seed=1)
        <Hand of load('holdem'), 2 seats, button 0: 0 actions, pot 3, seat 0 to act>
        """
        pending = ", ".join(map(str, self.pending()))
        now = f"over, {self.result}" if self.result is not None else f"seat {pending} to act"
        state = f"{len(self.actions)} actions, pot {self.pot}, {now}"
        return f"<Hand of {self.game!r}, {self.seats} seats, button {self.button}: {state}>"

    # -- the interface ---------------------------------------------------------------------------

    def pending(self) -> tuple[int, ...]:
        """The seats that must decide now: one, several at once (a declaration), or none when over."""
        decision = self.decision
        return () if decision is None else decision.pending()

    def legal_actions(self, seat: int) -> tuple[Legal, ...]:
        """What ``seat`` may do now, with bounds; empty when it is not that seat's turn."""
        if seat == self._legal_seat:
            return self._legal
        decision = self.decision
        if decision is None or seat not in decision.pending():
            return ()
        self._legal_seat, self._legal = seat, decision.legal(seat)
        return self._legal

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Validate ``action`` for ``seat``, carry it out and return the events it caused.

        An illegal action raises :class:`IllegalActionError` saying why and what
        is legal, and leaves the hand unchanged.
        """
        check_action(seat, action, self.seats)
        legal = self.legal_actions(seat)
        if not legal:
            if self.over:
                raise IllegalActionError(f"seat {seat} cannot act: the hand is over")
            waiting = ", ".join(map(str, self.pending()))
            raise IllegalActionError(f"seat {seat} cannot act now: waiting for seat {waiting}")
        for option in legal:
            if option.kind is action.kind:
                option.check(action)
                break
        else:
            allowed = "; ".join(map(str, legal))
            raise IllegalActionError(f"seat {seat} cannot {action.kind} now (legal: {allowed})")
        start = len(self.events)
        self._legal_seat = -1
        assert self.decision is not None
        self.decision.apply(seat, action, option)  # a step may still refuse here, before it changes anything
        self.actions.append((seat, action))
        self._advance()
        return tuple(self.events[start:])

    def view(self, seat: int | None = None) -> View:
        """Exactly what ``seat`` may see (``None``: a spectator)."""
        if seat is not None:
            check_seat(seat, self.seats)
        return build_view(self, seat)

    @property
    def step(self) -> Step | None:
        """The step of the game being played now (the one whose decision is pending), ``None``
        before the first and once the hand is over.

        >>> from homegame.games import load
        >>> Hand(load("draw"), [50, 50], seed=1).step.kind
        'bet'
        """
        return None if self.over or self._step == 0 else self.game.steps[self._step - 1]

    def history(self) -> History:
        """The hand's history so far: replay it to rebuild this state."""
        return History(self.setup, tuple(self.chance.log), tuple(self.actions))

    def clone(self, rng: random.Random | None = None) -> Hand:
        """An independent copy of the hand as it stands, made without replaying its history (a
        solver's or a bot's look-ahead): acting on one leaves the other as it was. Later shuffles
        (a reshuffle of the muck) come from ``rng``, else from a copy of this hand's source in its
        present state (the operating system's secure source is shared: it has no state to copy).

        >>> from homegame.games import load
        >>> from homegame.engine.actions import Call
        >>> hand = Hand(load("holdem"), [100, 100], seed=3)
        >>> twin = hand.clone()
        >>> _ = twin.act(0, Call())
        >>> len(hand.actions), len(twin.actions), twin.view(1) == twin.history().replay().view(1)
        (0, 1, True)
        """
        twin = Hand.__new__(Hand)
        memo: dict[int, object] = {id(self): twin}
        for shared in (self.game, self.setup.game, *self.game.steps, *self.setup.game.steps):
            memo[id(shared)] = shared  # immutable: a step a decision holds stays the same object
        for shuffled in self.chance.log:
            for card in shuffled:
                memo[id(card)] = card
        state = twin.__dict__
        for name, value in vars(self).items():
            state[name] = _twin(value, memo)
        twin.deck = Deck(list(self.deck.cards), list(self.deck.burned))
        chance = self.chance
        twin.chance = Chance(rng if rng is not None else _copied(chance.rng), chance.record)
        twin.chance.log = list(chance.log)
        for part in _parts(self.decision):
            if type(part) is types.FunctionType:  # a step's callback, bound to this hand: to the twin
                memo[id(part)] = _rebound(part, memo)
        twin.decision = copy.deepcopy(self.decision, memo)
        return twin

    # -- the loop --------------------------------------------------------------------------------

    def _advance(self) -> None:
        steps = self.game.steps
        while True:
            decision = self.decision
            if decision is not None:
                if not decision.done() and self.live > 1:
                    return
                decision.close()
                self.decision = None
            self._return_unclaimed()
            if self.live <= 1:
                self._award_uncontested()
                return
            if self._step == len(steps):
                self._finish()
                return
            step = steps[self._step]
            self._step += 1
            self.decision = step.begin(self)
            if self.over:  # the step ended the hand (:meth:`end`)
                return

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

    def _award_uncontested(self) -> None:
        """The last seat standing wins every pot it contests (the chips nobody may win are back
        with their players already, :meth:`_return_unclaimed`), unless a step has paid them (a
        showdown where all but one give up)."""
        if self.pot:
            winner = self.folded.index(False)
            for index, pot in enumerate(self.pots(with_bets=True)):
                self.award(Won(seat=winner, amount=pot.amount, pot=index))
        self._finish()

    def _finish(self) -> None:
        self.over = True
        self.decision = None
        self._legal_seat = -1
        start = self.setup.stacks
        self.result = HandResult(
            stacks=tuple(self.stacks),
            net=tuple(stack - before for stack, before in zip(self.stacks, start, strict=True)),
            awards=tuple(event for event in self.events if isinstance(event, Won)),
            carried=self.carried_out,
            continues=self._again,
            declared=self._declarations(),
        )

    def _declarations(self) -> tuple[Declaration, ...]:
        """Each seat's declaration opened in this hand, with why a "both" won nothing."""
        missed = {event.seat: event.missed for event in self.events if isinstance(event, Shown)}
        return tuple(
            Declaration(seat=seat, side=side, missed=missed.get(seat, ()), folded=self.folded[seat])
            for seat, side in enumerate(self.declared)
            if side is not None
        )

    # -- the snapshot: what steps and views read -----------------------------------------------

    def option(self, name: str, default: OptionValue) -> OptionValue:
        """A house rule in force, or ``default`` when the game has no such option."""
        return self.options.get(name, default)

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
        return [pot for pot in self._pots(put) if not folded[pot.eligible[0]]]

    def _pots(self, put: Sequence[int]) -> list[Pot]:
        """Every pot, those of the chips no live seat may win included (each for the folded seat
        they go back to)."""
        return build_pots(put, [not folded for folded in self.folded], self.dead, self.prices, self.folds)

    def secret(self, seat: int) -> str | None:
        """The seat's secret choice in the decision pending (a declaration not yet revealed), which
        only its own view shows."""
        decision = self.decision
        return decision.secret(seat) if _holds_secrets(decision) else None

    def prompt(self, seat: int) -> Prompt | None:
        """What the decision pending asks of ``seat`` in words, when it says and the seat must decide."""
        decision = self.decision
        if decision is None or seat not in decision.pending() or not _says(decision):
            return None
        return decision.prompt(seat)

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

    # -- the dealer's verbs: what steps do -----------------------------------------------------

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
        """Pay ``won.amount`` chips from the pot to ``won.seat`` and record it."""
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

    def end(self) -> None:
        """End the hand now, the steps left unplayed: a step that has settled the whole pot calls it
        (Elimination, 3.3(c): a player whose five cards are all eliminated wins the pot at once)."""
        self._finish()


_SECRET_KINDS: dict[type, bool] = {}
_PROMPTING_KINDS: dict[type, bool] = {}


def _says(decision: Decision) -> TypeGuard[Prompting]:
    """True for a decision that says what it asks (:meth:`Hand.prompt`), found once a kind."""
    kind = type(decision)
    known = _PROMPTING_KINDS.get(kind)
    if known is None:
        known = _PROMPTING_KINDS[kind] = issubclass(kind, Prompting)
    return known


"""Whether each kind of decision holds secret choices: checking a runtime protocol is slow, and
views ask for every seat after every move, so each kind is checked once."""


def _holds_secrets(decision: Decision | None) -> TypeGuard[Secret]:
    """True for a decision that holds secret choices (a declaration)."""
    kind = type(decision)
    known = _SECRET_KINDS.get(kind)
    if known is None:
        known = _SECRET_KINDS[kind] = issubclass(kind, Secret)
    return known


def _stacked(game: Game, top: tuple[Card, ...]) -> tuple[Card, ...]:
    """The whole deck with ``top`` first and the rest of the game's deck after it, in its fixed order."""
    rest = Counter(game.deck.cards())
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise ParseError("the stacked cards are not all in this game's deck (or one is named twice)", token="deck")
    tail = []
    for card in game.deck.cards():
        if rest[card] > 0:
            rest[card] -= 1
            tail.append(card)
    return (*top, *tail)


def _twin(value: Any, memo: dict[int, object]) -> Any:
    """``value`` with its lists, dicts and sets copied all the way down (each once: two names for
    one list stay one list), its other parts shared (cards, events, actions and the game are
    immutable); ``memo`` maps what is copied to its copy, for the decision's deep copy to follow."""
    kind = type(value)
    if kind not in _CONTAINERS:
        return value
    known = memo.get(id(value))
    if known is not None:
        return known
    if kind is set:
        twin: Any = set(value)
    elif kind is dict:
        twin = {key: _twin(item, memo) for key, item in value.items()}
    elif value and type(value[0]) in _CONTAINERS:
        twin = [_twin(item, memo) for item in value]
    else:
        twin = list(value)  # a list of immutable things (the first says which) or empty
    memo[id(value)] = twin
    return twin


_CONTAINERS = frozenset({list, dict, set})


def _parts(decision: Decision | None) -> list[object]:
    """The attributes of a step's decision (in its ``__dict__`` or its slots)."""
    parts = list(getattr(decision, "__dict__", {}).values())
    for kind in type(decision).__mro__:
        parts.extend(getattr(decision, name) for name in getattr(kind, "__slots__", ()) if hasattr(decision, name))
    return parts


def _rebound(function: types.FunctionType, memo: dict[int, object]) -> types.FunctionType:
    """``function`` with the variables it closes over that ``memo`` copies (the hand) replaced by
    their copies."""
    cells = function.__closure__ or ()
    values = [cell.cell_contents for cell in cells]
    if not any(id(value) in memo for value in values):
        return function
    closure = tuple(types.CellType(memo.get(id(value), value)) for value in values)
    code, defaults = function.__code__, function.__defaults__
    return types.FunctionType(code, function.__globals__, function.__name__, defaults, closure)


def _copied(rng: random.Random) -> random.Random:
    """A source of randomness in the same state as ``rng`` (the secure source: itself)."""
    if isinstance(rng, random.SystemRandom):
        return rng
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin
