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
from dataclasses import dataclass
from typing import Any, TypeGuard

from homegame.cards import Card, Deck, parse
from homegame.engine.actions import Action, Legal
from homegame.engine.betting import Post, Stakes
from homegame.engine.events import Declaration, Event, HandResult, Prompt, Shown, Won
from homegame.engine.game import Game, players_words
from homegame.engine.guard import check_action, check_seat
from homegame.engine.setup import Chance, Setup
from homegame.engine.showing import Showing
from homegame.engine.steps.base import Decision, Prompting, Secret, Step
from homegame.engine.view import View, build_view
from homegame.errors import IllegalActionError, ParseError

__all__ = ["Chance", "Hand", "HandResult", "History", "Setup"]


@dataclass(frozen=True, slots=True)
class History:
    """A hand's full history: its setup, the deck orders it used and every action in order."""

    setup: Setup
    chance: tuple[tuple[Card, ...], ...]
    actions: tuple[tuple[int, Action], ...]
    shows: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """The cards a seat that won without a showdown chose to show once the hand was over (:meth:`Hand.show_won`)."""

    def replay(self, upto: int | None = None) -> Hand:
        """The hand rebuilt from its start, with the first ``upto`` actions (all by default, and then
        the cards shown after it)."""
        hand = Hand.from_setup(self.setup, Chance(random.Random(0), self.chance))
        for seat, action in self.actions[:upto]:
            hand.act(seat, action)
        if upto is None or upto >= len(self.actions):
            for seat, cards in self.shows:
                hand.show_won(seat, cards)
        return hand


class Hand(Showing):
    """One deal of one game. See the module docstring for an example.

    ``stacks`` are the seats' chips (seat order, each > 0); ``button`` the
    dealer's seat. Randomness: ``deck`` stacks the top of the deck (notation or
    cards; the rest follows in a fixed order), else ``seed`` or ``rng`` shuffles
    (the operating system's secure source when neither is given), or ``chance``
    (a table's: orders it plays back, fresh orders it logs). ``stakes`` and
    ``options`` override the game's defaults; ``carried`` chips from an earlier
    deal start in the pot; ``posts`` are the blinds single seats owe; ``mucks`` the seats that throw
    away at the showdown a hand the rules do not make them show (:class:`Setup`); with
    ``run_it_twice`` the seats still in are asked to run the rest of the board twice
    (:mod:`homegame.engine.runout`).

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
        chance: Chance | None = None,
        run_it_twice: bool = False,
        mucks: Sequence[int] = (),
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
            run_it_twice=run_it_twice,
            mucks=tuple(mucks),
        )
        record = [] if deck is None else [_stacked(game, parse(deck) if isinstance(deck, str) else tuple(deck))]
        if rng is None and (seed is not None or deck is not None):
            rng = random.Random(seed or 0)  # a stacked deck is for teaching and tests: its reshuffles repeat too
        self._start(setup, chance if chance is not None else Chance(rng, record))

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
        self._lay(setup, chance)
        self.actions: list[tuple[int, Action]] = []
        self.shows: list[tuple[int, tuple[Card, ...]]] = []
        """The cards shown once the hand was over (:meth:`show_won`)."""
        self.over = False
        self.result: HandResult | None = None
        self.decision: Decision | None = None
        self._asked, self._twice = False, None
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
        return History(self.setup, tuple(self.chance.log), tuple(self.actions), tuple(self.shows))

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
        twin.chance = Chance(rng if rng is not None else _copied(chance.rng), chance.record)  # told to nobody
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
                self._agreed(decision)
            self._return_unclaimed()
            if self.live <= 1:
                self._award_uncontested()
                return
            if self._step == len(steps):
                self._finish()
                return
            step = steps[self._step]
            if step.dealing is not None and self._twice is None and self._all_in_now():
                return
            self._step += 1
            if self._twice is not None and step.dealing is None:
                if self._step == len(steps):  # a runout's betting rounds have nobody to ask
                    self._settle_runout(step)
                continue
            self.decision = step.begin(self)
            if self.over:  # the step ended the hand (:meth:`end`)
                return

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
            declared=_declarations(self),
        )

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

    def end(self) -> None:
        """End the hand now, the steps left unplayed: a step that has settled the whole pot calls it
        (Elimination, 3.3(c): a player whose five cards are all eliminated wins the pot at once)."""
        self._finish()


_SECRET_KINDS: dict[type, bool] = {}
"""Whether each kind of decision holds secret choices: checking a runtime protocol is slow, and
views ask for every seat after every move, so each kind is checked once."""


def _holds_secrets(decision: Decision | None) -> TypeGuard[Secret]:
    """True for a decision that holds secret choices (a declaration)."""
    kind = type(decision)
    known = _SECRET_KINDS.get(kind)
    if known is None:
        known = _SECRET_KINDS[kind] = issubclass(kind, Secret)
    return known


_PROMPTING_KINDS: dict[type, bool] = {}


def _says(decision: Decision) -> TypeGuard[Prompting]:
    """True for a decision that says what it asks (:meth:`Hand.prompt`), found once a kind."""
    kind = type(decision)
    known = _PROMPTING_KINDS.get(kind)
    if known is None:
        known = _PROMPTING_KINDS[kind] = issubclass(kind, Prompting)
    return known


def _declarations(hand: Hand) -> tuple[Declaration, ...]:
    """Each seat's declaration opened in ``hand``, with why a "both" won nothing (its result's ``declared``)."""
    missed = {event.seat: event.missed for event in hand.events if isinstance(event, Shown)}
    return tuple(
        Declaration(seat=seat, side=side, missed=missed.get(seat, ()), folded=hand.folded[seat])
        for seat, side in enumerate(hand.declared)
        if side is not None
    )


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
