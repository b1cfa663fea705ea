"""Rules fidelity, the corners casino and home players notice (issue 19): each test quotes the
clause it holds, or names the casino convention and the house rule that turns it off."""

from __future__ import annotations

from homegame.engine import Hand
from homegame.engine.events import Won
from homegame.games import load
from test_casino import check_down, stacked


def winners(hand: Hand) -> set[int]:
    return {event.seat for event in hand.events if isinstance(event, Won)}


def test_short_deck_triton_order_is_a_house_rule() -> None:
    # Item 4: short-deck hold'em as Triton plays it, three of a kind over a straight (a flush
    # still over a full house); by default the ordinary order, where the straight wins.
    game = load("short-deck")
    deck = stacked(game, 2, 1, {0: "6c 6d", 1: "Tc Jd"}, "6h 7s 8d 9h Kc")

    def showdown(**options: object) -> set[int]:
        hand = Hand(game, [100, 100], button=1, deck=deck, options=options)
        check_down(hand)
        return winners(hand)

    assert showdown() == {1}
    assert showdown(three_of_a_kind_beats_straight=True) == {0}
    assert "three_of_a_kind_beats_straight" in game.rules
