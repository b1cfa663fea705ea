"""Full hands per second: 6-max no-limit hold'em with random legal actions, homegame beside PokerKit.

Both engines play the same policy in the same run: at each decision pick uniformly among fold
(only when facing a bet), check-or-call, and bet-or-raise (when allowed), and raise to a uniform
amount between the least and the most allowed. Stacks are 100 big blinds, blinds 1-2. Hands are
played to the end (showdown included); the figures are wall-clock hands per second.

    python bench/engine.py [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from homegame.bots import RandomBot, play
from homegame.engine import Hand
from homegame.games import load

SEATS = 6
STACK = 200


def homegame_hands(count: int, seed: int) -> float:
    """Hands per second of homegame's engine."""
    game = load("holdem")
    rng = random.Random(seed)
    bots = [RandomBot(random.Random(seed + seat)) for seat in range(SEATS)]
    stacks = [STACK] * SEATS
    start = time.perf_counter()
    for number in range(count):
        hand = Hand(game, stacks, button=number % SEATS, rng=rng)
        play(hand, bots)
    return count / (time.perf_counter() - start)


def pokerkit_hands(count: int, seed: int) -> float | None:
    """Hands per second of PokerKit's NoLimitTexasHoldem under the same policy (None if not installed)."""
    try:
        from pokerkit import Automation, NoLimitTexasHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(count):
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, (STACK,) * SEATS, SEATS)
        while state.status:
            choices: list[Callable[[], object]] = []
            if state.checking_or_calling_amount:
                choices.append(state.fold)
            choices.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                choices.append(partial(state.complete_bet_or_raise_to, rng.randint(low, high)))
            choices[int(rng.random() * len(choices))]()
    return count / (time.perf_counter() - start)


def main() -> None:
    """Print both figures and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    homegame_hands(200, args.seed)  # warm up: load the game and the kernel's tables
    ours = homegame_hands(args.hands, args.seed)
    print(f"homegame  {ours:10.0f} hands/s  (6-max no-limit hold'em, random legal actions)")
    theirs = pokerkit_hands(max(args.hands // 10, 200), args.seed)
    if theirs is None:
        print("pokerkit  not installed (pip install -e '.[bench]')")
        return
    print(f"pokerkit  {theirs:10.0f} hands/s  (NoLimitTexasHoldem, same policy)")
    print(f"ratio     {ours / theirs:10.1f}x")


if __name__ == "__main__":
    main()
