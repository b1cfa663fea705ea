"""``homegame games``: list the catalogue."""

from __future__ import annotations

import argparse
from typing import Any

HELP = "list the games in the catalogue"


def register(subparsers: Any) -> None:
    """Add ``games`` to the command line."""
    parser = subparsers.add_parser("games", help=HELP, description=HELP + ".")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one line per game: name, title, family, betting, players, source document."""
    from homegame.cli import print_json
    from homegame.games import load, names

    games = [load(name) for name in names()]
    rows = [
        {
            "name": game.name,
            "title": game.title,
            "family": game.family.value,
            "betting": game.betting.value,
            "players": {"min": game.players[0], "max": game.players[1]},
            "source": game.source,
            "aliases": list(game.aliases),
        }
        for game in games
    ]
    if args.json:
        print_json(rows)
        return 0
    width = max(len(game.name) for game in games)
    for game in games:
        players = f"{game.players[0]}-{game.players[1]} players"
        line = f"{game.name:<{width}}  {game.title}  ({game.family.value}, {game.betting.label}, {players})"
        print(line + (f"  [rules: {game.source}]" if game.source else ""))
    return 0
