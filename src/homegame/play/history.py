"""Hand histories as readable JSON files: ``homegame play --history DIR`` writes them and
``homegame replay FILE`` reads them.

A file holds one hand's :class:`~homegame.engine.hand.History`: the game (its
catalogue name, or the path of its document), the stacks, the button, the
stakes, the house rules, chips carried in, every deck order the hand used (in
card notation) and every action (in the engine's notation), with the players'
names. Replaying it rebuilds the hand exactly:

>>> import random
>>> from homegame.bots import CallerBot, play
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("draw"), [50, 50, 50], seed=4)
>>> play(hand, [CallerBot()] * 3)
>>> record = Record(hand.history(), ("you", "seat 1", "seat 2"))
>>> again = Record.from_json(record.to_json())
>>> again.history.replay().result == hand.result, again.names
(True, ('you', 'seat 1', 'seat 2'))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from homegame.cards import format_cards, parse
from homegame.engine.actions import parse_action
from homegame.engine.betting import Stakes
from homegame.engine.game import Game
from homegame.engine.hand import History, Setup
from homegame.errors import ParseError
from homegame.games import load, names

__all__ = ["FORMAT", "Record"]

FORMAT = "homegame-history/1"
"""The ``format`` field of every history file; a reader refuses any other."""


@dataclass(frozen=True, slots=True)
class Record:
    """A hand's history and who played it (``names[seat]``)."""

    history: History
    names: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        setup = self.history.setup
        game = setup.game
        return {
            "format": FORMAT,
            "game": game.name,
            "document": None if _in_catalogue(game) else game.path,
            "names": list(self.names),
            "stacks": list(setup.stacks),
            "button": setup.button,
            "stakes": setup.stakes.to_dict(),
            "options": dict(setup.options),
            "carried": setup.carried,
            "decks": [format_cards(order) for order in self.history.chance],
            "actions": [[seat, str(action)] for seat, action in self.history.actions],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from data written by :meth:`to_json`; :class:`~homegame.errors.ParseError` says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ParseError(f"not a homegame hand history (its format must be {FORMAT!r})")
        try:
            game = load(data["document"] or data["game"])
            stacks = tuple(int(stack) for stack in data["stacks"])
            setup = Setup(
                game=game,
                stacks=stacks,
                button=int(data["button"]),
                stakes=Stakes(**{name: int(amount) for name, amount in data["stakes"].items()}),
                options=tuple(game.option_values(data["options"]).items()),
                carried=int(data["carried"]),
            )
            chance = tuple(parse(order) for order in data["decks"])
            actions = tuple((int(seat), parse_action(text)) for seat, text in data["actions"])
            played = tuple(str(name) for name in data.get("names") or (f"seat {seat}" for seat in range(len(stacks))))
        except (KeyError, TypeError, ValueError) as error:
            raise ParseError(f"a damaged hand history: {error}") from None
        return cls(History(setup, chance, actions), played)

    def save(self, directory: Path, number: int) -> Path:
        """Write the record as ``DIR/hand-NNNN-GAME.json`` (the first free number from ``number``);
        returns the path."""
        directory.mkdir(parents=True, exist_ok=True)
        while True:
            path = directory / f"hand-{number:04d}-{self.history.setup.game.name}.json"
            if not path.exists():
                break
            number += 1
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return path

    @classmethod
    def read(cls, path: Path) -> Record:
        """The record in a file written by :meth:`save`."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise ParseError(f"cannot read {path}: {error.strerror}") from None
        except json.JSONDecodeError as error:
            raise ParseError(f"{path} is not JSON: {error}") from None
        return cls.from_json(data)


def _in_catalogue(game: Game) -> bool:
    return game.name in names() and load(game.name) == game
