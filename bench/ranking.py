"""Hand evaluations per second: homegame's kernel beside phevaluator, eval7, treys and pokerkit.

Every evaluator judges the same seeded random hands: 5 and 7 cards, high and
ace-to-five low (only pokerkit has an ace-to-five low among the others). homegame
appears three times: the compiled batch kernel on one thread, the same on every core,
and the pure-Python single-hand path that showdowns use. The other libraries are
called once per hand from Python, as a program using them would. Before timing, the
order each library gives is checked against homegame's on the sample.

Targets (issue 3): at least 200 million 7-card high evaluations per second on one
thread, and at least 25 times phevaluator's per-hand rate in the same run.

Run from the repository root after ``pip install -e ".[bench]"``:

    python bench/ranking.py [--hands 4000000] [--sample 100000] [--seed 2024]
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.cards import Card
from homegame.ranking import get
from homegame.ranking.kernel import Evaluator

Hands = npt.NDArray[np.uint8]
CASES = [(5, "high"), (7, "high"), (5, "low-a5"), (7, "low-a5")]


def random_hands(count: int, size: int, rng: np.random.Generator) -> Hands:
    """``count`` hands of ``size`` distinct cards (uint8 codes), uniformly at random."""
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def best_rate(run: Callable[[], object], count: int, repeats: int) -> float:
    """Hands per second: the best of ``repeats`` timed runs after a warm-up run."""
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def millions(rate: float) -> str:
    """A rate in millions per second, to three significant digits at least."""
    value = rate / 1e6
    return f"{value:,.1f}" if value >= 100 else f"{value:.2f}" if value >= 1 else f"{value:.3g}"


def per_hand(judge: Callable[[Any], object], prepared: Sequence[Any]) -> Callable[[], object]:
    """A run that judges every prepared hand, one call each."""

    def run() -> object:
        return [judge(hand) for hand in prepared]

    return run


Prepare = Callable[[list[str]], Any]
Judge = Callable[[Any], Any]


class Library:
    """How one library judges one hand: how a hand is prepared (not timed), the call (timed),
    and how its answer orders hands (greater is better) for the agreement check."""

    def __init__(self, name: str, module: str) -> None:
        self.name = name
        self.present = importlib.util.find_spec(module) is not None

    def calls(self, ranking: str) -> tuple[Prepare, Judge, Callable[[Any], Any]] | None:
        """(prepare, judge, order) for this ranking, or ``None`` when the library has none such."""
        raise NotImplementedError


class PhEvaluator(Library):
    def calls(self, ranking: str) -> tuple[Prepare, Judge, Callable[[Any], Any]] | None:
        if ranking != "high":
            return None
        from phevaluator import Card as PhCard
        from phevaluator import evaluate_cards

        return (lambda cards: [PhCard(card).id_ for card in cards]), (lambda codes: evaluate_cards(*codes)), negate


class Eval7(Library):
    def calls(self, ranking: str) -> tuple[Prepare, Judge, Callable[[Any], Any]] | None:
        if ranking != "high":
            return None
        import eval7

        return (lambda cards: [eval7.Card(card) for card in cards]), eval7.evaluate, same


class Treys(Library):
    def calls(self, ranking: str) -> tuple[Prepare, Judge, Callable[[Any], Any]] | None:
        if ranking != "high":
            return None
        from treys import Card as TreysCard
        from treys import Evaluator as TreysEvaluator

        evaluator = TreysEvaluator()

        def prepare(cards: list[str]) -> tuple[list[int], list[int]]:
            codes = [TreysCard.new(card) for card in cards]
            return codes[2:], codes[:2]  # a board of 3 to 5 cards and two hole cards

        return prepare, (lambda hand: evaluator.evaluate(*hand)), negate


class PokerKit(Library):
    def calls(self, ranking: str) -> tuple[Prepare, Judge, Callable[[Any], Any]] | None:
        from pokerkit import RegularLowHand, StandardHighHand

        kind = StandardHighHand if ranking == "high" else RegularLowHand
        return "".join, kind.from_game, same


def negate(rank: int) -> int:
    """Orders where a smaller number is the better hand (phevaluator, treys)."""
    return -rank


def same(value: Any) -> Any:
    return value


LIBRARIES = [
    PhEvaluator("phevaluator", "phevaluator"),
    Eval7("eval7", "eval7"),
    Treys("treys", "treys"),
    PokerKit("pokerkit", "pokerkit"),
]


def agrees(ours: Sequence[int], theirs: Sequence[Any]) -> bool:
    """True when both orders rank every pair of hands alike (checked through sorting)."""
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    return all(
        (ours[a] < ours[b]) == (theirs[a] < theirs[b]) and (ours[a] == ours[b]) == (theirs[a] == theirs[b])
        for a, b in pairwise(order)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4_000_000, help="hands per batch measurement")
    parser.add_argument("--sample", type=int, default=100_000, help="hands per one-call-per-hand measurement")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per measurement (the best counts)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    rows: dict[str, dict[tuple[int, str], str]] = {}
    figures: dict[tuple[str, int, str], float] = {}

    def record(row: str, case: tuple[int, str], rate: float | None, note: str = "") -> None:
        rows.setdefault(row, {})[case] = "-" if rate is None else millions(rate) + note
        if rate is not None:
            figures[row, *case] = rate

    print(f"homegame ranking benchmark: {args.hands:,} random hands per batch, {args.sample:,} per one-call-per-hand")
    print(f"library, seed {args.seed}; best of {args.repeats} runs; million hands per second\n")
    for size, name in CASES:
        case = (size, name)
        evaluator = Evaluator.for_ranking(get(name))
        assert evaluator is not None
        hands = random_hands(args.hands, size, rng)
        for row, parallel in (("homegame batch, 1 thread", False), ("homegame batch, all cores", True)):
            run = partial(evaluator.batch, hands, parallel=parallel)
            record(row, case, best_rate(run, len(hands), args.repeats))
        sample = hands[: args.sample]
        codes = sample.tolist()
        ours = evaluator.batch(sample).tolist()
        record("homegame rank(), per hand", case, best_rate(per_hand(evaluator.rank, codes), len(codes), 1))
        notation = [[str(Card.from_code(code)) for code in hand] for hand in codes]
        for library in LIBRARIES:
            calls = library.calls(name) if library.present else None
            label = f"{library.name}, per hand" + ("" if library.present else " (not installed)")
            if calls is None:
                record(label, case, None)
                continue
            prepare, judge, order = calls
            count = len(notation) if library.name != "pokerkit" else max(1, len(notation) // 20)
            prepared = [prepare(hand) for hand in notation[:count]]
            mark = "" if agrees(ours[:count], [order(judge(hand)) for hand in prepared]) else " (order DIFFERS)"
            record(label, case, best_rate(per_hand(judge, prepared), count, 1), mark)

    headers = [f"{size}-card {'high' if name == 'high' else 'A-5 low'}" for size, name in CASES]
    width = max(len(row) for row in rows) + 2
    print("".ljust(width) + "".join(header.rjust(16) for header in headers))
    for row, cells in rows.items():
        print(row.ljust(width) + "".join(cells.get(case, "-").rjust(16) for case in CASES))

    batch = figures.get(("homegame batch, 1 thread", 7, "high"), 0.0)
    print(f"\n7-card high, batch on one thread: {batch / 1e6:,.1f} million per second (target: 200)")
    for library in LIBRARIES:
        theirs = figures.get((f"{library.name}, per hand", 7, "high"))
        if theirs:
            target = " (target: 25)" if library.name == "phevaluator" else ""
            print(f"  {batch / theirs:,.0f} times {library.name}'s per-hand rate{target}")

    counting(args.repeats)


def counting(repeats: int) -> None:
    """Whole tables (issue 17): ``homegame tables --cards 7`` as a whole process (target under
    0.6 s), and badugi's 270,725 four-card hands through its kernel (target under 0.5 s) beside the
    reference ``evaluate`` (timed on a sample and scaled up)."""
    import subprocess
    import sys

    from homegame.analysis import count
    from homegame.analysis.tables import _count_each
    from homegame.cards import DeckSpec

    print("\ncounting whole tables, best of", repeats)
    command = [sys.executable, "-m", "homegame", "tables", "--cards", "7"]
    subprocess.run(command, check=True, capture_output=True)  # warm the caches (tables, numba)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    print(f"  homegame tables --cards 7, whole process: {best:.3f} s (target: 0.6)")
    badugi = get("badugi")
    count(badugi, cards=4)  # compile or load the kernel
    seconds = 1 / best_rate(lambda: count(badugi, cards=4), 1, repeats)
    print(f"  badugi, all 270,725 four-card hands by the kernel: {seconds:.3f} s (target: 0.5)")
    small = DeckSpec.of_size(20)  # 4,845 hands through the reference, scaled to 270,725
    reference = 1 / best_rate(lambda: _count_each(badugi, small, 4, lambda done: None), 1, 1) * 270_725 / 4_845
    print(f"  badugi by the reference evaluate: about {reference:.1f} s ({reference / seconds:,.0f} times slower)")


if __name__ == "__main__":
    main()
