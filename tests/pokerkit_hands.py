"""Hands PokerKit plays and writes as PHH, for replay on homegame (``tests/test_pokerkit_corpus.py``,
``bench/phh_pokerkit.py``): every variant homegame maps from a PHH code, seeded.

PokerKit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is built on its pot-limit
mixin, so the hands it writes as ``FO/8`` are bet pot-limit; the code names fixed limit (the PHH
standard, and homegame's ``omaha-hi-lo``), so the corpus deals FO/8 with PokerKit's fixed-limit
betting over the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

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
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)
from pokerkit.games import FixedLimitPokerMixin
from pokerkit.notation import HandHistory

Variant = Callable[[], Any]


class FixedLimitOmahaHiLo(FixedLimitPokerMixin, FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """PokerKit's FO/8 with the fixed-limit betting its name says (see the module docstring)."""


class History(HandHistory):
    """PokerKit's hand history, knowing the FO/8 above by its code."""

    variants: ClassVar[dict[type, str]] = {**HandHistory.variants, FixedLimitOmahaHiLo: "FO/8"}


AUTO = tuple(Automation)
"""Every chance step and the showdown (shown in full) automatic; the decisions are the caller's."""


def variants() -> dict[str, tuple[Variant, int]]:
    """PokerKit's games by PHH code (and the fewest players each is dealt to)."""
    blinds = (1, 2)
    return {
        "NT": (lambda: NoLimitTexasHoldem(AUTO, True, 0, blinds, 2), 2),
        "NT straddle": (lambda: NoLimitTexasHoldem(AUTO, True, 0, (1, 2, 4), 2), 3),
        "NS": (lambda: NoLimitShortDeckHoldem(AUTO, True, 1, (0, 2), 2), 2),
        "FT": (lambda: FixedLimitTexasHoldem(AUTO, True, 0, blinds, 2, 4), 2),
        "PO": (lambda: PotLimitOmahaHoldem(AUTO, True, 0, blinds, 2), 2),
        "FO/8": (lambda: FixedLimitOmahaHiLo(AUTO, True, 0, blinds, 2, 4), 2),
        "F7S": (lambda: FixedLimitSevenCardStud(AUTO, True, 1, 2, 5, 10), 2),
        "F7S/8": (lambda: FixedLimitSevenCardStudHighLowSplitEightOrBetter(AUTO, True, 1, 2, 5, 10), 2),
        "FR": (lambda: FixedLimitRazz(AUTO, True, 1, 2, 5, 10), 2),
        "N2L1D": (lambda: NoLimitDeuceToSevenLowballSingleDraw(AUTO, True, 0, blinds, 2), 2),
        "F2L3D": (lambda: FixedLimitDeuceToSevenLowballTripleDraw(AUTO, True, 0, blinds, 2, 4), 2),
        "FB": (lambda: FixedLimitBadugi(AUTO, True, 0, blinds, 2, 4), 2),
    }


def pokerkit_hand(make: Variant, fewest: int, seed: int) -> tuple[str, list[int]]:
    """One seeded random hand played by PokerKit (2 to 6 players, stacks from a few bets to many,
    random legal actions and discards): its PHH text and its finishing stacks."""
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
    return History.from_game_state(game, state).dumps(), list(state.stacks)
