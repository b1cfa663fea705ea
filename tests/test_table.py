"""The table: seats, button, which game is next, carried-over pots, the ledger (issue 5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from homegame.bots import CallerBot, RandomBot, play
from homegame.engine.events import Posted
from homegame.engine.hand import Hand
from homegame.engine.missed import MissedBlinds
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
    assert hand.result is not None
    assert hand.setup.carried == 10 and sum(won.amount for won in hand.result.awards) == 20
    table.settle(hand)
    assert table.carried == 0 and table.chips == 200 and table.seats[0] is not None
    assert sorted(seat.stack for seat in table.seats if seat is not None) == [90, 110]


def test_house_rules_and_stakes_apply_to_every_game_that_has_them() -> None:
    games = (load("holdem"), load("draw"))
    table = seated(Table(Rotation(games), size=3, options={"cap": 2}, rng=random.Random(6)), [100, 100, 100])
    assert "cap" not in table.deal().options  # hold'em has no cap
    table.hands_played = 1
    assert table.deal().options["cap"] == 2


# -- missed blinds: Robert's Rules of Poker, "Button and blind use" -------------------------------


def five(*, button: int = 0, missed_blinds: MissedBlinds = MissedBlinds.POST) -> Table:
    """Hold'em (blinds 1 and 2), five players of 100 chips."""
    table = Table(load("holdem"), size=5, button=button, rng=random.Random(4), missed_blinds=missed_blinds)
    return seated(table, [100] * 5)


def played(table: Table, seats: list[int] | None = None) -> Hand:
    """Deal to ``seats`` (every seat with chips by default), everyone checks or calls, settle."""
    hand = table.deal(seats=seats)
    play(hand, [CallerBot()] * hand.seats)
    table.settle(hand)
    return hand


def dealt(table: Table, hand: Hand) -> list[int]:
    """The table seats of ``hand``, the hand last dealt."""
    return [table.seat_of(index) for index in range(hand.seats)]


def posted(table: Table, hand: Hand, seat: int) -> list[tuple[str, int]]:
    """What the table seat ``seat`` posted in ``hand``, the hand last dealt: (name, chips)."""
    if seat not in dealt(table, hand):
        return []
    index = dealt(table, hand).index(seat)
    return [(event.blind, event.amount) for event in hand.events if isinstance(event, Posted) and event.seat == index]


def owes(table: Table, seat: int) -> tuple[str, ...]:
    """The blinds ``seat`` owes."""
    occupant = table.seats[seat]
    assert occupant is not None
    return occupant.owes


def away(table: Table, seat: int, owing: tuple[str, ...]) -> None:
    """Deal to everyone else until ``seat`` owes ``owing`` (bounded)."""
    for _ in range(10):
        if owes(table, seat) == owing:
            return
        played(table, [other for other in range(len(table.seats)) if other != seat])
    raise AssertionError(f"seat {seat} never owed {owing}")


def test_a_player_who_missed_both_blinds_posts_the_big_live_and_the_small_dead() -> None:
    # "A player who misses any or all blinds can resume play by either posting all the blinds missed
    # or waiting for the big blind. If a player chooses to post the total amount of the blinds, an
    # amount up to the size of the minimum opening bet is live. The remainder is taken by the dealer
    # to the center of the pot and is not part of the player's bet."
    table = five()
    away(table, 0, ("big_blind", "small_blind"))
    assert table.stack_of("p0") == 100  # missing a blind costs nothing until it is made up
    assert [(post.name, post.amount, post.live) for post in table.owed(0, load("holdem").stakes)] == [
        ("big_blind", 2, True),
        ("dead_small_blind", 1, False),
    ]
    hand = table.deal()  # seat 0 back, on the button
    assert table.seat_of(hand.button) == 0
    assert posted(table, hand, 0) == [("big_blind", 2), ("dead_small_blind", 1)]
    assert hand.bets[0] == 2 and hand.pot == 1 + 2 + 3  # the big blind live, the small one dead
    assert owes(table, 0) == ()


def test_a_player_who_missed_only_the_small_blind_posts_it_dead() -> None:
    # "If an active player has missed the small blind, that player will be required to post the small
    # blind before receiving a hand, however the small blind will not count towards a bet and is
    # considered a 'dead' blind."
    table = five(button=3)  # seat 0 in the big blind of the first deal
    hand = table.deal()
    assert posted(table, hand, 0) == [("big_blind", 2)]
    play(hand, [CallerBot()] * hand.seats)
    table.settle(hand)
    away(table, 0, ("small_blind",))
    hand = table.deal()
    assert posted(table, hand, 0) == [("dead_small_blind", 1)] and hand.bets[0] == 0


def test_a_player_may_wait_for_the_big_blind_instead() -> None:
    # "... or waiting for the big blind."
    table = five()
    away(table, 0, ("big_blind", "small_blind"))
    table.wait_for_big_blind(0)
    assert table.waits(0)
    for _ in range(5):
        hand = table.deal()
        if 0 in dealt(table, hand):
            break
        assert owes(table, 0) == ("big_blind", "small_blind")  # waiting misses nothing more
        play(hand, [CallerBot()] * hand.seats)
        table.settle(hand)
    assert posted(table, hand, 0) == [("big_blind", 2)]  # in the big blind, in turn: nothing more owed
    assert owes(table, 0) == () and not table.waits(0)


def test_under_the_house_rule_wait_everyone_waits_for_the_big_blind() -> None:
    table = five(missed_blinds=MissedBlinds.WAIT)
    away(table, 0, ("big_blind", "small_blind"))
    assert table.waits(0)
    assert dealt(table, table.deal()) == [1, 2, 3, 4]  # seat 0 would be on the button: left out


def test_a_new_player_posts_a_big_blind_and_plays_at_once() -> None:
    # "A new player entering a table must post the big blind or an amount equal to the big blind
    # before receiving a hand."
    table = five()
    table.leave(0)
    table.sit(0, "early", 100)
    assert owes(table, 0) == ()  # before the first deal: nothing owed
    table.leave(0)
    played(table)
    table.sit(0, "late", 100)
    assert owes(table, 0) == ("big_blind",)
    hand = table.deal()
    assert ("big_blind", 2) in posted(table, hand, 0)


def test_a_player_out_of_chips_makes_up_the_blinds_missed_before_the_rebuy() -> None:
    # "A player who goes all in and loses is obligated to make up the blinds if they are missed before
    # a rebuy is made."
    table = five()
    occupant = table.seats[0]
    assert occupant is not None
    occupant.stack = 0  # as if lost all in
    for _ in range(10):
        if occupant.owes == ("big_blind", "small_blind"):
            break
        played(table)  # the seats with chips: seat 0 is not dealt in
    table.rebuy(0, 100)
    assert posted(table, table.deal(), 0) == [("big_blind", 2), ("dead_small_blind", 1)]


@pytest.mark.parametrize(
    ("game", "rule", "owes_missed"),
    [("holdem", MissedBlinds.NONE, True), ("holdem", MissedBlinds.POST, False), ("stud", MissedBlinds.POST, True)],
)
def test_nothing_is_owed_under_the_rule_none_by_a_seat_that_never_owes_or_in_a_game_of_antes(
    game: str, rule: MissedBlinds, owes_missed: bool
) -> None:
    table = Table(load(game), size=5, rng=random.Random(6), missed_blinds=rule)
    for seat in range(5):
        table.sit(seat, f"p{seat}", 100, owes_missed=owes_missed or seat > 0)
    for _ in range(5):
        played(table, [1, 2, 3, 4])
    assert owes(table, 0) == () and not table.waits(0)
    if game == "holdem":
        assert posted(table, table.deal(), 0) == []
