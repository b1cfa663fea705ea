"""homegame behind Caddy: the repository's Caddyfiles validate, and a hand is played over ``wss://``
through Debian's ``caddy`` (``tls internal``, the repository's LAN Caddyfile) in front of a real
``homegame serve``. Skipped, saying so, only where ``caddy`` is not installed (the README's test
command installs it)."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest

from homegame.cli import main
from hosting_helpers import START, Process, free_port, serve
from server_helpers import HOST_TOKEN, WAIT

CADDY = shutil.which("caddy")
DEPLOY = Path(__file__).parent.parent / "deploy"

pytestmark = pytest.mark.skipif(CADDY is None, reason="caddy is not installed: apt-get install -y caddy")


def _private(tmp_path: Path) -> dict[str, str]:
    """Caddy's folders in the test's own (tests run as root: nothing reaches the machine's)."""
    return {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}


@pytest.mark.parametrize("name", ["Caddyfile", "Caddyfile.lan"])
def test_the_repositorys_caddyfiles_validate(name: str, tmp_path: Path) -> None:
    assert CADDY is not None
    done = subprocess.run(
        [CADDY, "validate", "--config", str(DEPLOY / name), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", **_private(tmp_path)},
        timeout=WAIT * 3,
        check=False,
    )
    assert done.returncode == 0 and "Valid configuration" in done.stdout + done.stderr, done.stderr[-2000:]


TRIES, INTERVAL = 100, 0.1
"""A bounded wait for Caddy to serve the certificate it has just obtained (it caches it a moment after)."""


def _until_served(base: str, root: Path) -> None:
    trusting = ssl.create_default_context(cafile=str(root))
    for _ in range(TRIES):
        try:
            httpx2.get(f"{base}/healthz", verify=trusting, timeout=WAIT).raise_for_status()
            return
        except httpx2.ConnectError:  # the handshake, before the certificate is in Caddy's cache
            threading.Event().wait(INTERVAL)
    raise AssertionError(f"Caddy never served {base}")


@contextmanager
def caddy_in_front(tmp_path: Path, upstream: str) -> Iterator[tuple[str, Path]]:
    """Caddy on 127.0.0.1 (a free port) with the repository's LAN Caddyfile in front of ``upstream``,
    its own certificate authority in the test's folder: Caddy's address and the authority's root."""
    assert CADDY is not None
    port, storage = free_port(), tmp_path / "caddy"
    config = tmp_path / "Caddyfile"
    config.write_text(
        "{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n\tdefault_bind 127.0.0.1\n"
        f"\tstorage file_system {storage}\n}}\nimport {DEPLOY / 'Caddyfile.lan'}\n"
    )
    site = {"HOMEGAME_SITE": f"https://127.0.0.1:{port}", "HOMEGAME_UPSTREAM": upstream, **_private(tmp_path)}
    caddy = Process([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"], site)
    try:
        caddy.line(lambda line: "certificate obtained successfully" in line, stderr=True, wait=START)
        base, root = f"https://127.0.0.1:{port}", storage / "pki" / "authorities" / "local" / "root.crt"
        _until_served(base, root)
        yield base, root
    finally:
        caddy.stop()


def test_a_hand_over_wss_through_caddy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bearer = {"Authorization": f"Bearer {HOST_TOKEN}"}
    served = serve(tmp_path / "homegame.sqlite", "--proxy-headers")  # the scheme from Caddy's X-Forwarded-Proto
    with served as (_, link), caddy_in_front(tmp_path, link.split("/")[2]) as (base, root):
        trusting = ssl.create_default_context(cafile=str(root))  # the test's own authority, and no other
        with httpx2.Client(base_url=base, verify=trusting, timeout=WAIT) as http:
            table = {"game": "holdem", "seats": 2, "bots": 1, "bot_level": "caller", "stack": 200}
            created = http.post("/api/tables", json=table, headers=bearer)
            assert created.status_code == 200, created.text
            (invite,) = created.json()["invites"]
            assert invite.startswith(f"{base}/t/")  # the link through the proxy
            monkeypatch.setenv("SSL_CERT_FILE", str(root))  # the client trusts the test's authority
            assert main(["join", invite, "--bot", "caller", "--hands", "1", "--seed", "1"]) == 0
            assert capsys.readouterr().out.startswith("player 1: 1 hand, ")
            (played,) = http.get("/api/tables", headers=bearer).json()
            assert played["hands"] >= 1, json.dumps(played)
