"""``homegame rules`` of a mixed game: house rules are refused, not ignored, and each game reads plainly."""

from __future__ import annotations

import pytest

from homegame import cli


def test_an_option_for_a_mix_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "horse", "-o", "cap=5"]) == 2  # it printed the rules as if cap were 5
    out, err = capsys.readouterr()
    assert out == "" and "horse is a mixed game: -o changes a house rule of one game" in err


def test_each_game_of_a_mix_on_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "horse"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("  3."))
    assert line.startswith("  3. Razz (seven-card stud, ace-to-five low): razz, fixed limit; ante 2, bring in 3")


def test_every_cap_says_what_zero_means() -> None:
    # cap = 0 lifts the cap (engine/steps/bet.py), but the house rules said only "bets and raises allowed"
    from homegame.games import load, names

    capped = [game for game in map(load, names()) if game.option("cap") and game.option("cap").default > 1]
    assert len(capped) > 20 and all("0: no cap" in game.option("cap").doc for game in capped)
