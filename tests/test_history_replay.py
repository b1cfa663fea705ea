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
        ("winnings = [8, 0, 0]", True),  # ... or with the 4 returned, uncalled, counted in
        ("winnings = [5, 0, 0]", False),
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


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('{"format": "homegame-history/1"}', "is JSON: homegame replay reads it"),
        ("PokerStars Hand #1:  Hold'em No Limit ($1/$2)\n", "homegame history import turns it into PHH"),
        ("", "not a PHH file"),
    ],
)
@pytest.mark.parametrize("command", [["history", "replay"], ["odds", "--from"]])
def test_a_file_that_is_not_phh_is_named_once_with_the_command_that_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, hint: str, command: list[str]
) -> None:
    # the file was named twice ("x: x: line 1...") by history replay and not at all by odds --from
    path = tmp_path / "hands.txt"
    path.write_text(text)
    assert main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count(str(path)) == 1 and hint in err and err.count("\n") == 1, err


def test_a_seat_view_of_a_game_without_a_code_points_to_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # export, then replay: a game whose file cannot say its deal (anaconda's passes) "cannot be played",
    # and why; one whose steps its lines plan (draw: issue 33.5) is dealt from its actions
    path = tmp_path / "anaconda.phhs"
    assert main(["history", "export", "anaconda", "--seed", "1", "-o", str(path)]) == 0
    assert main(["history", "replay", str(path)]) == 1
    assert "(homegame history export --full writes them" in capsys.readouterr().out
    path = tmp_path / "draw.phhs"
    assert main(["history", "export", "draw", "--seed", "1", "-o", str(path)]) == 0
    assert main(["history", "replay", str(path)]) == 0
    assert "(as the file says)" in capsys.readouterr().out


def test_a_bad_expectation_is_reported_with_the_hand() -> None:
    with pytest.raises(ValueError, match="finishing_stacks must be a list of 3 amounts"):
        replay(loads(HAND + "finishing_stacks = [1, 2]"))


# Online sites' winnings: a raked pot, a big blind's uncalled half counted in (hands written for this test)
ONLINE = """variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [197.50, 50, 80.10]
"""


@pytest.mark.parametrize(
    ("actions", "winnings", "rake"),
    [
        ("'p3 cc', 'p1 f', 'p2 cc', 'd db 6sJsAs', 'p2 cbr 1', 'p3 cbr 2', 'p2 f'", "[0, 0, 4.30]", "0.2"),
        ("'p3 f', 'p1 f'", "[0, 1.50, 0]", ""),  # the big blind's uncalled half counted in
        ("'p3 f', 'p1 f'", "[0, 1, 0]", ""),  # ... or not
        ("'p3 cbr 3', 'p1 f', 'p2 f'", "[0, 0, 2.50]", ""),
    ],
)
def test_online_winnings_with_a_rake_or_an_uncalled_blind(actions: str, winnings: str, rake: str) -> None:
    deal = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', "
    played = replay(loads(f"{ONLINE}actions = [{deal}{actions}]\nwinnings = {winnings}\n"))
    assert played.same is True
    assert (f"the house took a rake of {rake}" in played.note) if rake else not played.note


def test_winnings_that_name_no_winner_are_not_compared() -> None:
    deal = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', "
    played = replay(loads(f"{ONLINE}actions = [{deal}'p3 f', 'p1 f']\nwinnings = [0, 0, 0]\n"))
    assert played.same is None and "name no winner" in played.note
    half = replay(loads(f"{ONLINE}actions = [{deal}'p3 cbr 3', 'p1 f', 'p2 f']\nwinnings = [0, 0, 1]\n"))
    assert half.same is False  # short by more than a rake


@pytest.mark.parametrize(
    ("given", "same", "said"),
    [
        ("winnings = [0, 0, 8.05]", True, "the house took a rake of 0.95, 10.6% of the pot of 9"),  # handhq's
        ("finishing_stacks = [194.50, 47, 85.15]", True, "the house took a rake of 0.95, 10.6% of the pot of 9"),
        ("winnings = [0, 0, 7]", False, ""),  # short by more than a fifth of the pot
        ("winnings = [0, 0, 7]\n_rake = 2", True, "a rake of 2, 22.2% of the pot of 9, as the file says (_rake)"),
        ("winnings = [0, 0, 8.05]\n_rake = 0.50", False, ""),  # the file's own rake does not explain it
        ("winnings = [0, 0.95, 8.05]", False, ""),  # a player who won nothing collects
    ],
)
def test_a_rake_the_files_stacks_imply_or_name(given: str, same: bool, said: str) -> None:
    deal = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', "
    actions = "'p3 cbr 3', 'p1 cc', 'p2 cc', 'd db 6sJsAs', 'p1 cc', 'p2 cc', 'p3 cbr 3', 'p1 f', 'p2 f'"
    played = replay(loads(f"{ONLINE}actions = [{deal}{actions}]\n{given}\n"))
    assert played.same is same
    assert (said in played.note) if said else "rake" not in played.note
