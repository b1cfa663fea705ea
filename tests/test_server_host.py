"""The host's doors over a seat (a new invite, a stack adjusted, a player removed), a table made
paused, and the host's live feed (server-sent events), over real HTTP and sockets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cli import main
from homegame.server.table import RefusedError
from server_helpers import HOST_TOKEN, WAIT, Live, Seat, finish_hand, live_server, make, run


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    with live_server() as server:
        yield server


def listed(live: Live, table: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(t for t in live.host("GET", "/api/tables").json() if t["table"] == table)
    return entry


def test_a_new_invite_seats_the_same_player_and_the_old_link_stops_at_once(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller", names=["ann"], paused=True)
    table, old = created["table"], created["invites"][0]
    ann = Seat(old)
    assert ann.welcome["you"] == 0
    answer = live.host("POST", f"/api/tables/{table}/seats/0/invite")
    assert answer.status_code == 200, answer.text
    invite = answer.json()["invite"]
    assert invite.startswith(f"{live.base}/t/{table}#") and invite != old
    assert ann.until(lambda m: m["type"] == "closed")["reason"] == "taken over"
    assert Seat(old, ready=False).welcome["reason"] == "bad token"
    assert Seat(old, token=ann.welcome["token"], ready=False).welcome["reason"] == "bad token"
    again = Seat(invite)
    assert again.welcome["you"] == 0
    seat = again.state["seats"][0]
    assert (seat["name"], seat["stack"]) == ("ann", 100)
    assert [p["name"] for p in listed(live, table)["players"]] == ["ann", "bot 2"]
    refused = [
        (live.host("POST", f"/api/tables/{table}/seats/1/invite"), 409),  # a bot's seat
        (live.host("POST", f"/api/tables/{table}/seats/2/invite"), 400),
        (live.host("POST", "/api/tables/nothing/seats/0/invite"), 404),
        (live.http.post(f"/api/tables/{table}/seats/0/invite"), 401),
    ]
    for response, status in refused:
        assert response.status_code == status and response.json()["error"], response.text
    again.close()
    ann.close()


def test_invite_at_the_command_line_counts_seats_from_one(live: Live, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"{live.base}/host#{HOST_TOKEN}"
    assert main(["host", url, "new", "--game", "holdem", "--seats", "2", "--stack", "50", "--paused", "--json"]) == 0
    created = json.loads(capsys.readouterr().out)
    assert listed(live, created["table"])["status"] == "paused"
    assert main(["host", url, "invite", created["table"], "2", "--json"]) == 0
    invite = json.loads(capsys.readouterr().out)["invite"]
    assert Seat(invite).welcome["you"] == 1
    assert Seat(created["invites"][1], ready=False).welcome["reason"] == "bad token"
    assert main(["host", url, "invite", created["table"], "0"]) == 2
    assert "seat must be 1 or more" in capsys.readouterr().err


def test_a_table_made_paused_deals_nothing_until_resumed() -> None:
    table = make(game="holdem", seats=2, stack=100, paused=True)
    run(table)
    assert (table.status, table.number, table.hand) == ("paused", 0, None)
    table.host("resume")
    run(table)
    assert table.number == 1 and table.hand is not None
    assert make(paused=False).config.to_json()["paused"] is False


def test_adjust_is_an_adjustment_in_the_ledger_and_nets_still_sum_to_zero() -> None:
    table = make(game="holdem", seats=3, stack=100)
    run(table)
    dealt_seat = table.dealt[0]
    table.adjust(dealt_seat, 30)
    assert table.roster.players(table.connected)[dealt_seat]["stack"] < 130, "in a hand: made at its end"
    finish_hand(table)
    entries = table.roster.ledger()["entries"]
    assert {"player": table.seats[dealt_seat].name, "kind": "adjustment", "amount": 30} in entries
    assert sum(player["net"] for player in table.roster.ledger()["players"]) == 0
    assert sum(player["stack"] for player in table.roster.players(table.connected)) + table.table.carried == 330


def test_adjust_refuses_what_is_not_a_whole_change_or_takes_more_than_the_stack() -> None:
    table = make(game="holdem", seats=2, stack=100, paused=True)
    for amount in (0, 1.5, True, "5", None, 10**10):
        with pytest.raises(Exception, match="amount"):
            table.adjust(0, amount)
    with pytest.raises(Exception, match="cannot lose 101"):
        table.adjust(0, -101)
    table.adjust(0, -100)
    assert table.roster.players(table.connected)[0]["stack"] == 0


def test_a_removed_player_is_cashed_out_and_someone_new_takes_the_seat(live: Live) -> None:
    created = live.new(game="holdem", seats=3, stack=100, names=["ann", "bob", "cy"], paused=True)
    table = created["table"]
    ann = Seat(created["invites"][0])
    assert live.host("POST", f"/api/tables/{table}/seats/0/adjust", json={"amount": 25}).status_code == 200
    removed = live.host("POST", f"/api/tables/{table}/seats/0/remove")
    assert removed.status_code == 200, removed.text
    assert ann.until(lambda m: m["type"] == "closed")["reason"] == "removed"
    assert Seat(created["invites"][0], token=ann.welcome["token"], ready=False).welcome["reason"] == "bad token"
    player = listed(live, table)["players"][0]
    assert (player["name"], player["status"], player["stack"]) == ("player 1", "empty", 0)
    invite = live.host("POST", f"/api/tables/{table}/seats/0/invite").json()["invite"]
    dan = Seat(invite)
    assert dan.state["seats"][0]["name"] == "player 1" and dan.state["seats"][0]["stack"] == 100
    ledger = live.host("GET", f"/api/tables/{table}/ledger").json()
    ann_row = next(p for p in ledger["players"] if p["name"] == "ann")
    assert (ann_row["buy_in"], ann_row["buy_out"], ann_row["net"]) == (125, 125, 0)
    assert {"player": "ann", "kind": "adjustment", "amount": 25} in ledger["entries"]
    assert sum(p["net"] for p in ledger["players"]) == 0
    for path, status in [("1/adjust", 400), ("0/remove", 200), ("0/remove", 409)]:
        body = {"amount": "lots"} if path.endswith("adjust") else None
        assert live.host("POST", f"/api/tables/{table}/seats/{path}", json=body).status_code == status
    dan.close()


def test_the_live_feed_needs_a_ticket_and_tells_each_change(live: Live) -> None:
    assert live.http.post("/api/events/ticket").status_code == 401
    assert live.http.get("/api/events?ticket=made-up").status_code == 401
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller", names=["ann"], paused=True)
    table = created["table"]
    ticket = live.host("POST", "/api/events/ticket").json()["ticket"]
    with live.http.stream("GET", f"/api/events?ticket={ticket}", timeout=WAIT) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        events = _events(stream.iter_lines())
        first = next(t for t in next(events) if t["table"] == table)
        empty = {
            "seat": 0,
            "name": "ann",
            "stack": 0,
            "status": "empty",
            "connected": False,
            "bot": False,
            "muted": False,
        }
        assert first["players"][0] == empty
        ann = Seat(created["invites"][0])
        seated = _until(events, table, lambda t: t["players"][0]["connected"])
        assert seated["players"][0]["status"] == "playing"
        ann.send(type="rebuy", amount=40)
        assert _until(events, table, lambda t: t["rebuys"])["rebuys"] == [{"seat": 0, "name": "ann", "amount": 40}]
        ann.close()
        assert not _until(events, table, lambda t: not t["players"][0]["connected"])["players"][0]["connected"]
    assert live.http.get(f"/api/events?ticket={ticket}").status_code == 401, "a ticket opens the feed once"


def _events(lines: Iterator[str]) -> Iterator[Any]:
    """The data of each ``tables`` event of a feed."""
    data = None
    for line in lines:
        if line.startswith("event: tables"):
            data = ""
        elif line.startswith("data: ") and data is not None:
            yield json.loads(line[6:])
            data = None


def _until(events: Iterator[Any], table: str, test: Any, limit: int = 50) -> dict[str, Any]:
    """The first listing of ``table`` that passes ``test`` (at most ``limit`` events)."""
    for _ in range(limit):
        entry: dict[str, Any] = next(t for t in next(events) if t["table"] == table)
        if test(entry):
            return entry
    raise AssertionError("no such event")


@given(amount=st.one_of(st.integers(-(10**10), 10**10), st.floats(), st.booleans(), st.text(max_size=5), st.none()))
@settings(max_examples=60, deadline=None)
def test_any_adjustment_is_refused_or_made_and_the_nets_sum_to_zero(amount: Any) -> None:
    table = make(game="holdem", seats=2, stack=100, paused=True)
    try:
        table.adjust(0, amount)
    except RefusedError as refused:
        assert refused.code in ("bad_request", "illegal") and table.roster.ledger()["entries"][-1]["kind"] == "buy-in"
    else:
        assert table.roster.players(table.connected)[0]["stack"] == 100 + amount
    assert sum(player["net"] for player in table.roster.ledger()["players"]) == 0


def test_the_hosts_doors_refuse_a_body_that_is_not_a_plain_json_object(live: Live) -> None:
    # A body nested too deep is refused like any other bad body (it once escaped as a 500).
    table = live.new(game="holdem", seats=2, stack=100, names=["ann", "bob"], paused=True)["table"]
    before = listed(live, table)
    bodies = {
        "[" * 100_000: "the body is nested more than 16 deep",
        "{": "the body is not JSON",
        "[1]": "the body must be a JSON object",
    }
    for door in ("seats/0/adjust", "bomb", "seats/0/mute"):
        for body, said in bodies.items():
            answer = live.host("POST", f"/api/tables/{table}/{door}", content=body)
            assert (answer.status_code, answer.json()) == (400, {"error": said, "code": "bad_request"}), door
    assert listed(live, table) == before
