"""The casino games of rules 004 (issue 6): "Popular poker variants", "more common rule variations",
and the games named after them. Each test quotes the sentence of the document it checks."""

from __future__ import annotations

from homegame.engine import Hand, RaiseTo
from homegame.games import load


def kinds(hand: Hand, seat: int) -> list[str]:
    return [legal.kind for legal in hand.legal_actions(seat)]


def test_nobody_raises_when_nobody_is_left_to_answer() -> None:
    # Seat 0 is all in for 30; the big blind has 20 in all: the small blind may call or fold, no more.
    hand = Hand(load("holdem"), [30, 300, 20], button=0, seed=1)
    hand.act(0, RaiseTo(30))
    assert kinds(hand, 1) == ["fold", "call"]
