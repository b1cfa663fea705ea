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


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["eval", "As Ah 5s 5d Jk"], "(use --wild jokers)"),
        (["eval", "As Ah 5s 5d 2c", "--wild", "lowest-down"], "pass --down CARDS"),
        (["eval", "As Ah 5s 5d 2c", "-o", "natural_beats_wild=true"], "give --wild SPEC too"),
        (["eval", "As Ah 5s 5d 2c", "--wild", "foo"], "'foo' in --wild 'foo' is not a wild card"),
        (["tables", "--cards", "5", "--wild", "dynamic"], "(--wild dynamic) changes from deal to deal"),
        (["eval", "Jk Jk As", "--wild", "jokers"], "duplicate card (a second joker is Jk2)"),
        (["eval", "As Kd", "-o", "packs=0"], "packs=0: must be 1..8"),  # "As appears more than 0 times"
    ],
)
def test_ranking_errors_name_the_commands_flags(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The ranking's own messages name its keywords (wild=jokers, down=...) for library callers.
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "wild=" not in err.replace("_wild=", "") and "down=" not in err
