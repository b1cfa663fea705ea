"""Deals and unknown cards in PHH files (issue 16): hole cards dealt in several passes, ``????``
wherever a card may be unknown, and where the file's own actions decide what hidden cards held
(who brought in, who won a showdown of unknown cards) replay follows the file and says so."""

from __future__ import annotations

from homegame.history import loads
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
    assert "the unknown cards taken as cards that play the hand as its file says" in played.note


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
