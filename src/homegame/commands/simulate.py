"""``homegame simulate GAME``: play many hands with random legal actions, checking the invariants.

The same loop is a library function, :func:`simulate`:

>>> from homegame.games import load
>>> report = simulate(load("draw"), hands=50, seats=4, seed=1)
>>> report.chips_start == report.chips_end, report.broken
(True, [])
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine is imported when a simulation runs, not for ``homegame --help``
    from homegame.engine.game import Game
    from homegame.games.mixes import Mix

HELP = "play many hands with random legal actions and check the engine's invariants"


def register(subparsers: Any) -> None:
    """Add ``simulate`` to the command line."""
    parser = subparsers.add_parser(
        "simulate",
        help=HELP,
        description=HELP + ". Exit status 1 if any invariant broke.",
        epilog="example:  homegame simulate holdem --hands 10000 --seats 6 --seed 1 --json",
    )
    parser.add_argument(
        "game", help="a catalogue name or alias (a mixed game too), or the path of a game document (.toml)"
    )
    parser.add_argument("--hands", type=int, default=1000, help="how many hands (default 1000)")
    parser.add_argument("--seats", type=int, help="players at the table (default: the game's most, at most 6)")
    parser.add_argument("--seed", type=int, help="seed the shuffles and the bots (default: a random seed)")
    parser.add_argument(
        "--workers",
        type=int,
        metavar="K",
        default=1,
        help=f"play on K processes (default 1). The hands are played as independent sessions of {SESSION} "
        "hands, each seeded from --seed, so a seed gives the same report whatever K, and on a Dask cluster",
    )
    parser.add_argument(
        "--dask", metavar="ADDRESS", help="play the sessions on the Dask cluster at ADDRESS (the dask extra)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=run)


@dataclass(slots=True, kw_only=True)
class Report:
    """What a simulation did: chips at the start (every buy-in and rebuy) and at the end (stacks and
    the carried-over pot), speed, and every broken invariant."""

    game: str
    hands: int
    seats: int
    chips_start: int = 0
    chips_end: int = 0
    carried_over: int = 0
    seconds: float = 0.0
    broken: list[str] = field(default_factory=list)

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall-clock time."""
        return self.hands / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, object]:
        """The issue's JSON fields (and the broken invariants, if any)."""
        data: dict[str, object] = {
            "game": self.game,
            "hands": self.hands,
            "seats": self.seats,
            "chips_start": self.chips_start,
            "chips_end": self.chips_end,
            "carried_over": self.carried_over,
            "hands_per_second": round(self.hands_per_second, 1),
        }
        if self.broken:
            data["broken"] = self.broken[:20]
        return data


def simulate(
    game: Game | Mix,
    *,
    hands: int,
    seats: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play ``hands`` hands of ``game`` (or of a mixed game, through its rotation) at a table of
    ``seats`` random bots.

    A player who goes broke rebuys the starting stack (100 big bets or big blinds). After every
    action the chips are counted (stacks plus pot equals what the hand started with), and
    ``pending()`` must be empty exactly when the hand is over.
    """
    from homegame.bots import RandomBot, Turn
    from homegame.engine.game import players_words
    from homegame.engine.table import Table
    from homegame.games.mixes import Mix

    if not game.players[0] <= seats <= game.players[1]:
        raise ValueError(f"{game.name} is for {players_words(game.players)}, not {seats}")
    rng = random.Random(seed)
    schedule = game.schedule(seats) if isinstance(game, Mix) else game
    table = Table(schedule, size=seats, rng=random.Random(rng.getrandbits(64)))
    games = game.games if isinstance(game, Mix) else (game,)
    buy_in = 100 * max(max(s.big_blind, s.big_bet, s.max_bet, s.bring_in, s.ante, 1) for s in (g.stakes for g in games))
    for seat in range(seats):
        table.sit(seat, f"bot {seat}", buy_in)
    bots = [RandomBot(random.Random(rng.getrandbits(64))) for _ in range(seats)]
    report = Report(game=game.name, hands=hands, seats=seats)
    start = time.perf_counter()
    for number in range(hands):
        for seat, occupant in enumerate(table.seats):
            if occupant is not None and occupant.stack == 0:
                table.rebuy(seat, buy_in)
        hand = table.deal()
        chips = sum(hand.stacks) + hand.pot
        while not hand.over:
            pending = hand.pending()
            if not pending:
                report.broken.append(f"hand {number}: nobody to act but the hand is not over")
                break
            for seat in pending:
                if seat not in hand.pending():  # a fold of the round ended the hand, or the seat's part
                    continue
                turn = Turn(seat, hand.legal_actions(seat), partial(hand.view, seat))
                hand.act(seat, bots[table.seat_of(seat)].choose(turn))
            if sum(hand.stacks) + hand.pot + hand.carried_out != chips:
                report.broken.append(f"hand {number}: chips not conserved after {hand.actions[-1]}")
        if hand.over and hand.pending():
            report.broken.append(f"hand {number}: over, yet seats are pending")
        table.settle(hand)
        if progress is not None:
            progress(number + 1)
    report.seconds = time.perf_counter() - start
    report.chips_start = table.ledger.bought()
    report.chips_end = table.chips
    report.carried_over = table.carried
    if report.chips_start != report.chips_end:
        report.broken.append(f"chips at the start {report.chips_start} != at the end {report.chips_end}")
    return report


SESSION = 200
"""Hands per session when simulating on several processes (``--workers``)."""

MAX_HANDS = 100_000_000
"""The most hands one ``simulate`` plays (a day's work on a core; past it the list of sessions given
to the processes would not fit in memory)."""


def simulate_sessions(
    game: str,
    *,
    hands: int,
    seats: int,
    seed: int,
    workers: int = 1,
    dask: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play ``hands`` hands of ``game`` (a catalogue name, a mixed game's too, or a path) as
    independent sessions of :data:`SESSION` hands, session ``i`` seeded by
    :func:`~homegame.analysis.pool.chunk_seed` of ``(seed, i)``, on ``workers`` processes (or the
    Dask cluster at the address ``dask``); the
    reports are added up in session order, so the report is the same for a seed whatever
    ``workers`` (but the speed).

    >>> one = simulate_sessions("draw", hands=30, seats=3, seed=1)
    >>> two = simulate_sessions("draw", hands=30, seats=3, seed=1, workers=2)
    >>> (one.chips_start, one.chips_end, one.broken) == (two.chips_start, two.chips_end, two.broken)
    True
    """
    from homegame.analysis.pool import map_chunks

    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    sessions = list(range((hands + SESSION - 1) // SESSION))
    spec = (game, hands, seats, seed)
    report = Report(game=game, hands=hands, seats=seats)
    start = time.perf_counter()
    played = 0
    for index, part in enumerate(map_chunks(_session, spec, sessions, workers=workers, dask=dask)):
        report.game = part.game
        report.chips_start += part.chips_start
        report.chips_end += part.chips_end
        report.carried_over += part.carried_over
        report.broken += [f"session {index}, {problem}" for problem in part.broken]
        played += part.hands
        if progress is not None:
            progress(played)
    report.seconds = time.perf_counter() - start
    return report


def _session(spec: tuple[str, int, int, int], index: int) -> Report:
    """Session ``index`` of a simulation (in a process of the pool)."""
    from homegame.analysis.pool import chunk_seed
    from homegame.games.mixes import load_game_or_mix

    game, hands, seats, seed = spec
    size = min(SESSION, hands - index * SESSION)
    return simulate(load_game_or_mix(game), hands=size, seats=seats, seed=chunk_seed(seed, index))


def run(args: argparse.Namespace) -> int:
    """Simulate and print the report; exit status 1 if any invariant broke."""
    from homegame.commands.shared import print_json
    from homegame.errors import ParseError
    from homegame.games.mixes import load_game_or_mix

    game = load_game_or_mix(args.game)
    seats = args.seats if args.seats is not None else min(game.players[1], 6)
    if not 1 <= args.hands <= MAX_HANDS:
        raise ParseError(f"--hands must be 1..{MAX_HANDS:,}, not {args.hands:,}")
    bar = _ProgressBar(args.hands) if sys.stderr.isatty() else None
    if args.workers < 1:
        raise ParseError(f"--workers must be at least 1, not {args.workers}")
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    try:  # always in sessions, on one process too: the same report for a seed however the work is split
        report = simulate_sessions(
            args.game, hands=args.hands, seats=seats, seed=seed, workers=args.workers, dask=args.dask, progress=bar
        )
    except ValueError as error:
        print(f"homegame simulate: {error}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print_json(report.to_json())
    else:
        print(f"{report.hands} hands of {game.title}, {report.seats} seats")
        print(f"chips at the start {report.chips_start}, at the end {report.chips_end}", end="")
        print(f" ({report.carried_over} carried over)" if report.carried_over else "")
        print(f"{report.hands_per_second:.0f} hands per second")
        for problem in report.broken[:20]:
            print(f"BROKEN: {problem}")
    return 1 if report.broken else 0


class _ProgressBar:
    """A one-line progress bar on stderr (only on a terminal)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.shown = -1

    def __call__(self, done: int) -> None:
        percent = done * 100 // self.total
        if percent != self.shown:
            self.shown = percent
            filled = percent * 30 // 100
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {percent:3d}% {done}/{self.total}")
            sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
