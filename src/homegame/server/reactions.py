"""Reactions: a seat shows one of a small fixed set of emoji by its seat for a few seconds. Not a
change of the table: nothing is logged, no hand's history holds it, a restart forgets it; every
socket of the table gets it at once (``react``). Paced like chat (each seat its own
:class:`~homegame.server.chat.Pace`); a muted seat's reactions reach nobody.

>>> check_emoji("👍")
'👍'
>>> check_emoji("💩")
Traceback (most recent call last):
homegame.server.reactions.ReactionError: react: emoji must be one of 👍 👏 😂 😮 😢 😡 🔥 🤔
"""

from __future__ import annotations

from homegame.errors import PokerError

__all__ = ["EMOJI", "ReactionError", "check_emoji"]

EMOJI = ("👍", "👏", "😂", "😮", "😢", "😡", "🔥", "🤔")
"""The reactions a seat may show (the page's ``js/reactions.js`` offers the same)."""


class ReactionError(PokerError):
    """A reaction that is not one of :data:`EMOJI` (answered ``error``, ``bad_request``)."""


def check_emoji(emoji: object) -> str:
    """The reaction, or :class:`ReactionError` when it is not one of :data:`EMOJI`."""
    if not isinstance(emoji, str) or emoji not in EMOJI:
        raise ReactionError(f"react: emoji must be one of {' '.join(EMOJI)}")
    return emoji
