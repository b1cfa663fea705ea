"""A stalled network (issue 29, items 6 and 8), in Chromium: the page reaches the server through a
relay the test stalls (nothing passes, nothing closes). The page says it is reconnecting, the others
see the seat offline, and the Call tapped into the stall is sent again once the network is back and
counts once. Previous hands come from the server: a new tab of the seat (no tab storage) has them.
The server's heartbeat is half a second (``serve --heartbeat 0.5``); every wait is bounded."""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the relay and the socket helpers

from conftest import Pages, Server
from tabledriver import ENABLED, connected, number, play_turn, wait_turn_or_end

from relay import Relay
from server_helpers import WAIT, Seat


@pytest.fixture
def beating(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own with a heartbeat of half a second."""
    running = Server(db=tmp_path / "homegame.sqlite", args=("--heartbeat", "0.5"))
    running.start()
    yield running
    running.stop()


class Watcher:
    """A spectator's socket read all along by a thread of its own (so it answers every ping), its
    messages waited for with bounded waits."""

    def __init__(self, url: str) -> None:
        self.seat = Seat(url)
        self.seq = self.seat.seq
        self.heard: queue.Queue[dict[str, Any]] = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for _ in range(1_000_000):  # bounded: a look every 0.2 s at most
            if self.stop.is_set():
                return
            try:
                self.heard.put(self.seat.next(timeout=0.2))
            except TimeoutError:
                continue
            except Exception:  # the socket closed
                return

    def until(self, test: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
        for _ in range(limit):
            message = self.heard.get(timeout=WAIT)
            self.seq = message.get("seq", self.seq)
            if test(message):
                return message
        raise AssertionError("no such message")

    def close(self) -> None:
        self.stop.set()
        self.thread.join(WAIT)
        self.seat.close()


def _offline(seat: int, connected: bool) -> Any:
    return lambda m: m.get("type") == "state" and m["state"]["seats"][seat]["connected"] is connected


def test_a_stalled_page_reconnects_and_sends_its_call_again(beating: Server, pages: Pages) -> None:
    # Chromium reports the connections given up, those the stall never opens, and the requests the
    # stalled connections held when the relay closes them (the network back).
    pages.allowed = ("WebSocket", "Failed to load resource: net::ERR_")
    table = beating.table(game="holdem", seats=2, stack=1000, bots=1, bot_level="caller", spectators="public")
    relay = Relay(beating.port)
    try:
        page = pages.open(table["invites"][0].replace(f":{beating.port}/", f":{relay.port}/"))
        connected(page)
        watcher = Watcher(table["spectate"])
        watcher.until(_offline(0, True))
        for _ in range(20):  # bounded: until the page must call (the bot only calls: a call comes preflop)
            if wait_turn_or_end(page, 99) and page.locator(f"{ENABLED}[data-action=call]").count():
                break
            page.locator(f"{ENABLED}[data-action=check]").first.click()
            page.wait_for_function("!document.querySelector('#controls.sending')")
        seq = number(page, "seq")
        relay.stall()
        page.locator(f"{ENABLED}[data-action=call]").click()  # into the stall: it never arrives
        page.wait_for_selector("#conn[data-state=reconnecting]")
        assert "sent again" in page.inner_text("#conn")
        watcher.until(_offline(0, False))  # the others see the seat offline
        assert watcher.seq == seq  # the call never arrived
        relay.resume()
        page.wait_for_selector("#conn[data-state=connected]")
        called = watcher.until(lambda m: m["type"] == "state" and m["seq"] > seq)
        assert called["seq"] == seq + 1  # the call, sent again, counted once
        last = called["state"]["view"]["events"][-1]
        assert last["type"] == "acted" and last["action"]["kind"] == "call"
        watcher.close()
        for _ in range(40):  # bounded: two hands finished
            if number(page, "finished") >= 2:
                break
            if wait_turn_or_end(page, 2):
                play_turn(page)

        # Previous hands come from the server: a new tab of the seat (its own tab storage, empty) has
        # them all, where the snapshot it is sent holds the last one at most.
        tab = pages.tab(page, f"http://127.0.0.1:{relay.port}/t/{table['table']}")
        connected(tab)
        assert tab.evaluate("sessionStorage.length") <= 1  # at most the chat's or the last hand's
        tab.click("#open-hands")
        tab.wait_for_function("document.querySelectorAll('#history-list li.past-hand').length >= 2")
    finally:
        relay.close()
