"""Durability: a real ``homegame serve`` killed with SIGKILL mid-hand, restarted on the same
database, resumes every table exactly; no acknowledged action is lost and none is applied twice.

Four tables (a draw, a declaration, a buy, hold'em whose random players go all in, side pots and
all), three people each, played by seeded random bots through the sockets. Twice, after a seeded
number of actions, one more action is sent at every table and the server is killed at once.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path
from typing import Any

import httpx2

from homegame.bots import RandomBot, Turn
from homegame.cli import main
from homegame.engine.events import Reshuffled
from homegame.engine.wire import to_json, view_from_json
from homegame.server.app import Server
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import WAIT, Clock, Seat

TOKEN = "durable-host-secret"
SERVE = (sys.executable, "-m", "homegame", "serve", "--between-hands", "0", "--runout-pause", "0")
GAMES = ("2-7-single-draw", "stud-declare", "the-option", "holdem")
STACK = 100


def start(db: Path, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    """``homegame serve`` on 127.0.0.1 (an OS-chosen port by default); the process and its base URL."""
    process = subprocess.Popen(
        [*SERVE, "--db", str(db), "--host-token", TOKEN, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 30)
    assert ready, "the server printed nothing"
    line = process.stdout.readline()
    assert line.startswith("homegame serve: http://127.0.0.1:"), line
    return process, line.split()[2].split("/host#")[0]


class Table:
    """One table's three seats, played by seeded random bots, every acknowledged action kept."""

    def __init__(self, table: str, invites: list[str], seed: int) -> None:
        self.id = table
        self.invites = invites
        self.seats = [Seat(url) for url in invites]
        self.tokens = [seat.welcome["token"] for seat in self.seats]
        for seat in self.seats:  # read past the news of the others' arrival
            seat.send(type="echo")
            seat.until(lambda m: m["type"] == "error")
        self.bot = RandomBot(random.Random(seed))
        self.acked: list[tuple[int, int, Any]] = []
        """(seq of the row, table seat, action) of every action whose state came back."""
        self.sync()

    def sync(self, target: int = 0) -> None:
        """Read until the table waits for a decision (or for players), every seat at that state
        (``target``: a sequence number it has reached at least)."""
        for _ in range(20):
            for seat in self.seats:
                if seat.seq < target or not _waiting(seat.state):
                    seat.until(partial(_reached, target))
            seqs = {seat.seq for seat in self.seats}
            if len(seqs) == 1:
                return
            target = max(seqs)
        raise AssertionError("the seats never agreed")

    def turn(self) -> tuple[int, dict[str, Any]] | None:
        """The seat to act and its action."""
        for index, seat in enumerate(self.seats):
            view = seat.state.get("view")
            if view is not None and view["legal"]:
                engine = view_from_json(view)
                assert engine.viewer is not None
                action: Any = to_json(self.bot.choose(Turn(engine.viewer, engine.legal, partial(_same, engine))))
                return index, action
        return None

    def play(self, steps: int) -> None:
        """Play ``steps`` actions, each acknowledged."""
        for _ in range(steps):
            turn = self.turn()
            if turn is None:
                return
            index, action = turn
            seat = self.seats[index]
            seq = seat.seq
            seat.act(action)
            self.sync(seq + 1)
            self.acked.append((seq + 1, index, action))

    def send_and_forget(self) -> tuple[int, int, int, Any] | None:
        """Send one more action without waiting: (hand, seq, seat, action)."""
        turn = self.turn()
        if turn is None:
            return None
        index, action = turn
        seat = self.seats[index]
        seat.act(action)
        return seat.hand, seat.seq, index, action

    def reconnect(self, base: str) -> None:
        """The same seats after a restart (the server at ``base`` now), with the secrets the last
        welcome gave."""
        self.invites = [base + url[url.index("/t/") :] for url in self.invites]
        self.seats = [Seat(url, token=token) for url, token in zip(self.invites, self.tokens, strict=True)]
        assert all(seat.welcome["type"] == "welcome" for seat in self.seats)
        self.tokens = [seat.welcome["token"] for seat in self.seats]
        for seat in self.seats:  # read past the news of the others' arrival
            seat.send(type="echo")
            seat.until(lambda m: m["type"] == "error")


def _same(view: Any) -> Any:
    return view


def _reached(target: int, message: dict[str, Any]) -> bool:
    return message["type"] in ("state", "welcome") and message["seq"] >= target and _waiting(message["state"])


def _waiting(state: dict[str, Any]) -> bool:
    view = state.get("view")
    return bool(view is not None and view["to_act"]) or state["status"] in ("waiting", "closed")


def test_a_server_killed_mid_hand_resumes_every_table_exactly(tmp_path: Path) -> None:
    db = tmp_path / "durable.sqlite"
    rng = random.Random(14)
    process, base = start(db)
    try:
        with httpx2.Client(base_url=base, timeout=WAIT, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            tables = []
            for index, game in enumerate(GAMES):
                created = http.post("/api/tables", json={"game": game, "seats": 3, "stack": STACK}).json()
                tables.append(Table(created["table"], created["invites"], seed=index))
        in_flight = {}
        for _ in range(2):
            before = {}
            for table in tables:
                table.play(rng.randint(2, 8))
                before[table.id] = [seat.state for seat in table.seats]
            for table in tables:
                in_flight[table.id] = table.send_and_forget()
            process.send_signal(signal.SIGKILL)
            process.wait(WAIT)
            process, base = start(db)
            for table in tables:
                table.reconnect(base)
                sent = in_flight[table.id]
                for seat, was in zip(table.seats, before[table.id], strict=True):
                    if sent is None or seat.welcome["seq"] == sent[1]:  # the action in flight was not taken
                        assert seat.state["view"] == was["view"]
                        assert [s["stack"] for s in seat.state["seats"]] == [s["stack"] for s in was["seats"]]
                if sent is not None:
                    number, seq, index, action = sent
                    seat = table.seats[index]
                    taken = seat.seq > seq
                    mark = len(seat.frames)
                    seat.send(type="act", hand=number, seq=seq, action=action)  # sent again
                    if taken:
                        assert seat.next()["type"] == "state"  # acknowledged again, not applied twice
                    table.sync(seq + 1)
                    assert all(message["type"] != "error" for message in seat.frames[mark:])
                    table.acked.append((seq + 1, index, action))
        for table in tables:
            table.play(12)  # on to the end of the hand and beyond (bounded)
            for seat in table.seats:
                seat.close()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
    store = Store(str(db))
    assert store.integrity() == "ok"
    for table in tables:
        log = store.rows(table.id)
        events = [row for row in log if row.kind != "shuffle"]
        assert [row.seq for row in events] == list(range(1, len(events) + 1))  # no gap, nothing twice
        acts = {row.seq: {k: v for k, v in row.data.items() if k != "used"} for row in events if row.kind == "act"}
        for seq, index, action in table.acked:
            assert acts[seq] == {"seat": index, "action": action, "bank": 0, "seen": seq - 1}
        state = table.seats[0].state
        view = state["view"]
        if view is None:
            assert sum(seat["stack"] for seat in state["seats"]) == 3 * STACK
        else:
            aside = sum(seat["stack"] for index, seat in enumerate(state["seats"]) if index not in state["dealt"])
            assert sum(seat["stack"] for seat in view["seats"]) + view["pot"] + aside == 3 * STACK
    store.close()


def test_blinds_owed_on_sitting_in_are_posted_again_after_a_kill(tmp_path: Path) -> None:
    # Robert's Rules of Poker, blinds: "A player who misses any or all blinds can resume play by
    # either posting all the blinds missed or waiting for the big blind."
    db = tmp_path / "blinds.sqlite"
    process, base = start(db)
    try:
        with httpx2.Client(base_url=base, timeout=WAIT, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            created = http.post("/api/tables", json={"game": "limit-holdem", "seats": 3, "stack": STACK}).json()
        table = Table(created["table"], created["invites"], seed=7)
        out = table.seats[0]
        out.send(type="sit_out")
        table.sync(out.seq + 1)
        for _ in range(300):  # the other two play on, heads-up, till both blinds have passed seat 0
            if len(out.state["seats"][0]["owes"]) == 2:
                break
            table.play(1)
        assert [owed["name"] for owed in out.state["seats"][0]["owes"]] == ["big_blind", "dead_small_blind"]
        out.send(type="sit_in")
        table.sync(out.seq + 1)
        for _ in range(300):  # on to the hand seat 0 is dealt in, posting what it owes
            if 0 in out.state["dealt"]:
                break
            table.play(1)
        view = out.state["view"]
        posts = [event["blind"] for event in view["events"] if event["type"] == "posted" and event["seat"] == 0]
        assert "dead_small_blind" in posts  # seat 0 is the first dealt: seat 0 of the hand
        before = [seat.state for seat in table.seats]
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
        process, base = start(db)
        table.reconnect(base)
        for seat, was in zip(table.seats, before, strict=True):
            assert seat.state["view"] == was["view"] and seat.state["seats"] == was["seats"]
        table.play(12)
        view = table.seats[0].state["view"]
        if view is None:
            assert sum(seat["stack"] for seat in table.seats[0].state["seats"]) == 3 * STACK
        else:
            assert sum(seat["stack"] for seat in view["seats"]) + view["pot"] == 3 * STACK
        for seat in table.seats:
            seat.close()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)


def test_the_log_holds_the_deck_before_a_card_is_dealt(tmp_path: Path) -> None:
    db = tmp_path / "deck.sqlite"
    process, base = start(db)
    try:
        with httpx2.Client(base_url=base, timeout=WAIT, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            created = http.post("/api/tables", json={"game": "draw", "seats": 2, "stack": STACK}).json()
        table = Table(created["table"], created["invites"], seed=5)
        table.play(2)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
    store = Store(str(db))
    kinds = [row.kind for row in store.rows(table.id)]
    assert kinds[:4] == ["sit", "sit", "deal", "shuffle"]
    deck = store.rows(table.id)[3].data.split()
    assert len(deck) == 52 and len(set(deck)) == 52
    store.close()


def test_join_plays_on_through_a_restart_of_the_server(tmp_path: Path) -> None:
    db = tmp_path / "join.sqlite"
    process, base = start(db)
    try:
        with httpx2.Client(base_url=base, timeout=WAIT, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            body = {"game": "holdem", "seats": 2, "stack": 1000, "bots": 1, "bot_level": "caller"}
            invite = http.post("/api/tables", json=body).json()["invites"][0]
        frames = tmp_path / "frames"
        os.mkfifo(frames)  # the test reads what join writes as it writes it: no polling
        status: list[int] = []
        join = threading.Thread(
            target=lambda: status.append(
                main(["join", invite, "--bot", "caller", "--hands", "4", "--log", str(frames)])
            ),
            daemon=True,
        )
        join.start()
        seen: list[dict[str, Any]] = []
        second = threading.Event()

        def read() -> None:
            with open(frames, encoding="utf-8") as log:
                for line in log:
                    seen.append(json.loads(line))
                    if seen[-1]["hand"] >= 2:
                        second.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert second.wait(WAIT), "join played no second hand"
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
        process, _ = start(db, port=int(base.rsplit(":", 1)[1]))
        join.join(6 * WAIT)
        reader.join(WAIT)
        assert status == [0]
        welcomes = [frame for frame in seen if frame["type"] == "welcome"]
        assert len(welcomes) == 2 and welcomes[1]["you"] == welcomes[0]["you"] == 0  # the same seat again
        assert max(frame["hand"] for frame in seen) >= 4
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)


def test_no_client_ever_sees_a_change_a_restart_does_not_restore(tmp_path: Path) -> None:
    # Tables of random bots (all in, side pots and all) play as fast as they can; a spectator of
    # each reads a seeded number of frames, then the server is killed: the log on disk holds at
    # least every change any frame told of, the file is sound, and no chip is lost.
    db = tmp_path / "crash.sqlite"
    rng = random.Random(27)
    process, base = start(db)
    try:
        with httpx2.Client(base_url=base, timeout=WAIT, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            body = {"seats": 3, "stack": STACK, "bots": 3, "bot_level": "random"}
            links = {
                created["table"]: created["spectate"]
                for created in (http.post("/api/tables", json={**body, "game": game}).json() for game in GAMES)
            }
        for _ in range(3):
            watchers = {table: Seat(base + link[link.index("/t/") :]) for table, link in links.items()}
            seen = {table: watcher.seq for table, watcher in watchers.items()}
            for _ in range(rng.randint(1, 25)):
                for table, watcher in watchers.items():
                    if watcher.state["status"] == "playing":  # else the bots have played it out
                        seen[table] = max(seen[table], watcher.next()["seq"])
            process.send_signal(signal.SIGKILL)
            process.wait(WAIT)
            store = Store(str(db))
            assert store.integrity() == "ok"
            restored = {table: room.table for table, room in Server(store, host_token=TOKEN).rooms.items()}
            for table, seq in seen.items():
                assert restored[table].seq >= seq
                _conserved(restored[table].snapshot(None), 3 * STACK)
            store.close()
            process, base = start(db)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)


def _conserved(state: dict[str, Any], chips: int) -> None:
    """Every chip is in a stack, in the hand's pot, or carried to the next deal."""
    view = state["view"]
    if view is None:
        assert sum(seat["stack"] for seat in state["seats"]) <= chips  # the rest carried in the pot
        return
    aside = sum(seat["stack"] for index, seat in enumerate(state["seats"]) if index not in state["dealt"])
    assert sum(seat["stack"] for seat in view["seats"]) + view["pot"] + aside == chips


def test_a_reshuffle_of_the_muck_is_logged_and_restored_mid_hand() -> None:
    """Triple draw at six seats runs the stock short: the muck reshuffled mid-hand is a fresh order
    the engine's chance tells the table, logged before a card of it is dealt; a table restored there
    holds the same cards, and what it shuffles afresh afterwards is logged too (in-process, seeded)."""
    config = TableConfig.from_json(
        {"game": "2-7-triple-draw", "seats": 6, "stack": 400, "bots": 6, "bot_level": "random"}
    )
    store = Store(":memory:")
    table = ServerTable.create("t", config, store, now=Clock(), rng=random.Random(7))
    for _ in range(20_000):  # bounded: a reshuffle comes within a few hands
        if table.hand is not None and any(isinstance(event, Reshuffled) for event in table.hand.events):
            break
        table.moves.auto(table.now())
    hand = table.hand
    assert hand is not None and not hand.over and len(hand.chance.log) >= 2
    shuffles = [row.data.split() for row in store.rows("t") if row.kind == "shuffle"]
    assert shuffles[-1] == [str(card) for card in hand.chance.log[-1]]  # logged as dealt
    restored = ServerTable.restore("t", config, store, now=table.now)
    assert restored.hand is not None and restored.hand.chance.log == hand.chance.log
    assert restored.snapshot(None) == table.snapshot(None) and restored.snapshot(0) == table.snapshot(0)
    logged = len(shuffles)
    number = restored.number
    for _ in range(20_000):  # the restored table plays on: its next deal's order is logged
        if restored.number > number:
            break
        restored.moves.auto(restored.now())
    assert restored.hand is not None
    shuffles = [row.data.split() for row in store.rows("t") if row.kind == "shuffle"]
    assert len(shuffles) > logged and shuffles[-1] == [str(card) for card in restored.hand.chance.log[-1]]
