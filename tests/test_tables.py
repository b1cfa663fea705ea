"""Exact probability tables (issue 3, "Hand probabilities and multiple decks"; rules document 004).

004: "The ranking order of poker hands corresponds to their probability of occurring in
straight poker, where five cards are dealt from a 52-card deck" and "it ceases to be
true when wild cards are introduced"; "when using a 36-card deck with 6's low,
A-6-7-8-9 is a low straight". The tables below are the published ones; the counts
with wild cards are the well-known joker, bug and deuces-wild tables.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from homegame.analysis import count
from homegame.cards import DeckSpec
from homegame.cli import main
from homegame.errors import ParseError
from homegame.ranking import get

FIVE_CARD_HIGH = {
    "straight_flush": 40,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "one_pair": 1_098_240,
    "high_card": 1_302_540,
}
SEVEN_CARD_HIGH = {
    "straight_flush": 41_584,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "one_pair": 58_627_800,
    "high_card": 23_294_460,
}


def test_five_cards_from_52() -> None:
    table = count(get("high"), cards=5)
    assert table.hands == 2_598_960
    assert table.counts == FIVE_CARD_HIGH
    assert table.values[max(table.values)] == 4  # "including 4 royals"
    assert sum(table.distinct.values()) == 7_462


def test_ace_to_five_has_6175_distinct_values() -> None:
    table = count(get("low-a5"), cards=5)
    assert sum(table.distinct.values()) == 6_175
    assert table.counts["high_card"] == 1_317_888  # five unequal ranks: straights and flushes do not count


def test_seven_cards_from_52() -> None:
    seen: list[float] = []
    table = count(get("high"), cards=7, progress=seen.append)
    assert table.hands == 133_784_560
    assert table.counts == SEVEN_CARD_HIGH
    assert sum(table.distinct.values()) == 4_824
    assert seen == sorted(seen)
    assert seen[-1] == 1.0


def test_a_36_card_deck_has_its_own_ace_rule() -> None:
    # "when using a 36-card deck with 6's low, A-6-7-8-9 is a low straight"
    deck = DeckSpec.of_size(36)
    table = count(get("high"), cards=5, deck=deck)
    assert table.hands == 376_992
    assert table.distinct["straight"] == table.distinct["straight_flush"] == 6  # A-6-7-8-9 up to A-K-Q-J-10
    assert table.counts["straight"] == 6 * (4**5 - 4)
    assert table.counts["straight_flush"] == 6 * 4
    assert count(get("high", deck=36), cards=5, deck=deck).counts == table.counts
    lowest = get("high", deck=36).evaluate("As 6d 7c 8h 9s")
    assert table.values[lowest.key] == 4**5 - 4
    # "As the pack is reduced, a Flush becomes more difficult to make": flushes are rarer than full houses
    assert table.counts["flush"] < table.counts["full_house"]


def test_three_card_hands() -> None:
    assert count(get("three-card"), cards=3).counts == {
        "straight_flush": 48,
        "three_of_a_kind": 52,
        "straight": 720,
        "flush": 1_096,
        "one_pair": 3_744,
        "high_card": 16_440,
    }


@pytest.mark.parametrize(
    ("wild", "jokers", "expected"),
    [
        (
            "jokers",
            1,
            {"five_of_a_kind": 13, "straight_flush": 204, "four_of_a_kind": 3_120, "full_house": 6_552},
        ),
        (
            "bug",
            1,
            {"five_of_a_kind": 1, "straight_flush": 204, "four_of_a_kind": 828, "full_house": 4_368},
        ),
        (
            "2",
            0,
            {"five_of_a_kind": 672, "straight_flush": 2_552, "four_of_a_kind": 31_552, "three_of_a_kind": 355_080},
        ),
    ],
)
def test_wild_cards_change_the_odds(wild: str, jokers: int, expected: dict[str, int]) -> None:
    # "with a large number of wild cards, it is almost inevitable that the higher hand types will be the commoner"
    table = count(get("high", wild=wild), cards=5, deck=DeckSpec(jokers=jokers))
    assert {category: table.counts[category] for category in expected} == expected
    assert table.hands == (2_869_685 if jokers else 2_598_960)


def brute_force(ranking: object, deck: DeckSpec, cards: int) -> Counter[str]:
    """Every hand judged, one by one: what the class counting must equal."""
    return Counter(ranking.evaluate(hand).category.value for hand in combinations(deck.cards(), cards))  # type: ignore[attr-defined]


def test_designated_wild_cards_count_as_their_own_class() -> None:
    # "the jacks of hearts and spades ('one-eyed jacks wild')": their suits matter to the count
    ranking = get("high", wild="Jh Js", deck=20)
    deck = DeckSpec.of_size(20)
    table = count(ranking, cards=5, deck=deck)
    assert {category: n for category, n in table.counts.items() if n} == brute_force(ranking, deck, 5)


def test_several_packs_count_every_physical_card() -> None:
    # "probability tables ... showing how these probabilities would change if multiple decks were used"
    deck = DeckSpec.of_size(20, packs=2)
    ranking = get("three-card", deck=20, packs=2)
    table = count(ranking, cards=3, deck=deck)
    assert table.hands == 9_880
    assert {category: n for category, n in table.counts.items() if n} == brute_force(ranking, deck, 3)
    two_packs = count(get("high"), cards=5, deck=DeckSpec(packs=2))
    assert two_packs.hands == 91_962_520
    assert two_packs.counts["five_of_a_kind"] == 13 * comb(8, 5)  # five of the eight cards of a rank


@pytest.mark.parametrize("packs", [3, 4])
def test_several_packs_one_suit_full_houses_and_fours_count_where_they_belong(packs: int) -> None:
    # 004: "Any hand in a higher category beats any hand in a lower category."
    table = count(get("high"), cards=5, deck=DeckSpec(packs=packs))
    copies = 4 * packs  # of each rank
    assert table.counts["four_of_a_kind"] == 13 * comb(copies, 4) * (52 * packs - copies)
    assert table.counts["full_house"] == 13 * comb(copies, 3) * 12 * comb(copies, 2)
    one_suit = comb(13 * packs, 5)
    straight_flushes = 10 * packs**5
    one_suit_higher = 13 * comb(packs, 4) * 12 * packs + 13 * comb(packs, 3) * 12 * comb(packs, 2) + 13 * comb(packs, 5)
    assert table.counts["flush"] == 4 * (one_suit - straight_flushes - one_suit_higher)


def test_what_cannot_be_counted_is_refused() -> None:
    with pytest.raises(ParseError, match="no wild jokers"):
        count(get("high"), cards=5, deck=DeckSpec(jokers=1))
    with pytest.raises(ParseError, match="dynamic"):
        count(get("high", wild="dynamic"), cards=5)
    with pytest.raises(ParseError, match="lowest down card"):
        count(get("high", wild="lowest-down"), cards=5)
    with pytest.raises(ParseError, match="cannot count"):
        count(get("badugi"), cards=9)  # the badugi kernel deals up to eight cards a hand
    with pytest.raises(ParseError, match="cannot deal"):
        count(get("high"), cards=53)


def test_the_command_line_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "--cards", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 2_598_960
    assert data["counts"] == FIVE_CARD_HIGH
    assert sum(data["distinct"].values()) == 7_462


def test_the_qualifier_counts_the_hands_that_qualify(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 19, item 15: --qualifier counts what it says. Five unequal ranks, all eight or lower:
    # C(8, 5) rank sets of 4^5 suits each; from seven cards, five of the eight low ranks or more.
    assert count(get("low-a5", qualifier=8), cards=5).qualified == comb(8, 5) * 4**5
    assert count(get("low-a5"), cards=5).qualified is None
    assert main(["tables", "--cards", "7", "--ranking", "low-a5", "--qualifier", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["qualified"] == 24_530_944
    assert main(["tables", "--cards", "5", "--ranking", "low-a5", "--qualifier", "8"]) == 0
    assert re.search(r"^qualifying +57,344 ", capsys.readouterr().out, re.MULTILINE)


def test_rows_by_top_card_royal_flushes_and_wild_cards_held() -> None:
    table = count(get("high"), cards=5)
    assert table.royal_flushes == 4
    assert table.by_top is not None and table.by_top["straight_flush"]["5"] == 4  # the steel wheels
    lows = count(get("low-a5"), cards=5).by_top
    assert lows is not None and lows["high_card"]["5"] == 4**5 and lows["high_card"]["8"] == comb(7, 4) * 4**5
    deuces = count(get("high", wild="2"), cards=5).by_wild
    assert deuces is not None and sorted(deuces) == [0, 1, 2, 3, 4]
    assert sum(deuces[4].values()) == 48  # the four deuces and one other card
    assert deuces[4]["five_of_a_kind"] == 48
    assert sum(deuces[0].values()) == comb(48, 5)
    assert count(get("high"), cards=7).by_top is None  # counted by ranks, not by classes


def test_an_option_that_cannot_apply_is_refused_with_a_reason(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 19, item 14: never silently ignored.
    assert main(["tables", "--cards", "5", "--deck", "36", "-o", "lowest_rank=2"]) == 2
    assert "-o lowest_rank=2 cannot apply to --deck 36" in capsys.readouterr().err
    assert main(["tables", "--cards", "5", "-o", "lowest_rank=6"]) == 2
    assert "a lowest rank of 6 cannot apply to 52 cards" in capsys.readouterr().err
    assert main(["tables", "--cards", "5", "--deck", "36", "-o", "lowest_rank=6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 376_992
    with pytest.raises(ParseError, match="2 packs cannot apply"):
        count(get("high", packs=2), cards=5)


def test_the_command_line_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "--cards", "5", "--deck", "36"]) == 0
    out = capsys.readouterr().out
    assert "376,992 hands" in out
    assert re.search(r"^straight +6,120 ", out, re.MULTILINE)
    assert main(["tables", "--cards", "5", "--jokers", "1"]) == 2
    assert "no wild jokers" in capsys.readouterr().err
    # The mirror case: wild jokers (or the bug) and no joker in the deck were counted silently under
    # a header that named jokers; refused with the reason.
    for wild in ("jokers", "bug"):
        assert main(["tables", "--cards", "5", "--wild", wild]) == 2
        assert "the deck holds no joker: add them (--jokers 1 or 2)" in capsys.readouterr().err


def test_the_plot_is_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.png"
    assert main(["tables", "--cards", "3", "--ranking", "three-card", "--plot", str(path)]) == 0
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert "three of a kind" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("ranking", "size", "cards"),
    [("high", 20, 7), ("high", 32, 6), ("low-a5", 20, 7), ("high", 36, 6)],
)
def test_counting_by_ranks_equals_dealing_every_hand(ranking: str, size: int, cards: int) -> None:
    from homegame.analysis import tables as module

    deck = DeckSpec.of_size(size)
    fitted = module._fit(get(ranking), deck)
    evaluator = module._evaluator(fitted, deck)  # type: ignore[arg-type]
    assert module._by_ranks(evaluator, deck)
    by_ranks = module._count_by_ranks(evaluator, deck, cards)
    dealt = module._count_dealt(evaluator, deck, cards, lambda done: None)
    assert by_ranks.hands == dealt.hands and sum(by_ranks.hands.values()) == comb(size, cards)
