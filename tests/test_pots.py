"""Pots in whole chips: main and side pots, and sharing with odd chips (issue 5)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.engine.pots import Pot, build_pots, share


def test_three_all_ins_make_a_main_pot_and_two_side_pots() -> None:
    pots = build_pots([50, 100, 150, 150], [True, True, True, True])
    assert pots == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(100, (2, 3))]


def test_folded_chips_stay_in_the_pots_they_reached() -> None:
    # Seat 3 put in 80 and folded: 50 of it is in the main pot, 30 in the side pot.
    pots = build_pots([50, 100, 100, 80], [True, True, True, False])
    assert pots == [Pot(200, (0, 1, 2)), Pot(130, (1, 2))]


def test_dead_chips_go_to_a_pot_every_live_seat_may_win() -> None:
    assert build_pots([10, 10], [True, True], dead=7) == [Pot(27, (0, 1))]
    assert build_pots([0, 10, 10], [True, True, True], dead=6) == [Pot(6, (0, 1, 2)), Pot(20, (1, 2))]


def test_empty() -> None:
    assert build_pots([0, 0, 0], [True, False, True]) == []


def test_share_gives_odd_chips_to_the_first_claimants() -> None:
    assert share(5, [2, 0]) == [3, 2]
    assert share(7, ["a", "b", "c"]) == [3, 2, 2]
    assert share(11, ["high", "low"]) == [6, 5]
    assert share(9, ["x", "y"], [2, 1]) == [6, 3]
    with pytest.raises(ValueError):
        share(3, [])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=1, max_size=10), st.integers(0, 50))
def test_pots_hold_every_chip_and_nest(seats_data: list[tuple[int, bool]], dead: int) -> None:
    committed = [put for put, _ in seats_data]
    live = [alive for _, alive in seats_data]
    pots = build_pots(committed, live, dead)
    if any(live) and sum(committed) + dead:
        assert sum(pot.amount for pot in pots) == sum(committed) + dead
    for pot in pots:
        assert pot.amount > 0 or dead == 0
        assert all(live[seat] for seat in pot.eligible)
    for earlier, later in pairwise(pots):
        assert set(later.eligible) < set(earlier.eligible)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(1, 5), min_size=1, max_size=9))
def test_share_adds_up_and_is_fair(amount: int, weights: list[int]) -> None:
    parts = share(amount, list(range(len(weights))), weights)
    assert sum(parts) == amount
    for part, weight in zip(parts, weights, strict=True):
        exact = amount * weight / sum(weights)
        assert exact - 1 < part < exact + len(weights)
    equal = share(amount, list(range(len(weights))))
    assert max(equal) - min(equal) <= 1
    assert equal == sorted(equal, reverse=True)
