"""The person at the keyboard: a line at a time, a yes or a no, and the way out of the session.

A :class:`Person` reads from the session's input stream: the terminal (with line editing, where
the platform has it) or a script, whose lines are echoed so a transcript reads like a game played
by hand. The end of input, like ``q``, is :class:`Leave`.

>>> import io
>>> from rich.console import Console
>>> from homegame.play.render import Names, Screen
>>> out = io.StringIO()
>>> person = Person(io.StringIO("maybe\\ny\\n"), Screen(Console(file=out), Names(("you", "seat 2"))))
>>> person.sure("Sure? (y/n) ")
True
>>> person.ask("> ")
Traceback (most recent call last):
...
homegame.play.person.Leave
"""

from __future__ import annotations

import contextlib
import sys
from typing import TextIO

from homegame.play.render import Screen

__all__ = ["PERSON", "QUIT", "Leave", "Person"]

PERSON = 0
"""The person's seat."""

QUIT = ("q", "quit", "exit")
"""What the person types to leave, where a game or the next hand is asked for."""

_ASKED = 10
"""Times a yes-or-no question is asked before the answer is taken for a no."""


class Leave(Exception):  # noqa: N818  (not an error: the way out of the loop)
    """The person leaves the table."""


class Person:
    """The person's answers, read from ``stream`` and echoed on ``screen`` when they come from a
    script."""

    def __init__(self, stream: TextIO, screen: Screen) -> None:
        self.stream = stream
        self.screen = screen
        self.interactive = stream is sys.stdin and stream.isatty()
        if self.interactive:
            with contextlib.suppress(ImportError):  # not on every platform
                import readline  # noqa: F401  (line editing and history for input())

    def ask(self, prompt: str) -> str:
        """A line from the person (echoed when it comes from a script); the end of input leaves."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                raise Leave from None
        line = self.screen.ask(prompt, self.stream.readline)
        if not line:
            raise Leave
        return line

    def sure(self, question: str) -> bool:
        """The person's yes to a question: y or yes, and n, no or Enter a no; anything else (a ``c``
        typed for the move asked about) is asked again, never taken silently for a no."""
        for _ in range(_ASKED):
            answer = self.ask(question).strip().lower()
            if answer in ("y", "yes", "n", "no", ""):
                return answer in ("y", "yes")
            self.screen.problem(f"{answer!r}: answer y (yes) or n (no)")
        return False
