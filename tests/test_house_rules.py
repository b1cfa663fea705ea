"""Issue 32: each step kind declares the house rules it reads, typed, once (``house_rules``, a
tuple of :class:`~homegame.engine.spec.HouseRule`); the loader checks every game document's
options against them; no house rule is read as a string with a default at a call site."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from homegame.engine.steps import STEP_KINDS
from homegame.errors import GameSpecError
from homegame.games import load, load_text, names

SOURCE = Path(__file__).resolve().parent.parent / "src" / "homegame"


def _stud(old: str, new: str) -> str:
    text = (resources.files("homegame.games") / "catalogue" / "stud.toml").read_text()
    assert old in text
    return text.replace(old, new)


def test_a_document_offering_a_declared_rule_with_another_type_is_refused() -> None:
    with pytest.raises(GameSpecError, match=r"options\.cap: cap: must be a whole number"):
        load_text(_stud("[options.cap]\ndefault = 4", '[options.cap]\ndefault = "four"'), "stud-typed.toml")


def test_a_document_offering_a_choice_the_rule_does_not_know_is_refused() -> None:
    changed = _stud('default = "suit"\nchoices = ["position", "suit"]', 'default = "high"\nchoices = ["high"]')
    with pytest.raises(GameSpecError, match=r"odd_chip: high is not a choice of the house rule \(position, suit\)"):
        load_text(changed, "stud-choices.toml")


def test_every_catalogue_game_offers_its_steps_rules_as_declared() -> None:
    for name in names():
        game = load(name)
        declared = {rule.name: rule for step in game.steps for rule in type(step).house_rules}
        for option in game.options:
            rule = declared.get(option.name)
            assert rule is None or rule.problem(option) == "", (name, option.name)


def test_a_rule_is_declared_once() -> None:
    """Two kinds that read the same rule share one declaration (the suit order: the bet and the showdown)."""
    seen: dict[str, object] = {}
    for kind in STEP_KINDS.values():
        for rule in kind.house_rules:
            assert seen.setdefault(rule.name, rule) is rule, rule.name
    assert {"cap", "odd_chip", "suit_order", "draw_deal", "kill_bet", "equal_card"} <= set(seen)


def test_no_house_rule_is_read_with_a_default_at_a_call_site() -> None:
    call = re.compile(r"\.option\(\s*\"[a-z_]+\"\s*,")
    found = [
        f"{path.relative_to(SOURCE)}:{number}"
        for path in sorted(SOURCE.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if call.search(line) or "hand.option(" in line
    ]
    assert found == []
