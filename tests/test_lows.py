"""The low hand of high-low games, a house rule (issue 19, item 3).

Rules document 004: "In most high-low games the usual rank of poker hands is observed, so that an
unsuited broken straight (7-5-4-3-2) wins low." The home high-low games take that reading by
default, with no qualifier; the casino eight-or-better games keep ace-to-five, eight or better;
the house rules ``low`` and ``qualifier`` change either.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.cli import main
from homegame.engine import Game, Hand
from homegame.engine.events import Won
from homegame.engine.steps.showdown import Showdown
from homegame.errors import GameSpecError
from homegame.games import load, load_text, names
from homegame.ranking import Category, get
from homegame.ranking.poker import Kind, PokerRanking
from test_casino import check_down, stacked

HOME = ["anaconda", "good-bad", "push", "stud-declare", "the-option"]
CASINO = ["big-o", "omaha-hi-lo", "pot-limit-omaha-hi-lo", "stud-hi-lo"]
REVERSED = get("low-reversed")


def test_the_usual_rank_reversed_an_unsuited_broken_straight_wins_low() -> None:
    best = REVERSED.evaluate("7c 5d 4h 3s 2c")
    assert best.name == "7-5-4-3-2 low"
    for worse in ("7c 6d 4h 3s 2c", "8c 5d 4h 3s 2c", "Ac Kd Qh Js 9c"):
        assert best > REVERSED.evaluate(worse)
    # straights and flushes count against a low, and 5-4-3-2-A is a straight
    assert REVERSED.evaluate("6c 5d 4h 3s 2c").category is Category.STRAIGHT
    assert REVERSED.evaluate("As 2d 3c 4h 5s").category is Category.STRAIGHT
    assert REVERSED.evaluate("Ac Kd Qh Js 9c") > REVERSED.evaluate("2c 2d 5h 4s 3c")  # any pair is worse
    pair, wheel, flush = (REVERSED.evaluate(cards) for cards in ("2c 2d 5h 4s 3c", "As 2d 3c 4h 5s", "7c 5c 4c 3c 2c"))
    assert pair > wheel > flush
    # from seven cards the lowest five that make no straight
    assert REVERSED.evaluate("6c 5d 4h 3s 2c 9d Kh").name == "9-5-4-3-2 low"


@pytest.mark.parametrize("name", HOME + CASINO)
def test_every_high_low_game_offers_the_low_and_the_qualifier_as_house_rules(name: str) -> None:
    game = load(name)
    values = game.option_values()
    home = name in HOME
    assert (values["low"], values["qualifier"]) == (("low-reversed", "none") if home else ("low-a5", "8"))
    assert "low-a5" in game.rules if home else "qualifier" in game.rules  # the rules text says how to change it
    assert "7-5-4-3-2" in game.rules if home else "ace-to-five" in game.rules
    changed = Hand(game, [100] * game.players[0], seed=1, options={"low": "low-27", "qualifier": 8}).game
    low = next(contest for contest in changed.steps[-1].contests if contest.side == "low")  # type: ignore[attr-defined]
    assert low.ranking.label == "low-27 qualifier=8"


def poker_lows(game: Game) -> list[PokerRanking]:
    """The rankings of a game's contests that are a poker low (not badugi, totals or the spade)."""
    contests = (contest for step in game.steps if isinstance(step, Showdown) for contest in step.contests)
    rankings = (getattr(contest, "ranking", None) for contest in contests)
    return [ranking for ranking in rankings if isinstance(ranking, PokerRanking) and ranking.kind is not Kind.HIGH]


def test_every_game_with_a_low_says_which_low_it_plays_and_how_to_change_it() -> None:
    # Item 3: "Every game with a low contest offers low ... and qualifier", and its rules text says
    # "which low it plays and how to change it": the whole catalogue, a game added later included.
    lows = [name for name in names() if poker_lows(load(name))]
    assert set(HOME + CASINO) < set(lows) and "lowball-joker" in lows
    for name in lows:
        game = load(name)
        low, qualifier = game.option("low"), game.option("qualifier")
        assert low is not None and qualifier is not None, name
        text = " ".join(game.rules.split())
        assert "qualifier" in text and all(choice in text for choice in low.choices if choice != low.default), name
        assert {ranking.label.split()[0] for ranking in poker_lows(game.under(game.option_values()))} == {low.default}


def stud_hi_lo(**options: object) -> dict[str, set[int]]:
    """Seat 0 holds 7-5-4-3-2 and a pair of kings; seat 1 the wheel, A-2-3-4-5, and a pair of queens."""
    game = load("stud-hi-lo")
    hole = {0: "7c 5d 4h 3s 2c Kd Kh", 1: "As 2d 3h 4c 5h Qd Qs"}
    hand = Hand(game, [100, 100], button=1, deck=stacked(game, 2, 1, hole), options=options)
    check_down(hand)
    sides: dict[str, set[int]] = {}
    for event in hand.events:
        if isinstance(event, Won):
            sides.setdefault(event.side, set()).add(event.seat)
    return sides


def test_stud_hi_lo_plays_ace_to_five_eight_or_better_unless_the_house_says_otherwise() -> None:
    assert stud_hi_lo() == {"high": {1}, "low": {1}}  # the wheel scoops: a straight, and the best low
    assert stud_hi_lo(low="low-reversed", qualifier="none") == {"high": {1}, "low": {0}}
    assert stud_hi_lo(low="low-reversed", qualifier=7) == {"high": {1}, "low": {0}}
    assert stud_hi_lo(low="low-reversed", qualifier=6) == {"high": {1}}  # no 6-or-better low: high takes all


def test_a_low_chosen_by_house_rules_needs_them_with_its_own_defaults() -> None:
    text = (Path(load("push").path)).read_text()
    broken = text.replace('[options.low]\ndefault = "low-reversed"', '[options.low]\ndefault = "low-a5"')
    with pytest.raises(GameSpecError, match=r"options\.low: default low-reversed"):
        load_text(broken, "push.toml")
    no_rules = text.replace("[options.qualifier]", "[options.qualifier_gone]")
    with pytest.raises(GameSpecError, match="needs the house rules low and qualifier"):
        load_text(no_rules, "push.toml")
    with pytest.raises(GameSpecError, match="choose a poker low, not high"):
        load_text(text.replace('ranking = "high", form', 'ranking = "high", low_rules = true, form'), "push.toml")


@pytest.mark.parametrize(
    ("name", "low"),
    [("razz", "low-a5"), ("a-5-triple-draw", "low-a5"), ("2-7-single-draw", "low-27"), ("2-7-triple-draw", "low-27")],
)
def test_the_lowball_games_offer_the_low_and_the_qualifier_too(name: str, low: str) -> None:
    game = load(name)
    assert (game.option_values()["low"], game.option_values()["qualifier"]) == (low, "none")
    assert "House rules low and qualifier" in game.rules
    changed = game.under(game.option_values({"low": "low-reversed", "qualifier": "9"}))
    assert changed.steps[-1].contests[0].ranking.label == "low-reversed qualifier=9"  # type: ignore[attr-defined]


def test_the_rules_command_shows_the_low_the_house_rules_choose(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "stud-hi-lo", "-o", "low=low-reversed", "-o", "qualifier=none"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "low (low-reversed, best-5)" in out and "low = low-reversed (default low-a5)" in out
