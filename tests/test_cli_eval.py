"""``homegame eval``: options that would be ignored are refused."""

from __future__ import annotations

import pytest

from homegame import cli


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--down", "2c"], "--down tells which cards are down for --wild lowest-down"),
        (["--wild", "jokers", "--wild-rank", "5"], "--wild-rank names the rank of --wild dynamic"),
    ],
)
def test_an_option_of_another_wild_spec_is_refused(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["eval", "As Ah 5s 5d 2c", *argv]) == 2  # --down 2c judged the hand as if not given
    out, err = capsys.readouterr()
    assert out == "" and words in err


def test_the_options_with_their_wild_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["eval", "As Ah 5s 5d 2c", "--wild", "jokers lowest-down", "--down", "2c"]) == 0
    assert capsys.readouterr().out.startswith("aces full of fives\n")
