"""The loader: a game document (TOML) in, a validated :class:`~homegame.engine.game.Game` out.

Every problem in a document is reported at once, each with its location:

>>> from homegame.games.loader import load_text
>>> load_text('name = "x"\\nplayers = { min = 1, max = 3 }', "x.toml")
Traceback (most recent call last):
...
homegame.errors.GameSpecError: x.toml: title: required
x.toml: family: required
x.toml: players.min: must be 2..10, not 1
x.toml: betting: required
x.toml: steps: a game needs steps

The loader holds no rules of its own: each step kind reads and checks its own
fields (:mod:`homegame.engine.steps`).
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from homegame.cards import DeckSpec, parse
from homegame.engine.betting import Betting, Stakes
from homegame.engine.game import Family, Game, Option
from homegame.engine.spec import Fields, Problems
from homegame.engine.steps import STEP_KINDS, Step
from homegame.errors import GameSpecError

__all__ = ["load_text"]

_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


def load_text(text: str, source: str, path: str = "") -> Game:
    """Validate a game document given as TOML text; ``source`` names it in problems."""
    problems = Problems(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameSpecError([f"{source}: not valid TOML: {error}"]) from None
    top = Fields(data, "", problems)
    game = _read(top, path)
    top.finish()
    if game is not None:
        for step, fields in zip(game.steps, top.tables("steps"), strict=True):
            step.check_game(game, fields)
        _check_deck(game, problems)
    if problems or game is None:
        raise GameSpecError(problems.items)
    return game


def _required(fields: Fields, name: str) -> str:
    if not fields.has(name):
        fields.problems.add(name, "required")
        return ""
    return fields.string(name, "")


def _read(top: Fields, path: str) -> Game | None:
    name = _required(top, "name")
    if name and not _NAME.fullmatch(name):
        top.problem("name", f"lower-case letters, digits and dashes, not {name!r}")
    title = _required(top, "title")
    family = _required(top, "family")
    if family and family not in tuple(Family):
        top.problem("family", f"must be one of {', '.join(Family)}, not {family!r}")
    aliases = top.strings("aliases", ())
    for index, alias in enumerate(aliases):
        if not _NAME.fullmatch(alias):
            top.problems.add(f"aliases[{index}]", f"lower-case letters, digits and dashes, not {alias!r}")
    players = top.table("players")
    low = players.integer("min", 2, low=2, high=10)
    high = players.integer("max", 10, low=2, high=10)
    players.finish()
    if low > high:
        top.problem("players", f"min {low} is more than max {high}")
    deck = _deck(top)
    betting = _required(top, "betting")
    if betting and betting not in tuple(Betting):
        top.problem("betting", f"must be one of {', '.join(Betting)}, not {betting!r}")
    stakes = _stakes(top.table("stakes"))
    options = _options(top.table("options"))
    rules = top.string("rules", "")
    source = top.raw("source")
    if source is not None and not isinstance(source, str):
        top.problem("source", "must be text (a rules document's file name)")
    steps = _steps(top)
    if top.problems:
        return None
    return Game(
        name=name,
        title=title,
        family=Family(family),
        aliases=aliases,
        players=(low, high),
        deck=deck,
        betting=Betting(betting),
        stakes=stakes,
        options=options,
        rules=rules.strip(),
        source=source,
        steps=steps,
        path=path,
    )


def _deck(top: Fields) -> DeckSpec:
    value = top.raw("deck")
    if value is None or value == "standard":
        return DeckSpec()
    deck = top.table("deck")
    try:
        named = deck.raw("cards")
        if isinstance(named, list):  # a deck of named cards: deck = { cards = ["Js", "Qs", "Ks"] }
            spec = DeckSpec.of_cards(parse(" ".join(map(str, named))))
        else:
            spec = DeckSpec.of_size(
                deck.integer("cards", 52), jokers=deck.integer("jokers", 0), packs=deck.integer("packs", 1)
            )
    except ValueError as error:
        top.problem("deck", str(error))
        spec = DeckSpec()
    deck.finish()
    return spec


def _stakes(fields: Fields) -> Stakes:
    amounts = {}
    for name in Stakes.__dataclass_fields__:
        amounts[name] = fields.integer(name, 0, low=0)
    fields.finish()
    return Stakes(**amounts)


def _options(fields: Fields) -> tuple[Option, ...]:
    options = []
    for name in fields.data:
        table = fields.table(name)
        fields.has(name)
        default: Any = table.raw("default")
        if not isinstance(default, bool | int | str):
            table.problem("default", "required: true/false, a whole number or text")
            default = False
        doc = table.string("doc", "")
        if not doc:
            table.problem("doc", "required: say what the house rule means")
        choices = table.strings("choices", ())
        if choices and default not in choices:
            table.problem("default", f"must be one of the choices {', '.join(choices)}")
        table.finish()
        options.append(Option(name=name, default=default, doc=doc, choices=choices))
    return tuple(options)


def _steps(top: Fields) -> tuple[Step, ...]:
    tables = top.tables("steps")
    if not tables and top.raw("steps") is None:
        top.problem("steps", "a game needs steps")
    steps = []
    for fields in tables:
        kind = fields.string("kind", "")
        cls = STEP_KINDS.get(kind)
        if cls is None:
            fields.problem("kind", f"unknown step kind {kind!r} (known: {', '.join(sorted(STEP_KINDS))})")
            continue
        steps.append(cls.read(fields))
        fields.finish()
    return tuple(steps)


def _check_deck(game: Game, problems: Problems) -> None:
    needed = sum(step.cards_needed(game.players[1]) for step in game.steps)
    if needed > game.deck.size:
        problems.add(
            "players.max",
            f"{game.players[1]} players need {needed} cards, more than the deck's {game.deck.size}",
        )
