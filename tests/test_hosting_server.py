"""A server on the internet: every link made at its public address, the host's doors locked after
wrong secrets (429), failed hellos refused, /healthz following the database and /metrics for the
host; and, through a real ``homegame serve``, proxy headers ignored unless trusted and a hand over
direct TLS with a throwaway certificate made by ``openssl``."""

from __future__ import annotations

import json
import shutil
import sqlite3
import ssl
import subprocess
from pathlib import Path

import httpx2
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from homegame.cli import main
from homegame.server.client import Invite
from homegame.server.throttle import Throttle, ThrottleLimits
from hosting_helpers import serve
from server_helpers import HOST_TOKEN, WAIT, Seat, live_server

TABLE = {"game": "holdem", "seats": 2, "bots": 1, "bot_level": "caller", "stack": 200, "spectators": "public"}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_every_link_uses_the_public_url() -> None:
    with live_server(public_url="https://Poker.Example.org/") as live:
        created = live.new(**TABLE)
        links = [*created["invites"], created["spectate"]]
        assert all(link.startswith(f"https://poker.example.org/t/{created['table']}#") for link in links), links
    with live_server() as live:  # without it, the address the request came in on
        assert live.new(**TABLE)["invites"][0].startswith(f"{live.base}/t/")


def test_the_public_urls_pages_may_open_sockets_and_other_sites_may_not() -> None:
    with live_server(public_url="https://poker.example.org") as live:
        token = Invite.parse(live.new(**TABLE)["spectate"]).token
        local = live.base.replace("http", "ws") + "/ws"

        def opens(origin: str) -> bool:
            try:
                with connect(local, origin=Origin(origin), open_timeout=WAIT) as websocket:
                    websocket.send(json.dumps({"type": "hello", "token": token}))
                    return bool(json.loads(websocket.recv(timeout=WAIT))["type"] == "welcome")
            except InvalidStatus:  # refused at the handshake
                return False

        assert opens("https://poker.example.org") and not opens("https://elsewhere.example")


def test_wrong_host_secrets_lock_the_address_out_of_every_host_call_for_a_while() -> None:
    clock = Clock()
    throttle = Throttle(ThrottleLimits(host_attempts=3, host_lockout=120), now=clock)
    with live_server(throttle=throttle) as live:
        wrong = {"Authorization": "Bearer not-the-hosts-secret"}
        assert [live.http.get("/api/tables", headers=wrong).status_code for _ in range(3)] == [401, 401, 401]
        for method, path in (("GET", "/api/tables"), ("POST", "/api/tables"), ("GET", "/metrics")):
            locked = live.host(method, path, json=TABLE)  # the right secret too, while the lockout lasts
            assert (locked.status_code, locked.headers["Retry-After"]) == (429, "120"), locked.text
            assert "too many wrong host secrets" in locked.json()["error"]
        clock.now = 119.5
        assert live.host("GET", "/api/tables").headers["Retry-After"] == "1"
        clock.now = 120.0
        assert live.host("GET", "/api/tables").status_code == 200
        assert "homegame_refused_attempts_total 4\n" in live.host("GET", "/metrics").text


def test_failed_hellos_are_slowed_then_refused() -> None:
    throttle = Throttle(ThrottleLimits(hello_free=1, hello_slow=0.01, hello_attempts=3))
    with live_server(throttle=throttle) as live:
        invite = live.new(**TABLE)["invites"][0]
        for _ in range(3):
            assert Seat(invite, "a-guessed-secret").welcome["reason"] == "bad token"
        refused = Seat(invite)  # even the right secret, from this address, for now
        assert refused.welcome == {"type": "closed", "table": None, "hand": 0, "seq": 0, "reason": "too many attempts"}


def _fill(store_path: Path, writer: sqlite3.Connection) -> None:
    """Let the database grow no more (SQLite's max_page_count, on the server's writing connection)
    and fill the pages it has, free ones included: it takes no write now."""
    pages = sqlite3.connect(store_path).execute("PRAGMA page_count").fetchone()[0]
    writer.execute(f"PRAGMA max_page_count = {pages}")
    for number in range(10_000):  # bounded: a few pages' worth fills it
        try:
            writer.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"fill {number}", "z" * 500))
        except sqlite3.OperationalError as error:
            assert "full" in str(error)
            return
    raise AssertionError("the database never filled")


def test_healthz_turns_503_when_the_database_cannot_grow_and_back(tmp_path: Path) -> None:
    with live_server(tmp_path / "homegame.sqlite") as live:
        live.server.health.every = 0  # ask the database each time
        assert (live.http.get("/healthz").status_code, live.http.get("/healthz").json()) == (200, {"ok": True})
        writer = live.server.store._writer
        assert writer is not None
        _fill(tmp_path / "homegame.sqlite", writer)
        full = live.http.get("/healthz")
        assert full.status_code == 503 and "database or disk is full" in full.json()["error"], full.text
        writer.execute("PRAGMA max_page_count = 1000000")
        assert live.http.get("/healthz").status_code == 200
        assert live.http.post("/api/tables", json=TABLE, headers=live.server.auth()).status_code == 200


class Refusing:
    """A database connection whose writes fail as a failing disk's do."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    @property
    def in_transaction(self) -> bool:
        return self.db.in_transaction

    def execute(self, sql: str, *params: object) -> sqlite3.Cursor:
        if sql.startswith(("INSERT", "DELETE")):
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *params)


def test_healthz_says_why_a_failing_store_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with live_server(tmp_path / "homegame.sqlite") as live:
        live.server.health.every = 0
        store = live.server.store
        assert store._writer is not None
        monkeypatch.setattr(store, "_writer", Refusing(store._writer))
        answer = live.http.get("/healthz")
        assert answer.status_code == 503 and answer.json()["error"].endswith("disk I/O error")
        monkeypatch.undo()
        assert live.http.get("/healthz").status_code == 200
        metrics = live.host("GET", "/metrics").text
    assert int(metrics.split("\nhomegame_storage_errors_total ")[1]) >= 1


def test_metrics_answer_only_the_host_in_prometheus_text(tmp_path: Path) -> None:
    with live_server(tmp_path / "homegame.sqlite") as live:
        assert live.http.get("/metrics").status_code == 401
        created = live.new(**TABLE)
        seat = Seat(created["invites"][0])
        try:
            seat.until(lambda message: message.get("hand", 0) >= 1)
            answer = live.host("GET", "/metrics")
        finally:
            seat.close()
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    values = dict(line.rsplit(" ", 1) for line in answer.text.splitlines() if not line.startswith("#"))
    assert values["homegame_tables"] == "1" and values["homegame_seats_connected"] == "1"
    assert int(values["homegame_hands_dealt_total"]) >= 1 and int(values["homegame_commit_seconds_count"]) >= 1
    assert values['homegame_commit_seconds_bucket{le="+Inf"}'] == values["homegame_commit_seconds_count"]
    assert values["homegame_storage_errors_total"] == "0"


def test_forwarded_headers_are_ignored_without_proxy_headers(tmp_path: Path) -> None:
    with serve(tmp_path / "homegame.sqlite") as (_, link), httpx2.Client(timeout=WAIT) as http:
        base = link.split("/host#")[0]
        forged = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9", "Forwarded": "proto=https"}
        bearer = {"Authorization": f"Bearer {HOST_TOKEN}"}
        created = http.post(f"{base}/api/tables", json=TABLE, headers={**bearer, **forged})
        assert created.json()["invites"][0].startswith(f"{base}/t/")  # not https: the header was not trusted
        for number in range(5):  # a guesser cannot pass for many clients by forging the header
            spoofed = {"Authorization": "Bearer wrong", "X-Forwarded-For": f"203.0.113.{number}"}
            assert http.get(f"{base}/api/tables", headers=spoofed).status_code == 401
        assert http.get(f"{base}/api/tables", headers=bearer).status_code == 429


OPENSSL = shutil.which("openssl")


@pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed: it makes the test's certificate")
def test_a_hand_over_direct_tls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert OPENSSL is not None
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"]
    named = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
    subprocess.run(
        [OPENSSL, "req", "-x509", *ec, *named, "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=WAIT * 3,
    )
    more = ("--tls-cert", str(cert), "--tls-key", str(key))
    with serve(tmp_path / "homegame.sqlite", *more) as (_, link):
        assert link.startswith("https://127.0.0.1:")
        base = link.split("/host#")[0]
        with httpx2.Client(verify=ssl.create_default_context(cafile=str(cert)), timeout=WAIT) as http:
            created = http.post(f"{base}/api/tables", json=TABLE, headers={"Authorization": f"Bearer {HOST_TOKEN}"})
            (invite,) = created.json()["invites"]
            assert invite.startswith(f"{base}/t/")
            monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the client trusts the throwaway certificate
            assert main(["join", invite, "--bot", "caller", "--hands", "1", "--seed", "2"]) == 0
            assert capsys.readouterr().out.startswith("player 1: 1 hand, ")


@pytest.mark.parametrize(
    ("more", "words"),
    [
        (["--public-url", "poker.example.org"], "--public-url 'poker.example.org': an address looks like"),
        (["--tls-cert", "{tmp}/cert.pem"], "--tls-cert and --tls-key go together"),
        (["--tls-cert", "{tmp}/cert.pem", "--tls-key", "{tmp}/cert.pem"], "cannot serve HTTPS"),
        (["--proxy-headers", "--forwarded-allow-ips", "10.0.0.0/8,nope"], "'nope' is not an address or a network"),
        (["--proxy-headers", "--forwarded-allow-ips", "10.0.0.1/8"], "'10.0.0.1/8' is not an address or a network"),
        (["--forwarded-allow-ips", "10.0.0.1"], "give --proxy-headers too"),
    ],
)
def test_serve_refuses_bad_hosting_options_in_one_line(
    more: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cert.pem").write_text("not a certificate")
    argv = ["serve", "--db", str(tmp_path / "homegame.sqlite"), "--port", "0"]
    assert main([*argv, *(word.format(tmp=tmp_path) for word in more)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err
