"""Known hands played through the engine: side pots, declare and the pig, odd chips, carry-over,
the draw's reshuffle, views and replay (issue 5; declare as rules 000 and 003 say)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from homegame.bots import RandomBot, play
from homegame.cards import parse
from homegame.engine import BringIn, Call, Check, Declare, Draw, Fold, Hand, RaiseTo
from homegame.engine.events import CarriedOver, Dealt, Declared, Reshuffled, Revealed, Won
from homegame.errors import IllegalActionError
from homegame.games import load


def wins(hand: Hand) -> list[tuple[int, int, int, str]]:
    """(seat, amount, pot, side) of every award."""
    return [(won.seat, won.amount, won.pot, won.side) for won in hand.events if isinstance(won, Won)]


# -- hold'em: three all-ins and side pots -------------------------------------------------------


def test_holdem_three_all_ins_make_side_pots_and_each_goes_to_its_best_hand() -> None:
    # Button 3: seat 0 small blind, seat 1 big blind, seat 2 first. Aces, kings, queens, jacks.
    deck = "As Kc Qd Jh  Ad Kd Qc Js  4h 2c 7d 9h  4d 3s  6h 5c"
    hand = Hand(load("holdem"), [50, 100, 150, 300], button=3, deck=deck)
    hand.act(2, RaiseTo(150))
    hand.act(3, Call())
    hand.act(0, Call())
    hand.act(1, Call())
    assert hand.over and [str(card) for card in hand.board] == ["2c", "7d", "9h", "3s", "5c"]
    assert wins(hand) == [(0, 200, 0, "high"), (1, 150, 1, "high"), (2, 100, 2, "high")]
    assert hand.stacks == [200, 150, 100, 150]
    assert hand.result is not None and hand.result.net == (150, 50, -50, -150)
    names = [won.hand for won in hand.events if isinstance(won, Won)]
    assert names == ["pair of aces", "pair of kings", "pair of queens"]


def test_a_tie_splits_and_the_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # Button 0: the small blind (seat 1) folds; seats 2 and 0 play the board's royal flush.
    deck = "2c 3d 4h  5c 6d 7h  8c As Ks Qs  9d Js  8h Ts"
    hand = Hand(load("holdem"), [100, 100, 100], button=0, deck=deck)
    hand.act(0, Call())
    hand.act(1, Fold())
    hand.act(2, Check())
    for _ in range(3):
        hand.act(2, Check())
        hand.act(0, Check())
    assert wins(hand) == [(2, 3, 0, "high"), (0, 2, 0, "high")]


def test_by_house_rule_the_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    deck = "2c 3d 4h  5c 6d 7h  8c As Ks Qs  9d Js  8h Ts"
    hand = Hand(load("holdem"), [100, 100, 100], button=0, deck=deck, options={"odd_chip": "suit"})
    hand.act(0, Call())
    hand.act(1, Fold())
    hand.act(2, Check())
    for _ in range(3):
        hand.act(2, Check())
        hand.act(0, Check())
    assert wins(hand) == [(0, 3, 0, "high"), (2, 2, 0, "high")]  # seat 0's 7h beats seat 2's 6d


# -- seven-card stud high-low declare -----------------------------------------------------------

# Seats 0, 1, 2 (button 2), dealt in turn: two down, one up, three up, one down.
# Seat 0: 2h 3h | Kd 4h 5h Kc | 9h  -> a heart flush for high, 9-5-4-3-2 for low
# Seat 1: Ac 2c | Qs 3d 4s Qd | 6c  -> 6-4-3-2-A for low
# Seat 2: Ts Td | 2s 7s 8d Jc | Js  -> jacks and tens for high
STUD = "2h Ac Ts  3h 2c Td  Kd Qs 2s  4h 3d 7s  5h 4s 8d  Kc Qd Jc  9h 6c Js"


def stud_to_declare() -> Hand:
    hand = Hand(load("stud-declare"), [100, 100, 100], button=2, deck=STUD)
    assert hand.pending() == (2,)  # the 2s brings in
    hand.act(2, BringIn())
    hand.act(0, Call())
    hand.act(1, Call())
    while hand.pending() and len(hand.pending()) == 1:
        hand.act(hand.pending()[0], Check())
    assert hand.pending() == (0, 1, 2) and hand.pot == 9
    return hand


def test_stud_declare_the_pig_who_loses_one_way_wins_nothing() -> None:
    hand = stud_to_declare()
    hand.act(0, Declare("both"))  # the flush wins high, but 9-low loses to 6-low
    hand.act(1, Declare("low"))
    hand.act(2, Declare("high"))
    # The pot is shared as if seat 0 had folded: high to seat 2 (with the odd chip), low to seat 1.
    assert wins(hand) == [(2, 5, 0, "high"), (1, 4, 0, "low")]
    assert hand.stacks == [97, 101, 102]


def test_stud_declare_a_pig_who_wins_both_ways_scoops() -> None:
    hand = stud_to_declare()
    hand.act(0, Declare("both"))
    hand.act(1, Declare("high"))
    hand.act(2, Declare("high"))
    # Nobody else declared low: seat 0 wins high outright and low unopposed.
    assert wins(hand) == [(0, 5, 0, "high"), (0, 4, 0, "low")]


def test_stud_declare_if_nobody_declares_a_side_the_other_takes_the_pot() -> None:
    hand = stud_to_declare()
    for seat in (0, 1, 2):
        hand.act(seat, Declare("high"))
    assert wins(hand) == [(0, 9, 0, "high")]


def test_stud_declare_a_tie_counts_as_a_loss_for_the_pig() -> None:
    # Seat 1 gets the same 6-4-3-2-A low as seat 0 now holds (seat 0's 9h becomes 6h).
    hand = Hand(load("stud-declare"), [100, 100, 100], button=2, deck=STUD.replace("9h", "6h"))
    hand.act(2, BringIn())
    hand.act(0, Call())
    hand.act(1, Call())
    while len(hand.pending()) == 1:
        hand.act(hand.pending()[0], Check())
    hand.act(0, Declare("both"))
    hand.act(1, Declare("low"))
    hand.act(2, Declare("high"))
    assert wins(hand) == [(2, 5, 0, "high"), (1, 4, 0, "low")]


def test_declarations_stay_secret_until_everyone_has_chosen() -> None:
    hand = stud_to_declare()
    events = hand.act(1, Declare("low"))
    assert events == (Declared(1, "low"),)
    assert hand.view(0).seats[1].declared is None and hand.view(0).seats[1].has_declared
    assert hand.view(1).seats[1].declared == "low"
    assert Declared(1, None) in hand.view(2).events and Declared(1, "low") not in hand.view(2).events
    assert hand.pending() == (0, 2)
    with pytest.raises(IllegalActionError, match="waiting for seat 0, 2"):
        hand.act(1, Declare("high"))
    hand.act(0, Declare("high"))
    events = hand.act(2, Declare("high"))
    assert Revealed(((0, "high"), (1, "low"), (2, "high"))) in events
    assert hand.view(0).seats[1].declared == "low"


# -- carry-over ---------------------------------------------------------------------------------

LOW_ONLY = Path(__file__).parent / "games" / "low-only.toml"


def test_a_pot_nobody_wins_is_carried_over() -> None:
    game = load(LOW_ONLY)  # a user's own document, by path
    hand = Hand(game, [100, 100], deck="Kc Kd Qc Qd Jc Jd Tc Td 9c 9d")
    assert hand.over and hand.events[-1] == CarriedOver(10)
    assert hand.result is not None and hand.result.carried == 10 and hand.stacks == [95, 95]
    again = Hand(game, [95, 95], deck="Ac Kd 2c Qd 3c Jd 4c Td 5c 9d", carried=10)
    assert wins(again) == [(1, 20, 0, "low")] and again.stacks == [90, 110]  # seat 1 is dealt first


# -- draw ---------------------------------------------------------------------------------------


def test_the_draw_replaces_discards_and_reshuffles_the_discards_when_the_stock_runs_out() -> None:
    hand = Hand(load("draw"), [100] * 6, button=5, seed=3)
    for seat in (2, 3, 4, 5, 0):
        hand.act(seat, Call())
    hand.act(1, Check())
    for seat in range(6):
        mine = tuple(hand.down[seat])
        events = hand.act(seat, Draw(mine))
        assert len(hand.down[seat]) == 5 and not set(mine) & set(hand.down[seat])
        if seat == 4:
            assert any(isinstance(event, Reshuffled) for event in events)
    assert hand.pending() == (0,)


def test_one_may_discard_only_ones_own_cards() -> None:
    hand = Hand(load("draw"), [100, 100], button=0, seed=1)
    hand.act(0, Call())
    hand.act(1, Check())
    assert [str(option).split(" of ")[0] for option in hand.legal_actions(1)] == ["draw 0..5"]
    with pytest.raises(IllegalActionError, match="not among your cards"):
        hand.act(1, Draw((hand.down[0][0],)))
    with pytest.raises(IllegalActionError, match="named twice"):
        hand.act(1, Draw((hand.down[1][0], hand.down[1][0])))


# -- views and replay ---------------------------------------------------------------------------


def test_a_view_shows_own_cards_and_never_anothers() -> None:
    hand = Hand(load("stud-declare"), [100, 100, 100], button=2, deck=STUD)
    for seat in range(3):
        view = hand.view(seat)
        for other in view.seats:
            if other.seat == seat:
                assert other.down == tuple(hand.down[seat])
            else:
                assert other.down is None and other.down_count == 2
            assert other.up == tuple(hand.up[other.seat])
    spectator = hand.view(None)
    assert all(seat.down is None for seat in spectator.seats) and spectator.legal == ()
    assert hand.view(2).legal and not hand.view(0).legal


def test_replay_rebuilds_every_state() -> None:
    hand = Hand(load("holdem"), [100, 80, 120, 60], button=1, rng=random.Random(5))
    play(hand, [RandomBot(random.Random(seat)) for seat in range(4)])
    history = hand.history()
    again = history.replay()
    assert again.events == hand.events and again.stacks == hand.stacks
    assert [again.view(seat) for seat in range(4)] == [hand.view(seat) for seat in range(4)]
    middle = history.replay(upto=2)
    assert middle.actions == hand.actions[:2]


def test_a_stacked_deck_starts_with_the_given_cards() -> None:
    hand = Hand(load("holdem"), [100, 100], button=0, deck="As Ks")
    assert hand.down == [[parse("Ks")[0], hand.down[0][1]], [parse("As")[0], hand.down[1][1]]]
    with pytest.raises(ValueError, match="named twice"):
        Hand(load("holdem"), [100, 100], deck="As As")


# -- rows of community cards ------------------------------------------------------------------

TWO_ROWS = """
name = "two-rows"
title = "A test game with two rows of community cards; hands are made with the good row only"
family = "community"
players = { min = 2, max = 6 }
betting = "no-limit"
stakes = { ante = 2, big_blind = 2 }

[[steps]]
kind = "antes"

[[steps]]
kind = "deal"
cards = ["down", "down"]

[[steps]]
kind = "deal"
board = 3
row = "good"

[[steps]]
kind = "deal"
board = 2
row = "bad"

[[steps]]
kind = "showdown"
contests = [{ side = "high", ranking = "high", row = "good" }]
"""


def test_rows_of_community_cards() -> None:
    from homegame.games import load_text

    game = load_text(TWO_ROWS, "two-rows.toml")
    # Seat 1 has the kings, seat 0 the queens; the bad row's aces would give seat 0 a full house.
    hand = Hand(game, [50, 50], button=0, deck="Kc Qc Kd Qd  2s 7h 9d  As Ah")
    assert hand.pending() == ()  # no betting in this test game
    rows = [str(event) for event in hand.events if isinstance(event, Dealt) and event.seat is None]
    assert rows == ["good dealt 2s 7h 9d up", "bad dealt As Ah up"]
    view = hand.view(None)
    assert [(name, " ".join(map(str, cards))) for name, cards in view.rows] == [
        ("board", ""),
        ("good", "2s 7h 9d"),
        ("bad", "As Ah"),
    ]
    assert wins(hand) == [(1, 4, 0, "high")] and hand.stacks == [48, 52]


def test_blinds_never_gathered_by_a_betting_round_still_go_to_the_showdown() -> None:
    from homegame.games import load_text

    text = TWO_ROWS.replace('kind = "antes"', 'kind = "blinds"').replace("ante = 2", "small_blind = 1")
    game = load_text(text, "two-rows.toml")
    hand = Hand(game, [50, 50], button=0, deck="Kc Qc Kd Qd  2s 7h 9d  As Ah")
    assert wins(hand) == [(1, 2, 0, "high"), (1, 1, 1, "high")] and hand.stacks == [49, 51]


def test_a_hand_shuffled_by_the_secure_source_replays_from_its_recorded_shuffles() -> None:
    hand = Hand(load("draw"), [100] * 6, button=2)  # random.SystemRandom: no seed to repeat
    play(hand, [RandomBot(random.Random(seat)) for seat in range(6)])
    again = hand.history().replay()
    assert again.events == hand.events and again.result == hand.result
