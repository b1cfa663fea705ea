"""The bots' Monte Carlo equity (homegame.analysis.equity), judged from one seat's view."""

from __future__ import annotations

import random

from homegame.analysis.equity import estimate
from homegame.engine import Hand
from homegame.games import load


def test_a_low_total_can_win_elimination() -> None:
    # Elimination's low totals have negative keys (lower is better, kept greater-is-better by
    # negation): they must count as hands, not as "does not qualify".
    game = load("elimination")
    equity = estimate(game, Hand(game, [100, 100], seed=3).view(0), trials=300, rng=random.Random(1))
    assert dict(equity.sides)["low"] > 0


def test_an_omaha_low_that_misses_counts_for_nothing() -> None:
    # Seat 1 holds four high cards: it never makes an eight-or-better low, so the low half goes to
    # seat 0 whenever seat 0 makes one, and is never shared with seat 1.
    game = load("omaha-hi-lo")
    hand = Hand(game, [100, 100], deck="Kh As Kd Ad Qh 2c Jd 3d")
    equity = estimate(game, hand.view(1), trials=400, rng=random.Random(2))
    assert dict(equity.sides)["low"] == 0
