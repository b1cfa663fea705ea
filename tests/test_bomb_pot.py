"""Bomb pots: every seat antes the amount called, no blinds, no betting before the flop, the hand
starts at the flop; a game without a flop has none; a bomb-pot hand replays from its history."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots import RandomBot, play
from homegame.bots.choices import simplest
from homegame.engine.actions import ActionKind
from homegame.engine.events import Posted
from homegame.engine.table import Table
from homegame.errors import ParseError
from homegame.games import load, names
from homegame.history import dumps, loads
from homegame.history.export import to_phh
from homegame.history.replay import replay


def _games() -> list[str]:
    return sorted(name for name in names() if load(name).players[0] <= 3 <= load(name).players[1])


BETTING = {ActionKind.CHECK, ActionKind.CALL, ActionKind.BET_TO, ActionKind.RAISE_TO, ActionKind.FOLD}
FLOP = [name for name in _games() if any(step.deals_board for step in load(name).steps)]
NO_FLOP = [name for name in _games() if name not in FLOP]


def test_the_catalogue_has_games_with_and_without_a_flop() -> None:
    assert {"holdem", "omaha", "omaha-hi-lo", "pineapple"} <= set(FLOP)
    assert {"razz", "stud", "draw", "good-bad", "high-card-poker", "grocery-store"} <= set(NO_FLOP)


@pytest.mark.parametrize("name", NO_FLOP)
def test_a_game_without_a_flop_refuses_a_bomb_pot_with_its_reason(name: str) -> None:
    with pytest.raises(ParseError, match="has no flop: a bomb pot starts at the flop"):
        load(name).bomb_pot()


def _bomb(name: str, amount: int, stacks: list[int], seed: int) -> Table:
    table = Table(load(name), size=len(stacks), rng=random.Random(seed))
    for seat, stack in enumerate(stacks):
        table.sit(seat, f"p{seat}", stack)
    return table


@pytest.mark.parametrize("name", FLOP)
def test_every_seat_antes_no_blind_is_posted_and_the_first_decision_comes_after_the_flop(name: str) -> None:
    table = _bomb(name, 5, [200, 200, 200], seed=7)
    hand = table.deal(bomb=5)
    posted = [event for event in hand.events if isinstance(event, Posted)]
    assert sorted((event.seat, event.blind, event.amount) for event in posted) == [(s, "ante", 5) for s in range(3)]
    assert hand.pot == 15
    for _ in range(20):  # Pineapple's discard comes before the flop: a decision, but no betting
        if hand.board:
            break
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        assert not {option.kind for option in legal} & BETTING, f"no betting before the flop: {legal}"
        hand.act(seat, simplest(legal))
    flop = next(getattr(step, "board", 0) for step in load(name).steps if step.deals_board)
    assert len(hand.board) == flop and hand.pot == 15
    assert "Bomb pot" in hand.game.title or "bomb pot" in hand.game.title


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(FLOP),
    amount=st.integers(1, 60),
    stacks=st.lists(st.integers(1, 300), min_size=3, max_size=6),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_bomb_pot_conserves_chips_and_replays_from_its_history(
    name: str, amount: int, stacks: list[int], seed: int
) -> None:
    table = _bomb(name, amount, stacks, seed)
    hand = table.deal(bomb=amount)
    play(hand, [RandomBot(random.Random(seed))] * len(stacks))
    assert hand.result is not None and sum(hand.result.stacks) == sum(stacks)
    posted = {event.seat: event.amount for event in hand.events if isinstance(event, Posted)}
    assert all(posted[seat] == min(amount, stack) for seat, stack in enumerate(hand.setup.stacks))
    record = loads(dumps(to_phh(hand.history(), full=True)))
    assert record.extra.get("_bomb") is True
    assert replay(record).same is True, "replayed to the stacks the history gives"


def test_a_seat_that_owes_blinds_antes_in_a_bomb_pot_and_still_owes_them_after() -> None:
    table = _bomb("holdem", 5, [100, 100, 100], seed=1)
    occupant = table.seats[1]
    assert occupant is not None
    occupant.owes = ("big_blind",)
    hand = table.deal(bomb=5)
    assert sorted(event.blind for event in hand.events if isinstance(event, Posted)) == ["ante"] * 3
    assert occupant.owes == ("big_blind",), "a bomb pot posts no blind: what a seat owes waits for the next hand"
