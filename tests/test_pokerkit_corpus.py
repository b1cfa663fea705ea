"""Issue 32, deviation 10: PokerKit's own hands, written as PHH by its state machine (every variant
homegame maps from a PHH code, unequal stacks, side pots), replayed under ``--rules pokerkit`` end
with PokerKit's finishing stacks, hand for hand. Where PokerKit reads a rule its own way, the
``pokerkit`` profile names the house rule (each pinned by a test here or in test_pokerkit_diff.py);
``bench/phh_pokerkit.py`` runs thousands more.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pokerkit")

from homegame.history import loads
from homegame.history.replay import PROFILES, replay
from pokerkit_hands import pokerkit_hand, variants

HANDS = 150
"""Hands a variant here (about a second each variant); the bench plays as many as asked."""


@pytest.mark.parametrize("code", list(variants()))
def test_pokerkits_hands_replay_to_pokerkits_stacks(code: str) -> None:
    make, fewest = variants()[code]
    differ = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns when dealt cards not in its deck order
        for seed in range(HANDS):
            text, stacks = pokerkit_hand(make, fewest, seed)
            played = replay(loads(text), rules="pokerkit")
            if [int(stack) for stack in played.finishing_stacks] != stacks:
                differ.append(seed)
    assert differ == []


NS_141 = """variant = 'NS'
ante_trimming_status = false
antes = [1, 1, 1, 1, 1, 1]
blinds_or_straddles = [0, 2, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [198, 196, 286, 53, 111, 139]
actions = ['d dh p1 QdJs', 'd dh p2 9c7c', 'd dh p3 AhQs', 'd dh p4 6h9h', 'd dh p5 7h6s', 'd dh p6 Qc8d', \
'p3 cbr 4', 'p4 cbr 52', 'p5 cbr 103', 'p6 cbr 138', 'p1 cbr 197', 'p2 cc', 'p3 cc', 'p5 cc', \
'p1 sm QdJs', 'p2 sm 9c7c', 'p3 sm AhQs', 'p4 sm 6h9h', 'p5 sm 7h6s', 'p6 sm Qc8d', \
'd db QhThTs', 'd db 9s', 'd db Tc']
"""
"""PokerKit's seed 141 of short-deck: p1, p3 and p6 tie with tens full of queens over four pots."""


def test_pokerkit_mucks_the_hands_that_win_nothing_before_sharing_the_pots() -> None:
    # Robert's Rules of Poker, Ties: the odd chip goes to the first player left of the button, pot
    # by pot (the catalogue's showdown: "tied hands split that share, the odd chips going one each
    # to the tied players from the button's left"). PokerKit kills the hands that win nothing first,
    # so the three pots left to p1, p3 and p6 are one pot of 720, and the last pot's odd chip (of
    # 175) goes to p1: the house rule showdown_pots = "merged", in the pokerkit profile.
    record = loads(NS_141)
    assert PROFILES["pokerkit"]["showdown_pots"] == "merged"
    assert [int(stack) for stack in replay(record).finishing_stacks] == [329, 0, 415, 0, 0, 239]
    assert [int(stack) for stack in replay(record, rules="pokerkit").finishing_stacks] == [328, 0, 415, 0, 0, 240]
