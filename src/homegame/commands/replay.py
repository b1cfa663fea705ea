"""``homegame replay``: step through a hand saved by ``homegame play --history DIR --full``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from homegame.commands import SEATS

HELP = "step through a saved hand, action by action"


def register(subparsers: Any) -> None:
    """Add ``replay`` to the command line."""
    parser = subparsers.add_parser(
        "replay",
        help=HELP,
        description=HELP + " (Enter: the next action, a: all the rest, q: stop).",
        epilog="examples:  homegame replay hands/hand-0003-holdem.json    homegame replay FILE --all --seat 1",
    )
    parser.add_argument("file", type=Path, help="a hand history written by homegame play --history DIR --full")
    parser.add_argument("--all", action="store_true", help="print the whole hand at once")
    parser.add_argument("--seat", type=int, help=f"tell only what this seat saw (default: everything); {SEATS}")
    parser.add_argument("--game", metavar="DOC", help="the game document of a hand of a game outside the catalogue")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Tell the hand."""
    import sys

    from homegame.commands.shared import seat_index
    from homegame.errors import ParseError
    from homegame.games import load
    from homegame.play.history import Record
    from homegame.play.replay import replay

    record = Record.read(args.file, None if args.game is None else load(Path(args.game)))
    seat = None if args.seat is None else seat_index(args.seat, len(record.history.setup.stacks))
    try:
        replay(record, sys.stdin, sys.stdout, every=args.all, seat=seat)
    except ValueError as error:
        raise ParseError(str(error)) from None
    return 0
