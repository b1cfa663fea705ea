"""homegame: dealer's choice poker, whole.

Every game of our rule documents and the classic casino games, with every house
rule they mention, dealt and judged exactly.

>>> import homegame
>>> print(*homegame.parse("As 10h jk"))
As Th Jk
"""

from typing import Any

from homegame.cards import Card, Deck, DeckSpec, Rank, Suit, SuitOrder, parse
from homegame.errors import GameSpecError, IllegalActionError, ParseError, PokerError


def __getattr__(name: str) -> Any:
    """``homegame.__version__``, looked up in the installed metadata only when asked for
    (``importlib.metadata`` is slow to import, and most commands never need it)."""
    if name != "__version__":
        raise AttributeError(f"module 'homegame' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("homegame")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        found = "0+unknown"
    globals()["__version__"] = found
    return found


__all__ = [
    "Card",
    "Deck",
    "DeckSpec",
    "GameSpecError",
    "IllegalActionError",
    "ParseError",
    "PokerError",
    "Rank",
    "Suit",
    "SuitOrder",
    "__version__",
    "parse",
]
