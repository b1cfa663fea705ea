"""What a person types at the table, read against what the engine says is legal now.

Short forms, mapped onto the legal action descriptors whatever the game:

- ``f`` fold; ``k`` (or ``x``) check, and never anything else: facing a bet it says so;
  ``c`` call (or check when nothing is bet; in stud, bring in); ``b N`` or ``r N`` bet or
  raise so that your bet this round is N in all (``b``/``r`` alone when the limit fixes
  the size; ``r`` completes in stud), N a number, ``min``, ``max``, ``pot`` (a pot-sized
  bet or raise), ``half`` (half the pot) or ``2x`` (twice the bet you face); ``a`` all in
  (the most you may bet or raise, else a call); ``bi`` bring in;
- ``d 1 3`` discard your cards number 1 and 3 and draw as many (``d`` alone,
  or ``pat``, stands pat; cards may be named too: ``d Kc 2d``), or just discard
  them where the game says so;
- a choice by its name or first letters: ``h``, ``l``, ``b`` (both) to declare;
- any action by its engine name, with numbers for your cards: ``raise_to 40``,
  ``roll 2``, ``pass 1 4 5``, ``buy card``, ``keep``, ``push``, ``decline``,
  ``split 1 2 3 4 5 / 6 7``, ``place 3 front`` (and kinds added later:
  ``KIND N`` / ``KIND 1 3`` / ``KIND CHOICE``);
- ``?`` help, ``t`` the table again, ``rules``, ``ledger``, ``u`` undo your last action (while
  nobody else has acted since), ``q`` leave.

A command that makes no sense now raises :class:`CommandError`, whose message
says why and what may be done instead.

>>> from homegame.engine.actions import ActionKind, AmountLegal, PlainLegal
>>> fold, call = PlainLegal(ActionKind.FOLD), PlainLegal(ActionKind.CALL, chips=2)
>>> legal = (fold, call, AmountLegal(ActionKind.RAISE_TO, min=4, max=100))
>>> print(read("c", legal), read("r 40", legal), read("a", legal), read("?", legal))
call raise_to 40 raise_to 100 help
>>> print(read("r pot", legal, Sizing(pot_after_call=7, top=2)), read("r 2x", legal, Sizing(pot_after_call=7, top=2)))
raise_to 9 raise_to 4
>>> read("k", legal)
Traceback (most recent call last):
...
homegame.play.commands.CommandError: you face a bet: c calls 2, f folds (k only ever checks)
>>> read("r 2", legal)
Traceback (most recent call last):
...
homegame.play.commands.CommandError: the least raise is to 4; you can raise to 4..100
>>> read("k 5", legal)
Traceback (most recent call last):
...
homegame.play.commands.CommandError: 'k' takes nothing after it
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from homegame.bots.choices import strongest
from homegame.cards import Card, format_cards, parse
from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    CardsLegal,
    ChoiceLegal,
    DivideLegal,
    Legal,
    PlaceLegal,
    PlainLegal,
)
from homegame.errors import IllegalActionError, ParseError, PokerError

__all__ = ["CommandError", "Meta", "Sizing", "ordered", "read", "shortcuts"]


class Meta(StrEnum):
    """A command about the session rather than an action in the hand."""

    HELP = "help"
    TABLE = "table"
    RULES = "rules"
    LEDGER = "ledger"
    UNDO = "undo"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Sizing:
    """What the words ``pot``, ``half`` and ``2x`` are measured against: the pot once you call
    (``pot_after_call``) and the most anyone has bet this round (``top``)."""

    pot_after_call: int
    top: int

    def amount(self, word: str) -> int | None:
        """The round's bet a word names (``None``: not one of them): ``pot`` calls and raises by the
        pot, ``half`` by half of it, ``2x`` doubles the bet faced.

        >>> [Sizing(pot_after_call=30, top=10).amount(word) for word in ("pot", "half", "2x", "min")]
        [40, 25, 20, None]
        """
        if word == "pot":
            return self.top + self.pot_after_call
        if word == "half":
            return self.top + self.pot_after_call // 2
        if word in ("2x", "x2", "double") and self.top:
            return 2 * self.top
        return None


class CommandError(PokerError, ValueError):
    """A command that cannot be carried out now; the message says why and what may be done."""


_META = {
    "?": Meta.HELP,
    "help": Meta.HELP,
    "t": Meta.TABLE,
    "table": Meta.TABLE,
    "rules": Meta.RULES,
    "ledger": Meta.LEDGER,
    "u": Meta.UNDO,
    "undo": Meta.UNDO,
    "q": Meta.QUIT,
    "quit": Meta.QUIT,
    "exit": Meta.QUIT,
}
_FOLD = ("f", "fold")
_PASSIVE = ("c", "call")
_CHECK = ("k", "x", "check")
_RAISE = ("b", "r", "bet", "raise", "complete", "comp")
_ALL_IN = ("a", "all", "allin", "all-in", "shove")
_BRING_IN = ("bi", "bring", "bring-in", "bring_in")
_DRAW = ("d", "draw", "discard")
_PAT = ("p", "pat", "stand")
_RAISE_KINDS = (ActionKind.BET_TO, ActionKind.RAISE_TO, ActionKind.COMPLETE)
_KINDS = {kind.value: kind for kind in ActionKind}
_RESERVED = frozenset((*_FOLD, *_PASSIVE, *_CHECK, *_RAISE, *_ALL_IN, *_BRING_IN, *_DRAW, *_PAT))
"""Short words that never pick a choice by its first letters (except ``b``, both, in a declaration)."""


def read(text: str, legal: Sequence[Legal], sizing: Sizing | None = None) -> Action | Meta:
    """The action (or session command) that ``text`` asks for, given the ``legal`` actions (and the
    ``sizing`` that ``pot``, ``half`` and ``2x`` are measured against)."""
    words = text.strip().split()
    if not words:
        raise CommandError(f"type what you do: {_menu(legal)} (? for help)")
    word, args = words[0].lower(), words[1:]
    if word in _META and not args:
        return _META[word]
    by_kind = {option.kind: option for option in legal}
    try:
        return _action(word, args, legal, by_kind, sizing)
    except (IllegalActionError, ParseError) as error:
        raise CommandError(str(error)) from None


def _action(
    word: str, args: list[str], legal: Sequence[Legal], by_kind: dict[ActionKind, Legal], sizing: Sizing | None
) -> Action:
    chosen = _choice(word, args, legal)
    if chosen is not None:
        return chosen
    named = _KINDS.get(word)
    if named in by_kind and named is not ActionKind.CHECK:
        return _generic(by_kind[named], args, sizing)
    if word in _FOLD:
        _nothing_after(word, args)
        if ActionKind.FOLD in by_kind:
            return by_kind[ActionKind.FOLD].make()
        raise CommandError(f"no need to fold: nobody has bet (you may {_menu(legal)})")
    if word in _CHECK:
        _nothing_after(word, args)
        if ActionKind.CHECK in by_kind:
            return by_kind[ActionKind.CHECK].make()
        call = by_kind.get(ActionKind.CALL)
        if isinstance(call, PlainLegal):
            raise CommandError(f"you face a bet: c calls {call.chips}, f folds (k only ever checks)")
        raise CommandError(f"you cannot check now (you may {_menu(legal)})")
    if word in _PASSIVE:
        _nothing_after(word, args)
        found = by_kind.get(ActionKind.CHECK) or by_kind.get(ActionKind.CALL) or by_kind.get(ActionKind.BRING_IN)
        if found is None:
            raise CommandError(f"you cannot check or call now (you may {_menu(legal)})")
        return found.make()
    if word in _RAISE or word in _ALL_IN:
        return _raise(word, args, legal, by_kind, sizing)
    if word in _BRING_IN and ActionKind.BRING_IN in by_kind:
        _nothing_after(word, args)
        return by_kind[ActionKind.BRING_IN].make()
    throwing = by_kind.get(ActionKind.DRAW) or by_kind.get(ActionKind.DISCARD)
    if (word in _DRAW or (word in _PAT and ActionKind.DRAW in by_kind)) and isinstance(throwing, CardsLegal):
        if word in _PAT:
            _nothing_after(word, args)
        return throwing.make(_cards(args, throwing.cards))
    raise CommandError(f"{word!r} is not something you can do now: you may {_menu(legal)} (? for help)")


def _raise(
    word: str, args: list[str], legal: Sequence[Legal], by_kind: dict[ActionKind, Legal], sizing: Sizing | None
) -> Action:
    """Bet, raise or complete (``b N``, ``r``), or go all in (``a``: else a call)."""
    raising = next((by_kind[kind] for kind in _RAISE_KINDS if kind in by_kind), None)
    if raising is None:
        if word in _ALL_IN and ActionKind.CALL in by_kind:
            return by_kind[ActionKind.CALL].make()
        raise CommandError(f"you cannot bet or raise now (you may {_menu(legal)})")
    if not isinstance(raising, AmountLegal):  # a completion: its size is fixed
        _nothing_after(word, args)
        return raising.make()
    if word in _ALL_IN:
        _nothing_after(word, args)
        return raising.make(raising.max)
    amount = _amount(args, raising, sizing)
    if raising.min == raising.max and amount != raising.min:
        raise CommandError(f"the size is fixed: {shortcuts(raising)[0]} alone makes your bet {raising.min}")
    return _sized(raising, amount)


def _nothing_after(word: str, args: list[str]) -> None:
    if args:
        raise CommandError(f"{word!r} takes nothing after it")


def _choice(word: str, args: list[str], legal: Sequence[Legal]) -> Action | None:
    """A choice typed alone (``h``), or after its kind's name (``declare high``, ``dec l``)."""
    for option in legal:
        if not isinstance(option, ChoiceLegal):
            continue
        if not args:
            matches = [choice for choice in option.choices if choice.lower().startswith(word)]
            shortcut = option.kind is ActionKind.DECLARE or word not in _RESERVED
            if any(choice.lower() == word for choice in matches) or (len(matches) == 1 and shortcut):
                return option.make(_pick(word, option.choices))
        elif len(args) == 1 and option.kind.startswith(word):
            return option.make(_pick(args[0], option.choices))
    return None


def _generic(option: Legal, args: list[str], sizing: Sizing | None = None) -> Action:
    """Any kind by its engine name: ``KIND``, ``KIND N``, ``KIND 1 3`` or ``KIND CARDS``, ``KIND CHOICE``,
    ``KIND 1 CHOICE`` (a card and where it goes), ``KIND 1 2 3 4 5 / 6 7`` (hands, strongest first)."""
    if isinstance(option, DivideLegal):
        if not args:
            return strongest(option)
        parts = " ".join(args).split("/")
        return option.make([_cards(part.split(), option.cards) for part in parts])
    if isinstance(option, PlaceLegal):
        if len(args) != 2:
            raise CommandError(
                f"name a card and one of {', '.join(option.rows)}: e.g. {option.kind} 1 {option.rows[0]}"
            )
        return option.make(_cards(args[:1], option.cards)[0], _pick(args[1], option.rows))
    if isinstance(option, ChoiceLegal):
        return option.make(_pick(" ".join(args), option.choices) if args else None)
    if isinstance(option, CardsLegal):
        return option.make(_cards(args, option.cards))
    if isinstance(option, AmountLegal):
        return _sized(option, _amount(args, option, sizing)) if args else option.make()
    _nothing_after(option.kind, args)
    return option.make()


def _pick(typed: str, choices: Sequence[str]) -> str:
    """The choice ``typed`` names, in full or by its first letters."""
    typed = typed.lower()
    matches = [choice for choice in choices if choice.lower().startswith(typed)]
    exact = [choice for choice in matches if choice.lower() == typed]
    if exact or len(matches) == 1:
        return (exact or matches)[0]
    raise CommandError(f"{typed!r}: choose one of {', '.join(choices)}")


_SIZED = {ActionKind.BET_TO: ("bet", ""), ActionKind.RAISE_TO: ("raise", "to ")}
"""What a player calls each amount kind, and the word before its amount: a bet of 4, a raise to 8."""


def _sized(option: AmountLegal, amount: int) -> Action:
    """The bet or raise to ``amount``, or a :class:`CommandError` saying in a player's words which
    amounts ``option`` allows (from its bounds, not the engine's message).

    >>> raising = AmountLegal(ActionKind.RAISE_TO, min=4, max=100)
    >>> for amount in (3, 101):
    ...     try:
    ...         _sized(raising, amount)
    ...     except CommandError as error:
    ...         print(error)
    the least raise is to 4; you can raise to 4..100
    the biggest raise is to 100; you can raise to 4..100
    >>> _sized(AmountLegal(ActionKind.BET_TO, min=2, max=4, step=2), 3)
    Traceback (most recent call last):
    ...
    homegame.play.commands.CommandError: bets go by 2; you can bet 2..4 by 2
    """
    try:
        return option.make(amount)
    except IllegalActionError:
        pass  # told from the bounds below
    noun, to = _SIZED.get(option.kind, (option.kind.value, ""))
    allowed = f"you can {noun} {to}{option.min}..{option.max}" + (f" by {option.step}" if option.step else "")
    if amount < option.min:
        raise CommandError(f"the least {noun} is {to}{option.min}; {allowed}")
    if amount > option.max:
        raise CommandError(f"the biggest {noun} is {to}{option.max}; {allowed}")
    raise CommandError(f"{noun}s go by {option.step}; {allowed}")


def _amount(args: list[str], option: AmountLegal, sizing: Sizing | None = None) -> int:
    """An amount: a whole number, ``min``, ``max``, or ``pot``, ``half``, ``2x`` (measured by ``sizing``,
    then kept within the bounds); none when the size is fixed."""
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
        sized = sizing.amount(word) if sizing is not None else None
        if sized is not None:
            return max(option.min, min(option.max, sized))
    raise CommandError(f"{' '.join(args)!r} is not an amount (a whole number, min, max, pot, half or 2x)")


def ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards as a player holds them in a fan: jokers, then high to low, suits together within a rank;
    the screen numbers a player's cards in this order and the commands read the numbers the same way.

    >>> print(*ordered(parse("3c Kd Jk As 3h")))
    Jk As Kd 3h 3c
    """
    return tuple(sorted(cards, key=lambda card: (-(card.rank or 99), -(card.suit or 0), card.code)))


def _cards(args: list[str], pool: Sequence[Card]) -> tuple[Card, ...]:
    """Cards by their numbers in ``pool`` as the screen shows it (:func:`ordered`; 1 first; ``13``
    is 1 and 3 when there is no card 13) or by notation."""
    pool = ordered(pool)
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

    >>> shortcuts(AmountLegal(ActionKind.RAISE_TO, min=4, max=100))
    ('r N', 'raise to N, 4 to 100')
    >>> from homegame.engine.actions import ChoiceLegal
    >>> shortcuts(ChoiceLegal(ActionKind.DECLARE, ("high", "low", "both")))
    ('h / l / b', 'declare high / low / both')
    >>> shortcuts(DivideLegal(ActionKind.SPLIT, parse("As Kd Qh Jc 9s 8d 7h 6c 5s 4d 3h 2c Ah"), sizes=(5, 5, 3)))[0]
    'split 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13'
    """
    kind = option.kind
    match option:
        case PlainLegal(chips=chips):
            key, what = _PLAIN_KEYS.get(kind, (kind.value, kind.value))
            return key, what.format(chips=chips)
        case AmountLegal(min=low, max=high):
            word = {ActionKind.BET_TO: "bet", ActionKind.RAISE_TO: "raise to"}.get(kind, kind.value)
            key = "b" if kind is ActionKind.BET_TO else "r" if kind is ActionKind.RAISE_TO else kind.value
            return (key, f"{word} {low}") if low == high else (f"{key} N", f"{word} N, {low} to {high}")
        case CardsLegal(min=low, max=high) if kind is ActionKind.DRAW:
            most = f"up to {high}" if low == 0 else f"{low} to {high}"
            return "d 1 3", f"discard cards by number ({most}) and draw as many; d alone stands pat"
        case CardsLegal(min=low, max=high):
            count = str(low) if low == high else f"{low} to {high}"
            key = "d 1 3" if kind is ActionKind.DISCARD else f"{kind} 1"
            return key, f"{kind} {count} of your cards, by number"
        case DivideLegal(sizes=sizes):
            hands = " + ".join(map(str, sizes))
            numbers = iter(range(1, sum(sizes) + 1))
            example = " / ".join(" ".join(str(next(numbers)) for _ in range(size)) for size in sizes)
            return f"split {example}", f"split your cards by number into hands of {hands}, strongest first"
        case PlaceLegal(rows=rows):
            return f"{kind} 1 {rows[0]}", f"{kind} one of your cards (by number) in {' / '.join(rows)}"
        case ChoiceLegal(choices=choices, prices=prices):
            named = [f"{choice} ({option.price(choice)})" if prices else choice for choice in choices]
            keys = " / ".join(_prefixes(choices)) if kind is ActionKind.DECLARE else f"{kind} NAME"
            return keys, f"{kind} {' / '.join(named)}"
    return kind.value, kind.value


_PLAIN_KEYS = {
    ActionKind.FOLD: ("f", "fold"),
    ActionKind.CHECK: ("k", "check"),
    ActionKind.CALL: ("c", "call {chips}"),
    ActionKind.COMPLETE: ("r", "complete to {chips}"),
    ActionKind.BRING_IN: ("bi", "bring in for {chips}"),
}
"""What to type for a plain action, and what it does (its chips filled in)."""


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
    """What may be typed, briefly (the screen's menu says what each does)."""
    return " / ".join(dict.fromkeys(shortcuts(option)[0] for option in legal))
