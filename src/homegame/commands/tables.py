"""``homegame tables``: exact hand probability tables for any ranking and deck."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from homegame.commands.eval import add_ranking_arguments, in_flags, ranking_of

HELP = "count every hand of N cards by category: hands, probability, odds against, distinct values"
DECKS = (52, 40, 36, 32, 20)


def register(subparsers: Any) -> None:
    """Add ``tables`` to the command line."""
    parser = subparsers.add_parser(
        "tables",
        help=HELP,
        description=HELP + ". Every hand is counted exactly (rules document 004, "
        '"Hand probabilities and multiple decks").',
        epilog="examples:  homegame tables --cards 5    homegame tables --cards 7 --json    "
        "homegame tables --cards 5 --deck 36    homegame tables --cards 5 --jokers 1 --wild jokers",
    )
    parser.add_argument("--cards", type=int, required=True, metavar="N", help="cards in a hand")
    add_ranking_arguments(parser)
    parser.add_argument(
        "--deck",
        type=int,
        default=52,
        choices=DECKS,
        help="the pack: 52 cards, or stripped to 40, 36, 32 or 20 (the ace is next to the lowest rank)",
    )
    parser.add_argument("--jokers", type=int, default=0, metavar="J", help="jokers added to each pack")
    parser.add_argument("--packs", type=int, default=1, metavar="P", help="packs shuffled together")
    parser.add_argument("--json", action="store_true", help="print JSON: hands, counts and distinct per category")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the table as a bar chart (needs matplotlib)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Count and print the table."""
    from homegame.analysis.tables import count, plot
    from homegame.cards import DeckSpec
    from homegame.commands.shared import print_json, writable
    from homegame.errors import ParseError

    try:
        deck = DeckSpec.of_size(args.deck, jokers=args.jokers, packs=args.packs)
    except ValueError as error:
        raise ParseError(str(error)) from None
    if args.plot:
        writable(args.plot)  # before the count, which may take a while
    ranking = ranking_of(args, deck=args.deck)
    with in_flags():
        table = count(ranking, cards=args.cards, deck=deck, progress=_progress() if sys.stderr.isatty() else None)
    if args.json:
        print_json(table.to_json())
    else:
        print(table)
    if args.plot:
        try:
            plot(table, args.plot)
        except ImportError:
            raise ParseError("--plot needs matplotlib: pip install 'homegame[plot]'") from None
        print(f"chart written to {args.plot}", file=sys.stderr)  # on stderr: --json output stays JSON
    return 0


def _progress() -> Callable[[float], None]:
    """A progress line on stderr, cleared when the count is done."""
    shown = [-1]

    def report(done: float) -> None:
        percent = int(done * 100)
        if percent != shown[0]:
            shown[0] = percent
            end = "\r" if percent < 100 else "\r" + " " * 24 + "\r"
            print(f"counting hands... {percent:3d}%", end=end, file=sys.stderr, flush=True)

    return report
