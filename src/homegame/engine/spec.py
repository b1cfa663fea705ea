"""Reading a game document's tables, reporting every problem with its location.

A :class:`Fields` wraps one TOML table (a step, the stakes, an option). Its
typed getters return the value or a default, and record a problem instead of
raising, so the loader can report everything wrong with a document at once.
Fields nobody asked for are reported by :meth:`Fields.finish`. A house rule a document
declares is an :class:`Option` (its values :data:`OptionValue`), here beside the reader so that
steps, games and hands all take it from this leaf module.

>>> problems = Problems("draw.toml")
>>> fields = Fields({"max": 9, "colour": "red"}, "steps[3]", problems)
>>> fields.integer("max", 3, low=0, high=5)
3
>>> fields.finish()
>>> print(*problems.items, sep="\\n")
draw.toml: steps[3].max: must be 0..5, not 9
draw.toml: steps[3].colour: unknown field (known: max)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from homegame.cards import Rank, suit_order
from homegame.engine.guard import MAX_CHIPS
from homegame.errors import ParseError

__all__ = ["Fields", "HouseRule", "Option", "OptionValue", "Problems"]

OptionValue = bool | int | str

_DIGITS = len(str(MAX_CHIPS))
_READERS: dict[str, Callable[[str], object]] = {"suit_order": suit_order}
"""The text house rules the engine reads as values of their own, with their readers."""

T = TypeVar("T")


class Problems:
    """The problems found in one document, each ``"source: location: message"``."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        """Record a problem at ``where`` (``steps[3].max``; empty for the whole document)."""
        self.items.append(f"{self.source}: {where}: {message}" if where else f"{self.source}: {message}")

    def __bool__(self) -> bool:
        return bool(self.items)


class Fields:
    """One table of a document being read, at location ``where``."""

    def __init__(self, data: Any, where: str, problems: Problems) -> None:
        if not isinstance(data, Mapping):
            problems.add(where, f"must be a table, not {_kind(data)}")
            data = {}
        self.data: Mapping[str, Any] = data
        self.where = where
        self.problems = problems
        self.asked: set[str] = set()

    def at(self, name: str) -> str:
        """The location of field ``name``."""
        return f"{self.where}.{name}" if self.where else name

    def problem(self, name: str, message: str) -> None:
        """Record a problem with field ``name``."""
        self.problems.add(self.at(name), message)

    def has(self, name: str) -> bool:
        """True when the table gives ``name`` (and marks it as read)."""
        self.asked.add(name)
        return name in self.data

    def raw(self, name: str) -> Any:
        """The field's value as written, or ``None``."""
        self.asked.add(name)
        return self.data.get(name)

    def _typed(self, name: str, default: T, kind: type, label: str) -> T:
        value = self.raw(name)
        if value is None:
            return default
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.problem(name, f"must be {label}, not {_kind(value)} {value!r}")
            return default
        return cast(T, value)

    def integer(self, name: str, default: int, *, low: int | None = None, high: int | None = None) -> int:
        """A whole number, optionally within ``low..high``."""
        value = self._typed(name, default, int, "a whole number")
        if name in self.data and value is not default and not _within(value, low, high):
            self.problem(name, f"must be {_bounds(low, high)}, not {value}")
            return default
        return value

    def boolean(self, name: str, default: bool) -> bool:
        """``true`` or ``false``."""
        return self._typed(name, default, bool, "true or false")

    def string(self, name: str, default: str, choices: Sequence[str] = ()) -> str:
        """Text, optionally one of ``choices``."""
        value = self._typed(name, default, str, "text")
        if choices and name in self.data and value not in choices:
            self.problem(name, f"must be one of {', '.join(choices)}, not {value!r}")
            return default
        return value

    def rank(self, name: str, default: Rank) -> Rank:
        """A card rank in notation (``Q``, ``T`` or ``10``, ``4``)."""
        text = self.string(name, default.symbol)
        try:
            return Rank.parse(text)
        except ParseError as error:
            self.problem(name, str(error))
            return default

    def strings(self, name: str, default: Sequence[str], choices: Sequence[str] = ()) -> tuple[str, ...]:
        """A list of texts, each optionally one of ``choices``."""
        value = self.raw(name)
        if value is None:
            return tuple(default)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            self.problem(name, f"must be a list of texts, not {value!r}")
            return tuple(default)
        for index, item in enumerate(value):
            if choices and item not in choices:
                self.problems.add(f"{self.at(name)}[{index}]", f"must be one of {', '.join(choices)}, not {item!r}")
        return tuple(item for item in value if not choices or item in choices)

    def tables(self, name: str) -> list[Fields]:
        """A list of tables (``[[steps]]``, ``contests = [{...}, ...]``), each at its own location."""
        value = self.raw(name)
        if value is None:
            return []
        if not isinstance(value, list):
            self.problem(name, f"must be a list of tables, not {_kind(value)}")
            return []
        return [Fields(item, f"{self.at(name)}[{index}]", self.problems) for index, item in enumerate(value)]

    def table(self, name: str) -> Fields:
        """A sub-table (empty when absent)."""
        return Fields(self.raw(name) or {}, self.at(name), self.problems)

    def finish(self) -> None:
        """Report every field that nobody read."""
        known = ", ".join(sorted(self.asked)) or "none"
        for name in self.data:
            if name not in self.asked:
                self.problem(name, f"unknown field (known: {known})")


def _within(value: int, low: int | None, high: int | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low}..{high}"
    return f">= {low}" if low is not None else f"<= {high}"


def _kind(value: Any) -> str:
    return {dict: "a table", list: "a list", str: "text", bool: "a boolean", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


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


R = TypeVar("R", bound=OptionValue)


@dataclass(frozen=True, slots=True)
class HouseRule(Generic[R]):
    """A house rule a step kind reads, declared once, typed, by the kind that owns it (listed in
    its ``house_rules``): its name, its type, the value a game that does not offer it plays, and
    what it means. A game document offers it as ``[options.NAME]``, which the loader checks
    against this declaration (:meth:`problem`); the step reads it with :meth:`read`, never as a
    string with a default of its own.

    >>> CAP = HouseRule("cap", int, 0, "bets and raises allowed in one round (0: no cap)")
    >>> CAP.read({"cap": 4}), CAP.read({})
    (4, 0)
    >>> CAP.problem(Option(name="cap", default="four", doc=""))
    'cap: must be a whole number, as the step that reads it declares'
    >>> HouseRule("odd_chip", str, "position", "", choices=("position", "suit")).problem(
    ...     Option(name="odd_chip", default="high", doc="", choices=("high",)))
    'odd_chip: high is not a choice of the house rule (position, suit)'
    """

    name: str
    type: type[R]
    default: R
    doc: str
    choices: tuple[str, ...] = ()
    """The values a text house rule may take (none: any the step checks itself)."""

    def read(self, options: Mapping[str, OptionValue], instead: R | None = None) -> R:
        """The rule in force under ``options`` (the hand's): the game's value, or the default
        (``instead``, when the step's own field gives the default: Baseball's extra card)."""
        value = options.get(self.name, self.default if instead is None else instead)
        if type(value) is not self.type:
            raise TypeError(f"house rule {self.name}={value!r} is not a {self.type.__name__}")
        return cast(R, value)

    def problem(self, option: Option) -> str:
        """Why a game document's ``option`` of this name does not fit the declaration, or ``""``."""
        if type(option.default) is not self.type:
            kind = {bool: "true or false", int: "a whole number"}.get(self.type, "text")
            return f"{self.name}: must be {kind}, as the step that reads it declares"
        wrong = [
            choice for choice in (*option.choices, str(option.default)) if self.choices and choice not in self.choices
        ]
        if wrong:
            return f"{self.name}: {wrong[0]} is not a choice of the house rule ({', '.join(self.choices)})"
        return ""
