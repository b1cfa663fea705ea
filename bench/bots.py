"""The bots: how long the sensible bot takes to decide, and how far it beats callers and random bots.

1. Decision time: every catalogue game at a full table (six seats, or fewer when the game
   allows fewer) of sensible bots; every decision is timed, and the median, 95th
   percentile and slowest are printed per game (the target is 200 ms at the 95th percentile),
   after one untimed hand that loads the ranking kernels' tables.
2. Margins: in every catalogue game, the sensible bot against caller bots and against random
   bots, duplicate: each deal is played once with the sensible bot in every seat (as few seats
   as the game allows, three for anaconda), the same cards, stacks of 25 betting units afresh,
   carried-over pots chained seat by seat. Printed: the sensible bot's winnings in betting
   units per deal, the standard error and their ratio (tests/test_bots.py runs the same match
   for a few dozen deals, a few hundred in the quick games, and asks for more than one standard
   error, two in Push, The Option, Guts and High Card Poker).

    python bench/bots.py [--deals N] [--timing-hands N] [--trials T] [--seed S] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from homegame.bots import Bot, CallerBot, RandomBot, SensibleBot, Turn
from homegame.bots.duel import duel
from homegame.engine import Hand
from homegame.engine.actions import Action
from homegame.engine.game import Game
from homegame.games import load, names


def decision_times(game: Game, hands: int, trials: int, seed: int) -> list[float]:
    """Seconds per decision of sensible bots playing ``hands`` hands of ``game`` at a full table."""
    seats = min(6, game.players[1])
    bots = [SensibleBot(random.Random(seed + seat), trials=trials) for seat in range(seats)]
    rng = random.Random(seed)
    times: list[float] = []
    for number in range(hands):
        hand = Hand(game, [200] * seats, button=number % seats, rng=rng)
        while not hand.over:
            seat = hand.pending()[0]
            turn = Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), game)
            start = time.perf_counter()
            action: Action = bots[seat].choose(turn)
            times.append(time.perf_counter() - start)
            hand.act(seat, action)
    return times


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per margin (default 200)")
    parser.add_argument("--timing-hands", type=int, default=100, help="hands per game for the timing (default 100)")
    parser.add_argument("--trials", type=int, default=300, help="Monte Carlo trials per estimate (default 300)")
    parser.add_argument("--margin-trials", type=int, default=60, help="trials per estimate in the margins (60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("games", nargs="*", help="the games (default: the whole catalogue)")
    args = parser.parse_args()
    games = args.games or names()

    if args.timing_hands:
        print(f"Sensible bot decision time, {args.trials} trials, {args.timing_hands} hands per game")
        print(f"{'game':<22} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
        decision_times(load("holdem"), 1, args.trials, args.seed)  # loads the kernels' tables, not timed
        every: list[float] = []
        for name in games:
            times = decision_times(load(name), args.timing_hands, args.trials, args.seed)
            every += times
            p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
            print(
                f"{name:<22} {len(times):>9} {statistics.median(times) * 1e3:>10.2f} {p95 * 1e3:>8.2f} "
                f"{max(times) * 1e3:>8.2f}"
            )
        p95 = statistics.quantiles(every, n=20)[-1]
        print(
            f"{'all':<22} {len(every):>9} {statistics.median(every) * 1e3:>10.2f} {p95 * 1e3:>8.2f} "
            f"{max(every) * 1e3:>8.2f}"
        )

    if args.deals:
        print(f"\nSensible against callers and random bots, {args.deals} duplicate deals, units per deal (error)")
        opponents: dict[str, Callable[[random.Random], Bot]] = {"caller": lambda rng: CallerBot(), "random": RandomBot}
        for name in games:
            game = load(name)
            start = time.perf_counter()
            cells = []
            for label, opponent in opponents.items():
                mean, error = duel(game, opponent, args.deals, trials=args.margin_trials, seed=args.seed)
                cells.append(f"{label} {mean:+6.2f} ({error:4.2f}, {mean / error if error else 0:5.1f} se)")
            print(f"{name:<22} {'   '.join(cells)}  {time.perf_counter() - start:6.1f} s", flush=True)


if __name__ == "__main__":
    main()
