"""homegame: dealer's choice poker, whole.

Every game of our rule documents and the classic casino games, with every house
rule they mention, dealt and judged exactly.

>>> import homegame
>>> print(*homegame.parse("As 10h jk"))
As Th Jk
"""

from importlib.metadata import PackageNotFoundError, version

from homegame.cards import Card, Deck, DeckSpec, Rank, Suit, SuitOrder, parse
from homegame.errors import GameSpecError, IllegalActionError, ParseError, PokerError

try:
    __version__ = version("homegame")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

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
