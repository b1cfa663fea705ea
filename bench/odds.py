"""How fast ``homegame odds`` counts, beside ``poker-equity`` on the same spots: exact, warm, in
process (hold'em heads-up and three-way before the flop, hold'em on the flop, short deck, Omaha
before the flop, Omaha hi-lo on the flop, stud and razz on fifth street); then homegame alone on
AA against KK as ranges and Monte Carlo deals per second in stud.

Each figure is the best of ``--repeats`` timed runs (more for a quick spot) after a warm-up run (which compiles or loads
the kernels), the two sides taking turns, so it measures the counting, not the process start-up;
the ratio to read is homegame's time over poker-equity's (at most 1: no spot slower). Both
answers are compared too (the same equity to 1e-9, or the spot is flagged).

Target (issue 17): exact heads-up hold'em before the flop (1,712,304 boards) in less than 8 ms.

Run from the repository root after ``pip install -e ".[bench]"``:

    python bench/odds.py [--repeats 7] [--quick]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

from homegame.analysis.calculator import Odds, odds

SPOTS: list[tuple[str, str, list[str], str, str, list[str], str]] = [
    # name, homegame game, hands, board; poker-equity variant, hands, board
    ("hold'em AhKh v QsQd, preflop", "holdem", ["Ah Kh", "Qs Qd"], "", "holdem", ["AhKh", "QsQd"], ""),
    (
        "hold'em AsAd v KhKc v 7s6s, preflop",
        "holdem",
        ["As Ad", "Kh Kc", "7s 6s"],
        "",
        "holdem",
        ["AsAd", "KhKc", "7s6s"],
        "",
    ),
    (
        "hold'em AhKh v QsQd, flop Kd7c2h",
        "holdem",
        ["Ah Kh", "Qs Qd"],
        "Kd 7c 2h",
        "holdem",
        ["AhKh", "QsQd"],
        "Kd7c2h",
    ),
    ("short deck AhKh v QsQd, preflop", "short-deck", ["Ah Kh", "Qs Qd"], "", "short_deck", ["AhKh", "QsQd"], ""),
    (
        "omaha AsAdKcQd v JhTh9s8s, preflop",
        "omaha",
        ["As Ad Kc Qd", "Jh Th 9s 8s"],
        "",
        "omaha",
        ["AsAdKcQd", "JhTh9s8s"],
        "",
    ),
    (
        "omaha hi-lo As2d3cKh v Ad2c4sKd, flop",
        "omaha-hi-lo",
        ["As 2d 3c Kh", "Ad 2c 4s Kd"],
        "5h 8s Qd",
        "omaha_hi_lo",
        ["As2d3cKh", "Ad2c4sKd"],
        "5h8sQd",
    ),
    (
        "stud, fifth street",
        "stud",
        ["(Ah Kh) Qh Js 3c", "(2s 2d) 9h 4d 8c"],
        "",
        "stud",
        ["AhKhQhJs3c", "2s2d9h4d8c"],
        "",
    ),
    (
        "razz, fifth street",
        "razz",
        ["(Ah 2h) 3h 9c 6d", "(Ks Kd) Qh 4c 7c"],
        "",
        "razz",
        ["Ah2h3h9c6d", "KsKdQh4c7c"],
        "",
    ),
]

ALONE: list[tuple[str, Callable[[], Odds]]] = [
    ("hold'em AA v KK (36 hands a side), preflop, exact", lambda: odds("holdem", ["AA", "KK"])),
    (
        "stud heads-up on third street, 100,000 random deals",
        lambda: odds("stud", ["(Ah Kh) Qh", "(2s 2d) 9h"], trials=100_000, seed=1),
    ),
]


def best_times(runs: list[Callable[[], object]], repeats: int, budget: float = 0.3) -> list[float]:
    """The best of at least ``repeats`` timed runs of each, after one warm-up run, the runs taking
    turns; a quick spot runs again until each side has had about ``budget`` seconds (at most 200
    runs), so a busy machine's pauses do not decide it."""
    for run in runs:
        run()
    best = [math.inf] * len(runs)
    spent = 0.0
    for turn in range(200):
        if turn >= repeats and spent >= budget * len(runs):
            break
        for index, run in enumerate(runs):
            start = time.perf_counter()
            run()
            took = time.perf_counter() - start
            best[index] = min(best[index], took)
            spent += took
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per case (the best is shown)")
    parser.add_argument("--quick", action="store_true", help="one small spot each, once: proves the script runs")
    args = parser.parse_args()
    repeats = 1 if args.quick else args.repeats
    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        print("poker-equity is not installed (pip install -e '.[bench]'): homegame alone\n")
    spots = [SPOTS[2]] if args.quick else SPOTS
    print(f"{'spot':40} {'deals':>10} {'homegame':>10} {'poker-eq':>10} {'ratio':>7}  agree")
    ratios = []
    for name, game, hands, board, variant, peer_hands, peer_board in spots:

        def ours(game: str = game, hands: list[str] = hands, board: str = board) -> Odds:
            return odds(game, hands, board=board, exact=True)

        runs: list[Callable[[], object]] = [ours]
        if poker_equity is not None:
            runs.append(lambda v=variant, h=peer_hands, b=peer_board: poker_equity.exact_from_text(v, h, b))
        times = best_times(runs, repeats)
        result = ours()
        if poker_equity is None:
            print(f"{name:40} {result.deals:>10,} {times[0] * 1e3:>8.2f}ms")
            continue
        theirs = poker_equity.exact_from_text(variant, peer_hands, peer_board)
        shares = [share / theirs["samples"] for share in theirs["share_sum"]]
        agree = all(abs(p.equity - s) < 1e-9 for p, s in zip(result.players, shares, strict=True))
        ratios.append(times[0] / times[1])
        print(
            f"{name:40} {result.deals:>10,} {times[0] * 1e3:>8.2f}ms {times[1] * 1e3:>8.2f}ms "
            f"{times[0] / times[1]:>6.2f}x  {'yes' if agree else 'NO'}"
        )
    if ratios:
        geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"homegame/poker-equity: geomean {geomean:.2f}x, worst {max(ratios):.2f}x (at most 1: none slower)")
    print()
    for name, run in ALONE[:1] if args.quick else ALONE:
        (seconds,) = best_times([run], repeats)
        result = run()
        print(f"{name:58} {result.deals:>12,} {seconds * 1e3:>8.1f}ms {result.deals / seconds / 1e6:>8.1f}M/s")
    if not args.quick:
        (seconds,) = best_times([lambda: odds("holdem", ["Ah Kh", "Qs Qd"])], repeats)
        verdict = "meets" if seconds < 0.008 else "misses"
        print(
            f"\nexact heads-up preflop hold'em: {seconds * 1e3:.1f} ms, best of {repeats} ({verdict} the 8 ms target)"
        )


if __name__ == "__main__":
    main()
