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


def test_join_hands_reports_what_the_seat_left_with(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33.8: ``join --hands N`` said "left with 0 chips" (a seat gone shows none) where the
    ledger showed the seat's buy-out."""
    from homegame.cli import main
    from server_helpers import live_server

    with live_server() as live:
        created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
        assert main(["join", created["invites"][0], "--bot", "caller", "--hands", "2", "--seed", "3"]) == 0
        ledger = live.host("GET", f"/api/tables/{created['table']}/ledger").json()
    [me] = [player for player in ledger["players"] if player["name"] == "player 1"]
    assert capsys.readouterr().out.rstrip().endswith(f"player 1: 2 hands, left with {me['buy_out']} chips")
    assert me["buy_out"] > 0
