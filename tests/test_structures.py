"""Catalogue games at any of the three betting structures where the game allows it (issue 33.5):
``omaha@fixed-limit`` at every door that takes a game's name, refused with a reason that names the
game where it cannot be played so."""

from __future__ import annotations

import random

import pytest

from homegame.bots import RandomBot, play
from homegame.cli import main
from homegame.engine import Betting, Hand
from homegame.engine.steps.bet import Bet
from homegame.errors import ParseError
from homegame.games import load, names
from homegame.games.structures import STRUCTURES, at, structures
from homegame.history import code_of, dumps, loads, to_phh
from homegame.history.pokerstars import IMPORTS, read_pokerstars, to_pokerstars
from homegame.history.replay import replay
from homegame.server.config import TableConfig


@pytest.mark.parametrize("name", names())
def test_every_game_plays_at_each_structure_it_allows(name: str) -> None:
    game = load(name)
    allowed = structures(game)
    assert allowed == (() if game.betting is Betting.NONE else STRUCTURES)
    for betting in allowed:
        played = at(game, betting)
        assert played.betting is betting and load(played.name) == played == load(played.name.upper())
        seats = min(played.players[1], 4)
        hand = Hand(played, [300] * seats, seed=len(name))
        play(hand, [RandomBot(random.Random(seat)) for seat in range(seats)])
        assert hand.over and sum(hand.result.stacks) == 300 * seats if hand.result else False


def test_fixed_limit_sizes_the_rounds_and_caps_them() -> None:
    omaha = load("omaha@fixed-limit")
    assert [step.size for step in omaha.steps if isinstance(step, Bet)] == ["small", "small", "big", "big"]
    assert (omaha.stakes.small_bet, omaha.stakes.big_bet, omaha.option_values()["cap"]) == (2, 4, 4)
    assert omaha.title == "Omaha (fixed limit)" and "Played here fixed limit" in omaha.rules
    draw = load("2-7-single-draw@fixed-limit")
    assert [step.size for step in draw.steps if isinstance(step, Bet)] == ["small", "big"]


def test_a_stud_game_without_blinds_opens_at_its_small_bet_at_no_limit() -> None:
    stud = load("stud@no-limit")
    assert stud.stakes.opening_bet == load("stud").stakes.small_bet
    assert not any(step.open_pair for step in stud.steps if isinstance(step, Bet))  # a fixed-limit rule


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("guts@no-limit", "guts cannot be played no-limit: it has no betting rounds (its betting is none)"),
        ("chinese-poker@pot-limit", "chinese-poker cannot be played pot-limit: it has no betting rounds"),
        ("omaha@spread-limit", "omaha cannot be played spread-limit: a game is played fixed-limit, pot-limit"),
        ("omaha@table-stakes", "omaha: no betting structure 'table-stakes' (known: fixed-limit, pot-limit, no-limit)"),
    ],
)
def test_a_structure_a_game_cannot_be_played_at_is_refused_naming_the_game(
    name: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ParseError, match=why.replace("(", r"\(").replace(")", r"\)")):
        load(name)
    assert main(["rules", name]) == 2
    assert why in capsys.readouterr().err


def test_a_table_takes_a_game_at_a_structure() -> None:
    config = TableConfig.from_json({"choice": ["omaha@fixed-limit", "razz@pot-limit"], "seats": 4, "stack": 100})
    assert [game.name for game in config.games] == ["omaha@fixed-limit", "razz@pot-limit"]
    assert config.to_json()["choice"] == ["omaha@fixed-limit", "razz@pot-limit"]


def test_a_hands_phh_file_deals_it_again_at_its_structure() -> None:
    """The PHH field is the variant: the game's name with its structure."""
    hand = Hand(load("omaha@fixed-limit"), [100, 100, 100], seed=5)
    play(hand, [RandomBot(random.Random(seat)) for seat in range(3)])
    record = loads(dumps(to_phh(hand.history(), full=True)))
    assert record.variant == "omaha@fixed-limit" and (record.small_bet, record.big_bet) == (2, 4)
    played = replay(record)
    assert repr(played.hand.game) == "load('omaha@fixed-limit')" and played.same


@pytest.mark.parametrize(
    "name",
    ["draw@pot-limit", "omaha@fixed-limit", "six-card-omaha", "big-o", "2-7-triple-draw@no-limit", "badugi@pot-limit"],
)
def test_pokerstars_text_of_a_game_at_a_structure_comes_back(name: str) -> None:
    """Written as PokerStars text (``5 Card Draw Pot Limit``, ``Omaha Limit``), read back as the
    catalogue game at that structure, and replayed from its actions to the stacks the text gives."""
    game = load(name)
    for seed in range(8):
        hand = Hand(game, [400] * 4, seed=seed, button=seed % 4)
        play(hand, [RandomBot(random.Random(seed * 4 + seat)) for seat in range(4)])
        [(_, record, error)] = read_pokerstars(to_pokerstars(hand.history(), hero=seed % 4))
        assert error is None and record is not None and record.variant in (name, code_of(name))
        assert replay(record).same, (name, seed)


def test_stud_is_written_and_read_at_fixed_limit_only() -> None:
    """PokerStars deals stud games at fixed limit alone; a stud header's amounts are its bets."""
    hand = Hand(load("razz@no-limit"), [400] * 3, seed=1)
    play(hand, [RandomBot(random.Random(seat)) for seat in range(3)])
    with pytest.raises(ParseError, match="PokerStars text holds"):
        to_pokerstars(hand.history())
    assert "Razz No Limit" not in IMPORTS and IMPORTS["Razz Limit"] == "FR"
