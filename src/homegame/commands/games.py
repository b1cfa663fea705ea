"""``homegame games``: list the catalogue."""

from __future__ import annotations

import argparse
from typing import Any

HELP = "list the games in the catalogue"
NAMES = "Any name or alias above plays; case, spaces, dots and apostrophes do not count (Hold'em, H.O.R.S.E.)."


def register(subparsers: Any) -> None:
    """Add ``games`` to the command line."""
    parser = subparsers.add_parser("games", help=HELP, description=HELP + ".")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one line per game, then per mixed game: name, title, family, betting, players, source document."""
    from homegame.commands.shared import print_json
    from homegame.games import load, names
    from homegame.games.mixes import load_mix, mix_names

    games = [load(name) for name in names()]
    mixes = [load_mix(name) for name in mix_names()]
    rows: list[dict[str, object]] = [
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
    rows += [
        {
            "name": mix.name,
            "title": mix.title,
            "family": mix.family,
            "betting": mix.betting,
            "players": {"min": mix.players[0], "max": mix.players[1]},
            "source": mix.source,
            "aliases": list(mix.aliases),
            "games": [{"game": game.name, "betting": game.betting.value} for game in mix.games],
            "every": "orbit" if mix.every is None else mix.every,
        }
        for mix in mixes
    ]
    if args.json:
        print_json(rows)
        return 0
    entries = [
        (game.name, game.title, game.family.value, game.betting.value, game.players, game.source, game.aliases)
        for game in games
    ]
    entries += [(mix.name, mix.title, mix.family, mix.betting, mix.players, mix.source, mix.aliases) for mix in mixes]
    width = max(len(name) for name, *_ in entries)
    for name, title, family, betting, (low, high), source, aliases in entries:
        line = f"{name:<{width}}  {title}  ({family}, {betting.replace('-', ' ')}, {low}-{high} players)"
        print(line + (f"  [rules: {source}]" if source else ""))
        if aliases:
            print(f"{'':<{width}}  also: {', '.join(aliases)}")
    print(f"\n{NAMES}")
    return 0
