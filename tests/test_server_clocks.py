"""The table's clocks: each seat of a simultaneous decision on its own clock, the time a server is
down counted against nobody however often it restarts, the dealer's choice on the clock (or, with
none, asked again and never timed), and a spectator one hand behind shown nothing of a later hand."""

from __future__ import annotations

from homegame.engine.actions import Declare
from homegame.engine.wire import to_json
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import Clock, Seat, finish_hand, live_server, make, run


def test_two_restarts_inside_one_simultaneous_decision_count_the_down_time_against_nobody() -> None:
    clock, store = Clock(), Store(":memory:")
    table = make(clock, store, game="guts", seats=3, clock={"seconds": 30, "bank": 0})
    run(table)
    assert table.hand is not None and table.hand.pending() == (0, 1, 2)  # in or out, all at once
    clock.now += 10_000 + 600_000  # ten seconds of the decision, then ten minutes down
    table = ServerTable.restore("t", table.config, store, now=clock)
    clock.now += 5_000
    assert table.act(0, table.number, table.seq, to_json(Declare("in")))
    clock.now += 600_000  # down again, inside the same decision
    table = ServerTable.restore("t", table.config, store, now=clock)
    left = [{"seat": seat, "deadline_ms": 25_000, "bank_ms": 0} for seat in (1, 2)]
    assert table.snapshot(0)["clocks"] == left  # each seat deciding on its own clock
    assert table.snapshot(2)["clock"] == left[1] and table.snapshot(0)["clock"] == left[0]  # its own, else the first
    assert not table.moves.auto(clock.now)  # nobody is timed out for the time the server was down
    clock.now += 24_999
    assert not table.moves.auto(clock.now)
    clock.now += 1
    assert table.moves.auto(clock.now) and table.moves.auto(clock.now)  # both time out now, not before


def test_a_dealer_who_does_not_choose_is_on_the_clock_and_the_next_game_in_the_list_is_dealt() -> None:
    clock = Clock()
    games = ["holdem", "omaha", "razz"]
    table = make(clock, game=None, choice=games, clock={"seconds": 30, "bank": 10})
    run(table)
    dealer = table.snapshot(0)["choosing"]["seat"]
    assert table.snapshot(dealer)["clock"] == {"seat": dealer, "deadline_ms": 30_000, "bank_ms": 10_000}
    clock.now += 39_999
    run(table)
    assert table.hand is None
    clock.now += 1
    run(table)
    assert table.hand is not None and table.hand.game.name == "holdem"  # the first, for the table's first hand
    assert table.seats[dealer].bank_ms == 0
    finish_hand(table)
    run(table)
    dealer = table.snapshot(0)["choosing"]["seat"]
    clock.now += 30_000 + table.seats[dealer].bank_ms
    run(table)
    assert table.hand is not None and table.hand.game.name == "omaha"  # the one after the last hand's


def test_without_a_clock_the_dealer_is_never_timed_and_is_asked_again_on_coming_back() -> None:
    clock = Clock()
    table = make(clock, game=None, choice=["holdem", "omaha"])
    run(table)
    clock.now += 3_600_000  # nobody is connected: an hour away
    assert not table.moves.auto(clock.now) and table.moves.wake_at() is None
    assert table.snapshot(0)["choosing"] is not None and table.snapshot(0)["clock"] is None
    with live_server() as live:
        created = live.new(game=None, choice=["holdem", "omaha"], seats=2, stack=100)
        seats = [Seat(url) for url in created["invites"]]
        seats[0].until(lambda m: m["type"] == "state" and m["state"]["choosing"] is not None)
        dealer = seats[0].state["choosing"]["seat"]
        token = seats[dealer].welcome["token"]
        seats[dealer].close()
        back = Seat(created["invites"][dealer], token=token)
        assert back.welcome["state"]["choosing"] == {"seat": dealer, "games": ["holdem", "omaha"]}
        assert back.welcome["state"]["turn"] is not None  # the decision it has to make
        back.send(type="choose", game="omaha")
        dealt = back.until(lambda m: m["type"] == "state" and m["state"]["view"] is not None)
        assert dealt["state"]["game"]["name"] == "omaha"
        back.close()
        seats[1 - dealer].close()


def test_a_spectator_one_hand_behind_sees_the_stacks_as_the_hand_it_is_shown_ended() -> None:
    table = make(spectators="behind", seats=3)
    run(table)
    finish_hand(table)
    run(table)
    previous = table.previous
    assert table.hand is not None and previous is not None and previous.result is not None
    behind = table.snapshot(None)
    stacks = dict(zip(table.previous_dealt, previous.result.stacks, strict=True))
    assert [seat["stack"] for seat in behind["seats"]] == [stacks[seat] for seat in range(3)]
    assert behind["clock"] is None and behind["clocks"] == [] and behind["game"] is None
