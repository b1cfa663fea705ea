"""The catalogue and the loader: every document valid, every problem reported with its location (issue 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.engine.steps import STEP_KINDS
from homegame.errors import GameSpecError, ParseError
from homegame.games import load, load_text, names

CATALOGUE = Path(__file__).parent.parent / "src" / "homegame" / "games" / "catalogue"


def test_the_catalogue_holds_the_three_games() -> None:
    assert {"holdem", "stud-declare", "draw"} <= set(names())


@pytest.mark.parametrize("name", names())
def test_every_catalogue_document_loads_and_is_named_for_its_file(name: str) -> None:
    game = load(name)
    assert game.name == name
    assert game.title and game.rules and game.steps
    assert game.steps[-1].settles
    for alias in game.aliases:
        assert load(alias) is game


def test_betting_structures() -> None:
    assert load("holdem").betting.value == "no-limit"
    assert load("stud-declare").betting.value == "fixed-limit"
    assert load("draw").betting.value == "fixed-limit"


def test_a_users_own_file_works_where_a_name_does(tmp_path: Path) -> None:
    text = (CATALOGUE / "draw.toml").read_text().replace('name = "draw"', 'name = "my-draw"')
    path = tmp_path / "my-draw.toml"
    path.write_text(text)
    assert load(str(path)).name == "my-draw"
    assert load(path).name == "my-draw"
    with pytest.raises(ParseError, match="no game document"):
        load(tmp_path / "missing.toml")


def test_unknown_name() -> None:
    with pytest.raises(ParseError, match="no game 'canasta' in the catalogue"):
        load("canasta")


def problems(text: str) -> list[str]:
    with pytest.raises(GameSpecError) as caught:
        load_text(text, "draw.toml")
    return caught.value.problems


def test_every_problem_is_reported_at_once_with_its_location() -> None:
    text = (CATALOGUE / "draw.toml").read_text()
    text = text.replace("max = 5", "max = 9").replace('family = "draw"', 'family = "dice"')
    text = text.replace('size = "big"', 'size = "huge"\ncolour = "red"')
    text = text.replace('betting = "fixed-limit"', 'betting = "table-stakes"')
    assert problems(text) == [
        "draw.toml: family: must be one of community, stud, draw, other, not 'dice'",
        "draw.toml: betting: must be one of fixed-limit, spread-limit, pot-limit, no-limit, none, not 'table-stakes'",
        "draw.toml: steps[3].max: must be 0..5, not 9",
        "draw.toml: steps[4].size: must be one of small, big, not 'huge'",
        "draw.toml: steps[4].colour: unknown field "
        "(known: bring_in, first, kind, open_pair, showing, showing_wild, size, with_board)",
    ]


def test_steps_are_checked_against_the_whole_game() -> None:
    text = (CATALOGUE / "draw.toml").read_text()
    text = text.replace(
        "stakes = { small_blind = 1, big_blind = 2, small_bet = 2, big_bet = 4 }", "stakes = { ante = 1 }"
    )
    text = text.replace("max = 6 }", "max = 10 }")
    text += '\n[[steps]]\nkind = "declare"\nchoices = ["high", "sideways"]\n'
    assert problems(text) == [
        "draw.toml: steps[0].kind: blinds need stakes.big_blind > 0",
        "draw.toml: steps[2].size: fixed limit needs stakes.small_bet > 0",
        "draw.toml: steps[4].size: fixed limit needs stakes.big_bet > 0",
        "draw.toml: steps[5].kind: the showdown must be the last step",
        "draw.toml: steps[6].choices: 'sideways' is not a side of the showdown (high)",
    ]


def test_deck_capacity_is_checked() -> None:
    text = (CATALOGUE / "stud-declare.toml").read_text().replace("max = 7 }", "max = 8 }")
    with pytest.raises(GameSpecError, match=r"players.max: 8 players need 56 cards, more than the deck's 52"):
        load_text(text, "stud-declare.toml")


def test_required_fields_and_bad_toml() -> None:
    with pytest.raises(GameSpecError, match="title: required"):
        load_text('name = "x"', "x.toml")
    with pytest.raises(GameSpecError, match=r"x\.toml: not valid TOML"):
        load_text("name = ", "x.toml")
    assert any("unknown step kind 'shuffle'" in problem for problem in problems('[[steps]]\nkind = "shuffle"'))


def test_house_rule_options_are_typed_and_checked() -> None:
    game = load("stud-declare")
    assert game.option_values()["cap"] == 4
    assert game.option_values({"cap": "6", "lift_cap_heads_up": "yes"})["lift_cap_heads_up"] is True
    with pytest.raises(ParseError, match="option cap='many': must be a whole number"):
        game.option_values({"cap": "many"})
    with pytest.raises(ParseError, match="has no option 'wild'"):
        game.option_values({"wild": "deuces"})


def test_every_step_kind_describes_itself() -> None:
    for name in names():
        for step in load(name).steps:
            assert type(step) is STEP_KINDS[step.kind]
            assert step.describe().endswith(".")


def test_a_contest_must_use_a_row_that_is_dealt() -> None:
    text = (CATALOGUE / "holdem.toml").read_text().replace('form = "best-5" }', 'form = "best-5", row = "good" }')
    assert problems(text) == ["draw.toml: steps[9].contests: row 'good' of high is never dealt"]
