"""``Hand.clone()``: a copy of a hand that plays on exactly as the hand itself would, sharing
nothing it could change, in every game of the catalogue."""

from __future__ import annotations

import random

import pytest

from homegame.engine import Hand
from homegame.engine.actions import Action
from homegame.games import names
from test_invariants import random_hand, step

GAMES = names()


def finish(hand: Hand, actions: list[tuple[int, Action]]) -> None:
    """Play ``actions`` on ``hand`` in order."""
    for seat, action in actions:
        hand.act(seat, action)


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_plays_on_as_the_hand_would(name: str) -> None:
    hand, bots = random_hand(name, 7)
    rng = random.Random(name)
    at = rng.randint(0, 12)
    twin: Hand | None = None
    while not hand.over:
        if len(hand.actions) == at:
            twin = hand.clone()
        step(hand, bots)
    if twin is None:  # the hand ended before: clone it over
        twin, at = hand.clone(), len(hand.actions)
    later = hand.actions[at:]
    before = [twin.view(seat) for seat in (None, *range(twin.seats))]
    finish(twin, later)
    assert twin.events == hand.events and twin.result == hand.result
    assert [twin.view(seat) for seat in (None, *range(twin.seats))] == [
        hand.view(seat) for seat in (None, *range(hand.seats))
    ]
    assert twin.history() == hand.history()
    replayed = hand.history().replay(at)  # the clone's moves changed nothing of the hand it came from
    assert [replayed.view(seat) for seat in (None, *range(hand.seats))] == before


def test_a_clone_shuffles_from_the_source_it_is_given() -> None:
    hand, _ = random_hand("draw", 3)
    twin = hand.clone(random.Random(5))
    assert twin.chance.rng is not hand.chance.rng and twin.chance.log == hand.chance.log
    assert twin.deck.cards == hand.deck.cards and twin.deck.cards is not hand.deck.cards
    assert twin.board is twin.rows["board"] and twin.board is not hand.board
