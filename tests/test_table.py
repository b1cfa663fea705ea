"""The table: seats, button, which game is next, carried-over pots, the ledger (issue 5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from homegame.bots import RandomBot, play
from homegame.engine.table import DealersChoice, Rotation, Table
from homegame.games import load

LOW_ONLY = Path(__file__).parent / "games" / "low-only.toml"


def seated(table: Table, stacks: list[int]) -> Table:
    for seat, stack in enumerate(stacks):
        table.sit(seat, f"p{seat}", stack)
    return table


def test_the_button_moves_and_the_ledger_balances() -> None:
    table = seated(Table(load("holdem"), size=4, rng=random.Random(1)), [100, 100, 100])
    bots = [RandomBot(random.Random(seat)) for seat in range(3)]
    for number in range(20):
        for seat, occupant in enumerate(table.seats):
            if occupant is not None and occupant.stack == 0:
                table.rebuy(seat, 100)
        hand = table.deal()
        assert table.seat_of(hand.button) == table.button
        play(hand, bots)
        table.settle(hand)
        assert table.hands_played == number + 1
    players = [f"p{seat}" for seat in range(3)]
    assert sum(table.ledger.net(player, table.stack_of(player)) for player in players) == 0
    assert table.chips == table.ledger.bought()
    cashed = table.leave(0)
    assert table.ledger.cashed("p0") == cashed and table.seats[0] is None


def test_empty_and_broke_seats_are_skipped() -> None:
    table = Table(load("holdem"), size=6, button=1, rng=random.Random(2))
    table.sit(0, "ann", 50)
    table.sit(3, "bob", 50)
    table.sit(5, "cy", 50)
    hand = table.deal()
    assert hand.seats == 3 and table.seat_of(hand.button) == 3  # the button goes to the next player
    with pytest.raises(ValueError, match="seat 3 is taken"):
        table.sit(3, "dee", 10)
    with pytest.raises(ValueError, match="chips must be a whole number > 0"):
        table.rebuy(0, 0)


def test_a_deal_to_some_seats_leaves_the_others_in_their_places() -> None:
    table = seated(Table(load("holdem"), size=4, rng=random.Random(2)), [100, 100, 100])
    hand = table.deal(seats=[0, 2])
    assert hand.seats == 2 and [table.seat_of(index) for index in range(2)] == [0, 2]
    assert table.seats[1] is not None  # nobody blanked out of the table
    play(hand, [RandomBot(random.Random(seat)) for seat in range(2)])
    table.settle(hand)
    assert table.seats[1] is not None and table.seats[1].stack == 100  # not dealt in: untouched
    for seats in ([2, 0], [0, 3], [0, 0, 2]):  # out of order, an empty seat, twice
        with pytest.raises(ValueError, match="not seats with chips"):
            table.deal(seats=seats)


def test_a_rotation_changes_game_every_n_hands() -> None:
    games = (load("holdem"), load("draw"))
    table = seated(Table(Rotation(games, every=2), size=3, rng=random.Random(3)), [500, 500, 500])
    played = []
    for _ in range(5):
        hand = table.deal()
        played.append(hand.game.name)
        play(hand, [RandomBot(random.Random(7))] * 3)
        table.settle(hand)
    assert played == ["holdem", "holdem", "draw", "draw", "holdem"]


def test_dealers_choice_from_an_allowed_list() -> None:
    games = (load("holdem"), load("stud-declare"))
    table = seated(Table(DealersChoice(games), size=3, rng=random.Random(4)), [500, 500, 500])
    assert table.next_game().name == "holdem"
    table.choose(load("stud-declare"))
    hand = table.deal()
    assert hand.game.name == "stud-declare"
    play(hand, [RandomBot(random.Random(8))] * 3)
    table.settle(hand)
    assert table.next_game().name == "holdem"  # a new dealer, a new choice


def test_the_table_keeps_a_carried_over_pot_for_the_next_deal() -> None:
    game = load(LOW_ONLY)
    table = seated(Table(game, size=2, rng=random.Random(5)), [100, 100])
    hand = table.deal(deck="Kc Kd Qc Qd Jc Jd Tc Td 9c 9d")
    table.settle(hand)
    assert table.carried == 10 and table.chips == 200
    hand = table.deal(deck="Ac Kd 2c Qd 3c Jd 4c Td 5c 9d")
    assert hand.setup.carried == 10 and sum(won.amount for won in hand.result.awards) == 20  # type: ignore[union-attr]
    table.settle(hand)
    assert table.carried == 0 and table.chips == 200 and table.seats[0] is not None
    assert sorted(seat.stack for seat in table.seats if seat is not None) == [90, 110]


def test_house_rules_and_stakes_apply_to_every_game_that_has_them() -> None:
    games = (load("holdem"), load("draw"))
    table = seated(Table(Rotation(games), size=3, options={"cap": 2}, rng=random.Random(6)), [100, 100, 100])
    assert "cap" not in table.deal().options  # hold'em has no cap
    table.hands_played = 1
    assert table.deal().options["cap"] == 2
