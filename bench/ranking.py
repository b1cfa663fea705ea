"""Hand evaluations per second: homegame's kernel beside phevaluator, eval7, treys and pokerkit.

Every evaluator judges the same seeded random hands: 5 and 7 cards, high and
ace-to-five low (only pokerkit has an ace-to-five low among the others). homegame
appears three times: the compiled batch kernel on one thread, the same on every core,
and the pure-Python single-hand path that showdowns use. The other libraries are
called once per hand from Python, as a program using them would. Before timing, the
order each library gives is checked against homegame's on the sample.

Targets (issue 3): at least 200 million 7-card high evaluations per second on one
thread, and at least 25 times phevaluator's per-hand rate in the same run.

Then the rows of issue 34 against the C anchor (``../shared/anchors``: the same lookup-table
algorithm in plain C, built here with ``gcc -O3 -march=native`` when gcc is present): each round runs
the C program once, then homegame's 7-card batch and ``homegame tables --cards 7`` as a whole
process, the two sides taking turns; the ratios of every round are printed, then their median
(targets: the batch at least 2x C's random 7-card rate, the whole table no slower than 1.5x C's
incremental walk over all 133.8 M hands).

Run from the repository root after ``pip install -e ".[bench]"``:

    python bench/ranking.py [--hands 4000000] [--sample 100000] [--seed 2024] [--rounds 3] [--quick]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.cards import Card
from homegame.ranking import get
from homegame.ranking.kernel import Evaluator

Hands = npt.NDArray[np.uint8]
ROOT = Path(__file__).resolve().parent.parent
ANCHORS = next(
    (folder / "shared" / "anchors" for folder in ROOT.parents if (folder / "shared" / "anchors").is_dir()),
    ROOT.parent / "shared" / "anchors",
)
"""The C anchor's folder: ``shared/anchors`` beside the repository (or beside a folder above it)."""
TABLES_7 = [sys.executable, "-m", "homegame", "tables", "--cards", "7"]
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
    parser.add_argument("--rounds", type=int, default=3, help="rounds against the C anchor (0: none)")
    parser.add_argument("--anchors", type=Path, default=ANCHORS, help="where native_bench.c is")
    parser.add_argument("--quick", action="store_true", help="a few hands, once, no C anchor: proves the script runs")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.sample, args.repeats, args.rounds = 20_000, 2_000, 1, 0
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
    if args.rounds:
        against_c(args)


def process_times(command: list[str], repeats: int) -> tuple[float, float]:
    """The best wall time and the best CPU time (user and system, the process and its threads)
    of ``repeats`` runs of ``command`` after a warm-up run (which fills the caches)."""
    subprocess.run(command, check=True, capture_output=True)
    wall = cpu = float("inf")
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        wall = min(wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu


def c_anchor(anchors: Path) -> list[str] | None:
    """The command that runs the C anchor (built with gcc, its tables dumped once into the temporary
    directory), or ``None`` (with the reason printed) when gcc, the anchor or phevaluator is missing."""
    source = anchors / "native_bench.c"
    compiler = shutil.which("gcc")
    found = importlib.util.find_spec("phevaluator")
    if not source.exists() or compiler is None or found is None or found.origin is None:
        print(f"\nno C anchor: needs gcc, phevaluator and {source}")
        return None
    library = next(Path(found.origin).parent.glob("_pheval*.so"), None)
    work = Path(tempfile.gettempdir()) / "homegame-bench-anchor"
    work.mkdir(exist_ok=True)
    binary, tables = work / "native_bench", work / "tables"
    if library is None:
        print("\nno C anchor: phevaluator's compiled library was not found")
        return None
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run([compiler, "-O3", "-march=native", "-o", str(binary), str(source), "-ldl"], check=True)
    if not (tables / "CAT.bin").exists():
        subprocess.run([sys.executable, str(anchors / "dump_tables.py"), str(tables)], check=True, capture_output=True)
    return [str(binary), str(library), str(tables)]


C_HANDS = 2_000_000
"""How many random hands the C anchor judges in each of its timed runs."""


def c_figures(command: list[str]) -> tuple[float, float]:
    """One run of the C anchor: its random 7-card rate (hands a second, from the best of its five
    timed runs, as homegame's figure is a best) and its incremental walk over all 133.8 M 7-card
    hands (seconds: the median of three, all it prints)."""
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rate = re.search(r"^C SK-key table \(.*random 7-card .*, min ([\d.]+)", text, re.MULTILINE)
    walk = re.search(r"^C SK-key table incremental, all 133\.8M.*\(median ([\d.]+) s", text, re.MULTILINE)
    if rate is None or walk is None:
        raise RuntimeError(f"unexpected output of the C anchor:\n{text}")
    return C_HANDS / float(rate.group(1)), float(walk.group(1))


def against_c(args: argparse.Namespace) -> None:
    """The rows of issue 34 against the C anchor, the two sides taking turns in each round."""
    command = c_anchor(args.anchors)
    if command is None:
        return
    evaluator = Evaluator.for_ranking(get("high"))
    assert evaluator is not None
    hands = random_hands(C_HANDS, 7, np.random.default_rng(args.seed))  # as many as the C program judges
    print(f"\nagainst the C anchor ({args.rounds} rounds; load average {os.getloadavg()[0]:.1f} at the start)")
    print(f"{'round':>5} {'C 7-card':>10} {'homegame':>10} {'ratio':>6}", end="   ")
    print(f"{'C all 7':>8} {'tables':>8} {'(cpu)':>7} {'ratio':>6}")
    batch_ratios, table_ratios = [], []
    for turn in range(1, args.rounds + 1):
        c_rate, c_walk = c_figures(command)
        rate = best_rate(partial(evaluator.batch, hands), len(hands), args.repeats)
        wall, cpu = process_times(TABLES_7, args.repeats)
        batch_ratios.append(rate / c_rate)
        table_ratios.append(wall / c_walk)
        print(
            f"{turn:>5} {millions(c_rate):>10} {millions(rate):>10} {rate / c_rate:>5.2f}x"
            f"   {c_walk:>7.3f}s {wall:>7.3f}s {cpu:>6.3f}s {wall / c_walk:>5.2f}x"
        )
    print(f"7-card batch, one thread, vs C: {statistics.median(batch_ratios):.2f}x C's rate (target: at least 2)")
    table = statistics.median(table_ratios)
    print(f"all 7-card hands, whole process, vs C: {table:.2f}x C's time (target: at most 1.5)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


def counting(repeats: int) -> None:
    """Whole tables (issues 17 and 34): ``homegame tables --cards 7`` and the badugi table as whole
    processes (wall and CPU time: on a busy machine the CPU time is the steadier), then badugi's
    270,725 four-card hands in process beside the reference ``evaluate`` (timed on a sample and
    scaled up)."""
    from homegame.analysis import count
    from homegame.analysis.tables import _count_each
    from homegame.cards import DeckSpec

    print("\ncounting whole tables, best of", repeats, "(wall, and CPU in brackets)")
    wall, cpu = process_times(TABLES_7, repeats)
    print(f"  homegame tables --cards 7, whole process: {wall:.3f} s ({cpu:.3f} s)")
    wall, cpu = process_times([*TABLES_7[:-1], "4", "--ranking", "badugi"], repeats)
    print(f"  homegame tables --cards 4 --ranking badugi, whole process: {wall:.3f} s ({cpu:.3f} s) (target: 0.5)")
    badugi = get("badugi")
    seconds = 1 / best_rate(lambda: count(badugi, cards=4), 1, repeats)
    print(f"  badugi, all 270,725 four-card hands in process: {seconds:.3f} s")
    small = DeckSpec.of_size(20)  # 4,845 hands through the reference, scaled to 270,725
    reference = 1 / best_rate(lambda: _count_each(badugi, small, 4, lambda done: None), 1, 1) * 270_725 / 4_845
    print(f"  badugi by the reference evaluate: about {reference:.1f} s ({reference / seconds:,.0f} times slower)")


if __name__ == "__main__":
    main()
