"""PHH files PokerKit writes, replayed by homegame: how many reach PokerKit's finishing stacks.

For each variant, PokerKit plays seeded random hands (``tests/pokerkit_hands.py``: 2 to 6 players,
stacks from a few bets to many, random legal actions, random discards) and writes each as PHH; homegame replays the file
under the casino rules and under ``--rules pokerkit``. A hand counts as ``same`` when the replay
ends with PokerKit's stacks, ``diff`` when it ends elsewhere, ``refused`` when replay refuses it
(under the casino rules, a hand PokerKit played under its own readings is refused with the rule
named: that is the intended answer, not a failure).

    python bench/phh_pokerkit.py [--hands N] [--dump DIR]

``--dump`` writes the files that do not reach PokerKit's stacks under ``--rules pokerkit``, each
with the reason in a last comment line.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections import Counter
from pathlib import Path

from homegame.history import loads
from homegame.history.replay import ReplayError, replay

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from pokerkit_hands import pokerkit_hand, variants  # the corpus the tests replay too


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands a variant (default 200)")
    parser.add_argument("--dump", type=Path, help="write the files that differ under --rules pokerkit here")
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PokerKit warns when a dealt card is not from its own deck order
    counts: Counter[tuple[str, str, str]] = Counter()
    for code, (make, fewest) in variants().items():
        for seed in range(args.hands):
            text, stacks = pokerkit_hand(make, fewest, seed)
            for rules in ("casino", "pokerkit"):
                try:
                    played = replay(loads(text), rules=rules)
                except ReplayError as error:
                    outcome, reason = "refused", str(error)
                else:
                    same = [int(stack) for stack in played.finishing_stacks] == stacks
                    outcome, reason = ("same", "") if same else ("diff", f"ours {played.finishing_stacks}")
                counts[code, rules, outcome] += 1
                if args.dump and rules == "pokerkit" and outcome != "same":
                    args.dump.mkdir(parents=True, exist_ok=True)
                    name = f"{code.replace('/', '8').replace(' ', '-')}-{seed}.phh"
                    (args.dump / name).write_text(f"{text}\n# {reason}, PokerKit's {stacks}\n")
    print(f"{args.hands} hands a variant; same / diff / refused")
    print(f"{'variant':<12} {'casino':>16} {'--rules pokerkit':>18}")
    for code in variants():
        cells = [
            "/".join(str(counts[code, rules, outcome]) for outcome in ("same", "diff", "refused"))
            for rules in ("casino", "pokerkit")
        ]
        print(f"{code:<12} {cells[0]:>16} {cells[1]:>18}")


if __name__ == "__main__":
    main()
