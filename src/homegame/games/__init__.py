"""The catalogue: one TOML document per game in ``catalogue/``, and the loader.

``load(name_or_path)`` returns a validated :class:`~homegame.engine.game.Game`:
a catalogue name, one of its aliases, or the path of a user's own document.
``names()`` lists the catalogue.

A game document reads like the rules a dealer would recite. Top-level fields:

- ``name`` (lower-case, dashes; a catalogue file is named after it), ``title``,
  ``aliases``, ``family`` (``community``, ``stud``, ``draw``, ``other``);
- ``players = { min, max }`` (2..10; the loader checks the deck holds enough cards);
- ``deck``: ``"standard"``, ``{ cards = 36, jokers = 0, packs = 1 }`` or the cards themselves,
  ``{ cards = ["Js", "Qs", "Ks"] }`` (Kuhn poker);
- ``betting``: exactly one of ``fixed-limit``, ``spread-limit``, ``pot-limit``, ``no-limit``;
- ``stakes``: default amounts (``ante``, ``small_blind``, ``big_blind``, ``straddle``,
  ``bring_in``, ``small_bet``, ``big_bet``, ``min_bet``, ``max_bet``);
- ``[options.NAME]`` with ``default``, ``doc`` and optional ``choices``: the house rules a
  table may change (the engine reads ``cap``, ``lift_cap_heads_up`` and ``suit_order``);
- ``rules``: the rules text shown to players, in our own words; ``source``: the rules
  document it comes from, if any;
- ``[[steps]]``, in order, each with a ``kind`` and that kind's fields (see
  :mod:`homegame.engine.steps`, where each kind documents its own: ``antes``, ``blinds``,
  ``deal``, ``bet``, ``draw``, ``declare``, ``showdown`` and more). The last step settles the
  pot: the showdown, or another kind that does (High Card Poker's ``knockout``).

Mixed games (H.O.R.S.E. and the other rotations of rules 004) are documents of their own kind,
in ``catalogue/mixed/``: they name catalogue games, their structures and when the game changes
(:mod:`homegame.games.mixes`).

>>> from homegame.games import load, names
>>> "holdem" in names()
True
>>> game = load("nlhe")
>>> game.name, game.betting.value, game.players
('holdem', 'no-limit', (2, 10))
>>> load("Texas Hold'em").name
'holdem'
>>> load("canasta")
Traceback (most recent call last):
...
homegame.errors.ParseError: no game 'canasta' in the catalogue (known: ...)
>>> load("holdum")
Traceback (most recent call last):
...
homegame.errors.ParseError: no game 'holdum' in the catalogue; did you mean holdem? (known: ...)
"""

from __future__ import annotations

import difflib
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

from homegame.engine.game import Game
from homegame.errors import ParseError
from homegame.games.loader import load_text, read_document

__all__ = ["OWN_GAME", "Index", "catalogue_key", "from_catalogue", "load", "load_text", "names", "unknown"]


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
    return from_catalogue(text)


OWN_GAME = "name its document on the command line (--game DOC)"
"""What to do about a file's game the catalogue lacks: its document is never a path read from the file."""


def from_catalogue(name: str, *, otherwise: str = "") -> Game:
    """A game of the catalogue by name or alias, never a file: for names read from files that others
    wrote. ``otherwise`` says what to do about a name the catalogue lacks (instead of listing it).
    ``GAME@STRUCTURE`` is the game at another betting structure (:mod:`homegame.games.structures`).

    >>> from_catalogue("../secret.toml", otherwise=OWN_GAME)
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: '../secret.toml' is not a game of the catalogue: name its document ... (--game DOC)
    """
    base, at_sign, structure = name.partition("@")
    if at_sign:  # the game at another betting structure
        from homegame.games.structures import at

        return at(from_catalogue(base, otherwise=otherwise), structure.strip().lower())
    files, aliases = _index()
    key = catalogue_key(name)
    found = key if key in files else aliases.get(key)
    if found is None and otherwise:
        raise ParseError(f"{name[:60]!r} is not a game of the catalogue: {otherwise}", token=name)
    if found is None:
        raise unknown(name)
    return _load_catalogue(found)


def catalogue_key(name: str) -> str:
    """A name as the catalogue looks it up: case, apostrophes, dots, spaces and underscores do not
    count, so people may write a game as they would say it.

    >>> catalogue_key("Texas Hold'em"), catalogue_key("H.O.R.S.E."), catalogue_key(" HORSE ")
    ('texas-holdem', 'h-o-r-s-e', 'horse')
    """
    key = name.strip().lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[.\s_]+", "-", key).strip("-")


Index = tuple[dict[str, Path], dict[str, str]]
"""Names to documents, and aliases to names: the catalogue's games, or its mixes."""


def unknown(name: str, *, games: bool = True, mixes: Index | None = None) -> ParseError:
    """The error for a name the catalogue lacks, where a command takes ``games``, the ``mixes`` of
    that index (:mod:`homegame.games.mixes` gives its own), or both: the closest names (with
    difflib, aliases too), then every name it could have been.

    >>> print(unknown("holdum"))
    no game 'holdum' in the catalogue; did you mean holdem? (known: 2-7-single-draw, ...)
    >>> from homegame.games.mixes import load_game_or_mix
    >>> load_game_or_mix("horsee")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: no game 'horsee' ...; did you mean horse or hose? (games: ...; mixed games: ...)
    """
    indexes = ([_index()] if games else []) + ([mixes] if mixes is not None else [])
    known = [", ".join(sorted(files)) for files, _ in indexes]
    leads = {alias: found for _, aliases in indexes for alias, found in aliases.items()}
    leads |= {found: found for files, _ in indexes for found in files}
    key = catalogue_key(name)
    starting = sorted(lead for lead in leads if lead.startswith(key)) if len(key) >= 3 else []
    close = [*starting, *difflib.get_close_matches(key, leads, n=4, cutoff=0.75)]
    hint = " or ".join(list(dict.fromkeys(leads[match] for match in close))[:4])
    kind = "game" if games else "mixed game"
    listed = f"games: {known[0]}; mixed games: {known[1]}" if len(known) == 2 else f"known: {known[0]}"
    return ParseError(
        f"no {kind} {name[:60]!r} in the catalogue{f'; did you mean {hint}?' if hint else ''} ({listed})", token=name
    )


@cache
def _load_catalogue(name: str) -> Game:
    document = _catalogue() / f"{name}.toml"
    return load_text(document.read_text(encoding="utf-8"), f"{name}.toml", str(document))


def _load_file(path: str) -> Game:
    return load_text(read_document(path), Path(path).name, path)


def _catalogue() -> Path:
    return Path(str(resources.files("homegame.games") / "catalogue"))


@cache
def _index() -> Index:
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
