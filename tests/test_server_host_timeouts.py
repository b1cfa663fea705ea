"""A timeout never puts chips in and never takes a side (docs/protocol.md): one test a decision kind,
on the descriptors, and whole hands of the games with those decisions played by the clock alone."""

from __future__ import annotations

import pytest

from homegame.bots.choices import simplest
from homegame.cards import parse
from homegame.engine.actions import (
    ActionKind,
    CardsLegal,
    ChoiceLegal,
    DivideLegal,
    Legal,
    PlaceLegal,
    PlainLegal,
    Split,
)
from homegame.engine.wire import to_json
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
        ((ChoiceLegal(ActionKind.DECLARE, ("high", "low", "both")), FOLD), "fold"),  # a declaration: fold
        ((BUY, PlainLegal(ActionKind.DECLINE)), "decline"),  # a card for a price (buy, twist, the store)
        ((BUY, FOLD), "fold"),  # Baseball's open three: pay the pot or fold
        ((PlainLegal(ActionKind.PUSH, chips=5), PlainLegal(ActionKind.KEEP)), "keep"),  # a push, The Option
        ((CardsLegal(ActionKind.DRAW, tuple(parse("As Kd Qh")), min=0, max=3),), "draw"),  # stand pat
        ((PlainLegal(ActionKind.BRING_IN, chips=2), PlainLegal(ActionKind.COMPLETE, chips=5)), "bring_in"),
    ],
    ids=[
        "check",
        "fold",
        "guts-out",
        "declare-fold",
        "buy-decline",
        "pay-or-fold",
        "push-keep",
        "draw-stand-pat",
        "bring-in",
    ],
)
def test_a_timeout_takes_the_choice_that_costs_nothing(legal: tuple[Legal, ...], taken: str) -> None:
    action = timed_out(legal)
    assert str(action) == taken
    assert getattr(action, "cards", ()) == ()


@pytest.mark.parametrize(
    ("legal", "taken"),
    [
        (CardsLegal(ActionKind.DISCARD, tuple(parse("As Kd Qh")), min=1, max=2), "discard As"),
        (CardsLegal(ActionKind.ROLL, tuple(parse("As Kd Qh")), min=1, max=1), "roll As"),
        (CardsLegal(ActionKind.PASS, tuple(parse("As Kd Qh")), min=1, max=1), "pass As"),
        (PlaceLegal(ActionKind.PLACE, tuple(parse("Kd 7c")), rows=("front", "back")), "place Kd front"),
    ],
    ids=["discard", "roll", "pass", "place"],
)
def test_a_timed_out_free_decision_takes_the_least_of_it(legal: Legal, taken: str) -> None:
    """A decision that costs nothing and must be made (a discard, a card rolled, passed or placed):
    the fewest cards the descriptor allows, the first of them."""
    assert str(timed_out((legal,))) == taken


def test_a_timed_out_split_is_the_default_strongest_first() -> None:
    cards = tuple(parse("As Ad 7c 7d 2h 3s 9c"))
    action = timed_out((DivideLegal(ActionKind.SPLIT, cards, sizes=(5, 2)),))
    assert isinstance(action, Split)
    five, two = action.hands
    assert set(five) == set(parse("As Ad 7c 7d 9c")) and set(two) == set(parse("2h 3s"))


@pytest.mark.parametrize(
    "game", ["holdem", "guts", "push", "the-option", "draw-twist", "pi-gow-stud", "stud-declare", "baseball"]
)
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
    assert not [
        action
        for action in acted
        if str(action).split()[:2] in (["declare", "high"], ["declare", "low"], ["declare", "both"])
    ]


def test_a_seat_timed_out_at_the_declaration_folds_and_the_others_declarations_stand() -> None:
    """Stud high-low declare: everyone calls to the declaration, two seats declare, the third's
    clock runs out: it folds, and the two who declared play for the pot as they chose."""
    clock = Clock()
    table = make(now=clock, game="stud-declare", seats=3, stack=200, clock={"seconds": 1})
    run(table)
    for _ in range(200):  # bounded: everyone checks or calls until the declaration
        hand = table.hand
        assert hand is not None
        if hand.step is not None and hand.step.kind == "declare":
            break
        seat = table.dealt[hand.pending()[0]]
        table.act(seat, table.number, table.seq, to_json(simplest(hand.legal_actions(table.dealt.index(seat)))))
        run(table)
    hand = table.hand
    assert hand is not None and hand.step is not None and hand.step.kind == "declare", (
        "the hand reached the declaration"
    )
    first, second, late = (table.dealt[seat] for seat in hand.pending())
    table.act(first, table.number, table.seq, {"kind": "declare", "side": "high"})
    table.act(second, table.number, table.seq, {"kind": "declare", "side": "low"})
    clock.now += 2000
    run(table)
    assert table.previous is not None, "the hand ended"
    acted = {
        table.dealt[seat]: str(action)
        for seat, action in table.previous.actions
        if "declare" in str(action) or str(action) == "fold"
    }
    assert acted[late] == "fold"
    assert acted[first] == "declare high" and acted[second] == "declare low"
