"""The kill game at a server table: the host's setting ``kill``, the doubled stakes of a kill hand,
the snapshot naming the killer, and a restored table that kills exactly as the table did.

Rules document 004, variation 4: "Kill game: When a fixed limit game is played and a player wins
two pots in a row, the stakes are doubled."
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from homegame.engine.actions import AmountLegal
from homegame.engine.betting import Stakes
from homegame.engine.wire import to_json
from homegame.errors import ParseError
from homegame.server.app import Server
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import HOST_TOKEN, WAIT, Clock, live_server, make, passive, run, to_act

NORMAL = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
DOUBLED = Stakes(small_blind=2, big_blind=4, small_bet=4, big_bet=8)


def _move(table: ServerTable, seat: int) -> dict[str, Any]:
    """Seat 0 bets or raises whenever it may; seat 1 folds to it: seat 0 wins every pot whole."""
    assert table.hand is not None
    legal = table.hand.legal_actions(table.dealt.index(seat))
    if seat == 0:
        sized = [option for option in legal if isinstance(option, AmountLegal)]
        return to_json(sized[0].make()) if sized else passive(table, seat)
    return {"kind": "fold"} if any(str(option.kind) == "fold" for option in legal) else passive(table, seat)


def _play(table: ServerTable, hands: int) -> None:
    """Play ``hands`` hands to their end (bounded); the next is dealt."""
    for _ in range(hands):
        number = table.number
        for _ in range(50):
            if table.number != number:
                break
            seat = to_act(table)
            assert table.act(seat, table.number, table.seq, _move(table, seat))
            run(table)
        assert table.number == number + 1, "the hand never ended"


@pytest.mark.parametrize("kill", [True, False])
def test_two_pots_in_a_row_double_the_next_hands_stakes(kill: bool) -> None:
    table = make(game="limit-holdem", seats=2, kill=kill)
    run(table)
    assert table.hand is not None and table.hand.stakes == NORMAL and table.snapshot(0)["kill"] is None
    _play(table, 1)
    assert table.hand is not None and table.hand.stakes == NORMAL  # one pot is not a run
    _play(table, 1)
    assert table.hand is not None and table.hand.stakes == (DOUBLED if kill else NORMAL)
    assert table.stakes(table.hand.game, table.dealt) == table.hand.stakes  # the blinds owed are reckoned at them
    killer = {"seat": 0, "name": "player 1", "doubled": True} if kill else None
    assert table.snapshot(1)["kill"] == killer and table.snapshot(None)["kill"] == killer
    assert table.snapshot(0)["house"]["kill"] is kill


def test_a_restored_table_kills_as_the_table_did(tmp_path: Path) -> None:
    clock = Clock()
    table = make(clock, Store(str(tmp_path / "homegame.db")), game="limit-holdem", seats=2, kill=True)
    run(table)
    _play(table, 2)
    table.store.close()  # what a server killed mid-hand leaves: its database
    store = Store(str(tmp_path / "homegame.db"))
    restored = Server(store, host_token=HOST_TOKEN).rooms["t"].table  # a restart reads the tables back
    assert restored.config.kill is True
    assert restored.hand is not None and restored.hand.stakes == DOUBLED
    timeless = {"clock": None, "clocks": None}
    assert {**restored.snapshot(0), **timeless} == {**table.snapshot(0), **timeless}  # but the clocks
    _play(restored, 1)  # the killer wins again: the next hand stays doubled
    assert restored.hand is not None and restored.hand.stakes == DOUBLED
    again = ServerTable.restore("t", restored.config, store, now=clock)
    assert again.hand is not None and again.hand.stakes == DOUBLED and again.table.killer == "player 1"
    store.close()


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_the_kill_setting_is_true_or_false(value: object) -> None:
    with pytest.raises(ParseError, match="kill: true or false"):
        TableConfig.from_json({"game": "limit-holdem", "seats": 2, "stack": 100, "kill": value})
    assert TableConfig.from_json({"game": "limit-holdem", "seats": 2, "stack": 100}).kill is False


def test_host_new_kill_at_the_command_line() -> None:
    # `homegame host` in a process of its own: the server here runs in this one, and its logging
    # must not be bound to a capture of this test's output that is closed when the test ends
    with live_server() as live:
        url = f"{live.base}/host#{HOST_TOKEN}"
        argv = [sys.executable, "-m", "homegame", "host", url, "new", "--game", "limit-holdem", "--seats", "2"]
        argv += ["--stack", "100", "--json"]
        made = subprocess.run([*argv, "--kill"], capture_output=True, text=True, timeout=WAIT * 6, check=True)
        killing = json.loads(made.stdout)["table"]
        made = subprocess.run(argv, capture_output=True, text=True, timeout=WAIT * 6, check=True)
        plain = json.loads(made.stdout)["table"]
        assert live.server.rooms[killing].table.config.kill is True
        assert live.server.rooms[plain].table.config.kill is False


def test_a_seat_back_in_a_kill_hand_posts_doubled_blinds_and_a_killer_sitting_out_kills_nothing() -> None:
    table = make(game="limit-holdem", seats=3, kill=True)
    table.sit_out(2)
    run(table)
    _play(table, 2)  # seat 2 misses its blinds while seat 0 wins two pots
    table.sit_in(2)
    _play(table, 1)
    assert table.hand is not None and table.hand.stakes == DOUBLED and table.dealt == (0, 1, 2)
    posted = [event for event in table.snapshot(2)["view"]["events"] if event["type"] == "posted"]
    assert {(event["blind"], event["amount"]) for event in posted if event["seat"] == 2} >= {
        ("big_blind", 4),
        ("dead_small_blind", 2),
    }
    table.sit_out(0)  # the killer wins this hand too, then sits out: the next deal is no kill
    _play(table, 1)
    assert table.hand is not None and table.dealt == (1, 2) and table.hand.stakes == NORMAL
    assert table.snapshot(1)["kill"] == {"seat": 0, "name": "player 1", "doubled": False}
