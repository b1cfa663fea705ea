"""The checks at the engine's doors: what comes in from outside is typed and bounded before the
hand changes.

:class:`~homegame.engine.hand.Hand` checks its setup when it starts
(:meth:`~homegame.engine.hand.Setup.check`, with :func:`chips`) and calls :func:`check_action`
at every :meth:`~homegame.engine.hand.Hand.act`, so a float amount, a
boolean seat, an action class passed instead of an action, or a stack too big to be a chip count
is refused with a reason, and the hand is left as it was:

>>> from homegame.engine.actions import Fold, RaiseTo
>>> check_action(0, RaiseTo(6), 3)
>>> check_action(0, RaiseTo(4.5), 3)
Traceback (most recent call last):
...
homegame.errors.IllegalActionError: raise_to 4.5: the amount must be a whole number of chips, not float
>>> check_action(True, Fold(), 3)
Traceback (most recent call last):
...
homegame.errors.IllegalActionError: seat True: a seat is a whole number 0..2, not bool
>>> check_action(0, Fold, 3)
Traceback (most recent call last):
...
homegame.errors.IllegalActionError: Fold is an action type: act with an action, such as Fold()

Both checks are a few ``type`` tests: :func:`check_action` runs on the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Callable

from homegame.cards import Card
from homegame.engine.actions import (
    Action,
    BetTo,
    BringIn,
    Buy,
    Call,
    Check,
    Complete,
    Declare,
    Decline,
    Discard,
    Draw,
    Fold,
    Keep,
    Pass,
    Place,
    Push,
    RaiseTo,
    Roll,
    RunTwice,
    Split,
)
from homegame.errors import IllegalActionError, ParseError

__all__ = ["MAX_CARDS", "MAX_CHIPS", "MAX_TEXT", "check_action", "check_seat", "chips"]

MAX_CHIPS = 10**12
"""The most chips a stack, a stake, a carried pot or a bet may hold: a trillion."""
MAX_CARDS = 64
"""The most cards one action may name (a hand never holds more)."""
MAX_TEXT = 64
"""The longest text an action may carry (a declaration, an item bought, a row's name)."""


def chips(value: object, what: str, *, low: int = 0) -> int:
    """``value`` as a number of chips ``low..MAX_CHIPS``, or a :class:`ParseError` naming ``what``.

    >>> chips(200, "stacks[0]")
    200
    >>> chips(True, "carried")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: carried: must be a whole number of chips 0..1000000000000, not True
    """
    if type(value) is not int or not low <= value <= MAX_CHIPS:
        raise ParseError(f"{what}: must be a whole number of chips {low}..{MAX_CHIPS}, not {value!r}", token=what)
    return value


def check_seat(seat: object, seats: int) -> None:
    """Refuse a seat that is not a whole number ``0..seats-1`` (booleans and floats included)."""
    if type(seat) is not int or not 0 <= seat < seats:
        kind = "" if type(seat) is int else f", not {type(seat).__name__}"
        raise IllegalActionError(f"seat {seat!r}: a seat is a whole number 0..{seats - 1}{kind}")


def check_action(seat: object, action: object, seats: int) -> None:
    """Refuse a seat out of range, or an action that is not an instance of an action type with
    well-typed, bounded fields (:class:`IllegalActionError`), before anything changes."""
    if type(seat) is not int or not 0 <= seat < seats:
        check_seat(seat, seats)
    fields_ok = _FIELDS.get(type(action))
    if fields_ok is None:
        if isinstance(action, type) and issubclass(action, Action):
            raise IllegalActionError(
                f"{action.__name__} is an action type: act with an action, such as {_example(action)}"
            )
        raise IllegalActionError(f"{type(action).__name__} {action!r:.80} is not an action")
    problem = fields_ok(action)
    if problem:
        raise IllegalActionError(f"{_shown(action)}: {problem}")


def _example(action: type[Action]) -> str:
    return f"{action.__name__}()" if action in _FIELDS and _FIELDS[action] is _none else f"{action.__name__}(...)"


def _shown(action: object) -> str:
    try:
        text = str(action)
    except (TypeError, ValueError, AttributeError):
        text = type(action).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _none(action: object) -> str:
    return ""


def _amount(action: object) -> str:
    assert isinstance(action, BetTo | RaiseTo)
    amount = action.amount
    if type(amount) is not int:
        return f"the amount must be a whole number of chips, not {type(amount).__name__}"
    return "" if 0 <= amount <= MAX_CHIPS else f"the amount must be 0..{MAX_CHIPS} chips"


def _card_tuple(cards: object) -> str:
    if type(cards) is not tuple:
        return f"the cards must be a tuple of cards, not {type(cards).__name__}"
    if len(cards) > MAX_CARDS:
        return f"at most {MAX_CARDS} cards, not {len(cards)}"
    if not all(type(card) is Card for card in cards):
        return "every card must be a Card (cards.parse reads notation)"
    return ""


def _cards(action: object) -> str:
    assert isinstance(action, Draw | Discard | Roll | Pass)
    return _card_tuple(action.cards)


def _text(value: object) -> str:
    if type(value) is not str:
        return f"must be text, not {type(value).__name__}"
    return "" if len(value) <= MAX_TEXT else f"at most {MAX_TEXT} characters"


def _declare(action: object) -> str:
    assert isinstance(action, Declare)
    return _text(action.side)


def _buy(action: object) -> str:
    assert isinstance(action, Buy)
    return _text(action.item)


def _split(action: object) -> str:
    assert isinstance(action, Split)
    hands = action.hands
    if type(hands) is not tuple or len(hands) > MAX_CARDS:
        return "the hands must be a tuple of hands, each a tuple of cards"
    return next((problem for problem in map(_card_tuple, hands) if problem), "")


def _place(action: object) -> str:
    assert isinstance(action, Place)
    if type(action.card) is not Card:
        return f"the card must be a Card, not {type(action.card).__name__}"
    return _text(action.row)


_FIELDS: dict[type, Callable[[object], str]] = {
    **dict.fromkeys((Fold, Check, Call, BringIn, Complete, Decline, Keep, Push, RunTwice), _none),
    BetTo: _amount,
    RaiseTo: _amount,
    **dict.fromkeys((Draw, Discard, Roll, Pass), _cards),
    Declare: _declare,
    Buy: _buy,
    Split: _split,
    Place: _place,
}
"""Each action type and the check of its fields (by exact type: a look-up, not a walk of the class tree)."""
