"""Hand formation (issue 3): best k of n, Omaha's two-plus-three, must use both hole cards,
at most k hole cards, and a player's own split (rules 001 "Pi Gow": "The 5-card hand must be
a better hand than the 2-card hand")."""

from __future__ import annotations

import pytest

from homegame.errors import ParseError
from homegame.ranking import get
from homegame.ranking.forms import Form, best

HIGH = get("high")


def test_parse_and_print_forms() -> None:
    for text in ("best-5", "best-3", "omaha", "hole-1", "max-hole-2"):
        assert str(Form.parse(text)) == text
    assert Form.parse("hole-2") == Form.parse("omaha")
    with pytest.raises(ParseError, match="not a hand form"):
        Form.parse("any-5")


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # four spades on the board and one in the hand is no flush in Omaha
    assert best(HIGH, "As Kd 7c 2h", "Qs Js Ts 9s 3s").name == "ace-high flush"
    assert best(HIGH, "As Kd 7c 2h", "Qs Js Ts 9s 3s", Form.parse("omaha")).name == "ace-high straight"
    # the board's trips plus any pair in hand: a full house, never the board's quads kicker
    assert best(HIGH, "Kc Kd 2c 3d", "Ah Ac As Ad 9c", Form.parse("omaha")).name == "aces full of kings"


def test_spanish_game_must_use_both_hole_cards() -> None:
    # 004 rule variation 7: "a player must use both hole cards"
    both = Form.parse("hole-2")
    assert best(HIGH, "8c 9d", "Ah Ad As Kc Kd", both).name == "three aces"
    assert best(HIGH, "8c 9d", "Ah Ad As Kc Kd").name == "aces full of kings"


def test_shanghai_plays_at_most_two_hole_cards() -> None:
    # 004 "Billabong and Shanghai": "no more than two hole cards play"
    at_most_two = Form.parse("max-hole-2")
    assert best(HIGH, "7h 8h 9h", "Th Jh 2c 3d").name == "jack-high straight flush"
    assert best(HIGH, "7h 8h 9h", "Th Jh 2c 3d", at_most_two).name == "jack high"
    assert best(HIGH, "7h 7d 7c", "Kh Kd 2c 3d").name == "sevens full of kings"
    assert best(HIGH, "7h 7d 7c", "Kh Kd 2c 3d", at_most_two).name == "two pair, kings and sevens"


def test_form_needs_enough_cards() -> None:
    with pytest.raises(ParseError, match="needs more cards"):
        best(HIGH, "As", "Kd Qc", Form.parse("omaha"))
