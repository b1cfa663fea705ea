"""Run it twice at a server table (issue 30, item 5), over raw sockets: two seats all in and a
spectator; each seat still in is asked (the legal descriptors), every view shows both boards and
their awards; a seat whose time runs out says no; a table that never runs it twice never asks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homegame.engine import BetTo, Call, Check, Hand, RaiseTo
from homegame.engine.events import Answered
from homegame.errors import ParseError
from homegame.games import load
from homegame.server.config import TableConfig
from homegame.server.odds import all_in_odds
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import Clock, Seat, cards_in, live_server, make, run


def _mine(seat: Seat, kind: str = "") -> dict[str, Any]:
    """The next state in which this seat has something to decide (``kind``: may do that)."""

    def deciding(m: dict[str, Any]) -> bool:
        legal = m["state"]["view"]["legal"] if m.get("type") == "state" and m["state"]["view"] else []
        return bool(legal) and (not kind or any(option["kind"] == kind for option in legal))

    return seat.until(deciding)


def _has(message: dict[str, Any], event: str) -> bool:
    """True when the message's view tells of an event of this type."""
    view = message["state"]["view"] or {}
    return any(e["type"] == event for e in view.get("events", []))


def _over(message: dict[str, Any]) -> bool:
    """A state with the hand just finished."""
    return message.get("type") == "state" and message["state"]["last"] is not None


def _all_in(live: Any, run_it_twice: str = "ask") -> tuple[Seat, Seat, Seat]:
    created = live.new(game="holdem", seats=2, stack=100, spectators="public", run_it_twice=run_it_twice)
    ann, bo, watcher = (Seat(url) for url in (*created["invites"], created["spectate"]))
    dealt = ann.until(lambda m: m.get("type") in ("state", "welcome") and m["state"]["view"] is not None)["state"]
    first = (ann, bo)[dealt["dealt"][dealt["view"]["to_act"][0]]]
    other = bo if first is ann else ann
    if not (first.state.get("view") and first.state["view"]["legal"]):
        _mine(first)
    first.act({"kind": "raise_to", "amount": 100})
    _mine(other, "call")
    other.act({"kind": "call"})
    return ann, bo, watcher


def test_both_seats_are_asked_and_every_view_shows_both_boards(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher = _all_in(live)
        for seat in (ann, bo):
            asked = _mine(seat, "run_twice")["state"]["view"]
            assert [(legal["kind"], legal["form"]) for legal in asked["legal"]] == [
                ("run_twice", "plain"),
                ("decline", "plain"),
            ]
            assert all(other["down"] is not None for other in asked["seats"])  # the hands are turned up
        ann.act({"kind": "run_twice"})
        bo.until(
            lambda m: m.get("type") == "state" and any(e["type"] == "answered" for e in m["state"]["view"]["events"])
        )
        bo.act({"kind": "run_twice"})
        ends = [
            seat.until(lambda m: m.get("type") == "state" and m["state"]["last"] is not None)
            for seat in (ann, bo, watcher)
        ]
        boards = {tuple(map(tuple, end["state"]["last"]["view"]["runouts"])) for end in ends}
        assert len(boards) == 1
        first, second = boards.pop()
        assert len(first) == len(second) == 5 and not set(first) & set(second)
        for end in ends:
            last = end["state"]["last"]
            assert {award["runout"] for award in last["result"]["awards"]} == {1, 2}
            assert sum(award["amount"] for award in last["result"]["awards"]) == 200
            assert [e["number"] for e in last["events"] if e["type"] == "runout"] == [1, 2]
        for seat in (ann, bo, watcher):
            seat.close()


def test_one_no_deals_one_board_and_a_spectator_saw_no_card_before_the_hands_were_turned_up(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher = _all_in(live)
        _mine(ann, "decline")
        ann.act({"kind": "decline"})
        end = watcher.until(_over)
        assert end["state"]["last"]["view"]["runouts"] == [] and len(end["state"]["last"]["view"]["board"]) == 5
        turned = end["state"]["last"]["view"]["events"]
        tabled = {card for e in turned if e["type"] == "tabled" for card in e["cards"]}
        assert len(tabled) == 4
        before = [m for m in watcher.frames[: watcher.frames.index(end)] if m.get("type") in ("state", "welcome")]
        untabled = [
            m for m in before if not any(e["type"] == "tabled" for e in (m["state"]["view"] or {}).get("events", []))
        ]
        for frame in untabled:  # no hole card reached the spectator before the hands were turned up
            assert not cards_in(str(frame)) & tabled
        for seat in (ann, bo, watcher):
            seat.close()


def test_a_seat_whose_time_runs_out_says_no() -> None:
    clock = Clock()
    table = make(now=clock, game="holdem", seats=2, stack=100, run_it_twice="ask", clock={"seconds": 5})
    run(table)
    assert table.hand is not None
    first = table.dealt[table.hand.pending()[0]]
    table.act(first, table.number, table.seq, {"kind": "raise_to", "amount": 100})
    other = table.dealt[table.hand.pending()[0]]
    table.act(other, table.number, table.seq, {"kind": "call"})
    assert set(table.hand.pending()) == {0, 1}
    table.act(first, table.number, table.seq, {"kind": "run_twice"})
    clock.now += 6000
    run(table)
    hand = table.previous if table.hand is None or table.number > 1 else table.hand
    assert hand is not None and hand.over and hand.runouts == []
    answers = [(event.seat, event.twice) for event in hand.events if isinstance(event, Answered)]
    assert sorted(answers) == [(0, False), (1, True)] or sorted(answers) == [(0, True), (1, False)]


def test_a_table_that_never_runs_it_twice_never_asks() -> None:
    table = make(game="holdem", seats=2, stack=100)
    run(table)
    assert table.hand is not None
    table.act(table.dealt[table.hand.pending()[0]], table.number, table.seq, {"kind": "raise_to", "amount": 100})
    table.act(table.dealt[table.hand.pending()[0]], table.number, table.seq, {"kind": "call"})
    hand = table.previous
    assert hand is not None and hand.over and hand.runouts == []


@pytest.mark.parametrize("value", ["always", True, 2, None])
def test_the_option_takes_never_or_ask(value: object) -> None:
    with pytest.raises(ParseError, match="run_it_twice"):
        TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 10, "run_it_twice": value})
    config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 10, "run_it_twice": "ask"})
    assert TableConfig.from_json(config.to_json()).run_it_twice == "ask"


def test_odds_show_on_every_screen_only_while_all_in_and_never_in_the_history(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        ann, bo, watcher = _all_in(live)
        asked = [_mine(seat, "run_twice")["state"] for seat in (ann, bo)]
        watched = watcher.until(lambda m: m.get("type") == "state" and m["state"]["odds"] is not None)["state"]
        odds = [state["odds"] for state in (*asked, watched)]
        assert all(shown == odds[0] for shown in odds)  # the same figures on every screen
        assert sorted(seat["seat"] for seat in odds[0]["seats"]) == [0, 1] and odds[0]["how"]
        assert 990 <= sum(seat["equity"] for seat in odds[0]["seats"]) <= 1010
        ann.act({"kind": "decline"})
        for seat in (ann, bo, watcher):
            seat.until(_over)
            seat.close()
        for frame in watcher.frames:  # odds only while every hand still in is turned up
            if frame.get("type") in ("state", "welcome") and frame["state"]["odds"] is not None:
                view = frame["state"]["view"]
                assert view is not None and not view["over"] and all(seat["down"] for seat in view["seats"])
        assert watcher.state["odds"] is None
        table = watcher.welcome["table"]
        history = live.host("GET", f"/api/tables/{table}/history", params={"full": "1"}).text
        assert "equity" not in history and "%" not in history


def test_hi_lo_odds_say_scoop_and_split_and_are_exact_when_few_deals_are_left() -> None:
    hand = Hand(load("pot-limit-omaha-hi-lo"), [6, 6], deck="As Kh 2d Kd 3c Qc 4h Qh", run_it_twice=True)
    hand.act(0, RaiseTo(6))
    hand.act(1, Call())
    assert hand.all_in
    odds: Any = all_in_odds(hand, (3, 5))
    assert odds["contests"] == 2 and not odds["exact"] and all("scoop" in seat["text"] for seat in odds["seats"])
    low = next(seat for seat in odds["seats"] if seat["seat"] == 5)  # seat 1 of the hand holds A-2-3-4
    assert low["split"] > 0 and low["equity"] > 500
    hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc 2c 7d 8h 9s 2d 3h", run_it_twice=True)  # one card to come
    hand.act(0, Call())
    hand.act(1, Check())
    hand.act(1, Check())
    hand.act(0, Check())
    hand.act(1, BetTo(48))
    hand.act(0, Call())
    exact: Any = all_in_odds(hand, (0, 1))
    assert exact["exact"] and exact["deals"] == 44 and exact["how"] == "exact: every one of 44 deals"


@given(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.lists(st.integers(), max_size=2)))
def test_the_table_options_refuse_anything_else(value: object) -> None:
    base = {"game": "holdem", "seats": 2, "stack": 10}
    if value not in ("never", "ask"):
        with pytest.raises(ParseError, match="run_it_twice"):
            TableConfig.from_json({**base, "run_it_twice": value})
    if not isinstance(value, bool):
        with pytest.raises(ParseError, match="rabbit_hunt"):
            TableConfig.from_json({**base, "rabbit_hunt": value})
    else:
        assert TableConfig.from_json({**base, "rabbit_hunt": value}).rabbit_hunt is value


def test_odds_show_on_each_street_of_a_runout_shown_street_by_street() -> None:
    clock = Clock()
    config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 100, "paused": False})
    table = ServerTable.create("t", config, Store(":memory:"), now=clock, between_hands=5_000, runout_pause=1_500)
    for seat in range(2):
        table.sit(seat)
    run(table)
    assert table.hand is not None
    first = table.dealt[table.hand.pending()[0]]
    table.act(first, table.number, table.seq, {"kind": "raise_to", "amount": 100})
    table.act(1 - first, table.number, table.seq, {"kind": "call"})
    assert table.hand is None and table.runout is not None
    shown = []
    for _ in range(table.runout.streets + 1):  # each street, then the finished hand
        views = [table.snapshot(viewer) for viewer in (0, 1, None)]
        assert all(view["odds"] == views[0]["odds"] for view in views)
        board = (views[0]["view"] or views[0]["last"]["view"])["board"]
        shown.append((len(board), views[0]["odds"]))
        clock.now += 1_500
        run(table)
    counted = [(cards, odds["how"] if odds else None) for cards, odds in shown]
    assert counted[:3] == [(3, "exact: every one of 990 deals"), (4, "exact: every one of 44 deals"), (5, None)]
    assert counted[-1] == (5, None)
    flop = shown[0][1]
    assert (
        sorted(seat["seat"] for seat in flop["seats"]) == [0, 1]
        and 990 <= sum(s["equity"] for s in flop["seats"]) <= 1010
    )
