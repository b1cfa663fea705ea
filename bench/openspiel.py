"""homegame through OpenSpiel: external-sampling MCCFR on Kuhn poker beside OpenSpiel's own
``python_kuhn_poker``, and what copying a state and moving it on one step costs late in a hand
beside early (a 7-card stud state: a copy of the hand, never the history replayed).

Both solvers run the same iterations from the same seed in the same run, interleaved, best of
``--repeats``; the figure to read is the ratio (homegame's time over OpenSpiel's: at most 1 is the
goal). The stud figures time ``state.clone()`` and ``apply_action`` on the clone at third street
(early) and seventh (late), the child rebuilt each time (the game's cache of shared states
emptied), beside rebuilding the same states by replaying their history, as states did before.

    python bench/openspiel.py [--iterations N] [--repeats R] [--quick]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr
from open_spiel.python.games import kuhn_poker  # registers python_kuhn_poker

from homegame import openspiel

assert kuhn_poker


def mccfr_seconds(name: str, params: dict[str, Any], iterations: int) -> float:
    """Seconds for ``iterations`` of external-sampling MCCFR (seeded)."""
    game = pyspiel.load_game(name, params)
    np.random.seed(1)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game, external_sampling_mccfr.AverageType.SIMPLE)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    return time.perf_counter() - start


def stud_states(seed: int) -> tuple[Any, Any, Any]:
    """A 3-handed stud game, a state at third street's first decision and one at seventh's."""
    game = pyspiel.load_game("python_homegame", {"game": "stud", "players": 3, "stacks": 500})
    rng = random.Random(seed)
    state = game.new_initial_state()
    early = None
    while True:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        if early is None:
            early = state.clone()
        if len(state.hand.board) == 0 and all(len(state.hand.cards(seat)) == 7 for seat in range(3)):
            return game, early, state
        legal = state.legal_actions()
        call = [action for action in legal if state.action_to_string(action).startswith(("call", "check"))]
        state.apply_action(call[0] if call else legal[0])


def per_call(run: Callable[[], object], count: int, repeats: int) -> float:
    """Microseconds a call, best of ``repeats`` runs of ``count``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(count):
            run()
        best = min(best, time.perf_counter() - start)
    return best / count * 1e6


def clone_and_apply(game: Any, state: Any) -> Callable[[], object]:
    """Copy ``state`` and move the copy on by its first legal action, its child built afresh."""
    action = state.legal_actions()[0]

    def run() -> object:
        state._deal.node.children.clear()
        game.nodes = 0
        twin = state.clone()
        twin.apply_action(action)
        return twin

    return run


def replay(game: Any, state: Any) -> Callable[[], object]:
    """Build ``state``'s hand by replaying its history (what every new state did before)."""
    node = state._deal.node
    return lambda: openspiel._Node.replay(game, node.decided, node.actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000, help="MCCFR iterations a run")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each side (the best is shown)")
    parser.add_argument("--quick", action="store_true", help="a few iterations, to prove the script runs")
    args = parser.parse_args()
    iterations, repeats, calls = (20, 1, 5) if args.quick else (args.iterations, args.repeats, 300)
    ours, theirs = float("inf"), float("inf")
    for _ in range(repeats):
        theirs = min(theirs, mccfr_seconds("python_kuhn_poker", {}, iterations))
        ours = min(ours, mccfr_seconds("python_homegame", {"game": "kuhn"}, iterations))
    print(f"external-sampling MCCFR on Kuhn, {iterations} iterations, best of {repeats}:")
    print(f"  python_kuhn_poker {theirs:.3f} s, homegame {ours:.3f} s: homegame/OpenSpiel {ours / theirs:.2f}x")
    game, early, late = stud_states(seed=3)
    times = {
        name: (per_call(make(game, early), calls, repeats), per_call(make(game, late), calls, repeats))
        for name, make in (("clone and apply", clone_and_apply), ("replay the history", replay))
    }
    print(f"7-card stud, 3 players, {len(late.history())} steps at seventh street ({len(early.history())} at third):")
    for name, (first, last) in times.items():
        print(f"  {name:20} third street {first:8.0f} us, seventh {last:8.0f} us: late/early {last / first:.2f}x")


if __name__ == "__main__":
    main()
