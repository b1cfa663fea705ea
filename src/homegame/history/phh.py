"""PHH documents: the TOML-based Poker Hand History standard, read and written.

A PHH file (``.phh``) holds one hand as TOML fields; a ``.phhs`` file holds several, each a
table (``[1]``, ``[2]``...) in file order. The required fields say the variant (a code such as
``NT``, no-limit Texas hold'em), the forced bets and bet sizes, the starting stacks of the
players ``p1``..``pN`` (clockwise from the button's left: in button games the last player holds
the button), and the ``actions``, one string each:

- the dealer: ``d dh p1 AcKd`` (cards to a player; ``????`` when unknown), ``d db 7h8h9s`` (to
  the board);
- a player: ``p2 f`` (fold), ``p2 cc`` (check or call), ``p2 cbr 60`` (complete, bet or raise
  *to* 60 this round), ``p1 pb`` (post the bring-in), ``p3 sd Kc2d`` (discard those and draw as
  many; ``p3 sd``: stand pat), ``p3 sm AcKd`` (show at the showdown; ``p3 sm``: muck);
- ``# words`` is a comment (a no-op).

Fields beginning with an underscore are the writer's own; homegame's are listed in
:mod:`homegame.history`. Amounts are whole chips here; other programs may write decimals
(dollars and cents), which are read as :class:`~decimal.Decimal`.

>>> record = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
...                'starting_stacks = [200, 200]\\nactions = ["d dh p1 AcKd", "d dh p2 ????", "p2 f"]')
>>> record.variant, record.starting_stacks, record.actions[-1]
('NT', (200, 200), 'p2 f')
>>> print(dumps(record))
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = [
  "d dh p1 AcKd",
  "d dh p2 ????",
  "p2 f",
]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import tomli_w

from homegame.cards import Card
from homegame.engine.guard import MAX_CHIPS
from homegame.errors import ParseError

__all__ = [
    "Amount",
    "Entry",
    "Record",
    "amount",
    "dumps",
    "dumps_all",
    "format_phh_cards",
    "loads",
    "loads_all",
    "parse_phh_cards",
    "read_entries",
]

Amount = int | Decimal
"""A number of chips as a PHH file writes it: whole chips, or a decimal (``inf``: unknown)."""

_AMOUNTS = ("bring_in", "small_bet", "big_bet", "min_bet")
_LISTS = ("antes", "blinds_or_straddles", "starting_stacks")


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """One PHH hand: the required fields, and every other field as written (``extra``, in file order:
    ``finishing_stacks``, ``players``, the writer's ``_`` fields...)."""

    variant: str
    antes: tuple[Amount, ...]
    blinds_or_straddles: tuple[Amount, ...] | None = None
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    starting_stacks: tuple[Amount, ...]
    actions: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_fields(cls, data: Mapping[str, Any], where: str = "") -> Record:
        """A record from a parsed TOML table; :class:`~homegame.errors.ParseError` names a missing or bad field."""
        prefix = f"{where}: " if where else ""

        def amounts(name: str) -> tuple[Amount, ...] | None:
            value = data.get(name)
            if value is None:
                return None
            if not isinstance(value, list) or not all(_is_amount(item) for item in value):
                raise ParseError(f"{prefix}{name} must be a list of amounts, not {value!r:.60}", token=name)
            return tuple(value)

        for required in ("variant", "antes", "starting_stacks", "actions"):
            if required not in data:
                raise ParseError(f"{prefix}the field {required} is required", token=required)
        variant, actions = data["variant"], data["actions"]
        if not isinstance(variant, str):
            raise ParseError(f"{prefix}variant must be text, not {variant!r:.60}", token="variant")
        if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
            raise ParseError(f"{prefix}actions must be a list of texts", token="actions")
        for name in _AMOUNTS:
            if name in data and not _is_amount(data[name]):
                raise ParseError(f"{prefix}{name} must be an amount, not {data[name]!r:.60}", token=name)
        known = {"variant", "actions", *_AMOUNTS, *_LISTS}
        return cls(
            variant=variant,
            antes=amounts("antes") or (),
            blinds_or_straddles=amounts("blinds_or_straddles"),
            bring_in=data.get("bring_in"),
            small_bet=data.get("small_bet"),
            big_bet=data.get("big_bet"),
            min_bet=data.get("min_bet"),
            starting_stacks=amounts("starting_stacks") or (),
            actions=tuple(actions),
            extra={name: value for name, value in data.items() if name not in known},
        )

    def to_fields(self) -> dict[str, Any]:
        """The record as TOML-ready fields, in the standard's order."""
        data: dict[str, Any] = {"variant": self.variant, "antes": list(self.antes)}
        if self.blinds_or_straddles is not None:
            data["blinds_or_straddles"] = list(self.blinds_or_straddles)
        for name in _AMOUNTS:
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        data["starting_stacks"] = list(self.starting_stacks)
        data["actions"] = list(self.actions)
        data.update(self.extra)
        return data


MAX_PLACES = 6
"""The most decimal places an amount may have (millionths of the file's unit)."""


def _is_amount(value: object) -> bool:
    """True for an amount a hand can hold: whole chips or a decimal, ``0..MAX_CHIPS`` with at most
    ``MAX_PLACES`` places (``inf``, an unknown stack, too), never a number too big to count."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        return False
    if isinstance(value, Decimal) and value.is_infinite():
        return value > 0
    if isinstance(value, Decimal) and (value.is_nan() or not 0 <= value <= MAX_CHIPS):
        return False
    if isinstance(value, Decimal):
        exponent = value.normalize().as_tuple().exponent
        return isinstance(exponent, int) and exponent >= -MAX_PLACES
    return 0 <= value <= MAX_CHIPS


def amount(text: str) -> Amount:
    """An amount written in an action line (``cbr 60``, ``cbr 2.50``), bounded like every amount.

    >>> amount("60"), amount("2.50")
    (60, Decimal('2.5'))
    >>> amount("1e999999999")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: '1e999999999' is not an amount (0..1000000000000, at most 6 decimal places)
    """
    try:
        value = Decimal(text) if len(text) <= 40 else None
    except ArithmeticError:
        value = None
    if value is None or not value.is_finite() or not _is_amount(value):
        raise ParseError(
            f"{text[:40]!r} is not an amount (0..{MAX_CHIPS}, at most {MAX_PLACES} decimal places)", token=text
        )
    return int(value) if value == value.to_integral_value() else value.normalize()


def loads(text: str) -> Record:
    """One hand from the text of a ``.phh`` file."""
    return Record.from_fields(_toml(text))


def loads_all(text: str) -> list[Record]:
    """Every hand of a ``.phhs`` file in file order (a single-hand ``.phh`` text gives one)."""
    records = []
    for entry in read_entries(text):
        if entry.record is None:
            raise entry.error or ParseError(f"{entry.label}: cannot be read")
        records.append(entry.record)
    return records


@dataclass(frozen=True, slots=True)
class Entry:
    """One hand of a PHH file as read: its ``label`` (``[3]``; empty in a ``.phh`` file), the ``line``
    its table starts on, the line of each of its actions (0 where not found), and its record, or the
    :class:`ParseError` saying why it cannot be read."""

    label: str
    line: int
    record: Record | None = None
    error: ParseError | None = None
    lines: tuple[int, ...] = ()

    def line_of(self, action: int = 0) -> int:
        """The line of its action number ``action`` (1-based), or of the hand's table (``action`` 0,
        or an action not found).

        >>> Entry("[2]", 7, lines=(9, 10)).line_of(2), Entry("[2]", 7, lines=(9, 0)).line_of(2)
        (10, 7)
        """
        found = self.lines[action - 1] if 0 < action <= len(self.lines) else 0
        return found or self.line


def read_entries(text: str) -> list[Entry]:
    """Every hand of a PHH text, each read on its own (one hand's problems do not hide the others);
    a text that is not TOML at all, or holds no hand, raises :class:`ParseError` with its line.

    >>> [(entry.label, entry.line) for entry in read_entries('[1]\\nvariant = "NT"\\n\\n[2]\\nvariant = 3')]
    [('[1]', 1), ('[2]', 4)]
    >>> read_entries('name = "homegame"')
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: not a PHH file: it holds no hand (no table with a variant)
    """
    data = _toml(text)
    lines = text.splitlines()
    if "variant" in data:
        tables: list[tuple[str, int, Any]] = [("", 1, data)]
    else:
        headers = _headers(lines)
        tables = [(f"[{key}]", headers.get(key, 1), value) for key, value in data.items()]
    if not any(isinstance(value, dict) and "variant" in value for _, _, value in tables):
        raise ParseError("not a PHH file: it holds no hand (no table with a variant)")
    entries = []
    for label, line, value in tables:
        try:
            if not isinstance(value, dict):
                raise ParseError(f"{label}: a .phhs file holds one table per hand, not {value!r:.60}", token=label)
            record = Record.from_fields(value, label)
        except ParseError as error:
            entries.append(Entry(label, line, error=error))
        else:
            entries.append(Entry(label, line, record, lines=_action_lines(lines, line, record.actions)))
    return entries


_HEADER = re.compile(r"""\s*\[\s*(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*\]\s*(?:#.*)?""")


def _headers(lines: Sequence[str]) -> dict[str, int]:
    """Each table's name and the line its header is on (1-based)."""
    found: dict[str, int] = {}
    for number, text in enumerate(lines, 1):
        match = _HEADER.fullmatch(text)
        if match:
            found.setdefault(next(group for group in match.groups() if group is not None), number)
    return found


def _action_lines(lines: Sequence[str], start: int, actions: Sequence[str]) -> tuple[int, ...]:
    """The line of each action, found in order from the hand's first line (0: not found)."""
    found = []
    row, column = start - 1, 0
    for action in actions:
        at = 0
        for index in range(row, len(lines)):
            position = lines[index].find(action, column if index == row else 0)
            if position >= 0:
                row, column, at = index, position + len(action), index + 1
                break
        found.append(at)
    return tuple(found)


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        where = f", line {text.count(chr(10)) + 1}" if "at end of document" in str(error) else ""
        raise ParseError(f"not valid TOML: {error}{where}") from None
    except RecursionError:
        raise ParseError("not valid PHH: nested too deeply") from None


def dumps(record: Record) -> str:
    """The text of a ``.phh`` file (``actions`` one per line, for people)."""
    lines = []
    for name, value in record.to_fields().items():
        if name == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_value(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{_key(name)} = {_value(value)}")
    return "\n".join(lines)


def dumps_all(records: Iterable[Record]) -> str:
    """The text of a ``.phhs`` file: each hand a table ``[1]``, ``[2]``..."""
    return "\n\n".join(f"[{number}]\n{dumps(record)}" for number, record in enumerate(records, 1)) + "\n"


_SURROGATE = re.compile(r"[\ud800-\udfff]")
"""Half of a UTF-16 pair alone: no UTF-8 file can hold it."""


def _string(text: str) -> str:
    r"""``text`` as a TOML string, written by tomli-w (a control character escaped, as TOML requires:
    a name with U+007F made our files invalid), a lone surrogate as U+FFFD.

    >>> print(_string("del\x7fname"), _string("two\nlines"))
    "del\u007fname" "two\nlines"
    """
    return tomli_w.dumps({"v": _SURROGATE.sub("\ufffd", text)})[4:-1]


def _key(name: str) -> str:
    """A key, bare when TOML allows it, else quoted (by tomli-w)."""
    return tomli_w.dumps({_SURROGATE.sub("\ufffd", name): 0})[:-5]


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return "inf" if value.is_infinite() else format(value, "f")
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(str(key))} = {_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} in a PHH file")


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """Cards in PHH notation, two characters each without separators; ``??`` is an unknown card (``None``).

    >>> parse_phh_cards("AcTd??")
    (Card('Ac'), Card('Td'), None)
    """
    if len(text) % 2:
        raise ParseError(f"{text!r}: PHH cards are two characters each", token=text)
    pairs = [text[index : index + 2] for index in range(0, len(text), 2)]
    return tuple(None if pair == "??" else Card.parse(pair) for pair in pairs)


def format_phh_cards(cards: Sequence[Card | None]) -> str:
    """Cards in PHH notation (``None``: ``??``).

    >>> format_phh_cards([Card.parse("Ts"), None])
    'Ts??'
    """
    return "".join("??" if card is None else str(card) for card in cards)
