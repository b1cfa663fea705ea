"""Mixed games: rotation documents that name games of the catalogue and play them in turn.

Rules 004, "Mixed poker games": "Poker can be played in a mixed game format ... Each game will
usually be played for a fixed number of hands or time and then the players will move on to the
next game." A mix is one TOML document in ``catalogue/mixed/``, named after its ``name``:

- ``name``, ``title``, ``aliases``, ``family = "mixed"``, ``rules`` (our own words), ``source``;
- ``every``: when the game changes: ``"orbit"`` (once round the table: as many hands as there are
  players, the default) or a whole number of hands;
- ``[[games]]``, in the order they are played, each with ``game`` (a catalogue name), ``betting``
  (its structure, said again so the document reads like the list in the rules, and checked
  against the game) and optionally ``stakes`` (the amounts it is played for in this mix; by
  default the game's own).

:func:`load_mix` returns a validated :class:`Mix`; :meth:`Mix.schedule` is the
:class:`~homegame.engine.table.Rotation` a :class:`~homegame.engine.table.Table` plays.

>>> horse = load_mix("horse")
>>> [game.name for game in horse.games]
['limit-holdem', 'omaha-hi-lo', 'razz', 'stud', 'stud-hi-lo']
>>> horse.players, horse.schedule(6).every
((2, 8), 6)
>>> load_mix("h-o-r-s-e").name
'horse'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path

from homegame.engine.betting import Betting
from homegame.engine.game import Game
from homegame.engine.spec import Fields, Problems
from homegame.engine.table import Rotation
from homegame.errors import GameSpecError, ParseError, PokerError
from homegame.games.loader import _stakes, read_document
from homegame.games.structures import at

__all__ = ["Mix", "load_game_or_mix", "load_mix", "load_mix_text", "mix_names"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mix:
    """A validated mixed game: its games (each at the stakes it is played for here) in turn,
    changing every ``every`` hands (``None``: every orbit, as many hands as there are players)."""

    name: str
    title: str
    aliases: tuple[str, ...] = ()
    games: tuple[Game, ...]
    every: int | None = None
    rules: str = ""
    source: str | None = None
    path: str = ""

    @property
    def family(self) -> str:
        """Always ``mixed`` (the families of single games are :class:`~homegame.engine.game.Family`)."""
        return "mixed"

    @property
    def players(self) -> tuple[int, int]:
        """The table sizes every game of the mix can be dealt to."""
        return max(game.players[0] for game in self.games), min(game.players[1] for game in self.games)

    @property
    def betting(self) -> str:
        """The betting structure when all games share one, else ``mixed``."""
        structures = {game.betting.value for game in self.games}
        return structures.pop() if len(structures) == 1 else "mixed"

    def hands_per_game(self, seats: int) -> int:
        """How many hands each game lasts at a table of ``seats`` players."""
        return self.every if self.every is not None else seats

    def schedule(self, seats: int) -> Rotation:
        """The rotation a table of ``seats`` players plays."""
        return Rotation(self.games, every=self.hands_per_game(seats))

    def describe(self) -> str:
        """The games in turn and when they change, for the rules text."""
        games = ", ".join(f"{game.title} ({game.betting.label})" for game in self.games)
        change = "once round the table" if self.every is None else f"every {self.every} hands"
        return f"In turn: {games}; the game changes {change}."


def mix_names() -> list[str]:
    """The names of every mix in the catalogue, sorted."""
    return sorted(_index()[0])


def load_mix(name_or_path: str | Path) -> Mix:
    """A mix by catalogue name or alias, or from a TOML file (a path, or any name ending in ``.toml``)."""
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text:
        path = Path(text)
        if not path.is_file():
            raise ParseError(f"no mixed-game document at {text}", token=text)
        return load_mix_text(read_document(str(path.resolve())), path.name, str(path.resolve()))
    from homegame.games import catalogue_key, unknown

    files, aliases = _index()
    key = catalogue_key(text)
    name = key if key in files else aliases.get(key)
    if name is None:
        raise unknown(text, games=False, mixes=_index())
    return _load_catalogue(name)


def load_game_or_mix(name_or_path: str | Path) -> Game | Mix:
    """A game, or else a mix, by name, alias or path (what ``homegame simulate`` accepts).

    >>> load_game_or_mix("razz").name, load_game_or_mix("hose").name
    ('razz', 'hose')
    """
    from homegame.games import load, unknown

    try:
        return load(name_or_path)
    except ParseError as game_error:
        try:
            return load_mix(name_or_path)
        except GameSpecError:
            raise
        except PokerError:
            text = str(name_or_path)
            if isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text or "@" in text:
                raise game_error from None
            raise unknown(text, mixes=_index()) from None


def load_mix_text(text: str, source: str, path: str = "") -> Mix:
    """Validate a mixed-game document given as TOML text; ``source`` names it in problems.

    >>> load_mix_text('name = "gr"\\ntitle = "G.R."\\nfamily = "mixed"\\n'
    ...               '[[games]]\\ngame = "guts"\\nbetting = "fixed-limit"\\n'
    ...               '[[games]]\\ngame = "rummy"\\nbetting = "fixed-limit"', "gr.toml")
    Traceback (most recent call last):
    ...
    homegame.errors.GameSpecError: gr.toml: games[0].betting: guts cannot be played fixed-limit: it has no betting ...
    gr.toml: games[1].game: no game 'rummy' in the catalogue (known: ...)
    """
    problems = Problems(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameSpecError([f"{source}: not valid TOML: {error}"]) from None
    top = Fields(data, "", problems)
    mix = _read(top, path)
    top.finish()
    if problems or mix is None:
        raise GameSpecError(problems.items)
    return mix


def _read(top: Fields, path: str) -> Mix | None:
    for required in ("name", "title", "family"):
        if not top.has(required):
            top.problems.add(required, "required")
    name = top.string("name", "")
    family = top.string("family", "mixed")
    if family != "mixed":
        top.problem("family", f"a mixed-game document has family = 'mixed', not {family!r}")
    every_value = top.raw("every")
    every: int | None = None
    if every_value is not None and every_value != "orbit":
        every = top.integer("every", 1, low=1, high=1000)
    games = []
    tables = top.tables("games")
    if len(tables) < 2:
        top.problem("games", "a mix names two or more games")
    for fields in tables:
        game = _entry(fields)
        fields.finish()
        if game is not None:
            games.append(game)
    mix = Mix(
        name=name,
        title=top.string("title", ""),
        aliases=top.strings("aliases", ()),
        games=tuple(games),
        every=every,
        rules=top.string("rules", "").strip(),
        source=top.string("source", "") or None,
        path=path,
    )
    if top.problems:
        return None
    low, high = mix.players
    if low > high:
        top.problem("games", f"no table size suits every game (they need {low} to {high} players)")
        return None
    return mix


def _entry(fields: Fields) -> Game | None:
    """One ``[[games]]`` entry: the catalogue game at this mix's stakes, or ``None`` after a problem."""
    from homegame.games import load

    name = fields.string("game", "")
    betting = fields.string("betting", "", tuple(Betting))
    if not name or not betting:
        fields.problem("game" if not name else "betting", "required")
        return None
    try:
        game = load(name)
    except PokerError as error:
        fields.problem("game", str(error))
        return None
    try:
        game = at(game, betting)  # a game at another structure than its document's
    except ParseError as error:
        fields.problem("betting", str(error))
        return None
    if not fields.has("stakes"):
        return game
    played = replace(game, stakes=_stakes(fields.table("stakes")))
    for step in game.steps:
        step.check_game(played, Fields({}, fields.at("stakes"), fields.problems))
    return played


def _catalogue() -> Path:
    return Path(str(resources.files("homegame.games") / "catalogue" / "mixed"))


@cache
def _load_catalogue(name: str) -> Mix:
    document = _catalogue() / f"{name}.toml"
    return load_mix_text(document.read_text(encoding="utf-8"), f"mixed/{name}.toml", str(document))


@cache
def _index() -> tuple[dict[str, Path], dict[str, str]]:
    """Mix names to files, and aliases to names (read without validating the documents)."""
    files: dict[str, Path] = {}
    aliases: dict[str, str] = {}
    for document in sorted(_catalogue().glob("*.toml")):
        files[document.stem] = document
        try:
            data = tomllib.loads(document.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError:
            continue  # load_mix() reports it with its location
        for alias in data.get("aliases", []):
            aliases[str(alias)] = document.stem
    return files, aliases
