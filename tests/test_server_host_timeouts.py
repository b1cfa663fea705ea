"""A timeout never puts chips in and never takes a side (docs/protocol.md): one test a decision kind,
on the descriptors, and whole hands of the games with those decisions played by the clock alone."""

from __future__ import annotations

import pytest

from homegame.cards import parse
from homegame.engine.actions import ActionKind, CardsLegal, ChoiceLegal, DivideLegal, Legal, PlainLegal, Split
from homegame.server.timeouts import timed_out
from server_helpers import Clock, make, run

FOLD, CHECK, CALL = PlainLegal(ActionKind.FOLD), PlainLegal(ActionKind.CHECK), PlainLegal(ActionKind.CALL, chips=10)
RAISE = PlainLegal(ActionKind.RAISE_TO, chips=20)
BUY = ChoiceLegal(ActionKind.BUY, ("card",), prices=(5,))
CHIPS = {"call", "bet_to", "raise_to", "complete", "buy", "push"}
"""Chips a player chooses to put in (a bring-in is forced: the seat that owes it has no fold)."""


@pytest.mark.parametrize(
    ("legal", "taken"),
    [
        ((CHECK, RAISE), "check"),  # a bet, nothing to call: check
        ((FOLD, CALL, RAISE), "fold"),  # a bet to call: fold
        ((ChoiceLegal(ActionKind.DECLARE, ("in", "out")),), "declare out"),  # Guts: out
        ((BUY, PlainLegal(ActionKind.DECLINE)), "decline"),  # a card for a price (buy, twist, the store)
        ((PlainLegal(ActionKind.PUSH, chips=5), PlainLegal(ActionKind.KEEP)), "keep"),  # a push, The Option
        ((CardsLegal(ActionKind.DRAW, tuple(parse("As Kd Qh")), min=0, max=3),), "draw"),  # stand pat
    ],
    ids=["check", "fold", "guts-out", "buy-decline", "push-keep", "draw-stand-pat"],
)
def test_a_timeout_takes_the_choice_that_costs_nothing(legal: tuple[Legal, ...], taken: str) -> None:
    action = timed_out(legal)
    assert str(action) == taken
    assert getattr(action, "cards", ()) == ()


def test_a_timed_out_split_is_the_default_strongest_first() -> None:
    cards = tuple(parse("As Ad 7c 7d 2h 3s 9c"))
    action = timed_out((DivideLegal(ActionKind.SPLIT, cards, sizes=(5, 2)),))
    assert isinstance(action, Split)
    five, two = action.hands
    assert set(five) == set(parse("As Ad 7c 7d 9c")) and set(two) == set(parse("2h 3s"))


@pytest.mark.parametrize("game", ["holdem", "guts", "push", "the-option", "draw-twist", "pi-gow-stud"])
def test_a_hand_played_by_the_clock_alone_puts_no_chip_in_and_takes_no_side(game: str) -> None:
    clock = Clock()
    table = make(now=clock, game=game, seats=3, stack=200, clock={"seconds": 1})
    for _ in range(200):  # bounded: each pass lets every clock run out
        run(table)
        if table.number and table.hand is None:
            break
        clock.now += 2000
    assert table.previous is not None, "the hand ended"
    acted = [action for _, action in table.previous.actions]
    assert acted and not [str(action) for action in acted if str(action.kind) in CHIPS]
    if game == "guts":
        assert {str(action) for action in acted} == {"declare out"}
