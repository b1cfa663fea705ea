"""The browser table's unit tests (tests/js/*.test.mjs, run by ``node --test tests/js/``) over
fixtures from real hands of every catalogue game, written here first (tests/js_fixtures.py), so
the README's one command runs them too."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from js_fixtures import FIXTURES, write


def test_the_pages_node_tests_pass() -> None:
    assert len(write()) >= 40
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "node is needed for the page's tests: apt-get install -y nodejs"
    folder = Path(__file__).parent / "js"
    run = subprocess.run([node, "--test", str(folder)], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    summary = {
        line.split()[1]: int(line.split()[2])
        for line in run.stdout.splitlines()
        if line.startswith("# ") and len(line.split()) == 3 and line.split()[2].isdigit()
    }
    assert summary.get("fail") == 0 and summary.get("pass", 0) > 300, summary
    assert FIXTURES.is_dir()
