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

import dataclasses
import os
import random
import re
import tomllib
from typing import Any, cast

from homegame.cards import Card, DeckSpec, parse
from homegame.engine.actions import ActionKind
from homegame.engine.betting import Betting, Stakes
from homegame.engine.game import Family, Game, Option
from homegame.engine.spec import Fields, Problems
from homegame.engine.steps import STEP_KINDS, Step
from homegame.errors import GameSpecError, ParseError, PokerError
from homegame.ranking import Ranking

__all__ = ["MAX_DEPTH", "MAX_SIZE", "decode", "load_text"]

_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


MAX_SIZE = 256 * 1024
"""The largest game document read, in bytes (the catalogue's longest is a few kilobytes)."""
MAX_DEPTH = 8
"""The deepest nesting of tables and lists a game document may have (the catalogue's is 4)."""


def decode(data: bytes, source: str) -> str:
    """The text of a game document read as bytes: bounded in size, and UTF-8 (else a
    :class:`GameSpecError` saying where), a byte order mark skipped.

    >>> decode("\ufeffname = 'razz'".encode(), "razz.toml")
    "name = 'razz'"
    >>> decode(b"name = 'r\\xe4zz'", "razz.toml")
    Traceback (most recent call last):
    ...
    homegame.errors.GameSpecError: razz.toml: line 1, byte 10: not UTF-8 text
    """
    if len(data) > MAX_SIZE:
        raise GameSpecError([f"{source}: {len(data)} bytes, more than a game document's {MAX_SIZE}"])
    try:
        return data.decode("utf-8").removeprefix("\ufeff")  # a byte order mark, as Windows editors save one
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise GameSpecError([f"{source}: line {line}, byte {error.start + 1}: not UTF-8 text"]) from None


def read_document(path: str) -> str:
    """The text of the document at ``path`` (:func:`decode`), or a :class:`ParseError` saying why
    it cannot be read."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_SIZE + 1)
    except OSError as error:
        raise ParseError(f"cannot read {path}: {error.strerror}", token=path) from None
    return decode(data, os.path.basename(path))


def load_text(text: str, source: str, path: str = "") -> Game:
    """Validate a game document given as TOML text; ``source`` names it in problems."""
    problems = Problems(source)
    if len(text) > MAX_SIZE:
        raise GameSpecError([f"{source}: {len(text)} characters, more than a game document's {MAX_SIZE}"])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameSpecError([f"{source}: not valid TOML: {error}"]) from None
    except RecursionError:
        raise GameSpecError([f"{source}: nested more than {MAX_DEPTH} deep"]) from None
    where = _too_deep(data, MAX_DEPTH)
    if where is not None:
        raise GameSpecError([f"{source}: {where or 'the document'}: nested more than {MAX_DEPTH} deep"])
    top = Fields(data, "", problems)
    game = _read(top, path)
    top.finish()
    if game is not None:
        for step, fields in zip(game.steps, top.tables("steps"), strict=True):
            step.check_game(game, fields)
        _check_settled(game, problems)
        _check_deck(game, problems)
        _check_cards_judged(game, problems)
        _check_options(game, problems)
    if not problems and game is not None:
        _check_plays(game, problems)
    if problems or game is None:
        raise GameSpecError(problems.items)
    return game


def _too_deep(value: Any, depth: int, where: str = "") -> str | None:
    """The location of the first table or list nested more than ``depth`` deep, if any."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(item, dict | list):
            here = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else str(key)
            if depth <= 1:
                return here
            deeper = _too_deep(item, depth - 1, here)
            if deeper is not None:
                return deeper
    return None


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
    if isinstance(top.raw("family"), str) and family not in tuple(Family):
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
    if isinstance(top.raw("betting"), str) and betting not in tuple(Betting):
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
        bounds = _bounds(table, default)
        table.finish()
        options.append(Option(name=name, default=default, doc=doc, choices=choices, bounds=bounds))
    return tuple(options)


def _bounds(table: Fields, default: Any) -> tuple[int, int] | None:
    """``range = [least, most]`` of a whole-number house rule, holding its default."""
    bounds = table.raw("range")
    if bounds is None:
        return None
    whole = isinstance(default, int) and not isinstance(default, bool)
    if not (isinstance(bounds, list) and len(bounds) == 2 and all(type(bound) is int for bound in bounds)):
        table.problem("range", f"must be [least, most], two whole numbers, not {bounds!r}")
    elif not whole or not 0 <= bounds[0] <= default <= bounds[1]:
        table.problem("range", f"{bounds!r} must hold the whole-number default {default!r}")
    else:
        return bounds[0], bounds[1]
    return None


def _steps(top: Fields) -> tuple[Step, ...]:
    tables = top.tables("steps")
    if not tables and top.raw("steps") in (None, []):
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


def _check_settled(game: Game, problems: Problems) -> None:
    """The last step pays out the pot, and no step before it does (else every hand not won by a
    fold would lose the pot, or play on after paying it)."""
    last = len(game.steps) - 1
    for index, step in enumerate(game.steps[:last]):
        where = f"steps[{index}].kind"
        said = any(item.startswith(f"{problems.source}: {where}:") for item in problems.items)
        if step.settles and not said:
            problems.add(where, f"the {step.kind} step settles the pot: it must be the last step")
    if game.steps and not any(step.settles for step in game.steps):  # no steps at all: said already
        settling = ", ".join(sorted(kind for kind, cls in STEP_KINDS.items() if cls.settles))
        problems.add(
            f"steps[{last}].kind", f"the last step must settle the pot ({settling}), not {game.steps[last].kind}"
        )


def _check_deck(game: Game, problems: Problems) -> None:
    """The deck holds every card the steps deal at the most players allowed (draws replace cards
    from the discards when the stock runs out, as the draw rule says), and at least one card."""
    needed = sum(step.cards_needed(game.players[1]) for step in game.steps)
    if needed > game.deck.size:
        problems.add(
            "players.max",
            f"{game.players[1]} players need {needed} cards, more than the deck's {game.deck.size}",
        )
    if not needed and game.steps:  # no steps at all: said already
        problems.add("steps", "no step deals a card")


_NAMES_CARDS = ("draw", "discard", "roll", "pass", "split", "place", "buy", "twist")
"""The step kinds whose actions name a player's cards, each card once (so a deck of several packs,
where a player may hold two copies of a card, cannot be played with them)."""


def _check_cards_judged(game: Game, problems: Problems) -> None:
    """Every card the deck holds is one every ranking of the game can judge, and can be named."""
    deck = game.deck.cards()
    natural = list(dict.fromkeys(card for card in deck if not card.is_joker))
    for joker in dict.fromkeys(card for card in deck if card.is_joker):
        for where, ranking in _rankings(game):
            if not _judges(ranking, joker, natural):
                problems.add(where, f"{ranking.label} cannot judge a hand holding {joker}: the deck has jokers")
    if game.deck.packs > 1 and natural:  # two of a card may meet in a hand
        for where, ranking in _rankings(game):
            if not _judges(ranking, natural[0], natural):
                problems.add(
                    where,
                    f"{ranking.label} cannot judge a hand holding two {natural[0]}: the deck has {game.deck.packs} "
                    f"packs (a poker ranking takes options = {{ packs = {game.deck.packs} }})",
                )
    naming = [index for index, step in enumerate(game.steps) if step.kind in _NAMES_CARDS]
    if game.deck.packs > 1 and naming:
        where = f"steps[{naming[0]}]"
        problems.add(
            "deck", f"{game.deck.packs} packs: a player holding two copies of a card could not name both ({where})"
        )


def _rankings(game: Game) -> list[tuple[str, Ranking]]:
    """Every ranking the game's steps hold (in their fields, or their contests'), with its location."""
    found: list[tuple[str, Ranking]] = []

    def walk(value: object, where: str) -> None:
        if hasattr(value, "evaluate") and hasattr(value, "categories"):
            found.append((where, cast(Ranking, value)))
        elif isinstance(value, tuple):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                walk(getattr(value, field.name), f"{where}.{field.name}")

    for index, step in enumerate(game.steps):
        walk(step, f"steps[{index}]")
    return found


def _judges(ranking: Ranking, card: Card, natural: list[Card]) -> bool:
    """False when ``ranking`` judges a hand of natural cards but not one holding ``card``."""
    for size in (5, 4, 3, 2):
        if len(natural) < size:
            continue
        try:
            ranking.evaluate(natural[:size])
        except ValueError:
            continue  # not a hand size this ranking judges
        try:
            ranking.evaluate([card, *natural[: size - 1]])
        except ValueError:
            return False
        return True
    return True


PROBE_ACTIONS = 10_000
"""The most actions a probe hand may take before the game is said not to end."""


def _check_plays(game: Game, problems: Problems) -> None:
    """The proof by example: a seeded hand at the fewest and at the most players, everyone staying
    in to the showdown, is dealt, played to its end and settled with every chip accounted for."""
    from homegame.engine.hand import Hand

    stake = max(1, *(getattr(game.stakes, name) for name in game.stakes.__dataclass_fields__))
    for seats in sorted(set(game.players)):
        rng = random.Random(seats)
        try:
            hand = Hand(game, [1000 * stake] * seats, rng=rng)
            for _ in range(PROBE_ACTIONS):
                if hand.over:
                    break
                seat = hand.pending()[0]
                legal = hand.legal_actions(seat)
                staying = [option for option in legal if option.kind is not ActionKind.FOLD] or list(legal)
                hand.act(seat, staying[0].sample(rng))
        except Exception as error:  # any failure in play is a problem of the document
            reason = str(error) if isinstance(error, PokerError) else f"{type(error).__name__}: {error}"
            problems.add("steps", f"a hand of {seats} players cannot be played: {reason}")
            return
        chips = sum(hand.stacks) + hand.pot + hand.carried_out
        if not hand.over:
            problems.add("steps", f"a hand of {seats} players does not end within {PROBE_ACTIONS} actions")
        elif chips != 1000 * stake * seats:
            problems.add("steps", f"a hand of {seats} players ends with {chips} chips of {1000 * stake * seats}")


def _check_options(game: Game, problems: Problems) -> None:
    """Every house rule's default is a value the rule may take (a count or price >= 0; a suit order),
    and a house rule one of the game's step kinds reads is offered as that kind declares it (its
    type, its choices: :class:`~homegame.engine.spec.HouseRule`)."""
    declared = {rule.name: rule for step in game.steps for rule in type(step).house_rules}
    for option in game.options:
        try:
            option.coerce(option.default)
        except ParseError as error:
            problems.add(f"options.{option.name}.default", str(error))
        rule = declared.get(option.name)
        if rule is not None and (problem := rule.problem(option)):
            problems.add(f"options.{option.name}", problem)
