"""Hands per second of ``homegame simulate`` past one core: on 1, 2, ... processes
(``--workers``) and on a local Dask cluster (``--dask``), with Dask's start-up cost shown apart.

Every run plays the same seeded sessions of 200 hands (so every run's report is the same, which
the script checks); the figures are wall-clock hands per second, each the best of ``--repeats``.
The Dask cluster is a ``LocalCluster`` of ``--workers``' largest number of worker processes, one
thread each; starting it (and the first, warming, session) is timed on its own, since a real
cluster is started once and serves many runs.

    python bench/scale.py [--game holdem] [--hands 4000] [--workers 1,2] [--repeats 2] [--quick]
"""

from __future__ import annotations

import argparse
import logging
import time
from typing import Any

from homegame.commands.simulate import Report, simulate_sessions


def timed(game: str, hands: int, seed: int, **where: Any) -> tuple[float, Report]:
    """Seconds for a simulation of ``hands`` hands, and its report."""
    start = time.perf_counter()
    report = simulate_sessions(game, hands=hands, seats=6, seed=seed, **where)
    return time.perf_counter() - start, report


def first(pair: tuple[float, Report]) -> float:
    """The seconds of a timed run."""
    return pair[0]


def same(first: Report, second: Report) -> bool:
    """The same report but the speed."""
    return (first.chips_start, first.chips_end, first.carried_over, first.broken) == (
        second.chips_start,
        second.chips_end,
        second.carried_over,
        second.broken,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="holdem", help="the game (default holdem)")
    parser.add_argument("--hands", type=int, default=4000, help="hands a run (default 4000)")
    parser.add_argument("--workers", default="1,2", help="numbers of processes, comma-separated (default 1,2)")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each (the best is shown)")
    parser.add_argument("--no-dask", action="store_true", help="leave out the local Dask cluster")
    parser.add_argument("--quick", action="store_true", help="a few hands, to prove the script runs")
    args = parser.parse_args()
    hands, repeats = (400, 1) if args.quick else (args.hands, args.repeats)
    counts = [int(part) for part in args.workers.split(",")]
    reference: Report | None = None
    base = 0.0
    timed(args.game, 200, 2, workers=1)  # this process loads the game and the ranking kernels once
    print(f"{args.game}, 6 seats, {hands} hands a run (sessions of 200), best of {repeats}:")
    for workers in counts:
        seconds, report = min((timed(args.game, hands, 1, workers=workers) for _ in range(repeats)), key=first)
        reference = reference or report
        base = base or hands / seconds
        rate = hands / seconds
        name = f"{workers} process{'es' if workers > 1 else ''}"
        print(f"  {name:22} {rate:9.0f} hands/s  {rate / base:5.2f}x  same report: {same(report, reference)}")
    if args.no_dask:
        return
    try:
        from distributed import LocalCluster
    except ImportError:
        print("  (dask.distributed is not installed: pip install 'homegame[dask]')")
        return
    start = time.perf_counter()
    quiet = logging.CRITICAL  # the workers' complaints as the cluster shuts down
    with LocalCluster(
        n_workers=max(counts), threads_per_worker=1, host="127.0.0.1", dashboard_address=None, silence_logs=quiet
    ) as cluster:
        address = cluster.scheduler_address
        timed(args.game, 200, 2, dask=address)  # the workers import homegame and load the game
        started = time.perf_counter() - start
        seconds, report = min((timed(args.game, hands, 1, dask=address) for _ in range(repeats)), key=first)
    rate = hands / seconds
    print(f"  local Dask cluster of {max(counts)} worker processes: start-up and first session {started:.1f} s, then")
    print(f"  {'':22} {rate:9.0f} hands/s  {rate / base:5.2f}x  same report: {same(report, reference)}")


if __name__ == "__main__":
    main()
