"""``homegame eval``: judge one hand under any ranking."""

from __future__ import annotations

import argparse
from typing import Any

from homegame.errors import ParseError

HELP = "judge a hand: its category, name and the cards that play"


def register(subparsers: Any) -> None:
    """Add ``eval`` to the command line."""
    parser = subparsers.add_parser(
        "eval",
        help=HELP,
        description=HELP + ".",
        epilog='examples:  homegame eval "As Ks Qs Js Ts"    homegame eval "8h 6d 5c 4s 2h" --ranking low-a5',
    )
    parser.add_argument("cards", help='the cards, e.g. "As Kd Th 2c" (10h, suit symbols and Jk also read)')
    add_ranking_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run)


def add_ranking_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that pick a ranking (shared by ``eval`` and ``tables``)."""
    parser.add_argument("--ranking", default="high", help="high, low-a5, low-27, low-a6, three-card, badugi")
    parser.add_argument("--qualifier", type=int, help="a low must be this rank or better (8 for eight-or-better)")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house-rule option of the ranking, e.g. -o flush_beats_full_house=true (repeatable)",
    )


def ranking_options(args: argparse.Namespace, *, deck: int | None = None) -> dict[str, Any]:
    """The ranking options given on the command line, as ``get()`` keywords."""
    options: dict[str, Any] = {}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise ParseError(f"--option {text!r}: write NAME=VALUE")
        options[name.strip()] = value.strip()
    if args.qualifier is not None:
        options["qualifier"] = args.qualifier
    if deck is not None and deck != 52 and args.ranking != "badugi":
        options["deck"] = deck
    return options


def run(args: argparse.Namespace) -> int:
    """Print the hand's value."""
    from homegame.cli import print_json
    from homegame.ranking import get

    ranking = get(args.ranking, **ranking_options(args))
    value = ranking.evaluate(args.cards)
    if args.json:
        print_json({"ranking": ranking.label, **value.to_json()})
    else:
        print(value.name)
        print(f"  {value.category.value}: {' '.join(card.pretty for card in value.cards)}")
        for wild, card in value.wild:
            print(f"  {wild} as {card}")
    return 0
