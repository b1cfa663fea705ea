"""The ``homegame`` command line.

Every subcommand prints for people by default and JSON with ``--json``. Nothing
ends in a traceback: bad input is reported on stderr in one line with exit status
2, a failure (a file that cannot be written) with status 1, Ctrl-C gives 130, and
a reader that closes the pipe early (``homegame games | head``) is a quiet success.

Subcommands import what they need when they run, so ``homegame --help`` and a
single ``homegame eval`` start quickly.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import difflib
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from homegame.errors import PokerError

__all__ = ["COMMANDS", "main"]

Handler = Callable[[argparse.Namespace], int]

COMMANDS = (
    "eval",
    "games",
    "rules",
    "odds",
    "simulate",
    "tables",
    "play",
    "replay",
    "history",
    "serve",
    "host",
    "join",
    "backup",
)
"""Subcommand modules under :mod:`homegame.commands`, in the order ``--help`` lists them.
Each has ``register(subparsers)``, which adds its parser and sets ``handler``."""


class HelpFormatter(argparse.HelpFormatter):
    """argparse's layout, except that an epilog of examples (``examples:  homegame a    homegame b``,
    examples parted by runs of spaces) lists each example on a line of its own, as typed, where
    argparse would run them together into one paragraph.

    >>> formatter = HelpFormatter("homegame")
    >>> print(formatter._fill_text('examples:  homegame eval "As Ks"    homegame games', 40, ""))
    examples:
      homegame eval "As Ks"
      homegame games
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        head, colon, rest = text.partition(":")
        if not colon or head not in ("example", "examples"):
            return super()._fill_text(text, width, indent)
        lines = [f"{indent}{head}:"] + [f"{indent}  {line}" for line in re.split(r"\s{2,}(?=homegame )", rest.strip())]
        return "\n".join(lines)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser with :class:`HelpFormatter`, for the command and every subcommand (argparse
    makes a subcommand's parser of its command's class).

    A long option is taken only as spelt in full: argparse's default would take ``--seat 3`` for
    ``--seats 3`` and ``--hand`` for ``--hands``, silently, in a tool with ``--seed`` and ``--seats``,
    ``--seat`` and ``--seats``. A shortened option is refused, naming the option meant (see
    :func:`_unrecognized`).

    An option given an empty text (``--wild ''``, ``--stakes=``) is refused in one line, status 2:
    argparse takes it, and since several options default to an empty text (``--stakes``,
    ``--board``, ``--title``) or treat one as nothing given, it was the option left out, silently.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # argparse's one step for the values given to an argument (never for a default)
        if action.option_strings and "" in arg_strings:
            name = "/".join(action.option_strings)
            self.exit(2, f"{self.prog}: {name} is empty: give it a value, or leave it out\n")
        return super()._get_values(action, arg_strings)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = ArgumentParser(
        prog="homegame",
        description="Dealer's choice poker, whole: play, judge hands, count odds.",
    )
    from homegame import __version__  # read from the package's metadata: slow, so here, not at import

    parser.add_argument("--version", action="version", version=f"homegame {__version__}")
    parser.set_defaults(handler=None)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for name in COMMANDS:
        importlib.import_module(f"homegame.commands.{name}").register(subparsers)
    return parser


PLAIN = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "▒": "#", "▶": ">", "─": "-", "·": "-", "±": "+-"})
"""What the symbols we print become on a stream whose encoding lacks them (ASCII, a Windows code page):
suits as the notation's letters, so ``A♠`` still reads ``As``."""


def plain(error: UnicodeError) -> tuple[str, int]:
    """The ``homegame-plain`` encoding error handler: :data:`PLAIN`'s letters for our symbols, ``?``
    for anything else.

    >>> "A♠ K♥ 9♦ ±0.3% 名".encode("ascii", errors="homegame-plain")
    b'As Kh 9d +-0.3% ?'
    """
    assert isinstance(error, UnicodeEncodeError)
    text = error.object[error.start : error.end].translate(PLAIN)
    return "".join(char if char.isascii() else "?" for char in text), error.end


codecs.register_error("homegame-plain", plain)


def _plain_streams() -> None:
    """Make stdout and stderr write :data:`PLAIN`'s letters where their encoding cannot show a symbol
    (``PYTHONIOENCODING=ascii``, output redirected on Windows), instead of failing mid-line."""
    for stream in (sys.stdout, sys.stderr):
        try:
            "♠".encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            with contextlib.suppress(AttributeError, ValueError):
                stream.reconfigure(errors="homegame-plain")  # type: ignore[union-attr]
        except AttributeError:
            pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    if sys.stdout is None:  # started with stdout closed: whatever is printed goes nowhere
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (open for the rest of the process)
    _plain_streams()
    command = "homegame"
    try:
        parser = build_parser()
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # argparse would blame ``homegame`` and show its usage, not the subcommand's
            _unrecognized(parser, args, unknown)
        command = " ".join(["homegame", *(word for word in (args.command, getattr(args, "action", None)) if word)])
        handler: Handler | None = args.handler
        if handler is None:
            parser.print_help()
            return 0
        status = handler(args)
        sys.stdout.flush()  # here, so a reader that closed the pipe is met inside this try
        return status
    except PokerError as error:
        print(f"{command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as error:
        where = f" ({error.filename})" if error.filename else ""
        print(f"{command}: failed: {error.strerror or error}{where}", file=sys.stderr)
        return 1
    except Exception as error:  # a bug: one line, never a traceback (tests look for these words)
        print(f"{command}: internal error ({type(error).__name__}): {str(error)[:200]}", file=sys.stderr)
        return 1


def _unrecognized(parser: argparse.ArgumentParser, args: argparse.Namespace, unknown: list[str]) -> None:
    """Exit with argparse's error for ``unknown`` arguments, from the (sub)command they were given to,
    naming the option meant when one is spelt nearly so (``--jsn``: ``--json``) or shortened
    (``--seat``: ``--seats``; ``--se``: ``--seats or --seed``)."""
    for word in (args.command, getattr(args, "action", None)):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction) and word in action.choices:
                parser = action.choices[word]
    known = [option for action in parser._actions for option in action.option_strings]
    guesses = [guess for word in unknown for guess in _meant(word.split("=")[0], known)]
    hint = f" (did you mean {' or '.join(dict.fromkeys(guesses))}?)" if guesses else ""
    parser.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")


def _meant(word: str, known: list[str]) -> list[str]:
    """The options of ``known`` that ``word`` may mean: every long option it begins (a shortened
    option), else the one it is spelt most nearly like, if any.

    >>> known = ["-h", "--help", "--seats", "--seed", "--stack"]
    >>> _meant("--seat", known), _meant("--se", known), _meant("--staks", known), _meant("--x", known)
    (['--seats'], ['--seats', '--seed'], ['--stack'], [])
    """
    begun = [option for option in known if option.startswith(word) and word.startswith("--")]
    return begun or difflib.get_close_matches(word, known, 1)


def _silence_stdout() -> None:
    """The reader closed the pipe: send what is still buffered nowhere, so exiting flushes quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
