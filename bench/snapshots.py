"""The server's snapshots without sockets: the CPU time a table's move costs in the messages it
makes, every seat's snapshot (a seat's view as JSON text, with the table's parts), as ``broadcast``
sends them after each change. In-process, tables of six caller bots playing hold'em; the best and
the median of several runs of process time, which the other programs on the machine disturb less
than the wall clock of ``bench/server.py``.

    python bench/snapshots.py [--tables 10] [--moves 1000] [--runs 7] [--game holdem]
"""

from __future__ import annotations

import argparse
import statistics
import time

from homegame.server.app import _message
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import ServerTable

SEATS = 6


def run(tables: int, moves: int, game: str) -> float:
    """Seconds of process time the snapshots of ``moves`` moves took (after a few to start)."""
    settings = {"game": game, "seats": SEATS, "stack": 10_000, "bots": SEATS, "bot_level": "caller"}
    config = TableConfig.from_json(settings)
    store = Store(":memory:")
    made = [ServerTable.create(f"t{index}", config, store) for index in range(tables)]
    for table in made * 2:
        table.moves.auto(table.now())
    spent = 0.0
    for _ in range(max(1, moves // tables)):
        for table in made:
            table.moves.auto(table.now())
            began = time.process_time()
            for seat in range(SEATS):
                _message(table, "state", state=table.snapshot_text(seat))
            spent += time.process_time() - began
    store.close()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10, help="tables played in turn (default 10)")
    parser.add_argument("--moves", type=int, default=1000, help="moves timed a run (default 1000)")
    parser.add_argument("--runs", type=int, default=7, help="runs (default 7)")
    parser.add_argument("--game", default="holdem")
    args = parser.parse_args()
    moves = max(1, args.moves // args.tables) * args.tables
    times = [1000 * run(args.tables, args.moves, args.game) / moves for _ in range(args.runs)]
    print(
        f"{args.game}, {SEATS} seats: the snapshots of a move {min(times):.3f} ms of CPU at best, "
        f"{statistics.median(times):.3f} ms the median of {args.runs} runs of {moves} moves"
    )


if __name__ == "__main__":
    main()
