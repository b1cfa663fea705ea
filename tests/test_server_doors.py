"""The server's doors: one server per database, secrets kept as digests, the rotated seat secret's
predecessor refused for good, security headers on every response, socket origins, and bad input
(nested JSON, unfit text, huge amounts, binary frames) refused cleanly with nothing changed."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import httpx2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from homegame import cli
from homegame.server.app import Connection, Limits, Server
from homegame.server.doors import Origins
from homegame.server.store import Store, digest
from server_helpers import HOST_TOKEN, SERVE, WAIT, Seat, live_server, serve

LONG = "a-host-secret-long-enough"


def _tables(base: str, token: str) -> int:
    return httpx2.get(f"{base}/api/tables", headers={"Authorization": f"Bearer {token}"}, timeout=WAIT).status_code


def test_one_server_per_database_the_old_seat_secret_after_a_kill_and_the_hosts_link(tmp_path: Path) -> None:
    db = tmp_path / "night.sqlite"
    first = serve(db)
    try:
        assert first.token is not None and len(first.token) >= 16
        second = subprocess.run(
            [*SERVE, "--db", str(db), "--port", "0"], check=False, capture_output=True, text=True, timeout=WAIT
        )
        assert second.returncode != 0
        assert second.stderr.count("\n") == 1 and "in use by another homegame serve" in second.stderr
        assert _tables(first.base, first.token) == 200  # the first serves on
        sqlite3.connect(db).execute("SELECT count(*) FROM log").fetchall()  # a reader is not blocked
        answer = httpx2.post(
            f"{first.base}/api/tables",
            json={"game": "holdem", "seats": 2, "stack": 100, "bots": 1},
            headers={"Authorization": f"Bearer {first.token}"},
            timeout=WAIT,
        )
        invite = answer.json()["invites"][0]
        seat = Seat(invite)  # hello, welcome, ready
        seat.send(type="echo")  # answered once ready is heard (and its change durable)
        seat.until(lambda m: m["type"] == "error")
        assert Seat(invite).welcome["reason"] == "bad token"  # at once, not half a second later
        fresh = seat.welcome["token"]
    finally:
        first.kill()  # right after
    again = serve(db, port=int(first.base.rsplit(":", 1)[1]))
    try:  # the host's secret is kept as a digest: no link to print, only where it was and how to replace it
        assert again.token is None and "--new-host-token" in again.said
        assert _tables(again.base, first.token) == 200
        assert Seat(invite).welcome["reason"] == "bad token"
        assert Seat(invite, token=fresh).welcome["type"] == "welcome"
    finally:
        again.kill()
    renewed = serve(db, "--new-host-token")
    try:
        assert renewed.token is not None and renewed.token != first.token
        assert _tables(renewed.base, first.token) == 401 and _tables(renewed.base, renewed.token) == 200
    finally:
        renewed.kill()
    kept = db.read_bytes()
    assert not any(secret.encode() in kept for secret in (first.token, renewed.token, fresh, invite.split("#")[1]))


def test_a_database_of_the_previous_release_keeps_its_plain_host_secret_hashed(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    Store(str(db)).close()
    with sqlite3.connect(db) as old:  # as the previous release kept it
        old.execute("INSERT INTO meta (key, value) VALUES ('host_token', ?)", (LONG,))
    store = Store(str(db))
    server = Server(store)
    assert server.host_token == LONG  # known this once: the link can be printed
    assert store.meta("host_token") is None and store.meta("host_digest") == digest(LONG)
    store.close()
    assert LONG.encode() not in db.read_bytes()
    store = Store(str(db))
    assert Server(store).host.check(LONG) and not Server(store).host.check(LONG + "x")
    store.close()


@pytest.mark.parametrize("short", ["h0st", "x" * 15])
def test_a_short_host_secret_is_refused(short: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "short.sqlite"
    assert cli.main(["serve", "--db", str(db), "--port", "0", "--host-token", short]) == 2
    assert "the host's secret must be at least 16 characters" in capsys.readouterr().err


def test_the_hosts_secret_from_a_file_or_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from homegame.commands.host import given_secret

    path = tmp_path / "secret"
    path.write_text(LONG + "\n")
    assert given_secret(None, str(path)) == LONG
    monkeypatch.setenv("HOMEGAME_HOST_TOKEN", "from-the-environment")
    assert given_secret(None, None) == "from-the-environment"
    assert given_secret("on-the-line", None) == "on-the-line"
    with live_server() as live:  # homegame host takes it from the environment too
        monkeypatch.setenv("HOMEGAME_HOST_TOKEN", HOST_TOKEN)
        assert cli.main(["host", live.base, "tables"]) == 0
        assert cli.main(["host", live.base, "--token-file", str(path), "tables"]) == 2  # LONG: not this server's


# -- headers and origins -----------------------------------------------------------------------------


def _client(origins: Origins | None = None, limits: Limits | None = None) -> tuple[Server, TestClient]:
    server = Server(Store(":memory:"), host_token=LONG, origins=origins, limits=limits)
    return server, TestClient(server.app())


def test_every_response_carries_the_security_headers() -> None:
    server, client = _client()
    with client:
        table = client.post("/api/tables", json={"game": "holdem", "seats": 2, "stack": 9}, headers=server.auth())
        answers = [
            table,
            client.get("/"),
            client.get("/host"),
            client.get(f"/t/{table.json()['table']}"),
            client.get("/static/js/table.js"),
            client.get("/static/table.css"),
            client.get("/static/missing.js"),
            client.get("/api/games"),
            client.get("/api/games/nothing"),
            client.get("/api/tables"),
            client.put("/api/tables", headers=server.auth()),
            client.get(f"/api/tables/{table.json()['table']}/ledger", headers=server.auth()),
            client.get("/nowhere"),
        ]
    for answer in answers:
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, answer.url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
    assert {answer.status_code for answer in answers} == {200, 401, 404, 405}


def test_the_pages_need_no_inline_script_or_style() -> None:
    from importlib import resources

    static = resources.files("homegame.server") / "static"
    for name in ("index.html", "host.html", "table.html"):
        page = (static / name).read_text()
        assert "<style" not in page and " style=" not in page and not re.search(r"\son[a-z]+=", page)
        assert all('type="module" src="/static/' in line for line in page.splitlines() if "<script" in line)


def _hello(server: Server, client: TestClient, origin: str | None) -> dict[str, Any]:
    created = client.post("/api/tables", json={"game": "holdem", "seats": 2, "stack": 9}, headers=server.auth())
    token = created.json()["invites"][0].split("#")[1]
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect("/ws", headers=headers) as socket:
        socket.send_json({"type": "hello", "token": token})
        answer: dict[str, Any] = socket.receive_json()
        return answer


@pytest.mark.parametrize(
    ("origin", "welcome"),
    [
        (None, True),  # homegame join, bots
        ("http://testserver", True),  # the server's own (the Host it was reached at)
        ("https://testserver", True),  # its own behind a proxy speaking TLS
        ("https://poker.example.org", True),  # allowed by the host
        ("https://evil.example", False),
        ("http://testserver.evil.example", False),
        ("null", False),
    ],
)
def test_a_socket_from_another_site_is_refused(origin: str | None, welcome: bool) -> None:
    server, client = _client(Origins(["https://poker.example.org/"]))
    with client:
        if welcome:
            assert _hello(server, client, origin)["type"] == "welcome"
        else:
            with pytest.raises(WebSocketDisconnect) as refused:
                _hello(server, client, origin)
            assert refused.value.code == 1008


def test_a_foreign_origin_over_a_real_socket_gets_403() -> None:
    with live_server() as live:
        invite = live.new(game="holdem", seats=2, stack=100, bots=1)["invites"][0]
        socket = invite.replace("http://", "ws://").split("/t/")[0] + "/ws"
        with pytest.raises(InvalidStatus) as refused:
            connect(socket, origin="https://evil.example", open_timeout=WAIT)  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        assert Seat(invite).welcome["type"] == "welcome"


def test_allow_origin_must_be_an_origin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite"
    assert cli.main(["serve", "--db", str(db), "--port", "0", "--allow-origin", "ftp://x/y"]) == 2
    assert "an origin looks like https://HOST" in capsys.readouterr().err


# -- bad frames and values --------------------------------------------------------------------------


def _seated(client: TestClient, server: Server, **body: Any) -> tuple[Any, str]:
    settings = {"game": "holdem", "seats": 2, "stack": 100, "bots": 1, **body}
    created = client.post("/api/tables", json=settings, headers=server.auth()).json()
    return created, created["invites"][0].split("#")[1]


def _answers(socket: Any) -> list[dict[str, Any]]:
    """What the server says to the messages sent, up to its answer to an ``echo`` sent after them
    (no message of the protocol: an error)."""
    socket.send_json({"type": "echo"})
    out: list[dict[str, Any]] = []
    for _ in range(100):
        out.append(socket.receive_json())
        if out[-1]["type"] == "error" and "echo" in out[-1]["message"]:
            return out[:-1]
    raise AssertionError("no answer to echo")


def test_deep_json_binary_frames_and_huge_amounts_are_refused_with_nothing_changed() -> None:
    server, client = _client(limits=Limits(rate=1e6, burst=10**6))
    with client:
        created, token = _seated(client, server)
        table = server.rooms[created["table"]].table
        with client.websocket_connect("/ws") as socket:
            socket.send_json({"type": "hello", "token": token})
            welcome = socket.receive_json()
            socket.send_json({"type": "ready"})
            _answers(socket)
            seq = table.seq
            for text in [
                "[" * 5000,
                "[" * 900 + "]" * 900,
                json.dumps({"type": "act", "action": [[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]}),
            ]:
                socket.send_text(text)
                assert [(m["type"], m["code"]) for m in _answers(socket)] == [("error", "bad_request")]
            for message in [
                {"type": "rebuy", "amount": 10**13},
                {"type": "act", "hand": table.number, "seq": table.seq, "action": {"kind": "raise", "amount": 10**13}},
                {"type": "act", "hand": 10**30, "seq": -(10**30), "action": {"kind": "fold"}},
            ]:
                socket.send_json(message)
                assert [m["type"] for m in _answers(socket)] == ["error"]
            assert table.seq == seq
            socket.send_bytes(b"\x00\x01")
            closed = socket.receive_json()
            assert (
                closed["type"] == "closed"
                and closed["reason"] == "binary frame"
                and closed["table"] == welcome["table"]
            )
        with client.websocket_connect("/ws") as socket:  # a nested hello: closed, as any bad hello
            socket.send_text("{" * 3000)
            assert socket.receive_json()["reason"] == "bad token"


@pytest.mark.parametrize(
    "body",
    [
        {"title": "night\ud800"},
        {"title": "line\nbreak"},
        {"names": ["Ann\x7f"]},
        {"names": ["Bo\x85b"]},
        {"names": ["\x00"]},
        {"stack": 10**13},
        {"stakes": {"small_blind": 10**13}},
    ],
)
def test_unfit_text_and_huge_stacks_are_refused_at_the_door(body: dict[str, Any]) -> None:
    server, client = _client()
    with client:
        text = json.dumps({"game": "holdem", "seats": 2, "stack": 9, **body})  # a lone surrogate escaped
        answer = client.post("/api/tables", content=text, headers=server.auth())
        assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
        assert client.get("/api/tables", headers=server.auth()).json() == []


def test_nested_host_bodies_get_400() -> None:
    server, client = _client()
    with client:
        created, _ = _seated(client, server)
        for path in ("/api/tables", f"/api/tables/{created['table']}/rebuys/0"):
            answer = client.post(path, content=b"[" * 60000, headers=server.auth())
            assert answer.status_code == 400 and answer.json()["code"] == "bad_request"


def test_host_new_refuses_unfit_names_before_asking(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["host", "http://127.0.0.1:9", "--token", LONG, "new", "--game", "holdem", "--seats", "2", "--stack", "9"]
    assert cli.main([*base, "--names", "Ann\x1b[31m"]) == 2
    assert "names: 'Ann\\x1b[31m' holds a control character (U+001B)" in capsys.readouterr().err
    assert cli.main([*base, "--title", "\udcff"]) == 2  # what a terminal's undecodable byte becomes
    assert "half a surrogate pair" in capsys.readouterr().err


class _Socket:
    """A socket that never sends (the connection's queue is all there is)."""


def test_a_client_too_slow_is_told_why() -> None:
    connection = Connection(_Socket(), 0, Limits(queue=2))  # type: ignore[arg-type]
    for kind in ("welcome", "ledger", "ledger"):
        connection.send(kind, "{}")
    assert connection.closing == "too slow"
    kind, text = connection.queue[-1]
    assert kind == "closed" and json.loads(text)["reason"] == "too slow"


# -- fuzz: every door that takes outside input ----------------------------------------------------------

FUZZ = settings(derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**15), max_value=10**15)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)
ACTIONS = st.fixed_dictionaries(
    {"kind": st.sampled_from(["fold", "check", "call", "bet", "raise", "draw", "declare", "bring_in", "x"])},
    optional={"amount": VALUES, "cards": VALUES, "choice": VALUES, "hands": VALUES},
)
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "choose", "sit_out", "sit_in", "rebuy", "ledger", "preview", "ready", "hi"])},
    optional={
        "hand": st.integers(-2, 3) | VALUES,
        "seq": st.integers(-2, 9) | VALUES,
        "action": ACTIONS | VALUES,
        "game": VALUES,
        "amount": st.integers(-5, 10**13) | VALUES,
        "hands": VALUES,
        "wait": VALUES,
    },
)
TEXTS = st.text(max_size=40) | st.binary(max_size=40).map(lambda data: data.decode("latin-1"))


def test_fuzzed_socket_messages_are_answered_and_a_refusal_changes_nothing() -> None:
    with live_server(limits=Limits(rate=1e6, burst=10**6, queue=10**4)) as live:
        invites = live.new(game="holdem", seats=2, stack=100)["invites"]
        seat, other = Seat(invites[0]), Seat(invites[1])  # both seated: a hand is dealt, nothing moves alone
        seat.until(lambda m: m.get("hand") == 1)
        table = next(iter(live.server.rooms.values())).table

        @settings(FUZZ, max_examples=80)
        @given(message=MESSAGES | VALUES | TEXTS)
        def one(message: object) -> None:
            before = table.seq
            seat.socket.send(message if isinstance(message, str) else json.dumps(message))
            seat.send(type="echo")
            answers = []
            for _ in range(50):  # bounded: the echo's answer ends them
                answers.append(seat.next())
                if answers[-1]["type"] == "error" and "echo" in answers[-1]["message"]:
                    break
            assert {answer["type"] for answer in answers} <= {"error", "state", "ledger", "preview"}
            if any(answer["type"] == "error" for answer in answers[:-1]):
                assert table.seq == before
            if table.seq != before:  # applied: the other seat's turn now, or the hand goes on
                assert any(answer["type"] == "state" and answer["seq"] == table.seq for answer in answers)

        one()
        other.close()
        seat.close()
        address = invites[0].replace("http://", "ws://").split("/t/")[0] + "/ws"

        @settings(FUZZ, max_examples=40)
        @given(first=MESSAGES | VALUES | TEXTS)
        def hello(first: object) -> None:  # anything but a hello with a secret: closed, bad token
            with connect(address, open_timeout=WAIT) as socket:
                socket.send(first if isinstance(first, str) else json.dumps(first))
                answer = json.loads(socket.recv(timeout=WAIT))
                assert answer == {"type": "closed", "table": None, "hand": 0, "seq": 0, "reason": "bad token"}

        hello()


HOST_BODIES = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["holdem", "razz", "nothing"]) | VALUES,
        "seats": st.integers(0, 11) | VALUES,
        "stack": st.integers(-1, 10**13) | VALUES,
        "bots": st.integers(-1, 3) | VALUES,
        "names": st.lists(st.text(max_size=6), max_size=3) | VALUES,
        "title": st.text(max_size=10) | VALUES,
        "options": VALUES,
        "stakes": st.dictionaries(st.sampled_from(["small_blind", "big_blind", "x"]), st.integers(-1, 10**13)) | VALUES,
        "clock": VALUES,
        "spectators": VALUES,
        "choice": VALUES,
    },
)


def test_fuzzed_host_bodies_are_taken_or_refused_with_a_code_never_a_500() -> None:
    server, client = _client()
    with client:
        created, _ = _seated(client, server)
        table = server.rooms[created["table"]].table
        auth = server.auth()

        @settings(FUZZ, max_examples=100)
        @given(body=HOST_BODIES | VALUES, raw=TEXTS, seat=st.integers(-3, 12), query=TEXTS)
        def one(body: object, raw: str, seat: int, query: str) -> None:
            tables, seq = len(server.rooms), table.seq
            answer = client.post("/api/tables", content=json.dumps(body), headers=auth)
            assert answer.status_code in (200, 400)
            assert len(server.rooms) == tables + (answer.status_code == 200)
            if answer.status_code == 400:
                assert answer.json()["code"] == "bad_request"
            for path in ("/api/tables", f"/api/tables/{table.id}/rebuys/{abs(seat)}"):
                refused = client.post(path, content=raw.encode("utf-8", "surrogatepass"), headers=auth)
                assert refused.status_code == 400 and refused.json()["code"] in ("bad_request", "forbidden")
            answer = client.get(
                f"/api/tables/{table.id}/history", params={"seat": query, "format": query}, headers=auth
            )
            assert answer.status_code in (200, 400)
            assert table.seq == seq

        one()
