"""PHH files PokerKit writes, replayed by homegame: how many reach PokerKit's finishing stacks.

For each variant, PokerKit plays seeded random hands (2 to 6 players, stacks from a few bets to
many, random legal actions, random discards) and writes each as PHH; homegame replays the file
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
import random
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from homegame.history import loads
from homegame.history.replay import ReplayError, replay

Variant = Callable[[], Any]


def variants() -> dict[str, tuple[Variant, int]]:
    """PokerKit's games by PHH code (and the fewest players each is dealt to)."""
    from pokerkit import (
        Automation,
        FixedLimitBadugi,
        FixedLimitDeuceToSevenLowballTripleDraw,
        FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
        FixedLimitRazz,
        FixedLimitSevenCardStud,
        FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        FixedLimitTexasHoldem,
        NoLimitDeuceToSevenLowballSingleDraw,
        NoLimitTexasHoldem,
        PotLimitOmahaHoldem,
    )

    auto = tuple(Automation)  # every chance step and the showdown (shown in full); the decisions are ours
    blinds = (1, 2)
    return {
        "NT": (lambda: NoLimitTexasHoldem(auto, True, 0, blinds, 2), 2),
        "NT straddle": (lambda: NoLimitTexasHoldem(auto, True, 0, (1, 2, 4), 2), 3),
        "FT": (lambda: FixedLimitTexasHoldem(auto, True, 0, blinds, 2, 4), 2),
        "PO": (lambda: PotLimitOmahaHoldem(auto, True, 0, blinds, 2), 2),
        "FO/8": (lambda: FixedLimitOmahaHoldemHighLowSplitEightOrBetter(auto, True, 0, blinds, 2, 4), 2),
        "F7S": (lambda: FixedLimitSevenCardStud(auto, True, 1, 2, 5, 10), 2),
        "F7S/8": (lambda: FixedLimitSevenCardStudHighLowSplitEightOrBetter(auto, True, 1, 2, 5, 10), 2),
        "FR": (lambda: FixedLimitRazz(auto, True, 1, 2, 5, 10), 2),
        "N2L1D": (lambda: NoLimitDeuceToSevenLowballSingleDraw(auto, True, 0, blinds, 2), 2),
        "F2L3D": (lambda: FixedLimitDeuceToSevenLowballTripleDraw(auto, True, 0, blinds, 2, 4), 2),
        "FB": (lambda: FixedLimitBadugi(auto, True, 0, blinds, 2, 4), 2),
    }


def pokerkit_hand(make: Variant, fewest: int, seed: int) -> tuple[str, list[int]]:
    """One seeded random hand played by PokerKit: its PHH text and its finishing stacks."""
    from pokerkit.notation import HandHistory

    random.seed(seed)  # PokerKit shuffles with the module's generator
    rng = random.Random(seed)
    game = make()
    seats = rng.randint(fewest, 6)
    state = game(tuple(rng.choice((rng.randint(3, 40), rng.randint(50, 300))) for _ in range(seats)), seats)
    for _ in range(1000):
        if not state.status:
            break
        if state.can_stand_pat_or_discard():
            hole = state.hole_cards[state.stand_patter_or_discarder_index]
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
            continue
        choices = [
            name
            for name, can in (
                ("fold", state.can_fold()),
                ("call", state.can_check_or_call()),
                ("bring-in", state.can_post_bring_in()),
                ("raise", state.can_complete_bet_or_raise_to()),
            )
            if can
        ]
        choice = rng.choice(choices)
        if choice == "fold":
            state.fold()
        elif choice == "call":
            state.check_or_call()
        elif choice == "bring-in":
            state.post_bring_in()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.choice((low, high, rng.randint(low, high))))
    return HandHistory.from_game_state(game, state).dumps(), list(state.stacks)


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
