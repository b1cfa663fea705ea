"""Hand histories as readable JSON files: ``homegame play --history DIR --full`` writes them and
``homegame replay FILE`` reads them.

A file holds one hand's :class:`~homegame.engine.hand.History`: the game (by
name: a game outside the catalogue is read from the document the user names,
never from a path in the file), the stacks, the button, the
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
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

from homegame.cards import format_cards, parse
from homegame.engine.actions import parse_action
from homegame.engine.betting import Stakes
from homegame.engine.game import Game
from homegame.engine.hand import Chance, Hand, History, Setup
from homegame.errors import ParseError
from homegame.games import OWN_GAME, from_catalogue
from homegame.games.mixes import mix_names

__all__ = ["FORMAT", "Record", "free_path"]

FORMAT = "homegame-history/1"
"""The ``format`` field of every history file; a reader refuses any other."""
MAX_SIZE = 1024 * 1024
"""The largest history file read, in bytes (a long hand is a few kilobytes)."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Record:
    """A hand's history, who played it (``names[seat]``) and the mixed game it was dealt in, if any
    (``mix``: a catalogue mix's name, which ``history export --format pokerstars`` names in its header)."""

    history: History
    names: tuple[str, ...]
    mix: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        setup = self.history.setup
        game = setup.game
        return {
            "format": FORMAT,
            "game": game.name,
            **({"mix": self.mix} if self.mix is not None else {}),
            "names": list(self.names),
            "stacks": list(setup.stacks),
            "button": setup.button,
            "stakes": setup.stakes.to_dict(),
            "options": dict(setup.options),
            "carried": setup.carried,
            **({"run_it_twice": True} if setup.run_it_twice else {}),
            "decks": [format_cards(order) for order in self.history.chance],
            "actions": [[seat, str(action)] for seat, action in self.history.actions],
        }

    @classmethod
    def from_json(cls, data: Any, game: Game | None = None) -> Record:
        """A record from data written by :meth:`to_json`; :class:`~homegame.errors.ParseError` names the
        field that is wrong. The game is the catalogue's game of that name, or ``game``, a document
        the user named: a file never chooses a path to read.

        >>> Record.from_json({"format": FORMAT, "game": "holdem", "stacks": [100, 1e400]})
        Traceback (most recent call last):
        ...
        homegame.errors.ParseError: a damaged hand history: stacks[1]: must be a whole number, not inf
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ParseError(f"not a homegame hand history (its format must be {FORMAT!r})")
        try:
            name = _field(data, "game", str)
            if game is None:
                game = from_catalogue(name, otherwise=OWN_GAME)
            elif game.name != name:
                raise ParseError(f"game: the hand is of {name[:60]!r}, not of {game.name!r}, the game named")
            stacks = tuple(_field(data, "stacks", list, int))
            setup = Setup(
                game=game,
                stacks=stacks,
                button=_field(data, "button", int),
                stakes=Stakes(**_field(data, "stakes", dict, int)),
                options=tuple(game.option_values(_field(data, "options", dict)).items()),
                carried=_field(data, "carried", int),
                run_it_twice=_field(data, "run_it_twice", bool) if "run_it_twice" in data else False,
            )
            chance = tuple(parse(order) for order in _field(data, "decks", list, str))
            actions = []
            for index, pair in enumerate(_field(data, "actions", list, list)):
                if len(pair) != 2 or type(pair[0]) is not int or not isinstance(pair[1], str):
                    raise ParseError(f"actions[{index}]: must be [seat, action], not {pair!r:.60}")
                actions.append((pair[0], parse_action(pair[1])))
            played = data.get("names") or [f"seat {seat + 1}" for seat in range(len(stacks))]
            if not isinstance(played, list) or not all(isinstance(one, str) and len(one) <= 64 for one in played):
                raise ParseError("names: must be a list of names (64 characters at most)")
            if len(played) != len(stacks):
                raise ParseError(f"names: one a seat ({len(stacks)}), not {len(played)}")
            mix = data.get("mix")
            if mix is not None and mix not in mix_names():  # a name only: a file never chooses a path
                raise ParseError(f"mix: no mixed game {str(mix)[:60]!r} in the catalogue")
        except (TypeError, ValueError) as error:
            raise ParseError(f"a damaged hand history: {error}") from None
        history = History(setup, chance, tuple(actions))
        _replayed(history)
        return cls(history, tuple(played), mix)

    def save(self, directory: Path, number: int) -> Path:
        """Write the record as ``DIR/hand-NNNN-GAME.json`` (the first free number from ``number``);
        returns the path."""
        path = free_path(directory, number, self.history.setup.game.name, "json")
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return path

    @classmethod
    def read(cls, path: Path, game: Game | None = None) -> Record:
        """The record in a file written by :meth:`save` (``game``: the document of a game outside the
        catalogue, named by the user)."""
        try:
            with path.open("rb") as file:
                data = file.read(MAX_SIZE + 1)
        except OSError as error:
            raise ParseError(f"cannot read {path}: {error.strerror}") from None
        if len(data) > MAX_SIZE:
            raise ParseError(f"{path}: more than {MAX_SIZE} bytes, too big for a hand history")
        try:
            return cls.from_json(json.loads(data.decode("utf-8")), game)
        except UnicodeDecodeError as error:
            raise ParseError(f"{path}: byte {error.start + 1}: not UTF-8 text") from None
        except (json.JSONDecodeError, RecursionError) as error:
            raise ParseError(
                f"{path}: not JSON: {error} (a hand saved by homegame play --history --full is JSON; "
                "PHH files replay with homegame history replay)"
            ) from None
        except ParseError as error:
            raise ParseError(f"{path}: {error}") from None


def _replayed(history: History) -> None:
    """Refuse a history whose deck orders or actions cannot be replayed, naming the one at fault."""
    try:
        hand = Hand.from_setup(history.setup, Chance(random.Random(0), history.chance))
    except ValueError as error:
        raise ParseError(f"a damaged hand history: decks: {error}") from None
    for index, (seat, action) in enumerate(history.actions):
        try:
            hand.act(seat, action)
        except ValueError as error:
            raise ParseError(f"a damaged hand history: actions[{index}]: {error}") from None


def _field(data: dict[str, Any], name: str, kind: type[T], item: type | None = None) -> T:
    """The field ``name`` of ``data``: a ``kind`` (of ``item`` values, for a list or a table)."""
    value = data.get(name)
    _check(value, kind, name)
    if item is not None:
        entries = value.items() if isinstance(value, dict) else enumerate(cast(list[Any], value))
        for key, one in entries:
            _check(one, item, f"{name}[{key!r}]" if isinstance(value, dict) else f"{name}[{key}]")
    return cast(T, value)


def _check(value: object, kind: type, where: str) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        wanted = {int: "a whole number", str: "text", list: "a list", dict: "a table"}.get(kind, kind.__name__)
        raise ParseError(f"{where}: must be {wanted}, not {value!r:.60}")


def free_path(directory: Path, number: int, game: str, suffix: str) -> Path:
    """``DIR/hand-NNNN-GAME.SUFFIX`` with the first number from ``number`` that no file has (the
    folder made if need be): a session never writes over an earlier one's hands.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "hand-0001-razz.phh").write_text("")
    >>> free_path(folder, 1, "razz", "phh").name
    'hand-0002-razz.phh'
    """
    directory.mkdir(parents=True, exist_ok=True)
    while (directory / f"hand-{number:04d}-{game}.{suffix}").exists():
        number += 1
    return directory / f"hand-{number:04d}-{game}.{suffix}"
