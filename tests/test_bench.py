"""Each benchmark of ``bench/`` still runs, on a few hands in its quick mode (no time asserted:
speed is read from the figures the scripts print, ratios against a peer in the same run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

QUICK = {
    "engine": ["--hands", "20"],
    "odds": ["--quick"],
    "openspiel": ["--quick"],
    "ranking": ["--quick"],
    "scale": ["--quick", "--no-dask"],
    "wild": ["--hands", "2000"],
}
"""The scripts and the arguments that make them quick (the server's and the PHH round trip have
their own tests; the ranking's quick mode leaves out the C anchor, which takes half a minute)."""


@pytest.mark.parametrize("name", sorted(QUICK))
def test_a_benchmark_runs(name: str) -> None:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / f"{name}.py"), *QUICK[name]],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip()
