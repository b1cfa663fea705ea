"""``homegame join``: a log file that cannot be written is bad input, found before connecting; what
a person types from a pipe is echoed after the prompt, as ``homegame play`` echoes it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from homegame import cli
from homegame.server.client import PersonDecider


def test_a_log_in_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "missing" / "frames.jsonl"
    assert cli.main(["join", "http://127.0.0.1:9/t/abc#secret", "--bot", "caller", "--log", str(log)]) == 2
    assert f"cannot write {log}: there is no folder" in capsys.readouterr().err  # it was "failed", status 1


class Terminal(io.StringIO):
    """Typed input at a terminal, which shows it as it is typed."""

    def isatty(self) -> bool:
        return True


def test_piped_answers_are_echoed_after_their_prompts() -> None:
    # a transcript read "game> " then the next line, with no answer: the question never answered
    out = io.StringIO()
    person = PersonDecider(io.StringIO("razz\nledger\n\n"), out)
    assert person.choose({}, ["holdem", "razz"]) == "razz"
    assert person.idle({"seats": [{"status": "sitting_out", "stack": 50}]}, 0, 1) == []
    lines = out.getvalue().splitlines()
    assert "game> razz" in lines and "> ledger" in lines and lines[-1] == "> "


def test_typed_answers_are_not_echoed_twice() -> None:
    out = io.StringIO()
    assert PersonDecider(Terminal("razz\n"), out).choose({}, ["holdem", "razz"]) == "razz"
    assert out.getvalue().endswith("game> ")
