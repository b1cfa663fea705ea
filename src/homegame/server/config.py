"""A table's settings, read from the host's JSON (the body of ``POST /api/tables``) and checked whole.

:meth:`TableConfig.from_json` is the one door: every field is checked, the first problem is
reported as a :class:`~homegame.errors.ParseError` naming the field, and the result turns back
into the same JSON (:meth:`TableConfig.to_json`), which is what the database keeps: a table is
rebuilt from its settings and its log.

>>> config = TableConfig.from_json({"game": "holdem", "seats": 3, "stack": 200, "bots": 1})
>>> config.seats, config.bots, config.clock, config.spectators
(3, 1, None, 'public')
>>> type(config.schedule()).__name__
'FixedGame'
>>> TableConfig.from_json({"game": "holdem", "seats": 3, "stack": -5})
Traceback (most recent call last):
...
homegame.errors.ParseError: stack: a whole number from 1 to 1000000000, not -5
>>> TableConfig.from_json({"game": "holdem", "choice": ["razz"], "seats": 3, "stack": 10})
Traceback (most recent call last):
...
homegame.errors.ParseError: game, choice, rotation: name exactly one
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from homegame.engine.betting import Stakes
from homegame.engine.game import Game, OptionValue, players_words
from homegame.engine.missed import MissedBlinds
from homegame.engine.table import DealersChoice, FixedGame, Rotation, Schedule
from homegame.errors import ParseError, PokerError
from homegame.games.mixes import Mix, load_game_or_mix

__all__ = [
    "BOT_LEVELS",
    "MAX_BETWEEN_HANDS",
    "MISSED_BLINDS",
    "RUN_IT_TWICE",
    "SPECTATORS",
    "Clock",
    "TableConfig",
    "check_text",
]

BOT_LEVELS = ("random", "caller", "sensible")
"""The bots a table may seat (``bot_level``)."""

SPECTATORS = ("none", "public", "behind")
"""Who may watch: nobody, anyone with the link (public cards, live), or one hand behind."""

STRADDLES = ("off", "optional")
"""Whether the seat after the big blind may post a live straddle (twice the big blind) before the deal."""

MUCKS = ("allowed", "never")
"""Whether a seat still in at the showdown may throw away, unseen, a hand the rules do not make it
show (``allowed``: the winner and the last aggressor always show), or every hand is shown."""

MISSED_BLINDS = tuple(rule.value for rule in MissedBlinds)
"""The house rule for the blinds a player missed (sitting out, or new at the table): post them on
coming back (or wait for the big blind, as the player chooses), always wait for the big blind, or
owe nothing (the engine table's :class:`~homegame.engine.missed.MissedBlinds`)."""

RUN_IT_TWICE = ("never", "ask")
"""Whether the seats still in are asked to run the rest of the board twice when no more betting is
possible in a community-card game (:mod:`homegame.engine.runout`)."""

_MAX_CHIPS = 10**9
_KNOWN = frozenset(
    {"title", "game", "choice", "rotation", "every", "seats", "stack", "bots", "bot_level", "names"}
    | {"options", "stakes", "clock", "spectators", "missed_hands", "missed_blinds", "kill", "paused"}
    | {"bomb_every", "bomb_amount", "straddle", "auto_approve", "buy_in", "between_hands", "muck"}
    | {"run_it_twice", "rabbit_hunt"}
)
MAX_BETWEEN_HANDS = 600
"""The longest pause a table may set between hands, in seconds."""


@dataclass(frozen=True, slots=True)
class Clock:
    """Seconds for each decision, and a time bank (seconds) each player may spend once the decision's
    time runs out."""

    seconds: int
    bank: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TableConfig:
    """What the host chose. Exactly one of ``game`` (a game or a mix), ``choice`` (dealer's choice
    among games and mixes) and ``rotation`` (games in turn, ``every`` hands each). ``kill`` plays
    the kill game: two pots in a row won by one player double the next fixed-limit hand's stakes
    (see :class:`~homegame.engine.table.Table`). ``paused``: nothing is dealt until the host
    resumes the table (its Start), however many sit. ``buy_in``: the least and the most a player
    coming by the table's open link may buy in for (default: ``stack`` both); ``auto_approve``:
    their requests are approved as made (:mod:`homegame.server.seating`). ``between_hands``: the
    seconds the finished hand stays on the table before the next deal (``None``: the server's
    ``serve --between-hands``). ``run_it_twice``: ``never``, or ``ask`` the seats
    still in once no more betting is possible (a community-card game). ``rabbit_hunt``: after a hand
    that ended before its last card, any seat may see the cards that would have come.

    >>> TableConfig.from_json({"game": "razz", "seats": 3, "stack": 50, "between_hands": 8.5}).between_hands
    8.5
    >>> TableConfig.from_json({"game": "razz", "seats": 3, "stack": 50, "between_hands": 601})
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: between_hands: seconds from 0 to 600, not 601
    >>> TableConfig.from_json({"game": "razz", "seats": 3, "stack": 50, "kill": True}).kill
    True
    >>> TableConfig.from_json({"game": "razz", "seats": 3, "stack": 50, "kill": "yes"})
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: kill: true or false, not 'yes'
    """

    seats: int
    stack: int
    game: str | None = None
    choice: tuple[str, ...] = ()
    rotation: tuple[str, ...] = ()
    every: int = 1
    title: str = ""
    bots: int = 0
    bot_level: str = "sensible"
    names: tuple[str, ...] = ()
    options: tuple[tuple[str, OptionValue], ...] = ()
    stakes: tuple[tuple[str, int], ...] = ()
    clock: Clock | None = None
    spectators: str = "public"
    missed_hands: int = 3
    missed_blinds: str = "post"
    kill: bool = False
    paused: bool = False
    auto_approve: bool = False
    buy_in: tuple[int, int] | None = None
    between_hands: float | None = None
    bomb_every: int = 0
    """A bomb pot every that many hands (0: only when the host calls one); see :meth:`bomb_ante`."""
    bomb_amount: int = 0
    """What each seat antes in a bomb pot the table runs (0: twice the big blind)."""
    straddle: str = "off"
    """``optional``: the seat after the big blind may post a live straddle before the deal (:data:`STRADDLES`)."""
    run_it_twice: str = "never"
    rabbit_hunt: bool = True
    muck: str = "allowed"
    """``allowed``: a seat may muck at the showdown a hand it need not show; ``never``: every hand
    is shown (:data:`MUCKS`)."""
    _games: tuple[Game | Mix, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def from_json(cls, data: object) -> TableConfig:
        """Read and check the host's settings; raises :class:`ParseError` naming the field at fault."""
        if not isinstance(data, dict):
            raise ParseError("the table's settings must be a JSON object")
        unknown = sorted(set(data) - _KNOWN)
        if unknown:
            raise ParseError(f"{unknown[0]!r}: no such setting", token=str(unknown[0]))
        seats = _whole(data, "seats", 2, 10, None)
        named = [key for key in ("game", "choice", "rotation") if data.get(key) not in (None, [], "")]
        if len(named) != 1:
            raise ParseError("game, choice, rotation: name exactly one")
        kind = named[0]
        wanted = [data[kind]] if kind == "game" else data[kind]
        if not isinstance(wanted, list) or not all(isinstance(name, str) for name in wanted) or len(wanted) > 64:
            raise ParseError(f"{kind}: a list of game names" if kind != "game" else "game: a game's name")
        games = tuple(_load(kind, name, seats) for name in wanted)
        if kind == "rotation" and any(isinstance(game, Mix) for game in games):
            raise ParseError("rotation: games only (a mix is a rotation of its own: name it as the game)")
        bots = _whole(data, "bots", 0, seats, 0)
        level = data.get("bot_level", "sensible")
        if level not in BOT_LEVELS:
            raise ParseError(f"bot_level: one of {', '.join(BOT_LEVELS)}, not {level!r}", token=str(level))
        names = data.get("names") or []
        if (
            not isinstance(names, list)
            or len(names) > seats
            or not all(isinstance(name, str) and 0 < len(name.strip()) <= 24 for name in names)
        ):
            raise ParseError(f"names: up to {seats} names of 1 to 24 characters")
        for name in names:
            check_text("names", name)
        if len({name.strip() for name in names}) != len(names):
            raise ParseError("names: each name once")
        title = data.get("title") or ""
        if not isinstance(title, str) or len(title) > 80:
            raise ParseError("title: text of up to 80 characters")
        check_text("title", title)
        spectators = data.get("spectators", "public")
        if spectators not in SPECTATORS:
            raise ParseError(f"spectators: one of {', '.join(SPECTATORS)}, not {spectators!r}", token=str(spectators))
        missed_blinds = data.get("missed_blinds", "post")
        if missed_blinds not in MISSED_BLINDS:
            raise ParseError(
                f"missed_blinds: one of {', '.join(MISSED_BLINDS)}, not {missed_blinds!r}", token=str(missed_blinds)
            )
        kill = data.get("kill", False)
        if not isinstance(kill, bool):
            raise ParseError(f"kill: true or false, not {kill!r}", token=str(kill))
        paused = data.get("paused", False)
        if not isinstance(paused, bool):
            raise ParseError(f"paused: true or false, not {paused!r}", token=str(paused))
        auto_approve = data.get("auto_approve", False)
        if not isinstance(auto_approve, bool):
            raise ParseError(f"auto_approve: true or false, not {auto_approve!r}", token=str(auto_approve))
        rabbit = data.get("rabbit_hunt", True)
        if not isinstance(rabbit, bool):
            raise ParseError(f"rabbit_hunt: true or false, not {rabbit!r}", token=str(rabbit))
        config = cls(
            seats=seats,
            stack=_whole(data, "stack", 1, _MAX_CHIPS, None),
            game=wanted[0] if kind == "game" else None,
            choice=tuple(wanted) if kind == "choice" else (),
            rotation=tuple(wanted) if kind == "rotation" else (),
            every=_whole(data, "every", 1, 1000, 1),
            title=title.strip(),
            bots=bots,
            bot_level=level,
            names=tuple(name.strip() for name in names),
            options=_options(data.get("options"), _all_games(games)),
            stakes=_stakes(data.get("stakes")),
            clock=_clock(data.get("clock")),
            spectators=spectators,
            missed_hands=_whole(data, "missed_hands", 1, 1000, 3),
            missed_blinds=missed_blinds,
            kill=kill,
            paused=paused,
            auto_approve=auto_approve,
            buy_in=_buy_in(data.get("buy_in")),
            between_hands=_seconds(data, "between_hands", MAX_BETWEEN_HANDS),
            bomb_every=_whole(data, "bomb_every", 0, 1000, 0),
            bomb_amount=_whole(data, "bomb_amount", 0, _MAX_CHIPS, 0),
            straddle=_one_of(data, "straddle", STRADDLES),
            run_it_twice=_one_of(data, "run_it_twice", RUN_IT_TWICE),
            rabbit_hunt=rabbit,
            muck=_one_of(data, "muck", MUCKS),
            _games=games,
        )
        if config.bomb_every and not any(game.has_flop for game in config.single_games):
            raise ParseError("bomb_every: no game of this table has a flop, and a bomb pot starts at the flop")
        return config

    def to_json(self) -> dict[str, Any]:
        """The settings as the host would write them (what the database keeps).

        >>> TableConfig.from_json({"choice": ["razz", "horse"], "seats": 4, "stack": 50}).to_json()["choice"]
        ['razz', 'horse']
        """
        data: dict[str, Any] = {"seats": self.seats, "stack": self.stack}
        if self.game is not None:
            data["game"] = self.game
        if self.choice:
            data["choice"] = list(self.choice)
        if self.rotation:
            data["rotation"] = list(self.rotation)
            data["every"] = self.every
        data.update(
            title=self.title,
            bots=self.bots,
            bot_level=self.bot_level,
            names=list(self.names),
            options=dict(self.options),
            stakes=dict(self.stakes) or None,
            clock=None if self.clock is None else {"seconds": self.clock.seconds, "bank": self.clock.bank},
            spectators=self.spectators,
            missed_hands=self.missed_hands,
            missed_blinds=self.missed_blinds,
            kill=self.kill,
            paused=self.paused,
        )
        if self.between_hands is not None:  # else the server's: a table made before the setting keeps its JSON
            data["between_hands"] = self.between_hands
        if self.straddle != "off":
            data["straddle"] = self.straddle
        if self.run_it_twice != "never":
            data["run_it_twice"] = self.run_it_twice
        if not self.rabbit_hunt:
            data["rabbit_hunt"] = False
        if self.muck != "allowed":
            data["muck"] = self.muck
        if self.auto_approve:
            data["auto_approve"] = True
        if self.buy_in is not None:
            data["buy_in"] = {"min": self.buy_in[0], "max": self.buy_in[1]}
        if self.bomb_every or self.bomb_amount:
            data.update(bomb_every=self.bomb_every, bomb_amount=self.bomb_amount)
        return data

    def buy_in_bounds(self) -> tuple[int, int]:
        """The least and the most a player coming by the open link may buy in for.

        >>> TableConfig.from_json({"game": "razz", "seats": 3, "stack": 50}).buy_in_bounds()
        (50, 50)
        >>> bounds = {"min": 20, "max": 80}
        >>> TableConfig.from_json({"game": "razz", "seats": 3, "stack": 50, "buy_in": bounds}).buy_in_bounds()
        (20, 80)
        """
        return self.buy_in or (self.stack, self.stack)

    @property
    def games(self) -> tuple[Game | Mix, ...]:
        """The games and mixes named, loaded."""
        return self._games

    @property
    def single_games(self) -> tuple[Game, ...]:
        """Every single game the table may deal, a mix's games included, each once."""
        return _all_games(self._games)

    def schedule(self) -> Schedule:
        """The engine's schedule: the fixed game (or the mix's rotation), dealer's choice or the rotation."""
        games = self._games
        if self.game is not None:
            only = games[0]
            return only.schedule(self.seats) if isinstance(only, Mix) else FixedGame(only)
        if self.choice:
            return DealersChoice(_all_games(games))
        return Rotation(tuple(game for game in games if isinstance(game, Game)), every=self.every)

    def display_title(self) -> str:
        """The title the host gave, else one made from the games."""
        if self.title:
            return self.title
        if self.choice:
            return "Dealer's choice"
        return " / ".join(game.title for game in self._games)

    def stakes_for(self, game: Game) -> Stakes | None:
        """The stakes a hand of ``game`` is played for: the game's (or its mix's), with the host's
        amounts set outright; ``None`` when the host set none."""
        return replace(game.stakes, **dict(self.stakes)) if self.stakes else None

    def bomb_ante(self, game: Game) -> int:
        """What each seat antes in a bomb pot of ``game`` the table runs: ``bomb_amount``, else twice
        the big blind it is played for."""
        return self.bomb_amount or 2 * (self.stakes_for(game) or game.stakes).big_blind


_UNFIT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""What a name or a title may not hold: a control character (C0, DEL, C1) or half of a surrogate
pair (text no page, file or history can write)."""


def check_text(field: str, text: str) -> None:
    r"""Refuse ``text`` for ``field`` if it holds a control character or an unpaired surrogate.

    >>> check_text("names", "Ann 🂡")
    >>> check_text("names", "Ann\x7f")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: names: 'Ann\x7f' holds a control character (U+007F)
    >>> check_text("title", "\ud800")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: title: '\ud800' holds half a surrogate pair (U+D800), not a character
    """
    found = _UNFIT.search(text)
    if found is None:
        return
    char = found.group()
    what = "half a surrogate pair" if "\ud800" <= char <= "\udfff" else "a control character"
    tail = ", not a character" if what.startswith("half") else ""
    raise ParseError(f"{field}: {text[:30]!r} holds {what} (U+{ord(char):04X}){tail}", token=field)


def _whole(data: Mapping[str, object], name: str, low: int, high: int, default: int | None) -> int:
    value = data.get(name, default)
    if value is None and default is not None:
        value = default
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ParseError(f"{name}: a whole number from {low} to {high}, not {value!r}", token=str(value))
    return value


def _seconds(data: Mapping[str, object], name: str, most: int) -> float | None:
    """A number of seconds from 0 to ``most`` (a whole number or not, finite), or ``None`` when not given."""
    value = data.get(name)
    if value is None:
        return None
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not 0 <= value <= most
    ):
        raise ParseError(f"{name}: seconds from 0 to {most}, not {value!r}", token=str(value))
    return value


def _load(kind: str, name: str, seats: int) -> Game | Mix:
    try:
        game = load_game_or_mix(name) if "/" not in name and not name.endswith(".toml") else None
    except PokerError:
        game = None
    if game is None:
        raise ParseError(f"{kind}: no game or mix {name!r} in the catalogue", token=name)
    low, high = game.players
    if kind == "choice" and low <= seats:  # offered only when the players present fit (the picker's list)
        return game
    if not low <= seats <= high:
        raise ParseError(f"{kind}: {game.name} is for {players_words(game.players)}, not {seats} seats", token=name)
    return game


def _all_games(games: tuple[Game | Mix, ...]) -> tuple[Game, ...]:
    """Every single game among ``games``, a mix's games included, each once."""
    out: list[Game] = []
    for entry in games:
        for game in entry.games if isinstance(entry, Mix) else (entry,):
            if game not in out:
                out.append(game)
    return tuple(out)


def _options(value: object, games: tuple[Game, ...]) -> tuple[tuple[str, OptionValue], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict) or len(value) > 64:
        raise ParseError("options: an object of house rules, NAME: VALUE")
    out = []
    for name, raw in value.items():
        known = [game.option(name) for game in games if game.option(name) is not None]
        if not known:
            raise ParseError(f"options: no game of this table has the house rule {name!r}", token=str(name))
        try:
            coerced = [option.coerce(raw) for option in known if option is not None]
        except ParseError as error:
            raise ParseError(f"options: {error}", token=str(name)) from None
        out.append((str(name), coerced[0]))
    return tuple(out)


def _one_of(data: dict[str, Any], name: str, values: tuple[str, ...]) -> str:
    """The setting ``name``: one of ``values`` (the first by default)."""
    value = data.get(name, values[0])
    if value not in values:
        raise ParseError(f"{name}: one of {', '.join(values)}, not {value!r}", token=str(value))
    return str(value)


def _stakes(value: object) -> tuple[tuple[str, int], ...]:
    if value is None:
        return ()
    known = [item.name for item in fields(Stakes)]
    if not isinstance(value, dict):
        raise ParseError(f"stakes: an object of amounts ({', '.join(known)})")
    out = []
    for name, amount in value.items():
        if name not in known:
            raise ParseError(f"stakes: no such amount {name!r} (known: {', '.join(known)})", token=str(name))
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= _MAX_CHIPS:
            raise ParseError(f"stakes: {name} must be a whole number of chips, not {amount!r}", token=str(name))
        out.append((str(name), amount))
    return tuple(out)


def _buy_in(value: object) -> tuple[int, int] | None:
    """``{"min": LEAST, "max": MOST}``, whole chips, the least no more than the most."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"min", "max"}:
        raise ParseError("buy_in: null, or {min, max}")
    try:
        least, most = _whole(value, "min", 1, _MAX_CHIPS, None), _whole(value, "max", 1, _MAX_CHIPS, None)
    except ParseError as error:
        raise ParseError(f"buy_in: {error}") from None
    if least > most:
        raise ParseError(f"buy_in: min {least} is more than max {most}")
    return least, most


def _clock(value: object) -> Clock | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"seconds", "bank"}:
        raise ParseError("clock: null, or {seconds, bank}")
    try:
        return Clock(_whole(value, "seconds", 1, 3600, None), _whole(value, "bank", 0, 36000, 0))
    except ParseError as error:
        raise ParseError(f"clock: {error}") from None
