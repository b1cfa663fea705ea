"""``homegame odds`` at the command line: options that do not apply are refused, not ignored, and
``--from`` never presents cards a file does not hold as known."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame import cli

HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 {p2}", "p2 cc", "p1 cc", "d db 2h7s9d", "p1 cc", "p2 cc", "d db Kc",
  "p1 cc", "p2 cc", "d db 3s", "p1 cc", "p2 cc", "p1 sm AcAd"{shown}]
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of the command line run in this process (never a traceback)."""
    status = cli.main(["odds", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    return status, out, err


def history(tmp_path: Path, p2: str, shown: str = "") -> str:
    path = tmp_path / "hand.phh"
    path.write_text(HAND.format(p2=p2, shown=shown), encoding="utf-8")
    return str(path)


def test_from_a_file_that_hides_a_hand_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the replay fills unknown cards with cards that play the hand; counting odds with them was a lie
    status, out, err = run(capsys, "--from", history(tmp_path, "????"), "--at", "2")
    assert (status, out) == (2, "")
    assert "the cards of p2 are not in the file" in err and "--full" in err


def test_from_a_file_whose_hidden_hand_is_shown_later(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--from", history(tmp_path, "????", ', "p2 sm KhKd"'), "--at", "2")
    assert status == 0
    assert "Kh Kd  8.56%" in out  # AA against KK on 2h 7s 9d: 81 of the 946 turns and rivers save the kings


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["holdem", "AhKh", "QsQd", "--at", "3"], "--at cannot be used without --from"),
        (["holdem", "AhKh", "QsQd", "--by-street", "--exact"], "--exact cannot be used with --by-street"),
        (["holdem", "AhKh", "QsQd", "--by-street", "--workers", "2"], "--workers cannot be used with --by-street"),
        (["--from", "x.phh", "--board", "2h 7s 9d"], "--board cannot be used with --from"),
        (["--from", "x.phh", "--exact", "--dask", "tcp://x"], "--exact and --dask cannot be used with --from"),
        (["holdem", "AhKh", "QsQd", "--trials", "99999999999999"], "--trials must be 1..100,000,000"),
        (["holdem", "AhKh", "QsQd", "--trials", "0"], "--trials must be 1..100,000,000, not 0"),
        # they read "2c is held 1 times but the deck has 0" and "the board holds 0 cards, not 1"
        (["short-deck", "AhKh", "2c3c"], "2c is not in the deck of short-deck: 36 cards (6-A)"),
        (["stud", "(Ah Kh) Qh", "(2s 2d) 9h", "--board", "2c"], "the board holds no cards in stud, not 1"),
    ],
)
def test_options_that_would_be_ignored_or_exhaust_memory_are_refused(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert words in err


@pytest.mark.parametrize("extra", [[], ["--by-street"]])
def test_a_mixed_game_names_its_games(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "horse", "AsKd", "QhQc", *extra)  # it said "no game 'horse' in the catalogue"
    assert (status, out) == (2, "")
    assert "horse is a mixed game: give one of its games (limit-holdem, omaha-hi-lo, razz, stud, stud-hi-lo)" in err


def test_a_negative_seed_is_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    # numpy's SeedSequence takes no negative entropy: --seed -1 ended in an internal error
    runs = [run(capsys, "holdem", "AhKh", "QsQd", "--trials", "500", "--seed", seed) for seed in ("-1", "-1", "1")]
    assert [status for status, _, _ in runs] == [0, 0, 0]
    assert runs[0][1] == runs[1][1] != runs[2][1]


def test_an_empty_hand_is_a_random_hand_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "holdem", "", "QsQd", "--trials", "100")  # its row had no name
    assert status == 0 and out.splitlines()[2].startswith("random ")


def test_a_chart_says_where_it_went(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "streets.png"
    board = "2h 7h Qc Kd 3h"
    status, _, err = run(capsys, "holdem", "AhKh", "QsQd", "--board", board, "--by-street", "--plot", str(chart))
    assert status == 0 and chart.stat().st_size > 0 and err == f"chart written to {chart}\n"  # it said nothing
