"""Deals and unknown cards in PHH files (issue 16): hole cards dealt in several passes, ``????``
wherever a card may be unknown, and where the file's own actions decide what hidden cards held
(who brought in, who won a showdown of unknown cards) replay follows the file and says so."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cli import main
from homegame.history import loads, loads_all
from homegame.history.replay import replay


def test_hole_cards_dealt_one_at_a_time() -> None:
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 7s", "d dh p2 Kd", "d dh p3 2c", "d dh p1 4s", "d dh p2 Kh", "d dh p3 8d",
           "p3 f", "p1 cc", "p2 cc", "d db 7d7c2h", "p1 cbr 10", "p2 f"]
"""
    played = replay(loads(text))
    assert played.finishing_stacks == (102, 98, 100)
    assert [str(card) for card in played.hand.down[0]] == ["7s", "4s"]


def test_stud_unknown_up_card_of_the_bring_in() -> None:
    text = """variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50, 50]
actions = ["d dh p1 ??????", "d dh p2 AsKd3c", "d dh p3 JsTd3d", "p1 pb", "p2 f", "p3 f"]
"""
    played = replay(loads(text))
    assert played.finishing_stacks == (52, 49, 49)
    assert str(played.hand.up[0][0]) == "2c"
    assert "p1's unknown up card taken as 2c, the card that brings in, as the file says" in played.note


def test_a_showdown_of_unknown_cards_goes_as_the_file_says() -> None:
    text = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 AsAd", "p2 cbr 100", "p1 cc", "p1 sm ????", "p2 sm AsAd",
           "d db 9h8h7h", "d db 2c", "d db 3d"]
finishing_stacks = [0, 200]
"""
    played = replay(loads(text))
    assert played.finishing_stacks == (0, 200) and played.same
    assert played.note == "the cards of p1 are unknown at the showdown: taken as losing to the hands shown"


def test_eight_handed_stud_deals_a_common_card_and_replays() -> None:
    import random

    from homegame.bots import CallerBot, RandomBot, play
    from homegame.engine import Hand
    from homegame.games import load
    from homegame.history import dumps, to_phh

    for name in ("stud", "stud-hi-lo", "razz"):
        hand = Hand(load(name), [100] * 8, seed=5)
        play(hand, [CallerBot()] * 8)  # everyone to the river: 48 cards dealt, 4 left for 8 players
        assert len(hand.rows["board"]) == 1 and all(len(hand.up[seat]) == 4 for seat in range(8))
        record = to_phh(hand.history())
        assert sum(1 for line in record.actions if line.startswith("d db ")) == 1
        for seat in (None, 3):
            again = replay(loads(dumps(to_phh(hand.history(), seat=seat))))
            assert list(again.finishing_stacks) == record.extra["finishing_stacks"]
        folding = Hand(load(name), [100] * 8, seed=6)
        play(folding, [RandomBot(random.Random(seat)) for seat in range(8)])
        assert not folding.rows.get("board")  # with folds the deck holds a card for everyone


SHOWN_DOWN = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 7c2d", "p2 cc", "p1 cc", "d db 9h8h3s", "p1 cc", "p2 cc", "d db Kc",
           "p1 cc", "p2 cc", "d db 4d", "p1 cc", "p2 cbr 10", "p1 cc", "p2 sm 7c2d", "p1 sm ????"]
"""
"""A showdown p2 wins with seven high: p1's cards are unknown (the first spare cards, 2c2d... would win)."""


def test_unknown_cards_at_a_showdown_lose_to_the_hand_shown() -> None:
    for last in ('"p1 sm ????"', '"p1 sm"'):  # shown as unknown, or mucked
        played = replay(loads(SHOWN_DOWN.replace('"p1 sm ????"', last)))
        assert played.finishing_stacks == (88, 112) and played.same is None
    assert played.note == "p1 mucked at the showdown: taken as giving up the pot, as the file says"
    played = replay(loads(SHOWN_DOWN))
    assert played.note == "the cards of p1 are unknown at the showdown: taken as losing to the hands shown"


def test_the_files_stacks_decide_a_showdown_of_unknown_cards() -> None:
    both = SHOWN_DOWN.replace('"d dh p2 7c2d"', '"d dh p2 ????"').replace('"p2 sm 7c2d"', '"p2 sm ????"')
    for winner, tail in ((0, "winnings = [24, 0]"), (1, "finishing_stacks = [88, 112]"), (0, "winnings = [24, 0]")):
        played = replay(loads(both + tail))
        assert played.same and played.finishing_stacks[winner] == 112
        assert (
            "the unknown cards of p1 and p2 at the showdown taken as cards that give the file's stacks" in played.note
        )
    played = replay(loads(both))
    assert "taken as any cards (the file does not say who won with them)" in played.note
    # One shown, one unknown: the file's stacks may still say the unknown hand won.
    played = replay(loads(SHOWN_DOWN + "finishing_stacks = [112, 88]"))
    assert played.same and "the unknown cards of p1 at the showdown taken as" in played.note


STUD_HI_LO = "PokerStars Hand #250000000404: Tournament #3400000002, $1.00+$0.10 USD 7 Card Stud Hi/Lo Limit - "
STUD_HI_LO += """Level I (20/40) - 2026/02/05 11:02:20 ET
Table '3400000002 1' 8-max
Seat 1: ann (1500 in chips)
Seat 2: bea (1500 in chips)
Seat 3: Hero (1500 in chips)
ann: posts the ante 5
bea: posts the ante 5
Hero: posts the ante 5
*** 3rd STREET ***
Dealt to ann [Kh]
Dealt to bea [2d]
Dealt to Hero [Ah 3c 5d]
bea: brings in for 10
Hero: calls 10
ann: calls 10
*** 4th STREET ***
Dealt to ann [Kh] [Ks]
Dealt to bea [2d] [9s]
Dealt to Hero [Ah 3c 5d] [4h]
Pair on board - a double bet is allowed
ann: bets 20
bea: calls 20
Hero: calls 20
*** 5th STREET ***
Dealt to ann [Kh Ks] [8d]
Dealt to bea [2d 9s] [Td]
Dealt to Hero [Ah 3c 5d 4h] [Qc]
ann: bets 40
bea: calls 40
Hero: calls 40
*** 6th STREET ***
Dealt to ann [Kh Ks 8d] [Jc]
Dealt to bea [2d 9s Td] [6s]
Dealt to Hero [Ah 3c 5d 4h Qc] [9c]
ann: checks
bea: checks
Hero: checks
*** RIVER ***
Dealt to Hero [Ah 3c 5d 4h Qc 9c] [7d]
ann: checks
bea: checks
Hero: checks
*** SHOW DOWN ***
ann: shows [Kc 7h Kh Ks 8d Jc 3h] (HI: three of a kind, Kings)
bea: mucks hand
Hero: shows [Ah 3c 5d 4h Qc 9c 7d] (HI: high card Ace; LO: 7,5,4,3,A)
ann collected 113 from pot
Hero collected 112 from pot
*** SUMMARY ***
Total pot 225 | Rake 0
Seat 1: ann showed [Kc 7h Kh Ks 8d Jc 3h] and won (113) with HI: three of a kind, Kings
Seat 2: bea mucked
Seat 3: Hero showed [Ah 3c 5d 4h Qc 9c 7d] and won (112) with HI: high card Ace; LO: 7,5,4,3,A
"""
"""A stud hi-lo pot split high and low, a third player mucking unknown cards (a 6-5-4-3-2 low for
all the file says)."""


def test_imported_pokerstars_muck_at_a_split_showdown(tmp_path: Path) -> None:
    path, out = tmp_path / "stud.txt", tmp_path / "stud.phhs"
    path.write_text(STUD_HI_LO)
    assert main(["history", "import", str(path), "-o", str(out)]) == 0
    [record] = loads_all(out.read_text())
    played = replay(record)
    assert played.finishing_stacks == (1538, 1425, 1537) and played.same
    assert "p2 mucked at the showdown: taken as giving up the pot, as the file says" in played.note


HOLDEM_SIDE_POT = """PokerStars Hand #4300:  Hold'em No Limit (1/2) - 2026/03/02 12:00:00 ET
Table 'Test II' 6-max Seat #3 is the button
Seat 1: ann (20 in chips)
Seat 2: Hero (200 in chips)
Seat 3: cal (200 in chips)
ann: posts small blind 1
Hero: posts big blind 2
*** HOLE CARDS ***
Dealt to Hero [Kc Qc]
cal: calls 2
ann: raises 18 to 20 and is all-in
Hero: calls 18
cal: calls 18
*** FLOP *** [Ks 7d 2h]
Hero: bets 10
cal: calls 10
*** TURN *** [Ks 7d 2h] [9c]
Hero: checks
cal: checks
*** RIVER *** [Ks 7d 2h 9c] [3s]
Hero: checks
cal: checks
*** SHOW DOWN ***
ann: shows [Ah Ad] (a pair of Aces)
Hero: shows [Kc Qc] (a pair of Kings)
cal: mucks hand
Hero collected 20 from side pot
ann collected 60 from main pot
*** SUMMARY ***
Total pot 80 Main pot 60. Side pot 20. | Rake 0
Board [Ks 7d 2h 9c 3s]
Seat 1: ann (small blind) showed [Ah Ad] and won (60) with a pair of Aces
Seat 2: Hero (big blind) showed [Kc Qc] and won (20) with a pair of Kings
Seat 3: cal (button) mucked
"""
"""Hold'em with a side pot: the short stack's aces take the main pot, the hero's kings the side pot,
and cal mucks unknown cards in both (the first spare cards, 2c 2d, would make three deuces)."""


def test_imported_pokerstars_muck_in_a_main_and_a_side_pot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, out = tmp_path / "holdem.txt", tmp_path / "holdem.phhs"
    path.write_text(HOLDEM_SIDE_POT)
    assert main(["history", "import", str(path), "-o", str(out)]) == 0
    [record] = loads_all(out.read_text())
    played = replay(record)
    assert dict(zip(record.extra["players"], played.finishing_stacks, strict=True)) == {
        "ann": 60,
        "Hero": 190,
        "cal": 170,
    }
    assert played.same and played.note.endswith("mucked at the showdown: taken as giving up the pot, as the file says")
    capsys.readouterr()
    assert main(["history", "replay", str(out), "--json"]) == 0
    [said] = json.loads(capsys.readouterr().out)["hands"]
    assert said["same"] is True and said["note"] == played.note


@settings(max_examples=24, deadline=None, derandomize=True)
@given(name=st.sampled_from(["holdem", "omaha-hi-lo", "stud-hi-lo", "razz"]), seed=st.integers(0, 10**6))
def test_a_loser_mucking_changes_nothing(name: str, seed: int) -> None:
    """A spectator's file of a showdown (hole cards unknown until shown) where one player who won
    nothing mucks, or shows unknown cards, instead of showing his own: those cards never take a
    pot, whatever they would make, and the hand ends as it did, with the file's stacks or without."""
    from homegame.bots import CallerBot, play
    from homegame.engine import Hand
    from homegame.engine.events import Won
    from homegame.games import load
    from homegame.history import dumps, to_phh

    hand = Hand(load(name), [60, 80, 100, 120], seed=seed)
    play(hand, [CallerBot()] * 4)  # everyone to the showdown
    record = to_phh(hand.history(), seat=None)
    original = replay(record)
    winners = {event.seat for event in original.hand.events if isinstance(event, Won)}
    loser = min(set(range(4)) - winners)
    down = "|".join(str(card) for card in original.hand.down[loser])
    for shown, said in (
        ("", "p{} mucked at the showdown: taken as giving up the pot"),
        (" ????", "the cards of p{} are unknown at the showdown: taken as losing to the hands shown"),
    ):
        lines = [
            f"p{loser + 1} sm{shown}"
            if line.startswith(f"p{loser + 1} sm ")
            else re.sub(down, "??", line)  # the down cards unknown from the deal
            if shown and line.startswith(f"d dh p{loser + 1} ")
            else line
            for line in record.actions
        ]
        text = dumps(replace(record, actions=tuple(lines)))
        assert replay(loads(text)).same is True
        unknown = replay(loads(text.split("finishing_stacks")[0]))
        assert unknown.finishing_stacks == original.finishing_stacks
        assert said.format(loser + 1) in unknown.note
