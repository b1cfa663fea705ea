"""``homegame play``: sit down at the terminal against bots, dealer's choice or one game."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

HELP = "play at the terminal against bots: dealer's choice, or one game"


def register(subparsers: Any) -> None:
    """Add ``play`` to the command line."""
    parser = subparsers.add_parser(
        "play",
        help=HELP,
        description=HELP + ". Type ? at the table for help, q to leave.",
        epilog="examples:  homegame play    homegame play holdem --seats 4    homegame play horse    "
        "homegame play draw --stakes x5 --bots caller --history hands/",
    )
    parser.add_argument(
        "game",
        nargs="?",
        help="a catalogue game or mixed game (horse...), or a game document (.toml); none: dealer's choice",
    )
    parser.add_argument(
        "--seats", type=int, help="players at the table, you included (default 6, or the most the game takes)"
    )
    parser.add_argument("--stack", type=int, help="everyone's starting chips (default 200, times the stakes scale)")
    parser.add_argument(
        "--stakes",
        default="",
        metavar="RULE",
        help="x5 for five times each game's usual stakes; NAME=N to set one (big_blind=10, ante=2, ...)",
    )
    parser.add_argument(
        "--kill",
        action="store_true",
        help="the kill game: a player who wins two pots in a row doubles the stakes of the next fixed-limit hand",
    )
    parser.add_argument(
        "--run-it-twice",
        action="store_true",
        help="when everyone still in is all in with cards to come (hold'em, Omaha...), ask to run the board twice",
    )
    parser.add_argument("--seed", type=int, help="shuffle and bots from this seed (the same seed, the same session)")
    parser.add_argument(
        "--bots", default="sensible", choices=("sensible", "caller", "random"), help="who you play (default sensible)"
    )
    parser.add_argument(
        "--history",
        type=Path,
        metavar="DIR",
        help="save every hand there as you saw it (PHH, for homegame history replay)",
    )
    parser.add_argument(
        "--full", action="store_true", help="with --history: every card and the deck order, for homegame replay"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play until the person leaves."""
    import sys

    from homegame.errors import ParseError
    from homegame.games.mixes import load_game_or_mix
    from homegame.play import Settings, StakesRule
    from homegame.play import run as play

    if args.full and args.history is None:
        raise ParseError("--full says what --history DIR saves: add --history, or leave --full out")
    if args.history is not None and args.history.exists() and not args.history.is_dir():
        raise ParseError(f"--history {args.history}: a file, not a folder to save hands in")
    if args.history is not None:
        try:  # now, not after the first hand has been played
            args.history.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ParseError(f"--history {args.history}: cannot make the folder: {error.strerror or error}") from None
    stakes = StakesRule.parse(args.stakes)
    game = load_game_or_mix(args.game) if args.game is not None else None  # "" is no game, not none named
    seats = args.seats
    if seats is None:  # six, or as near as the game allows (Kuhn and Five-O are heads-up)
        seats = 6 if game is None else max(game.players[0], min(6, game.players[1]))
    settings = Settings(
        game=game,
        seats=seats,
        stack=args.stack if args.stack is not None else 200 * stakes.scale,
        stakes=stakes,
        seed=args.seed,
        bots=args.bots,
        history=args.history,
        full_history=args.full,
        kill=args.kill,
        run_it_twice=args.run_it_twice,
    )
    play(settings, sys.stdin, sys.stdout)
    return 0
