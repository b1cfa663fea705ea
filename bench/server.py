"""The server under load: N tables of six bot clients each, on loopback.

A real ``homegame serve`` (its own process, a fresh database in a temporary directory, no pause
between hands) and six ``homegame join``-style bot clients a table, shared by ``--workers``
processes of their own (each one event loop), which stand for the players' machines: split in two,
the clients queue less behind one another than in one process at a full core (p99 at 50 tables
70-78 ms against 88-103 with ``--workers 1``). Every table is paused until all its seats are taken,
then all are resumed at once. Printed for each number of tables: hands a second (all tables
together), the action-to-update latency (from a client sending its action to that client
receiving the state that holds it: p50, p99, slowest), the server's CPU time per action (what the
figures owe to the server, whatever else the machine runs), the bot clients' and the server's
resident memory when the tables were made, half way and at the end (the target: flat; p99 under
50 ms at 10 tables and 150 ms at 50).

    python bench/server.py [--tables 10,50] [--hands 50] [--bots caller] [--game holdem] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect

from homegame.server.client import BotDecider, Client, Invite

TOKEN = "bench-host-secret"
SEATS = 6


def start(db: Path) -> tuple[subprocess.Popen[str], str]:
    """``homegame serve`` on an OS-chosen port; the process and its base URL."""
    command = [sys.executable, "-m", "homegame", "serve", "--port", "0", "--between-hands", "0"]
    process = subprocess.Popen([*command, "--db", str(db), "--host-token", TOKEN], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 30)
    if not ready:
        raise SystemExit("the server did not start")
    return process, process.stdout.readline().split()[2].split("/host#")[0]


def cpu(pid: int) -> float:
    """The process's CPU time so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> float:
    """The process's resident memory in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def seat(url: str, level: str, *, hands: int, seed: int, latencies: list[float], arrived: asyncio.Event) -> None:
    """One bot client until it leaves."""
    client = Client(BotDecider(level, random.Random(seed)), hands=hands, quit_when_idle=True)
    invite = Invite.parse(url)
    sent: tuple[int, float] | None = None
    async with connect(invite.socket, max_size=2**22) as websocket:
        await websocket.send(json.dumps(client.hello(invite.token)))
        while not client.done:
            async with asyncio.timeout(120):
                text = await websocket.recv()
            message = json.loads(text)
            if sent is not None and message.get("type") == "state" and message["seq"] > sent[0]:
                latencies.append(time.perf_counter() - sent[1])
                sent = None
            answers = client.receive(message)
            arrived.set()
            for answer in answers:
                if answer["type"] == "act":
                    sent = (answer["seq"], time.perf_counter())
                await websocket.send(json.dumps(answer))


def clients(seats: list[tuple[str, int]], level: str, hands: int, go: Event, out: Queue) -> None:  # type: ignore[type-arg]
    """A process of bot clients (``seats``: invite and seed): says ``ready`` once each has its
    welcome, waits for ``go``, then plays; puts its latencies and its CPU time from ``go`` on ``out``."""

    async def play() -> tuple[list[float], float]:
        latencies: list[float] = []
        arrived = [asyncio.Event() for _ in seats]
        tasks = [
            asyncio.create_task(seat(url, level, hands=hands, seed=seed, latencies=latencies, arrived=event))
            for (url, seed), event in zip(seats, arrived, strict=True)
        ]
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in arrived)), 120)
        out.put("ready")
        await asyncio.to_thread(go.wait)
        began = time.process_time()
        await asyncio.wait_for(asyncio.gather(*tasks), 3600)
        return latencies, time.process_time() - began

    out.put(asyncio.run(play()))


async def run(tables: int, hands: int, level: str, game: str, workers: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        process, base = start(Path(directory) / "bench.sqlite")
        try:
            async with httpx2.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
                made = []
                for _ in range(tables):
                    answer = await http.post("/api/tables", json={"game": game, "seats": SEATS, "stack": 10_000})
                    made.append(answer.json())
                    await http.post(f"/api/tables/{made[-1]['table']}/pause")
                before = memory(process.pid)
                seats = [(url, seed) for seed, url in enumerate(url for table in made for url in table["invites"])]
                context = multiprocessing.get_context("spawn")
                go, out = context.Event(), context.Queue()
                pool = [
                    context.Process(target=clients, args=(seats[worker::workers], level, hands, go, out))
                    for worker in range(workers)
                ]
                for worker in pool:
                    worker.start()
                for _ in pool:
                    await asyncio.to_thread(out.get, True, 180)  # "ready"
                began, used = time.perf_counter(), cpu(process.pid)
                go.set()
                for table in made:
                    await http.post(f"/api/tables/{table['table']}/resume")
                samples: list[float] = []
                done = asyncio.gather(*(asyncio.to_thread(out.get, True, 3600) for _ in pool))
                while not done.done():
                    samples.append(memory(process.pid))
                    await asyncio.wait([done], timeout=0.2)
                results = done.result()
                elapsed, used = time.perf_counter() - began, cpu(process.pid) - used
                for worker in pool:
                    worker.join(10)
                after = memory(process.pid)
                listed = (await http.get("/api/tables")).json()
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    played = sum(table["hands"] for table in listed)
    ms = sorted(latency * 1000 for latencies, _ in results for latency in latencies)
    spent = sum(seconds for _, seconds in results)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    half = samples[len(samples) // 2] if samples else float("nan")
    print(
        f"{tables:>3} tables x {SEATS} {level} bots: {played} hands in {elapsed:.1f} s "
        f"= {played / elapsed:,.0f} hands/s; "
        f"action to update p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, slowest {ms[-1]:.1f} ms "
        f"({len(ms)} actions; the server's CPU {1000 * used / max(1, len(ms)):.1f} ms an action, "
        f"the bot clients' {1000 * spent / max(1, len(ms)):.1f} ms in {workers} processes); "
        f"server memory {before:.0f} MB, {half:.0f} MB, {after:.0f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,50", help="numbers of tables, comma-separated (default 10,50)")
    parser.add_argument("--hands", type=int, default=50, help="hands each bot plays (default 50)")
    parser.add_argument("--bots", default="caller", choices=("random", "caller", "sensible"))
    parser.add_argument("--game", default="holdem")
    parser.add_argument("--workers", type=int, default=2, help="processes the bot clients share (default 2)")
    args = parser.parse_args()
    for count in (int(text) for text in args.tables.split(",")):
        asyncio.run(run(count, args.hands, args.bots, args.game, max(1, args.workers)))


if __name__ == "__main__":
    main()
