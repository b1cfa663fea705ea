"""The catalogue as the pages read it (``GET /api/games``): every game and mixed game, with a
one-line summary, and one game's rules and house rules.

>>> games = catalogue()
>>> holdem = next(game for game in games if game["name"] == "holdem")
>>> holdem["players"], holdem["mix"]
([2, 10], False)
>>> describe("horse")["mix"], describe("canasta")
(True, None)
"""

from __future__ import annotations

from functools import cache

from homegame.engine.game import Game
from homegame.engine.wire import JSON
from homegame.errors import PokerError
from homegame.games import load, names
from homegame.games.mixes import Mix, load_mix, mix_names

__all__ = ["catalogue", "describe"]


def _summary(rules: str) -> str:
    """The rules' first sentence."""
    text = " ".join(rules.split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


def _entry(game: Game | Mix) -> dict[str, JSON]:
    mix = isinstance(game, Mix)
    rules = game.rules or (game.describe() if isinstance(game, Mix) else "")
    return {
        "name": game.name,
        "title": game.title,
        "family": game.family if isinstance(game, Mix) else game.family.value,
        "betting": game.betting if isinstance(game, Mix) else game.betting.value,
        "players": list(game.players),
        "summary": _summary(rules),
        "mix": mix,
    }


@cache
def _all() -> tuple[Game | Mix, ...]:
    found: list[Game | Mix] = []
    for name in names():
        try:
            found.append(load(name))
        except PokerError:
            continue  # the catalogue's own tests report a document that does not load
    for name in mix_names():
        try:
            found.append(load_mix(name))
        except PokerError:
            continue
    return tuple(found)


def catalogue() -> list[dict[str, JSON]]:
    """Every game, then every mix."""
    return [_entry(game) for game in _all()]


def describe(name: str) -> dict[str, JSON] | None:
    """One game or mix by its catalogue name, with ``rules`` and ``options`` (``None``: no such game)."""
    game = next((game for game in _all() if game.name == name), None)
    if game is None:
        return None
    entry = _entry(game)
    if isinstance(game, Mix):
        entry["rules"] = "\n\n".join(part for part in (game.rules, game.describe()) if part)
        entry["options"] = []
        entry["games"] = [member.name for member in game.games]
        return entry
    entry["rules"] = game.rules
    entry["options"] = [
        {
            "name": option.name,
            "default": option.default,
            "doc": option.doc,
            "choices": list(option.choices),
            "bounds": None if option.bounds is None else list(option.bounds),
        }
        for option in game.options
    ]
    return entry
