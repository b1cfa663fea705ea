"""Shared by the hosting tests: a command run for a test (``homegame serve``, Caddy) whose output
lines are read in threads and waited for with bounds, and a free port on 127.0.0.1."""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from server_helpers import HOST_TOKEN, WAIT

START = 30.0
"""The longest a command is given to start (it imports the whole server), in seconds."""
SERVE = (
    sys.executable,
    "-m",
    "homegame",
    "serve",
    "--between-hands",
    "0",
    "--runout-pause",
    "0",
    "--host-token",
    HOST_TOKEN,
)


class Process:
    """A command run for a test; its stdout and stderr lines, each waited for at most ``WAIT`` seconds."""

    def __init__(self, argv: Sequence[str], env: dict[str, str] | None = None) -> None:
        self.argv = list(argv)
        self.process = subprocess.Popen(
            self.argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=None if env is None else {**os.environ, **env},
        )
        self.out: queue.Queue[str] = queue.Queue()
        self.err: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        for stream, lines in ((self.process.stdout, self.out), (self.process.stderr, self.err)):
            threading.Thread(target=_pump, args=(stream, lines), daemon=True).start()

    def line(
        self, test: Callable[[str], bool] = bool, *, stderr: bool = False, limit: int = 1000, wait: float = WAIT
    ) -> str:
        """The next line of stdout (or stderr) that passes ``test``; fails after ``wait`` seconds
        without a line, or ``limit`` lines."""
        lines = self.err if stderr else self.out
        for _ in range(limit):
            try:
                line = lines.get(timeout=wait)
            except queue.Empty:
                break
            self.seen.append(line)
            if test(line):
                return line
        raise AssertionError(f"{self.argv[:4]}: no such line; the last seen: {self.seen[-5:]}")

    def stop(self) -> None:
        """Stop the command (SIGTERM, then SIGKILL after ``WAIT`` seconds)."""
        self.process.terminate()
        try:
            self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(WAIT)


def _pump(stream: IO[str] | None, lines: queue.Queue[str]) -> None:
    assert stream is not None
    for line in stream:
        lines.put(line.rstrip("\n"))


@contextmanager
def serve(db: Path, *more: str, env: dict[str, str] | None = None) -> Iterator[tuple[Process, str]]:
    """``homegame serve`` on 127.0.0.1 (an OS-chosen port) for the test's length: the process and the
    host's link it printed."""
    process = Process([*SERVE, "--db", str(db), "--port", "0", *more], env)
    try:
        link = process.line(lambda line: line.startswith("homegame serve: "), wait=START)
        yield process, link.split()[2]
    finally:
        process.stop()


def free_port() -> int:
    """A port nobody listens on at 127.0.0.1 just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
