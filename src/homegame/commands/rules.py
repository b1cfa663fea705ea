"""``homegame rules GAME``: the rules of a game and the house rules in force."""

from __future__ import annotations

import argparse
import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.games.mixes import Mix

HELP = "print the rules of a game and the house rules in force"


def register(subparsers: Any) -> None:
    """Add ``rules`` to the command line."""
    parser = subparsers.add_parser(
        "rules",
        help=HELP,
        description=HELP + ".",
        epilog="examples:  homegame rules holdem    homegame rules stud-declare -o cap=5",
    )
    parser.add_argument("game", help="a catalogue name or alias, or the path of a game document (.toml)")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule to change, e.g. -o cap=5 (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run)


def parse_options(texts: list[str]) -> dict[str, str]:
    """``NAME=VALUE`` pairs from the command line."""
    from homegame.errors import ParseError

    options = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise ParseError(f"--option {text!r}: write NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def run(args: argparse.Namespace) -> int:
    """Print the rules text, how a hand goes, and the house rules in force."""
    from homegame.commands.shared import print_json
    from homegame.engine.game import players_words
    from homegame.errors import ParseError
    from homegame.games.mixes import Mix, load_game_or_mix

    game = load_game_or_mix(args.game)
    if isinstance(game, Mix):
        if args.option:
            raise ParseError(
                f"{game.name} is a mixed game: -o changes a house rule of one game "
                f"(homegame rules {game.games[0].name} -o ...)"
            )
        return _mix(game, args.json)
    values = game.option_values(parse_options(args.option))
    steps = [step.describe() for step in game.under(values).steps]  # as the house rules in force play them
    if args.json:
        print_json(
            {
                "name": game.name,
                "title": game.title,
                "family": game.family.value,
                "betting": game.betting.value,
                "players": {"min": game.players[0], "max": game.players[1]},
                "stakes": game.stakes.to_dict(),
                "rules": game.rules,
                "steps": steps,
                "house_rules": [
                    {"name": option.name, "value": values[option.name], "default": option.default, "doc": option.doc}
                    for option in game.options
                ],
                "source": game.source,
            }
        )
        return 0
    print(game.title)
    print("=" * len(game.title))
    print(f"{game.family.value} game, {game.betting.label}, {players_words(game.players)}")
    stakes = ", ".join(f"{name.replace('_', ' ')} {amount}" for name, amount in game.stakes.to_dict().items())
    print(f"stakes: {stakes}")
    print()
    print(game.rules)
    print()
    print("How a hand goes:")
    for number, line in enumerate(steps, 1):
        print(textwrap.fill(line, width=88, initial_indent=f"{number:3}. ", subsequent_indent="     "))
    if game.options:
        print()
        print("House rules in force:")
        for option in game.options:
            value = values[option.name]
            note = "" if value == option.default else f" (default {_text(option.default)})"
            print(f"  {option.name} = {_text(value)}{note}: {option.doc}")
    if game.source:
        print()
        print(f"Where these rules come from: {game.source}")
    return 0


def _mix(mix: Mix, as_json: bool) -> int:
    """Print a mixed game: its rules text and its games in turn, with the stakes of each."""
    from homegame.commands.shared import print_json
    from homegame.engine.game import players_words

    if as_json:
        games = [
            {"game": game.name, "title": game.title, "betting": game.betting.value, "stakes": game.stakes.to_dict()}
            for game in mix.games
        ]
        every = "orbit" if mix.every is None else mix.every
        data = {"name": mix.name, "title": mix.title, "family": mix.family, "rules": mix.rules, "every": every}
        print_json({**data, "games": games, "source": mix.source})
        return 0
    print(mix.title)
    print("=" * len(mix.title))
    print(f"mixed game, {players_words(mix.players)}")
    print()
    print(mix.rules)
    print()
    print("The games, in turn:")
    for number, game in enumerate(mix.games, 1):
        stakes = ", ".join(f"{name.replace('_', ' ')} {amount}" for name, amount in game.stakes.to_dict().items())
        print(f"{number:3}. {game.title}: {game.name}, {game.betting.label}; {stakes}")
    if mix.source:
        print()
        print(f"Where these rules come from: {mix.source}")
    return 0


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
