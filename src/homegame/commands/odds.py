"""``homegame odds GAME HAND HAND...``: every player's chance in every contest, exact where it can be.

The command line of :func:`homegame.analysis.calculator.odds`: hands in the card notation (stud's down
cards in parentheses, a draw after a slash, hold'em ranges), ``--board`` and ``--dead`` cards,
``--exact`` or ``--trials N``, ``--seed S`` and ``--json``. A progress bar shows on the terminal
for anything that takes more than a moment.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.engine.game import Game

MAX_TRIALS = 100_000_000
"""The most random deals ``--trials`` asks for: the standard error is then below 0.005%, and more
would take hours for nothing."""

HELP = "every player's odds in every contest: exact enumeration where it can be, else Monte Carlo"


def register(subparsers: Any) -> None:
    """Add ``odds`` to the command line."""
    parser = subparsers.add_parser(
        "odds",
        help=HELP,
        description=HELP + " (with its standard error). Hands: cards (stud: down cards in parentheses, "
        '"(Ah Kh) Qh 7c"), a draw after a slash ("Ks Qs Js Ts 2c / 1": the last card goes, one comes), '
        'or a hold\'em range ("QQ+", "AKs", "AJs+", "T9s-76s", "random", joined by commas).',
        epilog='examples:  homegame odds holdem AhKh QsQd    homegame odds omaha-hi-lo "As Ad 2c 3d" "Kh Kd Qh Jd" '
        '--board "2h 7s 9d"    homegame odds stud "(Ah Kh) Qh 7c" "(2s 2d) 9h 4c"    homegame odds holdem QQ+ AKs',
    )
    parser.add_argument("game", nargs="?", help="a catalogue name or alias, or the path of a game document (.toml)")
    parser.add_argument("hands", nargs="*", metavar="HAND", help="each player's cards (or range)")
    parser.add_argument("--board", default="", metavar="CARDS", help="community cards already dealt")
    parser.add_argument("--dead", default="", metavar="CARDS", help="cards out of play (folded, burnt, seen)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--exact",
        action="store_true",
        help="count every deal, refused past 3,000,000 deals (200,000,000 boards when only a hold'em board "
        "is to come); by default, counted within those limits and dealt at random past them",
    )
    how.add_argument("--trials", type=int, metavar="N", help="deal N random deals (Monte Carlo) instead")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random deals (default 0)")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="K",
        help="deal the random deals on K processes (the same answer for a seed whatever K)",
    )
    parser.add_argument(
        "--dask", metavar="ADDRESS", help="deal the random deals on the Dask cluster at ADDRESS (the dask extra)"
    )
    parser.add_argument(
        "--from",
        dest="history",
        type=Path,
        metavar="HISTORY_FILE",
        help="the odds in the middle of the first hand of a PHH file (all cards known, and each seat's own view)",
    )
    parser.add_argument("--at", type=int, metavar="N", help="with --from: after the first N actions (default: all)")
    parser.add_argument(
        "--by-street", action="store_true", help="the odds at each street of the run-out the hands and board give"
    )
    parser.add_argument("--plot", metavar="FILE.png", help="with --by-street: draw the equities (needs matplotlib)")
    parser.add_argument("--json", action="store_true", help="print JSON (exact integer counts in exact mode)")
    parser.set_defaults(handler=run)


def _one_game(name: str) -> Game:
    """The game ``name`` names, or a :class:`ParseError` (a mixed game deals its games one hand at a
    time: the odds are those of one of them); an unknown name lists the games, not the mixes."""
    from homegame.errors import ParseError, PokerError
    from homegame.games import load
    from homegame.games.mixes import load_mix

    try:
        return load(name)
    except ParseError as error:
        try:
            mix = load_mix(name)
        except PokerError:
            raise error from None
    names = ", ".join(dict.fromkeys(each.name for each in mix.games))
    raise ParseError(f"{mix.name} is a mixed game: give one of its games ({names})", token=name)


def _refuse_unused(args: argparse.Namespace, mode: str, names: Sequence[str]) -> None:
    """A :class:`ParseError` naming the options among ``names`` given on the command line that
    ``mode`` does not use, rather than ignoring them in silence."""
    from homegame.errors import ParseError

    defaults = {"workers": 1}
    given = [
        f"--{name.replace('_', '-')}"
        for name in names
        if getattr(args, name) not in (None, False, "") and getattr(args, name) != defaults.get(name)
    ]
    if given:
        raise ParseError(f"{' and '.join(given)} cannot be used {'with ' * mode.startswith('-')}{mode}")


def run(args: argparse.Namespace) -> int:
    """Work out and print the odds."""
    from homegame.analysis.calculator import odds
    from homegame.commands.shared import print_json
    from homegame.errors import ParseError

    if args.workers < 1:
        raise ParseError(f"--workers must be at least 1, not {args.workers}")
    if args.trials is not None and not 1 <= args.trials <= MAX_TRIALS:
        raise ParseError(f"--trials must be 1..{MAX_TRIALS:,}, not {args.trials:,}")
    if args.history is not None:
        _refuse_unused(args, "--from", ("board", "dead", "exact", "workers", "dask", "by_street", "plot"))
        return _from_history(args)
    _refuse_unused(args, "without --from", ("at",))
    if args.game is None or not args.hands:
        raise ParseError("give a game and at least one hand (or --from HISTORY_FILE)")
    if args.by_street:
        _refuse_unused(args, "--by-street", ("exact", "workers", "dask"))
        return _by_street(args)
    if args.plot:
        raise ParseError("--plot draws the equities street by street: add --by-street")
    game = _one_game(args.game)
    exact = True if args.exact else (False if args.trials is not None else None)
    with _progress(enabled=sys.stderr.isatty()) as report:
        result = odds(
            game,
            args.hands,
            board=args.board,
            dead=args.dead,
            exact=exact,
            trials=20_000 if args.trials is None else args.trials,
            seed=args.seed,
            progress=report,
            workers=args.workers,
            dask=args.dask,
        )
    if args.json:
        print_json(result.to_json())
    else:
        print(result)
    return 0


def _from_history(args: argparse.Namespace) -> int:
    """``--from FILE [--at N]``: the odds in the middle of the file's first hand."""
    from homegame.analysis.calculator import midway
    from homegame.commands.history import read_phh
    from homegame.commands.shared import print_json
    from homegame.errors import ParseError
    from homegame.history.replay import replay

    if args.game is not None or args.hands:
        raise ParseError("--from reads the game and the hands from the file: give neither")
    entries = read_phh(args.history)
    if not entries:
        raise ParseError(f"{args.history}: no hand in the file")
    entry = entries[0]
    if entry.record is None:
        raise ParseError(f"{args.history}: line {entry.line}: {entry.error}")
    hidden = unknown_hands(entry.record.actions)
    if hidden:
        raise ParseError(
            f"{args.history}: line {entry.line}: the cards of {', '.join(hidden)} are not in the file ('??'), "
            "and odds --from needs every card: write the file with --full (homegame history export ... --full)"
        )
    history = replay(entry.record).hand.history()
    total = len(history.actions)
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        raise ParseError(f"--at {at}: the hand has {total} actions")
    point = midway(history.replay(at), trials=20_000 if args.trials is None else args.trials, seed=args.seed)
    if args.json:
        print_json(point.to_json())
    else:
        print(point)
    return 0


def unknown_hands(actions: Sequence[str]) -> list[str]:
    """The players of a PHH hand dealt a card the file does not know (``??``) and never shown after.

    >>> unknown_hands(["d dh p1 AcAd", "d dh p2 ????", "d dh p3 ????", "p3 sm 7h2c"])
    ['p2']
    >>> unknown_hands(["d dh p1 ????7c", "d dh p2 AsAd9h", "p1 sm 2c3c7c"])
    []
    """
    hidden: dict[str, None] = {}
    for action in actions:
        words = action.split("#", 1)[0].split()
        if len(words) >= 4 and words[:2] == ["d", "dh"] and "??" in words[3]:
            hidden[words[2]] = None
        elif len(words) >= 3 and words[1] == "sm" and "??" not in words[2]:
            hidden.pop(words[0], None)
    return list(hidden)


def _by_street(args: argparse.Namespace) -> int:
    """``--by-street [--plot FILE.png]``: the odds after each deal of the given run-out."""
    from homegame.analysis.calculator import by_street, plot_streets
    from homegame.commands.shared import print_json, writable
    from homegame.errors import ParseError

    target = writable(args.plot) if args.plot else None
    trials = 20_000 if args.trials is None else args.trials
    streets = by_street(
        _one_game(args.game), args.hands, board=args.board, dead=args.dead, trials=trials, seed=args.seed
    )
    if args.json:
        print_json(
            {
                "streets": [
                    {"street": s.name, "board": " ".join(map(str, s.board)), "hands": list(s.hands), **s.odds.to_json()}
                    for s in streets
                ]
            }
        )
    else:
        for street in streets:
            print(f"{street.name}:")
            print(street.odds)
            print()
    if target is not None:
        try:
            plot_streets(streets, str(target))
        except ImportError:
            raise ParseError("--plot needs matplotlib: pip install 'homegame[plot]'") from None
        print(f"chart written to {target}", file=sys.stderr)  # as tables --plot says it; --json stays JSON
    return 0


@contextmanager
def _progress(*, enabled: bool) -> Iterator[Callable[[float], None]]:
    """A rich progress bar on stderr, shown only once the work has taken more than a second."""
    if not enabled:
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import Progress

    start = time.perf_counter()
    bar: list[Any] = []

    def report(done: float) -> None:
        if not bar and done < 1.0 and time.perf_counter() - start > 1.0:
            progress = Progress(console=Console(stderr=True), transient=True)
            progress.start()
            bar.extend([progress, progress.add_task("dealing", total=1.0)])
        if bar:
            bar[0].update(bar[1], completed=done)

    try:
        yield report
    finally:
        if bar:
            bar[0].stop()
