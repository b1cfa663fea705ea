"""Bomb pots at a server table: the host calls one for the next hand whose game has a flop (a
logged change), or the table runs one every N hands; every seat antes the amount, no blinds, no
betting before the flop. A game without a flop waits it out, and the table says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.engine.events import Posted
from homegame.errors import ParseError
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import RefusedError, ServerTable
from server_helpers import Clock, finish_hand, live_server, make, run


def _posted(table: ServerTable) -> list[tuple[str, int]]:
    assert table.hand is not None
    return sorted((event.blind, event.amount) for event in table.hand.events if isinstance(event, Posted))


def test_the_host_calls_a_bomb_pot_and_the_next_hand_is_one_then_the_blinds_again() -> None:
    table = make(game="holdem", stack=100, paused=True)
    run(table)
    table.call_bomb(7)
    assert table.snapshot(0)["bomb"] == {
        "amount": 7,
        "text": "Bomb pot next hand: everyone antes 7, and the hand starts at the flop.",
    }
    table.host("resume")
    run(table)
    assert _posted(table) == [("ante", 7)] * 3
    assert table.hand is not None and len(table.hand.board) == 3 and not table.hand.actions
    assert "bomb pot" in table.snapshot(0)["game"]["title"]
    assert table.snapshot(0)["bomb"] is None, "the call is spent"
    finish_hand(table)
    run(table)
    assert table.number == 2 and ("big_blind", 2) in _posted(table)


def test_a_dealers_choice_bomb_pot_waits_for_a_game_with_a_flop_and_says_so() -> None:
    table = make(game=None, choice=["razz", "holdem"], stack=100)
    run(table)
    table.call_bomb(5)
    dealer = table.snapshot(0)["choosing"]["seat"]
    table.choose(dealer, "razz")
    words = table.snapshot(0)["bomb"]["text"]
    assert words.startswith("A bomb pot of 5 waits for a game with a flop (Razz")
    run(table)
    assert table.hand is not None and table.hand.game.name == "razz" and ("ante", 5) not in _posted(table)
    finish_hand(table)
    run(table)
    table.choose(table.snapshot(0)["choosing"]["seat"], "holdem")
    run(table)
    assert table.hand is not None and _posted(table) == [("ante", 5)] * 3


def test_the_table_runs_a_bomb_pot_every_n_hands_of_twice_the_big_blind() -> None:
    table = make(game="holdem", stack=500, bomb_every=3)
    bombs = []
    for _ in range(6):
        run(table)
        bombs.append(_posted(table) == [("ante", 4)] * 3)
        finish_hand(table)
    assert bombs == [False, False, True, False, False, True]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "razz", "bomb_every": 2}, "no game of this table has a flop"),
        ({"game": "holdem", "bomb_every": -1}, "bomb_every"),
        ({"game": "holdem", "bomb_amount": 1.5}, "bomb_amount"),
    ],
)
def test_a_bomb_setting_a_table_cannot_keep_is_refused(body: dict[str, Any], words: str) -> None:
    with pytest.raises(ParseError, match=words):
        TableConfig.from_json({"seats": 3, "stack": 100, **body})


@settings(max_examples=25, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(-5, 2 * 10**9), st.text(max_size=4), st.floats()))
def test_a_bad_amount_is_refused_and_nothing_changes(amount: Any) -> None:
    table = make(game="holdem", stack=100)
    seq = table.seq
    try:
        table.call_bomb(amount)
    except RefusedError as refused:
        assert refused.code == "bad_request" and table.seq == seq and table.bombs.called == 0
    else:
        assert isinstance(amount, int) and amount > 0 and table.bombs.called == amount


def test_a_game_without_a_flop_refuses_the_call_with_its_reason() -> None:
    table = make(game="razz", stack=100)
    with pytest.raises(RefusedError, match="has no flop: a bomb pot starts at the flop"):
        table.call_bomb(5)


def test_the_call_is_in_the_log_and_a_restored_table_deals_the_bomb_pot(tmp_path: Path) -> None:
    clock = Clock()
    store = Store(str(tmp_path / "t.sqlite"))
    table = make(now=clock, store=store, game="holdem", stack=100, paused=True)
    table.call_bomb(9)
    restored = ServerTable.restore("t", table.config, store, now=clock)
    assert restored.bombs.called == 9
    restored.host("resume")
    run(restored)
    assert _posted(restored) == [("ante", 9)] * 3
    again = ServerTable.restore("t", table.config, store, now=clock)
    assert again.hand is not None and again.snapshot(1) == restored.snapshot(1)


def test_the_bomb_door_over_http() -> None:
    with live_server() as live:
        created = live.new(game="holdem", seats=3, stack=100, bots=2, bot_level="caller", paused=True)
        path = f"/api/tables/{created['table']}/bomb"
        assert live.http.post(path, json={"amount": 5}).status_code == 401
        assert live.host("POST", path, json={"amount": "five"}).json()["code"] == "bad_request"
        answer = live.host("POST", path, json={"amount": 5})
        assert answer.status_code == 200 and answer.json()["bomb"]["amount"] == 5
        razz = live.new(game="razz", seats=3, stack=100, bots=2, bot_level="caller", paused=True)
        refused = live.host("POST", f"/api/tables/{razz['table']}/bomb", json={"amount": 5})
        assert refused.status_code == 409 and "no flop" in refused.json()["error"]
