"""Mixed games (issue 6): rotation documents of rules 004, "Mixed poker games", read by the loader,
listed by ``homegame games`` and played through their rotation by ``homegame simulate``."""

from __future__ import annotations

import json
import random

import pytest

from homegame.bots import RandomBot, play
from homegame.cli import main
from homegame.commands.simulate import simulate
from homegame.engine import Table
from homegame.errors import GameSpecError, ParseError
from homegame.games import load, names
from homegame.games.mixes import load_game_or_mix, load_mix, load_mix_text, mix_names

# "Other mixed games include: ..." and the games each is made of, in the document's order.
MIXES = {
    # "H.O.R.S.E. is a mix of Texas hold 'em, Omaha high-low, Razz, Seven-card stud and Seven-card stud
    # Eight-or-better."
    "horse": ["limit-holdem", "omaha-hi-lo", "razz", "stud", "stud-hi-lo"],
    # "H.O.S.E. - same as H.O.R.S.E., except without Razz."
    "hose": ["limit-holdem", "omaha-hi-lo", "stud", "stud-hi-lo"],
    # "H.O.E. - same as H.O.R.S.E, except no Razz or Seven-card stud."
    "hoe": ["limit-holdem", "omaha-hi-lo", "stud-hi-lo"],
    # "H.O. - Texas hold 'em and Omaha high-low"
    "ho": ["limit-holdem", "omaha-hi-lo"],
    # "O.E. - Omaha high-low and Seven-card Stud Eight or better."
    "oe": ["omaha-hi-lo", "stud-hi-lo"],
    # "H.A. - Pot limit Texas hold 'em and pot limit Omaha."
    "ha": ["pot-limit-holdem", "omaha"],
    # "Omaha High-low Mixed - Fixed limit Omaha and pot limit Omaha high-low" (both read as high-low)
    "omaha-hi-lo-mixed": ["omaha-hi-lo", "pot-limit-omaha-hi-lo"],
    # "Holdem Mixed - Fixed limit and no limit Texas hold 'em."
    "holdem-mixed": ["limit-holdem", "holdem"],
    # "Eight Game Mix - Fixed limit 2-7 Triple Draw, fixed limit Texas hold 'em, fixed limit Omaha Hi-Low Eight or
    # better, Razz, fixed limit Seven-card stud, fixed limit Seven-card stud Hi-Low eight or better, no limit Texas
    # hold 'em and pot limit Omaha."
    "eight-game": [
        "2-7-triple-draw",
        "limit-holdem",
        "omaha-hi-lo",
        "razz",
        "stud",
        "stud-hi-lo",
        "holdem",
        "omaha",
    ],
    # "Ten Game Mix ... No limit Hold'em, fixed limit Seven-card Razz, fixed limit Hold'em, fixed limit Badugi, fixed
    # limit Seven-card Stud, no limit 2-7 Single Draw, fixed limit Omaha Hi-Low eight or better, pot limit Omaha, fixed
    # limit 2-7 Triple Draw and fixed limit Seven-card stud Hi-Low eight or better (played with 6 players on a table)."
    "ten-game": [
        "holdem",
        "razz",
        "limit-holdem",
        "badugi",
        "stud",
        "2-7-single-draw",
        "omaha-hi-lo",
        "omaha",
        "2-7-triple-draw",
        "stud-hi-lo",
    ],
}


def test_the_catalogue_holds_every_mix_of_the_document() -> None:
    assert set(mix_names()) == set(MIXES)


@pytest.mark.parametrize("name", sorted(MIXES))
def test_each_mix_names_its_games_in_order(name: str) -> None:
    mix = load_mix(name)
    assert mix.name == name and mix.family == "mixed" and mix.rules
    assert [game.name for game in mix.games] == MIXES[name]
    for alias in mix.aliases:
        assert load_mix(alias) is mix


def test_structures_as_the_document_names_them() -> None:
    ten = {game.name: game.betting.value for game in load_mix("ten-game").games}
    assert ten["holdem"] == ten["2-7-single-draw"] == "no-limit"
    assert ten["omaha"] == "pot-limit"
    assert {ten[name] for name in ("razz", "limit-holdem", "badugi", "stud", "omaha-hi-lo", "2-7-triple-draw")} == {
        "fixed-limit"
    }
    assert {game.betting.value for game in load_mix("ha").games} == {"pot-limit"}
    assert load_mix("horse").betting == "fixed-limit" and load_mix("holdem-mixed").betting == "mixed"


def test_the_ten_game_mix_is_for_six_players_at_most() -> None:
    assert load_mix("ten-game").players == (2, 6)


def test_one_level_of_stakes_across_the_games_of_a_mix() -> None:
    stakes = {game.name: game.stakes for game in load_mix("horse").games}
    assert stakes["limit-holdem"].big_bet == stakes["razz"].big_bet == 20
    assert stakes["stud"].ante == 2 and stakes["stud"].bring_in == 3


def test_the_game_changes_once_round_the_table() -> None:
    mix = load_mix("hose")
    table = Table(mix.schedule(3), size=3, rng=random.Random(5))
    for seat in range(3):
        table.sit(seat, f"p{seat}", 2000)
    played = []
    for _ in range(14):
        hand = table.deal()
        played.append(hand.game.name)
        assert hand.stakes == hand.game.stakes
        play(hand, [RandomBot(random.Random(seat)) for seat in range(3)])
        table.settle(hand)
    assert played == [name for name in MIXES["hose"] for _ in range(3)] + ["limit-holdem"] * 2


def test_a_number_of_hands_per_game() -> None:
    text = 'name = "two-each"\ntitle = "Two each"\nfamily = "mixed"\nevery = 2\n'
    text += '[[games]]\ngame = "razz"\nbetting = "fixed-limit"\n[[games]]\ngame = "holdem"\nbetting = "no-limit"\n'
    mix = load_mix_text(text, "two-each.toml")
    assert mix.hands_per_game(6) == 2 and mix.schedule(6).every == 2


@pytest.mark.parametrize("name", sorted(MIXES))
def test_simulating_a_mix_plays_its_rotation_and_conserves_chips(name: str) -> None:
    mix = load_mix(name)
    seats = min(mix.players[1], 6)
    report = simulate(mix, hands=seats * len(mix.games) + 1, seats=seats, seed=7)
    assert report.broken == [] and report.chips_start == report.chips_end


def test_problems_in_a_mix_document_are_reported_at_once() -> None:
    text = 'name = "bad"\ntitle = "Bad"\nfamily = "stud"\nevery = 0\n'
    text += '[[games]]\ngame = "guts"\nbetting = "no-limit"\n'
    text += '[[games]]\ngame = "stud"\nbetting = "fixed-limit"\nstakes = { small_bet = 10, big_bet = 20 }\n'
    with pytest.raises(GameSpecError) as caught:
        load_mix_text(text, "bad.toml")
    assert caught.value.problems == [
        "bad.toml: family: a mixed-game document has family = 'mixed', not 'stud'",
        "bad.toml: every: must be 1..1000, not 0",
        "bad.toml: games[0].betting: guts cannot be played no-limit: it has no betting rounds (its betting is none)",
        "bad.toml: games[1].stakes.kind: antes need stakes.ante > 0",
        "bad.toml: games[1].stakes.first: a bring-in needs stakes.bring_in > 0",
    ]


def test_a_mix_entry_plays_its_game_at_the_structure_it_names() -> None:
    """Issue 33.5: razz at pot limit in a mix (PokerStars deals it so) is razz@pot-limit."""
    text = 'name = "pr"\ntitle = "PR"\nfamily = "mixed"\n[[games]]\ngame = "razz"\nbetting = "pot-limit"\n'
    text += '[[games]]\ngame = "omaha"\nbetting = "pot-limit"\n'
    razz, omaha = load_mix_text(text, "pr.toml").games
    assert (razz.name, razz.betting.value, omaha.name) == ("razz@pot-limit", "pot-limit", "omaha")


def test_a_mix_needs_two_games_that_share_a_table_size() -> None:
    one = 'name = "one"\ntitle = "One"\nfamily = "mixed"\n[[games]]\ngame = "razz"\nbetting = "fixed-limit"\n'
    with pytest.raises(GameSpecError, match="a mix names two or more games"):
        load_mix_text(one, "one.toml")


def test_games_and_mixes_by_one_name() -> None:
    assert load_game_or_mix("razz").name == "razz"
    assert load_game_or_mix("8-game").name == "eight-game"
    with pytest.raises(ParseError, match="no game 'canasta'"):
        load_game_or_mix("canasta")


def test_homegame_games_lists_the_mixes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["horse"]["family"] == "mixed" and rows["horse"]["betting"] == "fixed-limit"
    assert [entry["game"] for entry in rows["ten-game"]["games"]] == MIXES["ten-game"]
    assert rows["razz"]["family"] == "stud"


def test_homegame_simulate_and_rules_take_a_mix(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ho", "--hands", "30", "--seed", "7", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "ho" and report["chips_start"] == report["chips_end"]
    assert main(["rules", "eight-game"]) == 0
    assert "2-7-triple-draw, fixed limit" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("spelling", "name"),
    [
        ("hold'em", "holdem"),
        ("Texas Hold'em", "holdem"),
        ("NLHE", "holdem"),
        ("h.o.r.s.e", "horse"),
        ("HORSE", "horse"),
        ("omaha8", "omaha-hi-lo"),
        ("o8", "omaha-hi-lo"),
        ("stud8", "stud-hi-lo"),
    ],
)
def test_common_spellings_find_their_game(spelling: str, name: str) -> None:
    assert load_game_or_mix(spelling).name == name


def test_no_alias_is_two_things() -> None:
    spellings = [(game.name, *game.aliases) for game in map(load, names())]
    spellings += [(mix.name, *mix.aliases) for mix in map(load_mix, mix_names())]
    every = [spelling for group in spellings for spelling in group]
    assert len(every) == len(set(every))


def test_an_unknown_name_suggests_and_lists_the_mixes_too() -> None:
    with pytest.raises(ParseError) as caught:
        load_game_or_mix("horsee")
    message = str(caught.value)
    assert message.startswith("no game 'horsee' in the catalogue; did you mean horse")
    assert "mixed games: eight-game" in message and "games: 2-7-single-draw" in message
    with pytest.raises(ParseError, match=r"did you mean holdem\?"):
        load("holdum")
    with pytest.raises(ParseError, match=r"catalogue \(known: "):
        load("canasta")


def test_commands_list_the_mixes_only_where_they_take_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "hors"]) == 2
    assert "did you mean horse or hose?" in capsys.readouterr().err
    assert main(["odds", "holdum", "Ah Kh", "Qs Qd"]) == 2
    err = capsys.readouterr().err
    assert "did you mean holdem?" in err and "(known: " in err and "mixed games" not in err


def test_a_name_two_games_begin_with_suggests_both() -> None:
    # "2-7" is the single draw and the triple draw alike: no alias picks one, the message names both.
    with pytest.raises(ParseError, match=r"did you mean 2-7-single-draw or 2-7-triple-draw\?"):
        load_game_or_mix("2-7")
