"""A live straddle (Robert's Rules of Poker, "Button and blind use": the straddle is a voluntary
blind bet, and "the straddler acts last before the flop"): the seat after the big blind posts twice
the big blind before the cards, the action starts after it, and it has the last word before the flop."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots import RandomBot, play
from homegame.engine.actions import ActionKind, Call
from homegame.engine.events import Posted
from homegame.engine.table import Table
from homegame.games import load
from homegame.history import dumps, loads
from homegame.history.export import to_phh
from homegame.history.replay import replay
from homegame.server.messages import BadMessageError, Straddle, parse
from homegame.server.store import Store
from homegame.server.table import RefusedError, ServerTable
from server_helpers import Clock, finish_hand, make, run


def _table(players: int, seed: int = 1) -> Table:
    table = Table(load("holdem"), size=players, rng=random.Random(seed))
    for seat in range(players):
        table.sit(seat, f"p{seat}", 200)
    return table


def test_the_seat_after_the_big_blind_straddles_twice_the_big_blind_and_acts_last_before_the_flop() -> None:
    table = _table(5)
    hand = table.deal(straddle=True)
    straddler = table.straddler(list(range(5)))
    posted = [(table.seat_of(e.seat), e.blind, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posted[-1] == (straddler, "straddle", 4) and [p[1] for p in posted] == [
        "small_blind",
        "big_blind",
        "straddle",
    ]
    first = table.seat_of(hand.pending()[0])
    assert first == (straddler + 1) % 5, "the action starts after the straddler"
    for _ in range(4):  # everyone calls the straddle round to the straddler
        hand.act(hand.pending()[0], Call())
    assert table.seat_of(hand.pending()[0]) == straddler, "the straddler acts last before the flop"
    assert {legal.kind for legal in hand.legal_actions(hand.pending()[0])} >= {ActionKind.CHECK, ActionKind.RAISE_TO}


def test_no_straddle_heads_up_or_in_a_game_without_blinds() -> None:
    table = _table(2)
    hand = table.deal(straddle=True)
    assert "straddle" not in {e.blind for e in hand.events if isinstance(e, Posted)}
    stud = Table(load("razz"), size=3)
    for seat in range(3):
        stud.sit(seat, f"p{seat}", 100)
    assert stud.straddler([0, 1, 2]) is None


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32 - 1))
def test_a_straddled_hand_conserves_chips_and_is_written_as_the_standard_s_blinds_or_straddles(
    players: int, seed: int
) -> None:
    table = _table(players, seed)
    hand = table.deal(straddle=True)
    play(hand, [RandomBot(random.Random(seed))] * players)
    assert hand.result is not None and sum(hand.result.stacks) == 200 * players
    for full in (True, False):
        record = loads(dumps(to_phh(hand.history(), full=full)))
        assert record.variant == "NT" and list(record.blinds_or_straddles or ())[:3] == [1, 2, 4]
        assert replay(record).same is not False


# -- at a server table ------------------------------------------------------------------------------


def _server(**body: Any) -> ServerTable:
    table = make(game="holdem", seats=4, stack=200, straddle="optional", paused=True, **body)
    run(table)
    return table


def test_the_seat_after_the_big_blind_is_offered_the_straddle_and_posts_it_in_the_next_deal() -> None:
    table = _server()
    offer = table.snapshot(0)["straddle"]
    assert offer is not None and offer["amount"] == 4 and offer["posted"] is False
    seat = offer["seat"]
    other = (seat + 1) % 4
    with pytest.raises(RefusedError) as refused:
        table.straddle(other, True)
    assert refused.value.code == "not_your_turn"
    table.straddle(seat, True)
    assert table.snapshot(other)["straddle"]["posted"] is True
    table.host("resume")
    run(table)
    assert table.hand is not None
    posted = [(table.dealt[e.seat], e.blind, e.amount) for e in table.hand.events if isinstance(e, Posted)]
    assert posted[-1] == (seat, "straddle", 4)
    assert table.dealt[table.hand.pending()[0]] == (seat + 1) % 4, "the action starts after the straddler"
    assert table.snapshot(0)["straddle"] is None


def test_a_straddle_taken_back_or_never_said_is_not_posted_and_the_table_never_waits_for_it() -> None:
    table = _server()
    seat = table.snapshot(0)["straddle"]["seat"]
    table.straddle(seat, True)
    table.straddle(seat, False)
    table.host("resume")
    run(table)
    assert table.hand is not None, "dealt without waiting for the straddler"
    assert "straddle" not in {e.blind for e in table.hand.events if isinstance(e, Posted)}


def test_bots_never_straddle_and_a_table_without_the_option_offers_none() -> None:
    table = make(game="holdem", seats=4, stack=200, straddle="optional", bots=3, bot_level="caller", paused=True)
    offered = set()
    for _ in range(8):  # between hands (paused), then a hand
        offer = table.snapshot(None)["straddle"]
        if offer is not None:
            offered.add(offer["seat"])
        table.host("resume")
        run(table)
        table.host("pause")
        finish_hand(table)
    assert offered == {0}, "only the person's seat, when it is the one after the big blind"
    assert make(game="holdem", seats=3, stack=200, paused=True).snapshot(0)["straddle"] is None


def test_the_straddle_is_in_the_log_and_a_restored_table_deals_it(tmp_path: Path) -> None:
    clock = Clock()
    store = Store(str(tmp_path / "t.sqlite"))
    table = make(now=clock, store=store, game="holdem", seats=4, stack=200, straddle="optional", paused=True)
    run(table)
    seat = table.snapshot(0)["straddle"]["seat"]
    table.straddle(seat, True)
    restored = ServerTable.restore("t", table.config, store, now=clock)
    assert restored.snapshot(0)["straddle"]["posted"] is True
    restored.host("resume")
    run(restored)
    assert restored.hand is not None and "straddle" in {e.blind for e in restored.hand.events if isinstance(e, Posted)}


def test_a_straddle_message_is_checked_at_the_door() -> None:
    assert parse({"type": "straddle", "post": True}) == Straddle(True)
    for bad in (None, 1, "yes"):
        with pytest.raises(BadMessageError, match="straddle"):
            parse({"type": "straddle", "post": bad})
