"""Fixtures of the browser tests: the real ``homegame serve`` on 127.0.0.1, Debian's Chromium.

The server runs as a child process (so a test can SIGKILL it and start it again on the same
database and port); the browser is Debian's ``chromium`` package, launched by path because
Playwright cannot download its own here. Without it the tests fail with the command that installs it.
Every page opened through :class:`Pages` records console errors; a test fails if any appear.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import queue
import secrets
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

if importlib.util.find_spec("playwright") is None:  # the lean test set: pip install -e ".[test]"
    collect_ignore_glob = ["*.py"]
    warnings.warn('tests/browser not collected: Playwright is missing (pip install -e ".[test-full]")', stacklevel=1)

CHROMIUM = Path(os.environ.get("HOMEGAME_CHROMIUM", "/usr/bin/chromium"))
INSTALL = "apt-get update && apt-get install -y chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
SRC = Path(__file__).resolve().parents[2] / "src"
START_SECONDS = 30


@dataclass
class Server:
    """``homegame serve`` as a child process on 127.0.0.1 (on a port the operating system chooses);
    :meth:`kill` and :meth:`start` again, on the same database and port."""

    db: Path
    port: int = 0  # the operating system chooses; kept for a restart
    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    process: subprocess.Popen[str] | None = None
    log: list[str] = field(default_factory=list)
    opened: list[str] = field(default_factory=list)
    args: tuple[str, ...] = ()
    """More of ``serve``'s options (``--heartbeat 0.5``)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait (bounded) until it prints the host's link."""
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
        command = [sys.executable, "-m", "homegame", "serve"]
        command += ["--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--db", str(self.db), f"--host-token={self.token}", *self.args]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, bufsize=1
        )
        lines: queue.Queue[str | None] = queue.Queue()
        process = self.process

        def pump() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        for _ in range(200):
            try:
                line = lines.get(timeout=START_SECONDS)
            except queue.Empty:
                break
            if line is None:
                break
            self.log.append(line)
            if "/host#" in line:
                # Keep draining the server's output so it never blocks on a full pipe.
                threading.Thread(target=self._drain, args=(lines,), daemon=True).start()
                # The server listens before it prints its link; a restart keeps the port.
                self.port = int(line.split("/host#")[0].rsplit(":", 1)[1])
                return
        self.stop()
        pytest.fail("homegame serve did not start:\n" + "".join(self.log[-40:]))

    def _drain(self, lines: queue.Queue[str | None]) -> None:
        for _ in range(10**7):
            line = lines.get()
            if line is None:
                return
            self.log.append(line)
            del self.log[:-200]

    def kill(self) -> None:
        """SIGKILL: nothing flushed, nothing said goodbye."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def api(self, method: str, path: str, body: object = None) -> Any:
        """A host request: JSON in, JSON out."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            pytest.fail(f"{method} {path} {body}: {error.code} {error.read().decode()[:500]}")
        return json.loads(text) if text else None

    def table(self, **body: object) -> dict[str, Any]:
        """Create a table (the body of ``POST /api/tables``; no clock unless asked)."""
        body.setdefault("clock", None)
        answer: dict[str, Any] = self.api("POST", "/api/tables", body)
        self.opened.append(answer["table"])
        return answer

    def close_tables(self) -> None:
        """Close the tables made so far, so their bots stop dealing once the test is done."""
        if self.process is None:
            return
        for table in self.opened:
            request = urllib.request.Request(f"{self.url}/api/tables/{table}/close", data=b"", method="POST")
            request.add_header("Authorization", f"Bearer {self.token}")
            with contextlib.suppress(urllib.error.HTTPError):  # closed already
                urllib.request.urlopen(request, timeout=15).close()
        self.opened.clear()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that do not kill it."""
    running = Server(db=tmp_path_factory.mktemp("server") / "homegame.sqlite")
    running.start()
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def _close_tables(server: Server) -> Iterator[None]:
    """Every test's tables close when it ends (the host page's too: they are listed and closed)."""
    yield
    for listed in server.api("GET", "/api/tables"):
        if listed["status"] not in ("closing", "closed") and listed["table"] not in server.opened:
            server.opened.append(listed["table"])
    server.close_tables()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, to kill and restart."""
    running = Server(db=tmp_path / "homegame.sqlite")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless: one a test module, because Playwright's synchronous driver keeps an
    event loop running while it lives, and the other tests of a pytest worker need theirs."""
    if not CHROMIUM.exists():
        pytest.fail(f"no browser at {CHROMIUM}: install Debian's chromium with `{INSTALL}`", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


class Pages:
    """Browser contexts (one per seat: separate storage) whose pages record console errors."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.allowed: tuple[str, ...] = ()

    def open(self, url: str, *, width: int = 1280, height: int = 800, policy: bool = False) -> Any:
        """A page of ``url`` in a context of its own. Playwright's ``wait_for_function`` evaluates
        text, which the pages' Content-Security-Policy forbids: the policy is bypassed but where a
        test asks for it (``policy``), and then any script or style it blocks is a console error."""
        context = self.browser.new_context(viewport={"width": width, "height": height}, bypass_csp=not policy)
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.goto(url)
        return page

    def tab(self, page: Any, url: str) -> Any:
        """Another tab of ``page``'s browser context (the same storage: the same seat)."""
        tab = page.context.new_page()
        tab.on("console", self._console)
        tab.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        tab.goto(url)
        return tab

    def _console(self, message: Any) -> None:
        if message.type == "error" and not any(text in message.text for text in self.allowed):
            self.errors.append(f"console: {message.text}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    """Open pages with :meth:`Pages.open`; no console errors allowed."""
    opened = Pages(browser)
    yield opened
    opened.close()
    assert not opened.errors, "\n".join(opened.errors)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
