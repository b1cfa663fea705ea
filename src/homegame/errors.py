"""The errors homegame raises.

One base, :class:`PokerError`, and a few subclasses that are also ``ValueError``
so that code which catches ``ValueError`` keeps working. Each carries fields a
program can read, and a message a person can.

>>> from homegame.cards import parse
>>> try:
...     parse("As Kd 1x")
... except ParseError as error:
...     print(error, "|", error.token, error.position)
'1x' (token 3) is not a card | 1x 3
"""

from __future__ import annotations

__all__ = [
    "DeckExhaustedError",
    "GameSpecError",
    "IllegalActionError",
    "ParseError",
    "PokerError",
]


class PokerError(Exception):
    """Base of every error raised on purpose by homegame."""


class ParseError(PokerError, ValueError):
    """Malformed input: a card, a hand or an option that cannot be read.

    ``token`` is the offending text and ``position`` its 1-based place among the
    tokens of the input (0 when the whole input is at fault).
    """

    def __init__(self, message: str, *, token: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


class DeckExhaustedError(PokerError, ValueError):
    """More cards were asked of a deck than it holds."""

    def __init__(self, wanted: int, left: int) -> None:
        super().__init__(f"cannot deal {wanted} card(s): only {left} left in the deck")
        self.wanted = wanted
        self.left = left


class IllegalActionError(PokerError, ValueError):
    """A well-formed action that the rules do not allow now; the hand is unchanged."""


class GameSpecError(PokerError, ValueError):
    """A game document with problems; ``problems`` lists every one with its location."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems
