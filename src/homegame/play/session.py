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
a game that suits the table, favouring the families played least so far.

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

import contextlib
import random
import sys
from collections import Counter
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
from homegame.engine.game import Game, players_words
from homegame.engine.guard import MAX_CHIPS
from homegame.engine.hand import Chance, Hand
from homegame.engine.table import DealersChoice, FixedGame, Schedule, Table
from homegame.engine.view import View
from homegame.errors import IllegalActionError, ParseError, PokerError
from homegame.games import load, names
from homegame.games.mixes import Mix, load_mix, mix_names
from homegame.play.commands import CommandError, Meta, Sizing, read
from homegame.play.history import Record, free_path
from homegame.play.render import Names, Screen, split_rule

__all__ = ["BOTS", "PERSON", "Settings", "StakesRule", "Standings", "fits", "run"]

PERSON = 0
"""The person's seat."""

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
    kill game is played (``kill``: see :class:`~homegame.engine.table.Table`)."""

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


_QUIT = ("q", "quit", "exit")

_ASKED = 10
"""Times a yes-or-no question is asked before the answer is taken for a no."""


class _Leave(Exception):  # noqa: N818  (not an error: the way out of the loop)
    """The person leaves the table."""


def run(settings: Settings, input: TextIO, output: TextIO) -> Standings:
    """Play hands until the person leaves; print the ledger and return the standings.

    Raises :class:`~homegame.errors.ParseError` before the first hand when the settings cannot
    make a table (a game for fewer players, an unknown bot).
    """
    console = Console(file=output, highlight=False)
    session = _Session(settings, console, input)
    try:
        session.play()
    except (_Leave, KeyboardInterrupt):
        session.leave()
    return session.standings()


class _Session:
    """The person, the bots and the engine's :class:`~homegame.engine.table.Table`, hand after hand."""

    def __init__(self, settings: Settings, console: Console, stream: TextIO) -> None:
        seats = settings.seats
        if settings.bots not in BOTS:
            raise ParseError(f"no bot called {settings.bots!r} (known: {', '.join(BOTS)})", token=settings.bots)
        if not 1 <= settings.stack <= MAX_CHIPS:
            raise ParseError(f"a stack must be 1 to {MAX_CHIPS:,} chips, not {settings.stack:,}")
        if not 2 <= seats <= 10:
            raise ParseError(f"a table has 2 to 10 seats, not {seats}")
        if settings.stack * seats > MAX_CHIPS:  # what a winner can hold: one cap for every amount
            raise ParseError(f"the table's chips ({seats} stacks of {settings.stack:,}) must be {MAX_CHIPS:,} at most")
        game = settings.game
        if game is not None:
            problem = fits(game, seats)
            if problem:
                raise ParseError(problem)
        self.games: tuple[Game, ...] = (
            game.games if isinstance(game, Mix) else (game,) if game is not None else _catalogue(seats)
        )
        self.mixes: tuple[Mix, ...] = _mixes(seats) if game is None else ()
        if not self.games:
            raise ParseError(f"no game of the catalogue is for {seats} players")
        for each in (*self.games, *(one for mix in self.mixes for one in mix.games)):
            settings.stakes.check(each)
        self.queue: list[Game] = []
        """The games still to deal of a mix the dealer chose."""
        self.mix: Mix | None = game if isinstance(game, Mix) else None
        """The mixed game the hand under way is dealt in (the session's, or one the dealer chose)."""
        self.played: Counter[str] = Counter()
        """Hands dealt so far of each family (a bot dealer favours the families played least)."""
        self.settings = settings
        self.stream = stream
        self.interactive = stream is sys.stdin and stream.isatty()
        if self.interactive:
            with contextlib.suppress(ImportError):  # not on every platform
                import readline  # noqa: F401  (line editing and history for input())
        self.names = Names(("you", *(f"seat {seat + 1}" for seat in range(1, seats))))  # seats count from 1
        self.screen = Screen(console, self.names)
        seed = settings.seed
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.rng = rng
        schedule: Schedule
        if isinstance(game, Mix):
            schedule = game.schedule(seats)
        elif game is not None:
            schedule = FixedGame(game)
        else:
            schedule = DealersChoice(self.games + tuple(each for mix in self.mixes for each in mix.games))
        self.table = Table(schedule, size=seats, button=PERSON, rng=rng, kill=settings.kill)
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
            game = self._pick()
            table.stakes = self.settings.stakes.apply(game.stakes)
            hand = self.hand = table.deal()
            screen.header(table.hands_played + 1, game, hand.stakes, table.button)
            self._announce_kill(game)
            self._finish(self._deal(hand))
            if self._ask("Enter for the next hand, q to leave: ").strip().lower() in _QUIT:
                raise _Leave

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
            line = self._ask("> ")
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
                if self._sure("Leave the table in the middle of the hand? (y/n) "):
                    raise _Leave
            else:
                assert not isinstance(command, Meta)
                if not self._split_stands(hand, command):
                    continue
                chips = _chips(command, view)
                mine = view.seats[PERSON]
                if chips < mine.stack or self._sure(f"That puts in all your {mine.stack} chips: all in? (y/n) "):
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
        return self._sure("Split anyway? (y/n) ")

    def _sure(self, question: str) -> bool:
        """The person's yes to a question: y or yes, and n, no or Enter a no; anything else (a ``c``
        typed for the move asked about) is asked again, never taken silently for a no."""
        for _ in range(_ASKED):
            answer = self._ask(question).strip().lower()
            if answer in ("y", "yes", "n", "no", ""):
                return answer in ("y", "yes")
            self.screen.problem(f"{answer!r}: answer y (yes) or n (no)")
        return False

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
            mix = self.mix.name if self.mix is not None else None
            return Record(hand.history(), self.names.names, mix).save(directory, number)
        from homegame.history import dumps, to_phh

        path = free_path(directory, number, hand.game.name, "phh")
        record = to_phh(hand.history(), names=self.names.names, number=number, seat=PERSON, mix=self.mix)
        path.write_text(dumps(record))
        return path

    # -- between hands ----------------------------------------------------------------------------

    def _buy_in(self) -> None:
        """Everyone out of chips buys in again for the starting stack, so every seat plays."""
        for seat, name in enumerate(self.names.names):
            if self.table.stack_of(name) == 0:
                self.table.rebuy(seat, self.settings.stack)
                self.screen.say(f"{self.names.says(seat, 'buys', 'buy')} in again for {self.settings.stack}")

    def _pick(self) -> Game:
        """The next game: one that goes on (Guts), the session's game or the mix's turn, else the
        dealer's choice (named to the table)."""
        table, settings = self.table, self.settings
        if table.continuing is not None:
            return self._count(table.continuing)
        if isinstance(settings.game, Mix):
            game = table.next_game()
            every = settings.game.hands_per_game(len(self.names.names))
            if table.hands_played % every == 0:
                hands = f"{every} hand{'s' if every != 1 else ''}"
                self.screen.say(f"{settings.game.title}: {game.title} for the next {hands}.")
            return self._count(game)
        if settings.game is not None:
            return self._count(table.next_game())
        if not self.queue:
            self.mix = None  # a mix the dealer chose has been dealt round
        if self.queue:
            game = self.queue.pop(0)
            self.screen.say(f"The mix goes on: {game.title}.")
        elif (dealer := table.chooser()) != PERSON:
            game = self._bot_choice()
            self.screen.say(f"{self.names(dealer)} deals and calls {game.title}.")
        else:
            chosen = self._ask_game()
            if isinstance(chosen, Mix):
                self.mix = chosen
                game, *rest = chosen.games
                self.queue = rest
                self.screen.say(f"{chosen.title}, a hand of each in turn: {game.title} first.")
            else:
                game = chosen
        table.choose(game)
        return self._count(game)

    def _count(self, game: Game) -> Game:
        self.played[game.family.value] += 1
        return game

    def _bot_choice(self) -> Game:
        """A bot dealer's call among the games that suit the table: a family first, the more likely
        the fewer hands of it have been dealt (``1 / (1 + hands)^2``), then any game of it."""
        families = sorted({game.family.value for game in self.games})
        weights = [1 / (1 + self.played[family]) ** 2 for family in families]
        family = self.rng.choices(families, weights)[0]
        return self.rng.choice([game for game in self.games if game.family.value == family])

    def _ask_game(self) -> Game | Mix:
        self.screen.say("You deal: name the game (a number or a name; ? lists them again, q leaves).")
        self._list_games()
        choices: list[Game | Mix] = [*self.games, *self.mixes]
        while True:
            answer = self._ask("game> ").strip().lower()
            if answer in _QUIT:
                raise _Leave
            if answer in ("", "?", "help"):
                self._list_games()
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            wanted = _find(answer)
            if wanted is not None and wanted.name in {choice.name for choice in choices}:
                return next(choice for choice in choices if choice.name == wanted.name)
            if wanted is not None:
                self.screen.problem(fits(wanted, len(self.names.names)) or f"{wanted.name} is not offered here")
            else:
                self.screen.problem(f"{answer!r} is not one of these games: type its number or name (? lists them)")

    def _list_games(self) -> None:
        """The games and mixes by number, three to a line (a whole catalogue fits a 24-line screen),
        and the games left out because they do not suit this table."""
        entries = [game.name for game in self.games]
        self._columns(entries, 1)
        if self.mixes:
            self.screen.say("Mixed games (a hand of each in turn):")
            self._columns([mix.name for mix in self.mixes], len(entries) + 1)
        seats = len(self.names.names)
        hidden = [name for name in names() if name not in entries]
        if hidden:
            self.screen.say(f"Not for {seats} players: {', '.join(hidden)} (type one to see why).", style="dim")

    def _columns(self, entries: list[str], first: int) -> None:
        width, per_line = 26, 3
        for start in range(0, len(entries), per_line):
            cells = [
                f"{first + start + index:>3} {name}" for index, name in enumerate(entries[start : start + per_line])
            ]
            self.screen.say("".join(cell.ljust(width) for cell in cells).rstrip())

    def _ask(self, prompt: str) -> str:
        """A line from the person (echoed when it comes from a script); the end of input leaves."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                raise _Leave from None
        line = self.screen.ask(prompt, self.stream.readline)
        if not line:
            raise _Leave
        return line

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


def fits(game: Game | Mix, seats: int) -> str | None:
    """Why ``game`` cannot be dealt to ``seats`` players, with the ``--seats`` that would do; ``None``
    when it can.

    >>> fits(load("five-o"), 6)
    'five-o is heads-up: play it with --seats 2'
    >>> fits(load("draw"), 9)
    'draw is for 2 to 6 players, not 9: play it with --seats 6'
    >>> fits(load("draw"), 4) is None
    True
    """
    low, high = game.players
    if low <= seats <= high:
        return None
    if low == high == 2:
        return f"{game.name} is heads-up: play it with --seats 2"
    fit = min(high, max(low, seats))
    return f"{game.name} is for {players_words(game.players)}, not {seats}: play it with --seats {fit}"


def _find(name: str) -> Game | Mix | None:
    """A catalogue game or mix by name or alias, or ``None``."""
    for loader in (load, load_mix):
        try:
            return loader(name)
        except PokerError:
            continue
    return None


def _mixes(seats: int) -> tuple[Mix, ...]:
    """The catalogue's mixes for ``seats`` players."""
    found = []
    for name in mix_names():
        try:
            mix = load_mix(name)
        except PokerError:
            continue
        if fits(mix, seats) is None:
            found.append(mix)
    return tuple(found)


def _catalogue(seats: int) -> tuple[Game, ...]:
    """The catalogue's games for ``seats`` players (a document that does not load is left out:
    the catalogue's own tests report it)."""
    games = []
    for name in names():
        try:
            game = load(name)
        except PokerError:
            continue
        if game.players[0] <= seats <= game.players[1]:
            games.append(game)
    return tuple(games)
