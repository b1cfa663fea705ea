"""Actions: what a player says at the table, as typed values, and the legal-action descriptors.

Each action is a small frozen value named for what players say, with its amount
semantics in the name: ``RaiseTo(60)`` means "my bet this round is now 60 in
all", never "60 more". Its :class:`ActionKind` is a closed set; ``str()`` is the
notation used in histories and on the command line, and :func:`parse_action`
reads it back (the only reader of that text, for history files and people).

>>> print(RaiseTo(60), Draw(parse("Kc 2d")), Declare("both"), Fold())
raise_to 60 draw Kc 2d declare both fold
>>> parse_action("raise_to 60") == RaiseTo(60)
True
>>> RaiseTo(60).kind
ActionKind.RAISE_TO

A legal-action descriptor says what a seat may do now, with its bounds, so a
screen or a bot never guesses. There is one descriptor per shape of decision
(its ``form``): a :class:`PlainLegal` action, an :class:`AmountLegal` within
bounds, :class:`CardsLegal` (name some of the given cards), a
:class:`ChoiceLegal` of named options, a :class:`DivideLegal` of cards into
hands, a :class:`PlaceLegal` of a card into a row. Each makes its action,
answers ``action in legal`` and draws a legal action at random:

>>> legal = AmountLegal(ActionKind.RAISE_TO, min=40, max=200)
>>> print(legal, legal.make(60), RaiseTo(30) in legal)
raise_to 40..200 raise_to 60 False
>>> legal.make(30)
Traceback (most recent call last):
...
homegame.errors.IllegalActionError: raise_to 30: the amount must be 40..200
>>> import random
>>> print(CardsLegal(ActionKind.DRAW, parse("As Kd 7c"), max=2).sample(random.Random(5)))
draw Kd 7c
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field
from enum import StrEnum
from typing import ClassVar

from homegame.cards import Card, format_cards, parse
from homegame.errors import IllegalActionError, ParseError

__all__ = [
    "ACTIONS",
    "DESCRIPTORS",
    "Action",
    "ActionKind",
    "AmountLegal",
    "BetTo",
    "BringIn",
    "Buy",
    "Call",
    "CardsLegal",
    "Check",
    "ChoiceLegal",
    "Complete",
    "Declare",
    "Decline",
    "Discard",
    "DivideLegal",
    "Draw",
    "Fold",
    "Hands",
    "Keep",
    "Legal",
    "Pass",
    "Place",
    "PlaceLegal",
    "PlainLegal",
    "Push",
    "RaiseTo",
    "Roll",
    "RunTwice",
    "Split",
    "parse_action",
    "parse_hands",
]

Hands = tuple[tuple[Card, ...], ...]
"""A division of cards into hands, strongest first (Pi Gow stud's five and two)."""


class ActionKind(StrEnum):
    """Every kind of action, by its name in notation (``raise_to``) and on the wire."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET_TO = "bet_to"
    RAISE_TO = "raise_to"
    DRAW = "draw"
    DISCARD = "discard"
    ROLL = "roll"
    PASS = "pass"
    DECLARE = "declare"
    BUY = "buy"
    DECLINE = "decline"
    KEEP = "keep"
    PUSH = "push"
    SPLIT = "split"
    PLACE = "place"
    RUN_TWICE = "run_twice"

    def __repr__(self) -> str:
        return f"ActionKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; ``kind`` is its name in notation and in the legal descriptors."""

    kind: ClassVar[ActionKind]

    def __str__(self) -> str:
        return self.kind.value


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Give up the hand and any claim to the pot."""

    kind: ClassVar[ActionKind] = ActionKind.FOLD


@dataclass(frozen=True, slots=True)
class Check(Action):
    """Pass without betting (only when there is nothing to call)."""

    kind: ClassVar[ActionKind] = ActionKind.CHECK


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Match the current bet (or put in all one has: an all-in call)."""

    kind: ClassVar[ActionKind] = ActionKind.CALL


@dataclass(frozen=True, slots=True)
class BringIn(Action):
    """Stud: the forced low card opens for the bring-in amount instead of completing."""

    kind: ClassVar[ActionKind] = ActionKind.BRING_IN


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Stud: raise the bring-in to a full bet."""

    kind: ClassVar[ActionKind] = ActionKind.COMPLETE


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse what is offered (do not buy)."""

    kind: ClassVar[ActionKind] = ActionKind.DECLINE


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Push: keep the up card just dealt."""

    kind: ClassVar[ActionKind] = ActionKind.KEEP


@dataclass(frozen=True, slots=True)
class Push(Action):
    """Push: pass the up card just dealt to the next player and buy a replacement."""

    kind: ClassVar[ActionKind] = ActionKind.PUSH


@dataclass(frozen=True, slots=True)
class RunTwice(Action):
    """Agree to run the rest of the board twice (the table's ``run_it_twice`` is ``ask``); to
    decline is :class:`Decline`."""

    kind: ClassVar[ActionKind] = ActionKind.RUN_TWICE


@dataclass(frozen=True, slots=True)
class _Amount(Action):
    """An action making this round's bet ``amount`` in all."""

    amount: int

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}"


@dataclass(frozen=True, slots=True)
class BetTo(_Amount):
    """Open the betting: this round's bet becomes ``amount``."""

    kind: ClassVar[ActionKind] = ActionKind.BET_TO


@dataclass(frozen=True, slots=True)
class RaiseTo(_Amount):
    """Raise: this round's bet becomes ``amount`` in all."""

    kind: ClassVar[ActionKind] = ActionKind.RAISE_TO


@dataclass(frozen=True, slots=True)
class _Cards(Action):
    """An action naming some of the player's cards."""

    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.cards)}".rstrip()


@dataclass(frozen=True, slots=True)
class Draw(_Cards):
    """Discard ``cards`` (possibly none: "standing pat") and be dealt as many new ones."""

    kind: ClassVar[ActionKind] = ActionKind.DRAW


@dataclass(frozen=True, slots=True)
class Discard(_Cards):
    """Throw ``cards`` away without replacement (Pineapple, Shanghai; insurance in Push)."""

    kind: ClassVar[ActionKind] = ActionKind.DISCARD


@dataclass(frozen=True, slots=True)
class Roll(_Cards):
    """Turn ``cards`` from down to up (roll your own, Mexican stud, The Option, Anaconda's roll-up)."""

    kind: ClassVar[ActionKind] = ActionKind.ROLL


@dataclass(frozen=True, slots=True)
class Pass(_Cards):
    """Pass ``cards`` to another player, as the step says (Anaconda: to the left)."""

    kind: ClassVar[ActionKind] = ActionKind.PASS


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Declare which way one plays for the pot: ``high``, ``low`` or ``both``."""

    kind: ClassVar[ActionKind] = ActionKind.DECLARE
    side: str

    def __str__(self) -> str:
        return f"declare {self.side}"

    @property
    def choice(self) -> str:
        """The option chosen (the side), as a :class:`ChoiceLegal` names it."""
        return self.side


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy ``item``, one of the offered choices, at its price (a store card, the Option, a twist card)."""

    kind: ClassVar[ActionKind] = ActionKind.BUY
    item: str

    def __str__(self) -> str:
        return f"buy {self.item}"

    @property
    def choice(self) -> str:
        """The option chosen (the item), as a :class:`ChoiceLegal` names it."""
        return self.item


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Divide one's cards into hands, strongest first (Pi Gow stud's five and two; Chinese poker's rows)."""

    kind: ClassVar[ActionKind] = ActionKind.SPLIT
    hands: Hands

    def __str__(self) -> str:
        return "split " + " / ".join(format_cards(hand) for hand in self.hands)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put ``card`` into the row or column named ``row`` (Five-O)."""

    kind: ClassVar[ActionKind] = ActionKind.PLACE
    card: Card
    row: str

    def __str__(self) -> str:
        return f"place {self.card} {self.row}"


_PLAIN: dict[ActionKind, Action] = {
    action.kind: action
    for action in (Fold(), Check(), Call(), BringIn(), Complete(), Decline(), Keep(), Push(), RunTwice())
}
_AMOUNTS: dict[ActionKind, type[_Amount]] = {kind.kind: kind for kind in (BetTo, RaiseTo)}
_CARDS: dict[ActionKind, type[_Cards]] = {kind.kind: kind for kind in (Draw, Discard, Roll, Pass)}
_CHOICES: dict[ActionKind, type[Declare | Buy]] = {kind.kind: kind for kind in (Declare, Buy)}
"""The kind-to-action mapping, once: every action of a kind is built from one of these."""
ACTIONS: dict[ActionKind, type[Action]] = {
    **{kind: type(action) for kind, action in _PLAIN.items()},
    **_AMOUNTS,
    **_CARDS,
    **_CHOICES,
    ActionKind.SPLIT: Split,
    ActionKind.PLACE: Place,
}
"""The action class of each kind."""
_KINDS: dict[str, ActionKind] = {kind.value: kind for kind in ActionKind}


def parse_action(text: str) -> Action:
    """Read an action from its notation: ``fold``, ``call``, ``raise_to 60``, ``draw Kc 2d``, ``declare low``.

    This reads history files and what people type; programs build actions from the legal
    descriptors (``legal.make(...)``).

    >>> parse_action("draw") == Draw(())
    True
    >>> parse_action("split As Ks / 2c 2d")
    Split(hands=((Card('As'), Card('Ks')), (Card('2c'), Card('2d'))))
    >>> parse_action("shove")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: 'shove' is not an action (fold, check, call, ...)
    """
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    kind = _KINDS.get(word)
    if kind in _PLAIN and not rest:
        return _PLAIN[kind]
    if kind in _AMOUNTS and rest.isdigit():
        return _AMOUNTS[kind](int(rest))
    if kind in _CARDS:
        return _CARDS[kind](parse(rest))
    if kind in _CHOICES and rest:
        return _CHOICES[kind](rest)
    if kind is ActionKind.SPLIT and rest:
        return Split(parse_hands(rest))
    if kind is ActionKind.PLACE and len(rest.split()) == 2:
        card, row = rest.split()
        return Place(Card.parse(card), row)
    known = ", ".join(_PLAIN) + ", bet_to N, raise_to N, draw/discard/roll/pass CARDS, declare SIDE, buy ITEM"
    known += ", split CARDS / CARDS, place CARD ROW"
    raise ParseError(f"{text!r} is not an action ({known})", token=text)


def _bounds(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}..{high}"


def _cards_repr(cards: Sequence[Card]) -> str:
    return f"parse({format_cards(cards)!r})"


@dataclass(frozen=True, slots=True)
class Legal(ABC):
    """One kind of action a seat may take now, with its bounds: the base of the descriptor family.

    ``form`` names the shape of the decision (``plain``, ``amount``, ``cards``, ``choice``,
    ``divide``, ``place``); every descriptor has :meth:`make` (its action, from the defaults or
    the given parts), ``action in legal``, :meth:`refusal` (why an action is not legal) and
    :meth:`sample` (a legal action drawn at random).
    """

    form: ClassVar[str]
    kind: ActionKind

    @abstractmethod
    def make(self) -> Action:
        """The action with every part at its default; each form takes the parts as arguments."""

    @abstractmethod
    def sample(self, rng: random.Random) -> Action:
        """A legal action drawn at random, each part uniformly within its bounds."""

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not allowed by this descriptor, or ``""`` when it is."""
        return "" if action.kind is self.kind else f"not a {self.kind} action"

    def check(self, action: Action) -> Action:
        """``action`` itself when it is legal, else :class:`IllegalActionError` saying why."""
        reason = self.refusal(action)
        if reason:
            raise IllegalActionError(f"{action}: {reason}")
        return action

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and not self.refusal(action)


@dataclass(frozen=True, slots=True)
class PlainLegal(Legal):
    """An action with nothing to choose: fold, check, decline, keep; and call, bring in, complete
    or push, with the ``chips`` it puts in (a push: the price of the replacement card).

    >>> legal = PlainLegal(ActionKind.CALL, chips=5)
    >>> print(legal, legal.make(), Call() in legal, Fold() in legal)
    call 5 call True False
    >>> legal
    PlainLegal(ActionKind.CALL, chips=5)
    """

    form: ClassVar[str] = "plain"
    _: KW_ONLY
    chips: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self.chips}" if self.chips else self.kind.value

    def __repr__(self) -> str:
        return f"PlainLegal({self.kind!r}, chips={self.chips})" if self.chips else f"PlainLegal({self.kind!r})"

    def make(self) -> Action:
        """The action."""
        return _PLAIN[self.kind]

    def sample(self, rng: random.Random) -> Action:
        """The action (there is nothing to draw)."""
        return _PLAIN[self.kind]


@dataclass(frozen=True, slots=True)
class AmountLegal(Legal):
    """Bet or raise: this round's bet may become any amount ``min..max`` (``min == max`` when the
    limit fixes it), or with a ``step`` only ``min``, ``min + step``... up to ``max`` (fixed limit
    where a bet may be the small or the big one: seven-card stud's open pair on fourth street).

    >>> legal = AmountLegal(ActionKind.BET_TO, min=10, max=10)
    >>> print(legal, legal.make())
    bet_to 10 bet_to 10
    >>> either = AmountLegal(ActionKind.BET_TO, min=5, max=10, step=5)
    >>> print(either, "/", either.refusal(BetTo(7)))
    bet_to 5..10 by 5 / the amount must be 5..10 by 5
    """

    form: ClassVar[str] = "amount"
    _: KW_ONLY
    min: int
    max: int
    step: int = 0

    def __str__(self) -> str:
        return f"{self.kind} {self._amounts()}"

    def __repr__(self) -> str:
        step = f", step={self.step}" if self.step else ""
        return f"AmountLegal({self.kind!r}, min={self.min}, max={self.max}{step})"

    def _amounts(self) -> str:
        return _bounds(self.min, self.max) + (f" by {self.step}" if self.step and self.min < self.max else "")

    def make(self, amount: int | None = None) -> Action:
        """The action making the round's bet ``amount`` (by default the least allowed)."""
        return self.check(_AMOUNTS[self.kind](self.min if amount is None else amount))

    def sample(self, rng: random.Random) -> Action:
        """An amount drawn uniformly among those allowed."""
        return _AMOUNTS[self.kind](rng.randrange(self.min, self.max + 1, self.step or 1))

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not allowed (its amount out of bounds, or another kind), or ``""``."""
        if action.kind is not self.kind:
            return f"not a {self.kind} action"
        assert isinstance(action, _Amount)
        allowed = self.min <= action.amount <= self.max and not (self.step and (action.amount - self.min) % self.step)
        return "" if allowed else f"the amount must be {self._amounts()}"


def _own(cards: Sequence[Card], pool: Sequence[Card]) -> str:
    """Why ``cards`` are not distinct cards among ``pool``, or ``""``."""
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    foreign = [card for card in cards if card not in pool]
    return f"{format_cards(foreign)} not among your cards" if foreign else ""


@dataclass(frozen=True, slots=True)
class CardsLegal(Legal):
    """Name ``min..max`` of ``cards``: draw (replacing them), discard, roll up or pass. A draw whose
    new cards are bought (Countdown) gives the ``price`` of each card in chips.

    >>> legal = CardsLegal(ActionKind.DISCARD, parse("As Kd 2c"), min=1, max=1)
    >>> print(legal, legal.make(), legal.make(parse("2c")))
    discard 1 of As Kd 2c discard As discard 2c
    >>> Discard(parse("As Kd")) in legal
    False
    >>> legal
    CardsLegal(ActionKind.DISCARD, parse('As Kd 2c'), min=1, max=1)
    """

    form: ClassVar[str] = "cards"
    cards: tuple[Card, ...]
    _: KW_ONLY
    min: int = 0
    max: int
    price: int = 0

    def __str__(self) -> str:
        each = f" at {self.price} each" if self.price else ""
        return f"{self.kind} {_bounds(self.min, self.max)} of {format_cards(self.cards)}{each}"

    def __repr__(self) -> str:
        price = f", price={self.price}" if self.price else ""
        return f"CardsLegal({self.kind!r}, {_cards_repr(self.cards)}, min={self.min}, max={self.max}{price})"

    def make(self, cards: Sequence[Card] | None = None) -> Action:
        """The action naming ``cards`` (by default the first ``min`` of the cards offered)."""
        return self.check(_CARDS[self.kind](self.cards[: self.min] if cards is None else tuple(cards)))

    def sample(self, rng: random.Random) -> Action:
        """A number of cards drawn uniformly within the bounds, then that many of the cards."""
        return _CARDS[self.kind](tuple(rng.sample(self.cards, rng.randint(self.min, self.max))))

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not allowed (too many or few cards, or cards not offered), or ``""``."""
        if action.kind is not self.kind:
            return f"not a {self.kind} action"
        assert isinstance(action, _Cards)
        if not self.min <= len(action.cards) <= self.max:
            noun = "card" if self.max == 1 else "cards"
            return f"name {_bounds(self.min, self.max)} {noun}, not {len(action.cards)}"
        return _own(action.cards, self.cards)


@dataclass(frozen=True, slots=True)
class ChoiceLegal(Legal):
    """Choose one of the named ``choices``: declare a side, or buy an item, each at its price in
    ``prices`` (in the order of ``choices``; empty when nothing has a price).

    >>> legal = ChoiceLegal(ActionKind.BUY, ("card", "option"), prices=(5, 10))
    >>> print(legal, legal.make(), legal.make("option"), legal.price("option"))
    buy card (5)/option (10) buy card buy option 10
    >>> print(ChoiceLegal(ActionKind.DECLARE, ("high", "low", "both")))
    declare high/low/both
    """

    form: ClassVar[str] = "choice"
    choices: tuple[str, ...]
    _: KW_ONLY
    prices: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.prices and len(self.prices) != len(self.choices):
            raise ValueError(f"{len(self.choices)} choices need as many prices, not {len(self.prices)}")

    def __str__(self) -> str:
        if self.prices:
            named = (f"{choice} ({price})" for choice, price in zip(self.choices, self.prices, strict=True))
            return f"{self.kind} {'/'.join(named)}"
        return f"{self.kind} {'/'.join(self.choices)}"

    def __repr__(self) -> str:
        prices = f", prices={self.prices!r}" if self.prices else ""
        return f"ChoiceLegal({self.kind!r}, {self.choices!r}{prices})"

    def price(self, choice: str) -> int:
        """What ``choice`` costs in chips (0 when nothing has a price)."""
        return self.prices[self.choices.index(choice)] if self.prices else 0

    def make(self, choice: str | None = None) -> Action:
        """The action choosing ``choice`` (by default the first)."""
        return self.check(_CHOICES[self.kind](self.choices[0] if choice is None else choice))

    def sample(self, rng: random.Random) -> Action:
        """One of the choices, uniformly."""
        return _CHOICES[self.kind](rng.choice(self.choices))

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not allowed (a choice not offered, or another kind), or ``""``."""
        if action.kind is not self.kind:
            return f"not a {self.kind} action"
        assert isinstance(action, Declare | Buy)
        return "" if action.choice in self.choices else f"{self.kind} one of {', '.join(self.choices)}"


def _unordered(hands: Sequence[Sequence[Card]]) -> tuple[frozenset[Card], ...]:
    """A division into hands, the order of the cards within each hand aside."""
    return tuple(frozenset(hand) for hand in hands)


@dataclass(frozen=True, slots=True)
class DivideLegal(Legal):
    """Divide all of ``cards`` into hands of ``sizes``, strongest first (Pi Gow stud's five and
    two, Chinese poker's rows). When the rules allow only some divisions, ``splits`` lists every
    one of them. ``names`` names the hands as the rules do (``back``, ``middle``, ``front``), one
    a hand, when the game names them (else empty); ``rule`` says what a legal division is, in the
    rules' words ("The five must beat the two (high); the two must hold a down card."), for a
    screen to show (empty when the game says nothing).

    >>> legal = DivideLegal(ActionKind.SPLIT, parse("As Ad 3h 2c"), sizes=(2, 2))
    >>> print(legal, legal.make())
    split As Ad 3h 2c into 2+2 split As Ad / 3h 2c
    >>> only = DivideLegal(ActionKind.SPLIT, parse("As Ad 3h 2c"), sizes=(2, 2), splits=(parse_hands("As 2c / Ad 3h"),))
    >>> print(only.make()); Split(parse_hands("Ad As / 3h 2c")) in only
    split As 2c / Ad 3h
    False
    """

    form: ClassVar[str] = "divide"
    cards: tuple[Card, ...]
    _: KW_ONLY
    sizes: tuple[int, ...]
    splits: tuple[Hands, ...] = ()
    names: tuple[str, ...] = ()
    rule: str = ""
    _listed: frozenset[tuple[frozenset[Card], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.names and len(self.names) != len(self.sizes):
            raise ValueError(f"one name a hand: {len(self.sizes)} names, not {len(self.names)}")
        object.__setattr__(self, "_listed", frozenset(map(_unordered, self.splits)))

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.cards)} into {'+'.join(map(str, self.sizes))}"

    def __repr__(self) -> str:
        listed = f", splits=<{len(self.splits)} listed>" if self.splits else ""
        return f"DivideLegal({self.kind!r}, {_cards_repr(self.cards)}, sizes={self.sizes!r}{listed})"

    def make(self, hands: Sequence[Sequence[Card]] | None = None) -> Action:
        """The action dividing the cards into ``hands`` (by default the first listed split, else
        the cards in their order)."""
        if hands is None:
            hands = self.splits[0] if self.splits else self._in_order(self.cards)
        return self.check(Split(tuple(tuple(hand) for hand in hands)))

    def sample(self, rng: random.Random) -> Action:
        """One of the listed splits, uniformly; else the cards shuffled and dealt into the hands."""
        if self.splits:
            return Split(rng.choice(self.splits))
        return Split(self._in_order(rng.sample(self.cards, len(self.cards))))

    def _in_order(self, cards: Sequence[Card]) -> Hands:
        hands, start = [], 0
        for size in self.sizes:
            hands.append(tuple(cards[start : start + size]))
            start += size
        return tuple(hands)

    def misfit(self, hands: Sequence[Sequence[Card]]) -> str:
        """Why ``hands`` are not a division of exactly these ``cards`` into hands of ``sizes``
        (whatever the rules say of the division), or ``""``.

        >>> legal = DivideLegal(ActionKind.SPLIT, parse("As Ad 3h 2c"), sizes=(2, 2))
        >>> legal.misfit(parse_hands("As Ad / 3h")), legal.misfit(parse_hands("As Ad / 3h Kc"))
        ('split into 2 + 2 cards, not 2 + 1', 'Kc not among your cards')
        """
        sizes = tuple(len(hand) for hand in hands)
        if sizes != self.sizes:
            return f"split into {' + '.join(map(str, self.sizes))} cards, not {' + '.join(map(str, sizes))}"
        cards = [card for hand in hands for card in hand]
        reason = _own(cards, self.cards)
        if reason or len(cards) != len(self.cards):
            return reason or "every card must go into a hand"
        return ""

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not allowed (wrong sizes, cards not offered or left out, a split the
        rules do not list), or ``""``."""
        if action.kind is not self.kind:
            return f"not a {self.kind} action"
        assert isinstance(action, Split)
        reason = self.misfit(action.hands)
        if reason:
            return reason
        if self.splits and _unordered(action.hands) not in self._listed:
            return "not one of the splits the rules allow here"
        return ""


@dataclass(frozen=True, slots=True)
class PlaceLegal(Legal):
    """Put one of ``cards`` into one of the ``rows`` (Five-O's columns).

    >>> legal = PlaceLegal(ActionKind.PLACE, parse("Kd 7c"), rows=("front", "back"))
    >>> print(legal, legal.make(), legal.make(parse("7c")[0], "back"))
    place Kd 7c in front/back place Kd front place 7c back
    """

    form: ClassVar[str] = "place"
    cards: tuple[Card, ...]
    _: KW_ONLY
    rows: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.cards)} in {'/'.join(self.rows)}"

    def __repr__(self) -> str:
        return f"PlaceLegal({self.kind!r}, {_cards_repr(self.cards)}, rows={self.rows!r})"

    def make(self, card: Card | None = None, row: str | None = None) -> Action:
        """The action putting ``card`` (by default the first) into ``row`` (by default the first)."""
        return self.check(Place(self.cards[0] if card is None else card, self.rows[0] if row is None else row))

    def sample(self, rng: random.Random) -> Action:
        """A card and a row, each uniformly."""
        return Place(rng.choice(self.cards), rng.choice(self.rows))

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not allowed (a card not offered, a row not open), or ``""``."""
        if action.kind is not self.kind:
            return f"not a {self.kind} action"
        assert isinstance(action, Place)
        if action.card not in self.cards:
            return f"{action.card} not among your cards"
        return "" if action.row in self.rows else f"place it in one of {', '.join(self.rows)}"


DESCRIPTORS: dict[ActionKind, type[Legal]] = {
    **dict.fromkeys(_PLAIN, PlainLegal),
    **dict.fromkeys(_AMOUNTS, AmountLegal),
    **dict.fromkeys(_CARDS, CardsLegal),
    **dict.fromkeys(_CHOICES, ChoiceLegal),
    ActionKind.SPLIT: DivideLegal,
    ActionKind.PLACE: PlaceLegal,
}
"""The descriptor class of each kind of action: the form in which a seat is offered it."""


def parse_hands(text: str) -> Hands:
    """Hands in notation, separated by ``/``: ``As Ks / 2c 2d`` (for people and for examples).

    >>> parse_hands("As Ks / 2c")
    ((Card('As'), Card('Ks')), (Card('2c'),))
    """
    return tuple(parse(part) for part in text.split("/"))
