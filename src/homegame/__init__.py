"""homegame: dealer's choice poker, whole.

Every game of our rule documents and the classic casino games, with every house
rule they mention, dealt and judged exactly.

>>> import homegame
>>> print(*homegame.parse("As 10h jk"))
As Th Jk
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.cards import Card, Deck, DeckSpec, Rank, Suit, SuitOrder, parse
    from homegame.errors import GameSpecError, IllegalActionError, ParseError, PokerError

    __version__: str

_FROM = {
    **dict.fromkeys(("Card", "Deck", "DeckSpec", "Rank", "Suit", "SuitOrder", "parse"), "homegame.cards"),
    **dict.fromkeys(("GameSpecError", "IllegalActionError", "ParseError", "PokerError"), "homegame.errors"),
}
"""Where each name the package gives is defined: it is imported when first asked for, so the
``homegame`` command starts with no module of ours loaded but its own door
(:mod:`homegame.__main__`), where a Ctrl-C is a quiet exit, not a traceback."""


def __getattr__(name: str) -> Any:
    """A name of :data:`_FROM`, or ``__version__`` (read from the installed package's metadata)."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("homegame")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            return "0+unknown"
    if name not in _FROM:
        raise AttributeError(f"module 'homegame' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_FROM[name]), name)
    globals()[name] = value
    return value


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
