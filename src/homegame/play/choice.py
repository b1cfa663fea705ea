"""Which game the next hand of ``homegame play`` is: the session's game, its mix's turn, or the
dealer's choice.

In dealer's choice the dealer names the game: the person picks from the games and mixes that suit
the table (a mix is then dealt once round its games, a hand each); a bot picks a game that suits
the table, favouring the families played least so far. :func:`fits` says why a game does not
suit a table, and what would.
"""

from __future__ import annotations

import random
from collections import Counter

from homegame.engine.game import Game, players_words
from homegame.engine.table import DealersChoice, FixedGame, Schedule, Table
from homegame.errors import ParseError, PokerError
from homegame.games import load, names
from homegame.games.mixes import Mix, load_mix, mix_names
from homegame.play.person import PERSON, QUIT, Leave, Person
from homegame.play.render import Screen

__all__ = ["Chooser", "fits"]


class Chooser:
    """The games on offer at a table of ``seats`` and the game of each hand: ``game`` (a game or a
    mix) for the whole session, or ``None`` for dealer's choice among the catalogue's games and
    mixes that suit the table."""

    def __init__(self, game: Game | Mix | None, seats: int, screen: Screen, person: Person, rng: random.Random):
        self.game = game
        self.seats = seats
        self.games: tuple[Game, ...] = (
            game.games if isinstance(game, Mix) else (game,) if game is not None else _catalogue(seats)
        )
        """The games on offer (the session's, its mix's, or the catalogue's that suit the table)."""
        self.mixes: tuple[Mix, ...] = _mixes(seats) if game is None else ()
        """The mixes a dealer may choose."""
        if not self.games:
            raise ParseError(f"no game of the catalogue is for {seats} players")
        self.screen = screen
        self.person = person
        self.rng = rng
        self.queue: list[Game] = []
        """The games still to deal of a mix the dealer chose."""
        self.mix: Mix | None = game if isinstance(game, Mix) else None
        """The mixed game the hand under way is dealt in (the session's, or one the dealer chose)."""
        self.played: Counter[str] = Counter()
        """Hands dealt so far of each family (a bot dealer favours the families played least)."""

    def every_game(self) -> tuple[Game, ...]:
        """Every game a hand may be dealt in: those on offer and the mixes'."""
        return self.games + tuple(each for mix in self.mixes for each in mix.games)

    def schedule(self) -> Schedule:
        """The engine's schedule for the table: the mix's rotation, the one game, or dealer's choice."""
        if isinstance(self.game, Mix):
            return self.game.schedule(self.seats)
        if self.game is not None:
            return FixedGame(self.game)
        return DealersChoice(self.every_game())

    def pick(self, table: Table) -> Game:
        """The next game: one that goes on (Guts), the session's game or the mix's turn, else the
        dealer's choice (named to the table)."""
        if table.continuing is not None:
            return self._count(table.continuing)
        if isinstance(self.game, Mix):
            game = table.next_game()
            every = self.game.hands_per_game(self.seats)
            if table.hands_played % every == 0:
                hands = f"{every} hand{'s' if every != 1 else ''}"
                self.screen.say(f"{self.game.title}: {game.title} for the next {hands}.")
            return self._count(game)
        if self.game is not None:
            return self._count(table.next_game())
        if not self.queue:
            self.mix = None  # a mix the dealer chose has been dealt round
        if self.queue:
            game = self.queue.pop(0)
            self.screen.say(f"The mix goes on: {game.title}.")
        elif (dealer := table.chooser()) != PERSON:
            game = self._bot_choice()
            self.screen.say(f"{self.screen.names(dealer)} deals and calls {game.title}.")
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
            answer = self.person.ask("game> ").strip().lower()
            if answer in QUIT:
                raise Leave
            if answer in ("", "?", "help"):
                self._list_games()
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            wanted = _find(answer)
            if wanted is not None and wanted.name in {choice.name for choice in choices}:
                return next(choice for choice in choices if choice.name == wanted.name)
            if wanted is not None:
                self.screen.problem(fits(wanted, self.seats) or f"{wanted.name} is not offered here")
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
        hidden = [name for name in names() if name not in entries]
        if hidden:
            self.screen.say(f"Not for {self.seats} players: {', '.join(hidden)} (type one to see why).", style="dim")

    def _columns(self, entries: list[str], first: int) -> None:
        width, per_line = 26, 3
        for start in range(0, len(entries), per_line):
            cells = [
                f"{first + start + index:>3} {name}" for index, name in enumerate(entries[start : start + per_line])
            ]
            self.screen.say("".join(cell.ljust(width) for cell in cells).rstrip())


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
