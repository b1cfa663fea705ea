"""``homegame join``: a log file that cannot be written is bad input, found before connecting."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame import cli


def test_a_log_in_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "missing" / "frames.jsonl"
    assert cli.main(["join", "http://127.0.0.1:9/t/abc#secret", "--bot", "caller", "--log", str(log)]) == 2
    assert f"cannot write {log}: there is no folder" in capsys.readouterr().err  # it was "failed", status 1
