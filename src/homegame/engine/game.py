"""A game: everything a game document says, validated, as one frozen value.

The loader (:mod:`homegame.games`) builds a :class:`Game` from TOML; the engine
plays it. A game holds no code of its own: its ``steps`` are instances of the
registered step kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from homegame.cards import DeckSpec, suit_order
from homegame.engine.betting import Betting, Stakes
from homegame.engine.guard import MAX_CHIPS
from homegame.engine.steps.base import Step
from homegame.errors import ParseError

__all__ = ["Family", "Game", "Option", "OptionValue"]

OptionValue = bool | int | str

_DIGITS = len(str(MAX_CHIPS))
_READERS: dict[str, Callable[[str], object]] = {"suit_order": suit_order}
"""The text house rules the engine reads as values of their own, with their readers."""


class Family(StrEnum):
    """Where a game sits among the variant families of rules document 004."""

    COMMUNITY = "community"
    STUD = "stud"
    DRAW = "draw"
    OTHER = "other"


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """A house rule a table may change: its name, default and what it means.

    >>> cap = Option(name="cap", default=4, doc="bets and raises allowed in one round")
    >>> cap.coerce("5"), cap.coerce(3)
    (5, 3)
    >>> Option(name="kill", default=False, doc="").coerce("yes")
    True

    A whole-number house rule is a count or a price: never negative, at most a trillion. A house
    rule the engine reads as a value of its own must be one (``suit_order``: a suit order):

    >>> cap.coerce(-20)
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: option cap=-20: must be a whole number 0..1000000000000
    >>> Option(name="suit_order", default="bridge", doc="").coerce("xyzw")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: option suit_order='xyzw': 'xyzw' is not a suit order (known: ...)

    A house rule the rules hold to a range refuses anything else, naming the range:

    >>> Option(name="insurance_price", default=10, doc="", bounds=(10, 20)).coerce(25)
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: option insurance_price=25: must be a whole number 10..20
    """

    name: str
    default: OptionValue
    doc: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    """The least and most a whole-number house rule may be, when the rules set them (Push's
    Insurance: "10 to 20 times higher than the lowest chip value")."""

    def coerce(self, value: object) -> OptionValue:
        """``value`` (typed, or text from a command line) as this option's type, or :class:`ParseError`."""
        default = self.default
        if isinstance(default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                return text in ("true", "yes", "on", "1")
        elif isinstance(default, int):
            text = value.strip() if isinstance(value, str) else ""
            if text.isascii() and text.isdigit() and len(text) <= _DIGITS:
                value = int(text)
            least, most = self.bounds or (0, MAX_CHIPS)
            if isinstance(value, int) and not isinstance(value, bool) and least <= value <= most:
                return value
        elif isinstance(value, int) and not isinstance(value, bool) and str(value) in self.choices:
            return str(value)  # a choice that is a number (the qualifier 8), given as one
        elif isinstance(value, str) and (not self.choices or value in self.choices):
            reader = _READERS.get(self.name)
            if reader is not None:
                try:
                    reader(value)
                except ValueError as error:
                    raise ParseError(f"option {self.name}={value!r}: {error}", token=value) from None
            return value
        wanted = (
            "true or false"
            if isinstance(default, bool)
            else "a whole number {}..{}".format(*(self.bounds or (0, MAX_CHIPS)))
            if isinstance(default, int)
            else f"one of {', '.join(self.choices)}"
            if self.choices
            else "text"
        )
        raise ParseError(f"option {self.name}={value!r}: must be {wanted}", token=str(value))


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """A validated game: identity, table size, deck, betting, stakes, house rules, rules text, steps."""

    name: str
    title: str
    family: Family
    aliases: tuple[str, ...] = ()
    players: tuple[int, int] = (2, 10)
    deck: DeckSpec = field(default_factory=DeckSpec)
    betting: Betting
    stakes: Stakes
    options: tuple[Option, ...] = ()
    rules: str = ""
    source: str | None = None
    steps: tuple[Step, ...]
    path: str = ""
    _variants: dict[tuple[tuple[str, OptionValue], ...], Game] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __repr__(self) -> str:
        """The call that loads the game: its catalogue name, or the document's path.

        >>> from homegame.games import load
        >>> load("holdem")
        load('holdem')
        """
        where = Path(self.path)
        catalogued = not self.path or (where.parent.name == "catalogue" and where.stem == self.name)
        return f"load({self.name if catalogued else self.path!r})"

    def option(self, name: str) -> Option | None:
        """The house-rule option called ``name``, if the game has it."""
        return next((option for option in self.options if option.name == name), None)

    def option_values(self, overrides: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The house rules in force: the defaults, changed by ``overrides`` (checked and typed).

        >>> from homegame.games import load
        >>> load("stud-declare").option_values({"cap": "5"})["cap"]
        5
        """
        values = {option.name: option.default for option in self.options}
        for name, value in (overrides or {}).items():
            option = self.option(name)
            if option is None:
                known = ", ".join(values) or "none"
                raise ParseError(f"{self.name} has no option {name!r} (known: {known})", token=name)
            values[name] = option.coerce(value)
        return values

    def under(self, options: Mapping[str, OptionValue]) -> Game:
        """The game as the house rules in force (``options``, all of them, as
        :meth:`option_values` gives them) play it: its steps made up anew where the rules change
        them (:meth:`~homegame.engine.steps.base.Step.under`), or the game itself.

        >>> from homegame.games import load
        >>> push = load("push")
        >>> push.under(push.option_values()) is push
        True
        >>> print(push.under(push.option_values({"low": "low-a5", "qualifier": 8})).steps[-1].describe())
        Showdown: the pot is shared between high (high, best-5), low (low-a5 qualifier=8, best-5).
        """
        key = tuple(options.items())
        game = self._variants.get(key)
        if game is None:
            steps = tuple(step.under(options) for step in self.steps)
            same = all(new is old for new, old in zip(steps, self.steps, strict=True))
            game = self if same else replace(self, steps=steps)
            self._variants[key] = game
        return game
