"""The ``homegame`` command line.

Every subcommand prints for people by default and JSON with ``--json``. Bad input
is reported on stderr in one line with exit status 2, never as a traceback.

Subcommands import what they need when they run, so ``homegame --help`` and a
single ``homegame eval`` start quickly.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from homegame import __version__
from homegame.errors import PokerError

__all__ = ["COMMANDS", "main", "print_json"]

Handler = Callable[[argparse.Namespace], int]

COMMANDS = ("eval", "games", "rules", "odds", "simulate", "tables", "play", "replay", "history", "serve", "host", "join")
"""Subcommand modules under :mod:`homegame.commands`, in the order ``--help`` lists them.
Each has ``register(subparsers)``, which adds its parser and sets ``handler``."""


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON on stdout."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="homegame",
        description="Dealer's choice poker, whole: play, judge hands, count odds.",
    )
    parser.add_argument("--version", action="version", version=f"homegame {__version__}")
    parser.set_defaults(handler=None)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for name in COMMANDS:
        importlib.import_module(f"homegame.commands.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = args.handler
    if handler is None:
        parser.print_help()
        return 0
    try:
        return handler(args)
    except PokerError as error:
        print(f"homegame {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
