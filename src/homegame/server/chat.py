"""Table talk: what a chat may say, the last chats a table keeps for newcomers, and how often a
seat may talk. A chat is a change in the table's log (:class:`~homegame.server.changes.Chatted`),
so it survives a restart; it never enters a hand's history.

>>> check_text("nice hand")
'nice hand'
>>> check_text("x" * 501)
Traceback (most recent call last):
homegame.server.chat.ChatError: chat: a message is at most 500 characters (this one has 501)
>>> check_text("bell\\a")
Traceback (most recent call last):
homegame.server.chat.ChatError: chat: a message may not hold control characters
>>> recent = Recent()
>>> recent.heard(2, "bo", "gg", 1000)
{'seat': 2, 'name': 'bo', 'text': 'gg', 'at': 1000}
>>> len(recent.entries())
1
>>> clock = [0.0]
>>> pace = Pace(most=2, window=10.0, now=lambda: clock[0])
>>> pace.allow(1), pace.allow(1), pace.allow(1), pace.allow(2)
(True, True, False, True)
>>> clock[0] = 10.0; pace.allow(1)
True
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable

from homegame.engine.wire import JSON
from homegame.errors import PokerError

__all__ = ["KEEP", "MAX_CHARS", "ChatError", "Pace", "Recent", "check_text"]

MAX_CHARS = 500
"""The longest chat, in characters."""
KEEP = 50
"""The chats a ``welcome`` carries: the table's last."""


class ChatError(PokerError):
    """A chat that is not one (answered ``error``, ``bad_request``)."""


def check_text(text: object) -> str:
    """The chat's text, or :class:`ChatError` saying why it is refused: not a string, empty (or
    only spaces), over :data:`MAX_CHARS`, or holding a control character (a new line included)."""
    if not isinstance(text, str):
        raise ChatError("chat: text must be a string")
    if not text.strip():
        raise ChatError("chat: a message needs some text")
    if len(text) > MAX_CHARS:
        raise ChatError(f"chat: a message is at most {MAX_CHARS} characters (this one has {len(text)})")
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
        raise ChatError("chat: a message may not hold control characters")
    return text


class Recent:
    """The table's last :data:`KEEP` chats, each as the wire writes it."""

    def __init__(self) -> None:
        self._kept: deque[dict[str, JSON]] = deque(maxlen=KEEP)

    def heard(self, seat: int, name: str, text: str, at: int) -> dict[str, JSON]:
        """Keep one chat (the oldest kept is forgotten past :data:`KEEP`); its wire form."""
        entry: dict[str, JSON] = {"seat": seat, "name": name, "text": text, "at": at}
        self._kept.append(entry)
        return entry

    def last(self) -> dict[str, JSON]:
        """The chat kept last."""
        return self._kept[-1]

    def entries(self) -> list[JSON]:
        """The chats kept, oldest first."""
        return list(self._kept)


class Pace:
    """Each seat may chat ``most`` times in any ``window`` seconds (kept in memory: a restart
    forgives)."""

    def __init__(self, most: int = 5, window: float = 10.0, now: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.window = window
        self.now = now
        self._times: dict[int, deque[float]] = {}

    def allow(self, seat: int) -> bool:
        """Whether ``seat`` may chat now (counted when it may)."""
        now = self.now()
        times = self._times.setdefault(seat, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.most:
            return False
        times.append(now)
        return True
