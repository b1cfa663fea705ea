"""The bots: how long the sensible bot takes to decide, and how far it beats random play.

1. Decision time: every catalogue game at a full table (six seats, or fewer when the game
   allows fewer) of sensible bots; every decision is timed, and the median, 95th
   percentile and slowest are printed per game (the target is 200 ms at the 95th percentile),
   after one untimed hand that loads the ranking kernels' tables.
2. Margins: the sensible bot against random bots in hold'em, seven-card stud high-low
   declare and five-card draw, heads-up (seats and button alternating) and six-handed
   (one sensible bot, its seat rotating, five random ones); stacks of 100 big bets are
   reset every hand. Printed: the sensible bot's winnings in big bets per hand, the
   standard error and their ratio.

    python bench/bots.py [--hands N] [--timing-hands N] [--trials T] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from homegame.bots import Bot, RandomBot, SensibleBot, Turn
from homegame.engine import Hand
from homegame.engine.actions import Action
from homegame.engine.game import Game
from homegame.games import load, names

MATCHES = ("holdem", "stud-declare", "draw")


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
            action = bots[seat].choose(turn)
            times.append(time.perf_counter() - start)
            hand.act(seat, action)
    return times


def margin(game: Game, hands: int, seats: int, trials: int, seed: int) -> tuple[float, float]:
    """The sensible bot's winnings in big bets per hand against random bots, and the standard error."""
    unit = max(game.stakes.big_blind, game.stakes.big_bet, 1)
    sensible = SensibleBot(random.Random(seed), trials=trials)
    opponents = [RandomBot(random.Random(seed + seat)) for seat in range(1, seats)]
    rng = random.Random(seed)
    won = []
    for number in range(hands):
        seat = number % seats
        others = iter(opponents)
        bots: list[Bot] = [sensible if place == seat else next(others) for place in range(seats)]
        hand = Hand(game, [100 * unit] * seats, button=number // seats % seats, rng=rng)
        while not hand.over:
            for actor in hand.pending():
                turn = Turn(actor, hand.legal_actions(actor), partial(hand.view, actor), game)
                action: Action = bots[actor].choose(turn)
                hand.act(actor, action)
        assert hand.result is not None
        won.append(hand.result.net[seat] / unit)
    return statistics.mean(won), statistics.stdev(won) / len(won) ** 0.5


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000, help="hands per margin (default 2000)")
    parser.add_argument("--timing-hands", type=int, default=100, help="hands per game for the timing (default 100)")
    parser.add_argument("--trials", type=int, default=300, help="Monte Carlo trials per estimate (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"Sensible bot decision time, {args.trials} trials, {args.timing_hands} hands per game")
    print(f"{'game':<16} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    decision_times(load("holdem"), 1, args.trials, args.seed)  # loads the kernels' tables, not timed
    every: list[float] = []
    for name in names():
        times = decision_times(load(name), args.timing_hands, args.trials, args.seed)
        every += times
        p95 = statistics.quantiles(times, n=20)[-1]
        print(
            f"{name:<16} {len(times):>9} {statistics.median(times) * 1e3:>10.2f} {p95 * 1e3:>8.2f} "
            f"{max(times) * 1e3:>8.2f}"
        )
    p95 = statistics.quantiles(every, n=20)[-1]
    print(
        f"{'all':<16} {len(every):>9} {statistics.median(every) * 1e3:>10.2f} {p95 * 1e3:>8.2f} "
        f"{max(every) * 1e3:>8.2f}"
    )

    print(f"\nSensible against random, {args.hands} hands each, big bets per hand (standard error)")
    for seats in (2, 6):
        for name in MATCHES:
            game = load(name)
            start = time.perf_counter()
            mean, error = margin(game, args.hands, min(seats, game.players[1]), args.trials, args.seed)
            elapsed = time.perf_counter() - start
            print(
                f"{seats} seats  {name:<14} {mean:+8.2f} ({error:.2f}, {mean / error:5.1f} standard errors)"
                f"  {elapsed:6.1f} s"
            )


if __name__ == "__main__":
    main()
