"""What a person types at the table, read against what the engine says is legal now.

Short forms, mapped onto the legal action descriptors whatever the game:

- ``f`` fold; ``c`` or ``k`` check or call (whichever is legal; in stud, bring in); ``b N`` or
  ``r N`` bet or raise so that your bet this round is N in all (``b``/``r``
  alone when the limit fixes the size; ``r`` completes in stud); ``a`` all in
  (the most you may bet or raise, else a call); ``bi`` bring in;
- ``d 1 3`` discard your cards number 1 and 3 and draw as many (``d`` alone,
  or ``pat``, stands pat; cards may be named too: ``d Kc 2d``), or just discard
  them where the game says so;
- a choice by its name or first letters: ``h``, ``l``, ``b`` (both) to declare;
- any action by its engine name, with numbers for your cards: ``raise_to 40``,
  ``roll 2``, ``pass 1 4 5``, ``buy card``, ``keep``, ``push``, ``decline``,
  ``split 1 2 3 4 5 / 6 7``, ``place 3 front`` (and kinds added later:
  ``KIND N`` / ``KIND 1 3`` / ``KIND CHOICE``);
- ``?`` help, ``t`` the table again, ``rules``, ``ledger``, ``q`` leave.

A command that makes no sense now raises :class:`CommandError`, whose message
says why and what may be done instead.

>>> from homegame.engine.actions import Legal
>>> legal = (Legal(kind="fold"), Legal(kind="call", min=2, max=2), Legal(kind="raise_to", min=4, max=100))
>>> print(read("c", legal), read("r 40", legal), read("a", legal), read("?", legal))
call raise_to 40 raise_to 100 help
>>> read("r 2", legal)
Traceback (most recent call last):
...
homegame.play.commands.CommandError: raise_to 2: the amount must be 4..100
>>> read("k 5", legal)
Traceback (most recent call last):
...
homegame.play.commands.CommandError: 'k' takes nothing after it
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from homegame.bots.choices import make
from homegame.cards import Card, format_cards, parse
from homegame.engine.actions import Action, Legal
from homegame.errors import IllegalActionError, ParseError, PokerError

__all__ = ["CommandError", "Meta", "read", "shortcuts"]


class Meta(StrEnum):
    """A command about the session rather than an action in the hand."""

    HELP = "help"
    TABLE = "table"
    RULES = "rules"
    LEDGER = "ledger"
    QUIT = "quit"


class CommandError(PokerError, ValueError):
    """A command that cannot be carried out now; the message says why and what may be done."""


_META = {
    "?": Meta.HELP,
    "help": Meta.HELP,
    "t": Meta.TABLE,
    "table": Meta.TABLE,
    "rules": Meta.RULES,
    "ledger": Meta.LEDGER,
    "q": Meta.QUIT,
    "quit": Meta.QUIT,
    "exit": Meta.QUIT,
}
_FOLD = ("f", "fold")
_PASSIVE = ("c", "k", "x", "call", "check")
_RAISE = ("b", "r", "bet", "raise", "complete", "comp")
_ALL_IN = ("a", "all", "allin", "all-in", "shove")
_BRING_IN = ("bi", "bring", "bring-in", "bring_in")
_DRAW = ("d", "draw", "discard")
_PAT = ("p", "pat", "stand")
_RAISE_KINDS = ("bet_to", "raise_to", "complete")
_CARD_KINDS = ("draw", "discard", "roll", "pass")
_RESERVED = frozenset((*_FOLD, *_PASSIVE, *_RAISE, *_ALL_IN, *_BRING_IN, *_DRAW, *_PAT))
"""Short words that never pick a choice by its first letters (except ``b``, both, in a declaration)."""


def read(text: str, legal: Sequence[Legal]) -> Action | Meta:
    """The action (or session command) that ``text`` asks for, given the ``legal`` actions."""
    words = text.strip().split()
    if not words:
        raise CommandError(f"type what you do: {_menu(legal)} (? for help)")
    word, args = words[0].lower(), words[1:]
    if word in _META and not args:
        return _META[word]
    by_kind = {option.kind: option for option in legal}
    try:
        return _action(word, args, legal, by_kind)
    except (IllegalActionError, ParseError) as error:
        raise CommandError(str(error)) from None


def _action(word: str, args: list[str], legal: Sequence[Legal], by_kind: dict[str, Legal]) -> Action:
    chosen = _choice(word, args, legal)
    if chosen is not None:
        return chosen
    if word in by_kind:
        return _generic(by_kind[word], args)
    if word in _FOLD:
        _nothing_after(word, args)
        if "fold" in by_kind:
            return make(by_kind["fold"])
        raise CommandError(f"no need to fold: nobody has bet (you may {_menu(legal)})")
    if word in _PASSIVE:
        _nothing_after(word, args)
        found = by_kind.get("check") or by_kind.get("call") or by_kind.get("bring_in")
        if found is None:
            raise CommandError(f"you cannot check or call now (you may {_menu(legal)})")
        return make(found)
    if word in _RAISE or word in _ALL_IN:
        raising = next((by_kind[kind] for kind in _RAISE_KINDS if kind in by_kind), None)
        if raising is None:
            if word in _ALL_IN and "call" in by_kind:
                return make(by_kind["call"])
            raise CommandError(f"you cannot bet or raise now (you may {_menu(legal)})")
        if word in _ALL_IN:
            _nothing_after(word, args)
            return make(raising, amount=raising.max)
        amount = _amount(args, raising)
        if raising.min == raising.max and amount != raising.min:
            raise CommandError(f"the size is fixed: {shortcuts(raising)[0]} alone makes your bet {raising.min}")
        return make(raising, amount=amount)
    if word in _BRING_IN and "bring_in" in by_kind:
        _nothing_after(word, args)
        return make(by_kind["bring_in"])
    throwing = by_kind.get("draw") or by_kind.get("discard")
    if (word in _DRAW or (word in _PAT and "draw" in by_kind)) and throwing is not None:
        if word in _PAT:
            _nothing_after(word, args)
        return make(throwing, cards=_cards(args, throwing))
    raise CommandError(f"{word!r} is not something you can do now: you may {_menu(legal)} (? for help)")


def _nothing_after(word: str, args: list[str]) -> None:
    if args:
        raise CommandError(f"{word!r} takes nothing after it")


def _choice(word: str, args: list[str], legal: Sequence[Legal]) -> Action | None:
    """A choice typed alone (``h``), or after its kind's name (``declare high``, ``dec l``)."""
    for option in legal:
        if not option.choices or option.cards:
            continue
        if not args:
            matches = [choice for choice in option.choices if choice.lower().startswith(word)]
            shortcut = option.kind == "declare" or word not in _RESERVED
            if any(choice.lower() == word for choice in matches) or (len(matches) == 1 and shortcut):
                return make(option, choice=_pick(word, option.choices))
        elif len(args) == 1 and option.kind.startswith(word):
            return make(option, choice=_pick(args[0], option.choices))
    return None


def _generic(option: Legal, args: list[str]) -> Action:
    """Any kind by its engine name: ``KIND``, ``KIND N``, ``KIND 1 3`` or ``KIND CARDS``, ``KIND CHOICE``,
    ``KIND 1 CHOICE`` (a card and where it goes), ``KIND 1 2 3 4 5 / 6 7`` (hands, strongest first)."""
    if option.sizes:
        if not args:
            return make(option)
        parts = " ".join(args).split("/")
        return make(option, hands=[_cards(part.split(), option) for part in parts])
    if option.cards and option.choices:
        if len(args) != 2:
            raise CommandError(
                f"name a card and one of {', '.join(option.choices)}: e.g. {option.kind} 1 {option.choices[0]}"
            )
        return make(option, cards=_cards(args[:1], option), choice=_pick(args[1], option.choices))
    if option.choices:
        return make(option, choice=_pick(" ".join(args), option.choices) if args else None)
    if option.cards or option.kind in _CARD_KINDS:
        return make(option, cards=_cards(args, option))
    return make(option, amount=_amount(args, option) if args else None)


def _pick(typed: str, choices: Sequence[str]) -> str:
    """The choice ``typed`` names, in full or by its first letters."""
    typed = typed.lower()
    matches = [choice for choice in choices if choice.lower().startswith(typed)]
    exact = [choice for choice in matches if choice.lower() == typed]
    if exact or len(matches) == 1:
        return (exact or matches)[0]
    raise CommandError(f"{typed!r}: choose one of {', '.join(choices)}")


def _amount(args: list[str], option: Legal) -> int:
    """An amount: a whole number, ``min`` or ``max``; none when the size is fixed."""
    if not args:
        if option.min == option.max:
            return option.min
        raise CommandError(
            f"how much? your bet this round may become {option.min} to {option.max}: e.g. r {option.min}"
        )
    if len(args) == 1:
        word = args[0].lower()
        if word == "min":
            return option.min
        if word in ("max", "all"):
            return option.max
        if word.isdigit():
            return int(word)
    raise CommandError(f"{' '.join(args)!r} is not an amount (a whole number, min or max)")


def _cards(args: list[str], option: Legal) -> tuple[Card, ...]:
    """Cards by their numbers in ``option.cards`` (1 first; ``13`` is 1 and 3 when there is no card 13)
    or by notation."""
    pool = option.cards
    if all(arg.isdigit() for arg in args):
        numbers: list[int] = []
        for arg in args:
            numbers += [int(digit) for digit in arg] if int(arg) > len(pool) else [int(arg)]
        wrong = [number for number in numbers if not 1 <= number <= len(pool)]
        if wrong:
            listed = ", ".join(f"{index} {card.pretty}" for index, card in enumerate(pool, 1))
            raise CommandError(f"there is no card {wrong[0]}: your cards are {listed}")
        if len(set(numbers)) != len(numbers):
            raise CommandError("a card is named twice")
        return tuple(pool[number - 1] for number in numbers)
    cards = parse(" ".join(args))
    foreign = [card for card in cards if card not in pool]
    if foreign:
        raise CommandError(
            f"{format_cards(foreign, pretty=True)}: not among your cards {format_cards(pool, pretty=True)}"
        )
    return cards


def shortcuts(option: Legal) -> tuple[str, str]:
    """What to type for a legal action, and what it does, in words.

    >>> shortcuts(Legal(kind="raise_to", min=4, max=100))
    ('r N', 'raise to N, 4 to 100')
    >>> shortcuts(Legal(kind="declare", choices=("high", "low", "both")))
    ('h / l / b', 'declare high / low / both')
    """
    kind, low, high = option.kind, option.min, option.max
    fixed = low == high
    match kind:
        case "fold":
            return "f", "fold"
        case "check":
            return "k", "check"
        case "call":
            return "c", f"call {low}"
        case "bet_to":
            return ("b", f"bet {low}") if fixed else ("b N", f"bet N, {low} to {high}")
        case "raise_to":
            return ("r", f"raise to {low}") if fixed else ("r N", f"raise to N, {low} to {high}")
        case "complete":
            return "r", f"complete to {low}"
        case "bring_in":
            return "bi", f"bring in for {low}"
        case "draw":
            most = f"up to {high}" if low == 0 else f"{low} to {high}"
            return "d 1 3", f"discard cards by number ({most}) and draw as many; d alone stands pat"
        case "discard" | "roll" | "pass":
            count = str(low) if fixed else f"{low} to {high}"
            key = "d 1 3" if kind == "discard" else f"{kind} 1"
            return key, f"{kind} {count} of your cards, by number"
        case "split":
            sizes = " + ".join(map(str, option.sizes))
            return "split 1 2 3 4 5 / 6 7", f"split your cards by number into hands of {sizes}, strongest first"
    if option.cards and option.choices:
        return f"{kind} 1 {option.choices[0]}", f"{kind} one of your cards (by number) in {' / '.join(option.choices)}"
    if option.choices:
        prices = [f"{choice} ({price})" for choice, price in zip(option.choices, option.amounts, strict=False)]
        keys = " / ".join(_prefixes(option.choices)) if kind == "declare" else f"{kind} NAME"
        return keys, f"{kind} {' / '.join(prices if option.amounts else option.choices)}"
    if option.cards:
        return f"{kind} 1 3", f"{kind} {low} to {high} of your cards, by number"
    if low or high:
        return (f"{kind}", f"{kind} {low}") if fixed else (f"{kind} N", f"{kind} N, {low} to {high}")
    return kind, kind


def _prefixes(choices: Sequence[str]) -> list[str]:
    """The shortest prefix naming each choice alone."""
    keys = []
    for choice in choices:
        size = 1
        while size < len(choice) and sum(other.startswith(choice[:size]) for other in choices) > 1:
            size += 1
        keys.append(choice[:size])
    return keys


def _menu(legal: Sequence[Legal]) -> str:
    return ", ".join(f"{key} ({what})" for key, what in map(shortcuts, legal))
