"""Replay checks what a file says (issue 16): the finishing stacks or winnings it gives are compared,
``--json`` reports each hand's stacks, what the file expected and whether they are the same, and the
exit status says when any hand differs, cannot be played, or the file holds no hand at all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homegame.cli import main
from homegame.history import loads
from homegame.history.replay import replay

HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h2c", "p3 f", "p1 cbr 6", "p2 f"]
"""


@pytest.mark.parametrize(
    ("said", "same"),
    [
        ("finishing_stacks = [102, 98, 100]", True),
        ("finishing_stacks = [101, 99, 100]", False),
        ("winnings = [4, 0, 0]", True),  # the pot p1 collected: 2 of its own and p2's 2 (4 returned, uncalled)
        ("winnings = [8, 0, 0]", False),
        ("", None),
    ],
)
def test_the_stacks_the_file_gives_are_compared(said: str, same: bool | None) -> None:
    played = replay(loads(HAND + said))
    assert played.finishing_stacks == (102, 98, 100)
    assert played.same is same


def test_replay_json_says_what_the_file_expected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(f"[1]\n{HAND}finishing_stacks = [102, 98, 100]\n\n[2]\n{HAND}finishing_stacks = [100, 100, 100]\n")
    assert main(["history", "replay", str(path), "--json"]) == 1
    hands = json.loads(capsys.readouterr().out)["hands"]
    assert hands == [
        {"finishing_stacks": [102, 98, 100], "expected": [102, 98, 100], "same": True},
        {"finishing_stacks": [102, 98, 100], "expected": [100, 100, 100], "same": False},
    ]
    assert main(["history", "replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "hand 1: 102 98 100 (as the file says)" in out
    assert "hand 2: 102 98 100 (the file says 100 100 100: different)" in out
    path.write_text(f"{HAND}finishing_stacks = [102, 98, 100]\n")
    assert main(["history", "replay", str(path)]) == 0


@pytest.mark.parametrize("text", ["", "# nothing\n", 'name = "homegame"\n[tool]\nx = 1\n'])
def test_an_empty_or_non_phh_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    path = tmp_path / "empty.phh"
    path.write_text(text)
    assert main(["history", "replay", str(path)]) != 0
    assert "not a PHH file" in capsys.readouterr().err


def test_a_bad_expectation_is_reported_with_the_hand() -> None:
    with pytest.raises(ValueError, match="finishing_stacks must be a list of 3 amounts"):
        replay(loads(HAND + "finishing_stacks = [1, 2]"))
