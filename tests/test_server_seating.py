"""Open seating over real HTTP and sockets: a friend asks for a seat by the table's open link, the
host approves or denies (or the table approves as asked), a full table keeps a line that the next
free seat goes to, all of it kept across a restart; bad requests are refused with the table
unchanged, and the open link opens no seat and shows no card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from homegame.cli import main
from homegame.server.config import TableConfig
from homegame.server.seating import NAME_CHARS, RequestStatus
from homegame.server.store import Store, digest
from homegame.server.table import RefusedError, ServerTable
from homegame.server.throttle import Throttle, ThrottleLimits
from server_helpers import HOST_TOKEN, WAIT, Clock, Live, Seat, cards_in, live_server, run, serve


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    with live_server() as server:
        yield server


def opened(live: Live, join: str) -> tuple[str, dict[str, str]]:
    """The table and the header of an open link."""
    parts = urlsplit(join)
    path, secret = parts.path, parts.fragment
    assert path.startswith("/t/") and path.endswith("/join") and secret, join
    return path.split("/")[2], {"Authorization": f"Bearer {secret}"}


def ask(live: Live, join: str, **body: Any) -> Any:
    table, header = opened(live, join)
    return live.http.post(f"/api/join/{table}", json=body, headers=header)


def status(live: Live, table: str, secret: str, known: str = "") -> dict[str, Any]:
    """Where a request stands, once it is no longer ``known`` (the server's wait is bounded)."""
    answer = live.http.get(
        f"/api/join/{table}/request", params={"known": known}, headers={"Authorization": f"Bearer {secret}"}
    )
    assert answer.status_code == 200, answer.text
    told: dict[str, Any] = answer.json()
    return told


def until(live: Live, table: str, secret: str, wanted: str) -> dict[str, Any]:
    """Ask again (bounded) until the request's status is ``wanted``."""
    told = status(live, table, secret)
    for _ in range(20):
        if told["status"] == wanted:
            return told
        told = status(live, table, secret, told["key"])
    raise AssertionError(f"the request stayed {told}")


def fresh(**body: Any) -> ServerTable:
    """A table made in-process, nobody seated yet."""
    return ServerTable.create("t", TableConfig.from_json({"game": "holdem", **body}), Store(":memory:"), now=Clock())


def requests_of(live: Live, table: str) -> list[dict[str, Any]]:
    entry = next(t for t in live.host("GET", "/api/tables").json() if t["table"] == table)
    found: list[dict[str, Any]] = entry["requests"]
    return found


def test_a_friend_asks_for_a_seat_the_host_approves_and_the_friend_sits(live: Live) -> None:
    created = live.new(game="holdem", seats=3, stack=100, names=["ann"], paused=True, buy_in={"min": 50, "max": 200})
    table, header = opened(live, created["join"])
    seen = live.http.get(f"/api/join/{table}", headers=header).json()
    assert [(seat["free"], seat["name"]) for seat in seen["seats"]] == [(False, "ann"), (True, None), (True, None)]
    assert (seen["buy_in"], seen["auto_approve"], seen["waiting"]) == ({"min": 50, "max": 200}, False, 0)
    answer = ask(live, created["join"], seat=2, name="dan", buy_in=150)
    assert answer.status_code == 200, answer.text
    asked = answer.json()
    assert (asked["status"], asked["seat"], asked["position"]) == ("asked", None, None)
    waiting = requests_of(live, table)
    assert [(r["request"], r["name"], r["wanted"], r["buy_in"], r["status"]) for r in waiting] == [
        (asked["request"], "dan", 2, 150, "asked")
    ]
    listing = live.host("GET", "/api/tables").text
    assert asked["secret"] not in listing and digest(asked["secret"]) not in listing, (
        "the host sees no request's secret"
    )
    approved = live.host("POST", f"/api/tables/{table}/requests/{asked['request']}", json={"approve": True})
    assert approved.status_code == 200, approved.text
    told = until(live, table, asked["secret"], "seated")
    assert told["seat"] == 2 and told["link"] == f"{live.base}/t/{table}#{asked['secret']}"
    dan = Seat(told["link"])
    assert dan.welcome["you"] == 2
    mine = dan.state["seats"][2]
    assert (mine["name"], mine["stack"], mine["status"]) == ("dan", 150, "playing")
    assert requests_of(live, table) == []
    assert Seat(created["invites"][2], ready=False).welcome["reason"] == "bad token", "the seat's invite is dead"
    assert Seat(created["invites"][0]).welcome["you"] == 0, "other invites keep working"
    ledger = live.host("GET", f"/api/tables/{table}/ledger").json()
    assert {"name": "dan", "buy_in": 150, "buy_out": 0, "stack": 150, "net": 0} in ledger["players"]


def test_a_denied_request_opens_nothing_and_leaves_the_line(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100, paused=True)
    table = opened(live, created["join"])[0]
    asked = ask(live, created["join"], seat=None, name="eve", buy_in=100).json()
    denied = live.host("POST", f"/api/tables/{table}/requests/{asked['request']}", json={"approve": False})
    assert denied.status_code == 200 and denied.json()["requests"] == []
    assert until(live, table, asked["secret"], "denied")["seat"] is None
    assert Seat(f"{live.base}/t/{table}#{asked['secret']}", ready=False).welcome["reason"] == "bad token"
    again = live.host("POST", f"/api/tables/{table}/requests/{asked['request']}", json={"approve": True})
    assert again.status_code == 409 and again.json()["code"] == "illegal"
    for body, code in (({"approve": "yes"}, 400), ({}, 400)):
        assert live.host("POST", f"/api/tables/{table}/requests/{asked['request']}", json=body).status_code == code
    assert live.host("POST", f"/api/tables/{table}/requests/99", json={"approve": True}).status_code == 409
    assert live.http.post(f"/api/tables/{table}/requests/1", json={"approve": True}).status_code == 401


def test_auto_approve_seats_at_once_and_a_full_table_keeps_a_line_that_freed_seats_go_to(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100, auto_approve=True, paused=True)
    table = opened(live, created["join"])[0]
    asked = [ask(live, created["join"], name=name, buy_in=100).json() for name in ("amy", "ben", "cal", "dee")]
    assert [a["status"] for a in asked] == ["waiting"] * 4
    amy, ben = (Seat(until(live, table, a["secret"], "seated")["link"]) for a in asked[:2])
    assert (amy.welcome["you"], ben.welcome["you"]) == (0, 1)
    assert [
        (status(live, table, a["secret"])["status"], status(live, table, a["secret"])["position"]) for a in asked[2:]
    ] == [
        ("waiting", 1),
        ("waiting", 2),
    ]
    assert [(r["name"], r["position"]) for r in requests_of(live, table)] == [("cal", 1), ("dee", 2)]
    assert live.host("POST", f"/api/tables/{table}/seats/0/remove").status_code == 200  # a seat frees...
    cal = until(live, table, asked[2]["secret"], "seated")  # ...and goes to the first in line
    assert cal["seat"] == 0 and status(live, table, asked[3]["secret"])["position"] == 1
    assert Seat(cal["link"]).state["seats"][0]["name"] == "cal"
    ben.send(type="leave")  # a player leaving frees a seat too
    dee = until(live, table, asked[3]["secret"], "seated")
    assert dee["seat"] == 1 and Seat(dee["link"]).welcome["you"] == 1
    ledger = live.host("GET", f"/api/tables/{table}/ledger").json()
    assert [p["name"] for p in ledger["players"]] == ["amy", "ben", "cal", "dee"]
    assert sum(p["net"] for p in ledger["players"]) == 0
    amy.close()
    ben.close()


def test_the_open_link_shows_no_card_and_no_secret_and_opens_no_seat(live: Live) -> None:
    created = live.new(game="holdem", seats=3, stack=100, bots=2, bot_level="caller", names=["ann"])
    table, header = opened(live, created["join"])
    ann = Seat(created["invites"][0])
    ann.until(lambda m: m.get("type") == "state" and m["state"]["view"] is not None)  # a hand in progress
    seen = live.http.get(f"/api/join/{table}", headers=header)
    assert seen.status_code == 200 and not cards_in(seen.text), seen.text
    secrets = [created["invites"][0].split("#")[1], ann.welcome["token"], created["spectate"].split("#")[1]]
    assert not any(secret in seen.text for secret in secrets)
    assert seen.json()["seats"][0] == {"seat": 0, "name": "ann", "free": False}
    full = ask(live, created["join"], seat=None, name="zed", buy_in=100).json()
    assert full["status"] == "asked" and not any(secret in json.dumps(full) for secret in secrets)
    assert Seat(f"{live.base}/t/{table}#{header['Authorization'][7:]}", ready=False).welcome["reason"] == "bad token"
    for path in (f"/api/join/{table}", f"/api/join/{table}/request"):
        for wrong in ({}, {"Authorization": "Bearer nope"}, {"Authorization": f"Bearer {secrets[0]}"}):
            assert live.http.get(path, headers=wrong).status_code == 401
    assert live.http.get("/api/join/nothing", headers=header).status_code == 401
    ann.close()


def test_a_new_open_link_replaces_the_old_one(live: Live, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"{live.base}/host#{HOST_TOKEN}"
    assert main(["host", url, "new", "--game", "holdem", "--seats", "2", "--stack", "50", "--paused", "--json"]) == 0
    created = json.loads(capsys.readouterr().out)
    table, old = opened(live, created["join"])
    assert main(["host", url, "link", table, "--json"]) == 0
    fresh = json.loads(capsys.readouterr().out)["join"]
    assert fresh != created["join"] and live.http.get(f"/api/join/{table}", headers=old).status_code == 401
    assert live.http.get(f"/api/join/{table}", headers=opened(live, fresh)[1]).status_code == 200


def test_the_host_answers_requests_at_the_command_line(live: Live, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"{live.base}/host#{HOST_TOKEN}"
    new = [
        "host",
        url,
        "new",
        "--game",
        "holdem",
        "--seats",
        "3",
        "--stack",
        "50",
        "--buy-in-min",
        "20",
        "--buy-in-max",
        "80",
    ]
    assert main([*new, "--paused", "--json"]) == 0
    created = json.loads(capsys.readouterr().out)
    table = opened(live, created["join"])[0]
    first = ask(live, created["join"], seat=1, name="fay", buy_in=80).json()
    second = ask(live, created["join"], seat=None, name="gus", buy_in=20).json()
    assert main(["host", url, "requests", table, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(r["request"], r["name"], r["status"]) for r in listed] == [(1, "fay", "asked"), (2, "gus", "asked")]
    assert main(["host", url, "requests", table]) == 0
    assert "request 1: fay asks for seat 2 with 80: waiting for you" in capsys.readouterr().out
    assert main(["host", url, "approve", table, str(first["request"]), "--json"]) == 0
    assert [r["name"] for r in json.loads(capsys.readouterr().out)] in (["fay", "gus"], ["gus"])
    assert main(["host", url, "deny", table, str(second["request"])]) == 0
    capsys.readouterr()
    assert until(live, table, first["secret"], "seated")["seat"] == 1
    assert status(live, table, second["secret"])["status"] == "denied"
    assert main(["host", url, "deny", table, "9"]) == 2
    assert "no request 9" in capsys.readouterr().err


def test_requests_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "homegame.sqlite"
    with live_server(db) as live:
        created = live.new(game="holdem", seats=2, stack=100, paused=True)
        table = opened(live, created["join"])[0]
        first = ask(live, created["join"], seat=1, name="hal", buy_in=100).json()
        second = ask(live, created["join"], seat=None, name="ivy", buy_in=100).json()
        live.host("POST", f"/api/tables/{table}/requests/{second['request']}", json={"approve": True})
        until(live, table, second["secret"], "seated")
    with live_server(db) as live:
        assert status(live, table, first["secret"])["status"] == "asked"
        seated = status(live, table, second["secret"])
        assert seated["status"] == "seated" and Seat(seated["link"]).state["seats"][seated["seat"]]["name"] == "ivy"
        assert live.http.get(f"/api/join/{table}", headers=opened(live, created["join"])[1]).status_code == 200
        live.host("POST", f"/api/tables/{table}/requests/{first['request']}", json={"approve": True})
        assert until(live, table, first["secret"], "seated")["seat"] == 1 - seated["seat"]


def test_requests_are_limited_per_address(tmp_path: Path) -> None:
    with live_server(throttle=Throttle(ThrottleLimits(join_requests=2, hello_free=100, hello_attempts=100))) as live:
        created = live.new(game="holdem", seats=6, stack=100, paused=True)
        answers = [ask(live, created["join"], name=f"p{n}", buy_in=100).status_code for n in range(3)]
        assert answers == [200, 200, 429]


def test_bad_bodies_are_refused_with_the_table_unchanged(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100, names=["ann"], paused=True)
    table, header = opened(live, created["join"])
    before = live.server.rooms[table].table.seq
    bad: list[Any] = [
        {"name": "x", "buy_in": 100, "extra": 1},
        {"seat": 0, "name": "bo", "buy_in": 100},  # ann's seat
        {"seat": 5, "name": "bo", "buy_in": 100},
        {"name": "ANN", "buy_in": 100},
        {"name": "bo", "buy_in": 99},
        {"name": "b\u0000o", "buy_in": 100},
        [],
        "{",
    ]
    for body in bad:
        answer = live.http.post(f"/api/join/{table}", content=json.dumps(body), headers=header)
        assert answer.status_code in (400, 409) and answer.json()["error"], (body, answer.text)
    assert live.http.post(f"/api/join/{table}", content=b"{", headers=header).status_code == 400
    assert live.server.rooms[table].table.seq == before and requests_of(live, table) == []


names = st.one_of(
    st.text(max_size=30), st.integers(), st.none(), st.sampled_from(["ann", " Bob ", "player 2", "x" * 25])
)
amounts = st.one_of(st.integers(-5, 300), st.booleans(), st.floats(allow_nan=False), st.text(max_size=3), st.none())
seats = st.one_of(st.none(), st.integers(-2, 4), st.booleans(), st.text(max_size=2))


@settings(max_examples=300, deadline=None)
@given(seat=seats, name=names, buy_in=amounts)
@example(seat=2, name=" dan ", buy_in=200)
@example(seat=None, name="Cyd", buy_in=100)
@example(seat=1, name="dan", buy_in=100)
def test_asking_takes_exactly_the_requests_that_fit(seat: object, name: object, buy_in: object) -> None:
    table = fresh(seats=3, stack=100, names=["ann", "bob"], paused=True, buy_in={"min": 50, "max": 200})
    table.seating.ask(None, "cyd", 60)
    before = (table.seq, len(table.seating.requests))
    fits = (
        isinstance(name, str)
        and 0 < len(name.strip()) <= NAME_CHARS
        and name.strip().casefold() not in ("ann", "bob", "player 3", "cyd")
        and all(ord(c) >= 0x20 and not 0x7F <= ord(c) <= 0x9F and not 0xD800 <= ord(c) <= 0xDFFF for c in name)
        and type(buy_in) is int
        and 50 <= buy_in <= 200
        and (seat is None or (type(seat) is int and seat == 2))
    )
    try:
        asked, secret = table.seating.ask(seat, name, buy_in)
    except RefusedError:
        assert not fits
        assert (table.seq, len(table.seating.requests)) == before
        return
    assert fits and asked.status == RequestStatus.ASKED and table.seq == before[0] + 1
    assert isinstance(name, str) and asked.name == name.strip() and table.seating.status_of(secret) is not None


def test_a_seat_given_and_never_taken_is_freed_when_the_host_denies_it() -> None:
    table = fresh(seats=2, stack=100, names=["ann"], paused=True)
    asked, secret = table.seating.ask(1, "kim", 100)
    table.seating.answer(asked.number, approve=True)
    run(table)
    assert table.store.find_secret(secret) == ("t", 1) and table.roster.free() == []
    table.seating.answer(asked.number, approve=False)
    assert table.store.find_secret(secret) is None and table.roster.free() == [1]
    assert table.seats[1].status == "empty" and table.roster.sessions() == []
    with pytest.raises(RefusedError, match="closed"):
        table.host("close")
        table.seating.ask(None, "lou", 100)


def test_join_at_the_command_line_asks_by_the_table_link_and_plays(
    live: Live, capsys: pytest.CaptureFixture[str]
) -> None:
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller", auto_approve=True)
    argv = ["join", created["join"], "--name", "joe", "--bot", "caller", "--hands", "1", "--seed", "3"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.startswith("joe: 1 hand, left with ") and "approved: number 1 in line" in err
    assert main(["join", created["join"], "--bot", "caller"]) == 2
    assert "--name NAME" in capsys.readouterr().err
    assert main(["join", created["invites"][0], "--name", "kit"]) == 2
    assert "go with the table's link" in capsys.readouterr().err


def test_a_request_answered_once_is_kept_through_a_kill(tmp_path: Path) -> None:
    db = tmp_path / "homegame.sqlite"
    auth = {"Authorization": f"Bearer {HOST_TOKEN}"}
    running = serve(db, f"--host-token={HOST_TOKEN}")
    try:
        with httpx2.Client(base_url=running.base, timeout=WAIT) as http:
            made = http.post("/api/tables", json={"game": "holdem", "seats": 2, "stack": 100}, headers=auth).json()
            join = urlsplit(made["join"])
            table, header = join.path.split("/")[2], {"Authorization": f"Bearer {join.fragment}"}
            asked = http.post(f"/api/join/{table}", json={"seat": 1, "name": "max", "buy_in": 100}, headers=header)
            assert asked.status_code == 200, asked.text
        running.kill()  # the answer was sent: the request is on disk
        running = serve(db)
        with httpx2.Client(base_url=running.base, timeout=WAIT) as http:
            mine = {"Authorization": f"Bearer {asked.json()['secret']}"}
            told = http.get(f"/api/join/{table}/request", headers=mine).json()
            assert (told["status"], told["name"]) == ("asked", "max")
            assert http.get(f"/api/join/{table}", headers=header).json()["waiting"] == 1
    finally:
        running.kill()
