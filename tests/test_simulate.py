"""``homegame games``, ``homegame rules`` and ``homegame simulate`` (issue 5)."""

from __future__ import annotations

import json

import pytest

from homegame.cli import main
from homegame.commands.simulate import simulate
from homegame.games import load


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("name", ["holdem", "stud-declare", "draw"])
def test_simulate_json_reports_chips_conserved(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, "simulate", name, "--hands", "300", "--seats", "6", "--seed", "1", "--json")
    report = json.loads(out)
    assert status == 0
    assert set(report) == {"game", "hands", "seats", "chips_start", "chips_end", "carried_over", "hands_per_second"}
    assert report["game"] == name and report["hands"] == 300 and report["seats"] == 6
    assert report["chips_start"] == report["chips_end"] > 0


def test_simulate_is_reproducible_with_a_seed() -> None:
    first = simulate(load("stud-declare"), hands=40, seats=5, seed=9)
    second = simulate(load("stud-declare"), hands=40, seats=5, seed=9)
    assert first.chips_start == second.chips_start and not first.broken


def test_simulate_for_people_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "draw", "--hands", "20", "--seed", "2")
    assert status == 0 and "20 hands of Five-card draw, 6 seats" in out and "hands per second" in out
    status, _, err = run(capsys, "simulate", "draw", "--hands", "5", "--seats", "9")
    assert status == 2 and "draw is for 2 to 6 players, not 9" in err
    status, _, err = run(capsys, "simulate", "kuhn", "--hands", "5", "--seats", "3")
    assert status == 2 and "kuhn is for 2 players, not 3" in err
    status, _, err = run(capsys, "simulate", "whist")
    assert status == 2 and "no game 'whist'" in err


def test_games_lists_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0 and "holdem" in out and "no limit" in out and "2-7 players" in out
    status, out, _ = run(capsys, "games", "--json")
    rows = {row["name"]: row for row in json.loads(out)}
    assert rows["stud-declare"]["betting"] == "fixed-limit"
    assert rows["stud-declare"]["players"] == {"min": 2, "max": 7}
    assert rows["stud-declare"]["source"].startswith("Elimination, a dealer's-choice game")
    assert rows["holdem"]["family"] == "community" and rows["draw"]["title"] == "Five-card draw"


def test_rules_prints_the_text_and_the_house_rules_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "stud-declare", "-o", "cap=5")
    assert status == 0
    assert out.startswith("Seven-card stud, high-low declare\n")
    assert "cap = 5 (default 4)" in out and "lift_cap_heads_up = true" in out
    assert "must win both ways outright" in out and "declares at once, in secret" in out
    status, out, _ = run(capsys, "rules", "nlhe", "--json")
    data = json.loads(out)
    assert data["name"] == "holdem" and data["stakes"] == {"small_blind": 1, "big_blind": 2}
    status, _, err = run(capsys, "rules", "draw", "-o", "cap=lots")
    assert status == 2 and "option cap='lots'" in err


def test_simulate_exits_non_zero_when_an_invariant_breaks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from homegame.engine.events import Won
    from homegame.engine.hand import Hand

    original = Hand.award

    def generous(hand: Hand, won: Won) -> None:  # a bug that pays one chip too many
        original(hand, won)
        hand.stacks[won.seat] += 1

    monkeypatch.setattr(Hand, "award", generous)
    status, out, _ = run(capsys, "simulate", "holdem", "--hands", "5", "--seed", "3")
    assert status == 1 and "BROKEN: session 0, hand 0: chips not conserved" in out


def test_simulate_gives_the_same_report_for_a_seed_however_the_work_is_split(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reports = []
    for split in ([], ["--workers", "1"], ["--workers", "2"]):
        status, out, _ = run(
            capsys, "simulate", "draw", "--hands", "450", "--seats", "4", "--seed", "3", "--json", *split
        )
        assert status == 0
        report = json.loads(out)
        del report["hands_per_second"]
        reports.append(report)
    assert reports[0] == reports[1] == reports[2] and reports[0]["chips_start"] > 4 * 200
