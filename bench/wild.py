"""Hands with wild cards judged per second by the wild-card kernel, beside natural hands.

Prints, for 5- and 7-card hands, the rate of the natural kernel (high, no wild cards,
on hands without jokers) beside the wild kernel (high, jokers wild) on hands holding 0
to 4 jokers, measured in turns, and the reasoning path's rate for scale. Run from the
repository root:

    python bench/wild.py [--hands 400000]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from homegame.cards import JOKER_BASE, Card
from homegame.ranking import get
from homegame.ranking.kernel import Evaluator
from homegame.ranking.wild_kernel import WildEvaluator


def hands_with_jokers(count: int, size: int, jokers: int, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """``count`` random hands of ``size`` cards holding exactly ``jokers`` jokers."""
    naturals = np.argsort(rng.random((count, 52)), axis=1)[:, : size - jokers]
    wild = np.tile(np.arange(JOKER_BASE, JOKER_BASE + jokers), (count, 1))
    return np.concatenate([naturals, wild], axis=1).astype(np.uint8)


def rates(judges: list[Callable[[npt.NDArray[np.uint8]], object]], hands: list[npt.NDArray[np.uint8]]) -> list[float]:
    """Hands per second of each judge on its hands: the best of seven rounds that take turns, timed
    by the CPU time of this thread, so that other work on a busy machine does not count."""
    for judge, batch in zip(judges, hands, strict=True):
        judge(batch[:16])  # compile or load the compiled loops
    best = [0.0] * len(judges)
    for _ in range(7):
        for index, (judge, batch) in enumerate(zip(judges, hands, strict=True)):
            start = time.thread_time()
            judge(batch)
            best[index] = max(best[index], len(batch) / (time.thread_time() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands per measurement")
    args = parser.parse_args()
    rng = np.random.default_rng(2024)
    natural = Evaluator.for_ranking(get("high"))
    ranking = get("high", wild="jokers")
    wild = WildEvaluator.for_ranking(ranking)
    assert natural is not None and wild is not None
    print(f"{'cards':>5} {'jokers':>6} {'natural kernel':>16} {'wild kernel':>14} {'ratio':>6} {'reasoning path':>15}")
    for size in (5, 7):
        plain = hands_with_jokers(args.hands, size, 0, rng)
        for jokers in range(5):
            hands = hands_with_jokers(args.hands, size, jokers, rng)
            natural_rate, wild_rate = rates([natural.batch, wild.batch], [plain, hands])
            sample = [[Card.from_code(int(code)) for code in hand] for hand in hands[:200]]
            start = time.thread_time()
            for hand in sample:
                ranking.evaluate(hand)
            slow = len(sample) / (time.thread_time() - start)
            ratio = natural_rate / wild_rate
            print(
                f"{size:>5} {jokers:>6} {natural_rate:>14,.0f}/s {wild_rate:>12,.0f}/s {ratio:>5.1f}x {slow:>13,.0f}/s"
            )


if __name__ == "__main__":
    main()
