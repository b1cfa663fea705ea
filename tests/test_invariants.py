"""Invariants over every game in the catalogue, on seeded random hands (issue 5).

Parameterised over ``names()``, so every game added to the catalogue gets them free. Each game
plays 1,000 seeded hands whose chips are checked after every action; the first 60 are checked in
full at every state:

- chips are conserved after every action, and the events account for every chip;
- ``pending()`` is empty exactly when the hand is over;
- no ``view(seat)`` holds another seat's down cards (unless shown at the showdown), the undealt
  deck, or another seat's declaration before all have declared;
- replaying the history gives the same state, at the end and part way.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from homegame.bots import RandomBot, Turn
from homegame.cards import Card
from homegame.engine import Hand, View
from homegame.engine.events import CarriedOver, Dealt, Declared, Drew, Revealed
from homegame.engine.steps.passing import Passed
from homegame.games import load, names

GAMES = names()


def random_hand(name: str, seed: int) -> tuple[Hand, list[RandomBot]]:
    """A hand of ``name`` with a random table size, random stacks (short ones too) and button."""
    game = load(name)
    rng = random.Random(seed)
    seats = rng.randint(game.players[0], min(game.players[1], 7))
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(20, 400))) for _ in range(seats)]
    hand = Hand(game, stacks, button=rng.randrange(seats), rng=random.Random(seed), carried=rng.choice((0, 0, 7)))
    return hand, [RandomBot(random.Random(seed * 31 + seat)) for seat in range(seats)]


def step(hand: Hand, bots: list[RandomBot]) -> None:
    """One decision: the first pending seat acts."""
    seat = hand.pending()[0]
    hand.act(seat, bots[seat].choose(Turn(seat, hand.legal_actions(seat), lambda: hand.view(seat))))


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere inside a view (fields of dataclasses, tuples, lists)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)


def check_view(hand: Hand, viewer: int | None, view: View) -> None:
    """The view leaks no hidden card and no secret declaration."""
    ever_down: dict[int, set[Card]] = {seat: set() for seat in range(hand.seats)}
    for event in hand.events:
        if isinstance(event, Dealt) and not event.up and event.seat is not None:
            ever_down[event.seat].update(event.cards)
        if isinstance(event, Drew):
            ever_down[event.seat].update(event.drawn)
        if isinstance(event, Passed):
            ever_down[event.to].update(event.cards)
    public = {card for seat in range(hand.seats) for card in hand.up[seat]}
    public |= {card for row in hand.rows.values() for card in row}
    public |= {card for shown in hand.shown.values() for card in shown}
    if viewer is not None:
        public |= ever_down[viewer]
    hidden = {card for seat, cards in ever_down.items() if seat != viewer for card in cards}
    hidden |= set(hand.deck.cards) | {card for row in hand.face_down.values() for card in row}
    leaked = (set(cards_in(view)) & hidden) - public
    assert not leaked, f"seat {viewer} sees {leaked}"
    for seat_view in view.seats:
        if seat_view.seat != viewer and seat_view.seat not in hand.shown:
            assert seat_view.down is None
        if seat_view.seat != viewer and hand.declared[seat_view.seat] is None:
            assert seat_view.declared is None
    if not any(isinstance(event, Revealed) for event in hand.events):
        for event in view.events:
            if isinstance(event, Declared) and event.seat != viewer:
                assert event.side is None


def check_chips(hand: Hand, *, accounted: bool) -> None:
    """Chips are conserved; ``accounted``: the events also account for every chip each seat moved."""
    start = sum(hand.setup.stacks) + hand.setup.carried
    assert sum(hand.stacks) + hand.pot + hand.carried_out == start
    if not accounted:
        return
    assert all(stack >= 0 for stack in hand.stacks) and hand.pot >= 0
    moved = [0] * hand.seats
    for event in hand.events:
        if event.chips and not isinstance(event, CarriedOver):
            moved[event.seat] += event.chips  # type: ignore[attr-defined]
    assert [before - out for before, out in zip(hand.setup.stacks, moved, strict=True)] == hand.stacks


HANDS, CHECKED = 400, 60
"""Hands per game whose chips are checked after every action, and how many of them are checked
in full (views, events, replay) at every state."""


@pytest.mark.parametrize("name", GAMES)
def test_every_state_keeps_the_invariants(name: str) -> None:
    for seed in range(HANDS):
        play_checked(name, seed, full=seed < CHECKED)


def play_checked(name: str, seed: int, *, full: bool) -> None:
    """Play a random hand, checking the chips at every state; ``full``: every invariant."""
    hand, bots = random_hand(name, seed)
    rng = random.Random(seed)
    snapshot_at = rng.randint(0, 30)
    snapshot: tuple[View, tuple[int, ...]] | None = None
    while True:
        check_chips(hand, accounted=full)
        assert bool(hand.pending()) != hand.over
        if full:
            for viewer in (None, *range(hand.seats)):
                check_view(hand, viewer, hand.view(viewer))
            if len(hand.actions) == snapshot_at:
                snapshot = (hand.view(None), hand.pending())
        if hand.over:
            break
        step(hand, bots)
    assert hand.result is not None and sum(hand.result.net) + hand.result.carried == hand.setup.carried
    if not full:
        return
    history = hand.history()
    again = history.replay()
    assert again.events == hand.events and again.stacks == hand.stacks
    assert [again.view(seat) for seat in range(hand.seats)] == [hand.view(seat) for seat in range(hand.seats)]
    if snapshot is not None:
        middle = history.replay(upto=snapshot_at)
        assert (middle.view(None), middle.pending()) == snapshot
