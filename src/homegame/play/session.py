"""A session at the terminal: one person and bots, hand after hand, dealer's choice or one game.

:func:`run` is the whole front door: it takes the :class:`Settings` and the
input and output streams (so tests drive it with scripted lines), deals hand
after hand, asks the person for their decisions and lets the bots make theirs
through the same ``legal_actions``/``act`` interface, and returns the
:class:`Standings` when the person leaves (``q``, end of input, or Ctrl-C).

The person sits in seat 0 of the engine's :class:`~homegame.engine.table.Table`,
which keeps the stacks, the button (it starts with the person and moves one
seat left each hand), chips nobody won (they carry into the next pot) and the
ledger. A player who runs out of chips buys in again for the starting stack.
A mixed game (H.O.R.S.E. and the others) plays its rotation. In dealer's choice
the dealer names the game: the person picks from the games and mixes that suit
the table (a mix is then dealt once round its games, a hand each); a bot picks
a game that suits the table, favouring the families played least so far
(:class:`~homegame.play.choice.Chooser`).

>>> import io
>>> from homegame.games import load
>>> out = io.StringIO()
>>> settings = Settings(game=load("draw"), seats=3, bots="caller", seed=1)
>>> standings = run(settings, io.StringIO("c\\nd\\nc\\nq\\n"), out)
>>> standings.hands, sum(standings.net) + standings.carried
(1, 0)
>>> "Ledger after 1 hand" in out.getvalue()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import partial
from pathlib import Path
from typing import TextIO

from rich.console import Console

from homegame.bots import Bot, CallerBot, RandomBot, SensibleBot, Turn
from homegame.engine.actions import Action, BetTo, Call, Complete, RaiseTo, Split
from homegame.engine.betting import Stakes
from homegame.engine.events import Dealt, Drew, Shown
from homegame.engine.game import Game
from homegame.engine.guard import MAX_CHIPS
from homegame.engine.hand import Chance, Hand
from homegame.engine.table import Table
from homegame.engine.view import View
from homegame.errors import IllegalActionError, ParseError
from homegame.games.mixes import Mix
from homegame.play.choice import Chooser, fits
from homegame.play.commands import CommandError, Meta, Sizing, read
from homegame.play.history import Record, free_path
from homegame.play.person import PERSON, QUIT, Leave, Person
from homegame.play.render import Names, Screen, split_rule

__all__ = ["BOTS", "PERSON", "Settings", "StakesRule", "Standings", "fits", "run"]

BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "sensible": SensibleBot,
    "caller": lambda rng: CallerBot(),
    "random": RandomBot,
}
"""The bots ``--bots`` may name, each built from its own random source."""


@dataclass(frozen=True, slots=True)
class StakesRule:
    """How the session changes each game's stakes: every amount times ``scale``, then the amounts
    named in ``amounts`` set outright.

    >>> rule = StakesRule.parse("x5")
    >>> rule.apply(Stakes(small_blind=1, big_blind=2)).to_dict()
    {'small_blind': 5, 'big_blind': 10}
    >>> StakesRule.parse("big_blind=4, small_blind=2").apply(Stakes(small_blind=1, big_blind=2)).to_dict()
    {'small_blind': 2, 'big_blind': 4}
    >>> StakesRule.parse("blinds=3")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: --stakes 'blinds=3': no such amount (ante, small_blind, big_blind, ...)
    """

    scale: int = 1
    amounts: tuple[tuple[str, int], ...] = ()

    @classmethod
    def parse(cls, text: str) -> StakesRule:
        """Read ``x5`` (or ``5``: times five) and ``NAME=N`` items, separated by commas or spaces."""
        scale, amounts = 1, []
        known = [field.name for field in fields(Stakes)]
        for item in text.replace(",", " ").split():
            name, sep, value = item.partition("=")
            if not sep and item.lower().lstrip("x").isdigit() and int(item.lower().lstrip("x")) > 0:
                scale = int(item.lower().lstrip("x"))
            elif sep and name in known and value.isdigit():
                amounts.append((name, int(value)))
            elif sep and name not in known:
                raise ParseError(f"--stakes {item!r}: no such amount ({', '.join(known[:3])}, ...)", token=item)
            else:
                raise ParseError(f"--stakes {item!r}: write x5 (five times the usual stakes) or NAME=N", token=item)
        return cls(scale, tuple(amounts))

    def apply(self, stakes: Stakes) -> Stakes:
        """The stakes of a game under this rule."""
        scaled = {name: amount * self.scale for name, amount in stakes.to_dict().items()}
        return replace(stakes, **{**scaled, **dict(self.amounts)})

    def check(self, game: Game) -> None:
        """A :class:`ParseError` when this rule gives ``game`` amounts too big to count, or a small
        blind (or small bet) bigger than its big one.

        >>> from homegame.games import load
        >>> StakesRule.parse("big_blind=0").check(load("holdem"))
        Traceback (most recent call last):
        ...
        homegame.errors.ParseError: --stakes: holdem's small blind 1 would be more than its big blind 0
        """
        before, after = game.stakes, self.apply(game.stakes)
        for name, amount in after.to_dict().items():
            if amount > MAX_CHIPS:
                raise ParseError(f"--stakes: {game.name}'s {name} {amount:,} is more than {MAX_CHIPS:,} chips")
        for low, high in (("small_blind", "big_blind"), ("small_bet", "big_bet")):
            was, now = (getattr(before, low), getattr(before, high)), (getattr(after, low), getattr(after, high))
            if was[1] > 0 and was[0] <= was[1] and now[0] > now[1]:
                raise ParseError(
                    f"--stakes: {game.name}'s {low.replace('_', ' ')} {now[0]} would be more than its "
                    f"{high.replace('_', ' ')} {now[1]}"
                )


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """A session's settings: the game or mixed game (``None``: dealer's choice), the number of seats,
    the starting stack, the stakes rule, the seed (``None``: a fresh shuffle every time), which
    bots, the directory that keeps a history file per hand (``None``: none kept), and whether the
    kill game is played (``kill``: see :class:`~homegame.engine.table.Table`), and whether the players
    are asked to run it twice when all in (``run_it_twice``: :mod:`homegame.engine.runout`)."""

    game: Game | Mix | None = None
    seats: int = 6
    stack: int = 200
    stakes: StakesRule = StakesRule()
    seed: int | None = None
    bots: str = "sensible"
    history: Path | None = None
    full_history: bool = False
    """With ``history``: save every card and the deck order (a JSON record ``homegame replay`` steps
    through), not only what the person saw (a PHH file: their cards, the cards shown, the board)."""
    kill: bool = False
    run_it_twice: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Standings:
    """Where a session stands: each player's stack and chips bought in after ``hands`` hands, and
    the chips ``carried`` in the pot to the next deal (nobody's yet)."""

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    bought: tuple[int, ...]
    hands: int
    carried: int = 0

    @property
    def net(self) -> tuple[int, ...]:
        """Each player's winnings (negative: losses)."""
        return tuple(stack - bought for stack, bought in zip(self.stacks, self.bought, strict=True))


def run(settings: Settings, input: TextIO, output: TextIO) -> Standings:
    """Play hands until the person leaves; print the ledger and return the standings.

    Raises :class:`~homegame.errors.ParseError` before the first hand when the settings cannot
    make a table (a game for fewer players, an unknown bot).
    """
    console = Console(file=output, highlight=False)
    session = _Session(settings, console, input)
    try:
        session.play()
    except (Leave, KeyboardInterrupt):
        session.leave()
    return session.standings()


class _Session:
    """The person, the bots and the engine's :class:`~homegame.engine.table.Table`, hand after hand."""

    def __init__(self, settings: Settings, console: Console, stream: TextIO) -> None:
        _check(settings)
        seats = settings.seats
        self.settings = settings
        self.names = Names(("you", *(f"seat {seat + 1}" for seat in range(1, seats))))  # seats count from 1
        self.screen = Screen(console, self.names)
        self.person = Person(stream, self.screen)
        seed = settings.seed
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.rng = rng
        self.chooser = Chooser(settings.game, seats, self.screen, self.person, rng)
        for each in self.chooser.every_game():
            settings.stakes.check(each)
        self.table = Table(
            self.chooser.schedule(),
            size=seats,
            button=PERSON,
            rng=rng,
            kill=settings.kill,
            run_it_twice=settings.run_it_twice,
        )
        self.bots: list[Bot | None] = [None]
        for seat in range(1, seats):
            self.bots.append(BOTS[settings.bots](random.Random(None if seed is None else seed * 1000 + seat)))
        for seat, name in enumerate(self.names.names):
            self.table.sit(seat, name, settings.stack)
        self.hand: Hand | None = None

    # -- the loop ---------------------------------------------------------------------------------

    def play(self) -> None:
        """Deal hands until the person leaves."""
        screen, table = self.screen, self.table
        count = len(self.bots) - 1
        bots = f"{count} {self.settings.bots} bot{'s' * (count != 1)}"
        screen.say(f"You sit down with {bots}, {self.settings.stack} chips each. Type ? for help, q to leave.")
        while True:
            self._buy_in()
            game = self.chooser.pick(table)
            table.stakes = self.settings.stakes.apply(game.stakes)
            hand = self.hand = table.deal()
            screen.header(table.hands_played + 1, game, hand.stakes, table.button)
            self._announce_kill(game)
            self._finish(self._deal(hand))
            if self.person.ask("Enter for the next hand, q to leave: ").strip().lower() in QUIT:
                raise Leave

    def _announce_kill(self, game: Game) -> None:
        """Under the kill game, say who killed, and whether the hand's stakes are doubled (the
        engine's check, :meth:`~homegame.engine.table.Table.kill_hand`: a fixed-limit game's only)."""
        killer = self.table.killer
        if killer is None:
            return
        who = self.names(self.names.names.index(killer))
        if self.table.kill_hand(game):
            self.screen.say(f"Kill hand ({who} killed): the stakes are doubled.", style="bold")
        else:
            self.screen.say(f"No kill: {game.title} is not fixed limit ({who} killed).", style="dim")

    def _deal(self, hand: Hand) -> Hand:
        """Play one hand to its end, telling the person everything they may see as it happens; the
        hand as it ended (an undo rebuilds it)."""
        told = 0
        mark: int | None = None  # the events before the person's last action, while it may be undone
        while True:
            view = hand.view(PERSON)
            street = self.screen.narrate(view.events[told:], view, hand.game)
            told = len(view.events)
            if hand.over:
                return hand
            if street and view.seats[PERSON].folded:  # out of the hand, the person still sees the table
                self.screen.table(view, hand.game)
            pending = hand.pending()
            seat = PERSON if PERSON in pending else pending[0]
            if seat == PERSON:
                action = self._decide(hand)
                if action is None:
                    undone = self._undo(hand, mark)
                    if undone is not None:
                        hand = self.hand = undone
                        told, mark = len(hand.view(PERSON).events), None
                    continue
                mark = len(hand.events)
            else:
                bot = self.bots[seat]
                assert bot is not None
                action = bot.choose(Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), hand.game))
            try:
                hand.act(seat, action)
            except IllegalActionError as error:  # the command reader checks first: this is a safety net
                self.screen.problem(str(error))

    def _undo(self, hand: Hand, mark: int | None) -> Hand | None:
        """The hand rebuilt without the person's last action, if it may be taken back: nobody else has
        acted since and no card has been dealt or shown because of it."""
        actions = hand.history().actions
        if mark is None or not actions or actions[-1][0] != PERSON:
            self.screen.problem("nothing to undo: u takes back your last action while nobody else has acted since")
            return None
        if any(isinstance(event, Dealt | Drew | Shown) for event in hand.events[mark:]):
            self.screen.problem("too late to undo: cards have been dealt since your last action")
            return None
        history = hand.history()
        rebuilt = Hand.from_setup(history.setup, Chance(self.rng, history.chance))
        for seat, action in actions[:-1]:
            rebuilt.act(seat, action)
        self.screen.say(f"You take back: {actions[-1][1]}.")
        return rebuilt

    def _decide(self, hand: Hand) -> Action | None:
        """Ask the person until they name a legal action (``None``: take back the last one)."""
        view = hand.view(PERSON)
        self.screen.table(view, hand.game)
        top = max(seat.bet for seat in view.seats)
        sizing = Sizing(pot_after_call=view.pot_after_call or view.pot, top=top)
        while True:
            line = self.person.ask("> ")
            try:
                command = read(line, view.legal, sizing)
            except CommandError as error:
                rule = split_rule(hand.game)
                said = str(error)
                if "the rules allow" in said and rule:
                    said = f"{said}: {rule}"
                self.screen.problem(said)
                continue
            if command is Meta.HELP:
                self.screen.help(view, hand.game, _rule(hand))
            elif command is Meta.TABLE:
                self.screen.table(view, hand.game)
            elif command is Meta.RULES:
                self.screen.rules(hand.game)
            elif command is Meta.LEDGER:
                self._show_ledger()
            elif command is Meta.UNDO:
                return None
            elif command is Meta.QUIT:
                if self.person.sure("Leave the table in the middle of the hand? (y/n) "):
                    raise Leave
            else:
                assert not isinstance(command, Meta)
                if not self._split_stands(hand, command):
                    continue
                chips = _chips(command, view)
                mine = view.seats[PERSON]
                if chips < mine.stack or self.person.sure(f"That puts in all your {mine.stack} chips: all in? (y/n) "):
                    return command

    def _split_stands(self, hand: Hand, action: Action) -> bool:
        """A split is judged before it goes, as the engine will judge it: what each hand makes, and
        a mis-set the game would play dead asks first. True to send ``action``."""
        step, decision = hand.step, hand.decision
        if not isinstance(action, Split) or step is None or decision is None:
            return True
        preview = step.preview(decision, PERSON, action.hands)
        if preview is None:
            return True
        self.screen.say("  " + " · ".join(f"{name}: {made}" for name, made in preview.parts))
        if not preview.dead:
            return True
        self.screen.problem(f"Mis-set: {preview.dead}: this hand would be dead")
        return self.person.sure("Split anyway? (y/n) ")

    def _finish(self, hand: Hand) -> None:
        """After a hand: the showdown and results, the history file, the ledger."""
        self.screen.summary(hand.view(PERSON), hand.game)
        self.table.settle(hand)
        self.hand = None
        if self.settings.history is not None:
            self.screen.say(f"Saved as {self._save(hand)}")
        self._show_ledger()

    def _save(self, hand: Hand) -> Path:
        """The hand's history file: what the person saw, or everything with ``full_history``."""
        directory, number = self.settings.history, self.table.hands_played
        assert directory is not None
        if self.settings.full_history:
            mix = self.chooser.mix.name if self.chooser.mix is not None else None
            return Record(hand.history(), self.names.names, mix).save(directory, number)
        from homegame.history import dumps, to_phh

        path = free_path(directory, number, hand.game.name, "phh")
        record = to_phh(hand.history(), names=self.names.names, number=number, seat=PERSON, mix=self.chooser.mix)
        path.write_text(dumps(record))
        return path

    # -- between hands ----------------------------------------------------------------------------

    def _buy_in(self) -> None:
        """Everyone out of chips buys in again for the starting stack, so every seat plays."""
        for seat, name in enumerate(self.names.names):
            if self.table.stack_of(name) == 0:
                self.table.rebuy(seat, self.settings.stack)
                self.screen.say(f"{self.names.says(seat, 'buys', 'buy')} in again for {self.settings.stack}")

    # -- the ledger -------------------------------------------------------------------------------

    def standings(self) -> Standings:
        """The session so far (finished hands only)."""
        ledger, names = self.table.ledger, self.names.names
        return Standings(
            names=names,
            stacks=tuple(self.table.stack_of(name) for name in names),
            bought=tuple(ledger.bought(name) for name in names),
            hands=self.table.hands_played,
            carried=self.table.carried,
        )

    def _show_ledger(self) -> None:
        standings = self.standings()
        rows = list(zip(standings.names, standings.stacks, standings.bought, strict=True))
        self.screen.ledger(rows, standings.hands, standings.carried)

    def leave(self) -> None:
        """Say goodbye with the ledger."""
        if self.hand is not None and not self.hand.over:
            self.screen.say(f"You leave during hand {self.table.hands_played + 1}; it does not count.")
        self.screen.say("You leave the table.", style="bold")
        self._show_ledger()


def _rule(hand: Hand) -> str:
    """The rule of the step deciding now, as the rules text says it (``""`` when unknown)."""
    step = hand.step
    return "" if step is None else step.describe()


def _chips(action: Action, view: View) -> int:
    """The chips a betting action takes from the person's stack (0 for anything else)."""
    assert view.viewer is not None
    mine = view.seats[view.viewer]
    if isinstance(action, BetTo | RaiseTo):
        return action.amount - mine.bet
    if isinstance(action, Call | Complete):
        wanted = next((legal for legal in view.legal if legal.kind is action.kind), None)
        return getattr(wanted, "chips", 0)
    return 0


def _check(settings: Settings) -> None:
    """A :class:`ParseError` when ``settings`` cannot make a table: an unknown bot, a stack or a
    number of seats out of bounds, more chips than a winner may hold, a game for other numbers."""
    seats = settings.seats
    if settings.bots not in BOTS:
        raise ParseError(f"no bot called {settings.bots!r} (known: {', '.join(BOTS)})", token=settings.bots)
    if not 1 <= settings.stack <= MAX_CHIPS:
        raise ParseError(f"a stack must be 1 to {MAX_CHIPS:,} chips, not {settings.stack:,}")
    if not 2 <= seats <= 10:
        raise ParseError(f"a table has 2 to 10 seats, not {seats}")
    if settings.stack * seats > MAX_CHIPS:  # what a winner can hold: one cap for every amount
        raise ParseError(f"the table's chips ({seats} stacks of {settings.stack:,}) must be {MAX_CHIPS:,} at most")
    if settings.game is not None:
        problem = fits(settings.game, seats)
        if problem:
            raise ParseError(problem)
