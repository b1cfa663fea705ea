"""Actions: what a player says at the table, as typed values, and the legal-action descriptors.

Each action is a small frozen value named for what players say, with its amount
semantics in the name: ``RaiseTo(60)`` means "my bet this round is now 60 in
all", never "60 more". ``str()`` is the notation used in histories and on the
command line, and :func:`parse_action` reads it back.

>>> print(RaiseTo(60), Draw(parse("Kc 2d")), Declare("both"), Fold())
raise_to 60 draw Kc 2d declare both fold
>>> parse_action("raise_to 60") == RaiseTo(60)
True

A :class:`Legal` descriptor says what a seat may do now, with bounds, so a
screen or a bot never guesses:

>>> legal = Legal(kind="raise_to", min=40, max=200)
>>> legal.check(RaiseTo(30))
Traceback (most recent call last):
...
homegame.errors.IllegalActionError: raise_to 30: the amount must be 40..200
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, format_cards, parse
from homegame.errors import IllegalActionError, ParseError

__all__ = [
    "Action",
    "BetTo",
    "BringIn",
    "Buy",
    "Call",
    "Check",
    "Complete",
    "Declare",
    "Decline",
    "Discard",
    "Draw",
    "Fold",
    "Keep",
    "Legal",
    "Pass",
    "Place",
    "Push",
    "RaiseTo",
    "Roll",
    "Split",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; ``kind`` is its name in notation and in :class:`Legal`."""

    kind: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Give up the hand and any claim to the pot."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True)
class Check(Action):
    """Pass without betting (only when there is nothing to call)."""

    kind: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Match the current bet (or put in all one has: an all-in call)."""

    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class BringIn(Action):
    """Stud: the forced low card opens for the bring-in amount instead of completing."""

    kind: ClassVar[str] = "bring_in"


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Stud: raise the bring-in to a full bet."""

    kind: ClassVar[str] = "complete"


@dataclass(frozen=True, slots=True)
class BetTo(Action):
    """Open the betting: this round's bet becomes ``amount``."""

    kind: ClassVar[str] = "bet_to"
    amount: int

    def __str__(self) -> str:
        return f"bet_to {self.amount}"


@dataclass(frozen=True, slots=True)
class RaiseTo(Action):
    """Raise: this round's bet becomes ``amount`` in all."""

    kind: ClassVar[str] = "raise_to"
    amount: int

    def __str__(self) -> str:
        return f"raise_to {self.amount}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Discard ``cards`` (possibly none: "standing pat") and be dealt as many new ones."""

    kind: ClassVar[str] = "draw"
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"draw {format_cards(self.cards)}".rstrip()


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Declare which way one plays for the pot: ``high``, ``low`` or ``both``."""

    kind: ClassVar[str] = "declare"
    side: str

    def __str__(self) -> str:
        return f"declare {self.side}"


@dataclass(frozen=True, slots=True)
class _Cards(Action):
    """An action naming some of the player's cards."""

    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.cards)}".rstrip()


@dataclass(frozen=True, slots=True)
class Discard(_Cards):
    """Throw ``cards`` away without replacement (Pineapple, Shanghai; insurance in Push)."""

    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Roll(_Cards):
    """Turn ``cards`` from down to up (roll your own, Mexican stud, The Option, Anaconda's roll-up)."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Pass(_Cards):
    """Pass ``cards`` to another player, as the step says (Anaconda: to the left)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy ``item``, one of the offered choices, at its price (a store card, the Option, a twist card)."""

    kind: ClassVar[str] = "buy"
    item: str

    def __str__(self) -> str:
        return f"buy {self.item}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse what is offered (do not buy)."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Push: keep the up card just dealt."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Push(Action):
    """Push: pass the up card just dealt to the next player and buy a replacement."""

    kind: ClassVar[str] = "push"


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Divide one's cards into hands, strongest first (Pi Gow stud's five and two; Chinese poker's rows)."""

    kind: ClassVar[str] = "split"
    hands: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "split " + " / ".join(format_cards(hand) for hand in self.hands)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put ``card`` into the row or column named ``row`` (Five-O)."""

    kind: ClassVar[str] = "place"
    card: Card
    row: str

    def __str__(self) -> str:
        return f"place {self.card} {self.row}"


_SIMPLE: dict[str, Action] = {
    action.kind: action for action in (Fold(), Check(), Call(), BringIn(), Complete(), Decline(), Keep(), Push())
}
_CARD_ACTIONS: dict[str, type[_Cards]] = {kind.kind: kind for kind in (Discard, Roll, Pass)}


def parse_action(text: str) -> Action:
    """Read an action from its notation: ``fold``, ``call``, ``raise_to 60``, ``draw Kc 2d``, ``declare low``.

    >>> parse_action("draw") == Draw(())
    True
    >>> parse_action("shove")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: 'shove' is not an action (fold, check, call, ...)
    """
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if word in _SIMPLE and not rest:
        return _SIMPLE[word]
    if word in ("bet_to", "raise_to") and rest.isdigit():
        return BetTo(int(rest)) if word == "bet_to" else RaiseTo(int(rest))
    if word == "draw":
        return Draw(parse(rest))
    if word in _CARD_ACTIONS:
        return _CARD_ACTIONS[word](parse(rest))
    if word in ("declare", "buy") and rest:
        return Declare(rest) if word == "declare" else Buy(rest)
    if word == "split" and rest:
        return Split(tuple(parse(part) for part in rest.split("/")))
    if word == "place" and len(rest.split()) == 2:
        card, row = rest.split()
        return Place(Card.parse(card), row)
    known = ", ".join(_SIMPLE) + ", bet_to N, raise_to N, draw/discard/roll/pass CARDS, declare SIDE, buy ITEM"
    known += ", split CARDS / CARDS, place CARD ROW"
    raise ParseError(f"{text!r} is not an action ({known})", token=text)


@dataclass(frozen=True, slots=True, kw_only=True)
class Legal:
    """One kind of action a seat may take now, with its bounds.

    - ``fold``, ``check``: no bounds.
    - ``call``, ``bring_in``, ``complete``: ``min == max``, the chips the action
      puts in (``call``) or the round's bet it makes (``bring_in``, ``complete``).
    - ``bet_to``, ``raise_to``: the round's bet may become any amount ``min..max``.
    - ``draw``, ``discard``, ``roll``, ``pass``: name ``min..max`` of ``cards`` (a draw whose new cards are
      bought, as in Countdown, gives the price of one card in ``amounts``).
    - ``declare``: one of ``choices``.
    - ``buy``: one of ``choices``, each at the price in ``amounts`` (same order).
    - ``split``: divide ``cards`` into hands of ``sizes`` (strongest first); when the step allows
      only some splits, ``choices`` lists every one of them in notation (``As Ks 9d 7c 2h / Ac 3d``).
    - ``place``: put one of ``cards`` into one of the rows named in ``choices``.
    - ``decline``, ``keep``, ``push``: no bounds.
    """

    kind: str
    min: int = 0
    max: int = 0
    choices: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    amounts: tuple[int, ...] = ()
    sizes: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind in ("bet_to", "raise_to"):
            return f"{self.kind} {self.min}" if self.min == self.max else f"{self.kind} {self.min}..{self.max}"
        if self.kind in ("call", "bring_in", "complete"):
            return f"{self.kind} {self.min}"
        if self.kind in ("draw", "discard", "roll", "pass"):
            count = str(self.min) if self.min == self.max else f"{self.min}..{self.max}"
            return f"{self.kind} {count} of {format_cards(self.cards)}"
        if self.kind == "declare":
            return f"declare {'/'.join(self.choices)}"
        if self.kind == "buy":
            return "buy " + "/".join(
                f"{item} ({price})" for item, price in zip(self.choices, self.amounts, strict=True)
            )
        if self.kind == "split":
            return f"split {format_cards(self.cards)} into {'+'.join(map(str, self.sizes))}"
        if self.kind == "place":
            return f"place {format_cards(self.cards)} in {'/'.join(self.choices)}"
        return self.kind

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` (of this kind) is within the bounds."""
        if isinstance(action, BetTo | RaiseTo):
            if not self.min <= action.amount <= self.max:
                bounds = str(self.min) if self.min == self.max else f"{self.min}..{self.max}"
                raise IllegalActionError(f"{action}: the amount must be {bounds}")
        elif isinstance(action, Draw | _Cards):
            if not self.min <= len(action.cards) <= self.max:
                count = str(self.min) if self.min == self.max else f"{self.min}..{self.max}"
                raise IllegalActionError(f"{action}: name {count} cards, not {len(action.cards)}")
            self._own(action, action.cards)
        elif isinstance(action, Declare) and action.side not in self.choices:
            raise IllegalActionError(f"{action}: declare one of {', '.join(self.choices)}")
        elif isinstance(action, Buy) and action.item not in self.choices:
            raise IllegalActionError(f"{action}: buy one of {', '.join(self.choices)}")
        elif isinstance(action, Split):
            sizes = tuple(len(hand) for hand in action.hands)
            if sizes != self.sizes:
                wanted = " + ".join(map(str, self.sizes))
                raise IllegalActionError(f"{action}: split into {wanted} cards, not {' + '.join(map(str, sizes))}")
            cards = [card for hand in action.hands for card in hand]
            self._own(action, cards)
            if len(cards) != len(self.cards):
                raise IllegalActionError(f"{action}: every card must go into a hand")
        elif isinstance(action, Place):
            self._own(action, (action.card,))
            if action.row not in self.choices:
                raise IllegalActionError(f"{action}: place it in one of {', '.join(self.choices)}")

    def _own(self, action: Action, cards: Sequence[Card]) -> None:
        """Every named card must be one of ``self.cards``, each named once."""
        if len(set(cards)) != len(cards):
            raise IllegalActionError(f"{action}: a card is named twice")
        foreign = [card for card in cards if card not in self.cards]
        if foreign:
            raise IllegalActionError(f"{action}: {format_cards(foreign)} not among your cards")
