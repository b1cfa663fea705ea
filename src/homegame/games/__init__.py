"""The catalogue: one TOML document per game in ``catalogue/``, and the loader.

``load(name_or_path)`` returns a validated :class:`~homegame.engine.game.Game`:
a catalogue name, one of its aliases, or the path of a user's own document.
``names()`` lists the catalogue.

>>> from homegame.games import load, names
>>> "holdem" in names()
True
>>> game = load("nlhe")
>>> game.name, game.betting.value, game.players
('holdem', 'no-limit', (2, 10))
>>> load("canasta")
Traceback (most recent call last):
...
homegame.errors.ParseError: no game 'canasta' in the catalogue (known: ...)
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

from homegame.engine.game import Game
from homegame.errors import ParseError
from homegame.games.loader import load_text

__all__ = ["load", "load_text", "names"]


def names() -> list[str]:
    """The names of every game in the catalogue, sorted."""
    return sorted(_index()[0])


def load(name_or_path: str | Path) -> Game:
    """A game by catalogue name or alias, or from a TOML file (a path, or any name ending in ``.toml``)."""
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text:
        path = Path(text)
        if not path.is_file():
            raise ParseError(f"no game document at {text}", token=text)
        return _load_file(str(path.resolve()))
    files, aliases = _index()
    key = text.strip().lower()
    name = key if key in files else aliases.get(key)
    if name is None:
        raise ParseError(f"no game {text!r} in the catalogue (known: {', '.join(sorted(files))})", token=text)
    return _load_catalogue(name)


@cache
def _load_catalogue(name: str) -> Game:
    document = _catalogue() / f"{name}.toml"
    return load_text(document.read_text(encoding="utf-8"), f"{name}.toml", str(document))


def _load_file(path: str) -> Game:
    return load_text(Path(path).read_text(encoding="utf-8"), Path(path).name, path)


def _catalogue() -> Path:
    return Path(str(resources.files("homegame.games") / "catalogue"))


@cache
def _index() -> tuple[dict[str, Path], dict[str, str]]:
    """Catalogue names to files, and aliases to names (read without validating the documents)."""
    files: dict[str, Path] = {}
    aliases: dict[str, str] = {}
    for document in sorted(_catalogue().glob("*.toml")):
        files[document.stem] = document
        try:
            data = tomllib.loads(document.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError:
            continue  # load() reports it with its location
        for alias in data.get("aliases", []):
            aliases[str(alias)] = document.stem
    return files, aliases
