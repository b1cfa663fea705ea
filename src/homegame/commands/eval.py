"""``homegame eval``: judge one hand under any ranking."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from homegame.errors import ParseError

if TYPE_CHECKING:
    from homegame.ranking import Ranking

HELP = "judge a hand: its category, name and the cards that play"
MAX_CARDS = 13
"""The most cards ``eval`` judges at once (Chinese poker's thirteen: a hand, not a deck)."""


def register(subparsers: Any) -> None:
    """Add ``eval`` to the command line."""
    parser = subparsers.add_parser(
        "eval",
        help=HELP,
        description=HELP + ".",
        epilog='examples:  homegame eval "As Ks Qs Js Ts"    homegame eval "8h 6d 5c 4s 2h" --ranking low-a5'
        '    homegame eval "As 9s 8s 5s Jk" --wild jokers',
    )
    parser.add_argument("cards", help='the cards, e.g. "As Kd Th 2c" (10h, suit symbols and Jk also read)')
    add_ranking_arguments(parser)
    parser.add_argument("--down", metavar="CARDS", help="which of the cards are down cards (for --wild lowest-down)")
    parser.add_argument("--wild-rank", metavar="RANK", help="a rank wild at this showdown (for --wild dynamic)")
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
    parser.add_argument(
        "--wild",
        action="append",
        default=[],
        metavar="SPEC",
        help="wild cards: jokers, bug, a rank (2), ranks ('3 9'), cards ('Jh Js'), lowest, lowest-down, dynamic "
        "(repeatable; house rules go in -o, e.g. -o natural_beats_wild=true)",
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
    if args.wild:
        options["wild"] = " ".join(args.wild)
    if deck is not None and deck != 52 and args.ranking != "badugi":
        for name in ("deck", "lowest_rank"):
            given = options.pop(name, None)
            if given is not None and _lowest(name, given) != _lowest("deck", deck):
                raise ParseError(f"-o {name}={given} cannot apply to --deck {deck}: leave it out, --deck sets it")
        options["deck"] = deck
    return options


def _lowest(name: str, value: Any) -> object:
    """The lowest rank a ``deck`` size or a ``lowest_rank`` names (the text itself when it names none)."""
    from homegame.cards import DeckSpec, Rank

    try:
        return DeckSpec.of_size(int(value)).lowest_rank if name == "deck" else Rank.parse(str(value))
    except ValueError:
        return value


def ranking_of(args: argparse.Namespace, *, deck: int | None = None) -> Ranking:
    """The ranking the command line names, its options checked (:class:`ParseError` when one is bad)."""
    from homegame.ranking import get

    with in_flags():
        return get(args.ranking, **ranking_options(args, deck=deck))


@contextmanager
def in_flags() -> Iterator[None]:
    """Turn a ranking's errors, which name its keywords for library callers (``wild=jokers``,
    ``down=...``), into a :class:`ParseError` naming the command's flags (``--wild jokers``, ``--down``).

    >>> with in_flags():
    ...     raise ParseError("Jk is a joker: this ranking has no wild cards (use wild=jokers)")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: Jk is a joker: this ranking has no wild cards (use --wild jokers)
    >>> print(flag_words("wild=lowest-down needs to know which cards are down: pass down=..."))
    --wild lowest-down needs to know which cards are down: pass --down CARDS
    """
    try:
        yield
    except ValueError as error:
        raise ParseError(flag_words(str(error)), token=getattr(error, "token", "")) from None


def flag_words(text: str) -> str:
    """``text`` with the ranking's keywords spelt as the command's flags (``-o`` options stay)."""
    text = text.replace("wild=...", "--wild SPEC").replace("down=...", "--down CARDS")
    return re.sub(r"(?<![\w-])(wild|down)=", r"--\1 ", text)


def run(args: argparse.Namespace) -> int:
    """Print the hand's value."""
    from homegame.cards import Rank, parse
    from homegame.commands.shared import print_json

    specs = " ".join(args.wild).split()
    if args.down and "lowest-down" not in specs:
        raise ParseError("--down tells which cards are down for --wild lowest-down: add it, or leave --down out")
    if args.wild_rank and "dynamic" not in specs:
        raise ParseError("--wild-rank names the rank of --wild dynamic: add it, or leave --wild-rank out")
    cards = parse(args.cards)
    if len(cards) > MAX_CARDS:
        raise ParseError(f"{len(cards)} cards: eval judges a hand of at most {MAX_CARDS}")
    ranking = ranking_of(args)
    wild_rank = Rank.parse(args.wild_rank) if args.wild_rank else None
    with in_flags():
        value = ranking.evaluate(cards, wild_rank=wild_rank, down=args.down)
    if args.json:
        print_json({"ranking": ranking.label, **value.to_json()})
    else:
        print(value.name)
        print(f"  {value.category.value}: {' '.join(card.pretty for card in value.cards)}")
        if value.wild:
            print(f"  plays as {' '.join(card.pretty for card in value.counted)}")
        for wild, card in value.wild:
            print(f"  {wild} as {card}")
    return 0
